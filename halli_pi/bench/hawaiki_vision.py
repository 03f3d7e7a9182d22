"""``halli-pi bench hawaiki-vision``: how well and how fast the camera reads Hawaiki piles.

Four families of rendered tables (``vision/hawaiki/render``), with seeds of their own:
**tuning** (the four tables, lamps and card sizes the reader's thresholds and model were set
on: ``tuning_look``; the model is made from seeds 5000-5299, which no figure uses), **wide**
(tuned on too: the same four tables under any lamp, cards 40-76 px wide: ``wide_look``),
**rough** (tuned on too: the tuning tables shaded lighter and darker, harsh lamps with
reflections, cards 36-80 px wide, tidier and looser stacks: ``rough_look``) and
**held-out** (``heldout_look``: six other tables, dimmer or brighter, warmer or cooler light,
cards smaller or larger than any tuned on). Do not tune on the held-out family.

Still scenes (``--scenes`` per family, three piles each, sometimes a hand over one):
``accuracy`` is the share of visible top cards read right; ``wrong`` counts piles read as a
card that is not the top card, under a hand or not (must be 0).

Films (``--films`` per family, ``--turns`` turns each: plays, twins laid on their twins,
half of those carefully in the same pose, hovers that lay nothing, take-backs), through the
pile tracker as a session loop runs it, the announcement button held as the film says:
``plays_seen`` (plays reported with the right card), ``wrong_plays`` (a play reported with
another card, or where nothing was laid: must be 0), ``pairs_noticed`` (a twin on its twin
reported as a play or asked about), ``pairs_sure`` (reported as a play),
``careful_pairs_noticed``, ``careful_announced_pairs_noticed`` (twins laid in their twin's
pose while an announcement was held), ``hover_asks`` (the page asked about a hover: the cost
of asking after every hand that left a top unchanged, since a careful twin laid unannounced
leaves nothing to see), ``retracts_seen``, ``wrong_retracts`` (a take-back reported where the
hand took none back, or twice: must be 0), ``unreadable`` (the page asked to read a pile).

The page's questions are answered as a person at the table answers them (as the demo's
simulated person does), a moment after they are asked, from what the hand truly did: "yes"
(``confirm_play``) when the hand whose visit the question is about laid that card, a card's
name when it laid one on a pile the camera cannot read (or, before any hand visited the pile,
the card dealt there), else "no". A play a person confirmed
or named counts as seen (``plays_asked``, ``pairs_asked``), never as sure; a question costs a
person a moment, a phantom or a missed play costs the game: ``questions`` counts them all
and ``questions_per_play`` sets them against the cards laid.
Speed: ``card_read_median_ms``/``p99`` (one pile read, one thread) and ``frame_median_ms``/
``p99`` (the tracker's whole per-frame work for three piles).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

HELP = "Hawaiki pile reading and pair detection on tuning and held-out rendered tables"

FAMILIES = ("tuning", "wide", "rough", "heldout")
_SEED_BASE = {"tuning": 0, "wide": 200_000, "rough": 300_000, "heldout": 100_000}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=int, default=200, help="still scenes per family")
    # About 50 twins on their twins per family by default (30 % of turns), so a pair figure
    # moves by 2 % a pair, not 4 %.
    parser.add_argument("--films", type=int, default=12, help="rendered game films per family")
    parser.add_argument("--turns", type=int, default=16, help="turns per film")
    parser.add_argument("--seed", type=int, default=0, help="first seed of each family")
    parser.add_argument(
        "--families",
        default=",".join(FAMILIES),
        help=f"comma-separated families to run (default: {','.join(FAMILIES)})",
    )


def _look(family: str, seed: int) -> Any:
    from halli_pi.vision.hawaiki.render import heldout_look, rough_look, tuning_look, wide_look

    looks = {"tuning": tuning_look, "wide": wide_look, "rough": rough_look, "heldout": heldout_look}
    return looks[family](seed)


def still_figures(family: str, n: int, seed0: int) -> dict[str, Any]:
    """Reading accuracy over still scenes of one family, and the time of each pile read."""
    from halli_pi.rules.hawaiki.cards import hawaiki_deck
    from halli_pi.vision.hawaiki.model import load_hawaiki_profile
    from halli_pi.vision.hawaiki.reader import read_pile, read_piles
    from halli_pi.vision.hawaiki.render import random_piles, render_piles

    profile = load_hawaiki_profile()
    deck = hawaiki_deck()
    c: Counter[str] = Counter()
    times: list[float] = []
    for i in range(n):
        seed = _SEED_BASE[family] + seed0 + i
        piles = random_piles(seed, deck, rough=family == "rough")
        scene = render_piles(piles, seed, look=_look(family, seed))
        readings = read_piles(scene.frame, scene.zones, profile)
        for label, r, zone in zip(scene.labels, readings, scene.zones, strict=True):
            if r.card is not None and r.card != label.card:
                c["wrong"] += 1
            if label.state == "card":
                c["visible"] += 1
                c["right"] += r.card == label.card
                c["doubted"] += r.card is None
                start = time.perf_counter()
                read_pile(scene.frame, zone, profile)
                times.append(time.perf_counter() - start)
            elif label.state == "occluded":
                c["under_hand"] += 1
                c["under_hand_read_occluded"] += r.state.value == "occluded"
    return {
        "piles": c["visible"],
        "accuracy": round(c["right"] / max(c["visible"], 1), 4),
        "doubted": c["doubted"],
        "wrong": c["wrong"],
        "under_hand": c["under_hand"],
        "under_hand_read_occluded": c["under_hand_read_occluded"],
        "_times": times,
    }


# A person at the table answers the page a moment after it asks (the demo's person: 1 s).
ANSWER_S = 1.0
# A question is about the hand whose visit started at its time; a burst may open a frame or
# so before the hand is drawn over the pile (the arm's shadow comes first).
_EARLY_S = 0.05


def _turn_of(turns: list[Any], pile: int, t: float) -> Any | None:
    """The turn (so far) whose hand visited ``pile`` at time ``t``."""
    for turn in turns:
        if turn.pile == pile and turn.t_reach - _EARLY_S <= t < turn.t_shown:
            return turn
    return None


class Person:
    """Someone at the table who answers the page's questions from what they saw the hand do
    (the film's truth), ``ANSWER_S`` after each was asked, as the demo's simulated person
    does. ``answered`` maps each question (by id) to the card the person said was laid, None
    for "no"."""

    def __init__(self, tracker: Any, turns: list[Any], dealt: list[Any] | None = None) -> None:
        self.tracker = tracker
        self.turns = turns  # the film's truth, filled as its frames are drawn
        self.dealt = dealt or []  # the card dealt on each pile
        self.waiting: list[Any] = []
        self.answered: dict[int, Any] = {}

    def hear(self, events: list[Any]) -> None:
        from halli_pi.vision.hawaiki.piles import PileEventKind as K

        for e in events:
            if e.kind in (K.ASK_PLAY, K.UNREADABLE):
                self.waiting.append(e)
            elif e.kind in (K.PLAY, K.RETRACT):
                # The camera read at last the top it had asked about, in the same visit: the
                # question is withdrawn (the session's pile reader does the same).
                self.waiting = [
                    a
                    for a in self.waiting
                    if not (a.kind == K.UNREADABLE and a.pile == e.pile and e.t <= _asked_t(a))
                ]

    def answer(self, t: float) -> None:
        from halli_pi.vision.hawaiki.piles import PileEventKind as K

        for ask in list(self.waiting):
            if t - _asked_t(ask) < ANSWER_S:
                continue
            self.waiting.remove(ask)
            turn = _turn_of(self.turns, ask.pile, ask.t)
            laid = None if turn is None or turn.kind not in ("play", "pair") else turn.card
            if ask.kind == K.UNREADABLE and turn is None and self._untouched(ask.pile, ask.t):
                laid = self.dealt[ask.pile]  # the card dealt there, which no hand has covered
            if ask.kind == K.ASK_PLAY and laid is not None and laid == ask.card:
                self.tracker.confirm_play(ask.pile, ask.t)
                self.answered[id(ask)] = laid
            elif ask.kind == K.UNREADABLE and laid is not None:
                self.tracker.name_top(ask.pile, laid, ask.t)  # the person reads it for the camera
                self.answered[id(ask)] = laid
            else:
                self.answered[id(ask)] = None

    def _untouched(self, pile: int, t: float) -> bool:
        """No hand has visited ``pile`` up to time ``t`` since the deal."""
        return pile < len(self.dealt) and not any(
            turn.pile == pile and turn.t_reach - _EARLY_S <= t for turn in self.turns
        )


def _asked_t(ask: Any) -> float:
    return float(ask.seen_t if ask.seen_t is not None else ask.t)


@dataclass
class FilmRun:
    """One film through the pile tracker, its questions answered by a person."""

    film: Any  # the rendered film (``render.Film``): its truth, dealt cards and zones
    events: list[Any]  # every pile event, in order
    answered: dict[int, Any]  # the person's answers (``Person.answered``)
    frame_times: list[float]


def run_film(family: str, seed: int, turns: int) -> FilmRun:
    """One rendered film of ``family`` through a fresh tracker, as a session loop feeds it.
    What it reports depends on the film alone, never on films run before it."""
    from halli_pi.rules.hawaiki.cards import hawaiki_deck
    from halli_pi.vision.hawaiki.piles import PileEvent, PileTracker
    from halli_pi.vision.hawaiki.render import IMAGE_SIZE, film

    made = film(seed, hawaiki_deck(), look=_look(family, seed), turns=turns)
    tracker = PileTracker(made.zones, IMAGE_SIZE)
    person = Person(tracker, made.turns, made.dealt)
    events: list[PileEvent] = []
    frame_times: list[float] = []
    for fr in made.frames:
        tracker.hold_announcement(fr.announced)
        start = time.perf_counter()
        got = tracker.update(fr.frame, fr.t)
        frame_times.append(time.perf_counter() - start)
        events += got
        person.hear(got)
        person.answer(fr.t)
    person.answer(float("inf"))
    return FilmRun(made, events, person.answered, frame_times)


def film_figures(family: str, n: int, turns: int, seed0: int) -> dict[str, Any]:
    """The pile tracker over rendered game films of one family, its questions answered."""
    from halli_pi.vision.hawaiki.piles import PileEventKind

    c: Counter[str] = Counter()
    frame_times: list[float] = []
    for i in range(n):
        run = run_film(family, _SEED_BASE[family] + 50_000 + seed0 + i, turns)
        frame_times += run.frame_times
        events, made = run.events, run.film
        dealt = sorted((e.pile, str(e.card)) for e in events if e.kind == PileEventKind.DEALT)
        c["dealt_right"] += dealt == [(k, str(card)) for k, card in enumerate(made.dealt)]
        _score(made.turns, [e for e in events if e.kind != PileEventKind.DEALT], run.answered, c)
    laid = c["play"] + c["pair"]
    return {
        "films": n,
        "dealt_right": c["dealt_right"],
        "plays": c["play"],
        "plays_seen": c["play_seen"],
        "plays_asked": c["play_asked"],
        "wrong_plays": c["wrong_plays"],
        "pairs": c["pair"],
        "pairs_noticed": c["pair_noticed"],
        "pairs_sure": c["pair_sure"],
        "pairs_asked": c["pair_asked"],
        "careful_pairs": c["careful"],
        "careful_pairs_noticed": c["careful_noticed"],
        "careful_announced_pairs": c["careful_announced"],
        "careful_announced_pairs_noticed": c["careful_announced_noticed"],
        "hovers": c["hover"],
        "hover_asks": c["hover_asks"],
        "retracts": c["retract"],
        "retracts_seen": c["retract_seen"],
        "wrong_retracts": c["wrong_retracts"],
        "unreadable": c["unreadable"],
        "questions": c["questions"],
        "questions_per_play": round(c["questions"] / laid, 3) if laid else 0.0,
        "_frame_times": frame_times,
    }


def _score(turns: list[Any], events: list[Any], answered: dict[int, Any], c: Counter[str]) -> None:
    """Each turn against the events whose time (the burst's start) falls in it, and the
    person's answers to the questions among them."""
    from halli_pi.vision.hawaiki.piles import PileEventKind as K

    used: set[int] = set()
    for turn in turns:
        mine = [e for e in events if _turn_of([turn], e.pile, e.t) is turn]
        used.update(id(e) for e in mine)
        kinds = {e.kind for e in mine}
        plays = [e for e in mine if e.kind == K.PLAY]
        # What the referee is told was laid: the sure plays and the cards a person gave.
        told = [answered[id(e)] for e in mine if answered.get(id(e)) is not None]
        c[turn.kind] += 1
        c["unreadable"] += K.UNREADABLE in kinds
        backs = sum(e.kind == K.RETRACT for e in mine)
        # A take-back told where the hand took none back, or told twice.
        c["wrong_retracts"] += backs - (turn.kind == "retract" and backs > 0)
        if turn.kind in ("hover", "retract"):
            c["wrong_plays"] += len(plays)
        else:
            c["wrong_plays"] += sum(e.card != turn.card for e in plays)
            # One card laid, told twice (seen and asked, or asked twice), is a second play.
            c["wrong_plays"] += max(0, sum(e.card == turn.card for e in plays) + len(told) - 1)
        sure = any(e.card == turn.card for e in plays)
        asked = turn.card in told
        if turn.kind == "play":
            c["play_seen"] += sure or asked
            c["play_asked"] += asked and not sure
        elif turn.kind == "pair":
            c["pair_noticed"] += sure or asked
            c["pair_sure"] += sure
            c["pair_asked"] += asked and not sure
            if turn.careful:
                c["careful"] += 1
                c["careful_noticed"] += sure or asked
                if turn.announced:
                    c["careful_announced"] += 1
                    c["careful_announced_noticed"] += sure or asked
        elif turn.kind == "hover":
            c["hover_asks"] += K.ASK_PLAY in kinds
        elif turn.kind == "retract":
            c["retract_seen"] += any(e.kind == K.RETRACT for e in mine)
    # A play reported outside every turn is a phantom; a question there is only a question.
    c["wrong_plays"] += sum(e.kind == K.PLAY and id(e) not in used for e in events)
    c["wrong_retracts"] += sum(e.kind == K.RETRACT and id(e) not in used for e in events)
    c["questions"] += sum(e.kind in (K.ASK_PLAY, K.UNREADABLE) for e in events)


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    return round(v[min(len(v) - 1, int(len(v) * q))] * 1000, 2)


def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    card_times: list[float] = []
    frame_times: list[float] = []
    from halli_pi.errors import InputError

    families = [f.strip() for f in getattr(args, "families", ",".join(FAMILIES)).split(",")]
    bad = [f for f in families if f not in FAMILIES]
    if bad or not families:
        raise InputError(f"no family {bad[0] if bad else ''!r} (families: {', '.join(FAMILIES)})")
    for family in families:
        still = still_figures(family, args.scenes, args.seed)
        card_times += still.pop("_times")
        films = film_figures(family, args.films, args.turns, args.seed)
        frame_times += films.pop("_frame_times")
        out[family] = {**still, **films}
    out["card_read_median_ms"] = round(statistics.median(card_times) * 1000, 2) if card_times else 0
    out["card_read_p99_ms"] = _ms(card_times, 0.99)
    out["frame_median_ms"] = round(statistics.median(frame_times) * 1000, 2) if frame_times else 0
    out["frame_p99_ms"] = _ms(frame_times, 0.99)
    return out


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f} %)" if whole else "0/0"


def text(figures: dict[str, Any]) -> str:
    lines = []
    for family in (f for f in FAMILIES if f in figures):
        f = figures[family]
        label = {
            "tuning": "tuning (tables, lights, scales tuned on)",
            "wide": "wide (tuned on: the tuning tables at every lamp and card size)",
            "rough": "rough (tuned on: the tuning tables shaded, harsh lamps, reflections, stacks)",
            "heldout": "held-out (other tables, lights, scales: never tuned on)",
        }[family]
        lines += [
            f"{label}",
            f"  top cards read right   {_pct(round(f['accuracy'] * f['piles']), f['piles'])}, "
            f"{f['doubted']} doubted, wrong cards {f['wrong']}",
            f"  piles under a hand     {_pct(f['under_hand_read_occluded'], f['under_hand'])}"
            " read occluded",
            f"  plays seen             {_pct(f['plays_seen'], f['plays'])} "
            f"(asked {f['plays_asked']}), wrong or phantom plays {f['wrong_plays']}",
            f"  pairs noticed          {_pct(f['pairs_noticed'], f['pairs'])} "
            f"(sure {f['pairs_sure']}, asked {f['pairs_asked']}, careful "
            f"{_pct(f['careful_pairs_noticed'], f['careful_pairs'])})",
            f"  careful and announced  "
            f"{_pct(f['careful_announced_pairs_noticed'], f['careful_announced_pairs'])}"
            " noticed",
            f"  hovers asked about     {_pct(f['hover_asks'], f['hovers'])}"
            " (a hand that laid nothing looks like a careful twin: the page asks)",
            f"  take-backs seen        {_pct(f['retracts_seen'], f['retracts'])}, "
            f"wrong or phantom take-backs {f['wrong_retracts']}",
            f"  questions              {f['questions']}, "
            f"{f['questions_per_play']} per card laid (answered by a person)",
            f"  page asked to read     {f['unreadable']}; "
            f"deals read {f['dealt_right']}/{f['films']}",
        ]
    lines.append(
        f"card read {figures['card_read_median_ms']} ms median, {figures['card_read_p99_ms']} ms"
        f" p99; tracker frame {figures['frame_median_ms']} ms median, "
        f"{figures['frame_p99_ms']} ms p99 (3 piles, 640x480, one thread)"
    )
    return "\n".join(lines)

"""`halli-pi bench hawaiki-vision` runs and reports its figures in every family (the figures
themselves come from the command, not from this test), and answers the page's questions as a
person at the table would."""

from __future__ import annotations

import argparse
from collections import Counter

import pytest

from halli_pi.bench import hawaiki_vision
from halli_pi.bench.hawaiki_vision import ANSWER_S, Person, _score
from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import HCard
from halli_pi.vision.hawaiki.piles import PileEvent, PileEventKind
from halli_pi.vision.hawaiki.render import Turn

# The films the bench below runs, by family, seed and turns, as ``_told`` gives them.
Told = dict[tuple[str, int, int], list[tuple[str, int, float, str, str]]]


@pytest.fixture(scope="module")
def bench() -> tuple[dict, Told]:
    """The bench's figures with every family, and what each of its films told, recorded as
    they were run. The tuning family runs last: its film is the one a later test compares
    with the same film run alone, and here it runs after the other families' films."""
    told: Told = {}
    run_film = hawaiki_vision.run_film

    def recorded(family: str, seed: int, turns: int) -> hawaiki_vision.FilmRun:
        run = run_film(family, seed, turns)
        told[(family, seed, turns)] = _told(run)
        return run

    args = argparse.Namespace(
        scenes=3, films=1, turns=3, seed=7, families="wide,rough,heldout,tuning"
    )
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(hawaiki_vision, "run_film", recorded)
        figures = hawaiki_vision.run(args)
    return figures, told


def test_the_bench_reports_every_family_and_reads_no_wrong_card(bench) -> None:
    figures, _ = bench
    for family in hawaiki_vision.FAMILIES:
        f = figures[family]
        assert f["piles"] > 0 and 0.0 <= f["accuracy"] <= 1.0
        assert f["wrong"] == 0 and f["wrong_plays"] == 0
        assert f["plays"] + f["pairs"] + f["hovers"] + f["retracts"] == 3
        assert f["questions"] >= f["hover_asks"] + f["pairs_asked"] + f["plays_asked"]
    assert figures["card_read_median_ms"] > 0 and figures["frame_p99_ms"] > 0
    text = hawaiki_vision.text(figures)
    assert "held-out" in text and "pairs noticed" in text and "per card laid" in text


def test_the_bench_runs_only_the_families_asked_for() -> None:
    args = argparse.Namespace(scenes=1, films=0, turns=1, seed=7, families="wide")
    figures = hawaiki_vision.run(args)
    assert "wide" in figures and "tuning" not in figures and "heldout" not in figures
    assert "wide" in hawaiki_vision.text(figures) and "held-out" not in hawaiki_vision.text(figures)
    with pytest.raises(InputError, match="no family 'dark'"):
        hawaiki_vision.run(argparse.Namespace(scenes=1, films=0, turns=1, seed=7, families="dark"))


FIVE = HCard(5, "red")
TURNS = [
    Turn("pair", 0, FIVE, True, 1.0, 1.3),  # a twin laid exactly on its twin
    Turn("hover", 1, None, False, 2.0, 2.3),  # a hand that laid nothing
    Turn("play", 2, HCard(3, "blue"), False, 3.0, 3.3),
]


class Tracker:
    def __init__(self) -> None:
        self.confirmed: list[int] = []
        self.named: list[tuple[int, HCard]] = []

    def confirm_play(self, pile: int, t: float | None = None) -> None:
        self.confirmed.append(pile)

    def name_top(self, pile: int, card: HCard, t: float | None = None) -> None:
        self.named.append((pile, card))


def ask(pile: int, t: float, card: HCard | None, kind: PileEventKind) -> PileEvent:
    return PileEvent(kind, pile, t, card, t + 0.4)


def test_the_person_confirms_what_the_hand_laid_and_nothing_else() -> None:
    tracker = Tracker()
    person = Person(tracker, TURNS)
    twin = ask(0, 1.0, FIVE, PileEventKind.ASK_PLAY)
    hover = ask(1, 2.0, HCard(1, "green"), PileEventKind.ASK_PLAY)
    unread = ask(2, 3.0, None, PileEventKind.UNREADABLE)
    person.hear([twin, PileEvent(PileEventKind.PLAY, 1, 2.0, FIVE), hover, unread])
    person.answer(1.4 + ANSWER_S - 0.01)  # a moment after the question, not at once
    assert tracker.confirmed == [] and person.answered == {}
    person.answer(3.4 + ANSWER_S)
    assert tracker.confirmed == [0]  # the tracker learns a twin lies under the top
    assert tracker.named == [(2, HCard(3, "blue"))]  # and the card it could not read
    assert person.answered == {id(twin): FIVE, id(hover): None, id(unread): HCard(3, "blue")}


def test_the_score_counts_asked_plays_as_seen_and_a_play_told_twice_as_wrong() -> None:
    twin = ask(0, 1.0, FIVE, PileEventKind.ASK_PLAY)
    hover = ask(1, 2.0, HCard(1, "green"), PileEventKind.ASK_PLAY)
    play = PileEvent(PileEventKind.PLAY, 2, 3.0, HCard(3, "blue"))
    c: Counter[str] = Counter()
    _score(TURNS, [twin, hover, play], {id(twin): FIVE, id(hover): None}, c)
    assert (c["pair_noticed"], c["pair_sure"], c["pair_asked"]) == (1, 0, 1)
    assert (c["play_seen"], c["wrong_plays"], c["questions"], c["hover_asks"]) == (1, 0, 2, 1)
    # The twin seen as a play and confirmed too would reach the referee twice.
    again = PileEvent(PileEventKind.PLAY, 0, 1.1, FIVE)
    c = Counter()
    _score(TURNS, [twin, again], {id(twin): FIVE}, c)
    assert c["wrong_plays"] == 1
    # A play nobody made (outside every hand's visit) is a phantom; a question there is not.
    c = Counter()
    phantom = PileEvent(PileEventKind.PLAY, 1, 5.0, FIVE)
    _score(TURNS, [phantom, ask(2, 6.0, FIVE, PileEventKind.ASK_PLAY)], {}, c)
    assert (c["wrong_plays"], c["questions"]) == (1, 1)


def test_the_person_names_a_dealt_card_only_before_any_hand_visited_its_pile() -> None:
    tracker = Tracker()
    dealt = [HCard(2, "green"), HCard(6, "yellow"), HCard(1, "red")]
    person = Person(tracker, TURNS, dealt)
    deal = ask(1, 0.2, None, PileEventKind.UNREADABLE)  # pile 1 unread since the deal
    later = ask(1, 2.5, None, PileEventKind.UNREADABLE)  # after the hover: not the deal's
    person.hear([deal, later])
    person.answer(10.0)
    assert tracker.named == [(1, HCard(6, "yellow"))]
    assert person.answered == {id(deal): HCard(6, "yellow"), id(later): None}


def test_the_score_counts_a_take_back_no_hand_made_as_wrong() -> None:
    turns = [*TURNS, Turn("retract", 2, HCard(6, "red"), False, 4.0, 4.3)]
    back = PileEvent(PileEventKind.RETRACT, 2, 4.0, HCard(6, "red"))
    c: Counter[str] = Counter()
    _score(turns, [back], {}, c)
    assert (c["retract_seen"], c["wrong_retracts"]) == (1, 0)
    # Reported for the hover, twice for one take-back, and where no hand was.
    hover_back = PileEvent(PileEventKind.RETRACT, 1, 2.0, HCard(1, "green"))
    phantom = PileEvent(PileEventKind.RETRACT, 0, 9.0, FIVE)
    c = Counter()
    _score(turns, [back, back, hover_back, phantom], {}, c)
    assert (c["retract_seen"], c["wrong_retracts"]) == (1, 3)


def _told(run: hawaiki_vision.FilmRun) -> list[tuple[str, int, float, str, str]]:
    """What a film's tracker reported and what the person answered, in order."""
    return [
        (e.kind.value, e.pile, round(e.t, 4), str(e.card), str(run.answered.get(id(e), "")))
        for e in run.events
    ]


def test_a_film_reports_the_same_alone_and_after_another_film(bench) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    film = ("tuning", 50_007, 3)
    # Alone: the only film its process ran.
    root = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])
    code = (
        "from halli_pi.bench import hawaiki_vision as h\n"
        "from tests.test_hawaiki_vision_bench import _told\n"
        f"print(repr(_told(h.run_film{film!r})))\n"
    )
    alone = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": path},
    ).stdout.strip()
    # After the films of the other families, in this process: the bench's (its seed 7).
    told = bench[1]
    assert list(told) == [
        ("wide", 250_007, 3),
        ("rough", 350_007, 3),
        ("heldout", 150_007, 3),
        film,
    ]
    after = told[film]
    assert any(kind == "play" for kind, *_ in after)  # the film laid cards the tracker saw
    assert repr(after) == alone

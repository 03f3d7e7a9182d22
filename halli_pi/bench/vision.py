"""``halli-pi bench vision``: how well and how fast the camera part reads the table.

Accuracy: the top card of every visible seat on rendered scenes (project art, Deluxe silver
5s, clone decks with several kinds per card) and on composites of the reference scans when
../shared is present; ``accuracy_rendered`` is the three rendered styles together.
``wrong_claims``: piles under an arm read as a wrong card (must be 0);
``arm_empty_accuracy``: empty zones under an arm read ``occluded``; ``occluded_clear``: the share
of piles with nothing over them read ``occluded``; ``arm_pile_read_empty``:
piles under an arm read ``empty`` (must be 0).
Arm stress (``--stress-scenes`` per art style, seeds of their own): the same reading over
tables with an arm over most seats (``random_table(..., p_arm=0.6)``). ``stress_arm_seats``:
seats under an arm; ``stress_wrong_claims``: piles under an arm read as a wrong card;
``stress_wrong_cards``: visible piles read as a wrong card (both must be 0);
``stress_seats`` and ``stress_accuracy``: the visible piles and the share read right.
The still scenes are read in ``--jobs`` processes (the counts do not depend on it).
Speed: the whole per-frame work (change gate, reads of changed zones, tracker) for six seats
at 640x480, single-threaded, over rendered films of a game, run alone after the still scenes;
median and p99 per frame (wall time), ``cpu_median_ms`` and ``cpu_p99_ms`` (the thread's own
CPU time, which a machine busy with other work inflates less), and the frames from a card
going down to its accepted reveal.
With ``--films 0`` the speed figures are left out. ``card_read_median_ms`` and
``card_read_p99_ms``: the time of one card read (a zone read alone, with its checks, all at
once), single-threaded, over the visible piles of 20 rendered scenes;
``card_step_median_ms``, ``card_step_p99_ms`` and ``card_read_steps_max``: the same reads in
steps, as the tracker spreads them over frames (one step's time, and the most steps a read
took); ``card_first_look_median_ms`` and ``card_first_look_p99_ms``: the first step alone
(what a frame pays for a zone a hand stops over for a moment).

Tuning styles (``--styles``, ``--style-scenes`` per style and art style, seeds of their own): the
renderer's styles that reproduce a condition the reader failed under (``render.STYLES``: ``dark``,
low light with a sensor's noise; ``glare``, a lamp's reflection on the cards; ``cloth``, a lamp's
reflection on cards lying on a dark cloth; ``tilt``, a camera tilted 15 to 35 degrees towards any
side of the table), read like the accuracy scenes: ``style_<style>_<art>_accuracy``, ``_seats``
and ``_wrong_cards`` (each deck's), ``style_<style>_wrong_cards`` and ``_wrong_claims`` (all
decks; both must be 0), and ``style_<style>_occluded_clear`` (as ``occluded_clear``);
``--style-decks`` reads the
Deluxe silver fives and clone decks under the styles too, on seeds of their own. ``--wrong`` lists
every wrong card and wrong claim with its scene (``wrong_list``: deck, style, seed, seat, the top
card and what was read), so a case can be looked at and pinned in a test. Messy piles without a
layout (``--messy-scenes``): ``find_cards`` on rendered tables whose covered cards stray half a
card, no arms; ``messy_in_view``: cards no other card covers, ``messy_read_right``: the share of
them found and read right, ``messy_wrong_cards``, and ``messy_claims_not_in_view``: cards claimed
where no whole card lies (a covered card claimed; must be 0); ``messy_found``: the share of
them found at all (read or doubted). ``--messy-small-scenes``: the same on tables of cards 5 %
of the frame's width (the ``messy_small_`` keys, seeds of their own), the smallest cards the
reader must find without a layout. ``--no-layout-crowded``: ``find_cards`` on tuning tables of
the held-out compositor whose six piles are drawn in until cards of neighbouring piles overlap
(``heldout.crowded_scene``, seeds of their own; the reader may be tuned on them), the key
``no_layout_crowded`` (as ``heldout_no_layout``: ``claims_not_in_view`` must be 0).

Everything above is measured on **tuning** families: the renderer's styles and seeds, which the
reader is tuned on (``tuning_families``). The **held-out** section (``bench/heldout``: a
compositor of its own; never tune the reader on it) adds, with ``--json``, the keys
``heldout`` (one line per family: visible top cards, the share read right, wrong cards,
``unknown``, ``occluded``, ``occluded_clear``: the share of piles with nothing over them read
``occluded``, piles under an arm and ``wrong_claims`` on them), ``heldout_glare_dark`` (the
same for the glare and dark-cloth set), ``heldout_scale`` (the same per image size and card
width share) and ``heldout_no_layout`` (``find_cards`` on whole images: the share of cards in
full view found and read right, wrong cards, claims where no whole card is). Choose with
``--families`` (names or groups, ``--list-families``), ``--heldout-scenes``,
``--sweep-sizes``, ``--sweep-shares``, ``--sweep-scenes`` and ``--no-layout-scenes``; 0 scenes
leaves a part out.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from halli_pi.cards import Card
    from halli_pi.vision.render import Look, Scene

HELP = "accuracy and speed of the card reader and tracker on rendered tables"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # 240 scenes per style make about 3,100 visible piles: one pile is 0.03 %, and the
    # figure's standard error near 99.5 % is about 0.13 % (at 120 scenes, about 0.18 %).
    parser.add_argument("--scenes", type=int, default=240, help="still scenes per art style")
    parser.add_argument("--films", type=int, default=2, help="rendered game films for speed")
    parser.add_argument(
        "--stress-scenes",
        type=int,
        default=30,
        help="scenes per art style with arms over most piles",
    )
    parser.add_argument(
        "--styles",
        default=",".join(TUNING_STYLES),
        help="tuning styles of the renderer read on their own (comma-separated; '' for none)",
    )
    parser.add_argument(
        "--style-scenes",
        type=int,
        default=30,
        help="scenes per tuning style and art style",
    )
    parser.add_argument(
        "--style-decks",
        default="",
        help="more decks read under the tuning styles, beside the own art and the scans"
        " (comma-separated: deluxe, clone; seeds of their own)",
    )
    parser.add_argument(
        "--wrong",
        action="store_true",
        help="list every wrong card and wrong claim with its scene (deck, style, seed, seat)",
    )
    parser.add_argument(
        "--messy-scenes",
        type=int,
        default=30,
        help="rendered tables of messy piles read without a layout (find_cards)",
    )
    parser.add_argument(
        "--messy-small-scenes",
        type=int,
        default=20,
        help="the same with cards 5 %% of the 640x480 frame's width (seeds of their own)",
    )
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument(
        "--heldout-scenes",
        type=int,
        default=12,
        help="scenes per held-out family (0: no held-out section)",
    )
    parser.add_argument(
        "--families",
        default="all",
        help="held-out families or groups, comma-separated (names: --list-families)",
    )
    parser.add_argument(
        "--list-families",
        action="store_true",
        help="print the held-out families and stop",
    )
    parser.add_argument(
        "--sweep-scenes", type=int, default=2, help="scenes per cell of the scale sweep"
    )
    parser.add_argument(
        "--sweep-sizes",
        default=",".join(f"{w}x{h}" for w, h in SWEEP_SIZES),
        help="image sizes of the scale sweep and the no-layout scenes, e.g. 640x480,4056x3040",
    )
    parser.add_argument(
        "--sweep-shares",
        default=",".join(f"{s:g}" for s in SWEEP_SHARES),
        help="card widths of the scale sweep, as shares of the image width",
    )
    parser.add_argument(
        "--no-layout-scenes",
        type=int,
        default=12,
        help="whole images read without a layout (find_cards)",
    )
    parser.add_argument(
        "--no-layout-crowded",
        type=int,
        default=0,
        help="tuning tables of crowded piles read without a layout (find_cards): cards of"
        " neighbouring piles overlap (seeds of their own)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=0,
        help="processes reading the still scenes (0: one per CPU); the speed films run alone",
    )


SWEEP_SIZES = ((640, 480), (1280, 960), (4056, 3040))
# The renderer's tuning styles (render.STYLES) the bench reads by default: conditions the
# reader failed under, reproduced on tuning scenes (low light, glare, glare on a dark cloth,
# a tilted camera, lamps whose reflections vary in shape, size and colour).
TUNING_STYLES = ("dark", "glare", "cloth", "tilt", "lamp")
STYLE_SEEDS = 200_000  # the styled scenes' seeds start this far from the accuracy scenes'
# ... and those of the more decks read under the styles (``--style-decks``) this much further
# for each deck (the own art's and the scans' seeds stay where they were).
STYLE_DECK_SEEDS = 20_000
STYLE_DECKS = ("deluxe", "clone")
MESSY_SEEDS = 300_000  # ... and those of the messy tables read without a layout
MESSY_MESS = 0.5  # covered cards stray half a card: some lie in full view, some nearly
MESSY_SMALL_SEEDS = 320_000  # ... and those of the messy tables of small cards
# The small cards' width on the 640x480 tuning frame: 5 % of it, the smallest the reader
# must find without a layout (the renderer's cards are some 9 %).
MESSY_SMALL_CARD_W = 32.0
SWEEP_SHARES = (0.05, 0.1, 0.2, 0.35, 0.6)
STRESS_P_ARM = 0.6  # share of seats under an arm in the stress scenes
STRESS_SEEDS = 50_000  # the stress scenes' seeds start this far from the accuracy scenes'


def clone_deck() -> list[Card]:
    from halli_pi.cards import FRUITS, make_card

    cards = []
    for i, a in enumerate(FRUITS):
        for b in FRUITS[i + 1 :]:
            for na, nb in ((1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (1, 3)):
                cards.append(make_card({a: na, b: nb}))
    return cards


_DELUXE_FIVES = ("banana", "strawberry", "lime", "plum")


def profile_name(kind: str) -> str:
    """A table plays one deck: clone decks are read with the clone model (several kinds on a
    card allowed), the classic deck with the classic one."""
    return "clone" if kind == "clone" else "classic"


def bench_scene(kind: str, seed: int, p_arm: float = 0.15, style: str = "") -> Scene:
    """The rendered scene the benchmark reads for ``kind`` (own, deluxe, clone, scan) and
    ``seed``: a random table of six seats, ``p_arm`` of them under an arm, in the renderer's
    tuning ``style`` (render.STYLES; "" for the plain look). Tests pin cases by (kind, seed,
    seat) against this."""
    from halli_pi.cards import classic_deck, parse_card
    from halli_pi.vision.render import (
        Art,
        SeatState,
        random_table,
        render_scene,
        style_table,
        styled_look,
    )

    deck = clone_deck() if kind == "clone" else classic_deck()
    art = {"scan": Art.SCAN, "deluxe": Art.DELUXE}.get(kind, Art.OWN)
    size, zones = style_table(style, seed)
    seats = random_table(seed, deck, len(zones), p_arm=p_arm)
    if kind == "deluxe":
        # Silver faces on top often: every other pile gets a 5 on top.
        fives = [*_DELUXE_FIVES] * 2
        seats = [
            SeatState(st.pile[:-1] + (parse_card(f"5 {f}"),), st.arm)
            if st.pile and j % 2 == 0
            else st
            for j, (st, f) in enumerate(zip(seats, fives, strict=False))
        ]
    look = styled_look(style, seed)
    return render_scene(seats, zones, seed=seed, art=art, look=look, size=size)


def _accuracy(
    kind: str,
    n: int,
    seed: int,
    tally: Counter,
    *,
    p_arm: float = 0.15,
    key: str = "",
    style: str = "",
) -> None:
    """Read ``n`` scenes of ``kind`` from ``seed`` on and count the outcomes in ``tally``
    (every key prefixed with ``key``)."""
    from halli_pi.vision.reader import State, load_profile, read_zones
    from halli_pi.vision.render import style_table

    profile = load_profile(profile_name(kind))
    for i in range(n):
        scene = bench_scene(kind, seed + i, p_arm, style)
        readings = read_zones(scene.frame, style_table(style, seed + i)[1], profile)
        for seat, (label, r) in enumerate(zip(scene.labels, readings, strict=True)):
            if label.state == "card":
                tally[f"{key}{kind}_seen"] += 1
                if r.state == State.CARD and r.card == label.card:
                    tally[f"{key}{kind}_right"] += 1
                elif r.state == State.CARD:
                    tally[f"{key}wrong_cards"] += 1
                    tally[f"{key}{kind}_wrong"] += 1
                    tally[_wrong(kind, style, seed + i, seat, label.card, r.card)] += 1
                else:
                    tally[f"{key}{kind}_{r.state.value}"] += 1
            elif label.state == "empty":
                tally[f"{key}empty_seen"] += 1
                tally[f"{key}empty_right"] += r.state == State.EMPTY
            else:
                tally[f"{key}arm_seen"] += 1
                if r.state == State.CARD and r.card != label.card:
                    tally[f"{key}wrong_claims"] += 1
                    tally[_wrong(kind, style, seed + i, seat, label.card, r.card, "claim")] += 1
                if label.card is None:
                    # An arm over an empty zone: it must read occluded, not empty.
                    tally[f"{key}arm_empty_seen"] += 1
                    tally[f"{key}arm_empty_right"] += r.state == State.OCCLUDED
                elif r.state == State.EMPTY:
                    tally[f"{key}arm_pile_read_empty"] += 1  # a pile under an arm is not gone


_WRONG = "wrong\t"  # the tally's keys for single wrong readings (``--wrong``) start so

# A card found without a layout has no seat: its wrong readings are listed with this one.
NO_SEAT = -1

# What a claim where no whole card is in view (found without a layout) is listed as.
NOT_IN_VIEW = "not_in_view"


def _wrong(kind, style, seed, seat, card, read, what: str = "card") -> str:
    """A tally key naming one wrong reading: what it was (a wrong card, a claim under an
    arm, or a claim without a layout where no whole card is in view: ``NOT_IN_VIEW``), the
    scene (``bench_scene(kind, seed, style=style)``), the seat, the top card, what was
    read."""
    return "\t".join(
        (_WRONG + what, kind, style or "-", str(seed), str(seat), str(card), str(read))
    )


def wrong_list(tally: Counter) -> list[dict]:
    """Every wrong reading ``_wrong`` named in ``tally``, in scene order."""
    rows = []
    for key in tally:
        if key.startswith(_WRONG):
            what, kind, style, seed, seat, card, read = key[len(_WRONG) :].split("\t")
            rows.append(
                {
                    "what": what,
                    "deck": kind,
                    "style": "" if style == "-" else style,
                    "seed": int(seed),
                    "seat": int(seat),
                    "card": card,
                    "read": read,
                }
            )
    return sorted(rows, key=lambda r: (r["style"], r["deck"], r["seed"], r["seat"]))


def _films(n: int, seed: int) -> dict:
    """Speed and reveal figures over ``n`` rendered films; none when there are none."""
    if n <= 0:
        return {}
    import cv2
    import numpy as np

    from halli_pi.cards import classic_deck
    from halli_pi.vision.render import default_zones, film
    from halli_pi.vision.tracker import Tracker

    cv2.setNumThreads(1)
    times: list[float] = []
    cpu: list[float] = []  # the same frames in the thread's CPU time
    latency: list[int] = []
    stamp_err: list[float] = []
    missed = extra = wrong = 0
    for k in range(n):
        frames = list(film(seed + k, classic_deck(), turns=12))
        tracker = Tracker(default_zones(6), (640, 480))
        pending: dict[int, tuple[int, float, object]] = {}
        for f in frames:
            for seat, card in f.shown:
                if seat in pending:
                    missed += 1
                pending[seat] = (f.index, f.t, card)
            t0, c0 = time.perf_counter(), time.thread_time()
            events = tracker.update(f.frame, f.t)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            for ev in events:
                if ev.seat not in pending:
                    extra += 1
                    continue
                idx, t_true, card = pending.pop(ev.seat)
                if ev.card != card:
                    wrong += 1
                latency.append(f.index - idx)
                stamp_err.append(abs(ev.t - t_true))
        missed += len(pending)
    arr = np.array(times)
    return {
        "frames": len(times),
        "median_ms": float(np.median(arr)),
        "p99_ms": float(np.percentile(arr, 99)),
        "max_ms": float(arr.max()),
        "cpu_median_ms": float(np.median(cpu)),
        "cpu_p99_ms": float(np.percentile(cpu, 99)),
        "reveals_missed": missed,
        "reveals_extra": extra,
        "reveals_wrong": wrong,
        "latency_frames_median": float(np.median(latency)) if latency else -1.0,
        "latency_frames_max": int(max(latency)) if latency else -1,
        "stamp_error_ms_max": float(max(stamp_err) * 1000) if stamp_err else -1.0,
    }


_CHUNK = 10  # scenes per job handed to a worker


def _jobs(kind: str, n: int, seed: int, p_arm: float, key: str, style: str = "") -> list[tuple]:
    return [
        (kind, min(_CHUNK, n - i), seed + i, p_arm, key, style) for i in range(0, max(0, n), _CHUNK)
    ]


def _tally(job: tuple) -> Counter:
    """One job's counts (a worker's unit of work)."""
    import cv2

    cv2.setNumThreads(1)
    kind, n, seed, p_arm, key, style = job
    tally: Counter = Counter()
    if kind == "messy":
        _messy(n, seed, tally)
    elif kind == "messy_small":
        _messy(n, seed, tally, card_w=MESSY_SMALL_CARD_W, key="messy_small")
    else:
        _accuracy(kind, n, seed, tally, p_arm=p_arm, key=key, style=style)
    return tally


def messy_look(seed: int, card_w: float | None = None) -> Look:
    """The look of the messy table ``seed`` (``messy_scene``)."""
    from dataclasses import replace

    from halli_pi.vision.render import styled_look

    look = replace(styled_look("", seed), mess=MESSY_MESS)
    return look if card_w is None else replace(look, card_w=card_w)


def messy_scene(seed: int, card_w: float | None = None) -> Scene:
    """The rendered table of messy piles (no arms) that ``--messy-scenes`` reads without a
    layout at ``seed``, with cards ``card_w`` pixels wide (None: the renderer's size; the
    ``--messy-small-scenes`` tables: ``MESSY_SMALL_CARD_W``). Tests pin cases by seed
    against this."""
    from halli_pi.cards import classic_deck
    from halli_pi.vision.render import default_zones, random_table, render_scene

    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0, max_pile=6)
    return render_scene(seats, default_zones(6), seed=seed, look=messy_look(seed, card_w))


def _messy(
    n: int, seed: int, tally: Counter, *, card_w: float | None = None, key: str = "messy"
) -> None:
    """``find_cards`` on ``n`` rendered tables of messy piles (no arms), with cards
    ``card_w`` pixels wide (None: the renderer's size): the cards in full view found and
    read right, and claims where no whole card lies (a covered card claimed); counted under
    ``key``."""
    import numpy as np

    from halli_pi.vision.reader import find_cards, load_profile
    from halli_pi.vision.render import cards_in_full_view

    profile = load_profile("classic")
    for s in range(seed, seed + n):
        scene = messy_scene(s, card_w)
        card_w_here = messy_look(s, card_w).card_w
        whole = cards_in_full_view(scene)
        tally[f"{key}_in_view"] += len(whole)
        used: set[int] = set()
        for f in find_cards(scene.frame, profile):
            centre = np.asarray(f.center)
            near = [
                (float(np.linalg.norm(q.mean(0) - centre)), j)
                for j, (_, q) in enumerate(whole)
                if j not in used
            ]
            dist, j = min(near, default=(float("inf"), -1))
            if dist < 0.35 * card_w_here:
                used.add(j)
                tally[f"{key}_found"] += 1
                tally[f"{key}_right"] += f.card == whole[j][0]
                if f.card is not None and f.card != whole[j][0]:
                    tally[f"{key}_wrong"] += 1
                    tally[_wrong(key, "", s, NO_SEAT, whole[j][0], f.card)] += 1
            elif f.card is not None:
                tally[f"{key}_claims"] += 1
                tally[_wrong(key, "", s, NO_SEAT, "-", f.card, NOT_IN_VIEW)] += 1


def _messy_figures(tally: Counter, key: str) -> dict:
    """The figures of the messy tables counted under ``key``."""
    in_view = tally[f"{key}_in_view"]
    return {
        f"{key}_in_view": in_view,
        f"{key}_found": tally[f"{key}_found"] / max(1, in_view),
        f"{key}_read_right": tally[f"{key}_right"] / max(1, in_view),
        f"{key}_wrong_cards": tally[f"{key}_wrong"],
        f"{key}_claims_not_in_view": tally[f"{key}_claims"],
    }


def _tally_all(jobs: list[tuple], workers: int, work=None) -> Counter:
    """The counts of every job (``work(job)``, by default ``_tally``). The scenes are read in
    ``workers`` processes: the counts do not depend on it (each scene is made and read on its
    own), only the time does."""
    work = work or _tally
    tally: Counter = Counter()
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            tally.update(work(job))
        return tally
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn: no fork of a process that may hold library threads.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=ctx) as pool:
        for got in pool.map(work, jobs):
            tally.update(got)
    return tally


def _card_reads(n: int, seed: int) -> dict:
    """The time of one card read (a zone read alone, as the tracker reads a changed pile) on
    ``n`` rendered 640x480 scenes, single-threaded; none when ``n`` is 0."""
    if n <= 0:
        return {}
    import numpy as np

    from halli_pi.bench.heldout import read_card
    from halli_pi.vision.reader import ZoneReader
    from halli_pi.vision.render import default_zones

    zones = default_zones(6)
    times: list[float] = []
    steps: list[float] = []  # each step of the same reads, as the tracker runs them
    firsts: list[float] = []  # the first step of each
    counts: list[int] = []
    reader = ZoneReader("classic", learn=False)
    for i in range(n):
        scene = bench_scene("own", seed + i)
        for label, zone in zip(scene.labels, zones, strict=True):
            if label.state == "card":
                t0 = time.perf_counter()
                read_card(scene.frame, zone, "classic")
                times.append((time.perf_counter() - t0) * 1000)
                job = reader.read_zone_steps(scene.frame, zone)
                counts.append(0)
                while True:
                    t0 = time.perf_counter()
                    try:
                        next(job)
                    except StopIteration:
                        break
                    finally:
                        steps.append((time.perf_counter() - t0) * 1000)
                        if counts[-1] == 0:
                            firsts.append(steps[-1])
                        counts[-1] += 1
    arr = np.array(times or [0.0])
    st = np.array(steps or [0.0])
    first = np.array(firsts or [0.0])
    return {
        "card_reads": len(times),
        "card_read_median_ms": float(np.median(arr)),
        "card_read_p99_ms": float(np.percentile(arr, 99)),
        "card_read_steps_max": max(counts, default=0),
        "card_step_median_ms": float(np.median(st)),
        "card_step_p99_ms": float(np.percentile(st, 99)),
        "card_first_look_median_ms": float(np.median(first)),
        "card_first_look_p99_ms": float(np.percentile(first, 99)),
    }


CARD_READ_SCENES = 20  # scenes whose visible piles are read one by one for the per-card time


def _styles(text: str) -> list[str]:
    from halli_pi.errors import InputError
    from halli_pi.vision.render import STYLES

    out = [p.strip() for p in text.split(",") if p.strip()]
    bad = [p for p in out if p not in STYLES]
    if bad:
        raise InputError(f"no tuning style {bad[0]!r} (styles: {', '.join(STYLES)})")
    return out


def _style_decks(text: str) -> list[str]:
    decks = [d.strip() for d in text.split(",") if d.strip()]
    bad = [d for d in decks if d not in STYLE_DECKS]
    if bad:
        from halli_pi.errors import InputError

        raise InputError(f"no deck {bad[0]!r} to read under the styles ({', '.join(STYLE_DECKS)})")
    return decks


def _sizes(text: str) -> list[tuple[int, int]]:
    from halli_pi.errors import InputError

    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            w, h = (int(v) for v in part.lower().split("x"))
        except ValueError:
            raise InputError(f"not an image size {part!r} (e.g. 640x480)") from None
        out.append((w, h))
    return out


def _shares(text: str) -> list[float]:
    from halli_pi.errors import InputError

    try:
        out = [float(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise InputError(f"not card shares {text!r} (e.g. 0.05,0.6)") from None
    if any(not 0.01 <= v <= 0.7 for v in out):
        raise InputError(f"card shares must lie in 0.01..0.7, not {text!r}")
    return out


def _heldout_job(job: tuple) -> Counter:
    """``heldout.run_job``, but the crowded tuning tables scene by scene, each scene's wrong
    cards and claims where no whole card is in view listed (``--wrong``: ``wrong_list``,
    deck ``crowded``, the scene ``heldout.crowded_scene(seed)``, read as: how many)."""
    from halli_pi.bench import heldout

    if job[0] != "crowded":
        return heldout.run_job(job)
    _, n, seed = job
    tally: Counter = Counter()
    for s in range(seed, seed + n):
        one = heldout.run_job(("crowded", 1, s))
        for what, key in (("card", "crowded:wrong"), (NOT_IN_VIEW, "crowded:claims_not_in_view")):
            if one[key]:
                tally[_wrong("crowded", "", s, NO_SEAT, "-", one[key], what)] += 1
        tally.update(one)
    return tally


def heldout_figures(args: argparse.Namespace, workers: int) -> dict:
    """The held-out section: per family, the glare/dark set, the scale sweep, no layout."""
    from halli_pi.bench import heldout

    families = heldout.select_families(args.families)
    sizes, shares = _sizes(args.sweep_sizes), _shares(args.sweep_shares)
    n = max(0, args.heldout_scenes)
    jobs = heldout.jobs(
        families if n else [],
        n,
        args.seed,
        sweep_sizes=sizes,
        sweep_shares=shares,
        sweep_n=max(0, args.sweep_scenes),
        nolayout_n=max(0, args.no_layout_scenes),
        crowded_n=max(0, args.no_layout_crowded),
    )
    if not jobs:
        return {}
    tally = _tally_all(jobs, workers, _heldout_job if args.wrong else heldout.run_job)

    def line(name: str) -> dict:
        fam = heldout.ALL_FAMILIES[name]
        return {
            "group": fam.group,
            "about": fam.about,
            **heldout.family_figures(tally, name),
        }

    out: dict = {}
    if n and families:
        main = [f for f in families if f in heldout.FAMILIES]
        # The classic deck's families together: what the targets for classic art speak of.
        classic = [f for f in main if f not in heldout.OTHER_DECKS]
        both: Counter = Counter()
        for key, value in tally.items():
            fam, _, what = key.partition(":")
            if fam in classic:
                both[f"classic:{what}"] += value
        out["heldout"] = {
            "classic_art": heldout.classic_art(),
            "scenes_per_family": n,
            "families": {f: line(f) for f in main},
            "classic_total": {
                "families": len(classic),
                **heldout.family_figures(both, "classic"),
            },
        }
        glare = [f for f in families if f in heldout.GLARE_DARK]
        if glare:
            out["heldout_glare_dark"] = {f: line(f) for f in glare}
    if args.sweep_scenes > 0 and sizes and shares:
        out["heldout_scale"] = {
            heldout.sweep_key(size, share): {
                "size": f"{size[0]}x{size[1]}",
                "card_share": share,
                **heldout.family_figures(tally, heldout.sweep_key(size, share)),
            }
            for size in sizes
            for share in shares
        }
    if args.no_layout_scenes > 0:
        out["heldout_no_layout"] = heldout.no_layout_figures(tally)
    if args.no_layout_crowded > 0:
        out["no_layout_crowded"] = heldout.no_layout_figures(tally, "crowded")
    if args.wrong:
        out["wrong_tally"] = Counter({k: v for k, v in tally.items() if k.startswith(_WRONG)})
    return out


def run(args: argparse.Namespace) -> dict:
    import os

    import cv2

    from halli_pi.vision.art import scans_available

    if args.list_families:
        from halli_pi.bench import heldout

        for fam in heldout.ALL_FAMILIES.values():
            missing = not heldout.family_available(fam.name)
            mark = f"  (not here: needs {heldout.NEEDS[fam.name]})" if missing else ""
            print(f"{fam.name:<18} {fam.group:<11} {fam.about}{mark}")
        raise SystemExit(0)
    # Bad held-out options fail now, not after the tuning scenes.
    from halli_pi.bench.heldout import select_families

    select_families(args.families)
    _styles(args.styles)
    _style_decks(args.style_decks)
    _sizes(args.sweep_sizes)
    _shares(args.sweep_shares)
    cv2.setNumThreads(1)
    kinds = ["own", "deluxe", "clone"] + (["scan"] if scans_available() else [])
    jobs: list[tuple] = []
    for j, kind in enumerate(kinds):
        n = args.scenes if kind in ("own", "scan") else min(args.scenes, max(1, args.scenes // 2))
        jobs += _jobs(kind, n, args.seed + 1000 * j, 0.15, "")
        jobs += _jobs(
            kind,
            args.stress_scenes,
            args.seed + STRESS_SEEDS + 1000 * j,
            STRESS_P_ARM,
            "s_",
        )
    styles = _styles(args.styles)
    style_kinds = ["own"] + (["scan"] if scans_available() else [])
    more_decks = _style_decks(args.style_decks)
    for j, style in enumerate(styles):
        for i, kind in enumerate(style_kinds):
            seed = args.seed + STYLE_SEEDS + 1000 * (len(style_kinds) * j + i)
            jobs += _jobs(kind, args.style_scenes, seed, 0.15, f"{style}:", style)
        for kind in more_decks:
            d = 1 + STYLE_DECKS.index(kind)
            seed = args.seed + STYLE_SEEDS + STYLE_DECK_SEEDS * d + 1000 * j
            jobs += _jobs(kind, args.style_scenes, seed, 0.15, f"{style}:", style)
    style_kinds += more_decks
    if args.messy_scenes > 0:
        jobs += _jobs("messy", args.messy_scenes, args.seed + MESSY_SEEDS, 0.0, "")
    if args.messy_small_scenes > 0:
        seed = args.seed + MESSY_SMALL_SEEDS
        jobs += _jobs("messy_small", args.messy_small_scenes, seed, 0.0, "")
    workers = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    tally = _tally_all(jobs, workers) if jobs else Counter()
    seen = sum(tally[f"{k}_seen"] for k in kinds)
    right = sum(tally[f"{k}_right"] for k in kinds)
    figures: dict = {
        "accuracy": right / max(1, seen),
        "wrong_claims": tally["wrong_claims"],
        "wrong_cards": tally["wrong_cards"],
    }
    rendered = [k for k in kinds if k != "scan"]
    figures["accuracy_rendered"] = sum(tally[f"{k}_right"] for k in rendered) / max(
        1, sum(tally[f"{k}_seen"] for k in rendered)
    )
    for k in kinds:
        figures[f"accuracy_{k}"] = tally[f"{k}_right"] / max(1, tally[f"{k}_seen"])
        figures[f"seats_{k}"] = tally[f"{k}_seen"]
    # Piles with nothing over them read ``occluded`` (a referee that sees arms where none are).
    figures["occluded_clear"] = sum(tally[f"{k}_occluded"] for k in kinds) / max(1, seen)
    figures["empty_accuracy"] = tally["empty_right"] / max(1, tally["empty_seen"])
    figures["arm_seats"] = tally["arm_seen"]
    figures["arm_empty_accuracy"] = tally["arm_empty_right"] / max(1, tally["arm_empty_seen"])
    figures["arm_empty_seats"] = tally["arm_empty_seen"]
    figures["arm_pile_read_empty"] = tally["arm_pile_read_empty"]
    if args.stress_scenes > 0:
        s_seen = sum(tally[f"s_{k}_seen"] for k in kinds)
        s_right = sum(tally[f"s_{k}_right"] for k in kinds)
        figures["stress_arm_seats"] = tally["s_arm_seen"]
        figures["stress_wrong_claims"] = tally["s_wrong_claims"]
        figures["stress_wrong_cards"] = tally["s_wrong_cards"]
        figures["stress_seats"] = s_seen
        figures["stress_accuracy"] = s_right / max(1, s_seen)
    figures["tuning_families"] = kinds
    if args.style_scenes > 0:
        for style in styles:
            for kind in style_kinds:
                seen_s = tally[f"{style}:{kind}_seen"]
                figures[f"style_{style}_{kind}_accuracy"] = tally[f"{style}:{kind}_right"] / max(
                    1, seen_s
                )
                figures[f"style_{style}_{kind}_seats"] = seen_s
                figures[f"style_{style}_{kind}_wrong_cards"] = tally[f"{style}:{kind}_wrong"]
            figures[f"style_{style}_occluded_clear"] = sum(
                tally[f"{style}:{kind}_occluded"] for kind in style_kinds
            ) / max(1, sum(tally[f"{style}:{kind}_seen"] for kind in style_kinds))
            figures[f"style_{style}_wrong_cards"] = tally[f"{style}:wrong_cards"]
            figures[f"style_{style}_wrong_claims"] = tally[f"{style}:wrong_claims"]
        figures["tuning_styles"] = styles
    for key, n in (("messy", args.messy_scenes), ("messy_small", args.messy_small_scenes)):
        if n > 0:
            figures.update(_messy_figures(tally, key))
    if args.wrong:
        figures["wrong_list"] = wrong_list(tally)
    held = heldout_figures(args, workers)
    if args.wrong:
        # The crowded tables' wrong readings (``_heldout_job``), listed with the rest.
        figures["wrong_list"] += wrong_list(held.pop("wrong_tally", Counter()))
    figures.update(held)
    # Speed last, in this process alone: the workers are gone by then.
    figures.update(_films(args.films, args.seed))
    if args.films > 0:
        figures.update(_card_reads(CARD_READ_SCENES, args.seed + 90_000))
    return figures


def _pct(v: float) -> str:
    return f"{100 * v:6.2f} %"


def text(figures: dict) -> str:
    """The figures as a person reads them: the tuning figures as key and value, then the
    held-out families one per line."""
    lines = []
    flat = {k: v for k, v in figures.items() if not isinstance(v, (dict, list))}
    if "tuning_families" in figures:
        lines.append(
            "TUNING families (render.py, what the reader is tuned on): "
            + ", ".join(figures["tuning_families"])
            + "; styles: "
            + ", ".join(figures.get("tuning_styles", []))
            + "; messy piles without a layout"
        )
    width = max((len(k) for k in flat), default=0)
    for key, value in flat.items():
        shown = f"{value:.4g}" if isinstance(value, float) else value
        lines.append(f"  {key:<{width}}  {shown}")
    head = (
        f"  {'family':<18} {'visible':>7} {'right':>8} {'wrong':>5} {'unkn':>5} {'occl':>5}"
        f" {'occl_clear':>10} {'covered':>7} {'wrong_claims':>12} {'ms/frame':>8}"
    )

    def row(name: str, f: dict) -> str:
        return (
            f"  {name:<18} {f['visible']:>7} {_pct(f['right']):>8} {f['wrong_cards']:>5}"
            f" {f['unknown']:>5} {f['occluded']:>5} {_pct(f['occluded_clear']):>10}"
            f" {f['covered']:>7} {f['wrong_claims']:>12} {f['frame_ms_mean']:>8.1f}"
        )

    if "wrong_list" in figures:
        lines.append("")
        lines.append("WRONG readings (what, deck, style, seed, seat: the top card, read as)")
        for w in figures["wrong_list"]:
            lines.append(
                f"  {w['what']:<5} {w['deck']:<7} {w['style'] or '-':<6} {w['seed']:>7}"
                f" {'-' if w['seat'] == NO_SEAT else w['seat']}: {w['card']}, read {w['read']}"
            )
    if "heldout" in figures:
        h = figures["heldout"]
        lines.append("")
        lines.append(
            "HELD-OUT families (halli_pi/bench/heldout: never tune the reader on these);"
            " classic deck"
            f" drawn from: {h['classic_art']}, {h['scenes_per_family']} scenes each"
        )
        lines.append(head)
        for name, f in h["families"].items():
            lines.append(row(name, f))
        lines.append(row("classic deck, all", h["classic_total"]))
    if "heldout_glare_dark" in figures:
        lines.append("")
        lines.append("HELD-OUT glare and dark cloth")
        lines.append(head)
        for name, f in figures["heldout_glare_dark"].items():
            lines.append(row(name, f))
    if "heldout_scale" in figures:
        lines.append("")
        lines.append("HELD-OUT scale sweep (card width as a share of the image width)")
        lines.append(head)
        for name, f in figures["heldout_scale"].items():
            lines.append(row(name, f))
    if "heldout_no_layout" in figures:
        f = figures["heldout_no_layout"]
        lines.append("")
        lines.append("HELD-OUT no layout (find_cards on whole images, any size and scale)")
        lines.append(
            f"  cards in view {f['in_view']}, found {_pct(f['found'])}, read right"
            f" {_pct(f['read_right'])}, wrong cards {f['wrong_cards']}, claims where no whole"
            f" card is {f['claims_not_in_view']}"
        )
    return "\n".join(lines)

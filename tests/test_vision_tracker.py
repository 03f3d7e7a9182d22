"""The zone tracker: one event per accepted change, stamped with the first frame that showed
the card; flickers and hands give none; a pile taken away is empty."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from halli_pi.cards import classic_deck, parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.render import (
    Look,
    SeatState,
    default_zones,
    film,
    random_look,
    render_scene,
)
from halli_pi.vision.tracker import Tracker

ZONES = default_zones(6)
LOOK = Look(table=(60, 100, 150), noise=2.0)
A, B, C = parse_card("2 banana"), parse_card("3 plum"), parse_card("1 lime")


def _frame(piles, arm=None, index=0, seed=3):
    return _drawn(tuple(tuple(p) for p in piles), arm, index, seed)


# The tests here draw many of the same frames (six still piles of A, frame by frame, before
# a hand comes): a frame is drawn once a file, the last 64 kept. The trackers only read
# them; a frame is read-only, so one that wrote into it would fail, not change another test.
@lru_cache(maxsize=64)
def _drawn(piles, arm, index, seed):
    seats = [SeatState(p, arm=(i == arm)) for i, p in enumerate(piles)]
    frame = render_scene(seats, ZONES, seed=seed, frame=index, look=LOOK).frame
    frame.flags.writeable = False
    return frame


def _run(frames):
    tracker = Tracker(ZONES, (640, 480))
    events = []
    for i, f in enumerate(frames):
        events += tracker.update(f, i / 30)
    return tracker, events


def test_a_film_gives_one_event_per_turn_stamped_first_shown():
    frames = list(film(11, classic_deck(), turns=6))
    tracker = Tracker(ZONES, (640, 480))
    truth, got = [], []
    for f in frames:
        truth += [(f.t, seat, card) for seat, card in f.shown]
        got += [(e.t, e.seat, e.card) for e in tracker.update(f.frame, f.t)]
    # 6 starting piles + 6 turns: no extra or wrong event, exact first-frame stamps; a card
    # the reader cannot read under this film's light may stay unaccepted (not guessed).
    assert set(got) <= set(truth)
    assert len(got) == len(set(got)) >= len(truth) - 1


def test_flicker_is_no_event():
    piles = [[A]] * 6
    base = [_frame(piles, index=i) for i in range(6)]
    odd = _frame([[A], [A], [B], [A], [A], [A]], index=6)  # one frame shows another card
    tracker, events = _run(base + [odd] + [_frame(piles, index=7 + i) for i in range(6)])
    assert len(events) == 6  # only the initial piles
    assert all(v.card == A for v in tracker.view())


def test_hand_over_pile_is_occluded_and_the_card_stands():
    piles = [[A]] * 6
    frames = [_frame(piles, index=i) for i in range(5)]
    frames += [_frame(piles, arm=2, index=i) for i in range(5, 17)]
    tracker, events = _run(frames)
    assert len(events) == 6
    view = tracker.view()[2]
    assert view.state in (State.OCCLUDED, State.UNKNOWN)
    assert view.card == A


def test_new_card_then_same_card_again_and_pile_taken_away():
    piles = [[A] for _ in range(6)]
    # Still frames for all six first piles to be read, a bounded step per frame (seat 0's
    # read may come last), before the hand comes to seat 0.
    start = 10
    frames = [_frame(piles, index=i) for i in range(start)]
    i = start
    for new in (C, C):  # the same face twice: two reveals (the outline moved)
        frames += [_frame(piles, arm=0, index=i + k) for k in range(6)]
        piles[0] = piles[0] + [new]
        frames += [_frame(piles, arm=0, index=i + 6 + k) for k in range(3)]
        frames += [_frame(piles, index=i + 9 + k) for k in range(6)]
        i += 15
    first_c = start + 9
    frames += [_frame(piles, arm=0, index=i + k) for k in range(6)]
    piles[0] = []
    frames += [_frame(piles, index=i + 6 + k) for k in range(20)]  # a pile gone stays gone
    tracker, events = _run(frames)
    seat0 = [e for e in events if e.seat == 0]
    assert [e.card for e in seat0] == [A, C, C]
    assert abs(seat0[1].t - first_c / 30) < 1e-9
    assert tracker.view()[0].state == State.EMPTY


def test_a_hand_lying_over_a_whole_pile_is_not_a_pile_taken_away():
    piles = [[A] for _ in range(6)]
    frames = [_frame(piles, index=i) for i in range(5)]
    # The hand rests a while, then leaves: the same card must not be revealed again.
    frames += [_frame(piles, arm=3, index=5 + k) for k in range(8)]
    frames += [_frame(piles, index=13 + k) for k in range(6)]
    tracker, events = _run(frames)
    assert sorted(e.seat for e in events) == [0, 1, 2, 3, 4, 5]  # the first piles only
    assert tracker.view()[3].card == A


def test_quiet_frames_cost_no_reads():
    piles = [[A], [B], [C], [A], [B], [C]]
    tracker = Tracker(ZONES, (640, 480))
    for i in range(8):
        tracker.update(_frame(piles, index=i), i / 30)
    reads = tracker.reads
    for i in range(8, 20):
        tracker.update(_frame(piles, index=i), i / 30)  # sensor noise only
    assert tracker.reads == reads
    assert [v.card for v in tracker.view()] == [A, B, C, A, B, C]


def test_a_pile_back_as_it_was_accepted_is_not_read_again():
    # A hand passes over seat 3 and leaves: the pile looks as when its card was accepted, so
    # it shows that card again after the settle frames, with no read and no event.
    piles = [[A], [B], [C], [A], [B], [C]]
    tracker = Tracker(ZONES, (640, 480))
    events = []
    for i in range(12):
        events += tracker.update(_frame(piles, index=i), i / 30)
    assert len(events) == 6
    for i in range(12, 18):
        events += tracker.update(_frame(piles, arm=3, index=i), i / 30)
    assert tracker.view()[3].state == State.OCCLUDED
    reads = tracker.reads
    tracker.update(_frame(piles, index=18), 18 / 30)
    assert tracker.view()[3].state == State.OCCLUDED  # not yet settled
    for i in range(19, 24):
        events += tracker.update(_frame(piles, index=i), i / 30)
    assert tracker.reads == reads
    assert len(events) == 6
    assert [(v.state, v.card) for v in tracker.view()][3] == (State.CARD, A)


def _still_arm_across(seed: int, piles, new_card: str):
    """A demo table (four seats, the demo's light): seat 2's arm reaches across the table and
    lies still, its end over seat 0's top card, then leaves as seat 2's card lands. Frames
    of one state are the same frame, as the demo renders them."""
    zones = default_zones(4)
    look = random_look(np.random.default_rng(seed), hard=False)

    def shot(arm_seat, extra=()):
        seats = [
            SeatState(tuple(parse_card(c) for c in p) + extra * (i == 2), arm=i == arm_seat)
            for i, p in enumerate(piles)
        ]
        return render_scene(seats, zones, seed, look=look).frame

    landed = (parse_card(new_card),)
    return [shot(None)] * 6 + [shot(2)] * 8 + [shot(None, landed)] * 8, zones


_ARM_CASES = [
    # (demo seed, piles of the four seats, the card landing on seat 2)
    (
        12,
        [["1 banana", "2 banana"], ["2 strawberry", "5 strawberry"], ["3 lime"], ["1 strawberry"]],
        "1 plum",
    ),
    (11, [["3 plum"], ["3 lime", "2 lime"], ["4 strawberry"], ["1 banana"]], "4 strawberry"),
]


@pytest.mark.parametrize(("seed", "piles", "new"), _ARM_CASES)
def test_a_still_arm_over_a_cards_end_is_no_reveal(seed, piles, new):
    # Seen in the demo: the arm cuts the card's outline short; the outline read looks moved
    # and the pile changed under it, so the same face (seed 12) or a misread under the arm
    # (seed 11) passed for a new card, and the whole card after the arm left for another.
    frames, zones = _still_arm_across(seed, piles, new)
    tracker = Tracker(zones, (640, 480))
    events = []
    for i, f in enumerate(frames):
        events += tracker.update(f, i / 30)
    assert [str(e.card) for e in events if e.seat == 0] == [piles[0][-1]]
    assert [str(e.card) for e in events if e.seat == 2] == [piles[2][-1], new]
    assert str(tracker.view()[0].card) == piles[0][-1]


def test_an_outline_cut_short_under_a_still_hand_is_no_new_card(monkeypatch):
    # The reader, whatever it becomes, may take the edge of a hand lying still over a card's
    # end for the card's side. The same face read with that shorter outline, the pile changed
    # under the hand: without the size check both the cut card and the whole card after the
    # hand left passed for new cards.
    piles = [[A] for _ in range(6)]
    tracker = Tracker(ZONES, (640, 480))
    real = tracker.reader.read_zone_steps
    hand = {"on": False}

    def reader(frame, zone, known=()):
        got = yield from real(frame, zone, known)
        if hand["on"] and np.array_equal(zone, tracker.zones[0].zone):
            whole = tracker.zones[0].accepted
            c = whole.corners
            # Keep the first short side, bring the far one 20% of the long side nearer.
            cut = c.copy()
            cut[2] = c[1] + (c[2] - c[1]) * 0.8
            cut[3] = c[0] + (c[3] - c[0]) * 0.8
            return type(got)(State.CARD, A, 0.9, cut, whole.area * 0.8)
        return got

    monkeypatch.setattr(tracker.reader, "read_zone_steps", reader)
    events = []
    for i in range(22):
        hand["on"] = 6 <= i < 14
        frame = _frame(piles, arm=0 if hand["on"] else None, index=0)
        events += tracker.update(frame, i / 30)
    assert sorted(e.seat for e in events) == [0, 1, 2, 3, 4, 5]
    assert tracker.view()[0].card == A

"""A bare arm of the table's colour touches the border in specks, each frame somewhere else in
its width: a crossing no held arm enters by is the one held arm's of its seat nearby, so the
arm keeps its step and its picture (``HandTuning.entry_jump``)."""

from __future__ import annotations

import dataclasses

import numpy as np
from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning, _Held
from halli_pi.vision.render import IMAGE_SIZE, default_zones
from halli_pi.vision.render_hands import bell_spot

OFF = dataclasses.replace(HandTuning(), entry_jump=0.0)


def test_bench_ring_of_a_bare_arm_whose_crossing_jumps_is_credited() -> None:
    # Tuning one-hand ring 548/400: a bare arm of the table's colour from below, seen mostly
    # over the cards it crosses. Its border crossing jumped from 58 to 69 work px in the
    # frame 0.10 s before the ring; taken for a new arm, it lost its step, and the next
    # frame, cut off from the border, it lay only 0.73 inside where it was (0.8 needed):
    # its hand on the bell was foreground no arm explains.
    tracker, scene = tracked_ring(548, 400, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] == 0, credit
    assert credit.why is CreditReason.ONE_HAND
    # Without the rule, its hand is linked to the arm lost from view (``lost_link``) ...
    tracker, _ = tracked_ring(548, 400, "one", tuning=OFF)
    credit = tracker.first_hand(0.0)
    assert credit.seat == 0, credit
    # ... and without both: untraceable, nobody is named.
    tracker, _ = tracked_ring(548, 400, "one", tuning=dataclasses.replace(OFF, lost_link=0.0))
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.UNTRACEABLE


def _tracker_holding(
    *entries: tuple[float, float], tuning: HandTuning | None = None
) -> HandTracker:
    """A four-seat tracker whose previous frame held arms entering at `entries` (work px)."""
    zones = default_zones(4, IMAGE_SIZE)
    tracker = HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone(), tuning=tuning)
    mask = np.zeros(tracker.work[::-1], np.uint8)
    tracker._prev = [_Held(np.array(e), mask, np.array([e[0], e[1] - 20.0]), True) for e in entries]
    return tracker


def _seat(tracker: HandTracker, e: tuple[float, float]) -> int | None:
    return tracker._entry_seat((np.array(e) + 0.5) * tracker.tuning.scale)


def test_a_crossing_moved_along_the_border_is_its_seats_one_arm() -> None:
    tracker = _tracker_holding((58.0, 119.0))
    assert _seat(tracker, (58.0, 119.0)) == _seat(tracker, (69.0, 119.0)) == 0
    held = tracker._match(np.array([69.0, 119.0]))  # 11 px on, as in ring 548/400
    assert held is not None and held.entry.tolist() == [58.0, 119.0]
    # Still crossing where it did this frame, or traced to its own crossing in the region
    # being split: it is there, and the crossing 11 px on is another piece of its side.
    tracker._crossings = [np.array([58.0, 119.0])]
    assert tracker._match(np.array([69.0, 119.0])) is None
    tracker._crossings, tracker._traced = [], [np.array([57.0, 119.0])]
    assert tracker._match(np.array([69.0, 119.0])) is None
    tracker._traced = []
    # Farther than an arm's width: another arm.
    assert tracker._match(np.array([75.0, 119.0])) is None
    # Off: only a crossing within 6 px is the same arm's.
    off = _tracker_holding((58.0, 119.0), tuning=OFF)
    assert off._match(np.array([69.0, 119.0])) is None
    assert off._match(np.array([63.0, 119.0])) is not None


def test_no_arm_is_taken_when_the_seat_is_unsure_or_two_arms_fit() -> None:
    # Two held arms of the seat near the crossing: which one is not known.
    tracker = _tracker_holding((50.0, 119.0), (66.0, 119.0))
    assert _seat(tracker, (50.0, 119.0)) == _seat(tracker, (66.0, 119.0)) == 0
    assert tracker._match(np.array([58.0, 119.0])) is None
    # A held arm of no sure seat (near the corner) is no seat's one arm ...
    tracker = _tracker_holding((24.0, 119.0))
    assert _seat(tracker, (24.0, 119.0)) is None and _seat(tracker, (33.0, 119.0)) == 0
    assert tracker._match(np.array([33.0, 119.0])) is None
    # ... nor is a crossing of no sure seat anyone's.
    tracker = _tracker_holding((3.0, 119.0))
    assert _seat(tracker, (3.0, 119.0)) == 1 and _seat(tracker, (15.0, 119.0)) is None
    assert tracker._match(np.array([15.0, 119.0])) is None

"""Two hands striking the bell within a frame of each other, head on: the hand about to be
credited lies over the other's fingertips, the outline between them one the picture shows
(their fronts of unlike colour), in the frames either side of the ring. A hand on top came
down after the one under it, however its front was read (here held still at the seam while
it went on over the bell): the ring is left to a person (``HandTuning.over_at_ring``,
``_over_at_ring``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import seen_ring, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, over_at_ring=False)


def test_a_hand_lying_over_the_others_at_the_ring_is_not_credited() -> None:
    # Ring 749/15 (within a frame, plain): seat 1 rang first; seat 3, from the top, struck
    # 10 ms later and was drawn over seat 1's hand. Seat 3's front was held at the seam from
    # two frames before the ring and read as its strike; seat 1's, given seat 3's pixels,
    # came on after the ring, and seat 3 was credited first by a frame.
    tracker, scene, seen = seen_ring(749, 15, "within")
    first, second = scene["first"], scene["reaches"][1].seat
    assert (first, second) == (1, 3)
    span = [arms for t, arms in seen if -1.5 / 60 < t < 1 / 60]
    assert len(span) == 2 and all(arms[second].over_unlike == (first,) for arms in span)
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.LIES_OVER_ANOTHER, credit
    assert credit.other_seat == first
    tracker.tuning = OFF
    wrong = tracker.first_hand(0.0)
    assert wrong.seat == second, wrong
    assert wrong.why is CreditReason.FIRST_BY_FRAMES, wrong


def test_a_first_hand_gone_under_the_other_is_still_credited() -> None:
    # Ring 592/3 (within a frame, plain), nearby: the first hand's front held at the seam
    # and the second's read coming on over it; the first lies over nothing: credited.
    tracker, scene = tracked_ring(592, 3, "within")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES, credit

"""A second hand going on over the first hand's arm, of nearly its skin, keeps its own front:
its pieces are one with it through where its carried picture is seen again
(``HandTuning.seen_joins``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning

OFF = dataclasses.replace(HandTuning(), seen_joins=False)


def _depth_after_the_ring(tracker: HandTracker, seat: int) -> float:
    """How far `seat`'s arm reached past the bell's centre in the first frame after the ring."""
    frame = next(f for f in tracker.history if f.t > 0.0)
    return max(a.depth for a in frame.arms if a.seat == seat)


def test_a_second_hand_over_the_first_hands_arm_is_shown_later() -> None:
    # Tuning apart ring 538/233: a brown hand from the right strikes at the ring; a darker
    # one from below, 2.4 frames later, goes on over its arm. Its fingertips' rim there
    # was cut off from it by the first arm's pixels inside it, its front read still 0.55
    # bell radii short of the centre from 15 ms before the ring (drawn 0.33 past it just
    # after), and it was taken to go on under that arm: nobody was named.
    tracker, scene = tracked_ring(538, 233, "apart")
    second = scene["reaches"][1].seat
    assert _depth_after_the_ring(tracker, second) > 0.0
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES
    assert credit.other_seat == second
    # Without the rule: read still short against the first arm, a hand that may be under it.
    tracker, _ = tracked_ring(538, 233, "apart", tuning=OFF)
    assert _depth_after_the_ring(tracker, second) < -0.5
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.HIDDEN_HAND
    assert credit.other_seat == second

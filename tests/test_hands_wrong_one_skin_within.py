"""Two hands of one brown striking the bell within a frame of each other, the second drawn over
the first: the split gives the first hand's front the seam between them, its outline bulging
into the second hand, and reads it lying over the second's fingertips. That bulge is the
split's, not an edge the picture shows (the two fronts read 1.0 to 3.5 levels apart, within
``HandTuning.over_unlike``), so it says nothing of which hand came later: the ring is left to
a person, not credited to the hand under the bulge (``_laid_over_later``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, seen_ring, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, over_unlike=0.0)


def test_a_bulge_between_two_hands_of_one_brown_within_a_frame_credits_no_one() -> None:
    # Ring 700/423 (within a frame): seat 1 rang first, seat 0 some microseconds later, over
    # it. Seat 1's front froze at the seam (0.49 bell radii short) from two frames before the
    # ring, read over seat 0 from the frame before it on; seat 0 was credited as the hand
    # that came first, the other "still short of the bell when this one struck".
    tracker, scene, seen = seen_ring(700, 423, "within")
    first, second = scene["first"], 1 - scene["first"]
    assert (first, second) == (1, 0)
    over = [arms[first] for t, arms in seen if t > -1 / 60]
    assert over and all(a.over_seats == (second,) for a in over)
    assert all(a.over_alike == (second,) and not a.over_unlike for a in over)
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.HIDDEN_HAND, credit
    # Every bulge counted, the hand under it was credited: the wrong seat.
    tracker.tuning = OFF
    wrong = tracker.first_hand(0.0)
    assert wrong.seat == second, wrong
    assert wrong.why is CreditReason.SHOWN_LATER, wrong


def test_a_hand_seen_landing_over_the_first_is_still_credited_within_a_frame() -> None:
    # Ring 700/195 (within a frame), nearby: the second hand seen over the first hand's
    # fingertips from the ring on still counts as coming later; without that rule the ring
    # is left to a person.
    tracker, scene = tracked_ring(700, 195, "within")
    off = dataclasses.replace(TN, over_later_frames=0)
    credited_then_left_without(tracker, scene, CreditReason.FIRST_BY_FRAMES, off)

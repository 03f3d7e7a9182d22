"""Two hands of one skin met head on over the bell, the second going on over the first's
fingertips while the split holds its front at the seam: the first hand, lying still, has its
picture changed under the second's, so the second lies on top, come later
(``HandTuning.head_on_px``), not a hand that may be going on under it. Like a hand laid over
the first's fingertips, not said of one whose strike is estimated within ``over_min_gap``
frames of the first's."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, head_on_px=0)


def test_bench_ring_second_hand_over_the_first_head_on_is_shown_later() -> None:
    # Tuning apart ring 674/213: the second hand's front held at the seam from 33 ms before
    # the ring on, the first hand lying still under it after the ring, its picture changed
    # under the second's hand and not along its arm. Without the rule the second was taken
    # for a hand that may be going on under the first.
    tracker, scene = tracked_ring(674, 213, "apart")
    credit, _ = credited_then_left_without(
        tracker, scene, CreditReason.SHOWN_LATER, OFF, CreditReason.HIDDEN_HAND
    )
    assert credit.other_seat == scene["reaches"][1].seat


def test_bench_ring_head_on_with_strikes_estimated_within_a_frame_stays_with_a_person() -> None:
    # Tuning apart ring 584/357: the second hand is seen over the first met head on, but the
    # first's stop was read as its fingertips gone under the second's, and the two strikes
    # are estimated 0.57 frames apart: which lies on top says nothing of which came first.
    tracker, scene = tracked_ring(584, 357, "apart")
    credit = tracker.first_hand(0.0)
    assert credit.seat is None and credit.why is CreditReason.WITHIN_A_FRAME, credit
    # Only that proviso holds it back: without it the first hand is named.
    tracker.tuning = dataclasses.replace(TN, over_min_gap=0.0)
    assert tracker.first_hand(0.0).seat == scene["first"]
    tracker.tuning = dataclasses.replace(TN, over_min_gap=0.0, head_on_px=0)
    assert tracker.first_hand(0.0).why is CreditReason.WENT_UNDER


def test_bench_ring_nearby_still_credited() -> None:
    # Tuning apart ring 674/217, credited right with the rule and without it.
    for tuning in (TN, OFF):
        tracker, scene = tracked_ring(674, 217, "apart", tuning=tuning)
        assert tracker.first_hand(0.0).seat == scene["first"]

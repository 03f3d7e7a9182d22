"""A first hand alone in its region, of the table's hue, whose front is seen past the bell's far
rim while it moves and only at the rim once it has stopped there: that drawing back is no
split gone wrong (``HandTuning.rim_back``), and the hand is named when the other hand is
shown later."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, rim_back=0.0)


def test_bench_ring_front_drawn_back_onto_the_rim_as_the_hand_stopped_is_named() -> None:
    # Tuning apart ring 794/65, with the stress of a bare arm the table's colour: the first
    # hand, alone, read 0.96, 1.51, then 1.07 and 1.07 bell radii past the centre (its
    # fingertips beyond the rim shown only while it moved). Without the rule the draw back
    # was taken for a split gone wrong and nobody was named.
    tracker, scene = tracked_ring(794, 65, "apart", table_arm=True)
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.other_seat == scene["reaches"][1].seat, credit
    tracker.tuning = OFF
    without = tracker.first_hand(0.0)
    assert without.seat is None and without.why is CreditReason.ARMS_NOT_TOLD_APART, without


def test_bench_ring_nearby_still_credited() -> None:
    # Tuning apart ring 794/61 with the same stress, credited right with the rule and without.
    tracker, scene = tracked_ring(794, 61, "apart", table_arm=True)
    for tuning in (TN, OFF):
        tracker.tuning = tuning
        assert tracker.first_hand(0.0).seat == scene["first"]

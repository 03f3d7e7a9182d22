"""Two hands of one skin met head on over the bell, the first lying still after its strike:
the second going on over its fingertips changes the first hand's picture up to where its arm
behind begins (``HandTuning.head_on_hand``, as far back as ``head_on_arm_back``), not only
within a bell radius of its fingertips. A hand going on under it would leave that picture as
it was."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
# The hand's picture as it was read before: within one bell radius of its fingertips.
NEAR = dataclasses.replace(TN, head_on_hand=1.0)


def test_bench_ring_head_on_changed_one_to_one_and_a_half_radii_back_is_shown_later() -> None:
    # Tuning apart ring 676/37: the first hand (from above) lies still on the bell from the
    # ring on; the second, of nearly its skin, comes on from below over its fingertips. Two
    # frames after the ring the first hand's picture changed by 12 pixels (work scale), all
    # 1.0 to 1.5 bell radii back from its fingertips, none farther back along its arm. Read
    # within one radius only, nothing changed, and the second hand, its front held at the
    # seam, was taken for a hand that might be going on under the first.
    tracker, scene = tracked_ring(676, 37, "apart")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.SHOWN_LATER, credit
    assert credit.other_seat == scene["reaches"][1].seat
    tracker, scene = tracked_ring(676, 37, "apart", tuning=NEAR)
    without = tracker.first_hand(0.0)
    assert without.seat is None and without.why is CreditReason.HIDDEN_HAND, without


def test_bench_ring_head_on_nearby_still_credited() -> None:
    # Tuning apart ring 674/213, the ring the head-on rule was first pinned on, credited
    # right with the hand read as far back as its arm and within one radius alike.
    for tuning in (TN, NEAR):
        tracker, scene = tracked_ring(674, 213, "apart", tuning=tuning)
        credit = tracker.first_hand(0.0)
        assert credit.seat == scene["first"] and credit.why is CreditReason.SHOWN_LATER, credit


def test_bench_rings_whose_first_hand_seemed_gone_under_are_named() -> None:
    # Tuning apart rings 387/49 and 433/89, two bare hands of nearly one skin met head on:
    # the first hand's fingertips were read gone under the second's, and the ring was left
    # to a person. Read as far back as its arm, the first hand's picture changes under the
    # second's while it lies still after its strike: the second lies on top, came later, and
    # the first is named (by 3.97 and 1.47 frames). Within one radius, nobody was named.
    for seed, i in ((387, 49), (433, 89)):
        tracker, scene = tracked_ring(seed, i, "apart")
        credit = tracker.first_hand(0.0)
        assert credit.seat == scene["first"], (seed, i, credit)
        tracker, scene = tracked_ring(seed, i, "apart", tuning=NEAR)
        assert tracker.first_hand(0.0).seat is None, (seed, i)

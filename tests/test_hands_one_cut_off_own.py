"""A bare arm of the table's colour, held only as a patch far back from the bell, whose hand on
the bell lay there unexplained for a frame before it was held as the arm's hand cut off from
it: its own hand held a frame late, not another's merged into it
(``HandTuning.cut_off_own_short``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

OFF = dataclasses.replace(HandTuning(), cut_off_own_short=0.0)


def test_a_hand_held_a_frame_late_as_its_patchs_own_is_credited() -> None:
    # Tuning one-hand ring 803/72, with the stress of a bare arm the table's colour: seat 2's
    # arm held as a patch 7.15 bell radii short; its hand lay on the bell alone, unexplained
    # for a frame (the piece not along the patch's line as read), then held as the patch's
    # hand cut off from it. Taken for a hand whose arm the picture does not show merged into
    # it, the ring was left to a person.
    tracker, scene = tracked_ring(803, 72, "one", table_arm=True)
    credited_then_left_without(
        tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.UNEXPLAINED_HAND_MERGED
    )


def test_a_plain_ring_nearby_still_reads() -> None:
    # The same ring plain (the arm of its own colour): credited as before.
    tracker, scene = tracked_ring(803, 72, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] and credit.why is CreditReason.ONE_HAND, credit

"""A bare arm of nearly the table's colour, held only as a patch at the border, is traced to its
hand on the bell by its shade where the specks of foreground along its way are too sparse
(``HandTuning.trace_shade``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

OFF = dataclasses.replace(HandTuning(), trace_shade=0.0)


def test_a_patch_at_the_border_is_traced_to_its_hand_by_its_shade() -> None:
    # Tuning one-hand ring 709/8, with the stress of a bare arm the table's colour: seat 1's
    # arm was held as a patch at the border, 1.98 bell radii short; its hand on the bell, cut
    # off from it, was traced neither by the specks along the way (0.38 of its steps) nor by
    # the shaded way (the patch lies on it). Left unexplained, it was taken in by the arm two
    # frames later and judged another hand merged into it. Its shade fills 0.85 and 1.00 of
    # the way: the hand is the arm's, and the ring is credited.
    tracker, scene = tracked_ring(709, 8, "one", table_arm=True)
    assert scene["first"] == 1
    credit = tracker.first_hand(0.0)
    assert credit.seat == 1 and credit.why is CreditReason.ONE_HAND, credit
    # The rule is applied frame by frame: off, the same ring is tracked again.
    without, _ = tracked_ring(709, 8, "one", tuning=OFF, table_arm=True)
    assert without.first_hand(0.0).why is CreditReason.UNEXPLAINED_HAND_MERGED


def test_a_way_traced_by_its_specks_is_not_doubted_by_a_shaded_one() -> None:
    # Tuning one-hand ring 771/64, with the stress: seat 2's arm held in pieces, two crossings
    # apart; one's way to the hand traced by its specks, another's only by its shade. Taken
    # as two arms that fit, the piece was left unexplained and the ring to a person. The
    # shade is looked to only when no way is traced by its specks: credited as without it.
    tracker, scene = tracked_ring(771, 64, "one", table_arm=True)
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] == 2 and credit.why is CreditReason.ONE_HAND, credit


def test_a_plain_ring_nearby_still_reads() -> None:
    # The same ring plain (the arm of its own colour): credited as before.
    tracker, scene = tracked_ring(709, 8, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] and credit.why is CreditReason.ONE_HAND, credit

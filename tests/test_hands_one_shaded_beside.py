"""A bare arm of nearly the table's colour, shown only by its shading on its way to the bell,
is traced so even while another seat's arm is held in the frame, when that arm is another
seat's and lies off the shaded way (``HandTuning.shade_beside``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, shade_beside=False)


def test_bench_ring_of_a_shaded_arm_beside_another_seats_arm_is_credited() -> None:
    # Tuning one-hand ring 583/0, with the stress of a bare arm the table's colour: seat 1's
    # arm, the table's colour, showed foreground only over a card and over the bell, while
    # seat 2's arm, pulling back on the other side of the bell, was held. Traced only where no
    # arm was held, the piece on the bell was left to a person as foreground no arm explains.
    tracker, scene = tracked_ring(583, 0, "one", table_arm=True)
    assert scene["first"] == 1
    credit = tracker.first_hand(0.0)
    assert credit.seat == 1 and credit.why is CreditReason.ONE_HAND, credit
    # The rule is applied frame by frame: off, the same ring is tracked again.
    without, _ = tracked_ring(583, 0, "one", tuning=OFF, table_arm=True)
    assert without.first_hand(0.0).why is CreditReason.UNTRACEABLE


def test_a_hand_on_the_bell_leaves_the_shaded_way_untraced() -> None:
    # Tuning within ring 742/7, with the stress: seat 1's bare arm of the table's colour met
    # seat 3's hand head on over the bell and went under it. Traced beside seat 3's arm while
    # that hand was already on the bell, its piece was then lost under it and seat 3 alone
    # was credited. A held hand on the bell leaves the way untraced: nobody is named.
    tracker, scene = tracked_ring(742, 7, "within", table_arm=True)
    assert scene["first"] == 1
    credit = tracker.first_hand(0.0)
    assert credit.seat is None and credit.why is CreditReason.UNEXPLAINED_HAND_MERGED, credit


def test_a_plain_ring_nearby_still_reads() -> None:
    # The next one-hand ring of the same seed, plain: credited as before.
    tracker, scene = tracked_ring(583, 4, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] and credit.why is CreditReason.ONE_HAND, credit

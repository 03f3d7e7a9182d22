"""A bare arm of nearly the table's colour can show no foreground at all on its way to the
bell: no patch at the border to trace it from, its hand seen only over the bell. Its way out
still differs from the table's model by a few levels along its whole length (its shading):
the piece on the bell is the hand of the arm that one fan of such ways shows, when no arm is
held (``HandTuning.shade_fill``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, shade_fill=0.0)


def test_bench_ring_of_an_arm_shown_only_by_its_shade_is_credited() -> None:
    # Tuning one-hand ring 735/52, with the stress of a bare arm the table's colour: seat 5's
    # arm, pinkish on a pinkish table, showed foreground only where it lay over a card and
    # over the bell; no arm was held, and the ring was left to a person as foreground no arm
    # explains. Its way out differed from the table's model by 5 to 20 levels.
    tracker, scene = tracked_ring(735, 52, "one", table_arm=True)
    assert scene["first"] == 5
    credit = tracker.first_hand(0.0)
    assert credit.seat == 5 and credit.why is CreditReason.ONE_HAND, credit
    # The rule is applied frame by frame (the piece becomes an arm as it is tracked): off,
    # the same frames are tracked again.
    without, _ = tracked_ring(735, 52, "one", tuning=OFF, table_arm=True)
    assert without.first_hand(0.0).why is CreditReason.UNTRACEABLE


def test_ways_filled_wider_than_one_arm_are_not_traced() -> None:
    # The same ring asking its filled ways to lie within a fan narrower than the arm's own
    # (several neighbouring ways fill): left to a person.
    narrow = dataclasses.replace(TN, shade_fan=1.0)
    tracker, _ = tracked_ring(735, 52, "one", tuning=narrow, table_arm=True)
    assert tracker.first_hand(0.0).seat is None


def test_a_plain_ring_nearby_still_reads() -> None:
    # The ring before it on the same seed, plain: credited as before.
    tracker, scene = tracked_ring(735, 48, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] and credit.why is CreditReason.ONE_HAND, credit

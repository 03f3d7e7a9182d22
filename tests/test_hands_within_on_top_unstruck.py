"""Two hands of one brown striking the bell within a frame of each other, head on: the
credited hand's stop was not seen (its front held at the seam between the two from its first
frame touching the other, read as fingertips gone under it), and the other, never seen to
strike, was said to have come later only by lying on top of it (its picture changed under
the other's arm). That proves nothing of which came first, as with two strikes estimated
within ``HandTuning.over_min_gap``: the ring is left to a person
(``HandTuning.on_top_unstruck``, ``_on_top_unstruck``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import seen_ring, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, on_top_unstruck=False)


def test_a_hand_on_top_whose_strike_was_never_seen_does_not_show_the_other_first() -> None:
    # Ring 692/7 (within a frame, plain): seat 3 rang first, seat 1 (one brown with it) 1.6
    # ms later, drawn over it. Seat 1's front was held still at the seam from two frames
    # before the ring while its hand went on over seat 3's; seat 3, read under it and never
    # past the bell's centre, was read lying over seat 1 (head on) and seat 1 was credited.
    tracker, scene, seen = seen_ring(692, 7, "within")
    first, second = scene["first"], scene["reaches"][1].seat
    assert (first, second) == (3, 1)
    held = [arms[second].depth for t, arms in seen if t > -2 / 60]
    assert max(held) - min(held) < 0.01 and not any(arms[second].tip_clear for _, arms in seen[-4:])
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.WITHIN_A_FRAME, credit
    assert credit.other_seat == first
    tracker.tuning = OFF
    wrong = tracker.first_hand(0.0)
    assert wrong.seat == second, wrong
    assert wrong.why is CreditReason.SHOWN_LATER, wrong


def test_a_hand_on_top_with_a_strike_of_its_own_still_counts_as_later() -> None:
    # Ring 599/11 (within a frame, plain), nearby: the second hand, read lying over the
    # first head on, struck a frame after it, seen: the first is credited.
    tracker, scene = tracked_ring(599, 11, "within")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES, credit

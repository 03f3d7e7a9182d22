"""A hand the colour of the table easing onto the bell in a sleeve: linked to its sleeve by the
two ends' advance over two steps together, its sleeve's end read off in the frame between
(``HandTuning.link_net``)."""

from __future__ import annotations

import dataclasses
import math

from rendered_rings import tracked_ring

from halli_pi.vision.hand_tracks import _confused, _leapt_unlike_a_hand, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning
from halli_pi.vision.hidden_hand import Pair, in_step

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, link_net=False)


def test_two_steps_judged_together_forgive_a_read_off_in_the_frame_between() -> None:
    # Tuning one-hand ring 542/20 (work px along the arm's line, a bell radius 8.9): the
    # sleeve's end read 65.1 in the middle frame, no pixel inside its edge; a read of about
    # 60.6 keeps pace with the hand's far end there.
    before = [Pair(-0.0305, 53.4, 80.5), Pair(-0.0138, 65.1, 87.7)]
    now = Pair(0.0028, 68.1, 92.4)
    tolerance = TN.link_step * 8.9
    assert in_step(before, now, 1.3, tolerance, net=True)  # 14.7 and 11.9 together
    assert not in_step(before, now, 1.3, tolerance)  # 11.7 against 7.2 in the first step
    # Still two steps forward each, and still the two ends' advance agreeing.
    assert not in_step(before, Pair(0.0028, 65.5, 92.4), 1.3, tolerance, net=True)  # 0.4 on
    assert not in_step(before, Pair(0.0028, 68.1, 88.0), 1.3, tolerance, net=True)  # far 0.3
    assert not in_step(before, Pair(0.0028, 68.1, 99.0), 1.3, tolerance, net=True)  # far ahead


def _eased(linked_at: int | None) -> list[_Seen]:
    """Ring 542/20's arm alone in its region, a frame apart: its sleeve's end, then (frame
    `linked_at`) its hand seen over the bell, then the bell's halt, clear in one frame."""
    depths = [-3.94, -3.35, -2.23, 1.04, 1.04, 1.04]
    seen = []
    for k, d in enumerate(depths):
        linked = k == linked_at
        hand = None if k == 2 else False
        seen.append(_Seen(k * P, d, d > -1.0, k == 4, linked, hand, alone=True))
    return seen


def test_a_hand_linked_to_its_sleeve_is_where_its_hand_is() -> None:
    track = _eased(linked_at=3)
    assert _confused(track, TN, P, 3 * P) == math.inf
    assert not _leapt_unlike_a_hand(track, 3 * P, TN, P)
    # Without the rule: that read is taken for one short against unexplained foreground, and
    # its step onto the bell for a leap into something that is not its hand.
    assert _confused(track, OFF, P, 3 * P) == 4 * P
    assert _leapt_unlike_a_hand(track, 3 * P, OFF, P)
    # A front that leapt so with no link is still a leap, however it is tuned.
    assert _leapt_unlike_a_hand(_eased(linked_at=None), 3 * P, TN, P)


def test_bench_ring_of_a_hand_easing_onto_the_bell_in_a_sleeve_is_credited() -> None:
    # Tuning one-hand ring 542/20: a dark hand in a blue sleeve on a wooden table of its hue
    # eases onto the bell from the right; only the sleeve and, over the bell, the hand show.
    tracker, scene = tracked_ring(542, 20, "one")
    after = next(f for f in tracker.history if f.t > 0.0)
    assert any(a.linked and a.seat == scene["first"] for a in after.arms)
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.ONE_HAND
    # Without the rule the hand on the bell is no arm's: a person was asked.
    tracker, _ = tracked_ring(542, 20, "one", tuning=OFF)
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.UNTRACEABLE

"""A player who came in slowly and turned back slowly, short of the bell, fingertips seen
leaving: pulling back, not lying still short of it (``HandTuning.drift_from_deepest``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _Seen, _still_short
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, drift_from_deepest=False)


def _track(depths: list[float], clear: bool = True, seen: bool | None = True) -> list[_Seen]:
    """One arm short of the bell, a frame apart, the ring between its last two frames."""
    n = len(depths)
    return [
        _Seen((k - n + 1.5) * P, d, False, clear, hand_seen=seen, alone=True)
        for k, d in enumerate(depths)
    ]


# Tuning one-hand ring 604/156: a player beside the ringer came in 0.02 to 0.16 bell radii a
# frame (its last steps), then drew back 0.09 to 0.15 a frame, each under `stop_depth`.
TURNED = [-6.0, -5.1, -4.2, -3.3, -3.04, -2.93, -2.77, -2.66, -2.52, -2.50]
BACK = [-2.59, -2.68, -2.82, -2.94, -3.05, -3.19, -3.30, -3.40]


def test_a_slow_turn_back_seen_clear_is_no_arm_lying_still_short() -> None:
    track = _track(TURNED + BACK)
    assert not _still_short(track, -0.5 * P, TN, P)
    assert _still_short(track, -0.5 * P, OFF, P)


def test_a_front_lying_still_or_not_seen_leaving_still_lies_short() -> None:
    # Lying still after the turn, its jitter netting out: it may hide a hand on the bell.
    still = _track(TURNED + [-2.55, -2.50, -2.58, -2.52, -2.56, -2.51, -2.55, -2.53])
    assert _still_short(still, -0.5 * P, TN, P)
    # Drawing back the same, but its fingertips against other foreground, or a front the
    # picture cannot tell is a hand: its hand is not seen leaving.
    assert _still_short(_track(TURNED + BACK, clear=False), -0.5 * P, TN, P)
    assert _still_short(_track(TURNED + BACK, seen=None), -0.5 * P, TN, P)


def test_bench_ring_with_a_slow_pullback_beside_the_ringer_is_credited() -> None:
    # Tuning one-hand ring 604/156: left to a person as an arm lying still short of the bell.
    tracker, scene = tracked_ring(604, 156, "one")
    # Judged on the tracker's same frames without the rule.
    credited_then_left_without(tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.STILL_SHORT)

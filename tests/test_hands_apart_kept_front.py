"""A bare arm's front kept where it stopped standing out from the table, its hand then cut off
on the bell at the arm's pace: no jump (``HandTuning.kept_still_least``, ``kept_still_most``)."""

from __future__ import annotations

import dataclasses
import math

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _confused, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, kept_still_least=0)


def _track(depths: list[float], cut_from: int) -> list[_Seen]:
    """One bare arm alone in its region, a frame apart, its front a hand seen clear, the reads
    from `cut_from` on its hand cut off over the bell."""
    return [
        _Seen(k * P, d, d > -1.0, True, hand_seen=True, alone=True, cut_off=k >= cut_from)
        for k, d in enumerate(depths)
    ]


# Tuning apart ring 607/305, as read: 0.43 bell radii a frame, then kept at -2.85 to -2.73
# for five frames, then its hand cut off on the bell at -0.52 and on at its pace.
KEPT = [-3.71, -3.28, -2.85, -2.81, -2.73, -2.73, -2.73, -2.73, -0.52, -0.10, 0.34]


def test_a_front_kept_still_then_its_hand_cut_off_at_its_pace_is_no_jump() -> None:
    track = _track(KEPT, 8)
    assert _confused(track, TN, P, math.inf) == math.inf
    # Without the rule the step from a hand seen clear onto a piece far ahead is a jump.
    assert _confused(track, OFF, P, math.inf) == track[8].t


def test_a_front_that_never_lay_still_or_came_on_faster_than_its_pace_still_jumps() -> None:
    # Fresh apart ring 591/497's player pulling back: steady at 0.3 a frame, never still,
    # then a piece 2.9 bell radii on: another hand.
    steady = _track([-4.47, -4.14, -3.83, -3.61, -3.28, -3.0, -0.14], 6)
    assert _confused(steady, TN, P, math.inf) == steady[6].t
    # Still for five frames, but the piece lies farther on than 1.5 times its pace allows.
    far = _track([-5.71, -5.28, -4.85, -4.81, -4.73, -4.73, -4.73, -4.73, -0.52], 8)
    assert _confused(far, TN, P, math.inf) == far[8].t
    # Still for two frames only: a hand may lie still that long.
    short = _track([-3.71, -3.28, -2.85, -2.81, -2.73, -0.9], 5)
    assert _confused(short, TN, P, math.inf) == short[5].t
    # A front that crept to its stop (under `steady_min` a frame) is no hand at its pace.
    crept = _track([-3.0, -2.9, -2.85, -2.81, -2.73, -2.73, -2.73, -2.73, -0.9], 8)
    assert _confused(crept, TN, P, math.inf) == crept[8].t


def test_bench_ring_of_a_bare_arm_kept_short_of_the_bell_is_credited() -> None:
    tracker, scene = tracked_ring(607, 305, "apart")
    # Judged on the tracker's same frames without the rule: every frame from the step on cut.
    credited_then_left_without(
        tracker, scene, CreditReason.SHOWN_LATER, OFF, CreditReason.ARMS_NOT_TOLD_APART
    )


def test_bench_ring_nearby_still_credited() -> None:
    # Tuning apart ring 607/301, credited right with the rule and without it (judged again
    # on the tracker's same frames: the rule is only read in judging the tracks).
    tracker, scene = tracked_ring(607, 301, "apart")
    for tuning in (TN, OFF):
        tracker.tuning = tuning
        assert tracker.first_hand(0.0).seat == scene["first"], tuning

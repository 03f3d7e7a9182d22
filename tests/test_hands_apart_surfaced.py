"""A second hand coming on over the first hand's arm, its front read at the seam between them
(against that arm), then found clear of it where its own pace took it: no split gone wrong
(``HandTuning.surfaced_most``)."""

from __future__ import annotations

import dataclasses
import math

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _confused, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, surfaced_most=0)


def _track(reads: list[tuple[float, bool]], alone_until: int = 1) -> list[_Seen]:
    """One arm a frame apart: (depth, clear) per frame, its front a hand the picture shows,
    alone in its region for the first `alone_until` reads, then sharing it."""
    return [
        _Seen(k * P, d, d > -1.0, clear, hand_seen=True, alone=k < alone_until)
        for k, (d, clear) in enumerate(reads)
    ]


# Tuning apart ring 608/37's second hand, as read: clear at 0.86 bell radii a frame, then
# against the first hand's arm for six frames (0.59 to 0.75 a frame), then clear of it at 0.67,
# 1.52 on from the read before but 0.79 a frame from its last clear read.
SURFACED = [
    (-5.74, True),
    (-4.88, True),
    (-4.14, False),
    (-3.39, False),
    (-2.80, False),
    (-2.11, False),
    (-1.49, False),
    (-0.85, False),
    (0.67, True),
    (0.70, True),
]


def test_a_front_found_clear_at_its_pace_after_reads_at_the_seam_is_no_jump() -> None:
    track = _track(SURFACED, alone_until=3)
    assert _confused(track, TN, P, math.inf) == math.inf
    # Without the rule the step from the seam onto the clear front is a jump.
    assert _confused(track, OFF, P, math.inf) == track[8].t


def test_a_front_found_clear_too_far_or_alone_or_drawn_back_still_jumps() -> None:
    # Found clear farther on than 1.5 times the pace it came in at, a frame since.
    far = _track([*SURFACED[:8], (5.0, True)], alone_until=3)
    assert _confused(far, TN, P, math.inf) == far[8].t
    # Alone in its region throughout: no seam with another arm read it short; the rule
    # leaves such a front to the rules for an arm alone.
    alone = _track([*SURFACED[:8], (1.2, True)], alone_until=len(SURFACED))
    assert _confused(alone, TN, P, math.inf) == _confused(alone, OFF, P, math.inf) < math.inf
    # Read back against the other arm on the way: the split moved, not the hand.
    back = list(SURFACED[:9])
    back[5] = (-3.0, False)
    track = _track(back, alone_until=3)
    assert _confused(track, TN, P, math.inf) == track[8].t
    # At the seam for longer than `surfaced_most` frames since its last clear read.
    long = [(-6.0 + 0.86 * k, True) for k in range(2)] + [
        (-4.5 + 0.5 * k, False) for k in range(TN.surfaced_most)
    ]
    long.append((long[-1][0] + 1.3, True))
    track = _track(long, alone_until=2)
    assert _confused(track, TN, P, math.inf) == track[-1].t


def test_bench_rings_of_a_second_hand_found_clear_over_the_first_are_credited() -> None:
    # Tuning apart rings 608/37 (the jump before the ring: every frame after it cut) and
    # 606/157 (the jump after it: the first hand's stop, past the last frame kept, unseen).
    for (seed, i), why_off in (
        ((608, 37), CreditReason.ARMS_NOT_TOLD_APART),
        ((606, 157), CreditReason.STILL_COMING),
    ):
        tracker, scene = tracked_ring(seed, i, "apart")
        credit, _ = credited_then_left_without(
            tracker, scene, CreditReason.FIRST_BY_FRAMES, OFF, why_off
        )
        assert credit.other_seat == scene["reaches"][1].seat


def test_bench_ring_nearby_still_credited() -> None:
    # Tuning apart ring 608/41, credited right with the rule and without it (judged again
    # on the tracker's same frames: the rule is only read in judging the tracks).
    tracker, scene = tracked_ring(608, 41, "apart")
    for tuning in (TN, OFF):
        tracker.tuning = tuning
        assert tracker.first_hand(0.0).seat == scene["first"], tuning

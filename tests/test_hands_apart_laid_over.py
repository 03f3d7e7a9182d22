"""A second hand that lands on the bell over the first hand's fingertips, its own outline
bulging into that arm from the ring to the last frame judged, came later
(``HandTuning.over_later_frames``, ``Arm.over_seats``, ``_laid_over_later``); a hand about to
be credited that lies so over another hand at the end may have come after it, and is left to a
person (``HandTuning.over_credited_frames``, ``CreditReason.LIES_OVER_ANOTHER``)."""

from __future__ import annotations

import dataclasses

from made_up_arms import P, frames_around_ring, over_arm
from rendered_rings import tracked_ring

from halli_pi.vision.hand_tracks import _laid_over_later, _lies_over_at_end
from halli_pi.vision.hands import CreditReason, HandFrame, HandTuning

TN = HandTuning()
# Off: the rule, and the head-on rule (``head_on_px``), which names 603/241 too by the
# first hand's picture changed under the second's: the rule is judged on its own.
OFF = dataclasses.replace(TN, over_later_frames=0, head_on_px=0)
KEEP = dataclasses.replace(TN, over_credited_frames=0)


def test_a_hand_over_the_first_from_the_ring_to_the_end_came_later() -> None:
    under, top = over_arm(1, False), over_arm(0, False, (1,))
    frames = frames_around_ring(
        (over_arm(1, True), over_arm(0, True)), (under, over_arm(0, False)), *[(under, top)] * 3
    )
    assert _laid_over_later(frames, 1, 0, 0.0, TN, P)
    assert not _laid_over_later(frames, 1, 0, 0.0, OFF, P)
    # Over for two frames only: a split may read a bulge that long.
    assert not _laid_over_later(frames[:-1], 1, 0, 0.0, TN, P)
    # Not over in the last frame: the run must reach the last frame judged.
    assert not _laid_over_later(
        [*frames, HandFrame(4 * P, (under, over_arm(0, False)), 0.0)], 1, 0, 0.0, TN, P
    )


def test_a_bulge_read_both_ways_or_over_a_clear_front_says_nothing() -> None:
    under, top = over_arm(1, False), over_arm(0, False, (1,))
    # The credited hand read over the other in any frame: the split's bulge, not a hand on top.
    both = frames_around_ring(
        (over_arm(1, False, (0,)), over_arm(0, False)), (under, top), (under, top), (under, top)
    )
    assert not _laid_over_later(both, 1, 0, 0.0, TN, P)
    # The credited hand's fingertips clear against the table: nothing lies over them.
    clear = frames_around_ring((under, top), *[(over_arm(1, True), top)] * 3)
    assert not _laid_over_later(clear, 1, 0, 0.0, TN, P)
    # The top arm's front no hand the picture shows.
    unlike = frames_around_ring((under, top), *[(under, over_arm(0, False, (1,), hand=None))] * 3)
    assert not _laid_over_later(unlike, 1, 0, 0.0, TN, P)


def test_bench_rings_of_a_second_hand_laid_over_the_first_are_credited() -> None:
    # Tuning apart rings: the second hand comes head on over the first hand's fingertips on
    # the bell, its outline whole over them to the end; the first hand's front is the
    # split's edge from before the ring. Judged on the tracker's same frames without the
    # rule, nobody is named.
    for seed, index, why_off in (
        (603, 241, CreditReason.HIDDEN_HAND),
        (607, 373, CreditReason.UNDER_BUT_BEHIND),
    ):
        tracker, scene = tracked_ring(seed, index, "apart")
        credit = tracker.first_hand(0.0)
        assert credit.seat == scene["first"], (seed, index, credit)
        tracker.tuning = OFF
        credit = tracker.first_hand(0.0)
        assert credit.seat is None, (seed, index, credit)
        assert credit.why is why_off, (seed, index, credit)


def test_a_hand_over_another_in_the_last_frames_may_have_come_later() -> None:
    under, top = over_arm(1, False), over_arm(0, False, (1,))
    frames = frames_around_ring(
        (over_arm(1, True), over_arm(0, True)),
        (under, over_arm(0, False)),
        (under, top),
        (under, top),
    )
    assert _lies_over_at_end(frames, 0, TN)
    assert not _lies_over_at_end(frames, 0, KEEP)
    assert not _lies_over_at_end(frames, 1, TN)  # the hand under it
    # Over it in the last frame only: a split may read a bulge that long.
    assert not _lies_over_at_end(
        frames[:-1] + [HandFrame(3 * P, (under, over_arm(0, False)), 0.0), frames[-1]], 0, TN
    )


def test_bench_rings_credited_to_a_hand_over_the_first_are_left_to_a_person() -> None:
    # Open wrong credits: 598/383 (within a frame, plain: two hands of one skin head on, the
    # second over the first's fingertips, credited first by frames) and 597/462 (between
    # frames, with the stress of a bare arm the table's colour: the second hand's front over
    # the first's bare arm on the bell).
    for seed, index, kind, stress in ((598, 383, "within", False), (597, 462, "between", True)):
        tracker, scene = tracked_ring(seed, index, kind, table_arm=stress)
        credit = tracker.first_hand(0.0)
        assert credit.seat is None, (seed, index, credit)
        assert credit.why is CreditReason.LIES_OVER_ANOTHER, (seed, index, credit)
        tracker.tuning = KEEP
        credit = tracker.first_hand(0.0)
        assert credit.seat is not None and credit.seat != scene["first"], (seed, index, credit)


def test_bench_rings_nearby_still_credited() -> None:
    # Tuning apart rings 603/245 and 607/377, credited right with the rules and without; and
    # 612/2 (between frames, with the stress of a bare arm the table's colour), whose first
    # hand's front, a sliver the picture cannot tell for a hand, reads over the second's arm
    # at the end: no hand's outline, it keeps its credit.
    both_off = dataclasses.replace(TN, over_later_frames=0, over_credited_frames=0)
    for seed, index, kind, stress in (
        (603, 245, "apart", False),
        (607, 377, "apart", False),
        (612, 2, "between", True),
    ):
        tracker, scene = tracked_ring(seed, index, kind, table_arm=stress)
        for tuning in (TN, both_off):
            tracker.tuning = tuning
            assert tracker.first_hand(0.0).seat == scene["first"], (seed, index, tuning)

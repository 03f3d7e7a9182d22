"""A hand read lying over the credited hand's fingertips from the ring on does not count as
coming later when the two fronts are read of one colour in a frame of that run and of unlike
colour in none (``HandTuning.over_unlike``, ``Arm.over_alike``, ``Arm.over_unlike``,
``_laid_over_later``): between two hands of one skin the outline is where the split draws
it, and which bulges into which says nothing of which lies on top."""

from __future__ import annotations

import dataclasses

from made_up_arms import P, frames_around_ring, over_arm
from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _laid_over_later
from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, over_unlike=0.0)


def test_a_bulge_between_two_hands_of_one_colour_says_nothing() -> None:
    # Tuning rings 657/6 and 601/7: two hands of one skin, the split's edge between them read
    # as one bulging into the other (fronts 2.0 to 8.5 levels apart in a channel).
    under, alike = over_arm(1, False), over_arm(0, False, (1,), unlike=False)
    start = (over_arm(1, True), over_arm(0, True)), (under, over_arm(0, False))
    frames = frames_around_ring(*start, *[(under, alike)] * 3)
    assert not _laid_over_later(frames, 1, 0, 0.0, TN, P)
    assert _laid_over_later(frames, 1, 0, 0.0, OFF, P)
    # Read alike in one frame, not read in the others: alike all the same.
    unread = over_arm(0, False, (1,), unlike=None)
    assert not _laid_over_later(
        frames_around_ring(*start, (under, alike), *[(under, unread)] * 2), 1, 0, 0.0, TN, P
    )
    # Never read: the picture cannot tell the colours, the bulge counts as before (fresh
    # rings 668/91 and 663/83, credited so).
    assert _laid_over_later(frames_around_ring(*start, *[(under, unread)] * 3), 1, 0, 0.0, TN, P)


def test_a_hand_of_another_colour_over_the_first_in_one_frame_of_the_run_came_later() -> None:
    # A front's colour is read from a few pixels, shaded: unlike in one frame of the run is
    # enough (tuning apart ring 603/241: 24, 1.0 and 13.5 levels apart in its three frames).
    under, alike, unlike = (
        over_arm(1, False),
        over_arm(0, False, (1,), unlike=False),
        over_arm(0, False, (1,), unlike=True),
    )
    start = (over_arm(1, True), over_arm(0, True)), (under, over_arm(0, False))
    frames = frames_around_ring(*start, (under, unlike), *[(under, alike)] * 2)
    assert _laid_over_later(frames, 1, 0, 0.0, TN, P)
    # ... but in the run that reaches the last frame: an unlike read before a break in it
    # does not count.
    broken = frames_around_ring((under, unlike), (under, over_arm(0, False)), *[(under, alike)] * 3)
    assert not _laid_over_later(broken, 1, 0, 0.0, TN, P)


def test_bench_rings_of_a_hand_of_another_colour_over_the_first_still_credited() -> None:
    # Fresh ring 659/27 (within a frame): the second hand, of a darker skin, lands over the
    # first's fingertips; credited with the narrowing, left to a person without the rule.
    tracker, scene = tracked_ring(659, 27, "within")
    off = dataclasses.replace(TN, over_later_frames=0)
    credited_then_left_without(tracker, scene, CreditReason.FIRST_BY_FRAMES, off)

"""An arm that just met another is backed by a hand's picture: a darkening of a shadow's ratios,
read as foreground only by the texture it lost, that no arm's carried picture is seen on and
that is not of the arm's hand's tint is no fingertip of it, nor what only that joins to it
(``HandTuning.front_backed``)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from rendered_rings import tracked_ring

from halli_pi.vision.hands import Arm, CreditReason, HandTracker, HandTuning, _Held
from halli_pi.vision.render import IMAGE_SIZE, default_zones
from halli_pi.vision.render_hands import bell_spot

OFF = dataclasses.replace(HandTuning(), front_backed=False)


def _depth_after_the_ring(tracker: HandTracker, seat: int) -> float:
    """How far `seat`'s arm reached past the bell's centre in the first frame after the ring."""
    frame = next(f for f in tracker.history if f.t > 0.0)
    return max(a.depth for a in frame.arms if a.seat == seat)


@pytest.mark.parametrize(
    ("seed", "index"),
    [
        # A hand from the left strikes at the ring; one from below, of nearly its skin, 2.7
        # frames later. As their arms met, the first hand's shadow over the striker (its
        # texture judged lost beside the hand's skin) was given to the second arm, whose
        # front read -0.23 bell radii (drawn at -0.37), and then held there to the end while
        # it went on over the first hand (drawn 0.45 past the centre just after the ring).
        (538, 461),
        # The same from above, 3.2 frames later, into its own shadow and a lighter rim of it
        # that only the shadow joined to it: read -0.18 (drawn at -0.54), then held at -0.17
        # (drawn 0.11 past the centre just after the ring).
        (541, 377),
    ],
)
def test_a_second_hand_read_where_its_picture_is_is_shown_later(seed: int, index: int) -> None:
    tracker, scene = tracked_ring(seed, index, "apart")
    second = scene["reaches"][1].seat
    assert _depth_after_the_ring(tracker, second) > 0.0
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES
    assert credit.other_seat == second
    # Without the rule: its front held short against the first arm, a hand that may be
    # under it, and nobody is named.
    tracker, _ = tracked_ring(seed, index, "apart", tuning=OFF)
    assert _depth_after_the_ring(tracker, second) < -0.15
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.HIDDEN_HAND
    assert credit.other_seat == second


def test_a_front_read_into_a_shadow_long_after_the_arms_met_is_kept() -> None:
    # Check ring 561/342, two hands between one and two frames apart: the first hand's
    # fingertips went under the second's, and its front was read on into its own shadow
    # beyond them, two frames after the arms met (0.11 bell radii; drawn at 0.37). Judged
    # there too, its front read -0.09 and nobody was named: only an arm that just met
    # another is judged so.
    tracker, scene = tracked_ring(561, 342, "between")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES


def test_only_a_shadow_like_pixel_no_picture_backs_is_unbacked() -> None:
    zones = default_zones(2, IMAGE_SIZE)
    tracker = HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone())
    h, w = tracker.work[1], tracker.work[0]
    skin = np.array([125.0, 149.0, 211.0], np.float32)  # BGR
    grey = np.array([60.0, 60.0, 62.0], np.float32)  # a shadow on the bell's foot
    xs = np.array([10, 11, 12, 13])
    ys = np.array([5, 5, 5, 5])
    tracker._last = np.zeros((h, w, 3), np.float32)
    tracker._last[5, 10:13] = grey
    tracker._last[5, 13] = skin * 0.6  # the hand's skin in shade: its own tint
    tracker._dim = np.zeros((h, w), bool)
    tracker._dim[5, 10:14] = True
    tracker._seen_any = np.array([False, True, False, False])  # a picture seen again on 11
    tracker._dim[5, 12] = False  # ... and 12 stands out from the table in colour
    mask = np.zeros((h, w), np.uint8)
    held = _Held(np.array([0.0, 5.0]), mask, np.array([9.0, 5.0]), True, hand=skin)
    got = tracker._unbacked(held, xs, ys)
    assert got.tolist() == [True, False, False, False]
    # An arm whose hand's colour was never seen alone has nothing to judge by: all backed.
    assert not tracker._unbacked(dataclasses.replace(held, hand=None), xs, ys).any()


def test_what_only_unbacked_pixels_join_to_an_arm_is_not_its_front() -> None:
    zones = default_zones(2, IMAGE_SIZE)
    tracker = HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone())
    # One arm's pixels along a row: its hand (x 0 to 5), a shadow (6, 7) no picture backs,
    # a rim beyond it (8, 9); and a second piece of it (x 20 to 22), cut off already.
    xs = np.array([*range(10), 20, 21, 22])
    ys = np.full(len(xs), 4)
    mine = np.ones(len(xs), bool)
    unbacked = np.isin(xs, [6, 7])
    got = tracker._backed(mine, unbacked, xs, ys)
    assert xs[got].tolist() == [0, 1, 2, 3, 4, 5, 20, 21, 22]
    # Nothing unbacked: the arm as it is.
    assert tracker._backed(mine, np.zeros(len(xs), bool), xs, ys).all()


def _first_shared_frame(tracker: HandTracker, seat: int) -> tuple[Arm, Arm]:
    """`seat`'s arm in the frame before it first shared its region with another arm, and in
    that frame."""
    frames = list(tracker.history)
    for before, now in zip(frames, frames[1:], strict=False):
        arm = next((a for a in now.arms if a.seat == seat), None)
        if arm is not None and sum(a.region == arm.region for a in now.arms) > 1:
            return next(a for a in before.arms if a.seat == seat), arm
    raise AssertionError(f"seat {seat} never met another arm")


def test_a_hand_lying_still_as_another_meets_it_is_read_as_the_split_gives_it() -> None:
    # Tuning ring 556/397, two hands apart: the first hand lay still on the bell (0.96 bell
    # radii) when the second met it just after the ring. Judged as an arm coming on, its
    # front was read there (the split's sliver of the second hand cut off), its last clear
    # read fell a frame past the ring while the split lent it the sliver again the frame
    # after, and nobody was named (NO_STRIKE_AT_THE_RING). A still hand is read as the split
    # gives it: its stop is the one seen alone, and the second hand was still short.
    tracker, scene = tracked_ring(556, 397, "apart")
    first, second = scene["first"], scene["reaches"][1].seat
    still, met = _first_shared_frame(tracker, first)
    assert still.tip_clear and not still.moving and still.depth > 0.9
    assert not met.tip_clear and met.depth > still.depth + 0.3  # the split's sliver
    credit = tracker.first_hand(0.0)
    assert credit.seat == first, credit
    assert credit.why is CreditReason.SHOWN_LATER
    assert credit.other_seat == second

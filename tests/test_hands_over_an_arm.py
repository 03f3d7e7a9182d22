"""A second hand going on over the first hand's arm, of nearly its skin, keeps its own front:
its pieces are one with it through where its carried picture is seen again
(``HandTuning.seen_joins_px``)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
from rendered_rings import tracked_ring

from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning
from halli_pi.vision.render import IMAGE_SIZE, default_zones
from halli_pi.vision.render_hands import bell_spot

# (A hand over the first's from the ring on is taken to come later, ``over_later_frames``:
# off here, to show what the join alone decides.)
OFF = dataclasses.replace(HandTuning(), seen_joins_px=0, over_later_frames=0)


def _depth_after_the_ring(tracker: HandTracker, seat: int) -> float:
    """How far `seat`'s arm reached past the bell's centre in the first frame after the ring."""
    frame = next(f for f in tracker.history if f.t > 0.0)
    return max(a.depth for a in frame.arms if a.seat == seat)


def test_a_second_hand_over_the_first_hands_arm_is_shown_later() -> None:
    # Tuning apart ring 538/233: a brown hand from the right strikes at the ring; a darker
    # one from below, 2.4 frames later, goes on over its arm. Its fingertips' rim there
    # was cut off from it by the first arm's pixels inside it, its front read still 0.55
    # bell radii short of the centre from 15 ms before the ring (drawn 0.33 past it just
    # after), and it was taken to go on under that arm: nobody was named.
    tracker, scene = tracked_ring(538, 233, "apart")
    second = scene["reaches"][1].seat
    assert _depth_after_the_ring(tracker, second) > 0.0
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is CreditReason.FIRST_BY_FRAMES
    assert credit.other_seat == second
    # Without the rule: read still short against the first arm, a hand that may be under it.
    tracker, _ = tracked_ring(538, 233, "apart", tuning=OFF)
    assert _depth_after_the_ring(tracker, second) < -0.5
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.HIDDEN_HAND
    assert credit.other_seat == second


def test_only_a_whole_piece_the_other_arms_picture_left_is_joined() -> None:
    zones = default_zones(2, IMAGE_SIZE)
    tracker = HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone())
    h, w = tracker.work[1], tracker.work[0]
    piece = np.zeros((h, w), np.uint8)
    piece[5, 0:5] = 1  # from where the arm enters, (0, 5)
    piece[3:8, 10:13] = 1  # a rim of 15 pixels, cut off from it ...
    piece[20, 10] = 1  # ... and a speck
    seen = np.zeros((h, w), bool)
    seen[5, 5:10] = True  # its picture seen again between its piece and the rim
    seen[6:20, 10] = True  # ... and on to the speck
    ys, xs = np.nonzero(piece | seen)
    _, parts = cv2.connectedComponents(piece, connectivity=8)
    entry = np.array([0.0, 5.0])

    def joined(others: np.ndarray) -> set[tuple[int, int]]:
        out = tracker._joined_by_seen(piece, parts, seen[ys, xs], others[ys, xs], entry, xs, ys)
        return {(int(x), int(y)) for x, y in zip(xs[out], ys[out], strict=True)}

    nobody = np.zeros((h, w), bool)
    got = joined(nobody)
    assert {(10, 3), (11, 5), (12, 7)} <= got  # the rim
    assert (10, 20) not in got  # a speck is no hand's rim
    assert (7, 5) not in got  # where only its picture is seen: not its own piece
    # Another arm's picture seen again on one pixel of the rim: that arm is not all changed
    # there, the rim is not joined.
    shown = nobody.copy()
    shown[4, 11] = True
    assert (11, 5) not in joined(shown)

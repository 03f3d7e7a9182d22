"""A first hand's reach across the bell on the way of another arm: only as far as its hand."""

from __future__ import annotations

import dataclasses

import numpy as np
from rendered_rings import tracked_ring

from halli_pi.vision.hand_tracks import _on_the_way_of
from halli_pi.vision.hands import Arm, CreditReason, HandFrame, HandTuning

TN = HandTuning()
CENTRE, RADIUS = np.array([320.0, 240.0]), 40.0


def _arm(seat: int, entry, depth: float, outline, *, clear: bool = False) -> Arm:
    e = np.asarray(entry, np.float64)
    u = (CENTRE - e) / np.linalg.norm(CENTRE - e)
    tip = tuple(CENTRE + depth * RADIUS * u)
    poly = np.asarray(outline, np.int32)
    return Arm(seat, tuple(e), tip, depth, 50, poly, tip_clear=clear)


def _frame(other_depth: float) -> tuple[Arm, HandFrame]:
    """The first hand's arm (seat 0) comes up from the bottom and spreads 1.5 to 1.9 bell
    radii to the right of its line over the bell; another arm (seat 1) comes from the left
    along the row of the bell's centre, its fingertips against foreground `other_depth` bell
    radii past the centre: that spread lies on its line, 1.9 radii past the centre."""
    first = _arm(
        0,
        (320, 479),
        0.8,
        [(300, 479), (300, 230), (395, 230), (395, 250), (340, 250), (340, 479)],
        clear=True,
    )
    other = _arm(1, (0, 240), other_depth, [(0, 225), (200, 225), (200, 255), (0, 255)])
    return first, HandFrame(0.0, (first, other), 0.0)


def test_a_reach_on_another_arms_line_counts_only_as_far_as_its_hand() -> None:
    # The other arm's front half a bell radius short: the reach lies 2.4 radii past it, where
    # its hand (or a forearm lost against the table, then its hand) may be.
    first, frame = _frame(-0.5)
    assert _on_the_way_of(first, frame, {1}, (CENTRE, RADIUS), TN)
    # Its front 4 radii short: the reach lies 5.9 radii past it, on the bell's far side from
    # it (tuning ring 467/301: a player pulling back, 3.7 radii short, whose line passed the
    # first hand's reach 5.6 radii past its front). Its line runs on; its hand does not.
    first, frame = _frame(-4.0)
    assert not _on_the_way_of(first, frame, {1}, (CENTRE, RADIUS), TN)
    # Unbounded, as before: anywhere along the line counted.
    unbounded = dataclasses.replace(TN, on_the_way_reach=float("inf"))
    assert _on_the_way_of(first, frame, {1}, (CENTRE, RADIUS), unbounded)


def test_a_second_hand_merged_far_past_its_faded_front_still_clears_the_first() -> None:
    # Tuning ring 454/157 (two hands apart): the second hand's bare dark arm is seen 4.96 bell
    # radii short, its hand merged into the first hand's region 3.57 radii past that front,
    # reaching 1.6 radii across the first hand's line; it is that arm's hand, and the first
    # hand is named. A bound short of it leaves the ring to a person.
    tracker, scene = tracked_ring(454, 157, "apart")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"]
    tracker.tuning = dataclasses.replace(TN, on_the_way_reach=3.0)
    assert tracker.first_hand(0.0).why is CreditReason.REACHES_FARTHER

"""A hand of the table's hue is read short against the table, then stands out where it first
lies over the bell's light metal: that step onto the bell's rim is no split gone wrong when the
hand, alone in its region, then comes on at a hand's pace to a strike
(``HandTuning.found_on_rim``)."""

from __future__ import annotations

import dataclasses
import math

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _confused, _found_on_rim, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, found_on_rim=False)
PERIOD = 1 / 60


def test_bench_ring_of_a_hand_found_on_the_rim_is_credited() -> None:
    # Tuning one-hand ring 690/176: seat 1's bare arm, its hand of the table's hue read 4.40
    # bell radii short, was found at -0.97 over the bell's rim, then came on 0.57 and 0.65 to
    # its stop at 0.93; the step onto the rim was taken for a split gone wrong.
    tracker, scene = tracked_ring(690, 176, "one")
    assert scene["first"] == 1
    credited_then_left_without(
        tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.ARMS_NOT_TOLD_APART
    )


def _track(depths: list[float], **overrides: list[bool]) -> list[_Seen]:
    """An arm alone in its region, clear, its front a hand, a frame apart, at `depths`."""
    flags = {"on": [d >= -1.0 for d in depths], "clear": [True] * len(depths)}
    flags |= overrides
    return [
        _Seen(
            k * PERIOD,
            d,
            flags["on"][k],
            flags["clear"][k],
            hand_seen=True,
            alone=flags.get("alone", [True] * len(depths))[k],
        )
        for k, d in enumerate(depths)
    ]


# 690/176's reads: short against the table, found on the rim, on at a hand's pace, stopped.
FOUND = [-5.57, -4.95, -4.40, -0.97, -0.40, 0.25, 0.45, 0.73, 0.93, 0.93]


def test_a_hand_found_on_the_rim_and_coming_on_is_no_jump() -> None:
    track = _track(FOUND, clear=[False] * 3 + [True] * 7)
    assert _found_on_rim(track, 3, TN, PERIOD)
    assert _confused(track, TN, PERIOD, math.inf) == math.inf
    assert _confused(track, OFF, PERIOD, math.inf) == track[3].t


def test_a_step_onto_the_rim_not_followed_by_a_hand_coming_on_is_a_jump() -> None:
    # Lying still after it: nothing shows a hand coming on.
    still = _track([*FOUND[:4], -0.95, -0.96, -0.95, -0.95])
    assert not _found_on_rim(still, 3, TN, PERIOD)
    assert _confused(still, TN, PERIOD, math.inf) == still[3].t
    # Never past `strike_depth`: no strike seen from it.
    short = _track([*FOUND[:4], -0.40, 0.1, 0.15, 0.15])
    assert not _found_on_rim(short, 3, TN, PERIOD)
    # Drawing back after it.
    back = _track([*FOUND[:6], -0.2, 0.3])
    assert not _found_on_rim(back, 3, TN, PERIOD)


def test_a_step_onto_the_rim_shared_with_another_arm_or_deep_is_a_jump() -> None:
    # Another arm in its region in any frame from the read before on: a split may have made it.
    shared = _track(FOUND, alone=[True] * 6 + [False] + [True] * 3)
    assert not _found_on_rim(shared, 3, TN, PERIOD)
    assert _confused(shared, TN, PERIOD, math.inf) == shared[3].t
    # Landing past the bell's centre, or farther out than `touch_depth`: not where the bell
    # first shows a hand.
    deep = _track([*FOUND[:3], 0.05, 0.4, 0.7, 0.9, 0.9])
    assert not _found_on_rim(deep, 3, TN, PERIOD)
    out = _track([*FOUND[:3], -1.2, -0.6, 0.0, 0.5, 0.5])
    assert not _found_on_rim(out, 3, TN, PERIOD)
    # From a front seen clear, a hand: that is where its hand was (tuning ring 691/116, with
    # the stress, read 2.10 bell radii short so, found at -0.48, stays left to a person).
    seen = _track([-3.0, -2.4, -2.10, -0.48, 0.08, 0.70, 0.91, 0.91])
    assert not _found_on_rim(seen, 3, TN, PERIOD)
    assert _confused(seen, TN, PERIOD, math.inf) == seen[3].t
    # Its front a sleeve's end (no hand's colour): ``_sleeve_of`` judges that.
    sleeve = [s._replace(hand_seen=False) if k == 3 else s for k, s in enumerate(_track(FOUND))]
    assert not _found_on_rim(sleeve, 3, TN, PERIOD)

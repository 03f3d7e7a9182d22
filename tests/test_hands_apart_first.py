"""A first hand halted by the bell in the last frame judged: it struck there, it is not still
coming (``HandTuning.slowed_step``, ``slowed_share``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _Seen, _strike
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, slowed_step=0.0)


def _track(depths: list[float], clear: bool = True) -> list[_Seen]:
    """One arm coming onto the bell, a frame apart, the last frame the last one judged."""
    return [_Seen(k * P, d, True, clear, hand_seen=True) for k, d in enumerate(depths)]


def test_a_front_halted_mid_step_in_the_last_frame_struck_there() -> None:
    # Tuning apart ring 507/409: 0.40, 0.34 and 0.37 bell radii a frame, then 0.16 on as the
    # bell halted it (just over `stop_depth`), the frames after it cut off.
    halted = _track([0.04, 0.44, 0.78, 1.15, 1.31])
    lo, at, hi = _strike(halted, TN, P) or (None, None, None)
    assert (lo, hi) == (3 * P, 4 * P)
    assert lo is not None and at is not None and lo <= at <= hi
    # Without the rule the hand is still coming in the last frame: its strike comes after it.
    assert _strike(halted, OFF, P) == (3 * P, 5 * P, 5 * P)


def test_a_front_still_at_its_pace_or_not_clear_in_the_last_frame_is_still_coming() -> None:
    # A step more than `slowed_share` of the one before is a hand still coming on.
    paced = _track([0.04, 0.44, 0.78, 1.0, 1.16])
    assert _strike(paced, TN, P) == (3 * P, 5 * P, 5 * P)
    # A step longer than `slowed_step`, however much slower than the one before.
    long = _track([-0.4, 0.2, 0.8, 1.35, 1.6])
    assert _strike(long, TN, P) == (3 * P, 5 * P, 5 * P)
    # Fingertips against another arm: the split, not the bell, may have held the front back.
    hidden = _track([0.04, 0.44, 0.78, 1.15, 1.31], clear=False)
    assert _strike(hidden, TN, P) == (3 * P, 5 * P, 5 * P)


def test_bench_ring_of_a_first_hand_halted_by_the_bell_is_credited() -> None:
    # Tuning apart ring 507/409: the first hand's last frame before the second hand's front
    # jumped onto the bell (taking its pixels, so the frames from there were cut off) showed
    # it halted there; it was left to a person as no strike at the ring.
    tracker, scene = tracked_ring(507, 409, "apart")
    # The second hand's front, read at the seam over the first hand's arm and then found
    # clear at its pace, is no jump (``surfaced_most``): its frames are kept and the first
    # hand is credited by its frames. Without that rule, the rule here still credits it.
    assert tracker.first_hand(0.0).seat == scene["first"]
    tracker.tuning = dataclasses.replace(TN, surfaced_most=0)
    # Judged on the tracker's same frames without the rule.
    credited_then_left_without(
        tracker,
        scene,
        CreditReason.SHOWN_LATER,
        dataclasses.replace(OFF, surfaced_most=0),
        CreditReason.NO_STRIKE_AT_THE_RING,
    )

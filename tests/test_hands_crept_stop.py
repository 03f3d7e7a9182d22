"""A hand easing onto the bell, alone and clear, that crept on under `stop_depth` past the stop
first read: it struck where the creep ended (``HandTuning.crept_stop``, ``_crept_stop``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _crept_stop, _Seen, _strike
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, crept_stop=False)


def _track(depths: list[float], alone: bool = True, clear: bool = True) -> list[_Seen]:
    """One arm coming onto the bell, a frame apart, the ring between frames 4 and 5."""
    return [
        _Seen((k - 4.5) * P, d, d > -1.0, clear, hand_seen=True, alone=alone)
        for k, d in enumerate(depths)
    ]


def test_a_creep_alone_and_clear_moves_the_stop_to_where_it_ended() -> None:
    # Tuning one-hand ring 603/140: 0.06, 0.51, 0.50, then 0.60 from the first frame after
    # the ring on. ``_strike`` stops it at 0.51, 1.6 frames before the ring.
    crept = _track([-0.38, -0.08, 0.06, 0.51, 0.50, 0.60, 0.60, 0.60])
    hit = _strike(crept, TN, P)
    assert hit is not None and hit[2] == crept[3].t
    assert _crept_stop(crept, hit, TN, P) == (crept[4].t, crept[5].t, crept[5].t)
    # Lying still where it stopped: nothing to move.
    still = _track([-0.38, -0.08, 0.06, 0.51, 0.50, 0.51, 0.51, 0.51])
    hit = _strike(still, TN, P)
    assert hit is not None and _crept_stop(still, hit, TN, P) is None


def test_a_creep_shared_with_another_arm_or_read_back_stays_where_it_was_read() -> None:
    depths = [-0.38, -0.08, 0.06, 0.51, 0.50, 0.60, 0.60, 0.60]
    for track in (_track(depths, alone=False), _track(depths, clear=False)):
        hit = _strike(track, TN, P)
        assert hit is not None and _crept_stop(track, hit, TN, P) is None
    # Read back by more than `creep_back` on the way: no steady creep.
    back = _track([-0.38, -0.08, 0.06, 0.51, 0.45, 0.60, 0.60, 0.60])
    hit = _strike(back, TN, P)
    assert hit is not None and _crept_stop(back, hit, TN, P) is None
    # Still creeping in the last frame: no frame shows where it ended.
    going = _track([-0.38, -0.08, 0.06, 0.51, 0.58, 0.62, 0.66, 0.70])
    hit = _strike(going, TN, P)
    assert hit is not None and _crept_stop(going, hit, TN, P) is None


def test_bench_rings_of_a_hand_easing_onto_the_bell_are_credited() -> None:
    # Tuning one-hand rings 593/120 and 603/140: left to a person as no strike at the ring,
    # their stop estimated 25.3 and 26.6 ms before it; credited to the ringer's seat.
    for seed, i in ((593, 120), (603, 140)):
        tracker, scene = tracked_ring(seed, i, "one")
        # Judged on the tracker's same frames without the rule too.
        credited_then_left_without(
            tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.NO_STRIKE_AT_THE_RING
        )


def test_bench_ring_of_two_hands_apart_still_names_the_first() -> None:
    # Tuning apart ring 603/1, right with and without the rule: the first hand still named.
    tracker, scene = tracked_ring(603, 1, "apart")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    tracker.tuning = OFF
    assert tracker.first_hand(0.0).seat == scene["first"]

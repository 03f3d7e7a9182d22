"""A wide hand landing to one side of the bell, its shadow on that side, reaches across the
bell a little past `across_hand`, but no farther past its own forearm's reach than a hand
does: its own hand, not another merged into its region (``HandTuning.own_arm_across``)."""

from __future__ import annotations

import dataclasses

import numpy as np
from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hand_tracks import _own_arm_reach
from halli_pi.vision.hands import Arm, CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, own_arm_across=False)


def _arm(across: float, forearm: float) -> Arm:
    return Arm(
        seat=0,
        entry=(0.0, 240.0),
        tip=(320.0, 240.0),
        depth=1.0,
        zone_px=200,
        outline=np.zeros((0, 2), np.int32),
        across=across,
        forearm_across=forearm,
    )


def test_a_reach_a_little_past_its_forearms_is_its_own_hand() -> None:
    # Tuning one-hand ring 621/264: 1.35 across near the bell, its forearm 1.15.
    assert _own_arm_reach(_arm(1.35, 1.15), TN)
    # Check ring 616/171 (within a frame, with the stress of a bare arm the table's colour):
    # 1.36 across, the forearm 1.03: another hand merged into its region.
    assert not _own_arm_reach(_arm(1.36, 1.03), TN)
    # 579/155, the same stress: 1.44 across, the forearm 0.68.
    assert not _own_arm_reach(_arm(1.44, 0.68), TN)


def test_a_forearm_band_reaching_farther_or_none_excuses_nothing() -> None:
    # Another arm crossing the forearm's band (595/239: 1.45 across, that band 1.86).
    assert not _own_arm_reach(_arm(1.45, 1.86), TN)
    # No forearm seen in the band.
    assert not _own_arm_reach(_arm(1.40, 0.0), TN)
    # Farther across than a hand lands and spreads, however wide the forearm.
    assert not _own_arm_reach(_arm(1.60, 1.45), TN)


def test_bench_ring_of_a_wide_hand_landing_to_one_side_is_credited() -> None:
    # Tuning one-hand ring 621/264: a hand 0.85 bell radii half-wide landing 0.29 to the side
    # of the bell's centre, its shadow on that side; left to a person as reaching farther.
    tracker, scene = tracked_ring(621, 264, "one")
    # Judged on the tracker's same frames without the rule.
    credited_then_left_without(
        tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.REACHES_FARTHER
    )


def test_bench_ring_of_a_hand_merged_into_another_region_stays_with_a_person() -> None:
    # Check ring 616/171 (within a frame, with the stress): the nearest merged hand to the
    # rule's bound, 0.33 past its forearm's reach; still left to a person.
    tracker, _ = tracked_ring(616, 171, "within", table_arm=True)
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.REACHES_FARTHER

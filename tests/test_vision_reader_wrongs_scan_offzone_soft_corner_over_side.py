"""The scans' drawing of a pile pushed off its zone: the top card's corner just over the side
of a covered card fanned out whole below it, its white drawn soft, one point in: the notch it
cuts into the covered card's white is its shaded rim, and the covered card is not claimed."""

from __future__ import annotations

import numpy as np
from styled_reads import assert_doubted, assert_reads

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import load_profile, read_zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table

SEED = 2150875


def test_a_covered_card_under_a_soft_corner_is_a_doubt() -> None:
    # Scans, style offzone, seed 2150875, seat 2: a 2 strawberry on top, its lower corner at
    # the upper side of a 1 lime fanned out whole below it. The corner's white reaches 0.02
    # of the way in at 0.45 along that side, its rim at 0.04 and 0.08, the lime's own white
    # reaching the side on either hand of it: was read 1 lime.
    assert_doubted("scan", "offzone", SEED, 2, "2 strawberry", Doubt.SIDE_UNDER_ANOTHER_CARD)


def test_the_first_look_names_the_corner_over_its_side() -> None:
    # The zone's own first look doubts the covered card's outline, below the top card.
    scene = bench_scene("scan", SEED, 0.15, "offzone")
    zone = style_table("offzone", SEED)[1][2]
    got = read_zone(scene.frame, zone, load_profile(profile_name("scan")))
    assert got.card is None
    assert got.doubt is Doubt.SIDE_UNDER_ANOTHER_CARD
    assert got.corners is not None
    label = scene.labels[2]
    assert float(np.mean(got.corners[:, 1])) > float(np.mean(label.corners[:, 1])) + 40


def test_the_same_table_s_cards_still_read() -> None:
    # The scene's other piles read as before: a 4 strawberry, a 2 lime, a 1 plum.
    assert_reads("scan", "offzone", SEED, 4, "4 strawberry")
    assert_reads("scan", "offzone", SEED, 0, "2 lime")
    assert_reads("scan", "offzone", SEED, 1, "1 plum")

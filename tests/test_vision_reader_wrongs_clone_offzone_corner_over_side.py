"""A clone deck's pile pushed off its zone: the top card's corner a few pixels over the side of
a covered card fanned out whole beneath the card under it, too shallow for the deeper points
a side under another card is judged at: the covered card is not claimed."""

from __future__ import annotations

import numpy as np
from styled_reads import assert_doubted, assert_reads, read_clone

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import load_profile, read_zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table

SEED = 2150875


def test_a_covered_card_under_a_shallow_corner_is_a_doubt() -> None:
    # Clone, style offzone, seed 2150875, seat 2: a 1 banana + 1 plum on top, up past the
    # zone's edge; a 1 strawberry + 1 lime fanned out whole below it, over the zone's middle,
    # its upper side along a 1 banana + 2 plum that lies on it and under the top card, whose
    # lower corner lies 4 pixels over that side. Its outline of white, the cleanest in the
    # zone, was read 1 strawberry + 1 lime. Looked at again, a second look finds two cards
    # either of which may be on top.
    assert_doubted("clone", "offzone", SEED, 2, "1 banana + 1 plum", Doubt.TWO_CARDS_EITHER_ON_TOP)


def test_the_first_look_names_the_corner_over_its_side() -> None:
    # The zone's own first look doubts the outline: a side under another card's white.
    scene = bench_scene("clone", SEED, 0.15, "offzone")
    zone = style_table("offzone", SEED)[1][2]
    got = read_zone(scene.frame, zone, load_profile(profile_name("clone")))
    assert got.card is None
    assert got.doubt is Doubt.SIDE_UNDER_ANOTHER_CARD
    label = scene.labels[2]
    # The outline doubted is the covered card's, below the top card.
    assert got.corners is not None
    assert float(np.mean(got.corners[:, 1])) > float(np.mean(label.corners[:, 1])) + 40


def test_the_same_table_in_the_classic_art_is_a_doubt() -> None:
    # The same table drawn with the classic deck's own art: a 2 strawberry on top, its
    # corner's white over the side of the 1 lime under the card under it at one place only
    # (0.45 along it), read 1 lime.
    assert_doubted("own", "offzone", SEED, 2, "2 strawberry", Doubt.SIDE_UNDER_ANOTHER_CARD)
    assert_reads("own", "offzone", SEED, 4, "4 strawberry")


def test_the_same_table_s_cards_still_read() -> None:
    # The scene's other piles read as before: a 3 strawberry + 1 lime off its zone, and a
    # 3 banana + 1 plum.
    assert_reads("clone", "offzone", SEED, 0, "3 strawberry + 1 lime")
    assert_reads("clone", "offzone", SEED, 4, "3 banana + 1 plum")
    label, got = read_clone("offzone", SEED, 5)
    assert got.card == label.card


def test_a_card_under_the_side_towards_its_end_is_no_corner_over_it() -> None:
    # Scan, style tilt, seed 326502, seat 1: a 1 strawberry on top of its pile, its fitted
    # side a pixel past its white over the card under it, whose white meets the side from
    # 0.65 along it to its end (0.04 of the way in at 0.75), the top card's own white
    # reaching the side at 0.20 alone: no notch of another card's corner, and the card reads.
    # Its neighbour, a 1 strawberry too, still reads.
    assert_reads("scan", "tilt", 326502, 1, "1 strawberry")
    assert_reads("scan", "tilt", 326502, 3, "1 strawberry")

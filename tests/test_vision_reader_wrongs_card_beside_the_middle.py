"""A wrong card at the zone's middle: a covered card lay fanned out whole over the zone's
middle, the cleaner of two whole outlines in the zone, while the pile's top card lay beside
it, neither over the other. Which of the two is on top the picture does not tell: a whole
outline with another beside it in the zone, sharing next to none of it and reading another
card, is not claimed (``zone._another_whole_card_beside``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import load_profile
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.zone import read_zone
from halli_pi.vision.render import style_table


def test_a_covered_card_whole_over_the_middle_beside_the_top_card_is_not_claimed() -> None:
    # Scans, style offzone, seed 333500, seat 2: a covered 1 lime whole over the zone's
    # middle, and the pile's 3 lime lower-left beside it, its white run into the cards
    # under it, read 1 lime.
    scene = bench_scene("scan", 333500, 0.15, "offzone")
    zone = style_table("offzone", 333500)[1][2]
    first = read_zone(scene.frame, zone, load_profile("classic"))
    assert first.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    label, got = read_styled("scan", "offzone", 333500, 2)
    assert label.card == parse_card("3 lime")
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP

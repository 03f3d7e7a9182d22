"""A covered card read for the top card: the pile's 1 banana lies off its place over the
right-hand strip of a 1 strawberry, turned a few degrees from it, the banana's white joined
to the next pile's card and outlined nowhere. The first look fitted a whole outline to the
strawberry's white, past the banana's side, a thin wedge of the banana's white within it at
a corner, and read 1 strawberry. The banana's side along the outline, into it at that corner
with a card's face beyond it, leaves the zone to a doubt (``zone._side_along_into_a_corner``);
the same table drawn in own art and in Deluxe."""

from __future__ import annotations

import pytest
from styled_reads import assert_doubted, assert_reads

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import load_profile
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.zone import read_zone
from halli_pi.vision.render import style_table

_SEED = 2481501


@pytest.mark.parametrize("deck", ["own", "deluxe"])
def test_the_covered_card_under_the_top_card_s_side_is_not_claimed(deck: str) -> None:
    # Style offzone, seed 2481501, seat 3: read 1 strawberry, the covered card.
    assert_doubted(deck, "offzone", _SEED, 3, "1 banana", Doubt.SIDE_ACROSS_A_CORNER)


@pytest.mark.parametrize("deck", ["own", "deluxe"])
def test_the_first_look_doubts_the_outline_past_the_top_card_s_side(deck: str) -> None:
    # The step, pinned: the zone's first look, before any policy pass.
    scene = bench_scene(deck, _SEED, 0.15, "offzone")
    zone = style_table("offzone", _SEED)[1][3]
    first = read_zone(scene.frame, zone, load_profile(profile_name(deck)))
    assert first.card is None
    assert first.doubt is Doubt.SIDE_ACROSS_A_CORNER


@pytest.mark.parametrize(("deck", "want"), [("own", "3 plum"), ("deluxe", "5 lime")])
def test_the_next_pile_s_top_card_still_reads(deck: str, want: str) -> None:
    # Seat 2 of the same table, the pile up and to the left of it.
    assert_reads(deck, "offzone", _SEED, 2, want)

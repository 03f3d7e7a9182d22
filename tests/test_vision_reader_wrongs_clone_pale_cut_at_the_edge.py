"""A clone card under the top card, framed on white with part of the top card: the outline
runs across the top card's faint side and takes in its strawberry, cut by that side, with the
limes and plum of the covered card. Measured against the profile alone the strawberry passes
as whole (0.93 of one); measured against the card's own symbols of other kinds, which the
narrow outline enlarged alike, it is cut (``card._cut_at_the_edge_by_other_kinds``)."""

from __future__ import annotations

import numpy as np
from styled_reads import read_clone

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, _warp, load_profile, read_card_image
from halli_pi.vision.reader.doubts import Doubt

# Clone, style pale, seed 2150000, seat 3: the outline a second look framed on white (frame
# pixels), the covered card's part in view and a strip of the top card with its strawberry.
_ACROSS_THE_TOP_CARD_S_SIDE = np.array(
    [[350.56, 55.92], [383.28, 80.45], [341.69, 132.43], [308.97, 107.89]], np.float64
)


def test_a_strawberry_cut_by_the_outline_is_no_whole_symbol() -> None:
    scene = bench_scene("clone", 2150000, 0.15, "pale")
    got = read_card_image(_warp(scene.frame, _ACROSS_THE_TOP_CARD_S_SIDE), load_profile("clone"))
    assert got.state is State.UNKNOWN
    assert got.doubt is Doubt.SYMBOL_CUT_BY_OUTLINE


def test_the_top_card_reads_without_the_covered_card_s_plum() -> None:
    # Read 1 strawberry + 2 lime + 1 plum before; the top card is now found on its edges.
    label, got = read_clone("pale", 2150000, 3)
    assert label.card == parse_card("1 strawberry + 2 lime")
    assert got.card == parse_card("1 strawberry + 2 lime")


def test_a_whole_clone_card_of_two_kinds_on_the_same_table_still_reads() -> None:
    # Seat 4: the 2 lime + 1 plum, its symbols whole, none on its outline.
    label, got = read_clone("pale", 2150000, 4)
    assert label.card == parse_card("2 lime + 1 plum")
    assert got.card == parse_card("2 lime + 1 plum")

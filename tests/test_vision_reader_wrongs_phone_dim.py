"""A wrong count on a dim phone picture: a lamp's reflection over part of the top card, a
second look, with the size one other card shows, framed the part beside it (and a strip of a
covered card) and claimed it. One side of that frame runs across the top card's face: past
it the face (lit by the reflection) is as bright as within, with no step down to a table,
a shadow or a card's edge (``policy._not_its_own_outline``, ``Tuning.dim_face``,
``Tuning.dim_side_step_most``). And a top card partly under a card of the pile beside it,
framed short of a symbol of which only a tip shows (``card._piece_apart_from_symbols``,
``Tuning.apart_piece_least``).
"""

from __future__ import annotations

import numpy as np
from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_card_image
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.zone import _warp


def test_the_part_beside_a_reflection_framed_at_one_card_s_size_is_not_claimed() -> None:
    # Clone, style phone_dim, seed 340501, seat 3: a 2 banana + 2 strawberry, its
    # strawberries under a lamp's reflection, framed round the bananas at 0.80 of the one
    # other card's side, read 2 banana. Past the frame's side toward the strawberries the
    # face is brighter than within (the step down, at its largest, -0.14 of the strongest
    # side's).
    label, got = read_styled("clone", "phone_dim", 340501, 3)
    assert label.card == parse_card("2 banana + 2 strawberry")
    assert got.card is None
    assert got.doubt is Doubt.SIDE_OVER_A_FACE


def test_the_card_that_gave_the_size_still_reads() -> None:
    # The same table's 1 strawberry + 1 lime, read by the second look at the zone's guess.
    label, got = read_styled("clone", "phone_dim", 340501, 2)
    assert got.card == label.card == parse_card("1 strawberry + 1 lime")


def test_a_dim_card_s_outline_of_white_off_its_edges_is_read_on_its_edges() -> None:
    # Scans, style night, seed 306500, seat 1: a 1 banana claimed by a second look on an
    # outline of white a little off its edges, one side stepping up past it (-0.16 of the
    # strongest, on a face of 51); the look on its edges finds it whole and reads it.
    label, got = read_styled("scan", "night", 306500, 1)
    assert got.card == label.card == parse_card("1 banana")


def test_a_piece_of_a_symbol_a_covering_card_cuts_is_a_doubt_at_a_seventh_of_a_symbol() -> None:
    # Clone, style phone_dim, seed 343500, seat 1 (a fresh guard seed's scene): a 3 banana +
    # 1 plum whose upper part lies under a card of the pile beside it. A second look framed
    # it with that card's strip, short of the third banana's hidden part, and read 2 banana
    # + 1 plum: the banana's visible tip, apart from every symbol and well inside the frame,
    # is 0.14 of the smallest symbol's core, below the 0.2 the piece had to be before.
    label, got = read_styled("clone", "phone_dim", 343500, 1)
    assert label.card == parse_card("3 banana + 1 plum")
    assert got.card is None
    # That frame (its corners as the second look found them) is a doubt on its own.
    frame = bench_scene("clone", 343500, 0.15, "phone_dim").frame
    claimed = np.array([[993.7, 529.8], [904.9, 738.3], [544.6, 585.1], [633.4, 376.6]], np.float32)
    face = read_card_image(_warp(frame, claimed), load_profile(profile_name("clone")))
    assert face.state is not State.CARD

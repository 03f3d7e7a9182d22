"""A wrong count on a dim phone picture: a lamp's reflection over part of the top card, a
second look, with the size one other card shows, framed the part beside it (and a strip of a
covered card) and claimed it. One side of that frame runs across the top card's face: past
it the face (lit by the reflection) is as bright as within, with no step down to a table,
a shadow or a card's edge (``policy._not_its_own_outline``, ``Tuning.dim_face``,
``Tuning.dim_side_step_most``).
"""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


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

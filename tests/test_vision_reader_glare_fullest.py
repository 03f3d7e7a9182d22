"""A reflection over the last place of a classic layout: a washed piece of the card's kind
there, every other place of that layout holding a symbol seen, is the rest of the symbol
printed there. On the fullest layout no larger count is printed, so the card is a 5; below it,
only where every larger layout has a place seen clear. A place washed out whole, pieces where
more than one symbol may hide, or a larger layout's place under the reflection, stay a doubt."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


@pytest.mark.parametrize(
    ("style", "seed", "seat"),
    [
        # A corner banana of a silver 5 under a lamp's round reflection, its tip in colour.
        ("glare", 1190000, 4),
        # The middle banana washed to two pale pieces either side of the reflection's core.
        ("glare", 1190003, 0),
        # A bright streak across a silver 5, over its middle banana.
        ("sheen", 1192005, 0),
    ],
)
def test_a_washed_piece_at_the_fullest_layouts_last_place_completes_a_5(style, seed, seat) -> None:
    label, got = read_styled("deluxe", style, seed, seat)
    assert label.card == parse_card("5 banana")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(
    ("style", "seed", "seat"),
    [
        # The middle banana of a silver 5 washed out whole, the four corners seen: a 4 or a 5.
        ("glare", 1191003, 0),
        # A reflection over the top half of a silver 5: two bananas seen, pieces of the rest.
        ("sheen", 1193001, 4),
    ],
)
def test_glare_where_more_than_the_last_place_may_hide_stays_a_doubt(style, seed, seat) -> None:
    label, got = read_styled("deluxe", style, seed, seat)
    assert label.card == parse_card("5 banana")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_a_washed_piece_at_a_3s_last_place_completes_it_where_no_larger_count_fits() -> None:
    # The top banana of a 3 washed to a piece under a lamp's reflection, the middle and the
    # bottom ones seen; a 4's or a 5's other places lie on clear face.
    label, got = read_styled("deluxe", "glare", 1190003, 1)
    assert label.card == parse_card("3 banana")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_piece_at_a_4s_last_place_stays_a_doubt_where_a_5s_middle_may_hide() -> None:
    # A 4's top corner strawberry washed to a piece, the reflection spread over the middle,
    # where a 5's middle strawberry could lie washed out whole.
    label, got = read_styled("own", "lamp", 1172503, 4)
    assert label.card == parse_card("4 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

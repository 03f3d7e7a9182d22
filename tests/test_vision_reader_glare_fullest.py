"""A reflection over the last place of the classic deck's fullest layout: a washed piece of the
card's kind there, every other place of that layout holding a symbol seen, is the rest of the
symbol printed there (no larger count is printed), so the card is a 5; a place washed out
whole, or pieces where more than one symbol may hide, stay a doubt."""

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

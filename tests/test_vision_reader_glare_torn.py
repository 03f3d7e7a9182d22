"""A reflection across a symbol of a full classic layout: every place of the layout of the
most symbols the deck prints holds a symbol seen, and the washed piece beside the reflection
lies by one of them. The piece is that symbol's other part, and no larger count is printed,
so the reflection hides nothing. A washed piece where a larger count may still fit stays a
doubt."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def test_a_piece_torn_off_a_symbol_of_a_filled_5_reads_the_5() -> None:
    # A silver 5 under a lamp: all five bananas seen, the bottom right one cut in two by
    # the reflection (half of it seen, a washed piece of the rest beside it).
    label, got = read_styled("deluxe", "lamp", 1206005, 4)
    assert label.card == parse_card("5 banana")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_piece_at_a_2s_other_place_stays_a_doubt() -> None:
    # On the same table, a 2 strawberry with one strawberry seen and a washed piece where
    # the other is printed: a larger count's places may lie under the reflection.
    label, got = read_styled("deluxe", "lamp", 1206002, 3)
    assert label.card == parse_card("2 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

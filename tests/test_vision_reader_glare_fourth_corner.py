"""A clone card of four symbols, three of one kind and one of another, whose lone symbol a
reflection washed to a piece: the four take the corners of a four's layout, so the piece is
one symbol, whatever size the reflection left it. A washed piece beside fewer symbols, where
the count of its kind is not told by the corners, stays a doubt."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_clone


def test_a_washed_banana_at_the_fourth_corner_reads_the_card() -> None:
    # Under a lamp the banana of a 1 banana + 3 strawberry is washed to 0.42 of a symbol.
    label, got = read_clone("lamp", 1676001, 3)
    assert label.card == parse_card("1 banana + 3 strawberry")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_strawberry_beside_three_limes_reads_the_card() -> None:
    label, got = read_clone("lamp", 1676003, 1)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_banana_beside_two_strawberries_stays_a_doubt() -> None:
    # On the first table, a reflection over the middle of a 1 banana + 2 strawberry washes
    # the banana: three symbols fill no four's corners, and the count stays unknown.
    label, got = read_clone("lamp", 1676001, 0)
    assert label.card == parse_card("1 banana + 2 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

"""A wrong count under a lamp: a reflection washed the middle strawberry of a clone card to a
pink piece too small for the pale-middle check, and the card read without it. A smaller pale
piece at the middle with the hue of a kind read on the card is what a reflection left of a
middle symbol (``card._hue_of_a_kind_on_the_card``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State


def test_a_middle_strawberry_washed_to_a_pink_piece_is_not_read_away() -> None:
    # Clone, style lamp, seed 310002, seat 2: a 1 banana + 2 strawberry, its middle
    # strawberry a piece of 0.14 of a symbol, read 1 banana + 1 strawberry.
    label, got = read_clone("lamp", 310002, 2)
    assert label.card == parse_card("1 banana + 2 strawberry")
    assert got.card is None


def test_a_four_beside_it_still_reads() -> None:
    label, got = read_clone("lamp", 310002, 0)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert got.state == State.CARD and got.card == label.card

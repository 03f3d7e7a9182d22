"""A wrong card under a lamp: a second look outlined the white of the top card and of the
card under it together, loosely (0.31), and read the top card's banana with the covered
card's. A card claimed on so loose an outline of white with another card's side within it
is not claimed (``policy._loosely_outlined``, ``outlines.side_within``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_loose_outline_across_two_cards_is_not_claimed() -> None:
    # Clone, style cloth, seed 1702007, seat 5: a 1 banana + 1 lime, read 2 banana.
    label, got = read_clone("cloth", 1702007, 5)
    assert label.card == parse_card("1 banana + 1 lime")
    assert got.card is None
    assert got.doubt is Doubt.SIDE_WITHIN_IT


def test_cards_on_the_same_table_still_read() -> None:
    for seat, card in ((2, "1 lime + 3 plum"), (4, "1 banana + 3 strawberry")):
        label, got = read_clone("cloth", 1702007, seat)
        assert got.card == label.card == parse_card(card)

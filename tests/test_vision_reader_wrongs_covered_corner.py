"""A wrong card off its place: the pile's top card lay partly off its place, over a corner of
the card under it, whose white, a corner short, made a whole outline read as the top card.
A whole outline whose corner lies on another card's white is the card under that card
(``zone._corner_under_another_card``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_card_whose_corner_lies_under_the_top_card_is_not_claimed() -> None:
    # Own art, style offzone, seed 1201000, seat 2: the 1 lime on top, off its place, over
    # the lower corner of a 5 banana; the banana's white made a whole outline, read 5 banana.
    label, got = read_styled("own", "offzone", 1201000, 2)
    assert label.card == parse_card("1 lime")
    assert got.card is None
    assert got.doubt is Doubt.CORNER_UNDER_ANOTHER_CARD


def test_the_other_cards_on_the_same_table_still_read() -> None:
    # The same scene's 1 plum, whole on its pile, and its 3 banana read as before.
    for seat, card in ((5, "1 plum"), (4, "3 banana")):
        label, got = read_styled("own", "offzone", 1201000, seat)
        assert got.card == label.card == parse_card(card)


def test_the_same_table_in_deluxe_art_is_not_claimed_either() -> None:
    # Deluxe, the same scene: the 5 lime on top over the corner of a 5 banana, read 5 banana
    # the same way; now doubted by the same corner, and the 1 plum beside it still read.
    label, got = read_styled("deluxe", "offzone", 1201000, 2)
    assert label.card == parse_card("5 lime")
    assert got.card is None
    assert got.doubt is Doubt.CORNER_UNDER_ANOTHER_CARD
    label, got = read_styled("deluxe", "offzone", 1201000, 5)
    assert got.card == label.card == parse_card("1 plum")

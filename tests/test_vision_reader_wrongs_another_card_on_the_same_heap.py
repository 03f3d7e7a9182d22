"""Wrong cards off their place: a covered card lay fanned out whole off the zone's middle (far
off it, or nearer it than the top card), over the card under the pile's top card, and the top
card lay beside it over that same card. Two cards over one heap, neither over the other:
either may be the pile's top card (``policy._another_card_on_the_same_heap``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_card_beside_another_over_the_same_heap_is_not_claimed() -> None:
    # Clone, style offzone, seed 1725001, seat 0: a 2 banana + 1 strawberry 0.89 widths off
    # the middle, read for the pile's 2 banana + 2 plum beside it.
    label, got = read_clone("offzone", 1725001, 0)
    assert label.card == parse_card("2 banana + 2 plum")
    assert got.card is None
    assert got.doubt is Doubt.ANOTHER_CARD_ON_THE_SAME_HEAP


def test_top_cards_over_their_heaps_on_the_same_table_still_read() -> None:
    # Seats 1, 4 and 5: top cards over the covered cards of their piles, no other card over
    # those.
    for seat, card in (
        (1, "1 strawberry + 3 plum"),
        (4, "1 lime + 3 plum"),
        (5, "1 banana + 1 strawberry"),
    ):
        label, got = read_clone("offzone", 1725001, seat)
        assert got.card == label.card == parse_card(card)


def test_a_covered_card_nearer_the_middle_than_the_top_card_is_not_claimed() -> None:
    # Clone, style offzone, seed 333500, seat 2: a covered 2 strawberry + 1 lime 0.42 widths
    # off the middle, the pile's 1 strawberry + 3 lime 0.97 off beside it, both over the same
    # covered card and neither over the other; the covered card's outline was the cleaner,
    # read 2 strawberry + 1 lime. The first look now refuses it already: the two whole
    # outlines lie beside each other in the zone (``zone._another_whole_card_beside``).
    label, got = read_clone("offzone", 333500, 2)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_the_other_piles_pushed_off_their_zones_still_read() -> None:
    # Seats 0, 1, 3, 4 and 5 of that table: top cards 0.5 to 0.8 widths off, over their own
    # covered cards alone.
    for seat, card in (
        (0, "1 strawberry + 3 plum"),
        (1, "1 strawberry + 3 plum"),
        (3, "1 banana + 3 plum"),
        (4, "2 strawberry + 2 plum"),
        (5, "1 lime + 1 plum"),
    ):
        label, got = read_clone("offzone", 333500, seat)
        assert got.card == label.card == parse_card(card)

"""A wrong card off its place: a covered card lay fanned out whole far off the zone's middle,
over the card under the pile's top card, and the top card lay beside it over that same card,
its outline cut by the read area's border. Two cards over one heap, neither over the other:
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

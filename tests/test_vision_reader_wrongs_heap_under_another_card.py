"""A wrong card off its place: the pile's bottom card lay fanned out whole and uncovered
beside the pile, the only whole outline in its zone, while the top card at the zone's middle
had a corner under the next pile's card. A card well off the zone's middle, the middle on a
heap of card white that runs up against another pile's card, is not claimed
(``policy._beside_a_heap_under_another_card``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_bottom_card_beside_a_heap_under_another_pile_s_card_is_not_claimed() -> None:
    # Clone, style offzone, seed 324000, seat 1: a 1 banana + 2 lime at the middle, the pile's
    # 2 lime + 1 plum whole beside it, read 2 lime + 1 plum.
    label, got = read_clone("offzone", 324000, 1)
    assert label.card == parse_card("1 banana + 2 lime")
    assert got.card is None
    assert got.doubt is Doubt.HEAP_AT_THE_MIDDLE_UNDER_ANOTHER_CARD


def test_top_cards_off_their_middles_on_the_same_table_still_read() -> None:
    # Seats 2 and 3 lie 0.9 and 0.7 widths off their middles, each middle on white beyond
    # the card (the covered cards under it), clear of other piles.
    for seat, card in ((2, "2 banana + 2 strawberry"), (3, "2 banana + 1 lime")):
        label, got = read_clone("offzone", 324000, seat)
        assert got.card == label.card == parse_card(card)


def test_a_top_card_off_its_middle_over_a_heap_of_its_own_still_reads() -> None:
    # Clone, style offzone, seed 1710104, seat 4: a 1 strawberry + 1 plum 0.87 widths off its
    # middle, which lies on 0.78 of a card of covered cards' white, clear of other piles.
    label, got = read_clone("offzone", 1710104, 4)
    assert got.card == label.card == parse_card("1 strawberry + 1 plum")

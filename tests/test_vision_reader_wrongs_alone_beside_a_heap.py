"""A wrong card off its place: a card lay alone on the table far off the zone's middle, while
the pile, a heap of cards, lay at the zone's edge with its top card not found. A top card
lies on its pile: a lone card far off the middle beside a heap of other cards' white is not
claimed (``policy._alone_beside_a_heap``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_lone_card_beside_a_heap_is_not_claimed() -> None:
    # Clone, style offzone, seed 1699016, seat 4: a 3 banana + 1 strawberry alone 0.96 widths
    # off the middle, read for the pile's 3 banana + 1 lime.
    label, got = read_clone("offzone", 1699016, 4)
    assert label.card == parse_card("3 banana + 1 lime")
    assert got.card is None
    assert got.doubt is Doubt.ALONE_BESIDE_A_HEAP


def test_top_cards_off_their_middles_over_their_heaps_still_read() -> None:
    # Seat 5 of the same table, and a top card 0.87 widths off its middle over a heap of its
    # own (seed 1710104 seat 4): each lies on its pile's white.
    label, got = read_clone("offzone", 1699016, 5)
    assert got.card == label.card == parse_card("3 banana + 1 lime")
    label, got = read_clone("offzone", 1710104, 4)
    assert got.card == label.card == parse_card("1 strawberry + 1 plum")

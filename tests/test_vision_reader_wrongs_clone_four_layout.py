"""A searched outline across two clone cards: part of the top card and part of the card under
it, whose side runs faint in the noise across the outline's face. Its four symbols do not take
the four places a card prints four at, one each (two share the top left), as a whole card's
would (``card._singles_off_the_count_s_layout``, decks of mixed kinds: a 4 only)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card
from halli_pi.vision.reader.doubts import Doubt


def test_an_outline_over_two_clone_cards_is_not_read_as_a_four(monkeypatch) -> None:
    # Clone, style noise, seed 1703002, seat 1: the outline took in the top card's strawberry
    # and a plum and two bananas of the card under it, at (0.38, 0.75), (0.8, 0.79),
    # (0.42, 0.2) and (0.38, 0.46) of it, and read 2 banana + 1 strawberry + 1 plum.
    said = said_by(monkeypatch, card, "_singles_off_the_count_s_layout")
    label, got = read_styled("clone", "noise", 1703002, 1)
    assert label.card == parse_card("1 strawberry + 3 plum")
    # The outline over two cards is still doubted by the layout, and the zone now reads the
    # right card (since the table's clipped bananas read by their unclipped print's hue,
    # ``card._one_kind_turned_apart_by_clipping``).
    assert got.card == label.card
    assert Doubt.OFF_THE_PRINT_LAYOUT in said


def test_a_whole_clone_four_on_the_same_table_still_reads() -> None:
    # The same table, seat 5: the 2 strawberry + 2 lime, its four symbols at its corners.
    label, got = read_styled("clone", "noise", 1703002, 5)
    assert label.card == parse_card("2 strawberry + 2 lime")
    assert got.card == parse_card("2 strawberry + 2 lime")

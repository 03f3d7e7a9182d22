"""A covered card a second look frames beside the pile's top card, the zone's middle outside
it: not the pile's top card."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_framed_beside_the_middle_is_off_the_pile() -> None:
    # Scans, style window, seed 253000 seat 2 (a fresh guard's seeds, 24000): the top card,
    # a 3 lime, lies with its corner over a 1 strawberry whose side runs under it where both
    # are white in the window's light. A second look in the table's plane framed the
    # strawberry card 0.99 widths from the zone's middle, the middle 0.45 widths outside it,
    # and read 1 strawberry.
    label, got = read_styled("scan", "window", 253000, 2)
    assert label.card == parse_card("3 lime")
    assert got.card != parse_card("1 strawberry")
    assert got.doubt == Doubt.CARD_OFF_THE_PILE

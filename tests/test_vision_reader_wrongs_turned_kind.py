"""A wrong card under glare: read a second time with the reflection's light taken off, a
clone card's washed lime, a channel of it clipped, stood at the face's white in that channel
and read banana. A second read through the reflection takes no kind the first read saw none
of (``card._adds_a_kind``) whose colour lies between kinds."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State


def test_a_lime_turned_banana_through_the_reflection_is_not_claimed() -> None:
    # Clone, style glare, seed 1675020, seat 1: a 2 lime + 2 plum whose first read saw a lime
    # and two plums under the reflection, read 1 banana + 1 lime + 2 plum through it.
    label, got = read_clone("glare", 1675020, 1)
    assert label.card == parse_card("2 lime + 2 plum")
    assert got.card is None


def test_the_cards_beside_it_still_read() -> None:
    label, got = read_clone("glare", 1675020, 0)
    assert label.card == parse_card("3 lime + 1 plum")
    assert got.state == State.CARD and got.card == label.card

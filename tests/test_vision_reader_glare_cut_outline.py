"""A symbol counted unseen under a reflection (``card._glare_over_a_printed_place``) is
counted only in an outline that cuts no symbol seen: an outline whose side runs across a
symbol may frame part of a card, and the layout judged in it is not the card's."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from tests.styled_reads import read_styled


def test_an_outline_across_a_5s_symbols_counts_none_unseen() -> None:
    # A silver 5 under a round reflection over its top; an outline over its left part, its
    # right side across the middle banana, once read 4 banana (three seen, one counted
    # under the reflection). No outline frames the whole card: not a card.
    label, got = read_styled("deluxe", "sheen", 1625005, 0)
    assert label.card == parse_card("5 banana")
    assert got.state != State.CARD


def test_a_whole_outline_still_counts_a_corner_under_the_reflection() -> None:
    # Three bananas in three corners of a whole outline, the fourth corner under a round
    # spot, the middle clear: a 4, its symbols cut by no side.
    label, got = read_styled("own", "glare", 1137001, 4)
    assert label.card == parse_card("4 banana")
    assert got.state == State.CARD and got.card == label.card

"""A wrong card under an arm: the first look saw an arm over the pile, and a second look, with
the size the other cards show, outlined the white in view, the top card's part and the part of
a covered card above it, as one card, and read it. The top card's side runs within that
outline: it is not claimed (``policy._side_within_beside_an_arm``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_outlined_with_the_top_card_under_an_arm_is_not_claimed() -> None:
    # Clone, style rotated, seed 2511002, seat 3: the top card, a 3 banana + 1 plum, lies
    # turned under an arm; its two bananas in view and a covered card's lime above its upper
    # side were outlined together and read 2 banana + 1 lime.
    label, got = read_clone("rotated", 2511002, 3)
    assert label.state == "occluded"
    assert label.card == parse_card("3 banana + 1 plum")
    assert got.card is None
    assert got.doubt is Doubt.SIDE_WITHIN_IT


def test_the_cards_of_the_same_table_still_read() -> None:
    # Seat 2 of the same table, a whole card, still reads; seat 0, a pile under a hand, is
    # still left occluded.
    label, got = read_clone("rotated", 2511002, 2)
    assert got.card == label.card == parse_card("1 strawberry + 2 plum")
    label, got = read_clone("rotated", 2511002, 0)
    assert label.state == "occluded"
    assert got.state is State.OCCLUDED
    assert got.card is None

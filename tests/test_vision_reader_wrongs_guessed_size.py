"""A wrong count in the dark: no card read anywhere to give the size, a second look framed
part of the top card at the size the zone guesses, one side across its face. A card so
framed, smaller than the cards read since and with a side on a weak step, is not claimed
(``policy._smaller_than_the_others``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_part_of_a_card_framed_at_the_zone_s_guess_is_not_claimed() -> None:
    # Clone, style night, seed 316002, seat 0: a 3 strawberry + 1 lime framed at 0.85 of the
    # other cards' size, a side between its strawberries, read 1 strawberry + 1 lime.
    label, got = read_styled("clone", "night", 316002, 0)
    assert label.card == parse_card("3 strawberry + 1 lime")
    assert got.card is None
    assert got.doubt is Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE


def test_the_cards_the_same_look_framed_whole_still_read() -> None:
    # The same scene's 2 banana + 1 strawberry, framed by the same look at the zone's guess.
    label, got = read_styled("clone", "night", 316002, 2)
    assert got.card == label.card == parse_card("2 banana + 1 strawberry")


def test_a_whole_card_one_card_s_perspective_misjudges_still_reads() -> None:
    # Deluxe, style phone, seed 1658002, seat 3: a 4 strawberry framed at the zone's guess,
    # 0.85 of the size one other card's perspective predicts, but its four sides on its edges.
    label, got = read_styled("deluxe", "phone", 1658002, 3)
    assert got.card == label.card == parse_card("4 strawberry")

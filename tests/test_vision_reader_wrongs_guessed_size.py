"""A wrong count from a size known loosely: with no card read anywhere to give the size (a
second look took the zone's guess) or one card only (its perspective), a second look framed
part of the top card, one side across its face. A card so framed and smaller than the cards
read since is looked at again with their size (one card's as it is), and claimed only when
that look reads the same card (``policy._smaller_than_the_others``)."""

from __future__ import annotations

from styled_reads import read_styled, without_reading_through_a_spot

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_part_of_a_card_framed_at_the_zone_s_guess_is_not_claimed() -> None:
    # Clone, style night, seed 316002, seat 0: a 3 strawberry + 1 lime framed at 0.85 of the
    # other cards' size, a side between its strawberries, read 1 strawberry + 1 lime.
    label, got = read_styled("clone", "night", 316002, 0)
    assert label.card == parse_card("3 strawberry + 1 lime")
    assert got.card is None
    assert got.doubt is Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE


def test_a_whole_card_framed_small_at_the_zone_s_guess_still_reads() -> None:
    # Clone, style night, seed 1683002, seat 2: a 3 strawberry + 1 lime framed whole at the
    # zone's guess, 0.89 of the size the three other cards predict; the same at theirs.
    label, got = read_styled("clone", "night", 1683002, 2)
    assert got.card == label.card == parse_card("3 strawberry + 1 lime")


def test_a_whole_card_one_card_s_perspective_misjudges_still_reads() -> None:
    # Deluxe, style phone, seed 1658002, seat 3: a 4 strawberry framed at the zone's guess,
    # 0.85 of the size one other card's perspective predicts; the same at that size.
    label, got = read_styled("deluxe", "phone", 1658002, 3)
    assert got.card == label.card == parse_card("4 strawberry")


def test_part_of_a_card_framed_at_one_card_s_perspective_is_not_claimed() -> None:
    # Own, style tilt_hard, seed 1655002, seat 4: a 4 banana framed round two of its bananas
    # at the size the one other card's perspective predicts, 0.47 of that card's area, read
    # 2 banana; at that card's own size the look reads 4 banana, another card.
    label, got = read_styled("own", "tilt_hard", 1655002, 4)
    assert label.card == parse_card("4 banana")
    assert got.card is None
    assert got.doubt is Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE


def test_the_part_beside_a_reflection_framed_at_the_zone_s_guess_is_not_claimed(
    monkeypatch,
) -> None:
    # Clone, style night, seed 326501, seat 1: a 3 banana + 1 plum, its plum and third banana
    # under a lamp's reflection, framed round the two bananas beside it at 0.75 of the one
    # other card's size, read 2 banana; at that card's size the whole card is found, the
    # reflection over its face.
    # Read as before a clone card with a spot on it was read through the reflection
    # (``without_reading_through_a_spot``): that reads this card
    # whole, right, and the part outline this test judges is no longer the look that counts.
    without_reading_through_a_spot(monkeypatch)
    label, got = read_styled("clone", "night", 326501, 1)
    assert label.card == parse_card("3 banana + 1 plum")
    assert got.card is None
    assert got.doubt is Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE


def test_the_card_beside_it_still_reads() -> None:
    # The same table's 1 banana + 1 lime, read at the zone's guess, larger than that.
    label, got = read_styled("clone", "night", 326501, 0)
    assert got.card == label.card == parse_card("1 banana + 1 lime")

"""A wrong card off its place: the first look found a card fanned out whole beside its pile
and doubted it, the pile's top card over its side; the second look, at the size the other
cards show, outlined the same card again without that card over it and claimed it. The
first look's doubt stands for the same outline (``policy._covered_card_claimed_again``)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import policy
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_is_not_claimed_on_a_second_look(monkeypatch) -> None:
    # Scans, style offzone, seed 310001, seat 3: the 3 banana on top, its corner over the
    # side of a 1 strawberry fanned out whole below it, read 1 strawberry.
    said = said_by(monkeypatch, policy, "_covered_card_claimed_again")
    label, got = read_styled("scan", "offzone", 310001, 3)
    assert label.card == parse_card("3 banana")
    assert True in said
    assert got.card is None
    assert got.doubt is Doubt.SIDE_UNDER_ANOTHER_CARD


def test_the_other_piles_of_that_table_still_read() -> None:
    for seat, card in ((2, "1 plum"), (5, "1 banana")):
        label, got = read_styled("scan", "offzone", 310001, seat)
        assert got.card == label.card == parse_card(card)


def test_a_corner_a_first_look_doubted_does_not_hold_a_second_look_s_card() -> None:
    # Own art, phone_dim, seed 306002, seat 0: the first look doubts a corner of the 3
    # strawberry on top as under another card; the second look, which judges corners too,
    # outlines it clear and reads it.
    label, got = read_styled("own", "phone_dim", 306002, 0)
    assert got.card == label.card == parse_card("3 strawberry")

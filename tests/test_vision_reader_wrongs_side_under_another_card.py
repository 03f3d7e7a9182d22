"""A wrong card off its place: the pile's top card lay partly over a card fanned out whole
beside it, its corner over that card's side (not over a corner), and the fanned card's
white, notched by it, still made a whole outline. Points just inside the outline's side on
another card's white, a card's worth of it beyond, say a card lies over that side
(``zone._side_under_another_card``)."""

from __future__ import annotations

from styled_reads import read_clone, read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import zone
from halli_pi.vision.reader.doubts import Doubt


def test_a_card_with_its_side_under_the_top_card_is_not_claimed(monkeypatch) -> None:
    # Clone, style offzone, seed 1699013, seat 0: the 3 banana + 1 strawberry on top, its
    # corner over the side of the 3 strawberry + 1 lime beside it, read 3 strawberry + 1 lime.
    # The first look doubts that outline; the second look outlines the same card, and the
    # first look's doubt stands (``policy._covered_card_claimed_again``).
    said = said_by(monkeypatch, zone, "_side_under_another_card")
    label, got = read_clone("offzone", 1699013, 0)
    assert label.card == parse_card("3 banana + 1 strawberry")
    assert True in said
    assert got.card is None
    assert got.doubt is Doubt.SIDE_UNDER_ANOTHER_CARD


def test_top_cards_over_their_piles_on_the_same_table_still_read() -> None:
    # Seats 1, 2 and 5: top cards over the covered cards of their piles, whose white meets
    # their sides from beyond.
    for seat, card in (
        (1, "2 lime + 2 plum"),
        (2, "1 banana + 1 strawberry"),
        (5, "1 lime + 2 plum"),
    ):
        label, got = read_clone("offzone", 1699013, seat)
        assert got.card == label.card == parse_card(card)


def test_a_card_with_its_side_under_a_silver_card_past_its_rim_is_not_claimed(
    monkeypatch,
) -> None:
    # Deluxe, style offzone, seed 1716003, seat 3: the silver 5 lime on top lies over the
    # side of a 3 lime fanned out whole beside it, its edge nearly along that side; the lime's
    # white, cut along it, made a whole outline whose side lies on the silver card's white.
    # Just inside that side the first point is on the silver card's white and the next on the
    # line between the two whites, of the silver card's grey (its shaded rim): read 3 lime
    # where that line counted as no card's.
    said = said_by(monkeypatch, zone, "_side_under_another_card")
    label, got = read_styled("deluxe", "offzone", 1716003, 3)
    assert label.card == parse_card("5 lime")
    assert True in said
    assert got.card is None
    assert got.doubt is Doubt.SIDE_UNDER_ANOTHER_CARD


def test_a_silver_top_card_fitted_past_its_rim_onto_a_white_card_still_reads() -> None:
    # Deluxe, style rotated, seed 302500, seat 0: the silver 5 banana on top, its outline
    # fitted a pixel or two past its side onto the white card under it, the next point on
    # the line between the two whites, of the silver card's own grey: its own rim.
    label, got = read_styled("deluxe", "rotated", 302500, 0)
    assert got.card == label.card == parse_card("5 banana")

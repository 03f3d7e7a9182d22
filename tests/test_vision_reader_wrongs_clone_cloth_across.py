"""A wrong card on a cloth table: a second look fitted an outline of the card's size into the
white of a pile, turned across the top card, over the lower half of the top card and the
bananas of a covered card beside it. The top card's side runs steep and deep across that
outline (``zone._fitted_across_another_card``, ``zone._steep_deep_across``): the outline is
not the top card's, and the seat is not claimed. A card's own side nearly along a fitted
outline's side (the outline a little inside the card), or a neighbour's side just inside it,
does not count: those cards still read."""

from __future__ import annotations

import numpy as np
from styled_reads import read_clone, read_styled, said_by, without_reading_through_a_spot

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, zone
from halli_pi.vision.reader.doubts import Doubt

# Clone deck, check seed style cloth, scene 355500, seat 0: a 1 lime + 2 plum on top.
STYLE, SEED, SEAT = "cloth", 355_500, 0


def test_an_outline_fitted_across_the_top_card_is_not_claimed() -> None:
    label, got = read_clone(STYLE, SEED, SEAT)
    assert label.card == parse_card("1 lime + 2 plum")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt is Doubt.ANOTHER_CARD_OVER_IT
    # The doubted outline is the one fitted across the two cards: its centre lies on the
    # top card's lower half, not at the top card's centre.
    centre = np.asarray(got.corners, np.float32).reshape(4, 2).mean(0)
    top = np.asarray(label.corners, np.float32).reshape(4, 2).mean(0)
    assert np.linalg.norm(centre - top) > 15


def test_without_the_check_the_outline_across_the_two_cards_was_read(monkeypatch) -> None:
    monkeypatch.setattr(zone, "_fitted_across_another_card", lambda frame, best, corners: False)
    label, got = read_clone(STYLE, SEED, SEAT)
    assert got.state == State.CARD
    assert got.card == parse_card("2 banana + 1 lime + 1 plum") != label.card


def test_the_top_card_s_side_crosses_steep_and_deep() -> None:
    # The outline found there, and the top card's side across its long side: 84 degrees,
    # some 19 pixels (0.37 of the outline's short side) into it.
    quad = np.array([[347.4, 391.1], [335.7, 441.9], [254.4, 437.8], [266.0, 387.0]], np.float32)
    inside, outside = np.array([288.6, 407.5]), np.array([293.2, 376.7])
    assert zone._steep_deep_across(quad, inside, outside)
    # Only 10 pixels (0.19 of the short side) deep, it does not count; nor 19 pixels deep
    # but at 20 degrees to the side it crosses.
    shallow = inside + (outside - inside) * 0.3
    assert not zone._steep_deep_across(quad, shallow, outside)
    along = np.array([280.0, 410.0]), np.array([346.9, 389.4])
    assert not zone._steep_deep_across(quad, *along)


def test_a_card_s_own_side_along_its_fitted_outline_still_reads(monkeypatch) -> None:
    # Own art, phone_dim, seed 306002, seat 0: a 3 strawberry whose fitted outline lies a
    # little inside it; its own sides cross the outline's at 4 and 30 degrees, 3 pixels deep.
    steep = said_by(monkeypatch, zone, "_steep_deep_across")
    label, got = read_styled("own", "phone_dim", 306_002, 0)
    assert got.card == label.card == parse_card("3 strawberry")
    assert steep and not any(steep)


def test_a_neighbour_s_side_just_inside_a_fitted_outline_still_reads(monkeypatch) -> None:
    # Clone, night, seed 326501, seat 0: a 1 banana + 1 lime; a neighbour's side runs along
    # its fitted outline's side just inside it and crosses the next side steeply, 1.5 pixels
    # deep.
    # Read as before a clone card with a spot on it was read through the reflection
    # (``without_reading_through_a_spot``): that reads the
    # neighbour whole, right, and this card's fitted outline is then no longer looked at.
    without_reading_through_a_spot(monkeypatch)
    steep = said_by(monkeypatch, zone, "_steep_deep_across")
    label, got = read_styled("clone", "night", 326_501, 0)
    assert got.card == label.card == parse_card("1 banana + 1 lime")
    assert steep and not any(steep)

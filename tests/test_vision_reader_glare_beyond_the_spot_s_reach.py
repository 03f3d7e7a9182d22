"""A classic card whose symbols, each seen whole, make a whole layout is held to a larger
count's place on face a reflection clipped only where a symbol's shape there could lie where
the spot's light clips print: a shape lying wholly on clipped face, yet over a tenth of it
beyond the spot's reach, would show its print there (the face clips long before print does),
and face with no print there holds none. A 4 strawberry under a band of lamp light clipped
between its pairs and a 4 plum under a broad cloth light over the middle place read; a 5
banana whose middle banana a band of light washed away, and a 4 plum whose middle place a
spot's reach covers whole, stay doubts."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_reads, read_styled

# A whole 4 seen, a 5's middle place on clipped face mostly beyond the spot's reach.
_A_4_BESIDE_THE_SPOT_S_REACH = [
    ("scan", "lamp", 2206004, 4, "4 strawberry"),
    ("own", "cloth", 2205000, 5, "4 plum"),
]


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "truth"), _A_4_BESIDE_THE_SPOT_S_REACH)
def test_a_4_whose_5_s_middle_place_lies_beyond_the_spot_s_reach_reads(
    deck, style, seed, seat, truth
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(truth)
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "truth"), _A_4_BESIDE_THE_SPOT_S_REACH)
def test_with_no_shape_judged_beyond_the_reach_that_4_is_doubted(
    monkeypatch, deck, style, seed, seat, truth
) -> None:
    monkeypatch.setattr(card, "_beyond_the_spot_s_reach", lambda *_: 0)
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(truth)
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_a_5_whose_middle_a_band_of_light_washed_away_stays_doubted() -> None:
    label, got = read_styled("deluxe", "lamp", 2206003, 0)
    assert label.card == parse_card("5 banana")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_a_4_whose_5_s_middle_place_the_spot_s_reach_covers_stays_doubted() -> None:
    label, got = read_styled("own", "glare", 2205000, 5)
    assert label.card == parse_card("4 plum")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_cards_beside_them_still_read() -> None:
    assert_reads("scan", "lamp", 2206004, 0, "2 plum")
    assert_reads("own", "cloth", 2205000, 4, "1 plum")
    assert_reads("deluxe", "lamp", 2206003, 3, "5 plum")

"""A card under a reflection read where its symbols in view fit one printed layout only: the
deck's other counts each ruled out by a symbol seen off their places or a place of theirs
seen clear, the symbol of that layout under the reflection counted unseen
(``card._glare_over_a_printed_place``, ``Tuning.fit_hidden_most``). Where two counts fit,
the card stays a doubt."""

from __future__ import annotations

import dataclasses

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import card_doubts, read_styled


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # Three bananas in three corners, the fourth corner washed away by a round spot, the
        # middle clear: no 3 prints three corners, a 5's middle would show; a 4.
        ("own", "glare", 1137001, 4, "4 banana"),
        # Three corners and the middle, the fourth corner under the spot: no 4 prints a
        # middle symbol; a 5.
        ("own", "cloth", 1141000, 2, "5 lime"),
    ],
)
def test_a_count_only_one_layout_fits_is_read(deck, style, seed, seat, card) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.state == State.CARD and got.card == label.card


def test_with_no_symbol_counted_unseen_the_card_stays_a_doubt(monkeypatch) -> None:
    monkeypatch.setattr(card, "T", dataclasses.replace(card.T, fit_hidden_most=0))
    label, got = read_styled("own", "glare", 1137001, 4)
    assert got.state == State.UNKNOWN and got.doubt == Doubt.GLARE_OVER_FACE


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # Four corners seen, the spot over the middle: a 4, or a 5 whose middle it hides.
        pytest.param(
            "scan",
            "cloth",
            1142005,
            0,
            "4 plum",
            marks=pytest.mark.skipif(not scans_available(), reason="no reference scans"),
        ),
        ("deluxe", "lamp", 1158004, 5, "4 banana"),
    ],
)
def test_where_two_counts_fit_the_card_stays_a_doubt(
    monkeypatch, deck, style, seed, seat, card
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.state == State.UNKNOWN and got.doubt == Doubt.GLARE_OVER_FACE


def test_a_clone_deck_is_not_read_by_the_classic_layouts(monkeypatch) -> None:
    # Tuning lamp, clone deck: four symbols of two kinds in the corners under a reflection;
    # the clone deck's layouts are not the classic deck's, so no count is read by them.
    label, got = read_styled("clone", "lamp", 1178011, 0)
    assert label.card == parse_card("2 lime + 2 plum")
    assert got.state == State.UNKNOWN and got.doubt == Doubt.GLARE_OVER_FACE
    assert Doubt.GLARE_OVER_FACE in card_doubts(monkeypatch, "lamp", 1178011, "clone", 0)


def test_a_lone_symbol_is_not_read_by_the_layouts() -> None:
    # Tuning dark, own art: an outline half over a 1 banana and half over the dark table, its
    # banana in the outline's corner, the noise around "could hide" a symbol anywhere; only a
    # 2's layout fitted it (the middle clear), read as 2 banana. A lone symbol off its place
    # fits a corner of any layout: not read so.
    label, got = read_styled("own", "dark", 1138013, 3)
    assert label.card == parse_card("1 banana")
    assert got.state != State.CARD or got.card == label.card

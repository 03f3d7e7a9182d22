"""A light's cast on a face is no washed symbol: on the classic deck (one kind a card) a pale
piece of a hue far from the card's kind is not what a reflection left of a symbol
(``card._pale_print_of_the_card_s_kind``, ``T.pale_cast_hue_apart``). A washed symbol's
pale piece keeps its kind's hue, and still doubts the card."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.symbols import pale_piece_colours
from tests.styled_reads import assert_washed_middle_lime_weighed, read_styled


def _cast_not_told_apart(monkeypatch) -> None:
    """Every pale piece counted whatever its hue, as before the cast was told apart, and
    wherever it lies (``card._pale_print_by_a_clipped_core`` tells a cast far from the
    reflection's clipped core apart too)."""

    def every_piece(c, *, against_tint: bool = False):
        return [
            (share, at) for share, at, _ in pale_piece_colours(c.img, against_tint=against_tint)
        ]

    monkeypatch.setattr(card, "_pale_print_of_the_card_s_kind", every_piece)
    monkeypatch.setattr(card, "_pale_print_by_a_clipped_core", lambda c, pieces: pieces)


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_warm_cast_along_a_plum_card_s_sides_is_no_washed_plum() -> None:
    # Scans, tuning style window, seed 311501 seat 2: a 4 plum whose face a warm window light
    # takes to the top; along its lower left sides the face shows a yellowish cast, a pale
    # piece of 0.78 of a symbol, 148 degrees from the plums' hue: the card is read.
    label, got = read_styled("scan", "window", 311_501, 2)
    assert label.card == parse_card("4 plum")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_the_warm_cast_is_a_washed_symbol_when_not_told_apart(monkeypatch) -> None:
    # The same seat, every pale piece counted: the cast is taken for what a reflection left
    # of a symbol (card._pale_print_on_clipped_face), and the card is not read.
    _cast_not_told_apart(monkeypatch)
    label, got = read_styled("scan", "window", 311_501, 2)
    assert label.card == parse_card("4 plum")
    assert got.state == State.UNKNOWN and got.doubt == Doubt.GLARE_OVER_FACE


def test_a_lilac_tint_about_a_lime_card_s_centre_is_no_washed_middle_lime() -> None:
    # Own art, tuning style lamp, seed 2158000 seat 2: a 4 lime under a warm lamp whose
    # reflection clips the face over the centre; about the centre the face shows a lilac
    # tint, pieces of 0.16 of a symbol in all, 174 degrees from the limes' hue: the card is
    # read (card._washed_middle_rim doubted it as a 5's middle lime washed to its rim).
    label, got = read_styled("own", "lamp", 2_158_000, 2)
    assert label.card == parse_card("4 lime")
    assert got.state == State.CARD and got.card == label.card


def test_the_lilac_tint_is_a_washed_rim_when_not_told_apart(monkeypatch) -> None:
    _cast_not_told_apart(monkeypatch)
    # A lime's ring paled by the lamp reads whole with its tinted inside on a searched
    # outline (card._tinted_inside), which then claims the card whatever the first look said:
    # taken off, the first look's doubt is what is left.
    monkeypatch.setattr(card, "_tinted_inside", lambda *args: None)
    label, got = read_styled("own", "lamp", 2_158_000, 2)
    assert label.card == parse_card("4 lime")
    assert got.state == State.UNKNOWN and got.doubt == Doubt.PALE_MIDDLE


def test_a_washed_middle_lime_s_crescent_keeps_its_hue_and_stays_a_doubt(monkeypatch) -> None:
    # Own art, tuning style glare, seed 1202530 seat 5: a 3 lime lit to the sensor's top,
    # its middle lime washed by a reflection to a pale crescent of the lime's own hue: the
    # crescent is weighed as a symbol's piece (0.15 of a symbol or more on the centre), and
    # the card is never read 2 lime.
    assert_washed_middle_lime_weighed(monkeypatch, card, "_pale_print_of_the_card_s_kind")

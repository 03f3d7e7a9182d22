"""A last look's card-sized rectangles on a zone's edges are kept when each side lies on an edge
over ``Tuning.searched_side_support`` of its length: in a dim picture's noise, or a phone's
soft JPEG, the step from a top card to the white card under it breaks up along a side, and a
whole top card read "no whole card". The strict reading of what such an outline frames still
stands: a card whose outline cuts a symbol, or with a side over a fanned card, abstains."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def test_a_dim_phone_picture_s_top_card_is_found_on_broken_sides() -> None:
    # Own art, tuning style phone_dim: a 1 plum over white cards, its sides' steps broken
    # by the noise and the JPEG; it read "no whole card".
    label, got = read_styled("own", "phone_dim", 1688000, 1)
    assert label.card == parse_card("1 plum")
    assert got.state == State.CARD and got.card == label.card


def test_a_top_card_with_a_side_lost_over_a_fanned_card_still_abstains() -> None:
    # The same picture: a 4 plum whose side over the card fanned out under it shows no step
    # along most of it, and a reflection rings its symbols with edges.
    label, got = read_styled("own", "phone_dim", 1688000, 3)
    assert label.card == parse_card("4 plum")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.NO_WHOLE_CARD


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_dark_table_s_top_card_is_found_on_broken_sides() -> None:
    # Scans, tuning style dark: a 4 plum in low light and a sensor's noise; it read "no whole
    # card".
    label, got = read_styled("scan", "dark", 1686001, 2)
    assert label.card == parse_card("4 plum")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_searched_outline_cutting_a_symbol_still_abstains() -> None:
    # The same scene: the searched outline over a 5 strawberry cuts a strawberry off.
    label, got = read_styled("scan", "dark", 1686001, 3)
    assert label.card == parse_card("5 strawberry")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.SYMBOL_CUT_BY_OUTLINE

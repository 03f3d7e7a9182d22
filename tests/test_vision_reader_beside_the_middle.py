"""A card read beside the pile's top card: its outline leaves the zone's middle outside it.

The top card of a pile lies over its zone's middle. A covered card out from under it, framed
whole-looking beside it (the top card a silver five, or turned across the covered one), leaves
that middle well outside its outline, though its centre lies less than ``off_the_pile`` from
it: not claimed (``Tuning.middle_outside_card``). Each case read a wrong card before.
"""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.policy import _on_its_pile
from halli_pi.vision.reader.reading import CARD_ASPECT, Reading
from halli_pi.vision.reader.tuning import TUNING
from tests.styled_reads import read_styled


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "top", "covered"),
    [
        # Plain own art: a 2 strawberry on top, the covered 1 plum beside it, 0.95 card
        # widths from the middle, read from its white alone.
        ("own", "", 27035, 1, "2 strawberry", "1 plum"),
        # A silver 5 banana on top (no card white), the covered 2 lime framed beside it by a
        # second look, under glare and under a lamp.
        ("deluxe", "glare", 248001, 4, "5 banana", "2 lime"),
        ("deluxe", "lamp", 248001, 4, "5 banana", "2 lime"),
    ],
)
def test_a_card_beside_the_top_card_is_not_claimed(deck, style, seed, seat, top, covered):
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(top)
    assert got.state != State.CARD, f"claimed {got.card}, the covered card is {covered}"
    assert got.doubt == Doubt.CARD_OFF_THE_PILE


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_covered_scan_beside_a_card_turned_across_it_is_not_claimed():
    # Tuning style window, scans, seed 253000 seat 2: a 3 lime on top, turned across the
    # covered 1 strawberry, which a second look framed beside it (0.98 widths off).
    label, got = read_styled("scan", "window", 253000, 2)
    assert label.card == parse_card("3 lime")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt == Doubt.CARD_OFF_THE_PILE


def _upright(centre: tuple[float, float], short: float = 40.0) -> np.ndarray:
    w, h = short / 2, short / CARD_ASPECT / 2
    x, y = centre
    return np.array([[x - w, y - h], [x + w, y - h], [x + w, y + h], [x - w, y + h]], np.float32)


def test_the_middle_outside_the_outline_is_off_the_pile():
    # A card moved sideways: its centre nearer the middle than ``off_the_pile``, but the
    # middle half a width or more outside it (a covered card beside the top one); moved
    # lengthways as far, the middle stays inside it (a top card off the middle).
    zone = np.array([[100, 100], [190, 100], [190, 190], [100, 190]], np.float32)
    mx, my = zone.mean(0)
    frame = np.zeros((480, 640, 3), np.uint8)
    off = 0.5 + TUNING.middle_outside_card + 0.1  # card widths, sideways
    assert off < TUNING.off_the_pile

    def card(dx: float, dy: float) -> Reading:
        corners = _upright((float(mx + dx * 40.0), float(my + dy * 40.0)))
        return Reading(State.CARD, parse_card("2 lime"), 0.9, corners, 40.0 * 40.0 / CARD_ASPECT)

    beside = _on_its_pile(zone, card(off, 0.0), frame)
    assert beside.state == State.UNKNOWN and beside.doubt == Doubt.CARD_OFF_THE_PILE
    assert _on_its_pile(zone, card(0.0, off), frame).state == State.CARD
    assert _on_its_pile(zone, card(0.3, 0.0), frame).state == State.CARD

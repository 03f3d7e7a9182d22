"""A silver five off its zone's middle is seen as the whole card beside the covered card
read for it.

The search for another whole card against a card read off the zone's middle
(``policy._beside_a_whole_card``, ``outlines._another_card_across_steps``) places an outline
a pixel or two past a silver five's sides (its face is no card white to fit it to), over a
symbol of the card under it; the strict read said that outline cuts a shape, and the covered
card was claimed. The outline drawn in a little is read again
(``outlines._read_within``, ``Tuning.beside_read_within``)."""

from __future__ import annotations

import dataclasses

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def test_a_covered_card_beside_a_silver_five_is_not_claimed() -> None:
    # Tuning offzone, Deluxe, seed 284005 seat 0: the silver 5 banana on top, the covered
    # 1 lime framed beside it by a second look, 0.98 card widths off the zone's middle
    # (read as 1 lime, before).
    label, got = read_styled("deluxe", "offzone", 284005, 0)
    assert label.card == parse_card("5 banana")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt == Doubt.WHOLE_CARD_BESIDE_IT


def test_with_the_outline_not_drawn_in_the_covered_card_is_claimed(monkeypatch) -> None:
    monkeypatch.setattr(outlines, "T", dataclasses.replace(outlines.T, beside_read_within=1.0))
    _, got = read_styled("deluxe", "offzone", 284005, 0)
    assert got.state == State.CARD and got.card == parse_card("1 lime")

"""A wrong card under heavy JPEG blocks: a second look refined an outline onto the edges of a
covered card, taking in the upper strawberries of the top card over it and a banana of the
card under both. The blocks broke the shadow of the top card's side across it into pieces,
so the white of the two faces ran together and the outline seemed to hold one face; the side
itself still crosses the outline (``outlines._crossed_by_another_card``): the outline is not
the top card's, and the seat is not claimed."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.doubts import Doubt

# Clone deck, tuning style jpeg, seed 2372002, seat 0: a 3 strawberry + 1 plum on top.
STYLE, SEED, SEAT = "jpeg", 2_372_002, 0


def test_a_covered_card_s_outline_across_the_top_card_is_not_claimed() -> None:
    label, got = read_clone(STYLE, SEED, SEAT)
    assert label.card == parse_card("3 strawberry + 1 plum")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt is Doubt.UNTAUGHT_DECK


def test_without_the_check_the_covered_card_s_outline_was_read(monkeypatch) -> None:
    monkeypatch.setattr(outlines, "_crossed_by_another_card", lambda frame, corners: False)
    label, got = read_clone(STYLE, SEED, SEAT)
    assert got.state == State.CARD
    assert got.card == parse_card("1 banana + 2 strawberry") != label.card

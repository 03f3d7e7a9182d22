"""A covered card's outline a search placed with a lamp's reflection excusing a side is not
read as the top card when a corner of it lies on another card's white
(``outlines._excused_under_another_card``): the silver five over that corner is the pile's
top card, its edge across the covered card washed out by the reflection."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.doubts import Doubt


def test_a_plum_under_a_silver_five_in_a_lamp_s_spot_is_not_read() -> None:
    # Tuning lamp, Deluxe deck, seed 2212662 seat 0: a silver 5 banana on top under a lamp's
    # spot, over the lower corner of a 1 plum. A second look's search placed the plum's
    # card-sized outline with its fourth side across the five's face, under the spot along
    # a third of it, and read 1 plum.
    label, r = read_styled("deluxe", "lamp", 2_212_662, 0)
    assert label.card == parse_card("5 banana")
    assert r.state != State.CARD, f"claimed {r.card}"
    assert r.doubt is Doubt.CORNER_UNDER_ANOTHER_CARD


def test_without_the_check_the_plum_is_read(monkeypatch) -> None:
    # The check is what holds the plum back: without it the search reads it as before.
    monkeypatch.setattr(outlines, "_excused_under_another_card", lambda *a: False)
    _, r = read_styled("deluxe", "lamp", 2_212_662, 0)
    assert r.state == State.CARD and r.card == parse_card("1 plum")


def test_the_other_cards_of_the_table_still_read() -> None:
    # The same scene: a silver 5 lime, a 1 plum and a 2 strawberry, each read right; the
    # other 5 banana, under the lamp's spot, is left to the glare over its face.
    for seat in (1, 2, 3):
        label, r = read_styled("deluxe", "lamp", 2_212_662, seat)
        assert r.state == State.CARD and r.card == label.card
    label, r = read_styled("deluxe", "lamp", 2_212_662, 4)
    assert label.card == parse_card("5 banana")
    assert r.doubt is Doubt.GLARE_OVER_FACE

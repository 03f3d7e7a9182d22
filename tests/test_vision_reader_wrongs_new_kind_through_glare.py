"""Two cards read again: a second read through a reflection takes no kind the first read
saw none of (``card._adds_a_kind``: a clipped channel turns a washed lime's hue to banana),
unless each of its symbols' colour is plainly its kind's (``Tuning.through_new_kind_fit``):
a lime that a reflection covered, its own colour once the light is taken off, is a lime."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_lime_under_a_reflection_in_the_dark_is_read() -> None:
    # Clone, style night, seed 318002, seat 3: the first read saw the two plums only.
    label, got = read_clone("night", 318002, 3)
    assert got.card == label.card == parse_card("1 lime + 2 plum")


def test_a_lime_under_a_reflection_on_a_dim_phone_is_read() -> None:
    # Clone, style phone_dim, seed 324001, seat 3: the first read saw the two bananas only.
    label, got = read_clone("phone_dim", 324001, 3)
    assert got.card == label.card == parse_card("2 banana + 1 lime")


def test_a_lime_turned_banana_is_still_not_claimed() -> None:
    # Clone, style glare, seed 1675020, seat 1: the banana the second read adds sits 3.0 of
    # banana's spreads from it, between banana and lime.
    label, got = read_clone("glare", 1675020, 1)
    assert label.card == parse_card("2 lime + 2 plum")
    assert got.card is None
    assert got.doubt is Doubt.GLARE_OVER_FACE

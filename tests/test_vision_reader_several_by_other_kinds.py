"""A blob shaped like symbols that touch, counted as one by its kind's size, is measured by
the card's single symbols of other kinds too (card._several_large_by_other_kinds): two of a
kind, one paled by a reflection, measure less than two by the profile but more than one on
the card's scale."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_two_plums_one_washed_in_one_blob_are_not_read_as_one(monkeypatch) -> None:
    # Tuning style lamp, clone deck, seed 269002 seat 1: two plums that touch, one washed by
    # the lamp, make one blob of 1.35 plums by the profile, 1.36 by the two bananas beside
    # them: read 2 banana + 1 plum before.
    label, r = read_clone("lamp", 269_002, 1)
    assert label.card == parse_card("2 banana + 2 plum")
    assert r.state != State.CARD, f"claimed {r.card}"
    assert Doubt.SEVERAL_LARGE_BY_OTHER_KINDS in card_doubts(monkeypatch, "lamp", 269_002)


def test_a_kind_with_siblings_is_measured_by_them() -> None:
    # Tuning style night, clone deck, seed 1184123 seat 1: two strawberries, each shaped
    # like several in the dim light, measured 1.3 of the plum beside them, which the dark
    # shrank; measured by each other they are one each, and the card is read.
    label, r = read_clone("night", 1_184_123, 1)
    assert label.card == parse_card("2 strawberry + 1 plum")
    assert r.state == State.CARD and r.card == label.card

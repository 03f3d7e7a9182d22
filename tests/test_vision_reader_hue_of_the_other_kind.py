"""A symbol beside a reflection whose colour names one kind, its print seen through the
reflection of the other kind's hue: the reflection turned its colour, and the read doubts it."""

from __future__ import annotations

from styled_reads import card_doubts, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_banana_washed_to_lime_green_is_doubted_and_read_right() -> None:
    # Scans, style glare, seed 227005 seat 4 (a fresh guard's seeds, 24000): a reflection
    # beside a 1 banana turned its colour to a=-20 b=46, nearer lime's than banana's, and the
    # first look read 1 lime; through the reflection its print lies at banana's hue. The
    # first look doubts it, and the second look reads the banana.
    label, got = read_styled("scan", "glare", 227005, 4)
    assert label.card == parse_card("1 banana")
    assert got.card == parse_card("1 banana")


def test_the_first_look_names_the_doubt(monkeypatch) -> None:
    # The same seat: the look that read 1 lime doubts it by name.
    doubts = card_doubts(monkeypatch, "glare", 227005, deck="scan", seat=4)
    assert Doubt.HUE_OF_THE_OTHER_KIND in doubts

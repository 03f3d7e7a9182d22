"""A symbol a reflection paled to half the chroma of its siblings, on a card of the classic
deck, lies farther from its kind's colour than a symbol is classified at, by its chroma alone:
its hue is its siblings'. It is one of them (``card._paled_hue_of``); a card whose symbols a
veil of light paled all alike is left to the read under a veil."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_reads, read_styled

# A 3 strawberry under a glare spot on the scans: its middle strawberry paled to a=24 b=27.
_PALED_STRAWBERRY = ("scan", "glare", 2183002, 4)


def test_a_3_whose_top_symbol_a_reflection_paled_reads() -> None:
    label, got = read_styled(*_PALED_STRAWBERRY)
    assert label.card == parse_card("3 strawberry")
    assert got.state == State.CARD and got.card == label.card


def test_judged_by_its_whole_colour_that_symbol_is_between_kinds(monkeypatch) -> None:
    monkeypatch.setattr(card, "_paled_hue_of", lambda *_: False)
    label, got = read_styled(*_PALED_STRAWBERRY)
    assert label.card == parse_card("3 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.COLOUR_BETWEEN_KINDS


def test_cards_beside_it_still_read() -> None:
    assert_reads("scan", "glare", 2183002, 3, "3 lime")
    assert_reads("scan", "glare", 2183002, 2, "5 strawberry")


def test_a_silver_5_whose_symbols_a_sheen_paled_all_alike_still_reads() -> None:
    assert_reads("deluxe", "sheen", 2183004, 2, "5 lime")

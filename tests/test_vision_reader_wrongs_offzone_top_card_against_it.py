"""A wrong card against the top card: on a zone whose pile the offzone style put partly out
of it, the pile's top card (1 banana + 1 strawberry) lay pushed off its place against the
covered 2 banana + 2 lime it left in full view over the zone's middle, the two outlines
sharing nothing, the top card 0.6 of a card in the zone: short of what a card beside the
read one asks to count as this pile's (``Tuning.beside_in_zone``), so the covered card was
read. A card against the read one from ``Tuning.against_in_zone`` in the zone that reads
another card leaves the zone to a doubt (``zone._pile_card_against_it``)."""

from __future__ import annotations

import pytest
from styled_reads import assert_doubted, assert_reads, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import zone
from halli_pi.vision.reader.doubts import Doubt

SEED = 2240832


def test_the_covered_card_against_the_top_card_is_not_claimed() -> None:
    # Clone, style offzone, seed 2240832, seat 3.
    assert_doubted(
        "clone", "offzone", SEED, 3, "1 banana + 1 strawberry", Doubt.TWO_CARDS_EITHER_ON_TOP
    )


def test_with_the_check_off_the_covered_card_is_claimed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The cause, pinned: without the check the first look claims the covered card.
    monkeypatch.setattr(zone, "_pile_card_against_it", lambda *args: False)
    label, got = read_styled("clone", "offzone", SEED, 3)
    assert label.card == parse_card("1 banana + 1 strawberry")
    assert got.card == parse_card("2 banana + 2 lime")


def test_a_right_card_of_the_same_scene_still_reads() -> None:
    # Seat 2 of the same scene: its top card alone over its pile.
    assert_reads("clone", "offzone", SEED, 2, "1 banana + 2 strawberry")

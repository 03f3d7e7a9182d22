"""A searched outline across two cards: part of the top card and part of the card under it,
whose corner lies inside the outline, its sides faint in the noise. The top card's own outline
holds no other card's corner (those of the cards under it are hidden), so a searched outline
with one inside is not claimed (``outlines._corner_inside``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.reading import Reading


def _spy_on_the_doubts(monkeypatch) -> list[Doubt]:
    said: list[Doubt] = []
    of_doubt = Reading.of_doubt

    def spy(doubt: Doubt, **kwargs) -> Reading:
        said.append(doubt)
        return of_doubt(doubt, **kwargs)

    monkeypatch.setattr(Reading, "of_doubt", spy)
    return said


def test_an_outline_across_a_top_card_and_the_bananas_under_it_is_not_claimed(
    monkeypatch,
) -> None:
    # Clone, style noise, seed 1703002, seat 1: the searched outline took in the top card's
    # strawberry and a plum and two bananas of the card under it, and read 2 banana +
    # 1 strawberry + 1 plum.
    said = _spy_on_the_doubts(monkeypatch)
    label, got = read_styled("clone", "noise", 1703002, 1)
    assert label.card == parse_card("1 strawberry + 3 plum")
    assert got.card is None
    assert Doubt.CORNER_INSIDE_THE_OUTLINE in said


def test_the_same_table_still_reads_a_whole_top_card() -> None:
    # The same table, seat 5: the 2 strawberry + 2 lime is read.
    label, got = read_styled("clone", "noise", 1703002, 5)
    assert label.card == parse_card("2 strawberry + 2 lime")
    assert got.card == parse_card("2 strawberry + 2 lime")

"""A wrong card under a steep camera: a second look refined an outline onto the edges of the
cards under the top card, one side of it across the top card's face, and read the card short
of the lime beyond that side. A side with little step across it and the card's white running
on beyond it is no card's side (``outlines.side_across_its_white``)."""

from __future__ import annotations

from styled_reads import read_clone, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import outlines


def test_an_outline_across_the_top_card_s_white_is_not_read(monkeypatch) -> None:
    # Clone, style tilt_hard, seed 1712001, seat 0: the 1 lime + 2 plum on top, outlined
    # short of its lime, was read 2 plum; the outline is refused and the card read whole.
    said = said_by(monkeypatch, outlines, "side_across_its_white")
    label, got = read_clone("tilt_hard", 1712001, 0)
    assert True in said
    assert got.card == label.card == parse_card("1 lime + 2 plum")


def test_the_other_top_cards_of_the_same_table_still_read() -> None:
    for seat, card in (
        (1, "2 lime + 1 plum"),
        (2, "1 banana + 3 plum"),
        (3, "3 banana + 1 strawberry"),
        (4, "1 strawberry + 1 lime"),
    ):
        label, got = read_clone("tilt_hard", 1712001, seat)
        assert got.card == label.card == parse_card(card)

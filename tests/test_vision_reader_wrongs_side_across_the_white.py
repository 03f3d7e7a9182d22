"""A wrong card under a steep camera: a second look refined an outline onto the edges of the
cards under the top card, one side of it across the top card's face, and read the card short
of the lime beyond that side. A side with little step across it and the card's white running
on beyond it is no card's side (``outlines.side_across_its_white``). Nor is it of an outline
fitted into the white by size alone, which may lie over a covered card: where the white runs
on, print beyond the rest of the side does not make it an edge. A top card's own fitted
outline, with white past another side too or a reflection's light past it, still reads."""

from __future__ import annotations

from styled_reads import read_clone, read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import outlines
from halli_pi.vision.reader.doubts import Doubt


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


def test_an_outline_fitted_over_a_covered_card_across_the_top_card_is_not_read() -> None:
    # Own art, style window, seed 299502, seat 4: a 2 plum on top over a covered card, the
    # two whites one blob with no shadow between; an outline fitted to the white by size
    # covered the covered card and one plum, its side across the 2 plum just short of the
    # other plum, and was read 1 plum.
    label, got = read_styled("own", "window", 299502, 4)
    assert label.card == parse_card("2 plum")
    assert got.card is None
    assert got.doubt is Doubt.SIDE_ACROSS_ITS_WHITE


def test_the_other_top_cards_of_the_window_table_still_read() -> None:
    for seat, card in ((1, "5 plum"), (2, "1 banana")):
        label, got = read_styled("own", "window", 299502, seat)
        assert got.card == label.card == parse_card(card)


def test_a_top_card_s_side_under_a_sheen_is_not_taken_across_its_white() -> None:
    # Own art, style sheen, seed 316501, seat 2: a 1 plum's outline fitted by size, a sheen
    # across one side washing out its step and running on past it, far brighter than the
    # card's white; the white past that side is the reflection's, and the card reads.
    label, got = read_styled("own", "sheen", 316501, 2)
    assert got.card == label.card == parse_card("1 plum")

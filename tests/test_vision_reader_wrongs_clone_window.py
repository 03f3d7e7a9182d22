"""A wrong card in a window's light: an outline fitted by size over a covered card, one side
across the top card's face just short of its bananas (0.031 of the strongest side's step
where the white runs on), and a sliver of another covered card's white past another side,
on an edge (along 0.25 of it, less than a symbol deep). A sliver past an edge is a card
under it, not the top card's face, and the side across the white is no edge
(``outlines.side_across_its_white``): the seat is doubted, not read short. Top cards with
more white past another side still read."""

from __future__ import annotations

import dataclasses

from styled_reads import read_clone, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.doubts import Doubt

# Clone deck, style window, seed 2314102, seat 1: a 2 banana + 2 strawberry on top of two
# covered cards, the outline fitted over one of them holding only its strawberries.
STYLE, SEED, SEAT = "window", 2_314_102, 1


def test_the_top_card_outlined_short_of_its_bananas_is_doubted() -> None:
    label, got = read_clone(STYLE, SEED, SEAT)
    assert label.card == parse_card("2 banana + 2 strawberry")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt is Doubt.SIDE_ACROSS_ITS_WHITE


def test_with_the_old_check_the_strawberries_alone_were_read(monkeypatch) -> None:
    # The check as it was: a step of 0.03 of the strongest side's at most, and white past
    # any other side along over 0.04 of it, however shallow, excusing the outline.
    monkeypatch.setattr(
        outlines, "T", dataclasses.replace(outlines.T, across_white_fitted_step=0.03)
    )
    monkeypatch.setattr(
        outlines,
        "_runs_on_past_it_alone",
        lambda shares, deep, on_edges, side: all(
            s <= outlines.T.across_white_fitted_others for i, s in enumerate(shares) if i != side
        ),
    )
    label, got = read_clone(STYLE, SEED, SEAT)
    assert got.state == State.CARD
    assert got.card == parse_card("2 strawberry") != label.card


def test_the_other_top_cards_of_the_table_still_read() -> None:
    for seat, card in ((0, "2 banana + 1 plum"), (4, "1 banana + 3 plum")):
        label, got = read_clone(STYLE, SEED, seat)
        assert got.card == label.card == parse_card(card)


def test_top_cards_with_more_white_past_another_side_still_read() -> None:
    # A 3 lime whose side over the covered card steps 0.033 of the strongest's, white past
    # another side along 0.58; a 4 strawberry, 0.039 and 0.67 (scans, window).
    for seed, seat, card in ((1_680_003, 0, "3 lime"), (2_301_001, 4, "4 strawberry")):
        label, got = read_styled("scan", STYLE, seed, seat)
        assert got.card == label.card == parse_card(card)

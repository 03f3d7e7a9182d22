"""A wrong card under the top card's corner: the first look outlined a covered card nearly
whole in view under the pile's top card and doubted it for that card's side across its face;
the second look outlined the same card a pixel or two off, the side now in the border a face
is read without, and claimed it. Another card's side across the outline it claims keeps it a
doubt (``policy._edge_across_claimed_again``)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import policy
from halli_pi.vision.reader.doubts import Doubt


def test_a_card_under_the_top_card_s_corner_is_not_claimed(monkeypatch) -> None:
    # Own art, style offzone, seed 2214228, seat 1: the 3 plum on top, one of its corners
    # under the next pile's cards, lies with its other corner over the top corner of a
    # 1 strawberry under it, read 1 strawberry.
    said = said_by(monkeypatch, policy, "_edge_across_claimed_again")
    label, got = read_styled("own", "offzone", 2214228, 1)
    assert label.card == parse_card("3 plum")
    assert True in said
    assert got.card is None
    assert got.doubt is Doubt.ANOTHER_CARD_OVER_IT


def test_the_other_piles_of_that_table_still_read() -> None:
    # The 2 plum of the next pile, whose cards cover the 3 plum's corner, and a pile apart.
    for seat, card in ((2, "2 plum"), (0, "4 strawberry")):
        label, got = read_styled("own", "offzone", 2214228, seat)
        assert got.card == label.card == parse_card(card)

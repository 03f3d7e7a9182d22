"""A right card lost under a lamp: the top card's own outline, fitted by size, had a short
side beside a lamp's reflection on the table, which merged with the card's white a few
pixels past it and washed that side's step out, so the fitted check across the white
(``outlines.side_across_its_white``) took it for a side across a card's face. A side cut
across a face leaves a symbol out only where the face runs on past it by a symbol and the
card's border (``outlines._runs_on_a_symbol_deep``); the covered card fitted across a 2 plum,
that check's own case, is still refused (``test_vision_reader_wrongs_side_across_the_white``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card


def test_a_top_card_s_side_beside_a_reflection_on_the_table_still_reads() -> None:
    # Scans, style lamp, seed 285501, seat 3: a 4 plum, the reflection past its short side
    # merged with its white 0.42 of the side at 3 pixels, none at 20.
    label, got = read_styled("scan", "lamp", 285501, 3)
    assert got.card == label.card == parse_card("4 plum")


def test_the_other_top_cards_of_the_lamp_table_still_read() -> None:
    for seat, card in ((1, "3 lime"), (2, "2 plum"), (5, "4 strawberry")):
        label, got = read_styled("scan", "lamp", 285501, seat)
        assert got.card == label.card == parse_card(card)

"""A wrong card beside the pile's place: a covered card fanned out nearly whole from under
the top card, a silver five that lies against its side over the zone's middle, their white
one. The five's outline was not found (its face is no card white to fit to), and a second
look claimed the covered card 1.08 card widths off the middle, excused as a pile pushed off
alone. A card whose white runs on past one of its sides to the zone's middle, about a card
beyond that side, most of a card of it beyond its outline, is not claimed
(``policy._white_on_to_the_middle``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_beside_a_silver_five_is_not_claimed() -> None:
    # Deluxe, style noise, seed 349501, seat 4: a silver 5 banana on top, the 2 plum under it
    # fanned out below, read 2 plum (the middle 2.15 times the way out past its side, its
    # white beyond its outline 1.02 of its area).
    label, got = read_styled("deluxe", "noise", 349501, 4)
    assert label.card == parse_card("5 banana")
    assert got.card is None
    # Or, where a search placed the five whole over the middle against it, the outline of
    # that whole card over the one the looks then framed.
    assert got.doubt in (Doubt.CARD_OFF_THE_PILE, Doubt.ANOTHER_CARD_OVER_IT)


def test_the_other_cards_of_that_table_still_read() -> None:
    for seat, want in ((1, "2 plum"), (3, "1 banana"), (5, "3 strawberry")):
        label, got = read_styled("deluxe", "noise", 349501, seat)
        assert label.card == parse_card(want)
        assert got.state is State.CARD
        assert got.card == label.card


def test_top_cards_pushed_off_over_their_heaps_still_read() -> None:
    # Top cards pushed off their zones over their heaps, the middle on their own white:
    # clone offzone seed 2151831 seat 4 (0.88 widths off, 1.29 times the way out past a
    # side, 0.68 of its area beyond), scans offzone seed 2334013 seat 5 (1.02 off, 1.93
    # times the way, 0.71 beyond).
    for deck, seed, seat, want in (
        ("clone", 2151831, 4, "1 banana + 1 lime"),
        ("scan", 2334013, 5, "2 plum"),
    ):
        label, got = read_styled(deck, "offzone", seed, seat)
        assert got.state is State.CARD
        assert got.card == label.card == parse_card(want)

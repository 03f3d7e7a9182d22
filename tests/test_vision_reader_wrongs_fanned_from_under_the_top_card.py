"""A wrong card beside the pile's place: a covered card fanned out nearly whole from under
the top card, which lies against its side over the zone's middle, their white one. The top
card's outline was not found (its white runs into the cards under it; a silver five's face
is no card white to fit to), and a second look claimed the covered card, about a card off
the middle. A card whose white runs on past one of its sides to the zone's middle, about a
card beyond that side, is not claimed (``policy._white_on_to_the_middle``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_beside_a_white_top_card_is_not_claimed() -> None:
    # Scans, style pale, seed 349501, seat 4: the pile's 4 plum over the zone's middle, the
    # 2 plum under it fanned out below, its side under the 4 plum's: read 2 plum, 0.97 widths
    # off the middle.
    label, got = read_styled("scan", "pale", 349501, 4)
    assert label.card == parse_card("4 plum")
    assert got.card is None
    assert got.doubt is Doubt.CARD_OFF_THE_PILE


def test_a_covered_card_beside_a_silver_five_is_not_claimed() -> None:
    # Deluxe, style noise, the same table: a silver 5 banana on top, the same 2 plum under it,
    # read 2 plum 1.08 widths off (excused as a pile pushed off, alone: its white is joined to
    # the five's).
    label, got = read_styled("deluxe", "noise", 349501, 4)
    assert label.card == parse_card("5 banana")
    assert got.card is None
    assert got.doubt is Doubt.CARD_OFF_THE_PILE


def test_the_other_cards_of_those_tables_still_read() -> None:
    # The 1 banana of seat 3 is read by a look that the covered card's size, read first,
    # still helps: the card doubted is whole.
    for deck, style, seat, want in (
        ("scan", "pale", 3, "1 banana"),
        ("scan", "pale", 5, "3 strawberry"),
        ("deluxe", "noise", 5, "3 strawberry"),
    ):
        label, got = read_styled(deck, style, 349501, seat)
        assert label.card == parse_card(want)
        assert got.state is State.CARD
        assert got.card == label.card


def test_a_top_card_pushed_off_over_its_heap_still_reads() -> None:
    # Clone, style offzone, seed 2151831, seat 4: the top card 0.88 widths off, the middle on
    # its own white beyond it (0.68 of its area), but only 1.29 of the way out past its side.
    label, got = read_styled("clone", "offzone", 2151831, 4)
    assert got.state is State.CARD
    assert got.card == label.card == parse_card("1 banana + 1 lime")

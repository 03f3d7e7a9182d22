"""A covered card strayed out from under the top card, read as the top card: the same table
drawn twice (seed 349501, seat 4). The card under the top one lies nearly whole in view,
about a card off the zone's middle, its side towards the middle cut straight along the top
card's side, and the top card lies whole over the middle. Its outline looked as whole as a
top card's, and it was claimed. A card off the middle with a whole card against its side
over the middle is not claimed (``outlines.whole_card_over_the_middle``)."""

from __future__ import annotations

from styled_reads import read_styled, said_by, tracker_reads

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_strayed_out_beside_a_silver_five_is_not_claimed() -> None:
    # Deluxe, style steep: the silver 5 banana on top, the 2 plum under it read for it.
    label, got = read_styled("deluxe", "steep", 349501, 4)
    assert label.card == parse_card("5 banana")
    assert got.state is State.UNKNOWN
    assert got.doubt is Doubt.WHOLE_CARD_BESIDE_IT


def test_a_covered_card_strayed_out_on_a_tilted_table_is_not_claimed(monkeypatch) -> None:
    # Own art, style tilt_hard: a 4 plum on top (the pile "occluded": an arm's shadow touches
    # it), the 2 plum under it claimed on a searched outline. The search leaves it, and the
    # zone reads no card.
    said = said_by(monkeypatch, outlines, "_strayed_beside_a_placed_card")
    label, got = read_styled("own", "tilt_hard", 349501, 4)
    assert label.card == parse_card("4 plum")
    assert got.state is not State.CARD
    assert got.doubt is Doubt.SIDE_WITHIN_IT
    assert True in said


def test_the_cards_beside_them_still_read() -> None:
    # The same tables' other piles: the 2 plum at seat 1 (Deluxe) and the 3 strawberry at
    # seat 5 (both).
    label, got = read_styled("deluxe", "steep", 349501, 1)
    assert got.card == label.card == parse_card("2 plum")
    label, got = read_styled("deluxe", "steep", 349501, 5)
    assert got.card == label.card == parse_card("3 strawberry")
    label, got = read_styled("own", "tilt_hard", 349501, 5)
    assert got.card == label.card == parse_card("3 strawberry")


def test_a_card_no_longer_held_against_the_strayed_card_s_size_reads() -> None:
    # Own art, tilt_hard, seat 1: the 2 plum there was doubted as smaller than the others
    # when the strayed 2 plum at seat 4 was one of the cards read; with it left, it reads.
    label, got = read_styled("own", "tilt_hard", 349501, 1)
    assert got.card == label.card == parse_card("2 plum")


def test_the_tracker_s_read_of_one_zone_does_not_claim_it_either() -> None:
    # The tracker reads a zone alone, at once or in steps, with the cards of the other zones
    # known: the same last check runs there (Deluxe steep, seat 4).
    at_once, stepped = tracker_reads("deluxe", "steep", 349501, 4)
    assert at_once.state is not State.CARD
    assert stepped.state is not State.CARD

"""A covered card framed beside the top card, off the zone's middle, is not claimed for it.

Another whole card lies against it, and which of the two is on top is not clear
(``policy._beside_a_whole_card``, ``Tuning.whole_beside_off_centre``); or the top card's side
lies within its outline (``outlines.side_within``, ``Tuning.side_within_length`` and
``side_within_depth``). A nearly square outline found on edges is looked at for another
card's side across it (``policy._squat_on_edges``, ``Tuning.squat_on_edges``). Top cards
pushed off their zones (tuning style ``offzone``) stay read."""

from __future__ import annotations

import dataclasses

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, outlines, policy
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled, tracker_reads


def test_a_covered_card_beside_the_top_card_is_not_claimed() -> None:
    # Plain own art, seed 27035 seat 1: a 2 strawberry on top, the covered 1 plum beside it,
    # cut straight along its side, 0.95 card widths from the zone's middle, read from its
    # white alone (as 1 plum, before).
    label, got = read_styled("own", "", 27035, 1)
    assert label.card == parse_card("2 strawberry")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt == Doubt.WHOLE_CARD_BESIDE_IT


def test_with_the_check_off_the_covered_card_is_claimed(monkeypatch) -> None:
    # The check set off (from no distance short of the pile's edge): the old reading, the
    # covered card claimed.
    # (The check of a card whose white runs on to the middle, which doubts it too, set off.)
    off = dataclasses.replace(
        policy.T, whole_beside_off_centre=policy.T.off_the_pile, heap_past_a_side_off_centre=9.0
    )
    monkeypatch.setattr(policy, "T", off)
    _, got = read_styled("own", "", 27035, 1)
    assert got.state == State.CARD and got.card == parse_card("1 plum")


def test_top_cards_off_their_zones_stay_read() -> None:
    # Tuning style offzone, own art, seed 946104: top cards 0.58 to 0.87 card widths off
    # their zones' middles, covered cards fanned under them, each read right.
    for seat in (0, 1, 2, 4, 5):
        label, got = read_styled("own", "offzone", 946104, seat)
        assert got.state == State.CARD and got.card == label.card, seat


def test_a_covered_card_with_a_silver_side_within_it_is_not_claimed() -> None:
    # Tuning lamp, Deluxe, seed 248001 seat 4: a silver 5 banana on top, turned a little
    # across the covered 2 lime, which a second look framed beside it (0.97 card widths off
    # the zone's middle) with the silver card's side within the outline (read as 2 lime,
    # before). Since a washed piece beside a reflection is judged with the symbols
    # (``card._washed_piece_beside_glare``) the looks at the zone ended on another doubt
    # first, a coloured piece on an outline's edge. Since a card-sized outline fitted across
    # the top card's white is no longer excused by a sliver of white past a covered card's
    # edge (``outlines._runs_on_past_it_alone``), they end on the silver card's side within
    # the outline again. Since a search leaves a card off the middle that its placement of
    # the five, whole over the middle, lies against (``outlines.whole_card_over_the_middle``),
    # they end on the whole card beside it.
    label, got = read_styled("deluxe", "lamp", 248001, 4)
    assert label.card == parse_card("5 banana")
    assert got.state != State.CARD, f"claimed {got.card}"
    assert got.doubt == Doubt.WHOLE_CARD_BESIDE_IT


def test_with_no_side_looked_for_within_the_covered_card_is_claimed(monkeypatch) -> None:
    # No straight edge is that deep within, and no whole card over the middle looked for
    # beside it, nor another card's side along its side towards the middle
    # (``policy._under_a_side_along_it``, which doubts it too): the old reading, the covered
    # card claimed.
    off = dataclasses.replace(
        policy.T, side_within_depth=1.0, middle_card_overlap=-1.0, along_within_length=2.0
    )
    monkeypatch.setattr(policy, "T", off)
    monkeypatch.setattr(outlines, "T", off)
    _, got = read_styled("deluxe", "lamp", 248001, 4)
    assert got.state == State.CARD and got.card == parse_card("2 lime")


def test_a_squat_outline_on_edges_is_looked_at_for_a_card_across_it() -> None:
    # Tuning steep, clone, seed 279004 seat 3: a second look's outline refined onto the edges
    # of the top card's upper half (nearly square in the frame, 0.94), read as 2 strawberry
    # without its 2 plum before; looked at for another card's side across it, the whole card
    # is found on its edges and read right.
    label, got = read_styled("clone", "steep", 279004, 3)
    assert label.card == parse_card("2 strawberry + 2 plum")
    assert got.state == State.CARD and got.card == label.card


def test_with_squat_outlines_on_edges_left_alone_the_half_card_is_claimed(monkeypatch) -> None:
    monkeypatch.setattr(policy, "T", dataclasses.replace(policy.T, squat_on_edges=2.0))
    # The refined outline is refused for the side across it already (the same evidence,
    # ``outlines._crossed_by_another_card``): off too, as before it was looked at there.
    monkeypatch.setattr(outlines, "_crossed_by_another_card", lambda frame, corners: False)
    _, got = read_styled("clone", "steep", 279004, 3)
    assert got.state == State.CARD and got.card == parse_card("2 strawberry")


def test_a_top_card_beside_a_covered_card_in_full_view_stays_read() -> None:
    # Tuning offzone, clone, seed 297007 seat 4: the top 1 lime + 1 plum lies 0.5 card widths
    # or more off the middle, the covered 2 plum + 1 strawberry fanned beside it in full view
    # but for a corner under it. That card, whole-looking, is crossed by the top card's side:
    # it is not on top, and the top card is read.
    label, got = read_styled("clone", "offzone", 297007, 4)
    assert label.card == parse_card("1 lime + 1 plum")
    assert got.state == State.CARD and got.card == label.card


def test_the_tracker_refuses_the_covered_card_beside_the_top_card_too() -> None:
    # The same own art scene read zone by zone, knowing the cards read elsewhere (the
    # tracker's way), at once and in steps.
    at_once, stepped = tracker_reads("own", "", 27035, 1)
    assert at_once.state != State.CARD
    assert stepped.state != State.CARD
    assert stepped.doubt == Doubt.WHOLE_CARD_BESIDE_IT

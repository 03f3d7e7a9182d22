"""A frame whose first looks read no card, under a steep tilt: the squeezed outlines of card
white tell the second looks the cards' size and squeeze."""

from __future__ import annotations

from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def test_steep_outlines_start_the_second_looks_when_no_card_was_read(monkeypatch):
    # tilt_hard own seed 900036: no first look reads a card; seat 3's 5 lime shows the white
    # of a card squeezed past the usual tilt, and with it seats 1, 3 and 5 are read.
    for seat in (1, 3, 5):
        label, got = read_styled("own", "tilt_hard", 900036, seat)
        assert label.state == "card"
        assert got.state == State.CARD and got.card == label.card, seat
    monkeypatch.setattr(policy, "_steep_cards", lambda frame, zones, readings, profile: {})
    _, before = read_styled("own", "tilt_hard", 900036, 3)
    assert before.doubt is Doubt.NO_WHOLE_CARD


def test_steep_cards_are_never_claimed_for_their_own_zone():
    # Only other zones' looks learn from a steep card: each zone is read by its own looks.
    from halli_pi.vision.reader.reading import Reading

    steep = {3: Reading(State.CARD), 5: Reading(State.CARD)}
    readings = [Reading(State.UNKNOWN)] * 6
    assert policy._others(steep, 3, readings) == [steep[5]]
    readings[5] = Reading(State.CARD)
    assert policy._others(steep, 3, readings) == []


def test_sheared_outlines_start_the_second_looks_when_no_white_frames_a_card(monkeypatch):
    # tilt_hard own seed 930628: a camera at the table's side, every top card's white run
    # into the cards under it; no look reads a card, no steep outline of white frames one.
    # A card found on a parallelogram of edges tells the second looks the tilt, and four of
    # the five clear top cards are read.
    for seat in (1, 3, 4, 5):
        label, got = read_styled("own", "tilt_hard", 930628, seat)
        assert label.state == "card"
        assert got.state == State.CARD and got.card == label.card, seat
    monkeypatch.setattr(policy, "_sheared_cards", lambda frame, zones, readings, profile: {})
    _, before = read_styled("own", "tilt_hard", 930628, 5)
    assert before.doubt is Doubt.NO_WHOLE_CARD

"""A classic 1 lime under a warm lamp read as a 1 banana by its bend: the lamp's spot lies
across the lime's middle and washes it to white there, the face is clipped in green and red
all over, and what is left of the lime's colour is a crescent around an empty middle, its
centre off it (0.0 deep), the size of one banana, its colour between a lime's and a
banana's. On a face clipped all over no reflection can be placed, so the bend alone read it
as a banana. A bent blob whose centre lies off it is not read as a banana there
(``card._washed_lime_s_crescent``): the lime is left to a colour between kinds."""

from __future__ import annotations

import dataclasses

from styled_reads import assert_doubted, assert_reads, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt


def test_a_lime_washed_to_a_crescent_under_a_lamp_is_not_read_as_a_banana() -> None:
    # Tuning style lamp, own art, seed 2230201, seat 3.
    assert_doubted("own", "lamp", 2230201, 3, "1 lime", Doubt.COLOUR_BETWEEN_KINDS)


def test_without_the_check_the_crescent_reads_as_a_banana(monkeypatch) -> None:
    # What the check closes: with no depth asked of a bent blob, the crescent is a banana.
    monkeypatch.setattr(card, "T", dataclasses.replace(card.T, crescent_centre_depth=0.0))
    label, got = read_styled("own", "lamp", 2230201, 3)
    assert label.card == parse_card("1 lime")
    assert got.state is State.CARD and got.card == parse_card("1 banana")


def test_the_other_limes_and_bananas_on_that_table_still_read() -> None:
    # Seats 1 and 5 of the same table: a 4 banana and a whole 1 lime under the same lamp.
    assert_reads("own", "lamp", 2230201, 1, "4 banana")
    assert_reads("own", "lamp", 2230201, 5, "1 lime")


def test_bananas_read_by_their_bend_on_a_clipped_face_still_read() -> None:
    # Tuning style window, own art, seed 2233002, seat 3: a 2 banana on a face clipped all
    # over, each banana's centre 0.55 to 0.6 deep in it.
    assert_reads("own", "window", 2233002, 3, "2 banana")

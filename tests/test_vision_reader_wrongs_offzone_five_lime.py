"""A wrong card beside a silver top card: the pile's 5 lime (a Deluxe silver five) lies off
the zone's middle, its corner just over the side of the card under it, a 2 lime in full view
but for that corner. The first look doubted the 2 lime's face (its outline ran onto a plum
of the card under both); a second look refined the outline onto the 2 lime and claimed it.
The search around a card for another against it kept only the placements the 2 lime
fills; a search beside each side finds the whole 5 lime, and the card is doubted
(``policy._whole_card_against_a_side_steps``)."""

from __future__ import annotations

import pytest
from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, policy
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.steps import run

SEED, SEAT = 2384001, 2


def test_the_card_under_the_silver_five_is_not_claimed() -> None:
    label, got = read_styled("deluxe", "offzone", SEED, SEAT)
    assert label.card == parse_card("5 lime")
    assert got.state is State.UNKNOWN and got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def _no_card_against_a_side(*args):
    return False
    yield  # a generator of steps, as the check is


def test_with_the_check_off_the_card_under_it_is_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cause, pinned: without the check the second look's refined outline claims the 2 lime
    # under the 5 lime's corner, and the same check on that reading finds the 5 lime.
    monkeypatch.setattr(policy, "_whole_card_against_a_side_steps", _no_card_against_a_side)
    label, got = read_styled("deluxe", "offzone", SEED, SEAT)
    assert label.card == parse_card("5 lime")
    assert got.state is State.CARD and got.card == parse_card("2 lime")
    assert got.why == "refined"
    monkeypatch.undo()
    frame = bench_scene("deluxe", SEED, 0.15, "offzone").frame
    profile = load_profile(profile_name("deluxe"))
    assert run(policy._whole_card_against_a_side_steps(frame, got, profile))


def test_the_other_seats_read_as_before() -> None:
    # The whole cards of the scene, none beside another, read as they did.
    for seat, want in ((1, "1 lime"), (3, "1 lime")):
        label, got = read_styled("deluxe", "offzone", SEED, seat)
        assert label.card == got.card == parse_card(want)

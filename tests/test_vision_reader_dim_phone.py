"""Phone photos in dim light (tuning style phone_dim) read as the bench reads them: with no
card read anywhere in the frame, a top card under a lamp's reflection is found at a size a
little larger than the zone's guess; where two cards are read, an outline squarer than a card
beside a card seen unsqueezed is part of a card, not a card."""

from __future__ import annotations

import pytest

from halli_pi.vision.reader import Doubt, State
from tests.styled_reads import read_styled


def test_a_half_card_beside_a_straight_card_is_no_card():
    # Clone deck, seed 965031, seat 0: a 3 banana + 1 lime under a lamp's reflection read
    # 2 banana from an outline across its long sides (its upper half, squarer than a card),
    # while the only other card read (seat 2) lies unsqueezed.
    label, got = read_styled("clone", "phone_dim", 965031, 0)
    assert str(label.card) == "3 banana + 1 lime"
    assert got.state != State.CARD
    assert got.doubt == Doubt.CARD_SIZE_OFF


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat"),
    [
        # The straight card of that pair.
        ("clone", "phone_dim", 965031, 2),
        # A tilted camera's far card beside a near one (squeezes 0.82 and 0.95, its long side
        # 1.13 of the near card's short side): a 2 plum, a card, not part of one.
        ("deluxe", "tilt", 280000, 5),
    ],
)
def test_a_card_of_a_pair_is_still_read(deck, style, seed, seat):
    label, got = read_styled(deck, style, seed, seat)
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(
    ("deck", "seed", "seat"),
    [
        # A 1 lime, a reflection over its upper side; no card of the frame read before.
        ("own", 1177004, 0),
        # A 1 banana + 2 strawberry, a reflection over its middle: found at 1.1 times the
        # zone's guess (not at 1.2).
        ("clone", 1216005, 3),
    ],
)
def test_a_card_no_other_look_read_is_found_at_a_size_beyond_the_zones_guess(deck, seed, seat):
    label, got = read_styled(deck, "phone_dim", seed, seat)
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize("seat", [1, 2])
def test_the_piles_under_the_arm_beside_it_still_abstain(seat):
    # The same frame: a 2 banana and a 5 banana under an arm, their top cards partly hidden.
    label, got = read_styled("own", "phone_dim", 1177004, seat)
    assert label.state == "occluded"
    assert got.state != State.CARD

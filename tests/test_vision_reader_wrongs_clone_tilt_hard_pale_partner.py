"""A lamp's reflection over a steeply tilted clone 3 banana + 1 plum pales its top left
banana to a piece of a quarter of a banana, a little under what the pale partner check asks;
on the outline a refinement fitted, a few pixels wide over the card beneath, the plum across
from it lies 0.3097 from a partner, a little under what the lone symbol check asks. Both
signs together are doubted (``_pale_partner_of_a_nearly_lone_symbol``): the card is never
read as a 2 banana + 1 plum (issue #10). The far small card of the same table, held against
the perspective of the near card read and the doubted card's outline, is still read, and so is
the near one."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, State
from tests.styled_reads import read_styled


def test_a_tilted_clone_card_with_a_banana_paled_at_a_partner_s_place_is_doubted() -> None:
    # Check seed 375502, style tilt_hard, clone, seat 5: read 2 banana + 1 plum before.
    label, got = read_styled("clone", "tilt_hard", 375502, 5)
    assert label.card == parse_card("3 banana + 1 plum")
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.PALE_PRINT_AT_A_PARTNER_S_PLACE


def test_a_clone_card_of_the_same_table_is_still_read() -> None:
    # Seat 0: a 2 lime + 2 plum, every symbol seen with its partner.
    label, got = read_styled("clone", "tilt_hard", 375502, 0)
    assert label.card == parse_card("2 lime + 2 plum")
    assert got.state == State.CARD and got.card == label.card


def test_the_far_small_card_of_the_same_table_is_still_read() -> None:
    # Seat 2: a 1 banana + 3 lime at the far side, framed at 0.64 of seat 0's near card's
    # size. Held against seat 0's size alone, no whole card was found there and it was
    # doubted; seat 5's outline, its count doubted, still says the size at its place.
    label, got = read_styled("clone", "tilt_hard", 375502, 2)
    assert label.card == parse_card("1 banana + 3 lime")
    assert got.state == State.CARD and got.card == label.card

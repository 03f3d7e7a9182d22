"""A covered card nearly whole in view beside the top card, off the zone's middle: another
whole card lies against it, and which of the two is on top is not clear
(``policy._beside_a_whole_card``, ``Tuning.whole_beside_off_centre``)."""

from __future__ import annotations

import dataclasses

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


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
    off = dataclasses.replace(policy.T, whole_beside_off_centre=policy.T.off_the_pile)
    monkeypatch.setattr(policy, "T", off)
    _, got = read_styled("own", "", 27035, 1)
    assert got.state == State.CARD and got.card == parse_card("1 plum")


def test_top_cards_off_their_zones_stay_read() -> None:
    # Tuning style offzone, own art, seed 946104: top cards 0.58 to 0.87 card widths off
    # their zones' middles, covered cards fanned under them, each read right.
    for seat in (0, 1, 2, 4, 5):
        label, got = read_styled("own", "offzone", 946104, seat)
        assert got.state == State.CARD and got.card == label.card, seat

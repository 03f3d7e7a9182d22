"""A clone card's symbol shaped as one symbol, whose colour a lamp's reflection spreads so
that a split by colour leaves a part between two kinds, is read whole by its colour; one
whose whole colour lies between kinds stays a doubt."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, State, card
from tests.styled_reads import read_clone


def _split_doubted(monkeypatch) -> None:
    """The reader as it was: a blob whose split left a part between kinds is a doubt."""

    def doubted(c, b):
        c.detail = "a blob of mixed colours"
        return Doubt.COLOUR_BETWEEN_KINDS

    monkeypatch.setattr(card, "_one_symbol_whole", doubted)


# Tuning style lamp, clone deck: a 1 banana + 3 lime whose limes a reflection pales on one
# side (a=-22 b=59 whole; the pale part at a=-9 b=39 between a lime and a banana).
LAMP_LIMES = [(2327005, 1), (2327019, 5)]


@pytest.mark.parametrize(("seed", "seat"), LAMP_LIMES)
def test_a_lime_paled_on_one_side_is_read_whole(seed: int, seat: int) -> None:
    label, got = read_clone("lamp", seed, seat)
    assert label.card == parse_card("1 banana + 3 lime")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("seed", "seat"), LAMP_LIMES)
def test_split_into_a_part_between_kinds_it_was_doubted(monkeypatch, seed: int, seat: int) -> None:
    _split_doubted(monkeypatch)
    _, got = read_clone("lamp", seed, seat)
    assert got.state != State.CARD
    assert got.doubt == Doubt.COLOUR_BETWEEN_KINDS


def test_a_lime_washed_between_kinds_beside_a_washed_out_one_stays_a_doubt() -> None:
    # Tuning style lamp, clone, seed 2327011 seat 4: a 2 lime + 1 plum whose middle lime the
    # reflection washed out; the other lime, half washed, lies at a=-15 b=49 as a whole,
    # between a lime and a banana. Read by its unwashed part it would make a 1 lime + 1 plum.
    label, got = read_clone("lamp", 2327011, 4)
    assert label.card == parse_card("2 lime + 1 plum")
    assert got.state != State.CARD and got.card is None
    assert got.doubt == Doubt.COLOUR_BETWEEN_KINDS

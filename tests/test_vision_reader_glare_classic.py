"""Classic cards (own art, scans) a person reads plainly through a reflection: a glossy face's
sheen pales the whole print, and a symbol too pale for its kind's colour, its kind read with
the reflection's light taken off, is measured with its pale rest
(``card._pale_rest_of_a_kind_through_the_reflection``), as one whose colour told its kind
is. A symbol whose pale rest does not make it whole stays a doubt."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from tests.styled_reads import read_styled, said_by


@pytest.mark.parametrize("deck", ["own", "scan"])
def test_a_lone_symbol_paled_by_a_sheen_reads_the_card(deck) -> None:
    # A 1 lime whose ink is 0.13 (own art) and 0.16 (scans) of a symbol, 0.94 and 0.92 with
    # its pale rest: it was "glare over the face" (a piece of a lime under the reflection).
    label, got = read_styled(deck, "sheen", 324502, 3)
    assert label.card == parse_card("1 lime")
    assert got.state == State.CARD and got.card == label.card


def test_the_lone_symbol_is_measured_with_its_pale_rest(monkeypatch) -> None:
    said = said_by(monkeypatch, card, "_pale_rest_of_a_kind_through_the_reflection")
    read_styled("own", "sheen", 324502, 3)
    assert any(whole is not None for whole in said)


def test_a_symbol_whose_pale_rest_is_not_whole_stays_a_doubt() -> None:
    # A 3 strawberry under a sheen: two of its strawberries are whole with their pale rest,
    # the third (0.28 of a symbol) is not, and may be a piece of one under the reflection:
    # no card is claimed.
    label, got = read_styled("own", "sheen", 323500, 3)
    assert label.card == parse_card("3 strawberry")
    assert got.state == State.UNKNOWN and got.card is None

"""A piece of print apart from every symbol, paled by a reflection past every kind's colour,
is named by its hue through the reflection (``card._piece_kind``): the count would leave its
symbol out."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from tests.styled_reads import read_clone


def test_a_pale_piece_apart_from_the_symbols_is_not_left_out_of_the_count() -> None:
    # Tuning lamp, clone, seed 1182043 seat 2: a 3 banana + 1 strawberry under a reflection
    # that washed one banana to its tip, 0.69 of a banana's colour, 1.7 symbol radii from the
    # strawberry; read as 2 banana + 1 strawberry before.
    label, got = read_clone("lamp", 1182043, 2)
    assert label.card == parse_card("3 banana + 1 strawberry")
    assert got.state != State.CARD, f"claimed {got.card}"


def test_named_by_its_colour_alone_the_pale_piece_is_skipped(monkeypatch) -> None:
    monkeypatch.setattr(card, "_piece_kind", lambda c, b: card.classify(b, c.profile)[0])
    _, got = read_clone("lamp", 1182043, 2)
    assert got.state == State.CARD and got.card == parse_card("2 banana + 1 strawberry")

"""An outline over two clone cards side by side under a sheen: the top card's side against the
covered card washed out by the reflection, a card-sized outline took in the covered card's two
bananas and the top card's strawberry and plum. Its four symbols sit near a 4's corners, each
within the slack a banana's weight needs, but in two columns 0.62 of the card's width apart,
where a card prints them 0.4 apart (``card._corner_columns_apart``, decks of mixed kinds)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt


def test_an_outline_over_two_clone_cards_under_a_sheen_is_not_read(monkeypatch) -> None:
    # Clone, style sheen, seed 2221930, seat 3: read 2 banana + 1 strawberry + 1 plum.
    said = said_by(monkeypatch, card, "_corner_columns_apart")
    label, got = read_styled("clone", "sheen", 2221930, 3)
    assert label.card == parse_card("1 strawberry + 3 plum")
    assert got.state is State.UNKNOWN
    assert got.card is None
    # The top card's strawberry on that outline's edge is cut, against the plum beside it
    # (``_cut_at_the_edge_by_other_kinds``, a count check, said first); with that check off,
    # the columns apart say it.
    assert Doubt.OFF_THE_PRINT_LAYOUT not in said
    monkeypatch.setattr(
        card,
        "COUNT_CHECKS",
        tuple(c for c in card.COUNT_CHECKS if c is not card._cut_at_the_edge_by_other_kinds),
    )
    _, got = read_styled("clone", "sheen", 2221930, 3)
    assert got.state is State.UNKNOWN and got.card is None
    assert Doubt.OFF_THE_PRINT_LAYOUT in said


def test_whole_clone_fours_on_the_same_table_still_read() -> None:
    # The same table, seats 1 and 4: two 4s, their columns as a card prints them.
    label, got = read_styled("clone", "sheen", 2221930, 1)
    assert got.card == label.card == parse_card("3 strawberry + 1 lime")
    label, got = read_styled("clone", "sheen", 2221930, 4)
    assert got.card == label.card == parse_card("1 banana + 3 strawberry")

"""A card read as two pairs of symbols that touch must show them as each other's turn
(card._pairs_not_each_others_turn): an outline over parts of two cards holds a pair of
each, laid out as no card prints them."""

from __future__ import annotations

import cv2
import numpy as np
from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.card import _line_through_lobes
from halli_pi.vision.reader.doubts import Doubt


def test_a_pair_of_two_cards_is_not_read_as_one_card(monkeypatch) -> None:
    # Tuning style jpeg, clone deck: a fitted outline over the top card's two plums (one
    # above the other as it framed them) and the two limes of the card beneath (side by
    # side), the side between them lost in the compression's blocks: read 2 lime + 2 plum
    # before, the top card being 2 banana + 2 plum.
    label, r = read_clone("jpeg", 247_428, 3)
    assert label.card == parse_card("2 banana + 2 plum")
    assert r.card != parse_card("2 lime + 2 plum")
    assert r.state != State.CARD or r.card == label.card
    assert Doubt.PAIRS_NOT_EACH_OTHERS_TURN in card_doubts(monkeypatch, "jpeg", 247_428)


def _discs(centres: list[tuple[int, int]]) -> np.ndarray:
    ink = np.zeros((60, 60), np.uint8)
    for x, y in centres:
        cv2.circle(ink, (x, y), 9, 1, -1)
    return ink.astype(bool)


def test_the_line_through_two_symbols_that_touch() -> None:
    # Two discs that touch side by side make a line of about 0 degrees; one above the other,
    # about 90; one disc alone never falls into two.
    side_by_side = _line_through_lobes(_discs([(20, 30), (37, 30)]))
    assert side_by_side is not None and min(side_by_side, 180.0 - side_by_side) < 5.0
    stacked = _line_through_lobes(_discs([(30, 20), (30, 37)]))
    assert stacked is not None and abs(stacked - 90.0) < 5.0
    assert _line_through_lobes(_discs([(30, 30)])) is None

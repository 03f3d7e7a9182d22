"""A reflection over the middle of a classic 2: its two symbols lie nearer each other along
the card's length than a 3's corners ever do, so the 3 whose middle the reflection could hide
does not fit and the card reads as the 2 it shows. Where a 2's pair lies as far apart as a
3's corners (the scans' art), the reflection stays a doubt."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.card import CLASSIC_SPOTS, _a_twos_pair_as_a_threes_corners
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled

_MIDDLE = [CLASSIC_SPOTS[3][1]]


def test_a_twos_pair_is_not_a_threes_corners() -> None:
    assert _a_twos_pair_as_a_threes_corners(list(CLASSIC_SPOTS[2]), _MIDDLE)


def test_a_threes_corners_still_fit_a_3() -> None:
    corners = [CLASSIC_SPOTS[3][0], CLASSIC_SPOTS[3][2]]
    assert not _a_twos_pair_as_a_threes_corners(corners, _MIDDLE)


def test_a_threes_middle_and_corner_still_fit_a_3() -> None:
    # Near each other, but the place left unseen is a corner, not the middle.
    seen = [CLASSIC_SPOTS[3][1], CLASSIC_SPOTS[3][2]]
    assert not _a_twos_pair_as_a_threes_corners(seen, [CLASSIC_SPOTS[3][0]])


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # A lamp's reflection over the middle of a 2 strawberry, on the own art.
        ("own", "lamp", 1187000, 2, "2 strawberry"),
        # A glare spot between the two limes of a Deluxe 2.
        ("deluxe", "glare", 1205002, 1, "2 lime"),
        ("deluxe", "glare", 1206002, 3, "2 strawberry"),
        # A spot over the middle of a 2 on a cloth (it was "a 2, or a 3": a doubt).
        ("own", "cloth", 1141007, 3, "2 strawberry"),
    ],
)
def test_glare_over_a_2s_middle_reads_the_2(deck, style, seed, seat, card) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.state == State.CARD and got.card == label.card


def test_glare_over_a_3s_middle_stays_a_doubt() -> None:
    # A sheen over the middle lime of a 3, its two corners seen as far apart as a 3's corners
    # lie: a 2's pair or a 3's corners, the count is not known.
    label, got = read_styled("own", "sheen", 1189002, 5)
    assert label.card == parse_card("3 lime")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


@pytest.mark.skipif(not scans_available(), reason="../shared reference scans absent")
def test_glare_over_a_scanned_2s_middle_stays_a_doubt() -> None:
    # The scans print a 2's bananas as far apart as a 3's corners: a 3 could lie there.
    label, got = read_styled("scan", "glare", 1187006, 2)
    assert label.card == parse_card("2 banana")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

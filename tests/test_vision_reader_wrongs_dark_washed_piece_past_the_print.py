"""A coloured piece on a loose outline's edge, beside specks of low light's noise lit to the
sensor's top, is not counted as the washed rest of a layout's last symbol (tuning dark,
Deluxe, seed 2494001: seat 5's 2 banana, framed by a second look with the card beneath's
banana in the strip along its lower side, was read 3 banana; the 1 lime at seat 1 reads)."""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, Reading, State, load_profile
from halli_pi.vision.reader import card as card_module
from halli_pi.vision.reader import zone as zone_module
from halli_pi.vision.reader.card import CardRead
from halli_pi.vision.reader.symbols import Blob
from tests.styled_reads import read_recording_faces

SEED = 2494001


@pytest.fixture(scope="module")
def read() -> tuple[list[Reading], list[CardRead]]:
    """The scene's readings, and every face read on the way."""
    labels, readings, faces = read_recording_faces("deluxe", "dark", SEED, [zone_module])
    assert labels[5].card == parse_card("2 banana")
    assert labels[1].card == parse_card("1 lime")
    return readings, faces


def test_the_two_banana_is_never_read_three(
    read: tuple[list[Reading], list[CardRead]],
) -> None:
    readings, faces = read
    r = readings[5]
    assert r.card != parse_card("3 banana")
    assert r.state != State.CARD or r.card == parse_card("2 banana")
    # The loose outline's face, which counted the piece on its edge, is doubted by name.
    assert any(f.doubt == Doubt.WASHED_PIECE_PAST_THE_PRINT for f in faces)


def test_the_lime_beside_it_still_reads(read: tuple[list[Reading], list[CardRead]]) -> None:
    readings, _ = read
    assert readings[1].state == State.CARD
    assert readings[1].card == parse_card("1 lime")


def _piece(centre: tuple[float, float], *, touches_edge: bool) -> Blob:
    return Blob(0.012, (-11.0, 28.0), 0.64, touches_edge, [], centre)


@pytest.mark.parametrize(
    ("centre", "touches_edge", "past"),
    [
        ((0.83, 0.95), True, True),  # the banana beneath, on the outline's lower side
        ((0.05, 0.40), True, True),  # on a long side
        ((0.80, 0.86), True, False),  # where a 3's corner symbol is printed
        ((0.83, 0.95), False, False),  # clear of the edge: no print beyond the outline
    ],
)
def test_only_a_piece_on_the_edge_past_the_print(
    centre: tuple[float, float], touches_edge: bool, past: bool
) -> None:
    c = card_module._Card(
        np.full((96, 62, 3), 200, np.uint8), load_profile("classic"), False, False, []
    )
    c.washed = [_piece(centre, touches_edge=touches_edge)]
    assert card_module._washed_piece_past_the_print(c) is past

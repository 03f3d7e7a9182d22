"""A part of a card read as a whole one: an outline that stops where something else begins,
not where the card ends: a clipped reflection's sharp edge across the face, which the searches
took for a side."""

from __future__ import annotations

import numpy as np

from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.outlines import _reflection_beyond_a_side
from tests.styled_reads import read_styled

# -- a clipped reflection beyond a side (outlines._reflection_beyond_a_side) ------------------

# The lower half of a card 56 by 88 pixels, upright on a 160 x 160 view: its top side is where
# a reflection begins.
_HALF = np.array([[52, 80], [108, 80], [108, 124], [52, 124]], np.float32)


def _face_under_a_reflection(face: int) -> np.ndarray:
    """A card of ``face`` grey on a brown table, its upper half under a reflection clipped to
    the sensor's top, the edge of which runs straight across the face."""
    img = np.full((160, 160, 3), (60, 90, 120), np.uint8)
    img[36:124, 52:108] = face
    img[36:80, 52:108] = 255
    return img


def test_a_clipped_reflection_beyond_a_side_is_seen() -> None:
    assert _reflection_beyond_a_side(_face_under_a_reflection(205), _HALF)


def test_a_face_clipped_itself_says_nothing_of_a_reflection() -> None:
    # A light too bright for the cards: their faces clip as a reflection does, on both sides.
    assert not _reflection_beyond_a_side(_face_under_a_reflection(255), _HALF)


def test_a_whole_card_on_the_table_has_no_reflection_beyond_its_sides() -> None:
    img = np.full((160, 160, 3), (60, 90, 120), np.uint8)
    img[36:124, 52:108] = 205
    whole = np.array([[52, 36], [108, 36], [108, 124], [52, 124]], np.float32)
    assert not _reflection_beyond_a_side(img, whole)


def test_half_a_card_cut_along_a_reflections_edge_is_not_claimed(monkeypatch) -> None:
    # Tuning style lamp, clone deck, seed 244506 seat 4: the lower half of a 3 banana +
    # 1 strawberry, below a reflection's edge across its middle, was found by the outline
    # search and read 2 banana.
    seen: list[bool] = []

    def spy(crop: np.ndarray, quad: np.ndarray) -> bool:
        seen.append(_reflection_beyond_a_side(crop, quad))
        return seen[-1]

    monkeypatch.setattr(outlines, "_reflection_beyond_a_side", spy)
    label, got = read_styled("clone", "lamp", 244506, 4)
    assert label.state == "card"
    assert got.state != State.CARD
    assert any(seen)

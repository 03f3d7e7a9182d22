"""A part of a card read as a whole one: an outline that stops where something else begins,
not where the card ends. A clipped reflection's sharp edge across the face (the searches took
it for a side), and an arm's edge across the card (the card white's outline stopped at it)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from drawn_cards import card_rect, draw_card

from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, outlines
from halli_pi.vision.reader.arms import arm_along_a_side
from halli_pi.vision.reader.doubts import Doubt
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


# -- an arm along a side (arms.arm_along_a_side) ----------------------------------------------

_TABLE = (70, 95, 125)  # a wooden table's brown (BGR)
_SLEEVE = (140, 60, 40)  # a blue sleeve
# A card 56 by 88 pixels on a 200 x 200 read area, its top side on y = 90.
_CARD = card_rect((100.0, 134.0), (56, 88), 0)


def _card_and_arm(x0: int, x1: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the read area, the card's outline, its white): the card on the table, with an arm
    come from the top of the read area down to the card's top side, over ``x0`` to ``x1``."""
    img = np.full((200, 200, 3), _TABLE, np.uint8)
    draw_card(img, _CARD)
    img[0:90, x0:x1] = _SLEEVE
    white = np.zeros((200, 200), np.uint8)
    cv2.fillPoly(white, [np.rint(_CARD).astype(np.int32)], 255)
    return img, _CARD, white


def test_an_arm_along_a_whole_side_is_seen() -> None:
    # The arm as wide as the card and more: the card may go on under it.
    assert arm_along_a_side(*_card_and_arm(50, 160))


def test_an_arm_against_part_of_a_side_is_not_along_it() -> None:
    # A hand that reaches the card's corner: the rest of the side has the table beyond it.
    assert not arm_along_a_side(*_card_and_arm(40, 90))


def test_a_card_alone_has_no_arm_along_a_side() -> None:
    assert not arm_along_a_side(*_card_and_arm(0, 0))


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_covered_card_cut_by_an_arm_is_not_claimed() -> None:
    # Tuning style tilt_hard, scans, seed 910025 seat 0: a 3 lime under an arm, the arm's edge
    # across it; the part in view, a clean card shape with two limes, was read 2 lime.
    label, got = read_styled("scan", "tilt_hard", 910025, 0)
    assert label.state == "occluded"
    assert got.state != State.CARD
    assert got.doubt is Doubt.ARM_ALONG_A_SIDE

"""Plain white cards drawn on a dark table, for the tests of the checks that look at card
outlines and sides without any art: what matters there is a card's white face and the grey
line the classic art prints round it."""

from __future__ import annotations

import cv2
import numpy as np

TABLE = (40, 35, 30)
FACE = (250, 250, 250)
BORDER = (150, 150, 150)


def draw_card(img: np.ndarray, quad: np.ndarray, line: int = 1) -> None:
    """A white card with the grey line round its face that the classic art prints (``line``
    pixels wide: one on a card about 105 pixels across, two on one 160 across)."""
    pts = np.rint(quad).astype(np.int32)
    cv2.fillPoly(img, [pts], FACE)
    cv2.polylines(img, [pts], True, BORDER, line)


def card_rect(centre, size, angle) -> np.ndarray:
    """The four corners of a card ``size`` across at ``centre``, turned ``angle`` degrees."""
    return cv2.boxPoints((centre, size, angle)).astype(np.float32)


def drawn_table(*cards: np.ndarray) -> np.ndarray:
    """The cards drawn in order (the last on top) on a dark 640x480 table, a little blurred."""
    img = np.full((480, 640, 3), TABLE, np.uint8)
    for quad in cards:
        draw_card(img, quad)
    return cv2.GaussianBlur(img, (3, 3), 0.8)


# A card about 60 pixels across, turned 20 degrees, and the lowest of its corners: the card the
# tests of cards meeting at a corner lay another beside.
LEFT_CARD = card_rect((250.0, 200.0), (60, 90), 20)
LEFT_TIP = LEFT_CARD[np.argmax(LEFT_CARD[:, 0] + LEFT_CARD[:, 1])]


def card_beside(gap: float, angle: float) -> np.ndarray:
    """A card turned ``angle`` degrees, its top-left corner ``gap`` pixels right of and below
    ``LEFT_CARD``'s corner ``LEFT_TIP`` (a negative gap: the two overlap)."""
    other = card_rect((0.0, 0.0), (60, 90), angle)
    corner = other[np.argmin(other[:, 0] + other[:, 1])]
    return (other + (LEFT_TIP + gap / np.sqrt(2.0) - corner)).astype(np.float32)

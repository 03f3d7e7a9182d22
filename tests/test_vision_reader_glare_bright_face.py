"""A reflection on a brightly lit face: where 1.2 times the face passes the sensor's top,
the reflection is what the sensor clipped. Before, no glare was seen on a face above 210, and
a sheen clipped over a clone card's middle symbol left its corners read as the whole card."""

from __future__ import annotations

import numpy as np
from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import glare_spots


def _face(level: int) -> np.ndarray:
    """A plain card face of one grey level with a clipped white disc on its middle."""
    img = np.full((96, 62, 3), level, np.uint8)
    ys, xs = np.mgrid[0:96, 0:62]
    img[(xs - 31) ** 2 + (ys - 48) ** 2 <= 10**2] = 255
    return img


def test_a_clipped_spot_on_a_bright_face_is_glare() -> None:
    spots = glare_spots(_face(216))
    assert spots is not None
    assert spots[48, 31] == 1 and spots[10, 10] == 0


def test_a_face_lit_near_the_top_still_shows_no_glare() -> None:
    # Nothing stands out of a face at 240: the clipped disc may be the face itself.
    assert glare_spots(_face(240)) is None


def test_a_middle_symbol_under_a_sheen_is_a_doubt(monkeypatch) -> None:
    # Clone, style sheen, seed 322001, seat 0: a reflection clipped (255) over the middle of
    # a 2 lime + 1 plum, on a face at 216, hid the middle lime; the corners read
    # 1 lime + 1 plum.
    label, got = read_clone("sheen", 322001, 0)
    assert label.card == parse_card("2 lime + 1 plum")
    assert got.card is None
    assert Doubt.GLARE_OVER_FACE in card_doubts(monkeypatch, "sheen", 322001, seat=0)


def test_the_same_table_s_other_cards_still_read() -> None:
    label, got = read_clone("sheen", 322001, 1)
    assert got.card == label.card == parse_card("3 lime + 1 plum")

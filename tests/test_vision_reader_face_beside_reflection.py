"""A small card's own light beside a reflection (light.normalised_face): the closing that wipes the
print out fills the face between a reflection and the card's border with the reflection's
light; the face there is taken at its own light (never below the card's white), so it no
longer reads as a dark shape (tuning ``night`` scenes, small cards on a dark cloth)."""

from __future__ import annotations

import numpy as np

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.light import normalised_face
from tests.styled_reads import read_styled


def _small_card(with_print: bool) -> np.ndarray:
    """An upright card 62 x 96 pixels of a dim grey face (level 70), a reflection near its
    lower side (a Gaussian spot clipped at the sensor's top), and (``with_print``) a dark
    green oval in its upper half."""
    h, w = 96, 62
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.full((h, w, 3), 70.0, np.float32)
    if with_print:
        oval = ((xx - 31) / 12) ** 2 + ((yy - 40) / 16) ** 2 < 1
        img[oval] = (20, 60, 40)
    img += (400.0 * np.exp(-((xx - 31) ** 2 + (yy - 80) ** 2) / (2 * 7.0**2)))[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def test_the_face_between_a_reflection_and_the_border_is_no_ink():
    img = _small_card(with_print=True)
    got = normalised_face(img)
    assert got is not None
    _, ink, _ = got
    # The print is ink; the face's corners beside the reflection are not.
    assert ink[40, 31]
    assert not ink[85:93, 50:59].any() and not ink[85:93, 3:12].any()


def test_a_dim_card_with_a_reflection_at_its_lower_side_is_read():
    # Tuning night own seed 930008 seat 1: a 1 lime, read "a dark or grey shape" before.
    label, got = read_styled("own", "night", 930008, 1)
    assert label.card == parse_card("1 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_dim_four_with_a_reflection_is_read():
    # Tuning night own seed 930020 seat 3: a 4 banana, read "a dark or grey shape" before.
    label, got = read_styled("own", "night", 930020, 3)
    assert got.state == State.CARD and got.card == label.card

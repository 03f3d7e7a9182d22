"""Card white beside a lamp's reflection (light._white_mask): a face beside a reflection's
bright falloff is white, though it does not stand out from the reflection around it; so a
reflection at a card's side no longer cuts the side away (tuning ``phone`` scenes, a dark cloth,
small cards: no whole card found)."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.light import _glare_local_cap, _white_mask
from halli_pi.vision.reader.tuning import TUNING
from tests.styled_reads import read_styled


def _card_with_reflection() -> tuple[np.ndarray, np.ndarray]:
    """A read area of a dark cloth (level 20) with a dim card of white 120 on it, a lamp's
    reflection on the card at its left side (a Gaussian spot clipped at the sensor's top),
    and the card's face as a mask."""
    h, w = 160, 180
    img = np.full((h, w, 3), 20, np.float32)
    face = np.zeros((h, w), np.uint8)
    face[30:130, 40:150] = 255
    img[face > 0] = 120
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    spot = 400.0 * np.exp(-((xx - 45) ** 2 + (yy - 80) ** 2) / (2 * 9.0**2))
    img += (spot * (face > 0))[..., None]
    return np.clip(img, 0, 255).astype(np.uint8), face


def test_a_face_beside_a_reflection_is_card_white():
    img, face = _card_with_reflection()
    white, illum = _white_mask(img)
    assert illum is not None
    # The face between the reflection's clipped core and its falloff's end: all white now
    # (a ring of it was lost, the card's left side with it).
    v = img.max(2).astype(np.float32)
    beside = (face > 0) & (v > 1.3 * 120) & (v < 240)
    beside &= cv2.erode(face, np.ones((5, 5), np.uint8)) > 0
    assert beside.sum() > 100
    assert (white[beside] > 0).mean() > 0.95
    # The cloth stays no white.
    assert not (white[face == 0] > 0).any()


def test_the_neighbourhood_cap_is_a_little_above_the_white():
    assert 1.0 < TUNING.glare_local_cap <= 1.2


def test_a_phone_picture_s_card_with_a_reflection_at_its_side_is_read():
    # Tuning phone own seed 930006 seat 0: a 3 plum, a reflection over its left side, read
    # "no whole card" before.
    label, got = read_styled("own", "phone", 930006, 0)
    assert label.card == parse_card("3 plum")
    assert got.state == State.CARD and got.card == label.card


def test_a_clone_card_with_a_reflection_at_its_side_is_read():
    # Tuning phone clone seed 930009 seat 2.
    label, got = read_styled("clone", "phone", 930009, 2)
    assert got.state == State.CARD and got.card == label.card


def test_a_white_near_the_sensor_s_top_takes_no_neighbourhood_cap():
    # A dim card's white, 120: its neighbourhood is capped a little above it. A face lit to
    # the sensor's top all over (its white taken at 230 beside the clipped pixels) has no
    # reflection standing above it: no cap, or the rims between stacked cards pass for white.
    assert _glare_local_cap(np.array([120.0, 118.0, 110.0], np.float32)) == 132
    assert _glare_local_cap(np.array([230.0, 221.0, 215.0], np.float32)) is None


def test_a_face_lifted_to_the_top_all_over_keeps_its_rim_apart_from_the_covered_cards():
    # Tuning dark own seed 200525 seat 5: a 3 strawberry lifted to the sensor's top all
    # over, on two covered cards; with the cap its white grew over the rim into theirs, the
    # outline took in the table, and it read "glare over the face".
    label, got = read_styled("own", "dark", 200525, 5)
    assert label.card == parse_card("3 strawberry")
    assert got.state == State.CARD and got.card == label.card

"""A flat reflection on a bright face can wash a 3's middle symbol to a faint rim with no
colour left: the card is doubted, never read as the 2 its outer pair looks like."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.art import card_face
from halli_pi.vision.reader import (
    WARP_SIZE,
    Doubt,
    State,
    load_profile,
    read_card_image,
    read_zones,
)
from halli_pi.vision.render import default_zones


def _with_flat_reflection(card: str, rim: bool) -> np.ndarray:
    """The upright face of ``card`` under a flat reflection clipped over its centre, a third
    of the card wide; with ``rim``, a thin ring a few levels below the clipped face inside
    it, where a middle symbol's outline would be (what such a reflection leaves of one)."""
    img = cv2.resize(card_face(parse_card(card)), WARP_SIZE, interpolation=cv2.INTER_AREA)
    img = (img.astype(np.float32) * 0.9).astype(np.uint8)
    h, w = img.shape[:2]
    centre = (w // 2, h // 2)
    cv2.circle(img, centre, round(0.3 * w), (255, 255, 255), -1)
    if rim:
        cv2.ellipse(img, centre, (round(0.13 * w), round(0.1 * h)), 0, 0, 360, (240, 242, 244), 1)
    return img


def test_a_faint_rim_inside_a_flat_reflection_doubts_a_card_read_without_its_middle() -> None:
    got = read_card_image(_with_flat_reflection("2 strawberry", rim=True), load_profile("classic"))
    assert got.state == State.UNKNOWN and got.card is None
    # The face lies at 0.9 of white, so its clipped reflection is glare over the face as well
    # (``light.glare_spots``): the rim in it is print a middle symbol may have left.
    assert got.doubt in {Doubt.FAINT_RIM_IN_A_REFLECTION, Doubt.GLARE_OVER_FACE}


def test_a_flat_reflection_with_no_rim_in_it_leaves_the_card_read() -> None:
    # Clipped face is flat at the sensor's top: nothing dips in it, so the 2 is read.
    got = read_card_image(_with_flat_reflection("2 strawberry", rim=False), load_profile("classic"))
    assert got.state == State.CARD and got.card == parse_card("2 strawberry")


def test_a_three_whose_middle_a_flat_reflection_washed_is_not_read_as_a_two() -> None:
    # Tuning style cloth, own art: a cream face, a flat reflection over the middle strawberry
    # left only a faint rim of it; the searched outline read the outer pair as a 2.
    scene = bench_scene("own", 202924, 0.15, "cloth")
    readings = read_zones(scene.frame, default_zones(6), load_profile("classic"))
    assert scene.labels[1].card == parse_card("3 strawberry")
    assert readings[1].state != State.CARD or readings[1].card == scene.labels[1].card


def _noisy_flat_reflection(card: str, seed: int) -> np.ndarray:
    """The face of ``_with_flat_reflection`` with no rim, lit just over the sensor's top in
    the reflection and with a sensor's noise in every channel (a normal spread of 6 levels)
    added before the sensor clips: scattered pixels a few levels below the top."""
    img = _with_flat_reflection(card, rim=False).astype(np.float32)
    img[img.min(axis=2) >= 255] = 256.0
    noise = np.random.default_rng(seed).normal(0.0, 6.0, img.shape).astype(np.float32)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def test_a_sensors_noise_on_a_flat_reflection_is_no_faint_rim() -> None:
    # Noise dips in lone pixels and specks, never along a line: no rim, the 2 is no 3.
    profile = load_profile("classic")
    for seed in range(4):
        got = read_card_image(_noisy_flat_reflection("2 strawberry", seed), profile)
        assert got.doubt != Doubt.FAINT_RIM_IN_A_REFLECTION


def test_the_noise_style_clips_faces_and_breaks_them_with_noise() -> None:
    # Tuning style noise: the top card's face reaches the sensor's top in its least-lit
    # channel, and the noise leaves most of it a few levels below the top.
    scene = bench_scene("own", 400004, 0.15, "noise")
    corners = scene.labels[5].corners
    assert corners is not None
    inside = np.zeros(scene.frame.shape[:2], np.uint8)
    cv2.fillPoly(inside, [corners.astype(np.int32)], 1)
    inside = cv2.erode(inside, np.ones((7, 7), np.uint8))
    least_lit = scene.frame.min(axis=2)[inside > 0]
    face = least_lit[least_lit >= 200]
    assert np.mean(face == 255) > 0.05
    assert np.mean((face >= 235) & (face < 255)) > 0.5


def test_noisy_faces_of_a_bright_exposure_are_read() -> None:
    # Tuning style noise (shot and read noise on faces exposed to the sensor's top): a 2 plum
    # whose clipped centre the noise broke with scattered dips was doubted for a faint rim.
    scene = bench_scene("own", 400004, 0.15, "noise")
    readings = read_zones(scene.frame, default_zones(6), load_profile("classic"))
    assert scene.labels[5].card == parse_card("2 plum")
    assert readings[5].state == State.CARD and readings[5].card == scene.labels[5].card

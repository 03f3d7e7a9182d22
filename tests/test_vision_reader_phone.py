"""The tuning style ``phone``: a phone's picture of four piles on a dark cloth in dim light, and
the reader on it (a larger frame, larger cards, a lifted dim face's noise)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.card import _solid
from halli_pi.vision.reader.light import _face_under_a_reflection, _white_mask
from halli_pi.vision.render import (
    IMAGE_SIZE,
    PHONE_SIZE,
    STYLES,
    default_zones,
    style_table,
    styled_look,
)


def test_the_phone_style_is_a_phone_s_picture_of_four_piles():
    assert "phone" in STYLES
    size, zones = style_table("phone", 7)
    assert size == PHONE_SIZE == (1024, 768)
    assert len(zones) == 4
    look = styled_look("phone", 7)
    # Cards a sixth to a fifth of the picture wide, each zone round its pile inside the frame.
    assert 0.15 * PHONE_SIZE[0] <= look.card_w <= 0.22 * PHONE_SIZE[0]
    for zone in zones:
        assert zone.min() >= 0
        assert (zone.max(0) <= np.array(PHONE_SIZE) - 1).all()
        assert np.ptp(zone[:, 0]) >= 1.5 * look.card_w
    # A dim, noisy, dark table, saved as a JPEG.
    assert max(look.table) <= 60 and look.colour_noise and look.noise >= 4 and look.jpeg


def test_other_styles_keep_the_usual_table():
    size, zones = style_table("dark", 7)
    assert size == IMAGE_SIZE
    assert all((a == b).all() for a, b in zip(zones, default_zones(6), strict=True))


def test_a_phone_scene_is_drawn_at_the_phone_s_size_with_a_pile_per_zone():
    scene = bench_scene("own", 210_507, style="phone")
    assert scene.frame.shape == (PHONE_SIZE[1], PHONE_SIZE[0], 3)
    assert len(scene.labels) == 4
    _, zones = style_table("phone", 210_507)
    for label, zone in zip(scene.labels, zones, strict=True):
        if label.corners is not None:
            centre = label.corners.mean(0)
            assert (zone.min(0) <= centre).all() and (centre <= zone.max(0)).all()


def _card_under_a_reflection(*, reflection: bool, noise: float = 2.0) -> np.ndarray:
    """A dim card face (grey 110) on a dark cloth, a working-scale zone's view, with a lamp's
    soft reflection (a Gaussian spot up to the sensor's top) over part of the face."""
    rng = np.random.default_rng(5)
    img = np.full((170, 190, 3), 30.0)
    img[40:135, 60:125] = 110.0
    if reflection:
        yy, xx = np.mgrid[0:170, 0:190].astype(np.float32)
        spot = 160.0 * np.exp(-((xx - 85.0) ** 2 + (yy - 100.0) ** 2) / (2 * 12.0**2))
        img[40:135, 60:125] += spot[40:135, 60:125, None]
    img += rng.normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_reflection_on_a_dim_face_does_not_set_its_white() -> None:
    img = _card_under_a_reflection(reflection=True)
    face = np.zeros(img.shape[:2], bool)
    face[45:130, 65:120] = True
    # The white is the face's level, not the reflection's: most of the face is card white.
    sel = _face_under_a_reflection(*_levels(img))
    assert sel is not None
    white, illum = _white_mask(img)
    assert illum is not None and float(illum.max()) < 130
    assert (white[face] > 0).mean() > 0.8


def test_a_face_with_no_reflection_keeps_its_white() -> None:
    for img in (
        _card_under_a_reflection(reflection=False),
        _card_under_a_reflection(reflection=False, noise=12.0),  # specks of noise: no spot
    ):
        assert _face_under_a_reflection(*_levels(img)) is None


def test_a_pale_table_s_level_is_no_face_s() -> None:
    img = _card_under_a_reflection(reflection=True)
    img[:40] = img[135:] = 105  # most of the view a pale grey table, as bright as the face
    img[:, :60] = img[:, 125:] = 105
    assert _face_under_a_reflection(*_levels(img)) is None


def _levels(img: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """What ``_white_mask`` hands ``_face_under_a_reflection``: the brightest channel, the
    near-neutral pixels, the bright end (its 96th percentile, as for a zone's view) and the
    neutral pixels there."""
    v = img.max(axis=2)
    mn = img.min(axis=2)
    neutral = mn.astype(np.int16) * 20 > v.astype(np.int16) * 11
    thr = int(np.percentile(v, 96))
    return v, neutral, thr, (neutral & (v >= thr)).astype(np.uint8)


@pytest.mark.parametrize(
    ("kind", "seed", "seat"),
    [
        # Beside a lamp's reflection on a dim face no whole card was found (its white taken
        # from the reflection), or the face was taken for an arm.
        ("own", 210_507, 0),
        ("own", 210_513, 0),
        ("own", 210_506, 3),
    ],
)
def test_a_card_beside_a_reflection_in_a_phone_s_picture_is_read(kind, seed, seat) -> None:
    scene = bench_scene(kind, seed, style="phone")
    _, zones = style_table("phone", seed)
    got = read_zones(scene.frame, zones, load_profile(profile_name(kind)))[seat]
    assert got.state == State.CARD and got.card == scene.labels[seat].card


def test_clipped_specks_of_noise_are_no_reflection_s_core() -> None:
    rng = np.random.default_rng(9)
    specks = (rng.random((87, 56)) < 0.15).astype(np.uint8)  # a lifted dim face's noise
    assert cv2.countNonZero(_solid(specks)) < 0.05 * cv2.countNonZero(specks)
    core = np.zeros((87, 56), np.uint8)
    cv2.circle(core, (28, 40), 7, 1, -1)  # a reflection's clipped core
    assert cv2.countNonZero(_solid(core)) > 0.8 * cv2.countNonZero(core)


@pytest.mark.parametrize("seat", [2, 5])
def test_a_lifted_dim_face_s_clipped_noise_doubts_no_card(seat) -> None:
    # Tuning style dark, own art: a 2 plum and a 3 strawberry were doubted for a reflection
    # over the middle that was only specks of clipped noise.
    scene = bench_scene("own", 200_525, style="dark")
    got = read_zones(scene.frame, default_zones(6), load_profile("classic"))[seat]
    assert got.state == State.CARD and got.card == scene.labels[seat].card

"""A dim face beside a reflection too wide for the glare opening: the card white is judged near
the faces' own level, not the reflection's falloff, so the face around it stays white."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.light import _face_beside_wide_reflection, _white_mask
from halli_pi.vision.render import style_table

_FACE = (slice(30, 120), slice(50, 115))  # the card's face in the synthetic view


def _dim_face(face: float = 90.0, reflection: float = 0.0, seed: int = 4) -> np.ndarray:
    """A view at the working scale: a dark cloth, one dim card face with a symbol, and (when
    ``reflection`` is above 0) a lamp's soft reflection peaking at that level, a quarter of
    the card wide, over the lower half of the face."""
    rng = np.random.default_rng(seed)
    img = np.full((150, 170, 3), 14.0)
    img[_FACE] = face
    if reflection > 0:
        yy, xx = np.mgrid[0:150, 0:170]
        glow = np.exp(-((xx - 95) ** 2 + (yy - 95) ** 2) / (2 * 9.0**2))
        img[_FACE] += ((reflection - face) * glow)[_FACE][..., None]
    cv2.circle(img, (72, 55), 9, (40, 160, 150), -1)  # a lime's colour
    return np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)


def _plain_face_away_from_print() -> np.ndarray:
    """The upper half of the face, less its border and the symbol (a boolean mask)."""
    mask = np.zeros((150, 170), np.uint8)
    mask[33:75, 53:112] = 1
    cv2.circle(mask, (72, 55), 12, 0, -1)
    return mask > 0


def test_a_dim_face_beside_a_wide_reflection_stays_white() -> None:
    # Before: the reference was the reflection's falloff (some 165 grey levels), and a face
    # at 90 fell below card white almost everywhere (7 % of it white).
    img = _dim_face(reflection=255.0)
    white, illum = _white_mask(img)
    assert illum is not None and illum.max() < 110
    away = _plain_face_away_from_print()
    assert (white[away] > 0).mean() > 0.95
    table = np.ones((150, 170), bool)
    table[25:125, 45:120] = False
    assert (white[table] > 0).mean() < 0.01


def _cap(img: np.ndarray) -> float | None:
    """The cap on the white reference for ``img``, its neutral pixels taken as ``_white_mask``
    takes them (print is no reflection)."""
    v, mn = img.max(axis=2).astype(np.int16), img.min(axis=2).astype(np.int16)
    neutral = mn * 20 > v * 11
    return _face_beside_wide_reflection(v.astype(np.uint8), neutral, float(np.percentile(v, 96)))


def test_the_reference_is_capped_only_beside_a_reflection() -> None:
    cap = _cap(_dim_face(reflection=255.0))
    assert cap is not None and 90 <= cap <= 115
    assert _cap(_dim_face()) is None


def test_a_faint_sheen_is_no_wide_reflection() -> None:
    # A face lit a little brighter in one place (a fifth above the face) is the face's own
    # light: the reference stays where the brightest pixels put it.
    assert _cap(_dim_face(reflection=108.0)) is None


@pytest.mark.parametrize(
    ("seed", "seat"),
    [
        (300_032, 1),  # was read under an arm: only the reflection was left white
        (300_002, 1),  # was no whole card: holes in the face's white beside the reflection
    ],
)
def test_a_phone_pile_beside_a_wide_reflection_is_read(seed, seat) -> None:
    # Tuning style phone, own art, seeds of this check's own tuning.
    scene = bench_scene("own", seed, style="phone")
    got = read_zones(scene.frame, style_table("phone", seed)[1], load_profile("classic"))[seat]
    label = scene.labels[seat]
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card

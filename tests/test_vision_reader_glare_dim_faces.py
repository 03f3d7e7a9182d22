"""Dim faces on a dark table beside a bright reflection (a phone's flash in a dim room): the
faces lie below halfway from the table to the reflection, and the card white is judged at
their own level, not at the reflection's falloff, so the card's outline is found."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.light import _white_mask
from halli_pi.vision.render import style_table

_FACE = (slice(30, 120), slice(50, 115))  # the card's face in the synthetic view


def _dim_face_under_a_flash(seed: int = 4) -> np.ndarray:
    """A view at the working scale: a dark cloth (some 10), one dim card face (some 50) with
    a symbol, and a flash's reflection clipped to the top, a card wide, over the face's side
    and the cloth beside it."""
    rng = np.random.default_rng(seed)
    img = np.full((150, 200, 3), 10.0)
    img[_FACE] = 50.0
    yy, xx = np.mgrid[0:150, 0:200]
    glow = np.exp(-((xx - 118) ** 2 + (yy - 70) ** 2) / (2 * 16.0**2))
    img += (330.0 * glow)[..., None]
    cv2.circle(img, (72, 55), 9, (10, 45, 40), -1)  # a dim lime
    return np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)


def test_a_dim_face_below_halfway_to_a_flash_stays_white() -> None:
    # Before: the reference was taken in the reflection's falloff (above halfway from the
    # cloth to the top, where no face lies), and the face fell below card white.
    img = _dim_face_under_a_flash()
    white, illum = _white_mask(img)
    assert illum is not None and illum.max() < 80
    away = np.zeros(white.shape, bool)
    away[35:115, 55:90] = True  # the face away from the reflection ...
    away[43:68, 60:85] = False  # ... less the symbol
    assert (white[away] > 0).mean() > 0.95
    cloth = np.ones(white.shape, bool)
    cloth[20:130, 40:170] = False
    assert (white[cloth] > 0).mean() < 0.01


def _read(style: str, kind: str, seed: int, seat: int):
    scene = bench_scene(kind, seed, style=style)
    profile = load_profile("classic")
    got = read_zones(scene.frame, style_table(style, seed)[1], profile)[seat]
    return scene.labels[seat], got


@pytest.mark.parametrize(
    ("seed", "seat"),
    [
        (1_173_003, 3),  # a 2 lime, a flash's reflection over its side: no whole card found
        (1_173_003, 0),  # a 1 plum, the reflection over a corner: no whole card found
    ],
)
def test_a_dim_pile_beside_a_flash_is_read(seed: int, seat: int) -> None:
    # Tuning style phone_dim, own art (tuning seeds of this change).
    label, got = _read("phone_dim", "own", seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card


def test_a_banana_under_the_flash_still_abstains() -> None:
    # The same scene's 2 banana: the reflection lies over one banana's tip and the card's
    # middle, where a third one of a 3 would lie. No card is claimed.
    label, got = _read("phone_dim", "own", 1_173_003, 1)
    assert label.state == "card"
    assert got.state == State.UNKNOWN

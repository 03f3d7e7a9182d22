"""Card white around a reflection: the local-contrast test judges a pixel against its
neighbourhood with the reflection's light taken down to the faces' level, so the reflection's
smooth falloff cuts no ring out of the face's white (light._reflections_capped)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.light import _white_mask
from halli_pi.vision.render import style_table

_FACE = (slice(30, 120), slice(50, 115))  # the card's face in the synthetic view
_GLOW_AT = (100, 60)  # the reflection's peak (x, y), near the face's right side


def _face_with_reflection(face: float) -> np.ndarray:
    """A view at the working scale: a dark cloth, one dim face with a symbol, and a lamp's
    soft reflection clipped at its peak, a fifth of the card wide, near the face's side."""
    rng = np.random.default_rng(3)
    img = np.full((150, 170, 3), 14.0)
    img[_FACE] = face
    yy, xx = np.mgrid[0:150, 0:170]
    glow = np.exp(-((xx - _GLOW_AT[0]) ** 2 + (yy - _GLOW_AT[1]) ** 2) / (2 * 6.0**2))
    img[_FACE] += ((255.0 - face) * glow)[_FACE][..., None]
    cv2.circle(img, (75, 95), 9, (40, 160, 150), -1)  # a lime's colour
    return np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)


def _ring_on_the_face() -> np.ndarray:
    """The face between 8 and 16 pixels from the reflection's peak, where its falloff runs
    down to the face (a boolean mask), less the face's border."""
    yy, xx = np.mgrid[0:150, 0:170]
    d = np.hypot(xx - _GLOW_AT[0], yy - _GLOW_AT[1])
    return (d > 8) & (d < 16) & (yy >= 32) & (yy < 118) & (xx >= 52) & (xx < 113)


@pytest.mark.parametrize("face", [90.0, 110.0, 130.0])
def test_a_reflections_falloff_cuts_no_ring_out_of_the_faces_white(face: float) -> None:
    # Before: the ring was 8 %, 21 % and 43 % white (each pixel against the falloff's
    # brighter pixels beside it); the face's white was cut round the reflection.
    white, illum = _white_mask(_face_with_reflection(face))
    assert illum is not None
    assert (white[_ring_on_the_face()] > 0).mean() > 0.95
    table = np.ones((150, 170), bool)
    table[25:125, 45:120] = False
    assert (white[table] > 0).mean() < 0.01


def _read(style: str, kind: str, seed: int) -> list:
    scene = bench_scene(kind, seed, style=style)
    profile = load_profile(profile_name(kind))
    readings = read_zones(scene.frame, style_table(style, seed)[1], profile)
    return [(label, r) for label, r in zip(scene.labels, readings, strict=True)]


@pytest.mark.parametrize(("kind", "seed", "seat"), [("own", 930004, 2), ("scan", 931011, 2)])
def test_a_top_card_beside_a_reflection_in_the_night_style_is_read(kind, seed, seat) -> None:
    # Night tuning scenes whose top card's white the falloff cut: no whole card, before.
    label, r = _read("night", kind, seed)[seat]
    assert label.state == "card"
    assert r.state == State.CARD and r.card == label.card


def test_white_faces_beside_a_silver_one_keep_their_edge() -> None:
    # The cap is taken above the faces' median: at the median, the white faces around this
    # Deluxe silver top card (dark tuning style) were taken down to near its level, and its
    # white ran into theirs (no whole card).
    label, r = _read("dark", "deluxe", 942007)[3]
    assert label.state == "card"
    assert r.state == State.CARD and r.card == label.card


def test_the_night_deluxe_five_is_not_read_as_a_four() -> None:
    # An earlier change to the white near a reflection made a refined outline take in the
    # card under this Deluxe 5 and read it as a 4 (night style, seed 212510, seat 0).
    label, r = _read("night", "deluxe", 212510)[0]
    assert label.card is not None
    assert r.state != State.CARD or r.card == label.card

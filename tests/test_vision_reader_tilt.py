"""A tilted camera: cards seen in perspective are sheared, squeezed quadrilaterals, read as
cards (the ``tilt`` style of the renderer), and the geometry that tells a squeezed card from
a quad no tilt makes a card of."""

from __future__ import annotations

import math

import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.reading import (
    CARD_ASPECT,
    _card_shaped,
    foreshortening,
    straightener,
)
from halli_pi.vision.render import STYLES, default_zones, styled_look


def _card(angle: float, squeeze: float, towards: float) -> np.ndarray:
    """A card's corners turned by ``angle``, then squeezed by ``squeeze`` along the image
    direction ``towards`` (degrees), as a tilted camera sees it near one point."""
    w, h = 56.0, 56.0 / CARD_ASPECT
    c = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - (w / 2, h / 2)
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    t = math.radians(towards)
    d = np.array([math.cos(t), math.sin(t)])
    squash = np.eye(2) - (1 - squeeze) * np.outer(d, d)
    return (c @ rot.T @ squash.T + 100).astype(np.float32)


@pytest.mark.parametrize("angle", [0.0, 20.0, 55.0, 90.0, 130.0])
@pytest.mark.parametrize("squeeze", [1.0, 0.85, 0.7])
def test_the_squeeze_of_a_tilted_card_is_measured(angle: float, squeeze: float) -> None:
    quad = _card(angle, squeeze, towards=35.0)
    c, log = foreshortening(quad)
    assert c == pytest.approx(squeeze, abs=0.02)
    # Undone, the card is a card's rectangle again: square corners, a card's proportions.
    q = (quad - quad.mean(0)) @ straightener(log).T
    u, v = q[1] - q[0], q[3] - q[0]
    assert abs(float(u @ v)) / (np.linalg.norm(u) * np.linalg.norm(v)) < 0.02
    short, long_ = sorted((float(np.linalg.norm(u)), float(np.linalg.norm(v))))
    assert short / long_ == pytest.approx(CARD_ASPECT, abs=0.02)


def test_a_sheared_card_is_card_shaped_and_a_square_is_not() -> None:
    # Turned 40 degrees and squeezed across: a parallelogram no box fits well.
    assert _card_shaped(_card(40.0, 0.82, towards=0.0))
    square = np.array([[0, 0], [60, 0], [60, 60], [0, 60]], np.float32)
    assert foreshortening(square)[0] == pytest.approx(CARD_ASPECT, abs=0.01)
    assert not _card_shaped(square)
    # A card cut across a third of its length is too square for any usual tilt.
    assert not _card_shaped(_card(0.0, 1.0, towards=0.0) * np.array([1.0, 0.62], np.float32))


def test_the_tilt_style_tilts_the_camera() -> None:
    assert "tilt" in STYLES
    look = styled_look("tilt", 7)
    assert 15 <= look.tilt <= 35
    scene = bench_scene("own", 200_007, style="tilt")
    quads = [lab.corners for lab in scene.labels if lab.corners is not None]
    assert quads
    # Perspective: the cards are no longer all rectangles of a card's proportions.
    assert min(foreshortening(q)[0] for q in quads) < 0.95


# Tilt-style scenes (seed, seat) whose top card the box outline missed (sheared past a box,
# or squeezed past a box's proportions) and the four-cornered outline reads.
TILTED = [(200_013, 3), (200_013, 4), (200_013, 5), (200_005, 1)]


@pytest.mark.parametrize(("seed", "seat"), TILTED)
def test_tilted_cards_are_read(seed: int, seat: int) -> None:
    scene = bench_scene("own", seed, style="tilt")
    label = scene.labels[seat]
    assert label.state == "card"
    r = read_zones(scene.frame, default_zones(6), load_profile("classic"))[seat]
    assert r.state == State.CARD and r.card == label.card

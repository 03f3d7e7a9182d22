"""A camera at the table's side (the ``tilt_hard`` style): far cards squeezed past any usual
tilt, read when they lie alone, never a covered card's part that lies against the top card."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import State
from halli_pi.vision.reader.outlines import _alone, lone_candidates
from halli_pi.vision.reader.reading import CARD_ASPECT, _card_shaped, foreshortening
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.render import STYLES, _pinhole, _scale_at, styled_look
from tests.styled_reads import read_styled

TABLE = (40, 60, 90)  # BGR, a dark wooden table
WHITE = (235, 240, 240)


def _squeezed_card(centre, short: float, squeeze: float, angle: float) -> np.ndarray:
    """A card's corners turned by ``angle`` degrees and squeezed by ``squeeze`` along the
    image's y axis, as a steeply tilted camera sees a far card."""
    w, h = short, short / CARD_ASPECT
    c = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - (w / 2, h / 2)
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return (c @ rot.T * (1.0, squeeze) + centre).astype(np.float32)


def _crop_with(*quads: tuple[np.ndarray, tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A crop of table with the quads filled in their colours, and its mask of card white."""
    crop = np.full((170, 170, 3), TABLE, np.uint8)
    for quad, colour in quads:
        cv2.fillPoly(crop, [np.rint(quad).astype(np.int32)], colour)
    white = np.where(crop.min(2) > 200, 255, 0).astype(np.uint8)
    return crop, white


LOCAL = np.array([[0, 0], [169, 0], [169, 169], [0, 169]], np.float32)


def test_the_tilt_hard_style_squeezes_far_cards_past_a_steep_tilt() -> None:
    assert "tilt_hard" in STYLES
    look = styled_look("tilt_hard", 3)
    assert 35 <= look.tilt <= 50 and 0.7 <= look.focal <= 1.0
    assert look.axis != (0.0, 0.0)
    squeezes = [
        foreshortening(lab.corners)[0]
        for seed in range(200_000, 200_004)
        for lab in bench_scene("own", seed, style="tilt_hard").labels
        if lab.corners is not None
    ]
    assert min(squeezes) < T.steep_squeeze


def test_the_scale_at_a_point_is_the_pinholes_change_of_area_there() -> None:
    flat, _ = _pinhole(0.0, 0.0, (640, 480))
    assert _scale_at(flat, (100.0, 400.0)) == pytest.approx(1.0, abs=1e-3)
    hmat, _ = _pinhole(40.0, 90.0, (640, 480), 0.8, (0.1, 0.0))
    # Tilted along y: the table's scale changes from the top of the image to its bottom
    # (near cards larger than far ones), not across it.
    top, bottom = _scale_at(hmat, (320.0, 60.0)), _scale_at(hmat, (320.0, 420.0))
    left, right = _scale_at(hmat, (60.0, 240.0)), _scale_at(hmat, (580.0, 240.0))
    assert max(top, bottom) > 1.4 * min(top, bottom)
    assert max(left, right) < 1.1 * min(left, right)


@pytest.mark.parametrize("squeeze", [0.55, 0.62, 0.7])
def test_a_lone_card_squeezed_past_a_steep_tilt_is_an_outline(squeeze: float) -> None:
    quad = _squeezed_card((85, 85), 40.0, squeeze, 0.0)
    assert not _card_shaped(quad)  # the first look lets in no such outline
    crop, white = _crop_with((quad, WHITE))
    got = lone_candidates(crop, white, LOCAL, 300.0, 20000.0)
    assert len(got) == 1 and got[0].steep
    assert float(np.abs(got[0].corners.mean(0) - quad.mean(0)).max()) < 2.0


def test_a_squeezed_part_against_another_cards_face_is_not_alone() -> None:
    part = _squeezed_card((70, 85), 40.0, 0.6, 0.0)
    # The top card lies against the part's side, a few pixels from it: white...
    beside = part + (part[1, 0] - part[0, 0] + 4, 0)
    crop, white = _crop_with((part, WHITE), (beside, WHITE))
    assert not _alone(crop, white, part)
    # ... or a silver face, darker than white but bright and neutral against the table.
    crop, white = _crop_with((part, WHITE), (beside, (175, 178, 178)))
    assert not _alone(crop, white, part)
    assert lone_candidates(crop, white, LOCAL, 300.0, 20000.0) == []


def test_a_card_cut_by_the_crops_border_is_not_alone() -> None:
    quad = _squeezed_card((20, 85), 40.0, 0.6, 0.0)  # its ring runs off the crop
    crop, white = _crop_with((quad, WHITE))
    assert not _alone(crop, white, quad)


# Tuning tilt_hard scenes (deck, seed, seat): a far card alone on the table, squeezed past
# any usual tilt (0.57 to 0.67), in a frame where no other card is read to say so.
LONE = [("own", 200_012, 3), ("own", 200_005, 1), ("deluxe", 220_012, 3)]


@pytest.mark.parametrize(("deck", "seed", "seat"), LONE)
def test_a_lone_far_card_of_a_steep_tilt_is_read(deck: str, seed: int, seat: int) -> None:
    label, got = read_styled(deck, "tilt_hard", seed, seat)
    assert foreshortening(label.corners)[0] < T.steep_squeeze
    assert got.state == State.CARD
    assert got.card == label.card

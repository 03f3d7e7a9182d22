"""Without a layout, only whole cards are claimed (a card running out of the image, or with
another card's side across its face, is not), and a card that fills most of the image is
found and read, with or without a layout."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest
from test_vision_reader_no_layout import messy_scene

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, find_cards, load_profile, read_zones
from halli_pi.vision.reader.outlines import covered_outline
from halli_pi.vision.reader.zone import white_past_border
from halli_pi.vision.render import (
    SeatState,
    _rng,
    cards_in_full_view,
    random_look,
    render_scene,
)


@pytest.mark.parametrize("seed", [300_508, 300_514, 300_533])
def test_only_whole_cards_are_claimed(seed: int) -> None:
    """Tuning scenes of the messy set where a card was claimed that is not whole: cut by the
    image's bottom (300508, 300514), or with a corner under another card (300533)."""
    scene = messy_scene(seed)
    h, w = scene.frame.shape[:2]
    whole = cards_in_full_view(scene)
    claims = [f for f in find_cards(scene.frame, load_profile("classic")) if f.card is not None]
    assert claims
    for f in claims:
        c = f.corners
        assert c.min() > 1 and c[:, 0].max() < w - 2 and c[:, 1].max() < h - 2
        assert any(np.linalg.norm(q.mean(0) - np.asarray(f.center)) < 20 for _, q in whole)


def _rect(centre, size, angle) -> np.ndarray:
    return cv2.boxPoints((centre, size, angle)).astype(np.float32)


def test_another_cards_side_across_the_face_is_evidence_of_a_covered_card() -> None:
    img = np.full((240, 320, 3), (40, 70, 50), np.uint8)
    under = _rect((140, 120), (56, 87), 0)
    over = _rect((175, 105), (56, 87), 35)
    cv2.fillPoly(img, [np.rint(under).astype(np.int32)], (225, 228, 230))
    # The card over it casts a thin shadow on the one under it.
    cv2.polylines(img, [np.rint(over).astype(np.int32)], True, (150, 150, 150), 3)
    cv2.fillPoly(img, [np.rint(over).astype(np.int32)], (230, 232, 235))
    img = cv2.GaussianBlur(img, (3, 3), 0.8)
    assert covered_outline(img, under)
    assert not covered_outline(img, over)


def _covering(over_face: tuple[int, int, int], symbol_at: tuple[int, int] | None = None):
    """A card (white) under another (``over_face``: white, or a Deluxe five's silver) that
    covers a corner of it, on a green table; ``symbol_at``: a yellow symbol of the card
    under it there, cut by the covering card's side."""
    img = np.full((240, 320, 3), (40, 70, 50), np.uint8)
    under = _rect((140, 120), (56, 87), 0)
    over = _rect((175, 105), (56, 87), 35)
    cv2.fillPoly(img, [np.rint(under).astype(np.int32)], (225, 228, 230))
    if symbol_at is not None:
        cv2.ellipse(img, symbol_at, (9, 7), 0, 0, 360, (30, 200, 235), -1)
        cv2.ellipse(img, symbol_at, (9, 7), 0, 0, 360, (20, 60, 90), 1)
    cv2.polylines(img, [np.rint(over).astype(np.int32)], True, (150, 150, 150), 3)
    cv2.fillPoly(img, [np.rint(over).astype(np.int32)], over_face)
    return cv2.GaussianBlur(img, (3, 3), 0.8), under, over


_SILVER = (165, 168, 170)


def test_a_silver_cards_side_across_a_white_one_is_evidence_of_a_covered_card() -> None:
    img, under, over = _covering(_SILVER)
    assert covered_outline(img, under)
    assert not covered_outline(img, over)


@pytest.mark.parametrize("at", [(145, 140), (150, 145), (155, 150)])
def test_a_side_broken_by_a_symbol_is_still_a_side(at: tuple[int, int]) -> None:
    # The silver card's side runs over a yellow symbol of the card under it: in the
    # brightest channel the symbol is as bright as the face, and the side is cut in two.
    img, under, _ = _covering(_SILVER, symbol_at=at)
    assert covered_outline(img, under)


@pytest.mark.parametrize("turn", [5.0, -5.0])
def test_a_top_cards_outline_off_its_edges_is_not_evidence_of_a_covered_card(turn: float) -> None:
    # A silver top card on a white one on a brown table, its outline found turned a few
    # degrees off its edges: the white card's side crosses the outline's corner, but beyond
    # it lies the table, not another card's face.
    img = np.full((240, 320, 3), (40, 90, 150), np.uint8)
    under = _rect((150, 125), (56, 87), 12)
    top = _rect((160, 118), (56, 87), 0)
    cv2.fillPoly(img, [np.rint(under).astype(np.int32)], (225, 228, 230))
    cv2.polylines(img, [np.rint(top).astype(np.int32)], True, (120, 130, 140), 3)
    cv2.fillPoly(img, [np.rint(top).astype(np.int32)], _SILVER)
    img = cv2.GaussianBlur(img, (3, 3), 0.8)
    assert not covered_outline(img, _rect((160, 118), (56, 87), turn))


def test_white_past_the_border() -> None:
    img = np.full((60, 80, 3), (40, 90, 40), np.uint8)
    cv2.rectangle(img, (6, 4), (74, 55), (228, 230, 232), -1)  # a card filling the view
    white, illum = white_past_border(img, (0, 0, 0, 0))
    assert illum is None and not white.any()  # nothing cut short: nothing to carry on
    white, illum = white_past_border(img, (20, 20, 20, 20))
    assert illum is not None
    assert white[30, 40] and not white[1, 1]


def _big_scene(share: float, card: str):
    """A 640x480 frame with one card ``share`` of the image's width wide, whole in view."""
    w, h = 640, 480
    for seed in range(400):
        look = dataclasses.replace(
            random_look(_rng("look", seed), hard=False), card_w=share * w, mess=0.05
        )
        half = 0.5 * share * w / 0.45
        zone = np.array(
            [[w / 2 - half, h / 2 - half], [w / 2 + half, h / 2 - half],
             [w / 2 + half, h / 2 + half], [w / 2 - half, h / 2 + half]],
            np.float32,
        )  # fmt: skip
        scene = render_scene([SeatState((parse_card(card),))], [zone], seed=seed, look=look)
        q = scene.labels[0].corners
        if q.min() > 3 and q[:, 0].max() < w - 4 and q[:, 1].max() < h - 4:
            return scene, zone
    raise AssertionError("no seed lays the card in view")


@pytest.mark.parametrize("card", ["3 plum", "2 strawberry"])
def test_a_card_filling_most_of_the_image_is_read(card: str) -> None:
    scene, zone = _big_scene(0.6, card)
    profile = load_profile("classic")
    r = read_zones(scene.frame, [zone], profile)[0]
    assert r.state == State.CARD and str(r.card) == card
    found = [f for f in find_cards(scene.frame, profile) if f.card is not None]
    assert [str(f.card) for f in found] == [card]


def test_a_straightened_view_maps_back_to_the_frame() -> None:
    from halli_pi.vision.reader.reading import straightener
    from halli_pi.vision.reader.zone import _straight_view

    frame = np.zeros((480, 640, 3), np.uint8)
    zone = np.array([[200, 150], [330, 150], [330, 280], [200, 280]], np.float32)
    view = _straight_view(frame, zone, 40.0, straightener(np.array([0.3, -0.2])))
    assert view is not None and view.m is not None
    pts = np.array([[210.0, 160.0], [320.0, 270.0]], np.float32)
    assert np.allclose(view.from_frame(pts), pts @ view.m[:, :2].T + view.m[:, 2])
    back = cv2.invertAffineTransform(view.m)
    assert np.allclose(view.from_frame(pts) @ back[:, :2].T + back[:, 2], pts, atol=1e-3)
    # The zone lies inside the straightened image.
    assert (view.zone >= 0).all()
    assert (view.zone[:, 0] <= view.image.shape[1]).all()
    assert (view.zone[:, 1] <= view.image.shape[0]).all()

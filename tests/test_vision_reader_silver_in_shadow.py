"""A Deluxe silver five in a hand's shadow is a whole card, though its white is in pieces.

A silver face's sheen, darkened in part by a hand's shadow, leaves card white over part of
the face only: more than a face of its own shade shows, less than a white face does. The
outline search's rectangle on its four sides was passed over (``outlines._one_face`` and
``outlines._one_face_of_its_own_shade`` both said no) and the zone read "no whole card".
Such a face is judged by its grey in one piece, with no other card's straight side within
the outline (``outlines._one_grey_face_in_part_white``), read after every other outline;
a white face dimmed in part in a phone's low light is judged so too."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, outlines
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask
from halli_pi.vision.reader.outlines import (
    _one_face,
    _one_face_of_its_own_shade,
    _one_grey_face_in_part_white,
)
from halli_pi.vision.reader.reading import _dims_of, _order
from halli_pi.vision.reader.zone import _expected_short, _work_view, first_look
from halli_pi.vision.render import style_table
from halli_pi.vision.steps import run
from tests.styled_reads import read_styled

# Faces white in part, each read "no whole card" or doubted before (their outlines found
# on edges, their faces judged by neither check): tuning style shadow, Deluxe, silver fives
# in a hand's shadow; tuning phone_dim, own art, a 1 plum dimmed in part.
_FIXED = [
    ("deluxe", "shadow", 2292001, 0, "5 banana"),
    ("deluxe", "shadow", 2292012, 2, "5 lime"),
    ("deluxe", "shadow", 2292012, 4, "5 banana"),
    ("own", "phone_dim", 2301032, 2, "1 plum"),
]


@pytest.mark.parametrize(("kind", "style", "seed", "seat", "card"), _FIXED)
def test_faces_white_in_part_are_read(
    kind: str, style: str, seed: int, seat: int, card: str
) -> None:
    label, got = read_styled(kind, style, seed, seat)
    assert label.state == "card" and label.card == parse_card(card)
    assert got.state == State.CARD and got.card == parse_card(card)


@pytest.mark.parametrize(
    ("kind", "style", "seed", "seat", "before"),
    [
        ("deluxe", "shadow", 2292001, 0, Doubt.NO_WHOLE_CARD),
        ("own", "phone_dim", 2301032, 2, Doubt.PRINTED_PLACE_UNDER_EXCUSED_REFLECTION),
    ],
)
def test_without_the_grey_judged_face_they_stay_doubts(
    monkeypatch, kind: str, style: str, seed: int, seat: int, before: Doubt
) -> None:
    monkeypatch.setattr(outlines, "_one_grey_face_in_part_white", lambda *a: False)
    _, got = read_styled(kind, style, seed, seat)
    assert got.state == State.UNKNOWN and got.doubt == before


def _true_outline(seed: int, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The first look's crop and white at ``seat`` of the tuning shadow scene ``seed``, and
    the top card's outline in it (the renderer's corners)."""
    scene = bench_scene("deluxe", seed, 0.15, "shadow")
    zone = np.asarray(style_table("shadow", seed)[1][seat], np.float32).reshape(-1, 2)
    view = _work_view(scene.frame, zone, _expected_short(zone, None, None))
    assert view is not None
    look = first_look(view.image, view.zone)
    assert look is not None
    corners = np.asarray(scene.labels[seat].corners, np.float32).reshape(4, 2)
    quad = _order(view.from_frame(corners) - look.origin).astype(np.float32)
    return look.crop, look.white, quad


def test_the_shadowed_silver_face_is_judged_by_its_grey_alone() -> None:
    crop, white, quad = _true_outline(2292001, 0)
    assert not _one_face(white, quad)
    assert not _one_face_of_its_own_shade(crop, white, quad)
    assert _one_grey_face_in_part_white(crop, white, quad)


def _searched(crop: np.ndarray, quad: np.ndarray):
    """The outline search over all of ``crop`` with the size of ``quad``, as a second look
    with the card size known makes it."""
    white, _ = _white_mask(crop)
    h, w = crop.shape[:2]
    everywhere = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dims = _dims_of(quad)
    profile = load_profile(profile_name("deluxe"))
    size = ((min(dims), max(dims)), 0.1)
    return run(outlines._search_steps(crop, crop, white, everywhere, (0, 0), size, profile))


def test_the_search_frames_the_silver_five_in_shadow() -> None:
    crop, _, quad = _true_outline(2292001, 0)
    got = _searched(crop, quad)
    assert got is not None and got.state == State.CARD and got.card == parse_card("5 banana")
    assert float(np.abs(got.corners.mean(0) - quad.mean(0)).max()) < 2.0


@pytest.mark.parametrize(("turn", "shift"), [(20, 0.6), (-25, 0.6), (20, 0.85)])
def test_a_silver_five_under_another_is_not_framed(turn: float, shift: float) -> None:
    # The same five laid again over the first, turned and moved across its short side: the
    # first one's face, judged by its grey, is covered in part, and the search must not
    # frame it; it may frame the five on top.
    crop, _, quad = _true_outline(2292001, 0)
    centre = quad.mean(0)
    m = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), turn, 1.0)
    m[:, 2] += (quad[1] - quad[0]) * shift
    size = crop.shape[1::-1]
    face = np.zeros(crop.shape[:2], np.uint8)
    cv2.fillPoly(face, [np.rint(quad).astype(np.int32)], 255)
    over = cv2.warpAffine(face, m, size) > 127
    covered = np.where(over[..., None], cv2.warpAffine(crop, m, size), crop)
    got = _searched(covered, quad)
    if got is not None and got.state == State.CARD:
        top = m[:, :2] @ centre + m[:, 2]
        assert float(np.abs(got.corners.mean(0) - top).max()) < 4.0

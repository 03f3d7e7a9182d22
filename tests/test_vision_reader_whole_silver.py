"""A Deluxe silver five on a pale table is a whole card, though no card white shows it.

On a pale table a silver face is as bright as the table and darker than the white cards
under it: the card white leaves it out, so the outline search's rectangle on its edges was
passed over (``outlines._one_face``: no white face in it) and the zone read "no whole card".
Its face is judged by its own grey instead (``outlines._one_face_of_its_own_shade``), which
another card's side across it still cuts in two."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, outlines, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask
from halli_pi.vision.reader.outlines import _one_face, _one_face_of_its_own_shade
from halli_pi.vision.render import style_table
from tests.styled_reads import read_styled


def test_silver_fives_on_a_pale_table_are_read() -> None:
    # Tuning style pale, Deluxe, seed 1675000: silver fives on seats 0 and 2 over white
    # cards (one read of the scene for both).
    scene = bench_scene("deluxe", 1675000, 0.15, "pale")
    zones = style_table("pale", 1675000)[1]
    got = read_zones(scene.frame, zones, load_profile(profile_name("deluxe")))
    for seat, card in ((0, "5 banana"), (2, "5 lime")):
        assert scene.labels[seat].card == parse_card(card)
        assert got[seat].state == State.CARD and got[seat].card == parse_card(card)


def test_without_its_own_shade_the_silver_five_is_no_whole_card(monkeypatch) -> None:
    no_shade = dataclasses.replace(outlines.T, own_shade_white_most=-1.0)
    monkeypatch.setattr(outlines, "T", no_shade)
    _, got = read_styled("deluxe", "pale", 1675000, 0)
    assert got.state == State.UNKNOWN and got.doubt == Doubt.NO_WHOLE_CARD


def _rect(centre, angle: float) -> np.ndarray:
    return cv2.boxPoints((centre, (56, 87), angle)).astype(np.float32)


def _silver(img: np.ndarray, quad: np.ndarray) -> None:
    """A silver face (grey with a diagonal sheen, a thin rim) with two yellow symbols."""
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.rint(quad).astype(np.int32)], 1)
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]].astype(np.float32)
    grey = (172 + 14 * (1 + np.cos((xx + yy) / 25.0))).astype(np.uint8)
    img[mask > 0] = np.dstack([grey, grey, grey])[mask > 0]
    cv2.polylines(img, [np.rint(quad).astype(np.int32)], True, (120, 120, 120), 1)
    for f in (0.3, 0.7):
        at = quad[0] + f * (quad[2] - quad[0])
        cv2.ellipse(img, (round(at[0]), round(at[1])), (8, 6), 0, 0, 360, (30, 200, 235), -1)


def _pale_table(cover: bool) -> tuple[np.ndarray, np.ndarray]:
    """A silver five over a white card on a pale grey table; ``cover``: another silver five
    lies over it, its side across the first one's face. The first one's outline."""
    img = np.full((240, 320, 3), (192, 194, 196), np.uint8)
    under = _rect((150, 130), 20)
    five = _rect((160, 120), 0)
    cv2.fillPoly(img, [np.rint(under).astype(np.int32)], (235, 237, 238))
    _silver(img, five)
    if cover:
        _silver(img, _rect((190, 105), 30))
    return cv2.GaussianBlur(img, (3, 3), 0.8), five


def test_a_silver_face_is_one_face_of_its_own_shade() -> None:
    img, five = _pale_table(cover=False)
    white, _ = _white_mask(img)
    assert not _one_face(white, five)  # no card white on it
    assert _one_face_of_its_own_shade(img, white, five)


def test_another_cards_side_across_the_silver_face_cuts_it() -> None:
    img, five = _pale_table(cover=True)
    white, _ = _white_mask(img)
    assert not _one_face_of_its_own_shade(img, white, five)

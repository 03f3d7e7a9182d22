"""A searched outline on a dim face (tuning style ``night``): the local white test cuts the face
around a lamp's reflection and the noise leaves it in specks, yet it is one card's face."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.vision.reader import State, load_profile
from halli_pi.vision.reader.outlines import _face_whole_with_its_reflection, _one_face
from tests.styled_reads import read_styled


def _face(ring: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A card's white (100 x 70) with, when ``ring``, a dark ring cut around a reflection in
    its middle (what the local white test leaves), the card's quad and the reflection."""
    white = np.zeros((140, 120), np.uint8)
    quad = np.array([[25, 20], [95, 20], [95, 120], [25, 120]], np.float32)
    cv2.fillPoly(white, [quad.astype(np.int32)], 255)
    reflection = np.zeros(white.shape, np.uint8)
    cv2.circle(reflection, (60, 70), 22, 1, -1)
    if ring:
        cv2.circle(white, (60, 70), 23, 0, -1)  # the face cut around the reflection
        cv2.circle(white, (60, 70), 12, 255, -1)  # the reflection's own core passes
        cv2.line(white, (25, 70), (95, 70), 0, 3)  # and the ring meets a speckled band
    return white, quad, reflection


def test_a_face_cut_around_its_reflection_is_one_face_with_it_on_the_classic_deck():
    white, quad, reflection = _face(ring=True)
    assert not _one_face(white, quad)
    got = _face_whole_with_its_reflection(white, quad, reflection, load_profile("classic"))
    assert got is not None and got.any()  # read with the reflection excusing nothing bare


def test_a_face_cut_around_its_reflection_is_not_claimed_on_a_clone_deck():
    # The clone print cannot be checked for a symbol washed out under the reflection.
    white, quad, reflection = _face(ring=True)
    assert _face_whole_with_its_reflection(white, quad, reflection, load_profile("clone")) is None


def test_a_face_in_two_pieces_without_a_reflection_is_not_one_face():
    white, quad, _ = _face(ring=False)
    cv2.line(white, (25, 70), (95, 70), 0, 5)  # another card's edge across it
    assert _face_whole_with_its_reflection(white, quad, None, load_profile("classic")) is None


def test_a_dim_night_five_whose_white_is_in_specks_is_read():
    # Tuning night, own art, seed 202506, seat 3: the searched outline's white was not one
    # face (no whole card).
    label, got = read_styled("own", "night", 202_506, 3)
    assert got.state == State.CARD and got.card == label.card


def test_the_clone_night_seat_a_reflection_cap_misread_stays_unread():
    # Tuning night, clone, seed 244506, seat 3: 1 lime + 2 plum, the middle plum under a
    # lamp's reflection; lowering the reflection in the white mask read 1 lime + 1 plum.
    label, got = read_styled("clone", "night", 244_506, 3)
    assert got.state != State.CARD or got.card == label.card

"""Zones where no look reads a whole card, though a search framed the card on its outline and
read its face: the reading names the doubt on the face (a reflection over it, say), not "no
whole card", which says the card's outline was not found (issue #10)."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.reading import _dims_of
from tests.styled_reads import card_doubts, read_styled, read_styled_seats


def _corners_apart(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart the outlines ``a`` and ``b`` are: their corners' farthest distance,
    corner by nearest corner, in short sides of ``b``."""
    a = np.asarray(a, np.float64).reshape(4, 2)
    b = np.asarray(b, np.float64).reshape(4, 2)
    far = max(float(np.linalg.norm(b - p, axis=1).min()) for p in a)
    return far / float(_dims_of(b.astype(np.float32))[0])


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "doubt"),
    [
        # A 3 plum and a 4 strawberry, each framed on its outline by the search, a reflection
        # over its face. On the 3 plum the pale print beside the reflection lies far in hue
        # from the plums (a light's cast, ``Tuning.pale_cast_hue_apart``): what names it is
        # the middle plum lost under the reflection.
        ("own", "glare", 283501, 4, Doubt.PRINT_UNDER_A_REFLECTION_AT_THE_MIDDLE),
        ("own", "glare", 283501, 5, Doubt.GLARE_OVER_FACE),
        # A 3 plum of the Deluxe deck, the same.
        ("deluxe", "glare", 302500, 3, Doubt.GLARE_OVER_FACE),
        # A 2 banana + 2 plum under a lamp: framed on its outline, a banana of one and a half
        # symbols' size on it.
        ("clone", "lamp", 325500, 4, Doubt.OFF_SIZE_ON_FITTED_OUTLINE),
    ],
)
def test_a_card_framed_with_its_face_doubted_names_the_face_doubt(deck, style, seed, seat, doubt):
    label, got = read_styled(deck, style, seed, seat)
    assert label.state == "card"
    assert got.state == State.UNKNOWN and got.doubt is doubt
    # The outline named is the card's own.
    assert got.corners is not None and _corners_apart(got.corners, label.corners) < 0.1
    # Named last: every look made where no whole card is read was made, and found none.
    unnamed = _read_unnamed(deck, style, seed)[seat]
    assert unnamed.state == State.UNKNOWN and unnamed.doubt is Doubt.NO_WHOLE_CARD


@functools.cache
def _read_unnamed(deck: str, style: str, seed: int) -> tuple:
    """Every seat's reading of the scene with no face doubt named, the scene read once: two
    cases above are seats of one scene."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(policy, "face_doubt_named", lambda r: r)
        return tuple(r for _, r in read_styled_seats(deck, style, seed))


def test_an_outline_framed_round_part_of_a_card_leaves_no_whole_card(monkeypatch):
    # A 2 banana + 1 plum under a lamp: the search framed an outline whose face says it cuts
    # a shape (not the card's whole outline), and none on the card's own: "no whole card".
    label, got = read_styled("clone", "lamp", 325500, 5)
    assert label.state == "card"
    assert Doubt.FITTED_OUTLINE_CUTS_SHAPE in card_doubts(monkeypatch, "lamp", 325500, "clone", 5)
    assert got.state == State.UNKNOWN and got.doubt is Doubt.NO_WHOLE_CARD


@pytest.mark.parametrize(
    ("deck", "seed", "seat"),
    [
        # A 1 banana + 2 plum of the taught clone deck: framed on its outline, its face, two
        # blobs read nearer in the noise than the deck prints them, says "this deck is not
        # taught", advice no user should be given for one poor view.
        ("clone", 322502, 5),
        # A Deluxe 5 banana: the outline framed lies most of a short side off the card (1.03
        # of one); the doubts its face raised say nothing of it.
        ("deluxe", 302500, 0),
    ],
)
def test_an_outline_framed_in_low_light_s_noise_leaves_no_whole_card(deck, seed, seat):
    # Tuning dark: in low light's noise a card read on an outline meets the low-light checks
    # besides; an outline no card was read on is no sure frame of the card, and names no doubt.
    label, got = read_styled(deck, "dark", seed, seat)
    assert label.state == "card"
    assert got.state == State.UNKNOWN and got.doubt is Doubt.NO_WHOLE_CARD


def test_a_card_framed_off_its_outline_in_noise_is_read_in_a_straightened_look():
    # A Deluxe 3 strawberry whose first outlines lay 0.82 of a short side off the card ("no
    # whole card"): the straightened look, smoothed for the frame's noise and not the
    # quieter noise its warp leaves, reads it.
    label, got = read_styled("deluxe", "dark", 302501, 5)
    assert str(label.card) == "3 strawberry"
    assert got.state == State.CARD and got.card == label.card

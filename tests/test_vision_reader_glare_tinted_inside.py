"""A round symbol a reflection paled shows, with the reflection's light taken off, its outline
and rim as print and its middle as a faint tint of its kind: measured with that middle it is
one whole symbol (card.py, ``_with_pale_rest``, ``_tinted_inside``). The ink a reflection
leaves of such a symbol lies on its far side, so the reflection is looked for near its
print, not only near its centre (``_beside_a_clipped_reflection``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card, load_profile
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_doubted, assert_reads, read_styled


def _no_tinted_inside(monkeypatch) -> None:
    monkeypatch.setattr(card, "_tinted_inside", lambda *args: None)


def _no_reach_from_the_print(monkeypatch) -> None:
    monkeypatch.setattr(card, "_clipped_near_the_print", lambda *args: False)


# Tuning style phone: a lamp's spot over the top of a card pales the plums under it to rings
# with a faint plum tint inside (own art 2276002 seat 0, a 2 plum: a ring of 0.84 of a plum
# cut by the spot; scans 2277301 seat 2, a 4 plum: its top two, 0.66 and 0.64 as rings).
READ_WITH_THEIR_TINTED_INSIDE = [
    ("own", "phone", 2276002, 0, "2 plum"),
    ("scan", "phone", 2277301, 2, "4 plum"),
]


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "want"), READ_WITH_THEIR_TINTED_INSIDE)
def test_paled_round_symbols_are_measured_with_their_tinted_inside(
    deck, style, seed, seat, want
) -> None:
    assert_reads(deck, style, seed, seat, want)


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "want"), READ_WITH_THEIR_TINTED_INSIDE)
def test_without_the_tinted_inside_the_same_cards_are_doubted(
    monkeypatch, deck, style, seed, seat, want
) -> None:
    _no_tinted_inside(monkeypatch)
    assert_doubted(deck, style, seed, seat, want, Doubt.GLARE_OVER_FACE)


def test_the_plum_cut_by_the_spot_needs_the_reach_from_its_print(monkeypatch) -> None:
    # Its ink, the far side of a ring the spot cut, has its centre beyond the reach of the
    # spot: looked for near the centre alone, the spot is not beside it.
    _no_reach_from_the_print(monkeypatch)
    label, reading = read_styled("own", "phone", 2276002, 0)
    assert label.card == parse_card("2 plum")
    assert reading.state is State.UNKNOWN
    assert reading.doubt is Doubt.GLARE_OVER_FACE


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "truth"),
    [
        # A banana washed to a pale piece at a 4's last corner, the face clipped over the
        # middle place: a 5 could hide its middle banana there.
        ("scan", "glare", 2263002, 3, "4 banana"),
        # A lime washed to a pale crescent at a 3's corner.
        ("own", "cloth", 2264002, 4, "3 lime"),
        # A lime washed to a pale crescent at a 4's last corner, a spot over the middle place.
        ("scan", "glare", 2263100, 5, "4 lime"),
    ],
)
def test_washed_symbols_stay_doubted(deck, style, seed, seat, truth) -> None:
    label, reading = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(truth)
    assert reading.state is State.UNKNOWN
    assert reading.doubt is Doubt.GLARE_OVER_FACE


def _ring_card(inside_tint: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, tuple]:
    """Print marks of a card with a plum's ring (outline and rim) and what lies inside it
    tinted by ``inside_tint`` (Lab a, b against a face of 0, 0): the ring, the middle it
    holds, and the marks."""
    h, w = 96, 62
    yy, xx = np.mgrid[0:h, 0:w]
    r = np.hypot(xx - 31, yy - 48)
    ring = ((r >= 8) & (r < 11)).astype(np.uint8)
    lab = np.zeros((h, w, 3), np.float32)
    lab[..., 0] = 90.0
    lab[ring > 0, 1:] = (40.0, -35.0)
    lab[r < 8, 1] = inside_tint[0]
    lab[r < 8, 2] = inside_tint[1]
    return ring, (r < 8), (ring.copy(), ring.copy(), lab)


class _Face:
    """The one thing ``_tinted_inside`` asks of a card: where the sensor clipped."""

    def __init__(self, shape: tuple[int, int]) -> None:
        self.clipped_spots = np.zeros(shape, np.uint8)


@pytest.mark.parametrize(
    ("tint", "inside"),
    [
        ((7.0, -5.0), True),  # a faint plum tint: the plum's middle, paled
        ((2.0, -1.0), False),  # face: no tint off its white
        ((-5.0, 7.0), False),  # a tint of another hue (a lime's)
    ],
)
def test_only_a_tint_of_the_kind_counts_as_the_inside(tint, inside) -> None:
    ring, middle, marks = _ring_card(tint)
    plum = next(k for k in load_profile("classic").kinds if k.kind == "plum")
    got = card._tinted_inside(_Face(ring.shape), ring, plum, marks)
    if not inside:
        assert got is None
    else:
        assert got is not None
        # The middle, and nothing of the face beyond the ring (its hull's rim may take a
        # pixel or two of the ring's own corners).
        assert (got > 0)[middle].all()
        assert not (got > 0)[
            ~cv2.dilate(ring, np.ones((3, 3), np.uint8)).astype(bool) & ~middle
        ].any()

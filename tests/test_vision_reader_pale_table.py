"""The tuning style ``pale``: a plain pale table (grey, beige, near white), on half the scenes
lit from one side; and card white found on it (light.white_on_pale_table) where the usual
white's check took the table for white or saw no white stand out from it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask, white_on_pale_table
from halli_pi.vision.render import PALE_TABLES, STYLES, styled_look
from tests.styled_reads import read_styled


def test_the_pale_style_is_a_plain_pale_table_sometimes_lit_from_one_side():
    assert list(STYLES)[-1] == "pale"
    looks = [styled_look("pale", seed) for seed in range(3000, 3040)]
    for look in looks:
        assert min(look.table) >= min(min(t) for t in PALE_TABLES) - 10
        assert look.grain == 0.0
    sloped = [look for look in looks if abs(look.light[1]) + abs(look.light[2]) > 0.3]
    assert 10 <= len(sloped) <= 30


def _pale_view(ramp: float, card: bool) -> np.ndarray:
    """A read area of a pale beige table (BGR 195, 212, 222) lit from the left, brighter by
    ``ramp`` of its level across the view, with a noise of 2 levels; ``card``: a card of
    white 240 (lit as the table is) with a red symbol on it in the middle."""
    h, w = 150, 170
    xx = np.tile(np.linspace(0.0, 1.0, w, dtype=np.float32), (h, 1))
    gain = (1.0 - ramp / 2 + ramp * xx)[..., None]
    img = np.empty((h, w, 3), np.float32)
    img[:] = (195, 212, 222)
    if card:
        img[45:105, 55:115] = 240
        cv2.circle(img, (85, 75), 12, (40, 40, 200), -1)
    img = img * gain + np.random.default_rng(1).normal(0, 2, (h, w, 3)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("ramp", [0.0, 0.25])
def test_card_white_on_a_pale_table_lit_from_one_side(ramp):
    img = _pale_view(ramp, card=True)
    face = np.zeros(img.shape[:2], bool)
    face[47:103, 57:113] = True
    table = np.ones(img.shape[:2], bool)
    table[40:110, 50:120] = False  # the card and its rim left out
    # The usual check sees no white stand out from the table, or takes its lit side for it.
    usual, illum = _white_mask(img)
    assert illum is None or np.count_nonzero(usual[table]) > 0.2 * np.count_nonzero(table)
    white, illum = white_on_pale_table(img)
    assert illum is not None
    # The card's face is white (but its symbol), and none of the table.
    assert np.count_nonzero(white[face]) > 0.8 * np.count_nonzero(face)
    assert np.count_nonzero(white[table]) < 0.005 * np.count_nonzero(table)


@pytest.mark.parametrize("ramp", [0.0, 0.25])
def test_a_pale_table_alone_has_no_card_white(ramp):
    assert white_on_pale_table(_pale_view(ramp, card=False))[1] is None


# Tuning scenes of the ``pale`` style whose clear top card the reader took for an arm over an
# empty zone, or for faces with no white (the usual white's check found none), and reads now.
@pytest.mark.parametrize(
    ("deck", "seed", "seat", "was"),
    [
        ("own", 3010, 2, Doubt.ARM_OVER_EMPTY_ZONE),
        ("own", 3022, 1, Doubt.ARM_OVER_EMPTY_ZONE),
        ("own", 3019, 2, Doubt.FACES_WITHOUT_WHITE),
        ("clone", 3018, 2, Doubt.FACES_WITHOUT_WHITE),
    ],
)
def test_clear_piles_on_a_pale_table_read(deck, seed, seat, was):
    label, got = read_styled(deck, "pale", seed, seat)
    assert label.state == "card"
    assert was in (Doubt.ARM_OVER_EMPTY_ZONE, Doubt.FACES_WITHOUT_WHITE)
    assert got.state == State.CARD and got.card == label.card

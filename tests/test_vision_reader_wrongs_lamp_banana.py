"""A lamp's spot over the middle place of a classic card can wash a 3's middle symbol away
whole, rim and all, on a face clipped in every channel: the two corners left lie as far apart
along the card as the scans print a 2's pair, and nothing is left at the middle for the middle
checks. The spot lifts the corners' print too, each more on its side towards the spot: a card
whose two symbols both brighten towards the middle place is doubted, never read as a 2 (issue
#10). A light falling across the card brightens the two towards the same side, and the 2 is
read."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import card_face, scan_face, scans_available
from halli_pi.vision.reader import WARP_SIZE, Doubt, State, load_profile, read_card_image
from halli_pi.vision.reader import card as card_checks
from tests.styled_reads import read_styled


def test_a_three_banana_whose_middle_a_lamp_washed_away_is_not_claimed_as_a_two() -> None:
    # Tuning style lamp, own art, seed 304501 seat 4 (a wrong card on a spent check seed): the
    # lamp clipped the middle banana in every channel, the corners' print lifted towards it.
    label, got = read_styled("own", "lamp", 304501, 4)
    assert label.card == parse_card("3 banana")
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.SPOT_OVER_THE_MIDDLE


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_scans_two_under_a_window_s_light_is_still_read() -> None:
    # The scans print a 2's pair as far apart as a 3's corners, and the window's light clips
    # the face over the middle place; it falls across the card, lifting one banana towards
    # the middle and the other away.
    label, got = read_styled("scan", "window", 310502, 2)
    assert label.card == parse_card("2 banana")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_scans_two_clipped_over_its_middle_place_is_judged_and_read(monkeypatch) -> None:
    # Tuning style window, scans, seed 2239000 seat 3: a 2 strawberry as wide as a 3's
    # corners, its face clipped over the middle place; the window's light lifts one
    # strawberry towards the middle and the other away, and the card is read.
    judged: list[bool] = []
    check = card_checks._spot_over_the_middle_of_a_wide_pair

    def spy(c):
        middle = card_checks._middle_of_a_wide_pair(c)
        if middle is not None and card_checks._clipped_over_a_symbol_at(c, middle):
            judged.append(check(c) is None)
        return check(c)

    others = tuple(spy if f is check else f for f in card_checks.TOGETHER_CHECKS)
    monkeypatch.setattr(card_checks, "TOGETHER_CHECKS", others)
    label, got = read_styled("scan", "window", 2239000, 3)
    assert label.card == parse_card("2 strawberry")
    assert got.state == State.CARD and got.card == label.card
    assert judged and all(judged)


def _upright(face: np.ndarray) -> np.ndarray:
    return cv2.resize(face, WARP_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)


def _with_spot_on_the_centre(face: np.ndarray) -> np.ndarray:
    """A flat-topped spot of a lamp's light on the card's centre, a quarter of the card wide,
    230 levels at its top (as the renderer's lamp style adds one), on a face lifted to the
    clip: it washes a middle symbol away whole and lifts the corners' print."""
    h, w = face.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w]
    d2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / (2 * (0.25 * w) ** 2)
    lit = face + 8.0 + (230.0 * np.exp(-(d2**2)))[..., None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def _with_light_across(face: np.ndarray) -> np.ndarray:
    """Light rising evenly from the top left corner to the bottom right one by 120 levels."""
    h, w = face.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w]
    lit = face + (120.0 * (xs / w + ys / h) / 2)[..., None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def test_a_spot_that_washed_a_middle_banana_away_doubts_the_card() -> None:
    img = _with_spot_on_the_centre(_upright(card_face(parse_card("3 banana"))))
    got = read_card_image(img, load_profile("classic"))
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.SPOT_OVER_THE_MIDDLE


def test_without_the_check_that_card_is_claimed_as_a_two(monkeypatch) -> None:
    # What the check closes: every other check lets the corners stand as a 2.
    spot_check = card_checks._spot_over_the_middle_of_a_wide_pair
    others = tuple(c for c in card_checks.TOGETHER_CHECKS if c is not spot_check)
    monkeypatch.setattr(card_checks, "TOGETHER_CHECKS", others)
    img = _with_spot_on_the_centre(_upright(card_face(parse_card("3 banana"))))
    got = read_card_image(img, load_profile("classic"))
    assert got.state == State.CARD and got.card == parse_card("2 banana")


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_scans_two_under_light_falling_across_it_is_read() -> None:
    img = _with_light_across(_upright(scan_face("banana", 2)))
    got = read_card_image(img, load_profile("classic"))
    assert got.state == State.CARD and got.card == parse_card("2 banana")
    # The check judged it: a pair as wide as a 3's corners, clipped over the middle place.
    _, seen = card_checks._read(img, load_profile("classic"), False, False)
    middle = card_checks._middle_of_a_wide_pair(seen)
    assert middle is not None and card_checks._clipped_over_a_symbol_at(seen, middle)
    lifts = [card_checks._lift_towards(seen, b, middle) for b, _ in seen.symbols]
    assert min(lift or 0.0 for lift in lifts) < 0.0  # one brightens away from the middle

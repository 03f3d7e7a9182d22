"""A lamp's light on the card's face: a reflection stretched into a band across the face is
light, not another card's side; and no count the deck never prints is claimed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import card_face, scans_available
from halli_pi.vision.reader import WARP_SIZE, Doubt, State, load_profile, read_card_image
from tests.styled_reads import read_clone


def _upright(face: np.ndarray) -> np.ndarray:
    return cv2.resize(face, WARP_SIZE, interpolation=cv2.INTER_AREA)


def _lit_as_usual(card: str) -> np.ndarray:
    """The upright face of ``card`` lit below the sensor's top, as a table's light leaves it."""
    return (_upright(card_face(parse_card(card))).astype(np.float32) * 0.82).astype(np.uint8)


def _band(img: np.ndarray, level: int) -> np.ndarray:
    """``img`` with a straight-sided band of light ``level`` across its face, a sixth of the
    card's height wide, from its left side to its right, sloping (as a lamp's reflection
    stretched into a band leaves one)."""
    h, w = img.shape[:2]
    band = np.zeros((h, w), np.uint8)
    pts = np.array([[0, 0.62 * h], [w, 0.5 * h], [w, 0.66 * h], [0, 0.78 * h]], np.int32)
    cv2.fillPoly(band, [pts], 1)
    out = img.copy()
    out[band > 0] = level
    return out


def test_a_reflection_stretched_into_a_band_is_not_a_cards_side() -> None:
    profile = load_profile("classic")
    # Below the banana, where it hides no symbol (a band over print is judged as glare).
    got = read_card_image(_band(_lit_as_usual("1 banana"), 255), profile)
    assert got.doubt != Doubt.EDGE_ACROSS
    assert got.state == State.CARD and got.card == parse_card("1 banana")


def test_a_band_below_the_sensors_top_is_still_an_edge_across() -> None:
    # A brighter face across the card that is not clipped (another card's, lit more) keeps
    # the doubt: only a reflection at the sensor's top is excused.
    profile = load_profile("classic")
    got = read_card_image(_band(_lit_as_usual("1 banana"), 235), profile)
    assert got.state != State.CARD
    assert got.doubt == Doubt.EDGE_ACROSS


def test_a_classic_card_of_more_than_five_symbols_is_no_card() -> None:
    # The classic deck prints five symbols at most: six seen are a miscount, never a card.
    profile = load_profile("classic")
    got = read_card_image(_upright(card_face(parse_card("6 banana"))), profile)
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.MORE_THAN_THE_DECK_PRINTS
    five = read_card_image(_upright(card_face(parse_card("5 banana"))), profile)
    assert five.state == State.CARD and five.card == parse_card("5 banana")


def _two_at(kind: str, places: tuple[tuple[float, float], ...]) -> np.ndarray:
    """An upright face showing the symbol of ``1 kind`` at each of ``places`` (shares of the
    face's width and height), on the face's own white."""
    face = card_face(parse_card(f"1 {kind}"))
    h, w = face.shape[:2]
    ys, xs = np.nonzero(face.min(axis=2) < 200)  # the print (its outline is dark)
    y0, y1, x0, x1 = ys.min() - 2, ys.max() + 3, xs.min() - 2, xs.max() + 3
    symbol = face[y0:y1, x0:x1].copy()
    white = np.median(face[: h // 8].reshape(-1, 3), axis=0).astype(np.uint8)
    out = face.copy()
    out[y0:y1, x0:x1] = white
    sh, sw = symbol.shape[:2]
    for px, py in places:
        top, left = round(py * h - sh / 2), round(px * w - sw / 2)
        out[top : top + sh, left : left + sw] = symbol
    return _upright(out)


def test_two_symbols_one_above_the_other_are_not_a_classic_2() -> None:
    # Two plums of a 4 in a column (the rest under another card), mirror images of each other
    # across the centre: each near a place a 2 prints, and each the other's partner. A classic
    # 2 prints its symbols across the diagonal: this is no 2.
    profile = load_profile("classic")
    got = read_card_image(_two_at("plum", ((0.46, 0.3), (0.54, 0.7))), profile)
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.OFF_THE_PRINT_LAYOUT
    # Side by side (two cards' symbols under one outline in the dark) neither.
    got = read_card_image(_two_at("strawberry", ((0.27, 0.4), (0.73, 0.55))), profile)
    assert got.doubt == Doubt.OFF_THE_PRINT_LAYOUT
    # Across the diagonal, as printed, they are a 2.
    got = read_card_image(_two_at("plum", ((0.3, 0.28), (0.7, 0.72))), profile)
    assert got.state == State.CARD and got.card == parse_card("2 plum")


def _cream_face_with_patch(colour_bgr: tuple[int, int, int]) -> np.ndarray:
    """A plain face whose top part a neutral reflection lights to near the sensor's top
    (which takes the white reference) and whose rest shows the face cream against it, as a
    lamp's reflection leaves a scan's paper; one small patch of ``colour_bgr`` on the cream."""
    w, h = WARP_SIZE
    face = np.zeros((h, w, 3), np.uint8)
    face[:] = (200, 226, 232)
    face[: int(0.47 * h)] = (250, 250, 250)
    y, x = int(0.7 * h), w // 2
    face[y : y + 8, x - 4 : x + 4] = colour_bgr
    return face


def test_pale_print_opposite_the_faces_tint_is_print_against_the_tint() -> None:
    from halli_pi.vision.reader.symbols import pale_pieces

    # A pale plum (violet) on the cream: no more chroma than the cream's tint raises the bar
    # to, but far off the cream's hue. Measured against the tint it is pale print; by chroma
    # alone it is not.
    plum = _cream_face_with_patch((228, 196, 214))
    assert pale_pieces(plum) == []
    assert len(pale_pieces(plum, against_tint=True)) == 1
    # A neutral patch (a reflection's white) is off the cream's tint too, but no print.
    white = _cream_face_with_patch((250, 250, 250))
    assert pale_pieces(white, against_tint=True) == []


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_middle_plum_washed_to_its_rim_is_not_left_out() -> None:
    from halli_pi.bench.vision import bench_scene
    from halli_pi.vision.reader import read_zones
    from halli_pi.vision.render import default_zones

    # Tuning style ``lamp`` on the scans, a seed beyond the bench's: a reflection clipped to
    # the sensor's top over the middle plum of a 3 left only a pale crescent of it, in
    # pieces each under the pale-middle bar; it was read as a 2.
    scene = bench_scene("scan", 620000, 0.15, "lamp")
    label = scene.labels[2]
    assert label.card == parse_card("3 plum")
    got = read_zones(scene.frame, default_zones(6), load_profile("classic"))[2]
    assert got.state != State.CARD or got.card == label.card, f"claimed {got.card}"


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_dark_face_lifted_to_the_top_is_no_reflection_over_the_middle() -> None:
    from halli_pi.bench.vision import bench_scene
    from halli_pi.vision.reader import read_zones
    from halli_pi.vision.render import default_zones

    # Tuning style ``dark`` on the scans: the camera's gain lifts the whole face to the
    # sensor's top, so it clips over the centre with no reflection; its noise's pale specks
    # around the centre are no washed middle symbol, and the 2 banana is read.
    scene = bench_scene("scan", 201016, 0.15, "dark")
    label = scene.labels[2]
    assert label.card == parse_card("2 banana")
    got = read_zones(scene.frame, default_zones(6), load_profile("classic"))[2]
    assert got.state == State.CARD and got.card == label.card, got


def test_a_symbol_s_piece_in_full_colour_apart_from_the_symbols_is_not_a_leaf() -> None:
    # Clone deck, seed 250001 seat 5: on a face lit to the sensor's top, a lamp washed a
    # banana to its tip, in full colour and far from the plums; skipped as a leaf, the card
    # was read as 3 plum (``card._apart_from_symbols``).
    label, got = read_clone("lamp", 250001, 5)
    assert str(label.card) == "1 banana + 3 plum"
    assert got.state != State.CARD or got.card == label.card
    assert got.state == State.CARD or got.doubt == Doubt.GLARE_OVER_FACE


def test_a_whole_symbol_beside_symbols_that_touch_is_no_washed_piece() -> None:
    # Clone deck, plain, seed 2500 seat 3: on a face lit to the sensor's top, a whole banana
    # is small beside two plums that touch, and apart from them, but too large to be skipped
    # as a leaf: it is counted, not taken for what a reflection left of a symbol.
    label, got = read_clone("", 2500, 3)
    assert str(label.card) == "2 banana + 2 plum"
    assert got.state == State.CARD and got.card == label.card

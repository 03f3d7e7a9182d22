"""A steep tilt's far card, sheared past what an affine straightening undoes, looked for in the
table's plane: the homography the cards read fix (``policy.table_plane``), and the second look
made in it (``zone._rectified_view``)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import Doubt, Reading, State, load_profile, policy, read_zones
from halli_pi.vision.reader.policy import straightener_at, table_plane
from halli_pi.vision.reader.reading import CARD_ASPECT, _order
from halli_pi.vision.reader.zone import _rectified_view
from halli_pi.vision.render import IMAGE_SIZE, _pinhole, style_table
from tests.styled_reads import read_styled


def _card_on_table(centre: tuple[float, float], long_: float, angle: float) -> np.ndarray:
    """A card's corners on the table's plane: its long side ``long_``, turned ``angle``
    degrees about ``centre``."""
    w, h = long_ * CARD_ASPECT, long_
    c = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - (w / 2, h / 2)
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return c @ rot.T + centre


def _seen(hmat: np.ndarray, quad: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(quad.reshape(-1, 1, 2), hmat).reshape(-1, 2)


def _read(quad: np.ndarray) -> Reading:
    return Reading(
        State.CARD,
        None,
        1.0,
        quad.astype(np.float32),
        float(cv2.contourArea(quad.astype(np.float32))),
    )


def _corner_angles(quad: np.ndarray) -> list[float]:
    out = []
    for i in range(4):
        a, b = quad[i - 1] - quad[i], quad[(i + 1) % 4] - quad[i]
        cos = abs(float(a @ b)) / float(np.linalg.norm(a) * np.linalg.norm(b))
        out.append(math.degrees(math.acos(min(1.0, cos))))
    return out


# A camera at the table's side, as the ``tilt_hard`` style has it: 48 degrees, a wide lens, its
# axis off the image's centre.
HMAT = _pinhole(48.0, 30.0, IMAGE_SIZE, 0.75, (0.1, -0.12))[0]


def _at(x: float, y: float) -> tuple[float, float]:
    """The table's point the camera sees at image pixel (x, y)."""
    p = cv2.perspectiveTransform(np.array([[[x, y]]], np.float64), np.linalg.inv(HMAT))
    return (float(p[0, 0, 0]), float(p[0, 0, 1]))


LONG = 40.0  # a card's long side on the table's plane (near cards some 80 pixels long)
READ = [(_at(180, 330), LONG, 10), (_at(450, 340), LONG, 75), (_at(320, 420), LONG, -30)]
FAR = _card_on_table(_at(330, 90), LONG, 40)


def test_the_cards_read_fix_the_table_plane_where_a_far_card_is_a_card_rectangle() -> None:
    cards = [_read(_seen(HMAT, _card_on_table(*c))) for c in READ]
    plane = table_plane(cards)
    assert plane is not None
    flat = _flat_far_card(plane)
    sides = [float(np.linalg.norm(flat[(i + 1) % 4] - flat[i])) for i in range(4)]
    short, long_ = sorted(sides)[1], sorted(sides)[2]
    assert abs(long_ - 1.0) < 0.01 and abs(short - CARD_ASPECT) < 0.01
    assert max(abs(a - 90.0) for a in _corner_angles(flat)) < 0.5
    # An affine straightening of the same cards leaves it sheared: why the plane is needed.
    far = _seen(HMAT, FAR)
    straight = far @ np.asarray(straightener_at(cards, far), np.float64).T
    assert max(abs(a - 90.0) for a in _corner_angles(straight)) > 3.0


def _flat_far_card(plane: np.ndarray) -> np.ndarray:
    """The far card's corners on the plane ``plane`` maps the image to."""
    return _seen(plane, _order(_seen(HMAT, FAR).astype(np.float32)).astype(np.float64))


def test_a_card_whose_outline_is_off_is_left_out_of_the_plane() -> None:
    cards = [_read(_seen(HMAT, _card_on_table(*c))) for c in READ]
    # One outline's corner a third of a card's side off: no single perspective makes
    # rectangles of all three; the other two fix the plane.
    bent = np.array(cards[2].outline, np.float64)
    bent[0] += (24.0, -18.0)
    plane = table_plane([*cards[:2], _read(bent)])
    assert plane is not None
    assert max(abs(a - 90.0) for a in _corner_angles(_flat_far_card(plane))) < 0.5
    # Two cards that disagree so fix none.
    assert table_plane([cards[0], _read(bent)]) is None


def test_a_rectified_view_maps_back_to_the_frame() -> None:
    cards = [_read(_seen(HMAT, _card_on_table(*c))) for c in READ]
    plane = table_plane(cards)
    assert plane is not None
    frame = np.zeros((IMAGE_SIZE[1], IMAGE_SIZE[0], 3), np.uint8)
    zone = np.array([[270, 20], [390, 20], [390, 160], [270, 160]], np.float32)
    view = _rectified_view(frame, zone, plane)
    assert view is not None
    far = _seen(HMAT, FAR).astype(np.float32)
    back = view.to_frame(_read(view.from_frame(far)))
    assert np.abs(back.outline - far).max() < 0.01


def test_sheared_far_cards_are_read_in_the_table_plane(monkeypatch) -> None:
    # A tuning tilt_hard scene (own art, seed 910011): seats 3 and 5, squeezed to 0.68 and
    # 0.6 and sheared, were "no whole card" in every look, with the two cards read elsewhere
    # predicting their size a fifth to four fifths off; in the table's plane those two fix,
    # both are read, and with them the plane fixed by four cards reads seat 0 too.
    scene = bench_scene("own", 910011, style="tilt_hard")
    zones = style_table("tilt_hard", 910011)[1]
    profile = load_profile("classic")
    got = read_zones(scene.frame, zones, profile)
    for seat in (0, 3, 5):
        assert got[seat].state == State.CARD
        assert got[seat].card == scene.labels[seat].card
    monkeypatch.setattr(policy, "table_plane", lambda cards: None)
    unplaned = read_zones(scene.frame, zones, profile)
    assert [unplaned[seat].doubt for seat in (3, 5)] == [Doubt.NO_WHOLE_CARD] * 2


def test_a_far_zone_stretched_in_the_table_plane_is_read() -> None:
    # Tuning tilt_hard own 910008 seat 5: a far card squeezed to 0.63, whose zone's read area
    # takes more than 16 squares of a card's length in the plane (``Tuning.rectified_most``).
    scene = bench_scene("own", 910008, style="tilt_hard")
    zones = style_table("tilt_hard", 910008)[1]
    got = read_zones(scene.frame, zones, load_profile("classic"))[5]
    assert got.state == State.CARD
    assert got.card == scene.labels[5].card


def test_a_far_card_is_read_in_a_plane_few_cards_fixed_at_another_scale() -> None:
    # Tuning tilt_hard own 700013 seat 2, a soft view on a dark cloth: the two cards read
    # (their corners some 3 pixels off) fix a plane whose scale at the far zone is a third
    # off, running its view past ``Tuning.rectified_most``; looked at again with the plane's
    # scale changed (``Tuning.few_cards_plane_scales``), the card is read.
    label, got = read_styled("own", "tilt_hard", 700013, 2)
    assert got.state == State.CARD
    assert got.card == label.card

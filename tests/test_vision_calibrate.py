"""`halli-pi calibrate` without a mat: piles found, seats clockwise from the chosen first."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.cli import main
from halli_pi.errors import InputError
from halli_pi.vision.calibrate import calibrate, layout_from_frame, order_clockwise
from halli_pi.vision.reader import State, read_zones
from halli_pi.vision.render import Look, SeatState, default_zones, render_scene

ZONES = default_zones(5)  # seat 0 at the bottom, then clockwise (as the camera sees it)
CARDS = ["1 banana", "2 strawberry", "3 lime", "4 plum", "1 plum"]
LOOK = Look(table=(60, 100, 150), noise=1.0)


def _frame():
    seats = [SeatState((parse_card(c),)) for c in CARDS]
    return render_scene(seats, ZONES, seed=4, look=LOOK).frame


def test_order_clockwise_on_the_picture():
    # bottom, left, top, right: clockwise as seen with y pointing down
    centres = [(320, 400), (100, 240), (320, 80), (540, 240)]
    assert order_clockwise(centres, 0) == [0, 1, 2, 3]
    assert order_clockwise(centres, 2) == [2, 3, 0, 1]


def test_layout_from_cards_reads_back():
    frame = _frame()
    layout = layout_from_frame(frame, names=list("ABCDE"))
    assert layout.names == list("ABCDE")
    for seat, zone in zip(layout.seats, ZONES, strict=True):
        assert np.linalg.norm(np.array(seat.center) - zone.mean(0)) < 15
    readings = read_zones(frame, [s.zone for s in layout.seats])
    assert [str(r.card) for r in readings if r.state == State.CARD] == CARDS
    top = layout_from_frame(frame, first="top")
    assert top.seats[0].center[1] < 200  # the pile nearest the top is seat 0


def test_calibrate_command(tmp_path, capsys):
    img = tmp_path / "t.png"
    cv2.imwrite(str(img), _frame())
    out = tmp_path / "layout.json"
    assert main(["calibrate", "--image", str(img), "--out", str(out), "--seats", "5"]) == 0
    obj = json.loads(out.read_text())
    assert [s["seat"] for s in obj["seats"]] == [0, 1, 2, 3, 4]
    assert main(["calibrate", "--image", str(img), "--out", str(out), "--seats", "4"]) == 2
    assert "expected 4" in capsys.readouterr().err


def test_calibrate_reach_writes_a_reach_polygon_per_seat(tmp_path, capsys):
    img = tmp_path / "t.png"
    cv2.imwrite(str(img), _frame())
    out = tmp_path / "layout.json"
    # The rendered table has no bell to draw the wedges round: an error saying how to give one.
    assert main(["calibrate", "--image", str(img), "--out", str(out), "--reach"]) == 2
    assert "--bell X,Y,R" in capsys.readouterr().err
    args = ["calibrate", "--image", str(img), "--out", str(out), "--reach", "--bell", "320,240,40"]
    assert main(args) == 0
    obj = json.loads(out.read_text())
    assert all(len(s["reach"]) >= 3 for s in obj["seats"])


def test_empty_table_is_an_error():
    blank = render_scene([SeatState()] * 5, ZONES, seed=1, look=LOOK).frame
    with pytest.raises(InputError, match="found 0"):
        layout_from_frame(blank)


def test_a_bell_given_by_hand_is_used_and_one_not_found_is_a_note():
    frame = _frame()
    given = calibrate(frame, bell="320,240,40")
    assert given.notes == ()
    assert given.layout.bell is not None
    assert np.allclose(given.layout.bell.mean(0), (320, 240), atol=1)
    # The rendered table has no bell: the layout is still written, with a note saying so.
    found = calibrate(frame)
    assert [s.center for s in found.layout.seats] == [s.center for s in given.layout.seats]
    assert found.layout.bell is None
    assert len(found.notes) == 1 and "--bell X,Y,R" in found.notes[0]

"""A lime and a banana that a window's light or a lamp turns to one colour: on the classic
deck a lime is an oval and a banana is bent, so a whole symbol between the two colours is
told by how deep in it its centre lies. One a reflection lies near stays a doubt: a lime it
washed in part leaves a crescent the size of a banana."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.symbols import _centre_depth
from halli_pi.vision.reader.tuning import TUNING as T
from tests.styled_reads import read_styled


def test_an_oval_s_centre_lies_deep_in_it() -> None:
    oval = cv2.ellipse(np.zeros((40, 40), np.uint8), (20, 20), (12, 9), 30, 0, 360, 1, -1)
    assert _centre_depth(oval) >= T.oval_centre_depth


def test_a_crescent_s_centre_lies_in_its_bend() -> None:
    disc = cv2.circle(np.zeros((40, 40), np.uint8), (20, 20), 14, 1, -1)
    crescent = disc & (1 - cv2.circle(np.zeros((40, 40), np.uint8), (28, 20), 12, 1, -1))
    assert _centre_depth(crescent) <= T.bent_centre_depth


def test_a_lime_in_a_window_s_light_reads_as_a_lime() -> None:
    # Own art, window light: the lime at a=-16 b=54, between a lime's and a banana's colour.
    label, reading = read_styled("own", "window", 1686003, 3)
    assert label.card == parse_card("1 lime")
    assert reading.state == State.CARD
    assert reading.card == parse_card("1 lime")


def test_a_pale_banana_beside_a_lamp_s_reflection_stays_a_doubt() -> None:
    # Own art, lamp: a banana paled to a=-9 b=32 beside a reflection.
    label, reading = read_styled("own", "lamp", 1682001, 1)
    assert label.card == parse_card("1 banana")
    assert reading.state != State.CARD
    assert reading.doubt == Doubt.COLOUR_BETWEEN_KINDS

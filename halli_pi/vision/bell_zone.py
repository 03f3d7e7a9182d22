"""Where the one real bell stands: from the layout, or found as a round object near the middle.

With the printed mat, ``calibrate --mat`` writes the bell's zone from the mat's markers (the mat
prints the bell's spot). Without a mat, ``find_bell`` looks for the bell in a frame of the
table: the strongest circle of a bell's size (4-15 % of the frame's short side in radius) whose
centre lies near the middle of the seats' piles (the bell stands between the players). If none
is clear, ``calibrate --bell X,Y,R`` gives it by hand: it never guesses a place.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from halli_pi.errors import InputError

MIN_R = 0.04  # smallest bell radius, share of the frame's short side
MAX_R = 0.15  # largest
NEAR = 0.12  # the bell's centre lies within this share of the frame's diagonal of the middle


def square_zone(x: float, y: float, r: float) -> np.ndarray:
    """The layout's bell zone (SPEC §2): the square round the bell's foot."""
    return np.array([[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]], np.float32)


def parse_bell(text: str) -> np.ndarray:
    """``X,Y,R`` in image pixels (``calibrate --bell``) as a bell zone."""
    try:
        x, y, r = (float(v) for v in text.split(","))
    except ValueError:
        raise InputError(f"wants X,Y,R in pixels, got {text!r}", field="--bell") from None
    if r <= 0 or x < 0 or y < 0:
        raise InputError(f"X and Y must be >= 0 and R > 0, got {text!r}", field="--bell")
    return square_zone(x, y, r)


def find_bell(frame: np.ndarray, seat_zones: Sequence[np.ndarray] = ()) -> np.ndarray:
    """The bell's zone in a frame of the table; InputError when no round bell is clear."""
    if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
        raise InputError("the bell is found in a colour (BGR) frame", field="frame")
    h, w = frame.shape[:2]
    if seat_zones:
        middle = np.mean([np.asarray(z, np.float64).mean(0) for z in seat_zones], axis=0)
    else:
        middle = np.array([w / 2.0, h / 2.0])
    short = min(w, h)
    grey = cv2.medianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), 5)
    circles = cv2.HoughCircles(
        grey,
        cv2.HOUGH_GRADIENT,
        dp=1.5,
        minDist=2,  # keep circles round one centre: the dome and the foot
        param1=120,
        param2=40,
        minRadius=int(short * MIN_R),
        maxRadius=int(short * MAX_R),
    )
    if circles is not None:
        # HoughCircles lists the strongest first: the first one near the middle is the bell
        # (its dome or its foot); the foot is the largest circle round the same centre.
        near = [
            (float(x), float(y), float(r))
            for x, y, r in circles[0]
            if np.hypot(x - middle[0], y - middle[1]) <= NEAR * np.hypot(w, h)
        ]
        if near:
            x, y, r = near[0]
            same = [c for c in near if np.hypot(c[0] - x, c[1] - y) <= r / 3]
            return square_zone(x, y, max(c[2] for c in same))
    raise InputError(
        "no round bell found near the middle of the table; put the bell between the piles "
        "in full view, or give its place with --bell X,Y,R (pixels)",
        field="bell",
    )

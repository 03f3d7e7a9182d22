"""A deck of other art that the reader was never taught: the held-out bench's untaught deck.

The same fruit and counts as the classic deck, drawn the way another publisher might: thick
black outlines, cartoon faces (eyes and a smile inside the fruit), a banana in two parts (a
peeled one beside its peel), strawberries as hearts with white seeds, limes as slices with
segments, plums as bunches of small grapes, on a cream card with a coloured frame. The reader
must never read such a card as a wrong card; abstaining (``unknown``) is right.
"""

from __future__ import annotations

import math
import zlib
from functools import lru_cache

import cv2
import numpy as np

from halli_pi.cards import Card

OTHER_SIZE: tuple[int, int] = (200, 310)  # width, height of a face (a 56 x 87 mm card)
_S = 2  # drawn at twice the size, then shrunk
_INK = (20, 20, 25)
_CREAM = (225, 242, 250)
_FRAMES = [(180, 120, 60), (60, 160, 230), (150, 90, 170), (90, 170, 90)]

# Where the symbols of an n-symbol card sit (fractions of width, height): not the dice of the
# project's art, nor the real deck's.
_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.3), (0.5, 0.7)],
    3: [(0.5, 0.22), (0.3, 0.62), (0.7, 0.62)],
    4: [(0.5, 0.2), (0.27, 0.5), (0.73, 0.5), (0.5, 0.8)],
    5: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)],
}


def _p(x: float, y: float) -> tuple[int, int]:
    return (round(x * _S), round(y * _S))


def _poly(img, pts, colour, ink: int = 4) -> None:
    arr = np.array([_p(x, y) for x, y in pts], np.int32)
    cv2.fillPoly(img, [arr], colour, cv2.LINE_AA)
    cv2.polylines(img, [arr], True, _INK, ink * _S, cv2.LINE_AA)


def _circle(img, c, r, colour, ink: int = 3) -> None:
    cv2.circle(img, _p(*c), round(r * _S), colour, -1, cv2.LINE_AA)
    if ink:
        cv2.circle(img, _p(*c), round(r * _S), _INK, ink * _S, cv2.LINE_AA)


def _face(img, cx, cy, s) -> None:
    """Cartoon eyes and a smile."""
    for dx in (-0.12, 0.12):
        cv2.circle(img, _p(cx + dx * s, cy - 0.05 * s), max(2, round(0.045 * s * _S)), _INK, -1)
    cv2.ellipse(
        img,
        _p(cx, cy + 0.06 * s),
        (round(0.1 * s * _S), round(0.06 * s * _S)),
        0,
        10,
        170,
        _INK,
        max(2, round(0.025 * s * _S)),
        cv2.LINE_AA,
    )


def _rot(cx, cy, pts, ang):
    a = math.radians(ang)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def _arc(s, r_out, r_in, t0, t1, dy=0.0):
    out = [(math.cos(t) * s * r_out, math.sin(t) * s * r_out + dy) for t in np.linspace(t0, t1, 12)]
    inn = [
        (math.cos(t) * s * r_in, math.sin(t) * s * r_in + dy - s * 0.1)
        for t in np.linspace(t1, t0, 12)
    ]
    return out + inn


def _banana(img, cx, cy, s, ang) -> None:
    # Two parts with a gap: the peeled fruit and the peel beside it.
    fruit = _arc(s, 0.42, 0.3, 0.5, 2.6)
    _poly(img, _rot(cx - 0.12 * s, cy, fruit, ang), (120, 235, 250))
    peel = _arc(s, 0.42, 0.3, 0.6, 2.5)
    _poly(img, _rot(cx + 0.16 * s, cy + 0.2 * s, peel, ang + 25), (30, 200, 245))
    fx, fy = _rot(cx - 0.12 * s, cy, [(0, 0.28 * s)], ang)[0]
    _face(img, fx, fy, s * 0.6)


def _strawberry(img, cx, cy, s, ang) -> None:
    heart = []
    for t in np.linspace(0, 2 * math.pi, 40, endpoint=False):
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        heart.append((x * s / 36, -y * s / 36 + 0.05 * s))  # point down
    _poly(img, _rot(cx, cy, heart, ang + 180), (90, 60, 235))
    rng = np.random.default_rng(int(cx * 7 + cy))
    for _ in range(7):
        px, py = rng.uniform(-0.22, 0.22) * s, rng.uniform(-0.05, 0.25) * s
        _circle(img, _rot(cx, cy, [(px, py)], ang)[0], 0.025 * s, (230, 250, 255), 0)
    crown = [(-0.25, -0.3), (-0.1, -0.22), (0, -0.38), (0.1, -0.22), (0.25, -0.3), (0, -0.18)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in crown], ang), (60, 190, 90), 2)
    _face(img, cx, cy, s)


def _lime(img, cx, cy, s, ang) -> None:
    # A slice: rind, pale pith, segments.
    _circle(img, (cx, cy), 0.38 * s, (40, 170, 60))
    _circle(img, (cx, cy), 0.31 * s, (190, 245, 215), 0)
    for k in range(8):
        t0 = ang / 57.3 + k * math.pi / 4 + 0.08
        t1 = t0 + math.pi / 4 - 0.16
        seg = [(0.0, 0.0)] + [
            (math.cos(t) * 0.27 * s, math.sin(t) * 0.27 * s) for t in np.linspace(t0, t1, 6)
        ]
        arr = np.array([_p(cx + x, cy + y) for x, y in seg], np.int32)
        cv2.fillPoly(img, [arr], (110, 225, 150), cv2.LINE_AA)


def _plum(img, cx, cy, s, ang) -> None:
    # A bunch of grapes: many small berries, a stalk.
    berries = [(0, -0.22), (-0.16, -0.2), (0.16, -0.2), (-0.08, -0.04), (0.08, -0.04)]
    berries += [(-0.2, -0.05), (0.2, -0.05), (0, 0.12), (-0.1, 0.26), (0.1, 0.26), (0, 0.4)]
    for x, y in berries:
        _circle(img, _rot(cx, cy, [(x * s, y * s * 0.9)], ang)[0], 0.1 * s, (150, 60, 120), 2)
    a, b = _rot(cx, cy, [(0, -0.32 * s), (0.06 * s, -0.46 * s)], ang)
    cv2.line(img, _p(*a), _p(*b), (30, 80, 100), max(2, round(0.04 * s * _S)), cv2.LINE_AA)


_DRAW = {"banana": _banana, "strawberry": _strawberry, "lime": _lime, "plum": _plum}


@lru_cache(maxsize=64)
def other_face(card: Card) -> np.ndarray:
    """The face of ``card`` in this deck (BGR uint8, portrait, OTHER_SIZE). Classic cards only
    (one kind, 1 to 5)."""
    if len(card.groups) != 1 or card.is_twist:
        raise ValueError(f"the other-art deck has no {card}")
    count, kind = card.groups[0]
    w, h = OTHER_SIZE
    img = np.full((h * _S, w * _S, 3), _CREAM, np.uint8)
    rng = np.random.default_rng(zlib.crc32(str(card).encode()))
    frame = _FRAMES[zlib.crc32(kind.encode()) % len(_FRAMES)]
    cv2.rectangle(img, (0, 0), (w * _S - 1, h * _S - 1), frame, round(w * 0.05 * _S))
    s = w * (0.55 if count <= 2 else 0.42)
    for u, v in _SPOTS[count]:
        _DRAW[kind](img, u * w, v * h, s, float(rng.uniform(-30, 30)))
    return cv2.resize(img, OTHER_SIZE, interpolation=cv2.INTER_AREA)

"""The project's own card art, drawn procedurally.

Faces are drawn portrait at ``FACE_SIZE`` (width, height), the proportions of a real card
(56 x 87 mm). Fruits are simple shapes in the colours of the classic deck (banana yellow,
strawberry red with green leaves, lime yellow-green, plum purple with a brown stem); Deluxe
5-fruit cards get a silver face; clone cards mix kinds; Twist cards show coloured symbols.
Drawing happens at twice the size and is shrunk, for anti-aliased edges. Faces are cached.

The reference scans of the real deck (../shared/cards/classic) are *not* ours: ``scan_face``
loads them from there at run time (never copied into the repository) and turns them portrait.
"""

from __future__ import annotations

import math
import zlib
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from halli_pi.cards import Card

FACE_SIZE: tuple[int, int] = (124, 192)  # width, height: a 56 x 87 mm card
_S = 2  # supersampling factor

# BGR colours of the art.
WHITE = (250, 250, 250)
OUTLINE = (35, 35, 40)
FRUIT_COLOURS: dict[str, tuple[int, int, int]] = {
    "banana": (40, 215, 250),
    "strawberry": (45, 45, 225),
    "lime": (45, 215, 170),
    "plum": (140, 45, 115),
}
TWIST_BGR: dict[str, tuple[int, int, int]] = {
    "yellow": (30, 205, 245),
    "green": (60, 165, 40),
    "blue": (200, 110, 30),
    "red": (45, 40, 215),
}
_LEAF = (40, 130, 35)
_STEM = (30, 70, 110)

# Where the fruits of an n-fruit card sit, as fractions of (width, height): dice-like patterns.
SPOTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.3, 0.28), (0.7, 0.72)],
    3: [(0.28, 0.21), (0.5, 0.5), (0.72, 0.79)],
    4: [(0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)],
    5: [(0.28, 0.2), (0.72, 0.2), (0.5, 0.5), (0.28, 0.8), (0.72, 0.8)],
    6: [(0.28, 0.18), (0.72, 0.18), (0.28, 0.5), (0.72, 0.5), (0.28, 0.82), (0.72, 0.82)],
}


def _pt(x: float, y: float) -> tuple[int, int]:
    return (round(x * _S * 8), round(y * _S * 8))


def _ellipse(img, c, axes, angle, colour, thick=-1):
    # Sub-pixel drawing via shift=3 (coordinates in 1/8 pixels).
    cv2.ellipse(
        img,
        _pt(*c),
        (round(axes[0] * _S * 8), round(axes[1] * _S * 8)),
        angle,
        0,
        360,
        colour,
        thick if thick < 0 else max(1, round(thick * _S)),
        cv2.LINE_AA,
        3,
    )


def _poly(img, pts, colour, outline=True):
    arr = np.array([[round(x * _S * 8), round(y * _S * 8)] for x, y in pts], np.int32)
    cv2.fillPoly(img, [arr], colour, cv2.LINE_AA, 3)
    if outline:
        cv2.polylines(img, [arr], True, OUTLINE, 2 * _S, cv2.LINE_AA, 3)


def _rot(cx: float, cy: float, pts, angle_deg: float):
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def _banana(img, cx, cy, s, ang):
    # A crescent: the difference of two discs, as a polygon.
    pts_out = [(math.cos(t) * s * 0.5, math.sin(t) * s * 0.5) for t in np.linspace(0.4, 2.75, 14)]
    pts_in = [
        (math.cos(t) * s * 0.37, math.sin(t) * s * 0.37 - s * 0.16)
        for t in np.linspace(2.7, 0.45, 14)
    ]
    shape = [(x, y - s * 0.12) for x, y in pts_out + pts_in]
    _poly(img, _rot(cx, cy, shape, ang), FRUIT_COLOURS["banana"])
    for x, y in (shape[0], shape[13]):
        (tx, ty) = _rot(cx, cy, [(x, y)], ang)[0]
        _ellipse(img, (tx, ty), (s * 0.05, s * 0.05), 0, _STEM)


def _strawberry(img, cx, cy, s, ang):
    # A rounded triangle pointing down, leaves on the flat top.
    body = []
    for t in np.linspace(0, 2 * math.pi, 28, endpoint=False):
        x = math.sin(t) * s * 0.38
        y = -math.cos(t) * s * 0.46
        x *= 0.55 + 0.45 * (1 - (y / (s * 0.5) + 1) / 2) ** 0.6  # narrower towards the tip
        body.append((x, y))
    body = [(x, -y) for x, y in body]  # tip down
    _poly(img, _rot(cx, cy, body, ang), FRUIT_COLOURS["strawberry"])
    for i, (px, py) in enumerate([(-0.15, 0.05), (0.12, -0.1), (0.0, 0.2), (-0.08, -0.2)]):
        sx, sy = _rot(cx, cy, [(px * s, py * s + 0.02 * i)], ang)[0]
        _ellipse(img, (sx, sy), (s * 0.03, s * 0.04), 0, (90, 220, 240))
    leaves = [(-0.26, -0.42), (-0.1, -0.38), (0.0, -0.52), (0.1, -0.38), (0.26, -0.42), (0, -0.3)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in leaves], ang), _LEAF)


def _lime(img, cx, cy, s, ang):
    _ellipse(img, (cx, cy), (s * 0.33, s * 0.45), ang, FRUIT_COLOURS["lime"])
    _ellipse(img, (cx, cy), (s * 0.33, s * 0.45), ang, OUTLINE, 1.0)
    tx, ty = _rot(cx, cy, [(0, -s * 0.42)], ang)[0]
    _ellipse(img, (tx, ty), (s * 0.06, s * 0.05), ang, (60, 150, 110))


def _plum(img, cx, cy, s, ang):
    _ellipse(img, (cx, cy), (s * 0.38, s * 0.42), ang, FRUIT_COLOURS["plum"])
    _ellipse(img, (cx, cy), (s * 0.38, s * 0.42), ang, OUTLINE, 1.0)
    a = _rot(cx, cy, [(0, -s * 0.3), (0, s * 0.3)], ang)
    cv2.line(img, _pt(*a[0]), _pt(*a[1]), (110, 30, 85), _S * 2, cv2.LINE_AA, 3)
    stem = _rot(cx, cy, [(-0.03 * s, -0.38 * s), (0.03 * s, -0.38 * s), (0.1 * s, -0.55 * s)], ang)
    _poly(img, stem, _STEM, outline=False)


def _hat(img, cx, cy, s, ang, colour):
    pts = [(-0.42, 0.3), (0.42, 0.3), (0.42, 0.18), (0.18, 0.18), (0.05, -0.45), (-0.18, 0.18)]
    pts += [(-0.42, 0.18)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in pts], ang), colour)


def _potion(img, cx, cy, s, ang, colour):
    neck = [(-0.09, -0.05), (-0.09, -0.42), (0.09, -0.42), (0.09, -0.05)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in neck], ang), colour)
    bx, by = _rot(cx, cy, [(0, 0.14 * s)], ang)[0]
    _ellipse(img, (bx, by), (s * 0.3, s * 0.3), 0, colour)
    _ellipse(img, (bx, by), (s * 0.3, s * 0.3), 0, OUTLINE, 1.0)


def _chameleon(img, cx, cy, s, ang, colour):
    body = [(-0.4, 0.05), (-0.2, -0.2), (0.2, -0.22), (0.42, -0.05), (0.3, 0.12), (0.05, 0.1)]
    tail = [(0.0, 0.25), (0.12, 0.4), (-0.05, 0.45), (-0.12, 0.3), (-0.2, 0.1)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in body + tail], ang), colour)


def _candle(img, cx, cy, s, ang, colour):
    pts = [(-0.14, 0.45), (0.14, 0.45), (0.14, -0.2), (0.04, -0.2), (0.1, -0.32), (0.0, -0.5)]
    pts += [(-0.1, -0.32), (-0.04, -0.2), (-0.14, -0.2)]
    _poly(img, _rot(cx, cy, [(x * s, y * s) for x, y in pts], ang), colour)


_FRUIT_SCALE = {"banana": 1.13, "strawberry": 1.06, "lime": 1.06, "plum": 1.06}
_FRUIT_DRAW = {"banana": _banana, "strawberry": _strawberry, "lime": _lime, "plum": _plum}
_SYMBOL_DRAW = {"hat": _hat, "potion": _potion, "chameleon": _chameleon, "candle": _candle}


def _blank(silver: bool) -> np.ndarray:
    w, h = FACE_SIZE
    img = np.full((h * _S, w * _S, 3), WHITE, np.uint8)
    if silver:
        # A brushed-silver face: grey with a diagonal sheen.
        yy, xx = np.mgrid[0 : h * _S, 0 : w * _S].astype(np.float32)
        sheen = 0.5 + 0.5 * np.cos((xx + yy) / (w * _S) * 2.4)
        grey = (178 + 40 * sheen).astype(np.uint8)
        img = cv2.merge([grey, grey, grey])
    cv2.rectangle(img, (0, 0), (w * _S - 1, h * _S - 1), (200, 200, 200), _S)
    return img


def kind_list(card: Card) -> list[str]:
    """One entry per drawn symbol, kinds interleaved so mixed cards mix their spots."""
    out: list[str] = []
    for n, kind in card.groups:
        out.extend([kind] * n)
    return out


@lru_cache(maxsize=256)
def card_face(card: Card, *, silver: bool | None = None, style: int = 0) -> np.ndarray:
    """The portrait face of ``card`` (BGR uint8, FACE_SIZE). Deluxe 5-fruit cards are silver
    by default when ``silver`` is None and style is 1; ``style`` varies the fruit angles."""
    kinds = kind_list(card)
    if silver is None:
        silver = style == 1 and card.total == 5 and len(card.groups) == 1 and not card.is_twist
    img = _blank(silver)
    w, h = FACE_SIZE
    spots = SPOTS.get(len(kinds))
    if spots is None:
        raise ValueError(f"no art for {len(kinds)} symbols ({card})")
    rng = np.random.default_rng(zlib.crc32(f"{card}|{style}".encode()))
    s = w * (0.46 if len(kinds) <= 2 else 0.42)
    for kind, (u, v) in zip(kinds, spots, strict=True):
        ang = float(rng.uniform(-25, 25))
        if kind in _FRUIT_DRAW:
            # Sizes match the real deck's: a symbol's share of the card is what the reader
            # counts merged symbols by.
            size = s * _FRUIT_SCALE[kind]
            # Bananas lie along the card's length, as on the real deck: side by side they
            # would overlap.
            _FRUIT_DRAW[kind](img, u * w, v * h, size, ang + (90 if kind == "banana" else 0))
        else:
            colour, symbol = kind.split(" ", 1)
            _SYMBOL_DRAW[symbol](img, u * w, v * h, s * 0.9, ang, TWIST_BGR[colour])
    return cv2.resize(img, FACE_SIZE, interpolation=cv2.INTER_AREA)


# --- reference scans -------------------------------------------------------------------------


def shared_dir() -> Path:
    """../shared relative to the repository root (the package lives in <repo>/halli_pi)."""
    return Path(__file__).resolve().parents[2].parent / "shared"


def scans_available() -> bool:
    return (shared_dir() / "cards" / "classic" / "banana01.png").is_file()


@lru_cache(maxsize=32)
def scan_face(fruit: str, count: int) -> np.ndarray:
    """The reference scan of ``count fruit``, turned portrait and resized to FACE_SIZE."""
    path = shared_dir() / "cards" / "classic" / f"{fruit}{count:02d}.png"
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise FileNotFoundError(path)
    img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    return cv2.resize(img, FACE_SIZE, interpolation=cv2.INTER_AREA)

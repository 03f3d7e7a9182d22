"""The project's own Hawaiki-like deck, drawn procedurally (the real art is not ours).

A face is white, the size of the other decks' faces (``FACE_SIZE``), and shows its value twice:
as ``value`` pips, each the animal of the card's colour in that colour, laid out like dice;
and as a numeral in two corners, printed pale grey so a person reads it at a glance while the
reader, which counts coloured print, never takes it for a pip. Each colour has its own animal,
a second cue for colour (as on the real cards, for colour-blind players and for the reader).
Drawing happens at twice the size and is shrunk, for anti-aliased edges.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from functools import lru_cache

import cv2
import numpy as np

from halli_pi.rules.hawaiki.cards import COLOURS, HCard
from halli_pi.vision.art import FACE_SIZE, OUTLINE, WHITE

_S = 2  # supersampling factor

# BGR inks. Far apart in hue once the light's colour is taken out: red, yellow, green, blue
# and a magenta-leaning purple (a blue-leaning one would sit next to blue under a warm lamp).
INKS: dict[str, tuple[int, int, int]] = {
    "red": (45, 45, 215),
    "yellow": (30, 200, 245),
    "green": (60, 165, 40),
    "blue": (200, 110, 30),
    "purple": (150, 45, 150),
}
ANIMALS: dict[str, str] = {
    "red": "hummingbird",
    "yellow": "lizard",
    "green": "turtle",
    "blue": "ray",
    "purple": "fish",
}
NUMERAL_GREY = (168, 168, 168)  # neutral and light: a person's cue, never counted as print

# Where the pips of a value sit, as fractions of (width, height). Every value's pips have the
# same size, so one pip's area is the unit the reader counts by.
PIP_SPOTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.3), (0.5, 0.7)],
    3: [(0.5, 0.22), (0.5, 0.5), (0.5, 0.78)],
    4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
    5: [(0.3, 0.24), (0.7, 0.24), (0.5, 0.5), (0.3, 0.76), (0.7, 0.76)],
    6: [(0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)],
    7: [
        (0.27, 0.17),
        (0.73, 0.17),
        (0.5, 0.335),
        (0.27, 0.5),
        (0.73, 0.5),
        (0.27, 0.83),
        (0.73, 0.83),
    ],
}
PIP_SIZE = 0.3  # a pip's extent, as a share of the card's width


def _poly(img: np.ndarray, pts: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
    arr = np.array([[round(x * _S * 8), round(y * _S * 8)] for x, y in pts], np.int32)
    cv2.fillPoly(img, [arr], colour, cv2.LINE_AA, 3)
    cv2.polylines(img, [arr], True, OUTLINE, _S, cv2.LINE_AA, 3)


def _place(
    cx: float, cy: float, s: float, ang: float, pts: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    a = math.radians(ang)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x * ca - y * sa) * s, cy + (x * sa + y * ca) * s) for x, y in pts]


def _ellipse_pts(
    cx: float, cy: float, rx: float, ry: float, n: int = 16
) -> list[tuple[float, float]]:
    return [
        (cx + rx * math.cos(t), cy + ry * math.sin(t))
        for t in np.linspace(0, 2 * math.pi, n, endpoint=False)
    ]


# Each animal is one closed outline in a unit box (about -0.5..0.5), so a pip is one blob.
def _hummingbird() -> list[tuple[float, float]]:
    # A plump body, a long beak to one side and a forked tail to the other: long, one-sided.
    return [
        (-0.5, -0.06),
        (-0.18, -0.08),
        (-0.05, -0.26),
        (0.12, -0.4),
        (0.22, -0.14),
        (0.36, 0.02),
        (0.5, 0.3),
        (0.3, 0.2),
        (0.28, 0.34),
        (0.08, 0.2),
        (-0.12, 0.12),
        (-0.2, 0.02),
        (-0.5, -0.02),
    ]


def _lizard() -> list[tuple[float, float]]:
    # A long body with four short legs and a tail: long and spiky.
    return [
        (0.0, -0.5),
        (0.12, -0.32),
        (0.28, -0.3),
        (0.14, -0.16),
        (0.13, 0.08),
        (0.28, 0.18),
        (0.1, 0.22),
        (0.03, 0.5),
        (-0.05, 0.22),
        (-0.28, 0.18),
        (-0.13, 0.08),
        (-0.14, -0.16),
        (-0.28, -0.3),
        (-0.12, -0.32),
    ]


def _turtle() -> list[tuple[float, float]]:
    # A round shell with a head and four stubby flippers: nearly round.
    shell = _ellipse_pts(0.0, 0.0, 0.34, 0.38, 20)
    out: list[tuple[float, float]] = []
    for i, (x, y) in enumerate(shell):
        r = 1.0
        if i in (0,):  # head
            r = 1.35
        elif i in (3, 7, 13, 17):  # flippers
            r = 1.22
        out.append((x * r, y * r))
    return out


def _ray() -> list[tuple[float, float]]:
    # A wide diamond with a thin tail: broad wings.
    return [
        (0.0, -0.3),
        (0.5, 0.0),
        (0.1, 0.15),
        (0.03, 0.5),
        (-0.03, 0.5),
        (-0.1, 0.15),
        (-0.5, 0.0),
    ]


def _fish() -> list[tuple[float, float]]:
    # An oval body with a triangular tail fin.
    body = _ellipse_pts(-0.08, 0.0, 0.34, 0.22, 16)
    body = [p for p in body if p[0] < 0.2]
    return body + [(0.22, 0.0), (0.5, -0.25), (0.42, 0.0), (0.5, 0.25), (0.22, 0.02)]


ANIMAL_OUTLINES: dict[str, Callable[[], list[tuple[float, float]]]] = {
    "hummingbird": _hummingbird,
    "lizard": _lizard,
    "turtle": _turtle,
    "ray": _ray,
    "fish": _fish,
}


def _numeral(img: np.ndarray, value: int, x: float, y: float, flip: bool) -> None:
    """The value in a corner (the lower one upside down, as on playing cards)."""
    w, h = FACE_SIZE
    size = 0.9 * _S
    text = str(value)
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, 2 * _S)
    patch = np.full((th + 8 * _S, tw + 4 * _S, 3), WHITE, np.uint8)
    cv2.putText(
        patch, text, (2 * _S, th + 2 * _S), cv2.FONT_HERSHEY_SIMPLEX, size, NUMERAL_GREY, 2 * _S
    )
    if flip:
        patch = np.ascontiguousarray(patch[::-1, ::-1])  # half a turn
    px, py = round(x * w * _S), round(y * h * _S)
    ph, pw = patch.shape[:2]
    px, py = min(max(px, 0), w * _S - pw), min(max(py, 0), h * _S - ph)
    img[py : py + ph, px : px + pw] = np.minimum(img[py : py + ph, px : px + pw], patch)


@lru_cache(maxsize=160)
def hawaiki_face(card: HCard, *, style: int = 0) -> np.ndarray:
    """The portrait face of ``card`` (BGR uint8, ``FACE_SIZE``); ``style`` turns the pips a
    little (two copies of a card need not look alike to the pixel)."""
    if card.colour not in INKS or card.value not in PIP_SPOTS:
        raise ValueError(f"no art for {card}")
    w, h = FACE_SIZE
    img = np.full((h * _S, w * _S, 3), WHITE, np.uint8)
    cv2.rectangle(img, (0, 0), (w * _S - 1, h * _S - 1), (200, 200, 200), _S)
    _numeral(img, card.value, 0.04, 0.02, flip=False)
    _numeral(img, card.value, 0.96, 0.98, flip=True)
    outline = ANIMAL_OUTLINES[ANIMALS[card.colour]]()
    rng = np.random.default_rng(zlib.crc32(f"{card}|{style}".encode()))
    s = PIP_SIZE * w
    for u, v in PIP_SPOTS[card.value]:
        ang = float(rng.uniform(-30, 30))
        _poly(img, _place(u * w, v * h, s, ang, outline), INKS[card.colour])
    return cv2.resize(img, FACE_SIZE, interpolation=cv2.INTER_AREA)


def all_faces() -> list[tuple[HCard, np.ndarray]]:
    """One face of every distinct card (35), for building and checking the reader's model."""
    return [(HCard(v, c), hawaiki_face(HCard(v, c))) for c in COLOURS for v in PIP_SPOTS]

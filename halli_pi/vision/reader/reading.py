"""What the reader says of a pile (``Reading``), and the card geometry every part shares."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import cv2
import numpy as np

from halli_pi.cards import Card
from halli_pi.vision.reader.doubts import OVER_THE_PILE, Doubt
from halli_pi.vision.reader.tuning import TUNING as T

CARD_ASPECT = 56 / 87  # short side / long side of a real card


WARP_SIZE: tuple[int, int] = (62, 96)  # the upright card the symbols are read from


class State(StrEnum):
    CARD = "card"
    EMPTY = "empty"
    OCCLUDED = "occluded"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Reading:
    state: State
    card: Card | None = None
    confidence: float = 0.0
    corners: np.ndarray | None = None  # 4x2 image pixels, first edge a short side
    area: float = 0.0  # the card's area in pixels (for size checks across zones)
    why: str = ""  # a short reason, for logs and debugging
    checked: bool = True  # False: a card whose deferred checks are still to run
    doubt: Doubt | None = None  # why it is not a card (None for a card or an empty zone)
    # For ``Doubt.NO_WHOLE_CARD``: the doubt on the face of the outline a search framed there
    # (every check of an outline met, the face then doubted). The policy's later looks run
    # on "no whole card"; the reading the policy gives names this doubt instead, so the log
    # says why the card was not read (``policy.face_doubt_named``). Not shown: a reading's
    # text is its state, card and doubt.
    framed: Reading | None = field(default=None, repr=False)

    @classmethod
    def of_doubt(
        cls,
        doubt: Doubt,
        *,
        confidence: float = 0.0,
        corners: np.ndarray | None = None,
        area: float = 0.0,
        detail: str = "",
    ) -> Reading:
        """The reading of a zone the reader will not rule on: ``occluded`` when something
        lies over the pile, else ``unknown``."""
        state = State.OCCLUDED if doubt in OVER_THE_PILE else State.UNKNOWN
        return cls(state, None, confidence, corners, area, doubt.said(detail), doubt=doubt)

    @property
    def dims(self) -> tuple[float, float] | None:
        """(short side, long side) of the card in pixels."""
        return None if self.corners is None else _dims_of(self.corners)

    @property
    def center(self) -> tuple[float, float] | None:
        return None if self.corners is None else self.outline_center

    @functools.cached_property
    def squeeze(self) -> tuple[float, np.ndarray]:
        """``foreshortening`` of the outline, worked out once a reading: a tracker's every
        card read asks it of each card accepted in the other zones (``policy.straightener_at``),
        the same readings read after read."""
        return foreshortening(self.outline)

    # Where the corners must be there (a card read, an outline a search found), these say so
    # once instead of every caller checking for None.
    @property
    def outline(self) -> np.ndarray:
        if self.corners is None:
            raise ValueError(f"a {self.state} reading has no corners ({self.why or 'no reason'})")
        return self.corners

    @property
    def outline_center(self) -> tuple[float, float]:
        c = self.outline.mean(0)
        return (float(c[0]), float(c[1]))


@dataclass(frozen=True)
class Found:
    corners: np.ndarray
    center: tuple[float, float]
    card: Card | None
    confidence: float
    state: State = State.CARD
    doubt: Doubt | None = None  # why it is not read (a card found, not ruled on)


_Arrays = tuple[np.ndarray, ...] | None


def same_image_once(fn: Callable[[np.ndarray], _Arrays]) -> Callable[[np.ndarray], _Arrays]:
    """``fn`` (a function of one image's pixels alone, giving arrays or None) worked out once
    for the same pixels asked again: a card's read asks for the same card image's colours
    several times (its symbols, then the print marks of each check that looks), and what a
    read teaches of the table's colours, learned on a later frame, asks for them once more.
    The last ``_IMAGES_KEPT`` images are kept (copies) with their answers, which an equal
    image gets again, as copies: no caller's change to its arrays reaches another's."""
    kept: list[tuple[tuple[np.ndarray, _Arrays], ...]] = [()]

    @functools.wraps(fn)
    def once(img: np.ndarray) -> _Arrays:
        seen = kept[0]  # one look at it: another thread may replace it
        got = next((answer for pixels, answer in seen if _same_pixels(pixels, img)), _NONE_YET)
        if got is _NONE_YET:
            got = fn(img)
            kept[0] = ((img.copy(), got), *seen[: _IMAGES_KEPT - 1])
        return None if got is None else tuple(a.copy() for a in got)

    return once


# Card images whose answers ``same_image_once`` keeps: a tracker's reads of six seats leave
# up to six cards' colours to learn later, each the image its read looked at last.
_IMAGES_KEPT = 8
_NONE_YET: _Arrays = (np.zeros(0),)  # a marker: no answer kept for this image


def _same_pixels(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b))


# OpenCV hands its counts back as 32-bit floats: exact integers below this.
_EXACT_COUNTS = 1 << 24


def _percentile_u8(v: np.ndarray, q: float) -> float:
    """The ``q`` percentile of 8-bit values: the least value with that share at or below it."""
    if v.dtype == np.uint8 and 0 < v.size < _EXACT_COUNTS:
        # OpenCV counts 8-bit values several times faster than numpy's bincount (which first
        # widens every value to 64 bits); the counts are the same exact integers.
        hist = cv2.calcHist([v.reshape(-1)], [0], None, [256], [0, 256])
        counts = hist.ravel().astype(np.int64).cumsum()
    else:
        counts = np.bincount(v.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(counts, q / 100.0 * counts[-1]))


def median_1d(v: np.ndarray) -> np.floating:
    """``np.median`` of a 1-D array: the same value of the same type, worked out the
    same way (the middle one or two values partitioned out, their mean taken as numpy takes
    it, NaN when the values hold one). A card's read takes a few dozen medians of small
    arrays, and numpy's general path (any axis, any input) cost them more than the partition
    did (13 microseconds a median of 300 values against 6)."""
    n = v.size
    if n == 0:
        return np.median(v)  # NaN, with numpy's warning
    k = n // 2
    inexact = v.dtype.kind == "f"
    kth = [k] if n % 2 else [k - 1, k]
    part = np.partition(v, [*kth, -1] if inexact else kth)
    if inexact and np.isnan(part[-1]):
        return part[-1]
    # numpy's mean: a sum in the values' float type (64 bits for integers), then divided by
    # the count as an index integer, and given the sum's type again.
    total_type = v.dtype.type if inexact else np.float64
    total = total_type(part[k]) if n % 2 else total_type(part[k - 1]) + total_type(part[k])
    return total.dtype.type(total / np.intp(len(kth)))


def median_last(v: np.ndarray) -> np.ndarray:
    """``np.median(v, axis=-1)`` of a float array: the same values of the same type, worked
    out the same way (the middle one or two values partitioned out along the last axis, with
    the last for numpy's NaN check, their mean taken in the values' type, NaN where a row
    holds one), without numpy's general path: a second look's side lines take a median of
    every shifted and tilted line, and that path cost twice the partition."""
    n = v.shape[-1]
    k = n // 2
    kth = [k] if n % 2 else [k - 1, k]
    part = np.partition(v, [*kth, -1], axis=-1)
    mid = part[..., k] if n % 2 else part[..., k - 1] + part[..., k]
    out = mid / v.dtype.type(len(kth))
    nan = np.isnan(part[..., -1])
    if nan.any():
        out[nan] = np.nan
    return out


def _order(corners: np.ndarray) -> np.ndarray:
    """Corners clockwise (in image coordinates), first edge a short side."""
    c = corners.astype(np.float32).reshape(4, 2)
    # ``c.mean(0)`` and ``np.linalg.norm`` to the last bit, without their per-call cost (a
    # second look orders the corners of every combination of side lines it tries): numpy
    # adds the four rows in turn, and a vector's norm is the root of its dot with itself.
    centre = (c[0] + c[1] + c[2] + c[3]) / np.float32(4)
    ang = np.arctan2(c[:, 1] - centre[1], c[:, 0] - centre[0])
    c = c[np.argsort(ang)]
    first, second = c[1] - c[0], c[2] - c[1]
    if np.sqrt(first.dot(first)) > np.sqrt(second.dot(second)):
        c = np.roll(c, -1, axis=0)
    return c


def foreshortening(quad: np.ndarray) -> tuple[float, np.ndarray]:
    """How a camera's tilt must squeeze a card for it to look like ``quad``, and the way to
    undo it. A card seen in perspective is a quadrilateral; near one point the perspective is
    an affine map, which squeezes the table by a factor ``c`` (1: not at all) along one
    direction. From the quad's two mean side vectors, the one such squeeze (up to size) that
    makes them a card's sides (square to each other, in a card's proportions) is found: the
    returned ``c`` is the least squeeze over the two ways round (0 when no squeeze makes a
    card of it), and the second value ``(a, b)`` the squeeze's log metric: the card lies
    straight after the map ``expm([[a, b], [b, -a]] / 2)`` (area kept)."""
    q = np.asarray(quad, np.float64).reshape(4, 2)
    u = ((q[1] - q[0]) + (q[2] - q[3])) / 2
    v = ((q[3] - q[0]) + (q[2] - q[1])) / 2
    best: tuple[float, np.ndarray] = (0.0, np.zeros(2))
    for rr in (CARD_ASPECT, 1 / CARD_ASPECT):  # |u| / |v| on the table
        # The table's metric M (u'Mv = 0, u'Mu = rr^2 v'Mv), up to scale: two linear
        # equations in its three entries.
        r1 = (u[0] * v[0], u[0] * v[1] + u[1] * v[0], u[1] * v[1])
        r2 = (
            u[0] ** 2 - rr * rr * v[0] ** 2,
            2 * (u[0] * u[1] - rr * rr * v[0] * v[1]),
            u[1] ** 2 - rr * rr * v[1] ** 2,
        )
        m = np.cross(r1, r2)
        metric = np.array([[m[0], m[1]], [m[1], m[2]]])
        ev, vec = np.linalg.eigh(metric)
        if ev[0] * ev[1] <= 0:
            continue  # no squeeze makes a card of it this way round
        if ev[1] < 0:
            ev = -ev[::-1]
            vec = vec[:, ::-1]
        c = float(np.sqrt(ev[0] / ev[1]))
        if c > best[0]:
            # Log of the metric with unit determinant: symmetric, trace 0.
            log = vec @ np.diag(np.log(ev) - np.log(ev).mean()) @ vec.T
            best = (c, np.array([log[0, 0], log[0, 1]]))
    return best


def straightener(log_metric: np.ndarray) -> np.ndarray:
    """The 2x2 map (area kept) that undoes the squeeze of ``foreshortening``'s log metric."""
    a, b = (float(x) for x in log_metric)
    r = math.hypot(a, b) / 2  # eigenvalues of the half log are +-r
    if r < 1e-9:
        return np.eye(2)
    half = np.array([[a, b], [b, -a]]) / 2
    return math.cosh(r) * np.eye(2) + math.sinh(r) / r * half


def _card_shaped(quad: np.ndarray, least: float | None = None) -> bool:
    """Opposite sides alike and a card's proportions, as a camera tilted no more than
    ``least`` allows (``Tuning.card_squeeze``: the usual camera): a four-cornered outline that
    is not (its corners cut across by another card's edge) frames part of a card."""
    e = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    if min(e) < 1 or abs(e[0] / e[2] - 1) > 0.2 or abs(e[1] / e[3] - 1) > 0.2:
        return False
    a, b = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    if 0.5 < min(a, b) / max(a, b) < 0.8:
        return True  # a card's proportions along its sides (a rectangle, or one fitted askew)
    return foreshortening(quad)[0] >= (T.card_squeeze if least is None else least)


def _warp(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    w, h = WARP_SIZE
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    return cv2.warpPerspective(frame, m, (w, h), flags=cv2.INTER_LINEAR)


def _dims_of(quad: np.ndarray) -> tuple[float, float]:
    """(short side, long side) of a quad, opposite sides averaged."""
    e = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    a, b = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    return (min(a, b), max(a, b))


def _outward_normal(a: np.ndarray, b: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """The unit normal of the side ``a``-``b`` that points away from ``centre``: out of the
    card, towards what lies beyond that side."""
    u = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
    n = np.array([-u[1], u[0]], np.float32)
    return -n if float(np.dot(centre - a, n)) > 0 else n


def _inside(pt: np.ndarray, poly: np.ndarray) -> bool:
    return cv2.pointPolygonTest(poly.reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), False) >= 0

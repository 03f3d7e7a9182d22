"""Arms: what lies over a pile, told apart from the table, from cards and from the print of
covered cards."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.vision.reader.tuning import TUNING as T


def _skin_fraction(crop: np.ndarray, illum: np.ndarray | None, poly: np.ndarray) -> float:
    """Share of the zone that looks like skin (warm, mid-bright, low-to-mid chroma) and is
    unlike the table (a red or wooden table has skin's colours too)."""
    if illum is None:
        illum = np.array([255.0, 255.0, 255.0], np.float32)
    n = np.clip(crop.astype(np.float32) / np.asarray(illum, np.float32), 0, 1).astype(np.float32)
    lab = cv2.cvtColor(n, cv2.COLOR_BGR2Lab)
    a, b, L = lab[..., 1], lab[..., 2], lab[..., 0]
    skin = (a > 6) & (a < 40) & (b > 8) & (b < 50) & (L > 20) & (L < 92) & (b > 0.5 * a)
    unlike, _ = _unlike_table(crop)
    unlike = _from_outside(unlike)
    unlike = cv2.resize(unlike, (crop.shape[1], crop.shape[0]), interpolation=cv2.INTER_NEAREST)
    mask = np.zeros(skin.shape, np.uint8)
    cv2.fillPoly(mask, [poly.astype(np.int32)], 1)
    return float((skin & (unlike > 0) & (mask > 0)).sum() / max(1, mask.sum()))


def _unlike_table(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mask at a quarter of the size of pixels whose colour is unlike the table, that
    distance)."""
    dist, bar = _table_distance(crop)
    return (dist > bar).astype(np.uint8), dist


def _table_distance(crop: np.ndarray) -> tuple[np.ndarray, float]:
    """(each pixel's colour distance from the table, at a quarter of the size; the distance
    beyond which a colour is unlike the table). The table is the most common colour of the
    read area (an arm or hand covers less than half of it); a table is one colour under
    light that changes its brightness slowly, so lightness counts for less. A sensor's noise
    (low light) spreads the table's own colour: unlike it is further than noise takes it."""
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small.astype(np.float32) * np.float32(1 / 255), cv2.COLOR_BGR2Lab)
    L, a, b = cv2.split(lab)
    med = [float(np.median(c)) for c in (L, a, b)]
    dist = cv2.magnitude(cv2.magnitude(a - med[1], b - med[2]), (L - med[0]) * 0.5)
    return dist, max(T.foreign_dist, T.foreign_over_noise * _noise(lab))


_SECOND_DIFF = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)


def _noise(lab: np.ndarray) -> float:
    """The noise of a small float image (its channels' mean standard deviation): the median
    response to a second difference (6: the root of the kernel's squared weights; 0.6745:
    the median of |N(0, 1)|)."""
    resp = cv2.filter2D(lab, -1, _SECOND_DIFF)[1:-1, 1:-1]
    return float(np.median(np.abs(resp))) / (0.6745 * 6.0)


_ARM_OPEN = np.ones((3, 3), np.uint8)  # at a quarter scale: thinner than a fifth of a card


def _from_outside(unlike: np.ndarray) -> np.ndarray:
    """Of a quarter-scale mask of what is unlike the table, the parts that can be an arm: as
    thick as a wrist at least (grain, seams and the print of covered cards are thin or small)
    and reaching the edge of the read area (an arm comes from outside it; the fruit of a
    covered card around the top card does not)."""
    # Closed first: a dark arm on a dark table is unlike it only in patches.
    thick = cv2.morphologyEx(
        cv2.morphologyEx(unlike, cv2.MORPH_CLOSE, _ARM_OPEN), cv2.MORPH_OPEN, _ARM_OPEN
    )
    n, labels, stats, _ = cv2.connectedComponentsWithStats(thick, connectivity=8)
    if n <= 1:
        return thick
    h, w = thick.shape
    x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    bw, bh = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    edge = (x == 0) | (y == 0) | (x + bw >= w) | (y + bh >= h)
    edge[0] = False
    return edge[labels].astype(np.uint8)


def _foreign_fraction(
    crop: np.ndarray, poly: np.ndarray, white: np.ndarray | None = None, *, arms: bool = True
) -> float:
    """Share of the zone covered by what may be an arm: unlike the table around it, thick,
    and come from outside the read area (with ``arms=False``: anything unlike the table).
    Skin tones alone cannot tell an arm from a wooden table; being unlike *this* table can."""
    dist, bar = _table_distance(crop)
    mask = np.zeros(dist.shape, np.uint8)
    cv2.fillPoly(mask, [np.rint(poly / 4).astype(np.int32)], 1)
    if white is not None:
        # Cards and what is printed on them are not foreign: only what lies away from white.
        near = cv2.dilate(white, np.ones((9, 9), np.uint8))
        near = cv2.resize(near, (dist.shape[1], dist.shape[0]), interpolation=cv2.INTER_AREA)
        dist[near > 0] = 0
    inside = cv2.countNonZero(mask)
    if inside == 0:
        return 0.0
    unlike = (dist > bar).astype(np.uint8)
    if arms:
        unlike = _from_outside(unlike)
    return cv2.countNonZero(unlike & mask) / inside

"""Finding a top card by its edges, when its white runs into the cards under it.

The white of a top card often merges with the white of the cards it lies on: only a thin
contact shadow tells them apart. What is true of the top card and of no other card in the pile
is that all four of its sides are seen whole, each as a fall of brightness from the card's white
to the darker thing beyond it (the table, or the shadow it casts on the card below). A covered
card's side stops where the top card lies across it.

So: straight pieces of edge in the zone are taken as one side of a card of the size expected
there; the card is slid along each such side and scaled a little, and every placement is
scored by how much of each of its four sides shows that fall. The placements with every side
supported are returned, best first, for the reader to read strictly.
"""

from __future__ import annotations

import cv2
import numpy as np

_FRACTIONS = np.linspace(0.1, 0.9, 14, dtype=np.float32)  # where each side is sampled
_SHIFTS = np.array([-2.0, -1.0, 0.0, 1.0, 2.0], np.float32)  # a side may be off by this much
_STEP = 1.5  # slide step along a side, pixels
_MIN_SUPPORT = 0.8  # share of each side that must show the fall from white


def _segments(edges: np.ndarray, min_len: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Straight pieces of the edge map at least ``min_len`` long, longest first."""
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    segs: list[tuple[float, np.ndarray, np.ndarray]] = []
    for cnt in contours:
        if len(cnt) < min_len:
            continue
        poly = cv2.approxPolyDP(cnt, 1.5, False).reshape(-1, 2).astype(np.float32)
        for a, b in zip(poly[:-1], poly[1:], strict=True):
            n = float(np.linalg.norm(b - a))
            if n >= min_len:
                segs.append((n, a, b))
    segs.sort(key=lambda s: -s[0])
    # A closed contour is traced both ways: keep one of two pieces that lie on each other.
    out: list[tuple[np.ndarray, np.ndarray]] = []
    for _, a, b in segs:
        mid = (a + b) / 2
        if any(
            float(np.linalg.norm((p + q) / 2 - mid)) < 3
            and abs(float(np.dot(_unit(b - a), _unit(q - p)))) > 0.98
            for p, q in out
        ):
            continue
        out.append((a, b))
        if len(out) == 40:
            break
    return out


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def _placements(
    segs: list[tuple[np.ndarray, np.ndarray]], dims: tuple[float, float], tol: float
) -> np.ndarray:
    """Card quads (N x 4 x 2) with one side on each segment."""
    quads = []
    scales = np.linspace(1 - tol, 1 + tol, 5)
    for a, b in segs:
        d = _unit(b - a)
        normal = np.array([-d[1], d[0]], np.float32)
        seg_len = float(np.linalg.norm(b - a))
        # The card may lie on either side: a silver card is darker than a white one under it.
        for n in (normal, -normal):
            for along, across in ((dims[0], dims[1]), (dims[1], dims[0])):
                for s in scales:
                    la, lc = along * s, across * s
                    if seg_len > la * 1.05:
                        continue  # longer than this side of the card: not this side
                    for t0 in np.arange(seg_len - la, _STEP / 2, _STEP):
                        p0 = a + d * t0
                        quads.append([p0, p0 + d * la, p0 + d * la + n * lc, p0 + n * lc])
    if not quads:
        return np.zeros((0, 4, 2), np.float32)
    return np.asarray(quads, np.float32)


def _support(gray: np.ndarray, quads: np.ndarray, contrast: float) -> tuple[np.ndarray, np.ndarray]:
    """Per quad and side: the share of the side where brightness falls by ``contrast`` from
    inside to outside (N x 4), and the mean fall (N x 4)."""
    h, w = gray.shape
    a = quads
    b = np.roll(quads, -1, axis=1)
    centre = quads.mean(1, keepdims=True)
    d = b - a
    d /= np.maximum(np.linalg.norm(d, axis=-1, keepdims=True), 1e-6)
    n = np.stack([-d[..., 1], d[..., 0]], -1)
    # Inward normals: towards the centre.
    flip = np.sum(n * (centre - (a + b) / 2), -1, keepdims=True) < 0
    n = np.where(flip, -n, n)
    pts = a[:, :, None, :] + (b - a)[:, :, None, :] * _FRACTIONS[None, None, :, None]
    nn = n[:, :, None, None, :]
    base = pts[:, :, :, None, :] + nn * _SHIFTS[None, None, None, :, None]
    inner = base + nn * 2.0
    outer = base - nn * 2.0

    def sample(p: np.ndarray) -> np.ndarray:
        x = np.clip(np.rint(p[..., 0]).astype(np.int32), 0, w - 1)
        y = np.clip(np.rint(p[..., 1]).astype(np.int32), 0, h - 1)
        return gray[y, x]

    # A change either way: the table is darker than a card, a white card under a silver
    # one is brighter.
    fall = np.abs(sample(inner) - sample(outer)).max(-1)  # N x 4 x F
    out_of_view = (
        (pts[..., 0] < 0) | (pts[..., 0] >= w) | (pts[..., 1] < 0) | (pts[..., 1] >= h)
    )
    fall[out_of_view] = 0
    return (fall >= contrast).mean(-1), fall.mean(-1)


def card_outlines(
    crop: np.ndarray,
    dims: tuple[float, float],
    tol: float = 0.1,
    *,
    limit: int = 6,
) -> list[np.ndarray]:
    """Quads (crop pixels, 4 x 2) of card-sized rectangles in ``crop`` whose four sides all
    show a change of brightness to what is around it, best first."""
    gray = cv2.GaussianBlur(crop.max(2), (3, 3), 0.8)
    edges = cv2.Canny(gray, 12, 36)
    segs = _segments(edges, 0.35 * dims[0])
    if not segs:
        return []
    g = gray.astype(np.float32)
    quads = _placements(segs, dims, tol)
    if len(quads) == 0:
        return []
    # The fall that counts as an edge: a share of how bright the cards here are.
    contrast = max(6.0, 0.06 * float(np.percentile(g, 95)))
    share, fall = _support(g, quads, contrast)
    worst = share.min(1)
    keep = np.flatnonzero(worst >= _MIN_SUPPORT)
    if len(keep) == 0:
        return []
    order = keep[np.lexsort((-fall[keep].mean(1), -worst[keep]))]
    out: list[np.ndarray] = []
    for i in order:
        q = quads[i]
        if any(float(np.abs(q.mean(0) - o.mean(0)).max()) < 4 for o in out):
            continue  # the same card, placed a pixel or two apart
        out.append(q)
        if len(out) == limit:
            break
    return out

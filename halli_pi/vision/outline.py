"""Finding a top card by its edges, when its white runs into the cards under it.

The white of a top card often merges with the white of the cards it lies on (or, for a silver
face, is darker than theirs): only a thin contact shadow or a change of brightness tells them
apart. What is true of the top card and of no other card in the pile is that all four of its
sides are seen whole, each as a straight edge; a covered card's side stops where the top card
lies across it.

So (chamfer matching): straight pieces of edge in the crop are taken as one side of a card of
the size expected there; the card is slid along each piece, on either side of it, and each
side scaled a little. Every placement is scored by how far its sides lie from edges that run
their way (a distance map per edge direction: the curved outline of a fruit runs every way
and holds no side up); the best are tuned side by side onto the edges, and kept when every
side lies on such edges nearly all along. The reader then reads them strictly.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from halli_pi.vision.steps import Steps, run

_FRACTIONS = np.linspace(0.1, 0.9, 12, dtype=np.float32)  # where each side is sampled
_COARSE = np.linspace(0.1, 0.9, 8, dtype=np.float32)  # the same, for the first sort
SIDE_SUPPORT = 0.8  # share of each side that must show the fall from white


def brightest(crop: np.ndarray) -> np.ndarray:
    """Each pixel's brightest channel (``crop.max(2)``, the same values several times
    quicker)."""
    return _fold_channels(crop, cv2.max)


def darkest_channel(crop: np.ndarray) -> np.ndarray:
    """Each pixel's darkest channel (``crop.min(2)``, the same values several times
    quicker)."""
    return _fold_channels(crop, cv2.min)


def _fold_channels(crop: np.ndarray, pick) -> np.ndarray:
    """The channels of ``crop`` folded pixel by pixel with ``pick`` (OpenCV's per-element
    max or min, quicker than numpy's reduction over the last axis)."""
    channels = cv2.split(crop)
    out = channels[0]
    for c in channels[1:]:
        out = pick(out, c)
    return out


def _segments(edges: np.ndarray, min_len: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Straight pieces of the edge map at least ``min_len`` long, longest first."""
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    polys = [
        cv2.approxPolyDP(cnt, 1.5, False).reshape(-1, 2) for cnt in contours if len(cnt) >= min_len
    ]
    if not polys:
        return []
    # Every polygon's pieces at once, in the order a loop over the polygons and their pieces
    # takes them (but the pairs of one polygon's last point and the next one's first). Each
    # piece's length: whole pixel coordinates make the sum of squares exact in float32, so it
    # is ``np.linalg.norm(b - a)`` to the last bit.
    pts = np.concatenate(polys).astype(np.float32)
    d = pts[1:] - pts[:-1]
    lengths = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]).astype(np.float64)
    within = np.ones(len(d), bool)
    within[np.cumsum([len(p) for p in polys[:-1]], dtype=np.int64) - 1] = False
    (found,) = np.nonzero(within & (lengths >= min_len))
    found = found[np.argsort(-lengths[found], kind="stable")]  # longest first, as list.sort
    # A closed contour is traced both ways: keep one of two pieces that lie on each other.
    # Each piece's midpoint and direction, from its float32 ends as a piece at a time makes
    # them (their sum and difference in float32, then halved or divided in float64).
    a, b = pts[found], pts[found + 1]
    mid = (a + b).astype(np.float64) / 2
    run = (b - a).astype(np.float64) / lengths[found][:, None]
    out: list[tuple[np.ndarray, np.ndarray]] = []
    kept: set[int] = set()  # the places in ``found`` of the pieces kept
    for start in range(0, len(found), _ON_EACH_OTHER_BLOCK):
        stop = min(len(found), start + _ON_EACH_OTHER_BLOCK)
        for k, earlier in _on_each_other(mid, run, start, stop):
            if not kept.isdisjoint(earlier):
                continue
            kept.add(k)
            i = int(found[k])
            out.append((pts[i], pts[i + 1]))
            if len(out) == 40:
                return out
    return out


_ON_EACH_OTHER_BLOCK = 64  # pieces judged together against all the pieces before them


def _on_each_other(
    mid: np.ndarray, run: np.ndarray, start: int, stop: int
) -> list[tuple[int, list[int]]]:
    """For each piece k from ``start`` to ``stop``, the pieces before it that lie on it:
    midpoints (``mid``) under 3 pixels apart in x and in y, directions (``run``, unit) within
    0.98 of parallel either way. The same float64 operations a pair at a time makes, made
    for a block of pieces against all those before them at once."""
    m, r = mid[start:stop, None, :], run[start:stop, None, :]
    near = (
        (np.abs(m[..., 0] - mid[None, :stop, 0]) < 3)
        & (np.abs(m[..., 1] - mid[None, :stop, 1]) < 3)
        & (np.abs(r[..., 0] * run[None, :stop, 0] + r[..., 1] * run[None, :stop, 1]) > 0.98)
    )
    near &= np.arange(stop)[None, :] < np.arange(start, stop)[:, None]  # only those before
    earlier: list[list[int]] = [[] for _ in range(stop - start)]
    for k, j in zip(*np.nonzero(near), strict=True):
        earlier[k].append(int(j))
    return list(enumerate(earlier, start))


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


@lru_cache(maxsize=8, typed=True)
def _scales(tol: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The scales of the two sides and the slides ``_placements`` makes for ``tol`` (the same
    for every search with that ``tol``: worked out once, read-only)."""
    # Each side is scaled by itself: a tilted camera changes a card's apparent proportions.
    grid = np.linspace(1 - tol, 1 + tol, 3, dtype=np.float32)
    scale_a, scale_c = (g.ravel() for g in np.meshgrid(grid, grid))
    frac = np.linspace(0.0, 1.0, 10, dtype=np.float32)[None, :]
    for a in (scale_a, scale_c, frac):
        a.flags.writeable = False
    return scale_a, scale_c, frac


def _directions(segs: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Each segment's direction (S x 2) and length (S), as ``_unit`` and ``np.linalg.norm``
    give them one by one. Straight pieces of an edge map run between whole pixels: there the
    sum of the two squares is exact in float32 however it is added, so its root, worked out
    for all at once, is the norm's to the last bit; other segments (or ends in other than
    float32, whose arithmetic differs) are taken one by one."""
    v = np.array([b - p for p, b in segs])  # S x 2
    if v.dtype == np.float32 and np.array_equal(v, np.rint(v)) and float(np.abs(v).max()) <= 2048:
        length = np.sqrt(v[:, 0] * v[:, 0] + v[:, 1] * v[:, 1])
        return v / np.maximum(length, 1e-6)[:, None], length
    d = np.array([_unit(b - p).astype(np.float32) for p, b in segs], np.float32)
    return d, np.array([float(np.linalg.norm(b - p)) for p, b in segs], np.float32)


def _placements(
    segs: list[tuple[np.ndarray, np.ndarray]], dims: tuple[float, float], tol: float
) -> np.ndarray:
    """Card quads (N x 4 x 2) with one side on each segment, on either side of it (a silver
    card is darker than a white one under it), slid along it and scaled within ``tol``."""
    if not segs:
        return np.zeros((0, 4, 2), np.float32)
    scale_a, scale_c, frac = _scales(tol)
    # All segments at once, in the order a loop over segments, then the two orientations,
    # the two sides of the segment and the scales and slides would make them (the same
    # arithmetic, element by element, as that loop).
    a = np.array([s[0] for s in segs], np.float32)[:, None, None, :]  # S x 1 x 1 x 2
    d, seg_len = _directions(segs)
    sl = seg_len[:, None, None]
    normal = np.stack([-d[:, 1], d[:, 0]], 1)[:, None, None, :]
    d = d[:, None, None, :]
    # Every corner is written once into its place (no stacking of copies): the same values,
    # each cast to float32 as it is stored.
    quads = np.empty((len(segs), 2, 2, 9, 10, 4, 2), np.float32)
    ok = np.empty((len(segs), 2, 9, 10), bool)
    for o, (along, across) in enumerate(((dims[0], dims[1]), (dims[1], dims[0]))):
        la = (along * scale_a)[:, None]  # 9 x 1
        lc = (across * scale_c)[:, None]
        # Slides that keep the segment within the side: t0 in [seg_len - la, 0].
        t0 = (sl - la) * (1 - frac)  # S x 9 x 10
        ok[:, o] = sl <= la * 1.05
        p0 = a + d * t0[..., None]
        p1 = p0 + d * np.broadcast_to(la, t0.shape)[..., None]
        lcb = np.broadcast_to(lc, t0.shape)[..., None]
        for k, n in enumerate((normal, -normal)):
            off = n * lcb
            q = quads[:, o, k]  # S x 9 x 10 x 4 x 2
            q[..., 0, :] = p0
            q[..., 1, :] = p1
            q[..., 2, :] = p1 + off
            q[..., 3, :] = p0 + off
    if ok.all():
        return quads.reshape(-1, 4, 2)  # what the selection below would copy, every one
    keep = np.broadcast_to(ok[:, :, None], quads.shape[:5])
    return quads[keep]


# Each quad's corners taken one on (``_NEXT``: corner i + 1 in place of corner i) or one back
# (``_PREV``): the arrays ``np.roll`` makes along the corners, several times quicker to take.
_NEXT = np.array([1, 2, 3, 0])
_PREV = np.array([3, 0, 1, 2])


def _side_points(quads: np.ndarray, fractions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x and y of points along each side of each quad: N x 4 x F each (kept apart: the
    arithmetic on separate contiguous arrays is several times quicker)."""
    ax, ay = quads[..., 0], quads[..., 1]
    bx, by = ax.take(_NEXT, 1), ay.take(_NEXT, 1)
    f = fractions[None, None, :]
    return ax[..., None] + (bx - ax)[..., None] * f, ay[..., None] + (by - ay)[..., None] * f


_BINS = 8  # edge directions, in steps of 22.5 degrees


def _direction_codes(
    gray: np.ndarray, edges: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel of the crop, one bit per direction bin an edge pixel counts for (uint8), and
    the edge pixels' rows and columns."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    # Directions are only needed where the edges are (a few percent of the crop).
    ys, xs = np.nonzero(edges)
    # The gradient's direction (across the edge), folded to 0..180 degrees.
    angle = (np.degrees(np.arctan2(gy[ys, xs], gx[ys, xs])) + 180.0) % 180.0
    bins = (np.rint(angle / (180.0 / _BINS)).astype(np.int32)) % _BINS
    # One bit per bin an edge pixel counts for: its own and the two next to it.
    code = np.zeros(gray.shape, np.uint8)
    code[ys, xs] = (1 << bins) | (1 << ((bins + 1) % _BINS)) | (1 << ((bins - 1) % _BINS))
    return code, ys, xs


def _oriented_distances(gray: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Per direction bin (B x H+2 x W+2): the distance to the nearest edge pixel running that
    way, give or take one bin (34 degrees), in fiftieths of a pixel up to ``_FAR`` (uint8,
    which is quick to look up), with a border of ``_FAR`` all round for points out of view.
    A card's side must lie along edges that run along it: the curved outline of a symbol,
    which runs every way, does not hold a side up."""
    code, ys, xs = _direction_codes(gray, edges)
    h, w = gray.shape
    out = np.full((_BINS, h + 2, w + 2), int(_FAR * _UNIT), np.uint8)
    codes = code[ys, xs]
    for b in range(_BINS):
        # Each bin's map is worked out only over its edge pixels' bounding box and ``_REACH``
        # around it: farther out every point is at ``_FAR`` or more (what ``out`` holds
        # already), and inside it the distances are those of the whole crop, since the
        # shortest path of the 3 x 3 mask between two points never leaves their bounding box.
        on = (codes & (1 << b)) > 0
        if not on.any():
            continue  # no edge runs this way: every point is far
        by, bx = ys[on], xs[on]
        y0, y1 = max(int(by.min()) - _REACH, 0), min(int(by.max()) + _REACH + 1, h)
        x0, x1 = max(int(bx.min()) - _REACH, 0), min(int(bx.max()) + _REACH + 1, w)
        # cv2 takes a scalar operand; its stubs want an array.
        bit = cv2.bitwise_and(code[y0:y1, x0:x1], 1 << b)  # type: ignore[call-overload]
        free = cv2.compare(bit, 0, cv2.CMP_EQ)  # type: ignore[call-overload]
        dist = cv2.distanceTransform(free, cv2.DIST_L2, 3)
        np.minimum(dist, _FAR, out=dist)
        dist *= _UNIT
        out[b, 1 + y0 : 1 + y1, 1 + x0 : 1 + x1] = dist
    return out


_UNIT = 50.0  # steps of the stored distances per pixel


def _side_bins(quads: np.ndarray) -> np.ndarray:
    """The direction bin of each side's normal (N x 4), as ``_oriented_distances`` folds them."""
    ax, ay = quads[..., 0], quads[..., 1]
    return _bins_of(ax.take(_NEXT, 1) - ax, ay.take(_NEXT, 1) - ay)


def _bins_of(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """``_side_bins`` of sides that run ``dx``, ``dy`` (each quad's corner i + 1 less its corner
    i, worked out once by a caller that needs them too)."""
    normal = np.degrees(np.arctan2(dx, -dy))
    normal += 180.0
    # Folded to 0..180 degrees as ``normal % 180.0`` folds it, many times quicker: from 0 to
    # 360 that takes 180 off the angles from 180 on, which is exact (the difference of two
    # numbers within a factor of two of each other); 360 itself, or a hair over it, folds
    # to a hair over 0 there and to a hair over 180 here, and both come to bin 0.
    np.subtract(normal, 180.0, out=normal, where=normal >= 180.0)
    # The bins are whole and from 0 to ``_BINS``: ``& (_BINS - 1)`` is their ``% _BINS``.
    return np.rint(normal / (180.0 / _BINS)).astype(np.int32) & (_BINS - 1)


def _distances(dist: np.ndarray, px: np.ndarray, py: np.ndarray, bins: np.ndarray) -> np.ndarray:
    """Distance from each point (x and y arrays, N x 4 x ...) to the nearest edge along its
    side's direction (``bins``, N x 4); capped, and out of view counts as far."""
    _, h, w = dist.shape
    # Points out of view fall on the border, which is far from any edge. The index into the
    # maps is worked out in float32, exact for any index below 2**24 (crops are far smaller),
    # with one conversion at the end: fewer passes over the points than integer arithmetic.
    x = np.rint(px)
    np.clip(x, -1, w - 2, out=x)
    flat = np.rint(py)
    np.clip(flat, -1, h - 2, out=flat)
    flat *= np.float32(w)
    flat += x
    start = (bins * (h * w) + (w + 1)).astype(np.float32)  # each bin's map, past its border
    flat += start.reshape(start.shape + (1,) * (flat.ndim - start.ndim))
    return np.take(dist.reshape(-1), flat.astype(np.int32))  # in 1/_UNIT of a pixel


_FAR = 5.0  # a point this far from any edge is simply off it
_ON_EDGE = 1.5  # a point this near an edge lies on it
# How far around a bin's edge pixels its distance map is worked out: a step of OpenCV's 3 x 3
# mask is at least 0.955 of a pixel, so a point this many pixels from every edge pixel (along
# x or y) is more than ``_FAR`` from all of them, and its capped distance is ``_FAR``.
_REACH = int(np.ceil(_FAR / 0.955)) + 1


def _cost(
    dist: np.ndarray, quads: np.ndarray, fractions: np.ndarray = _FRACTIONS
) -> tuple[np.ndarray, np.ndarray]:
    """Per quad: how far its sides lie from edges (the worst side's mean distance, plus a
    little of the others'), and the share of its worst side that lies on an edge."""
    d = _distances(dist, *_side_points(quads, fractions), _side_bins(quads))  # N x 4 x F
    on = (d <= _ON_EDGE * _UNIT).mean(-1).min(-1)
    return _cost_of(d), on


def _cost_of(d: np.ndarray) -> np.ndarray:
    return _sides_cost(d.sum(-1, dtype=np.float32) * np.float32(1 / (_UNIT * d.shape[-1])))


def _sides_cost(side: np.ndarray) -> np.ndarray:
    """Per quad, from each side's mean distance from edges (N x 4): the worst side's, plus a
    little of the others'."""
    return _of_four_max(side) + 0.25 * _of_four_mean(side)


def _of_four_max(a: np.ndarray) -> np.ndarray:
    """``a.max(1)`` of an array of four on its second axis (a quad's corners or sides),
    several times quicker than numpy's reduction over so short an axis."""
    return np.maximum(np.maximum(a[:, 0], a[:, 1]), np.maximum(a[:, 2], a[:, 3]))


def _of_four_mean(a: np.ndarray) -> np.ndarray:
    """``a.mean(1)`` of a float32 array of four on its second axis (a quad's corners or
    sides): the same numbers, the four added in the order numpy adds them, several times
    quicker than its reduction over so short an axis."""
    out = a[:, 0] + a[:, 1]
    out += a[:, 2]
    out += a[:, 3]
    out /= 4
    return out


def _looked_up(
    flat_dist: np.ndarray, shape: tuple[int, int], px: np.ndarray, py: np.ndarray, start
) -> np.ndarray:
    """``_distances`` of points ``px``, ``py`` (taken over, as scratch) on the maps flattened
    (``flat_dist``, each map ``shape`` with its border), ``start`` the index of each point's
    map past its border: the same arithmetic, for the loops that sum a point at a time."""
    h, w = shape
    np.rint(px, out=px)
    np.clip(px, -1, w - 2, out=px)
    np.rint(py, out=py)
    np.clip(py, -1, h - 2, out=py)
    py *= np.float32(w)
    py += px
    py += start
    return np.take(flat_dist, py.astype(np.int32))


def _coarse_cost(dist: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """``_cost`` alone, at the first sort's fewer points along each side. The same numbers as
    ``_cost_of(_distances(dist, *_side_points(quads, _COARSE), _side_bins(quads)))``, laid
    out points x sides (the sides of all quads in a row), so the sum over the points runs
    over whole contiguous rows (a sum over a short last axis is slow): each point is the same
    float32 arithmetic, and the distances are whole numbers, which any order of adding sums
    exactly."""
    _, h, w = dist.shape
    ax, ay = quads[..., 0], quads[..., 1]
    dx = ax.take(_NEXT, 1) - ax
    dy = ay.take(_NEXT, 1) - ay
    m = dx.size
    start = (_bins_of(dx, dy).reshape(m) * (h * w) + (w + 1)).astype(np.float32)
    frac = _COARSE[:, None]
    px = ax.reshape(m) + dx.reshape(m) * frac
    py = ay.reshape(m) + dy.reshape(m) * frac
    total = _looked_up(dist.reshape(-1), (h, w), px, py, start).sum(0, dtype=np.int32)
    side = total.reshape(dx.shape).astype(np.float32)
    return _sides_cost(side * np.float32(1 / (_UNIT * len(_COARSE))))


# Placements scored in one step at most: a search over more is spread over several steps
# (``card_outline_steps``). The largest searches (about 9,000 placements) still fit in one:
# smaller parts made more steps, and a card turned beside a moving arm waited for them.
_STEP_QUADS = 10000


_TUNE_SHIFTS = np.arange(-4.0, 4.5, 1.0, dtype=np.float32)


def _tune(dist: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """Move each side of each quad along its normal, by up to 4 pixels, to where it lies
    nearest to edges: placements are a few pixels apart, and cards are not exactly the size
    expected. (K x 4 x 2 in, K x 4 x 2 out.)"""
    a = quads
    ax, ay = quads[..., 0], quads[..., 1]
    dx, dy = ax.take(_NEXT, 1) - ax, ay.take(_NEXT, 1) - ay  # K x 4, each side's run
    # Each side's direction, over its length as ``np.linalg.norm`` gives it (the root of the
    # sum of the two squares).
    length = np.maximum(np.sqrt(dx * dx + dy * dy), 1e-6)
    ux, uy = dx / length, dy / length
    d = np.stack([ux, uy], -1)
    n = np.stack([-uy, ux], -1)
    # Each side's points moved by each shift, all at once, laid out shifts x points x sides
    # (the sides of all quads in a row): each sum then runs over whole contiguous rows, many
    # times quicker than over a short last axis. The same float32 arithmetic, point by point,
    # as ``_side_points`` and the shifts along the normal; the whole-number distances sum
    # exactly in any order.
    m = dx.size
    frac = _FRACTIONS[:, None]
    shifts = _TUNE_SHIFTS[:, None]
    px = (ax.reshape(m) + dx.reshape(m) * frac)[None] + ((-uy).reshape(m) * shifts)[:, None]
    py = (ay.reshape(m) + dy.reshape(m) * frac)[None] + (ux.reshape(m) * shifts)[:, None]
    _, h, w = dist.shape
    start = (_side_bins(quads).reshape(m) * (h * w) + (w + 1)).astype(np.float32)
    cost = _looked_up(dist.reshape(-1), (h, w), px, py, start).sum(1, dtype=np.int32)
    cost = cost.astype(np.float32)  # shifts x sides
    # Among the best shifts, the middle one (a blurred edge is a few pixels wide).
    top = cost <= cost.min(0)
    shift = ((top * shifts).sum(0) / top.sum(0)).reshape(dx.shape)
    p = a + n * shift[..., None]  # a point on each moved side; its direction is d
    # Corner i is where side i-1 meets side i.
    p0, u = p.take(_PREV, 1), d.take(_PREV, 1)
    det = u[..., 0] * d[..., 1] - u[..., 1] * d[..., 0]
    safe = np.abs(det) > 1e-6
    t = ((p[..., 0] - p0[..., 0]) * d[..., 1] - (p[..., 1] - p0[..., 1]) * d[..., 0]) / np.where(
        safe, det, 1.0
    )
    corners = p0 + u * t[..., None]
    return np.where(safe.all(1)[:, None, None], corners, quads).astype(np.float32)


def _centres_in(quads: np.ndarray, polygon: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Which quads have their centre in ``polygon`` (looked up in a mask of it)."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.rint(polygon).astype(np.int32).reshape(-1, 1, 2)], 1)
    c = _of_four_mean(quads)
    x, y = np.rint(c[:, 0]).astype(np.int32), np.rint(c[:, 1]).astype(np.int32)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    keep = np.zeros(len(quads), bool)
    keep[inside] = mask[y[inside], x[inside]] > 0
    return keep


def _card_sized(quads: np.ndarray, dims: tuple[float, float], tol: float) -> np.ndarray:
    """Which quads have opposite sides alike and sides of ``dims`` within ``tol``."""
    e = np.linalg.norm(quads.take(_NEXT, 1) - quads, axis=-1)  # N x 4
    s1, s2 = (e[:, 0] + e[:, 2]) / 2, (e[:, 1] + e[:, 3]) / 2
    short, long_ = np.minimum(s1, s2), np.maximum(s1, s2)
    alike = (np.abs(e[:, 0] / np.maximum(e[:, 2], 1e-6) - 1) < 0.15) & (
        np.abs(e[:, 1] / np.maximum(e[:, 3], 1e-6) - 1) < 0.15
    )
    # Proportions hold better than size: a loose size must not make a square of a card.
    aspect = (short / np.maximum(long_, 1e-6)) / (dims[0] / dims[1])
    return (
        alike
        & (np.abs(short / dims[0] - 1) <= tol)
        & (np.abs(long_ / dims[1] - 1) <= tol)
        & (np.abs(aspect - 1) <= 0.15)
    )


# Where a reflection washes a card's side out, its edge is lost over part of the side: there a
# side may lie on no edge, yet each side must still lie on edges over this share of its length
# at least (what a reflection leaves of the side), so three whole sides and a good part of the
# fourth hold the card up, never the washed-out light alone.
_WASHED_LEAST = 0.5


def _excused(dist: np.ndarray, washed: np.ndarray) -> np.ndarray:
    """The distance maps with every washed pixel as near an edge as a point on one may be
    (``_ON_EDGE``): a side across a reflection is neither held up nor let down there."""
    out = dist.copy()
    inner = out[:, 1:-1, 1:-1]
    np.minimum(inner, np.uint8(_ON_EDGE * _UNIT), out=inner, where=washed[None] > 0)
    return out


def _washed_sides(dist: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """Which quads have every side on edges (``dist``: the maps without excuses) over
    ``_WASHED_LEAST`` of its length at least."""
    d = _distances(dist, *_side_points(quads, _FRACTIONS), _side_bins(quads))
    return (d <= _ON_EDGE * _UNIT).mean(-1).min(-1) >= _WASHED_LEAST


# Above this many placements, scoring them costs about as much as the distance maps: a search
# that has to work both out pauses between the two (``card_outline_steps``).
_PAUSE_QUADS = 1500


# Crops mapped last (``EdgeMaps.of``), by their pixels: the first maps made of each. A read's
# looks at one zone cut its crop again within a few maps. The store is the module's, so a lock
# keeps it whole should two threads ever read cards at once.
_MAPPED_KEPT = 16
_mapped: OrderedDict[tuple, EdgeMaps] = OrderedDict()
_mapped_lock = threading.Lock()


@dataclass
class EdgeMaps:
    """A crop's edges and their distance maps, worked out once for several searches."""

    gray: np.ndarray
    edges: np.ndarray
    _dist: np.ndarray | None = None
    # The placements of each search made on these edges (``_placed``), by its arguments: a
    # search made again with a reflection's excuse places the same cards.
    _placed: dict[tuple, np.ndarray] = field(default_factory=dict)
    # The first maps made of the same pixels (``of``), whose distance maps these share.
    _first: EdgeMaps | None = field(default=None, repr=False)

    @classmethod
    def of(cls, crop: np.ndarray, fold: Callable[[np.ndarray], np.ndarray] = brightest) -> EdgeMaps:
        """The edges of each pixel's brightest channel, or of what ``fold`` takes of its
        channels (``darkest_channel``: where the brightest clips a card's white). Several looks
        of one read cut the same crop again and map it again (about one map in six): the
        edges and distance maps of the last ``_MAPPED_KEPT`` crops mapped are kept by their
        pixels, and maps made again of the same pixels share them (each maps its own
        placements; nothing writes into the shared arrays)."""
        key = (fold, crop.shape, crop.dtype.str, crop.tobytes())
        with _mapped_lock:
            first = _mapped.get(key)
            if first is not None:
                _mapped.move_to_end(key)
        if first is None:
            gray = cv2.GaussianBlur(fold(crop), (3, 3), 0.8)
            first = cls(gray, cv2.Canny(gray, 12, 36))
            with _mapped_lock:
                _mapped[key] = first
                if len(_mapped) > _MAPPED_KEPT:
                    _mapped.popitem(last=False)
        return cls(first.gray, first.edges, _first=first)

    @property
    def costly(self) -> bool:
        """The distance maps are still to be worked out (a step of their own; taken as one
        for maps of pixels mapped before too, so a search makes the same steps)."""
        return self._dist is None

    @property
    def dist(self) -> np.ndarray:
        if self._dist is None:
            if self._first is not None:
                self._dist = self._first.dist
            else:
                self._dist = _oriented_distances(self.gray, self.edges)
        return self._dist

    def placed(
        self,
        dims: tuple[float, float],
        tol: float,
        within: np.ndarray | None,
        sides_of: np.ndarray | None,
    ) -> np.ndarray:
        """``_placed`` on these edges, worked out once for each search's arguments."""
        key = (dims, tol, *(None if a is None else a.tobytes() for a in (within, sides_of)))
        if key not in self._placed:
            self._placed[key] = _placed(self.edges, dims, tol, within, sides_of)
        return self._placed[key]


def _placed(
    edges: np.ndarray,
    dims: tuple[float, float],
    tol: float,
    within: np.ndarray | None,
    sides_of: np.ndarray | None,
) -> np.ndarray:
    """The card quads ``placement_steps`` scores (its arguments): placed on the straight
    pieces of ``edges`` (or on the sides of ``sides_of``), their centres in ``within``."""
    if sides_of is None:
        segs = _segments(edges, 0.35 * dims[0])
    else:
        q = np.asarray(sides_of, np.float32).reshape(4, 2)
        segs = [(q[i], q[(i + 1) % 4]) for i in range(4)]
    quads = _placements(segs, dims, tol)
    if within is not None and len(quads):
        quads = quads[_centres_in(quads, within, edges.shape)]
    return quads


@dataclass
class Placements:
    """Card-sized placements in a crop, tuned onto its edges: their quads (K x 4 x 2), how far
    their sides lie from edges (``_cost``) and the share of each one's worst side that lies on
    an edge (0 for those that are no longer card-sized, or that lean on a reflection's excuse
    over too much of a side). Asked with one share of side on edges and then with a smaller
    one, they give what two searches would, found once."""

    quads: np.ndarray
    cost: np.ndarray
    on: np.ndarray

    @classmethod
    def none(cls) -> Placements:
        return cls(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32), np.zeros(0))

    def best(self, support: float = SIDE_SUPPORT, limit: int = 6) -> list[np.ndarray]:
        """The quads whose every side lies on edges over ``support`` of its length, best
        first, one of each few placed a pixel or two apart, ``limit`` at most."""
        centres = _of_four_mean(self.quads)
        out: list[np.ndarray] = []
        kept: list[np.ndarray] = []  # their centres
        for i in np.argsort(self.cost):
            if self.on[i] < support:
                continue
            c = centres[i]
            if any(float(np.abs(c - k).max()) < 3 for k in kept):
                continue  # the same card, placed a pixel or two apart
            out.append(self.quads[i])
            kept.append(c)
            if len(out) == limit:
                break
        return out


def placement_steps(
    crop: np.ndarray,
    dims: tuple[float, float],
    tol: float = 0.1,
    *,
    within: np.ndarray | None = None,
    sides_of: np.ndarray | None = None,
    maps: EdgeMaps | None = None,
    washed: np.ndarray | None = None,
) -> Steps[Placements]:
    """The placements ``card_outline_steps`` picks its quads from (its arguments), scored."""
    maps = maps or EdgeMaps.of(crop)
    quads = maps.placed(dims, tol, within, sides_of)
    if len(quads) == 0:
        return Placements.none()
    # Chamfer matching: every placement is scored by how far its sides lie from edges,
    # the best are tuned side by side, and kept when every side lies on edges all along.
    if maps.costly and len(quads) > _PAUSE_QUADS:
        dist = maps.dist
        yield
    dist = maps.dist
    seen = dist  # the edges themselves, without what a reflection excuses
    if washed is not None and washed.any():
        dist = _excused(dist, washed)
    # Scored in parts of at most _STEP_QUADS, a step each: the same scores as all at once.
    parts = []
    for start in range(0, len(quads), _STEP_QUADS):
        if start:
            yield
        parts.append(_coarse_cost(dist, quads[start : start + _STEP_QUADS]))
    cost = np.concatenate(parts)
    tq = _tune(dist, _tune(dist, quads[np.argsort(cost)[:80]]))
    cost, on = _cost(dist, tq)
    # Tuning moves sides: what it made must still be a card of about the size expected.
    on[~_card_sized(tq, dims, tol + 0.05)] = 0
    if dist is not seen:
        on[~_washed_sides(seen, tq)] = 0
    return Placements(tq, cost, on)


def card_outline_steps(
    crop: np.ndarray,
    dims: tuple[float, float],
    tol: float = 0.1,
    *,
    limit: int = 6,
    within: np.ndarray | None = None,
    sides_of: np.ndarray | None = None,
    maps: EdgeMaps | None = None,
    washed: np.ndarray | None = None,
) -> Steps[list[np.ndarray]]:
    """Quads (crop pixels, 4 x 2) of card-sized rectangles in ``crop`` whose four sides all
    lie on edges (a change of brightness) nearly all along (``SIDE_SUPPORT``), best first;
    with ``within`` (a polygon), only those whose centre lies in it (which saves most of the
    work); with ``sides_of`` (a quad), only those with a side on one of its sides (a card
    against it), which saves more.
    ``maps``: the crop's edges, when several searches look at one crop. ``washed`` (a 0/1
    mask of the crop, ``light.washed_by_glare``): where a reflection washes a side's edge
    out, a side may lie on no edge, over part of its length (``_washed_sides``). In steps:
    the distance maps are one and the placements' scores another, when there are many
    placements (a small search, along the sides of a known quad, is one step)."""
    found = yield from placement_steps(
        crop, dims, tol, within=within, sides_of=sides_of, maps=maps, washed=washed
    )
    return found.best(SIDE_SUPPORT, limit)


def card_outlines(
    crop: np.ndarray,
    dims: tuple[float, float],
    tol: float = 0.1,
    *,
    limit: int = 6,
    within: np.ndarray | None = None,
    sides_of: np.ndarray | None = None,
    maps: EdgeMaps | None = None,
    washed: np.ndarray | None = None,
) -> list[np.ndarray]:
    """``card_outline_steps`` run to its end at once."""
    return run(
        card_outline_steps(
            crop,
            dims,
            tol,
            limit=limit,
            within=within,
            sides_of=sides_of,
            maps=maps,
            washed=washed,
        )
    )

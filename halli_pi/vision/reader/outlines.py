"""Card outlines: the clean white quad, and the searches for a top card whose white runs into the
cards under it (fitted to a corner, moved onto full-length edges, found by its edges), and the
check for a second whole card beside the one read."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from halli_pi.vision.outline import (
    _WASHED_LEAST,
    SIDE_SUPPORT,
    EdgeMaps,
    Placements,
    _segments,
    _tune,
    brightest,
    card_outline_steps,
    darkest_channel,
    placement_steps,
)
from halli_pi.vision.reader.arms import _foreign_fraction, _skin_fraction
from halli_pi.vision.reader.card import CardRead, _classic_print, read_card_image
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import washed_by_glare
from halli_pi.vision.reader.profile import Profile
from halli_pi.vision.reader.reading import (
    CARD_ASPECT,
    Reading,
    State,
    _card_shaped,
    _dims_of,
    _inside,
    _order,
    _outward_normal,
    _percentile_u8,
    _warp,
    foreshortening,
    median_last,
)
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.steps import Steps, run

if TYPE_CHECKING:
    from halli_pi.vision.reader.zone import FirstLook


@dataclass
class _Cand:
    corners: np.ndarray
    area: float
    rectness: float
    # Squeezed past the usual tilt (``Tuning.card_squeeze``), let in by a second look's
    # ``least``: read strictly.
    steep: bool = False


def _candidates(
    white: np.ndarray,
    min_area: float,
    max_area: float,
    *,
    fit_corners: bool = False,
    least: float | None = None,
    fill_least: float = 0.8,
) -> list[_Cand]:
    """Card outlines in a mask of card white: each blob's turned box when it is card-shaped
    (its corners the white's own when its hull simplifies to four, or, with
    ``fit_corners``, where lines fitted along its sides meet: truer under blur and
    perspective), else its four corners when a tilted camera's squeeze makes a card of them
    (a squeeze down to ``least``, when given, else ``Tuning.card_squeeze``)."""
    out: list[_Cand] = []
    mask = white
    for erode in (0, 1, 2):
        if erode:
            # Eroding twice by 3x3 is eroding once more what was eroded once.
            mask = cv2.erode(mask, _ERODE_KERNEL)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if erode == 0 and not _room_for_area(contours, min_area * 0.6):
            break  # an eroded blob lies inside one of these: none can be big enough either
        for cnt in contours:
            area = cv2.contourArea(cnt)
            if area < min_area * 0.6:
                continue
            got = _box_candidate(cnt, area, erode, min_area, max_area, fit_corners, fill_least)
            if got is None and erode == 0:
                # A tilted camera shears and squeezes a card past what its box allows.
                got = _quad_candidate(cnt, area, min_area, max_area, least)
            if got is not None:
                out.append(got)
        if out:
            break
    return out


_ERODE_KERNEL = np.ones((3, 3), np.uint8)


def _room_for_area(contours: Sequence[np.ndarray], least: float) -> bool:
    """Whether an outline of area ``least`` or more fits in the box of one of the blobs of
    ``contours``: an outline through pixel centres inside a box ``w`` x ``h`` pixels wide
    encloses at most ``(w - 1) * (h - 1)``, and so does any outline of a part of the blob."""
    for cnt in contours:
        _, _, w, h = cv2.boundingRect(cnt)
        if (w - 1) * (h - 1) >= least:
            return True
    return False


def _quad_candidate(
    cnt: np.ndarray, area: float, min_area: float, max_area: float, least: float | None = None
) -> _Cand | None:
    """A perspective-true outline: the white's hull simplifies to four corners that frame a
    card as a camera sees it (a tilted camera shears and squeezes a card's rectangle), by a
    squeeze down to ``least`` (``_card_shaped``)."""
    hull = cv2.convexHull(cnt)
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    if len(approx) != 4:
        return None
    quad = _fit_sides(cnt, approx.reshape(4, 2).astype(np.float32))
    if quad is None:
        return None
    quad_area = float(cv2.contourArea(quad))
    if quad_area <= 0 or not min_area <= quad_area <= max_area:
        return None
    # The quad frames the white when it keeps most of its hull (a corner cut off by another
    # card's edge is lost) and takes in little besides.
    hull_area = max(cv2.contourArea(hull), 1.0)
    fill = min(quad_area / hull_area, hull_area / quad_area)
    if area < 0.8 * quad_area or fill < T.quad_fill or not _card_shaped(quad, least):
        return None
    steep = least is not None and not _card_shaped(quad)
    return _Cand(_order(quad), quad_area, min(fill, area / quad_area + 0.08), steep)


def _fit_sides(cnt: np.ndarray, approx: np.ndarray) -> np.ndarray | None:
    """The four corners of an outline whose simplified hull is ``approx``: each side a line
    fitted to the outline's points along the middle of that side (away from the corners,
    which blur rounds, and from symbols that bite into the white), the corners where the
    lines meet. None when a side has too few points or the corners come out far off.
    (This runs on every first look: the hull's centre is taken once, and lengths are the
    float32 square roots ``np.linalg.norm`` takes, without its checks.)"""
    pts = cnt.reshape(-1, 2).astype(np.float32)
    centre = approx.mean(0)
    lines = []
    for i in range(4):
        a, b = approx[i], approx[(i + 1) % 4]
        side = b - a
        length = float(_norm(side))
        if length < 4:
            return None
        u = side / length
        n = np.array([-u[1], u[0]], np.float32)
        if float(n @ ((a + b) / 2 - centre)) < 0:
            n = -n  # outwards
        rel = pts - a
        t, off = rel @ u, rel @ n
        # The hull's side lies on the outer edge; points far inside it are bites of symbols.
        sel = (t > 0.15 * length) & (t < 0.85 * length) & (off > -2.0) & (off < 2.0)
        if np.count_nonzero(sel) < 5:
            return None
        vx, vy, x0, y0 = cv2.fitLine(pts[sel], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    corners = []
    for i in range(4):
        c = _meet(*lines[i - 1], *lines[i])
        if c is None or float(_norm(c - approx[i])) > 0.25 * length:
            return None
        corners.append(c)
    return np.array(corners, np.float32)


def _norm(d: np.ndarray) -> np.floating:
    """``np.linalg.norm`` of a vector: the square root of its dot with itself, as it computes it."""
    return np.sqrt(d.dot(d))


def _box_candidate(
    cnt: np.ndarray,
    area: float,
    erode: int,
    min_area: float,
    max_area: float,
    fit: bool,
    fill_least: float = 0.8,
) -> _Cand | None:
    """The white's turned bounding box, when it is card-shaped and the white fills it
    (``fill_least`` of it or more)."""
    (cx, cy), (w, h), ang = cv2.minAreaRect(cnt)
    w, h = w + 2 * erode, h + 2 * erode
    if w < 4 or h < 4:
        return None
    aspect = min(w, h) / max(w, h)
    rect_area = w * h
    # Hull, not contour: symbols printed near the edge bite into the white outline.
    hull = cv2.convexHull(cnt)
    rectness = (cv2.contourArea(hull) + erode * 2 * (w + h)) / rect_area
    if area < fill_least * rect_area:
        return None  # a covered card with a bite taken out by the card on it
    if not (0.5 < aspect < 0.8 and rectness > 0.9 and min_area <= rect_area <= max_area):
        return None
    box = cv2.boxPoints(((cx, cy), (w, h), ang))
    # A perspective-true quad when the outline simplifies to four corners.
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    if len(approx) != 4 or erode != 0:
        return _Cand(_order(box), rect_area, min(rectness, area / rect_area + 0.08))
    four = approx.reshape(4, 2).astype(np.float32)
    fitted = _fit_sides(cnt, four) if fit else None
    if cv2.contourArea(approx) > 0.9 * rect_area and _card_shaped(four):
        box = four if fitted is None or not _card_shaped(fitted) else fitted
    elif fit and fitted is not None and _card_shaped(fitted):
        # A sheared card: its fitted corners keep nearly all of the white's hull and miss
        # less of it than the box takes in besides.
        quad_area, hull_area = cv2.contourArea(fitted), cv2.contourArea(hull)
        if quad_area >= T.quad_fill * hull_area and hull_area - quad_area < rect_area - hull_area:
            box = fitted
    return _Cand(_order(box), rect_area, min(rectness, area / rect_area + 0.08))


def lone_candidates(
    crop: np.ndarray, white: np.ndarray, local: np.ndarray, min_area: float, max_area: float
) -> list[_Cand]:
    """Outlines of card white squeezed past any usual tilt (down to ``Tuning.lone_squeeze``)
    that lie alone: a far card under a steeply tilted camera, seen by a first look that has
    no other card to predict its squeeze. What makes a squeezed outline doubtful is that it
    may be the part of a covered card that the top card leaves in view, and that part lies
    against the top card's face: a ring around a lone card holds none (``_alone``). Read
    strictly (``steep``), as a second look's steep outline is."""
    out = []
    for c in _candidates(white, min_area, max_area, fit_corners=True, least=T.lone_squeeze):
        if not c.steep:
            continue  # card-shaped as a usual tilt makes it: the first look had it
        if _inside(c.corners.mean(0), local) and _alone(crop, white, c.corners):
            out.append(_Cand(c.corners, c.area, c.rectness, steep=True))
    return out


def bitten_lone_candidates(look: FirstLook, min_area: float, max_area: float) -> list[_Cand]:
    """Outlines of a lone card whose white low light bit into: smoothed for a dim sensor's
    noise, the thin white between print and rim is lost, and symbols open notches in the
    white's outline until it fills less of its box than a whole card's does. Its hull is
    still the card's rectangle (``Tuning.bitten_hull_least``), which a covered card's, a
    corner cut off by the card over it, is not; and nothing like a card's face lies in a
    ring around it (``_alone``), where the card over a covered one would; nor skin or
    anything unlike the table in the zone, as the look at a zone whose white framed no card
    judges an arm (``Tuning.skin_share``, ``Tuning.foreign_partly``): the bite may be a
    hand's. Read strictly (``steep``): the face's own checks judge what bites its sides."""
    crop, white, local = look.crop, look.white, look.local
    out = []
    for c in _candidates(
        white, min_area, max_area, fit_corners=True, fill_least=T.bitten_fill_least
    ):
        if c.rectness >= 0.9 or not _inside(c.corners.mean(0), local):
            # Its white fills its box as a whole card's does (the candidate's rectness is
            # the white's share of its box plus 0.08): the first look's own outline.
            continue
        if _hull_fill(white, c.corners) < T.bitten_hull_least:
            continue
        if _alone(crop, white, c.corners):
            out.append(_Cand(c.corners, c.area, T.bitten_hull_least, steep=True))
    if out and _skin_fraction(crop, look.illum, local) > T.skin_share:
        return []
    shadows = look.pale_table
    if out and _foreign_fraction(crop, local, white, shadows_excused=shadows) > T.foreign_partly:
        return []
    return out


def _hull_fill(white: np.ndarray, quad: np.ndarray) -> float:
    """The share of ``quad`` the hull of the white inside it covers."""
    mask = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(mask, [np.rint(quad).astype(np.int32)], 255)
    pts = cv2.findNonZero(cv2.bitwise_and(white, mask))
    if pts is None:
        return 0.0
    hull = cv2.convexHull(pts)
    return float(cv2.contourArea(hull)) / max(float(cv2.contourArea(quad)), 1.0)


def _alone(crop: np.ndarray, white: np.ndarray, quad: np.ndarray) -> bool:
    """No card face lies against the outline ``quad``: in a ring around it (from
    ``Tuning.lone_ring_from_px`` beyond it out to ``Tuning.lone_ring_to`` of its short side)
    neither card white nor a card-like face (bright and neutral: a silver face) covers more
    than ``Tuning.lone_ring_card`` of the ring, and the ring lies in view (a ring cut by the
    crop's border may hide the card beside it)."""
    h, w = white.shape
    grow = max(1, round(T.lone_ring_to * _dims_of(quad)[0]))
    skip = max(1, round(T.lone_ring_from_px))
    # Drawn on a canvas large enough to hold the ring whole, then cut to the crop.
    pad = grow + 2
    canvas = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.fillPoly(canvas, [np.rint(quad + pad).astype(np.int32)], 255)
    disc = cv2.MORPH_ELLIPSE
    outer = cv2.dilate(canvas, cv2.getStructuringElement(disc, (2 * grow + 1,) * 2))
    inner = cv2.dilate(canvas, cv2.getStructuringElement(disc, (2 * skip + 1,) * 2))
    whole = cv2.subtract(outer, inner)
    ring = np.ascontiguousarray(whole[pad : pad + h, pad : pad + w])
    area = cv2.countNonZero(ring)
    if area == 0 or area < 0.98 * cv2.countNonZero(whole):
        return False
    limit = T.lone_ring_card * area
    if cv2.countNonZero(cv2.bitwise_and(white, ring)) > limit:
        return False
    return int(np.count_nonzero(_card_like(crop) & (ring > 0))) <= limit


def _edge_map(crop: np.ndarray, white: np.ndarray) -> np.ndarray:
    v = cv2.GaussianBlur(brightest(crop), (3, 3), 0.8)
    edges = cv2.bitwise_or(
        cv2.Canny(v, 12, 36),
        cv2.morphologyEx(white, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)),
    )
    return cv2.dilate(edges, np.ones((3, 3), np.uint8))


def _side_hits(ev: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Share of each of the quad's sides (away from the corners) that runs along an edge."""
    h, w = ev.shape
    t = np.linspace(0.12, 0.88, 16, dtype=np.float32)[:, None]
    scores = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        pts = np.rint(a + (b - a) * t).astype(int)
        ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        hits = np.zeros(len(pts), bool)
        hits[ok] = ev[pts[ok, 1], pts[ok, 0]] > 0
        scores.append(hits.mean())
    return np.array(scores)


def _side_score(ev: np.ndarray, quad: np.ndarray) -> float:
    """Share of the quad's sides (away from the corners) that run along an edge."""
    scores = _side_hits(ev, quad)
    return float(scores.min()) * 0.5 + float(scores.mean()) * 0.5


def _corners(
    contour: np.ndarray, cos_most: float
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The corners of ``contour``'s polygon (2.5 px off at most) whose two sides are 5 px long
    or more and meet at an angle whose cosine is ``cos_most`` at most: each as the corner's
    point and its two sides' unit directions (to the next point, to the one before)."""
    poly = cv2.approxPolyDP(contour, 2.5, True).reshape(-1, 2).astype(np.float32)
    n = len(poly)
    for i in range(n):
        p, a, b = poly[i], poly[(i + 1) % n], poly[i - 1]
        u, v = a - p, b - p
        lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
        if lu < 5 or lv < 5:
            continue
        u, v = u / lu, v / lv
        if abs(float(u @ v)) <= cos_most:
            yield p, u, v


def _far_side(
    ev: np.ndarray,
    p: np.ndarray,
    u: np.ndarray,
    w: np.ndarray,
    along: float,
    across: float,
    tol: float = 0.12,
) -> float | None:
    """Distance along ``u`` from ``p`` to the side parallel to ``w`` that best lies on edges,
    within 12% of ``along``."""
    h, wd = ev.shape
    t = np.linspace(0.15, 0.85, 12, dtype=np.float32)[:, None] * across
    # Every distance at once (a fit tries thousands of them per frame): the points of each
    # candidate side, (distances, 12, 2), in double precision as one distance at a time was.
    d = np.arange(along * (1 - tol), along * (1 + tol) + 1, 1.0)
    pts = np.rint(p + u * d[:, None, None] + w * t).astype(int)
    inside = ((pts >= 0) & (pts < (wd, h))).all(axis=(1, 2))
    if not inside.any():
        return None
    d, pts = d[inside], pts[inside]
    hits = (ev[pts[..., 1], pts[..., 0]] > 0).mean(axis=1)
    on_edges = hits >= 0.75
    if not on_edges.any():
        return None
    gap = np.where(on_edges, np.abs(d - along), np.inf)
    return float(d[int(np.argmin(gap))])  # the edge nearest the expected length


_FITTED = 0.9  # the rectness given to a fitted outline


def _fit_known_size(
    crop: np.ndarray,
    white: np.ndarray,
    dims: tuple[float, float],
    local: np.ndarray,
    tol: float = 0.12,
) -> _Cand | None:
    """The top card of a pile whose white runs into the cards under it: a card-sized
    rectangle, hung on a square corner of the white, whose four sides all lie on edges (the
    cards under it have sides hidden under the top card, where no edge is). When none does,
    and a lamp's reflection washes out part of the view, a side may lie on no edge where the
    reflection is, over half its length at most (``_WASHED_LEAST``), when the size is known
    well (``T.washed_size_tol``)."""
    seen = _edge_map(crop, white)
    fit = _fit_on_edges(white, dims, local, tol, seen, seen)
    if fit is not None or tol > T.washed_size_tol:
        return fit  # a loose size would let a washed side slide (``T.washed_size_tol``)
    washed = washed_by_glare(crop, white)
    if washed is None:
        return None
    return _fit_on_edges(white, dims, local, tol, cv2.bitwise_or(seen, washed * 255), seen)


def _fit_on_edges(
    white: np.ndarray,
    dims: tuple[float, float],
    local: np.ndarray,
    tol: float,
    ev: np.ndarray,
    seen: np.ndarray,
) -> _Cand | None:
    """``_fit_known_size`` on the edge map ``ev`` (``seen``: the edges alone, without what a
    reflection excuses; each side lies on them over ``_WASHED_LEAST`` of it at least)."""
    short, long_ = dims
    contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    best: tuple[float, np.ndarray] | None = None
    for cnt in contours:
        if cv2.contourArea(cnt) < 0.6 * short * long_:
            continue
        for p, u, w in _corners(cnt, 0.3):  # square corners
            for e1, e2 in ((short, long_), (long_, short)):
                # Perspective makes cards here larger or smaller than elsewhere: find each
                # far side by itself, as the edge nearest the expected length.
                l1 = _far_side(ev, p, u, w, e1, e2, tol)
                l2 = _far_side(ev, p, w, u, e2, e1, tol)
                if l1 is None or l2 is None or not 0.5 < (l1 / l2) / (e1 / e2) < 2.0:
                    continue
                quad = np.array([p, p + u * l1, p + u * l1 + w * l2, p + w * l2])
                centre = quad.mean(0)
                if cv2.pointPolygonTest(cnt, (float(centre[0]), float(centre[1])), False) < 0:
                    continue
                if ev is not seen and _side_hits(seen, quad).min() < _WASHED_LEAST:
                    continue  # held up by the washed-out light more than by its edges
                score = _side_score(ev, quad)
                if best is None or score > best[0]:
                    best = (score, quad)
    if best is None or best[0] < 0.85 or not _inside(best[1].mean(0), local):
        return None
    if not _card_shaped(best[1]):
        return None  # sizes fitted one by one, loosely, can make a square: not a card
    quad = _order(best[1])
    return _Cand(quad, float(cv2.contourArea(quad)), _FITTED)


def _line_strength(
    gn: tuple[np.ndarray, np.ndarray],
    a: np.ndarray,
    b: np.ndarray,
    n: np.ndarray,
    t: np.ndarray,
    off: np.ndarray,
) -> np.ndarray:
    """Median fall of brightness across the lines a->b moved by ``off`` (..., T) along the
    outward normal ``n``, sampled at fractions ``t`` of the side."""
    gx, gy = gn
    h, w = gx.shape
    px = a[0] + (b[0] - a[0]) * t + n[0] * off
    py = a[1] + (b[1] - a[1]) * t + n[1] * off
    xi = np.clip(np.rint(px).astype(np.int32), 0, w - 1)
    yi = np.clip(np.rint(py).astype(np.int32), 0, h - 1)
    g = np.abs(gx[yi, xi] * n[0] + gy[yi, xi] * n[1])
    g[(px < 0) | (px >= w) | (py < 0) | (py >= h)] = 0
    return median_last(g)


def _side_lines(
    gn: tuple[np.ndarray, np.ndarray], quad: np.ndarray, inward: float, outward: float
) -> list[list[tuple[float, np.ndarray, np.ndarray]]]:
    """For each side of ``quad``: up to three lines near it (shifted, then tilted a little)
    along which the image falls from bright inside to dark outside over the side's whole
    length, as (strength, point, direction). A top card shows such an edge all along each
    side (its own white, then its contact shadow or the table); a covered card's side stops
    where the top card lies on it, so its median strength is low."""
    centre = quad.mean(0)
    t = np.linspace(0.12, 0.88, 16, dtype=np.float32)
    offs = np.arange(-inward, outward + 0.5, 1.0, dtype=np.float32)
    tilt = np.arange(-3.0, 3.5, 1.0, dtype=np.float32)
    out = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        n = np.array([d[1], -d[0]], np.float32)
        if float(n @ ((a + b) / 2 - centre)) < 0:
            n = -n

        shift = _line_strength(gn, a, b, n, t, offs[:, None] + 0 * t)
        peak = (shift > 0) & (shift >= np.r_[shift[1:], -1])
        peak &= shift >= np.r_[-1, shift[:-1]]
        order = [int(j) for j in np.argsort(-shift) if peak[j]]
        lines: list[tuple[float, np.ndarray, np.ndarray]] = []
        mids: list[float] = []
        for j in order:
            if any(abs(float(offs[j]) - m) < 3 for m in mids):
                continue
            mids.append(float(offs[j]))
            # The side may be a little askew: tilt the line about the shift found.
            ea = offs[j] + tilt[:, None, None]
            eb = offs[j] + tilt[None, :, None]
            st = _line_strength(gn, a, b, n, t, ea * (1 - t) + eb * t)
            ia, ib = np.unravel_index(int(np.argmax(st)), st.shape)
            pa, pb = a + n * (offs[j] + tilt[ia]), b + n * (offs[j] + tilt[ib])
            lines.append((float(st[ia, ib]), pa, pb - pa))
            if len(lines) == 3:
                break
        out.append(lines)
    return out


def _meet(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray | None:
    det = float(u[0] * v[1] - u[1] * v[0])
    if abs(det) < 1e-6:
        return None
    s = float((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / det
    return p + u * s


# Readings whose outline was found on the card's edges, all four sides whole (a second look's);
# the others' are the outline of the card's white.
EDGE_FOUND = frozenset({"refined", "searched", "fitted"})


def _refined_outlines(
    crop: np.ndarray, quad: np.ndarray, dims: tuple[float, float], tol: float
) -> list[np.ndarray]:
    """Card-sized quads whose sides lie on full-length edges near the sides of ``quad`` (an
    outline that took in a strip of table or of the card below, or sits a little askew),
    best supported first."""
    v = cv2.GaussianBlur(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), (0, 0), 1.0)
    gx = cv2.Sobel(v, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(v, cv2.CV_32F, 0, 1, ksize=3)
    short, long_ = dims
    sides = _side_lines((gx, gy), quad, inward=0.4 * long_, outward=0.1 * short)
    if any(not s for s in sides):
        return []
    scored: list[tuple[float, np.ndarray]] = []
    # Corner i is where a line of side i - 1 meets one of side i: each such pair is met once
    # here, not once for every choice of the other two sides' lines.
    meets = [
        [[_meet(p, u, q, w) for _, q, w in sides[i]] for _, p, u in sides[i - 1]] for i in range(4)
    ]
    for pick in itertools.product(*(range(len(s)) for s in sides)):
        corners = [meets[i][pick[i - 1]][pick[i]] for i in range(4)]
        if any(c is None for c in corners):
            continue
        combo = [sides[i][pick[i]] for i in range(4)]
        c4 = _order(np.array(corners, np.float32))
        # Each side's length as ``np.linalg.norm`` gives it (the root of its dot with itself).
        e = [float(np.sqrt(s.dot(s))) for s in c4[[1, 2, 3, 0]] - c4]
        got_s, got_l = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
        if abs(got_s / short - 1) > tol or abs(got_l / long_ - 1) > tol:
            continue
        if abs(e[0] / max(e[2], 1e-6) - 1) > 0.15 or abs(e[1] / max(e[3], 1e-6) - 1) > 0.15:
            continue
        scored.append((sum(s for s, _, _ in combo), c4))
    scored.sort(key=lambda x: -x[0])
    return [q for _, q in scored[:3]]


def card_against(
    frame: np.ndarray,
    crop: np.ndarray,
    quad: np.ndarray,
    origin: tuple[int, int],
    profile: Profile,
    *,
    whole_too: bool = False,
) -> np.ndarray | None:
    """``_card_against_steps`` run to its end at once."""
    return run(_card_against_steps(frame, crop, quad, origin, profile, whole_too=whole_too))


def _another_card_across_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    quad: np.ndarray,
    origin: tuple[int, int],
    profile: Profile,
    *,
    whole_too: bool = False,
) -> Steps[bool]:
    """Another whole card lies against this one (``_card_against_steps``)."""
    against = yield from _card_against_steps(
        frame, crop, quad, origin, profile, whole_too=whole_too
    )
    return against is not None


def _card_against_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    quad: np.ndarray,
    origin: tuple[int, int],
    profile: Profile,
    *,
    whole_too: bool = False,
) -> Steps[np.ndarray | None]:
    """The corners (``frame`` pixels) of another whole card of this one's size lying against
    it, all four of its sides seen too, or None: with one, the outline read may be the part
    of a covered card that the top card leaves in view (cut straight along the top card's
    side), and which of the two is on top is not clear from outlines alone. (A silver top
    card on a white one is the common case: only the white is found whole at first.)
    ``whole_too``: an outline as large as a whole card is looked at too (a covered card
    whose part in view is the size of a whole one), and the card against it counts only
    when no other card's side crosses it (``covered_outline``): the pile's topmost card is
    the one no other card's edge crosses, and a covered card in full view but for a corner
    under this one is not on top of it."""
    if not _room_for_another(crop, quad):
        return None  # the usual, quick case
    short, long_ = _dims_of(quad)
    area = float(cv2.contourArea(quad))
    centre = quad.mean(0)
    near = (centre + (quad - centre) * 1.4).astype(np.float32)
    # The part in view is cut short across one side: the whole card's size follows from the
    # other side and a card's proportions (the narrower it is, the more was cut across it).
    if short / long_ < CARD_ASPECT:
        dims = (long_ * CARD_ASPECT, long_)
    else:
        dims = (short, short / CARD_ASPECT)
    # First a card with a side on one of this one's (the side the top card cuts it along),
    # then any card whose centre is within about a card of this one's.
    around = (centre + (quad - centre) * 3.0).astype(np.float32)
    maps = EdgeMaps.of(crop)
    quads = yield from card_outline_steps(crop, dims, 0.1, limit=3, sides_of=quad, maps=maps)
    yield
    quads += yield from card_outline_steps(crop, dims, 0.1, limit=3, within=around, maps=maps)
    # The top card lies beside the part in view, across the side it cuts: near it.
    for q in quads:
        q = q.astype(np.float32)
        inter, _ = cv2.intersectConvexConvex(q, quad.astype(np.float32))
        if inter > 0.7 * (area + float(cv2.contourArea(q)) - inter):
            continue  # the same card
        if cv2.intersectConvexConvex(q, near)[0] < 0.05 * area:
            continue  # not beside it
        other = _dims_of(q)
        if not whole_too and short >= 0.95 * other[0] and long_ >= 0.95 * other[1]:
            continue  # this one is as large as a whole card: not a part of one
        corners = _order(q) + origin
        yield  # each strict read is a step of its own
        got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
        if whole_too and got.doubt in _CUT_AT_ITS_SIDE and T.beside_read_within < 1.0:
            yield
            got = _read_within(frame, corners, profile)
        if got[0] == State.CARD and not (whole_too and covered_outline(frame, corners)):
            return corners
    return None


def cut_short_under_another_card_steps(
    frame: np.ndarray, crop: np.ndarray, quad: np.ndarray, origin: tuple[int, int]
) -> Steps[bool]:
    """The outline ``quad`` (``crop`` pixels) of a piece of card white is narrower than a
    card (``T.cut_short_aspect``) and the whole card it is part of lies under another card
    (``whole_card_there_covered_steps``): the white in view is a covered card's, a corner of
    it cut off along the side of a card over it, and that card, whose white ran into
    another's and made no outline of its own, is the pile's top card. The white's outline,
    fitted round the cut, stays nearly a card's size but narrower, one short side shorter
    than the other (offzone, scans, seed 2225028 seat 3: the 4 lime on top, off its place
    over a corner of the 2 lime at the zone's middle, its white run into another card's
    above it; the 2 lime's white, its corner cut, outlined 0.91 of a card's proportions, its
    short sides 34 and 42 pixels, read 2 lime)."""
    short, long_ = _dims_of(quad)
    if short / long_ >= T.cut_short_aspect * CARD_ASPECT:
        return False  # as wide as a card: the usual, quick case
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    ends = (
        (sides[0], sides[2]) if sides[0] + sides[2] < sides[1] + sides[3] else (sides[1], sides[3])
    )
    if min(ends) > T.cut_short_end * max(ends):
        return False  # both short sides whole: no corner cut off
    yield  # the search on edges is a step of its own
    return (yield from whole_card_there_covered_steps(frame, crop, quad, origin))


def whole_card_there_covered_steps(
    frame: np.ndarray, crop: np.ndarray, quad: np.ndarray, origin: tuple[int, int]
) -> Steps[bool]:
    """A card-sized outline on edges along the sides of the outline ``quad`` (``crop``
    pixels; the size its long side gives), holding ``T.cut_short_within`` of it or more (the
    card it is part of, not one beside it), has another card's side across it
    (``covered_outline``): that card lies over the one outlined."""
    area = float(cv2.contourArea(quad.astype(np.float32)))
    long_ = _dims_of(quad)[1]
    dims = (long_ * CARD_ASPECT, long_)
    for q in (yield from card_outline_steps(crop, dims, 0.1, limit=3, sides_of=quad)):
        q = q.astype(np.float32)
        inter, _ = cv2.intersectConvexConvex(q, quad.astype(np.float32))
        if inter < T.cut_short_within * area:
            continue  # another card's outline: not the one the white is part of
        yield
        if covered_outline(frame, _order(q) + origin):
            return True
    return False


# Doubts a strict read gives an outline that runs a pixel or two past the card's side, over
# a symbol of the card under it.
_CUT_AT_ITS_SIDE = frozenset({Doubt.FITTED_OUTLINE_CUTS_SHAPE, Doubt.COLOURED_PIECE_ON_EDGE})


def _read_within(frame: np.ndarray, corners: np.ndarray, profile: Profile) -> CardRead:
    """The strict read of the card outlined by ``corners``, on the outline drawn in by
    ``Tuning.beside_read_within`` of its size: an outline the search placed a pixel or two
    past the sides of a whole card against the one read (a silver five's, whose face is no
    card white to fit the outline to) takes in a symbol of the card under it, and the read
    says the outline cuts a shape (tuning offzone Deluxe seed 284005 seat 0: the silver 5
    banana on top, beside the covered 1 lime read for it)."""
    centre = corners.mean(0)
    within = (centre + (corners - centre) * T.beside_read_within).astype(np.float32)
    return read_card_image(_warp(frame, within), profile, strict_edge=True, one_size=True)


def _room_for_another(crop: np.ndarray, quad: np.ndarray) -> bool:
    """Card face lies around ``quad``, enough for a second card beside it (a quick test)."""
    area = float(cv2.contourArea(quad))
    centre = quad.mean(0)
    near = (centre + (quad - centre) * 1.4).astype(np.float32)
    return _card_like_around(crop, quad, near) >= 0.1 * area


def _off_centre(quad: np.ndarray, zone: np.ndarray) -> float:
    """How far the card's centre is from the zone's, in card widths."""
    short = _dims_of(quad)[0]
    return float(np.linalg.norm(quad.mean(0) - zone.mean(0))) / max(short, 1.0)


def _card_like_around(crop: np.ndarray, quad: np.ndarray, near: np.ndarray) -> int:
    """Pixels around ``quad`` (within ``near``, outside the quad) that could be a card's
    face: neutral and brighter than most of the read area (white, or silver)."""
    ring = np.zeros(crop.shape[:2], np.uint8)
    cv2.fillPoly(ring, [np.rint(near).astype(np.int32)], 1)
    cv2.fillPoly(ring, [np.rint(quad).astype(np.int32)], 0)
    return int(np.count_nonzero(_card_like(crop) & (ring > 0)))


def _card_like(crop: np.ndarray) -> np.ndarray:
    """Which pixels of ``crop`` could be a card's face: neutral and brighter than most of
    it (white, or silver)."""
    v = brightest(crop)
    bright = v.astype(np.int16) > _percentile_u8(v, 50) + 15
    return bright & _neutral(crop)


def _neutral(crop: np.ndarray) -> np.ndarray:
    """Which pixels of ``crop`` are near grey (saturation below 0.45), as card faces are,
    white or silver, where the print is coloured."""
    b, g, r = cv2.split(crop)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    return mn.astype(np.int16) * 20 > v.astype(np.int16) * 11


def _face_inset(shape: tuple[int, ...], quad: np.ndarray) -> np.ndarray:
    """A 0/255 mask of the quad's face away from its sides (a side's blur, the table or a
    card beyond it, left out)."""
    inset = quad.mean(0) + (quad - quad.mean(0)) * 0.88
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.rint(inset).astype(np.int32)], 255)
    return mask


def _one_face(white: np.ndarray, quad: np.ndarray) -> bool:
    """The quad holds one card's face: its white, away from the sides, is mostly one piece
    (symbols are islands in it; the edge of another card, or an arm, would cut it)."""
    mask = _face_inset(white.shape, quad)
    inside = cv2.countNonZero(mask)
    face = white & mask
    total = cv2.countNonZero(face)
    if inside == 0 or total < T.one_face_least * inside:
        return False
    return _mostly_one_piece(face, total)


def _mostly_one_piece(face: np.ndarray, total: int) -> bool:
    """The largest piece of ``face`` (a 0/255 mask of ``total`` pixels) holds
    ``Tuning.one_face_piece`` of it or more."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(face, connectivity=8)
    return n > 1 and int(stats[1:, cv2.CC_STAT_AREA].max()) >= T.one_face_piece * total


def _one_face_of_its_own_shade(crop: np.ndarray, white: np.ndarray, quad: np.ndarray) -> bool:
    """The quad holds one card's face that the card white leaves out: a silver five on a pale
    table, as bright as the table and darker than the white cards under it, is no card white
    (``Tuning.own_shade_white_most`` of the face at most), so ``_one_face`` cannot judge it.
    Its face is then judged by its own grey: near grey over ``Tuning.one_face_least`` of it,
    and that grey, with the edges in the view taken out, mostly one piece. The coloured print
    is islands in it; a side of another card across the face, or the table's edge beyond a
    side the outline misplaced, is an edge that cuts the grey in two, as it cuts the white
    of a white face."""
    mask = _face_inset(white.shape, quad)
    inside = cv2.countNonZero(mask)
    if inside == 0 or cv2.countNonZero(white & mask) > T.own_shade_white_most * inside:
        return False
    grey = _neutral(crop).view(np.uint8) * np.uint8(255) & mask
    if cv2.countNonZero(grey) < T.one_face_least * inside:
        return False
    # The print's rims are edges too: the face is measured before they are taken out.
    face = cv2.bitwise_and(grey, cv2.bitwise_not(_edge_map(crop, white)))
    return _mostly_one_piece(face, cv2.countNonZero(face))


def _one_grey_face_in_part_white(crop: np.ndarray, white: np.ndarray, quad: np.ndarray) -> bool:
    """The quad holds one card's face that card white covers in part only: a silver five
    whose sheen a hand's shadow darkens (tuning shadow, Deluxe), or a white face dimmed in
    part by a phone's low light (tuning phone_dim, own art, seed 2301032 seat 2). More white
    than a face of its own shade shows (``Tuning.part_white_least``), less than a white face
    (``Tuning.one_face_least``): neither ``_one_face`` nor ``_one_face_of_its_own_shade``
    judges it. The sheen's steps of brightness are edges all over such a face, so it is
    judged by its grey in one piece (``Tuning.one_face_least``, ``Tuning.one_face_piece``)
    with no other card's straight side within the outline (``side_within``) instead of with
    every edge taken out."""
    mask = _face_inset(white.shape, quad)
    inside = cv2.countNonZero(mask)
    if inside == 0:
        return False
    lit = cv2.countNonZero(white & mask)
    if not T.part_white_least * inside < lit < T.one_face_least * inside:
        return False
    grey = _neutral(crop).view(np.uint8) * np.uint8(255) & mask
    total = cv2.countNonZero(grey)
    if total < T.one_face_least * inside or not _mostly_one_piece(grey, total):
        return False
    return not side_within(crop, quad)


def _grey_face_cut_by_its_print(crop: np.ndarray, white: np.ndarray, quad: np.ndarray) -> bool:
    """The quad holds one silver face of its own shade (card white over
    ``Tuning.own_shade_white_most`` of it at most) that ``_one_face_of_its_own_shade`` lost
    to its print: under blur the rims of five big symbols, taken out as edges, run into each
    other and into the sides and cut the face's grey apart. Judged instead by its grey with
    the rims left in: near grey over ``Tuning.one_face_least`` of the outline, in one piece
    over ``Tuning.own_shade_grey_piece`` of it, and no other card's straight side within the
    outline (``side_within``), as a face white in part is."""
    mask = _face_inset(white.shape, quad)
    inside = cv2.countNonZero(mask)
    if inside == 0 or cv2.countNonZero(white & mask) > T.own_shade_white_most * inside:
        return False
    grey = _neutral(crop).view(np.uint8) * np.uint8(255) & mask
    total = cv2.countNonZero(grey)
    if total < T.one_face_least * inside:
        return False
    n, _, stats, _ = cv2.connectedComponentsWithStats(grey, connectivity=8)
    if n < 2 or int(stats[1:, cv2.CC_STAT_AREA].max()) < T.own_shade_grey_piece * total:
        return False
    return not side_within(crop, quad)


def _face_whole_with_its_reflection(
    white: np.ndarray, quad: np.ndarray, reflection: np.ndarray | None, profile: Profile
) -> np.ndarray | None:
    """Whether the face in ``quad`` is one card's face after all, when its white alone is not
    (``_one_face``): in dim light a lamp's reflection lifts the faces' white around it past
    the local white test, which cuts a dark ring out of the face, and the sensor's noise
    leaves the face's far parts in specks. Counted with the reflection (and its rim) and
    with the specks' gaps closed, the white must be one piece. (On the tuning night scenes
    it gained, closing the gaps is what made the face one piece: the reflection's core was
    card white already.) The reflection it returns
    (a 0/1 mask, empty when none lies on the face) is read as an excusing one: no printed
    place may lie bare under it, which only the classic print can be checked for; other
    decks are not claimed so under a reflection (a clone's washed-out symbol under it,
    tuning night seed 244506 seat 3, read one plum short). None when the face is not one."""
    face = white if reflection is None else cv2.bitwise_or(white, reflection * 255)
    face = cv2.morphologyEx(face, cv2.MORPH_CLOSE, _SPECK_GAP)
    if not _one_face(face, quad):
        return None
    inset = quad.mean(0) + (quad - quad.mean(0)) * 0.88
    mask = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(mask, [np.rint(inset).astype(np.int32)], 1)
    if reflection is None or cv2.countNonZero(reflection & mask) == 0:
        return np.zeros(white.shape, np.uint8)
    return reflection if _classic_print(profile) else None


_SPECK_GAP = np.ones((3, 3), np.uint8)  # the gaps the noise leaves between specks of white


def _refine_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    white: np.ndarray,
    local: np.ndarray,
    origin: tuple[int, int],
    quad: np.ndarray | None,
    size: tuple[tuple[float, float], float] | None,
    profile: Profile,
    framed: list[Reading] | None = None,
) -> Steps[Reading | None]:
    """A second look at a pile whose outline read wrong or was not found, when the card size
    is known: outlines moved onto the full-length edges near it, read with no symbol allowed
    on the edge. ``framed``: where the first outline whose face was doubted is kept
    (``_keep_framed``)."""
    if size is None:
        return None
    dims, tol = size
    starts = [] if quad is None else [quad]
    contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for cnt in sorted(contours, key=cv2.contourArea, reverse=True)[:2]:
        if cv2.contourArea(cnt) < 0.3 * dims[0] * dims[1]:
            break
        box = _order(cv2.boxPoints(cv2.minAreaRect(cnt)))
        if _inside(box.mean(0), local):
            starts.append(box)
    ev = _edge_map(crop, white)
    reads = 2  # at most: a bound on the time a doubtful zone costs
    for start in starts:
        yield  # the edges near each start are a step
        for q in _refined_outlines(crop, start, dims, tol):
            if not _inside(q.mean(0), local) or not _one_face(white, q):
                continue
            if _side_score(ev, q) < 0.85:
                continue  # a side hidden in part: a covered card, not the top one
            if reads == 0:
                return None
            reads -= 1
            corners = q + origin
            yield
            got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
            if got[0] == State.CARD and _reflection_beyond_a_side(crop, q):
                return _reflection_doubt(corners, q)
            if got[0] == State.CARD and side_over_a_face(crop, q):
                continue  # a side over a face: not the card's outline (``side_over_a_face``)
            if got[0] == State.CARD and side_across_its_white(crop, white, q):
                continue  # a side across the card's white: not its outline either
            if got[0] == State.CARD and _crossed_by_another_card(frame, corners):
                continue  # a covered card's outline, not the top card's
            if got[0] == State.CARD:
                return Reading(
                    got[0], got[1], got[2] * 0.9, corners, float(cv2.contourArea(q)), "refined"
                )
            _keep_framed(framed, got, crop, q, origin, white)
    return None


def _search_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    white: np.ndarray,
    local: np.ndarray,
    origin: tuple[int, int],
    size: tuple[tuple[float, float], float] | None,
    profile: Profile,
    *,
    broken_sides: bool = False,
    maps: EdgeMaps | None = None,
    framed: list[Reading] | None = None,
) -> Steps[Reading | None]:
    """A last look, when the card size is known: card-sized rectangles placed on the straight
    edges of the zone, kept when all four sides are seen whole (only the top card's are), and
    read with no symbol allowed on the edge; then, when a reflection washes out part of the
    view, those with a side lost under it over half its length at most; then, with
    ``broken_sides`` (a view in low light's noise), those whose sides run on edges over less
    of their length (``T.searched_side_support``); last, out of that noise, those whose face
    only its grey judges whole (``_one_grey_face_in_part_white``). ``maps``: the crop's
    edges, when a read
    searches it twice (the placements of a size searched both times are scored once).
    ``framed``: where the first outline whose face was doubted is kept (``_keep_framed``)."""
    if size is None:
        return None
    dims, tol = size
    # A loose size is searched in steps of the tolerance the search is made for.
    steps = max(1, round(tol / 0.1))
    scales = np.linspace(1 - tol + 0.1, 1 + tol - 0.1, steps) if steps > 1 else [1.0]
    maps = maps or EdgeMaps.of(crop)
    # Where the edges alone hold up no card that reads, and a lamp's reflection washes out
    # part of the view, the search is made again with a side let lie on no edge there: only
    # with the size the cards read elsewhere show (``T.washed_size_tol``), which pins a washed
    # side where the card ends (a looser size lets it slide out over the lit table, and the
    # outline takes in a strip of reflection where a washed-out symbol may lie).
    washed = washed_by_glare(crop, white) if tol <= T.washed_size_tol else None
    # A lamp's reflection on a dim face rings itself with no card white (the local white test
    # cuts the face around it): the face is judged whole with the reflection counted in it.
    lit = washed if washed is not None else washed_by_glare(crop, white)
    # Last, in low light's noise, where no outline read, the edges alone are searched again
    # with each side let lie on an edge over less of its length (``T.searched_side_support``):
    # the step from a top card to the white card under it breaks up along a side there. Not
    # in clean views: there the looser sides cost a tilted camera's cards more than they
    # gained (tuning tilt_hard, own art, seed 295001: four cards read "no whole card").
    passes: list[tuple[np.ndarray | None, float]] = [(None, SIDE_SUPPORT)]
    if washed is not None:
        passes.append((washed, SIDE_SUPPORT))
    if broken_sides:
        passes.append((None, T.searched_side_support))
    tried: list[np.ndarray] = []
    over_a_face = False
    under: Reading | None = None  # a covered card's outline read (``_excused_under_another_card``)
    # The edges' own placements at each scale, found on the first pass: the broken-edge pass
    # asks the same ones with less of each side on an edge, and does not search again.
    placed: list[Placements] = []
    # The outlines no face check judged whole, with the reflection each pass excused.
    unjudged: list[tuple[np.ndarray, np.ndarray | None]] = []
    for n, (excused, support) in enumerate(passes):
        quads: list[np.ndarray] = []
        for i, k in enumerate(scales):
            if excused is None and i < len(placed):
                found = placed[i]
            else:
                found = yield from placement_steps(
                    crop,
                    (dims[0] * k, dims[1] * k),
                    min(tol, 0.1),
                    within=local,
                    maps=maps,
                    washed=excused,
                )
                yield
                if excused is None:
                    placed.append(found)
            quads += found.best(support, limit=6 // steps)
        for q in quads:
            if n > 0 and any(float(np.abs(q - t).max()) < 1.0 for t in tried):
                continue  # read already, on an earlier pass
            tried.append(q)
            if not _inside(q.mean(0), local):
                continue
            reflection = excused
            if not _one_face(white, q):
                whole = _face_whole_with_its_reflection(white, q, lit, profile)
                if whole is not None:
                    reflection = whole
                elif not _one_face_of_its_own_shade(crop, white, q):
                    unjudged.append((q, excused))
                    continue
            read = yield from _searched_read_steps(
                frame, crop, q, origin, profile, reflection, framed
            )
            read = _part_framed_at_a_loose_size(crop, q, read, steps, broken_sides)
            if read is not None and read.doubt is Doubt.SIDE_OVER_A_FACE:
                over_a_face = True  # not the card's outline: another may be; said when none reads
            elif read is not None and _excused_under_another_card(white, q, read, reflection):
                under = under or Reading.of_doubt(
                    Doubt.CORNER_UNDER_ANOTHER_CARD, corners=read.corners, area=read.area
                )  # a covered card's outline: another may be the top card's; said when none reads
            elif (
                read is not None
                and read.state == State.CARD
                and _strayed_beside_a_placed_card(q, quads, local)
            ):
                return Reading.of_doubt(Doubt.WHOLE_CARD_BESIDE_IT, corners=read.corners)
            elif read is not None:
                return read
    # Last, the outlines whose face only its grey showed whole, a silver face in part white
    # (``_one_grey_face_in_part_white``): read only where no other outline read, so that a
    # card read before is read as it was; and not in low light's noise (``broken_sides``),
    # where a face's grey is specks (tuning dark, Deluxe, seed 2285000: a 5 lime framed so a
    # few pixels off its edge, and the card size it gave lost the 5 banana at seat 0).
    for q, reflection in [] if broken_sides else unjudged:
        if not (
            _one_grey_face_in_part_white(crop, white, q)
            or _grey_face_cut_by_its_print(crop, white, q)
        ):
            continue
        read = yield from _searched_read_steps(frame, crop, q, origin, profile, reflection, framed)
        if read is not None and read.doubt is Doubt.SIDE_OVER_A_FACE:
            over_a_face = True
        elif read is not None and _excused_under_another_card(white, q, read, reflection):
            under = under or Reading.of_doubt(
                Doubt.CORNER_UNDER_ANOTHER_CARD, corners=read.corners, area=read.area
            )
        elif read is not None:
            return read
    if under is not None:
        return under
    return Reading.of_doubt(Doubt.SIDE_OVER_A_FACE) if over_a_face else None


def _part_framed_at_a_loose_size(
    crop: np.ndarray, q: np.ndarray, read: Reading | None, sizes: int, noisy: bool
) -> Reading | None:
    """``read``, or ``Doubt.SIDE_OVER_A_FACE`` when it is a card read on an outline ``q``
    (``crop`` pixels) that a search over several sizes (``sizes``, a size guessed loosely)
    placed in low light's noise (``noisy``), and its weakest side's step is
    ``Tuning.loose_size_side_step_least`` of its strongest side's or less
    (``side_over_a_face``): the search places its smallest size first, which fits three of
    a larger card's sides and lays the fourth across its face, where the noise keeps the
    step above ``Tuning.side_step_least``. Said so, the outline is passed over and a larger
    size's placement may read the card."""
    if read is None or read.state != State.CARD or sizes < 2 or not noisy:
        return read
    if side_over_a_face(crop, q, T.loose_size_side_step_least):
        return Reading.of_doubt(Doubt.SIDE_OVER_A_FACE)
    return read


def _excused_under_another_card(
    white: np.ndarray, q: np.ndarray, read: Reading, reflection: np.ndarray | None
) -> bool:
    """The card ``read`` on the outline ``q`` (``crop`` pixels) a search placed with a
    reflection's help (a side let lie on no edge under it, or a face judged whole with it)
    has a corner on another card's white, as a whole outline's is judged
    (``zone._corner_under_another_card``): the card over that corner is the pile's top card,
    and the reflection washed out the edge of its face across the covered card's outline.
    Tuning lamp, Deluxe, seed 2212662 seat 0: the pile's silver 5 banana under a lamp's
    spot, over the lower corner of a 1 plum; the search placed the plum's card-sized outline
    with its fourth side across the silver face, under the spot along a third of it, its
    corner in the spot on the five's white, and read 1 plum."""
    if read.state != State.CARD or reflection is None:
        return False
    # The zone module reads zones with these searches: imported where it is used.
    from halli_pi.vision.reader.zone import _corner_under_another_card

    return _corner_under_another_card(white, _order(q))


def _strayed_beside_a_placed_card(q: np.ndarray, quads: list[np.ndarray], zone: np.ndarray) -> bool:
    """The card a search read on the placement ``q`` (crop pixels) lies off the middle of
    the ``zone`` against another placement of the same search, whole on edges all round,
    that holds the middle (``whole_card_over_the_middle``): a covered card strayed nearly
    whole out from under the top card, cut along its side, the top card's own placement
    read no card (check seed 349501, own art tilt_hard, seat 4: the 4 plum on top placed
    first, a symbol of an odd size on it, the 2 plum under it read). The other placement is
    not asked for no side across it, as a card found in the frame is (``policy.
    _whole_card_over_the_middle``): in the view a search looks at, straightened for a tilted
    camera, the edges of the cards under that top card run a pixel or two into its
    placement."""
    return whole_card_over_the_middle(q, [t for t in quads if t is not q], zone.mean(0))


def whole_card_over_the_middle(
    quad: np.ndarray, others: Sequence[np.ndarray], middle: np.ndarray
) -> bool:
    """The card outlined by ``quad`` lies ``Tuning.heap_past_a_side_off_centre`` card widths
    or more off the zone's ``middle``, the middle about a card beyond one of its sides
    (``Tuning.heap_past_a_side_reach`` times the way from its centre to that side or more),
    and one of the outlines ``others`` (whole on edges all round, in the same pixels) holds
    the middle, sharing ``Tuning.middle_card_overlap`` of this card's area at most: a whole
    card lies against that side over the middle, the pile's top card at its place, and the
    card outlined is one strayed out from under it. (The cards under a top card pushed off
    its place stop at its edge: none lies whole at the middle.)"""
    q = _order(np.asarray(quad, np.float32).reshape(4, 2))
    if side_towards_the_middle(q, middle) is None:
        return False
    area = float(cv2.contourArea(q))
    for t in others:
        other = np.asarray(t, np.float32).reshape(4, 2)
        if not _holds(other, middle):
            continue
        if cv2.intersectConvexConvex(_order(other), q)[0] <= T.middle_card_overlap * area:
            return True
    return False


def side_towards_the_middle(quad: np.ndarray, middle: np.ndarray) -> np.ndarray | None:
    """From the centre of the card outlined by ``quad`` to the middle of its side towards the
    zone's ``middle``, when it lies ``Tuning.heap_past_a_side_off_centre`` card widths or
    more off the middle and the middle ``Tuning.heap_past_a_side_reach`` times that way or
    more beyond it (about a card beyond the side); else None."""
    q = _order(np.asarray(quad, np.float32).reshape(4, 2))
    centre = q.mean(0)
    if float(np.linalg.norm(middle - centre)) < T.heap_past_a_side_off_centre * _dims_of(q)[0]:
        return None
    halves = [(a + b) / 2 - centre for a, b in zip(q, np.roll(q, -1, axis=0), strict=True)]
    reaches = [float(np.dot(middle - centre, v) / max(float(np.dot(v, v)), 1e-6)) for v in halves]
    if max(reaches) < T.heap_past_a_side_reach:
        return None
    return np.asarray(halves[int(np.argmax(reaches))], np.float32)


def _holds(quad: np.ndarray, point: np.ndarray) -> bool:
    """The outline ``quad`` holds ``point`` (on its sides too)."""
    poly = np.asarray(quad, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0


def _searched_read_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    q: np.ndarray,
    origin: tuple[int, int],
    profile: Profile,
    reflection: np.ndarray | None,
    framed: list[Reading] | None,
) -> Steps[Reading | None]:
    """The strict read of an outline ``q`` (``crop`` pixels) a search placed on edges: the
    card, the doubt of a clipped reflection beyond a side, ``Doubt.SIDE_OVER_A_FACE`` for a
    card read on an outline with a side over a face (not the card's outline: another may
    be), or None (its face's doubt kept in ``framed``, ``_keep_framed``)."""
    corners = _order(q) + origin
    yield
    got = read_card_image(
        _warp(frame, corners),
        profile,
        strict_edge=True,
        one_size=True,
        # A side found under the reflection, or a face judged whole with it: no printed
        # place may lie bare under it.
        excused=None if reflection is None else _warp(reflection, _order(q)),
    )
    if got[0] == State.CARD and _reflection_beyond_a_side(crop, q):
        return _reflection_doubt(corners, q)
    if got[0] == State.CARD and side_over_a_face(crop, q):
        return Reading.of_doubt(Doubt.SIDE_OVER_A_FACE)
    if got[0] == State.CARD:
        return Reading(got[0], got[1], got[2] * 0.9, corners, float(cv2.contourArea(q)), "searched")
    _keep_framed(framed, got, crop, q, origin)
    return None


# Doubts on a face that say the outline round it is not a whole card's own: it cuts the
# print, takes in what lies beyond the card's edge, or holds parts of two cards. On an
# outline a search framed, "no whole card" says so already (``_keep_framed``).
_NOT_A_WHOLE_OUTLINE = frozenset(
    {
        Doubt.EDGE_ACROSS,
        Doubt.FITTED_OUTLINE_CUTS_SHAPE,
        Doubt.COLOURED_PIECE_ON_EDGE,
        Doubt.DARK_OVER_EDGE,
        Doubt.COLOURS_OVER_EDGE,
        Doubt.THING_OVER_EDGE,
        Doubt.SYMBOL_CUT_BY_OUTLINE,
        Doubt.SYMBOLS_OFF_CENTRE,
        Doubt.MOST_SYMBOLS_ON_EDGE,
        Doubt.SYMBOL_WITHOUT_PARTNER,
        Doubt.LARGE_BLOB_CUT,
        Doubt.OFF_THE_PRINT_LAYOUT,
        Doubt.PIECE_APART_FROM_SYMBOLS,
        Doubt.LONG_SYMBOLS_TURNED_APART,
    }
)


def _crossed_by_another_card(frame: np.ndarray, corners: np.ndarray) -> bool:
    """Another card's side runs across the refined outline ``corners`` (``covered_outline``):
    it framed a covered card, taking in part of the top card's face over it. Under heavy JPEG
    blocks the shadow of the top card's side over a covered card breaks into pieces, and the
    white of the two faces runs together (``_one_face`` sees one face); the side itself still
    crosses the outline (tuning jpeg, clone deck, seed 2372002 seat 0: a 3 strawberry + 1 plum
    on top, the covered card's outline over its upper strawberries and a banana of the card
    under it read 1 banana + 2 strawberry)."""
    return covered_outline(frame, corners)


def _keep_framed(
    framed: list[Reading] | None,
    got: CardRead,
    crop: np.ndarray,
    quad: np.ndarray,
    origin: tuple[int, int],
    white: np.ndarray | None = None,
) -> None:
    """Keep in ``framed`` (when it is given and holds none yet) the doubt ``got`` on the face
    of the outline ``quad`` (``crop`` pixels) a search read, when that outline meets every
    check a card read on it meets (no clipped reflection beyond a side, no side over a face;
    refined near the white ``white``, no side across it): the search framed the card, and
    its face, not its outline, is why the zone reads no card (tuning glare, own art, seed
    283501 seats 4 and 5: each card framed on its outline, a reflection over its face; the
    zone said "no whole card"). Only a doubt that leaves the zone unknown: the state the
    zone's reading has stays what it was, and only a doubt about the face: one that says the
    outline is not the card's whole outline (``_NOT_A_WHOLE_OUTLINE``) leaves "no whole card"
    the reason."""
    if framed is None or framed or got.state != State.UNKNOWN:
        return
    if got.doubt is None or got.doubt in _NOT_A_WHOLE_OUTLINE:
        return
    if _reflection_beyond_a_side(crop, quad) or side_over_a_face(crop, quad):
        return
    if white is not None and side_across_its_white(crop, white, quad):
        return
    corners = _order(quad) + origin
    area = float(cv2.contourArea(quad))
    framed.append(Reading(State.UNKNOWN, None, 0.0, corners, area, got.why, doubt=got.doubt))


def search_darkest_steps(
    frame: np.ndarray,
    crop: np.ndarray,
    white: np.ndarray,
    local: np.ndarray,
    origin: tuple[int, int],
    sizes: Sequence[tuple[tuple[float, float], float] | None],
    profile: Profile,
    *,
    broken_sides: bool = False,
) -> Steps[Reading | None]:
    """``_search_steps`` again at each of ``sizes``, on the edges of each pixel's darkest
    channel: the card it reads, or None. Under a window's light, or a lamp's, the white of a
    top card and of the white card under it both clip in the brightest channel, and the step
    between them leaves no edge there; the darkest channel stays below the clip and keeps it
    (guard deluxe lamp 305502 seat 1, scans window 310502 seat 2: the true outline's worst
    side on edges over 0.75 and 0.58 of its length in the brightest channel, 0.83 in the
    darkest). The policy's last look (``policy._darkest_look_steps``), made once every look
    on the brightest channel's edges found no whole card. Only a card is kept: a doubt found
    on these edges says less than the zone's "no whole card"."""
    maps: EdgeMaps | None = None
    for size in dict.fromkeys(s for s in sizes if s is not None):
        if maps is None:
            yield
            maps = EdgeMaps.of(crop, darkest_channel)
        found = yield from _search_steps(
            frame, crop, white, local, origin, size, profile, broken_sides=broken_sides, maps=maps
        )
        if found is not None and found.state == State.CARD:
            return found
    return None


def _reflection_doubt(corners: np.ndarray, quad: np.ndarray) -> Reading:
    """The doubt on an outline found on edges that a clipped reflection lies beyond."""
    doubt = Doubt.REFLECTION_BEYOND_A_SIDE
    return Reading.of_doubt(doubt, corners=corners, area=float(cv2.contourArea(quad)))


def _reflection_beyond_a_side(crop: np.ndarray, quad: np.ndarray) -> bool:
    """Beyond one of the sides of ``quad`` (``crop`` pixels) the view is a reflection clipped
    to the sensor's top, near neutral, along ``Tuning.clipped_beyond_share`` of the side or
    more (looked at from ``Tuning.clipped_beyond_from`` to ``clipped_beyond_to`` of the short
    side out), while within the side, as deep, the face is not clipped along most of it: a
    reflection's sharp edge across a card's face, not the card's own side, may be what the
    outline lies on. (A card's side has the table beyond it, or a covered card's edge and
    shadow; a reflection that spills past a card's side onto the table is soft, not clipped
    along it; cards whose faces all clip, a light too bright for them, say nothing so.)"""
    v = brightest(crop)
    clipped = (v >= T.clipped_face) & (darkest_channel(crop) > T.glare_neutral * v)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    short = float(_dims_of(q)[0])
    centre = q.mean(0)
    along = np.linspace(0.05, 0.95, 19, dtype=np.float32)[:, None]
    out = np.linspace(T.clipped_beyond_from, T.clipped_beyond_to, 4, dtype=np.float32) * short + 1
    for a, b in zip(q, np.roll(q, -1, axis=0), strict=True):
        n = _outward_normal(a, b, centre)
        beyond = _clipped_along(clipped, a, b, n, along, out)
        within = _clipped_along(clipped, a, b, -n, along, out)
        if beyond >= T.clipped_beyond_share and within < 1.0 - T.clipped_beyond_share:
            return True
    return False


def side_over_a_face(
    crop: np.ndarray, quad: np.ndarray, least: float | None = None, *, down: bool = False
) -> bool:
    """One side of ``quad`` (``crop`` pixels) lies on no step from the face to what is
    beyond it: across each side (moved a pixel or two, as the outline may sit off the
    card's edge), the median along it of the view ``_STEP_DEPTHS`` inside less as far
    outside, taken as large as it is, up or down; the weakest side's is ``least`` (by
    default ``Tuning.side_step_least``) of the strongest's or less. A top card's sides each have the
    table, a shadow or the card under it beyond them, darker than its face or, under a
    darker face (a silver five over a white card), brighter; a side found on print or on
    the noise runs over the face, as bright on both sides. ``down``: each side's step taken
    down from the face only (a step up past a side counts as none, or less), for faces no
    darker than what lies beyond their own sides."""
    steps = _steps_of(_side_differences(crop, quad), down=down)
    strongest = max(steps)
    least = T.side_step_least if least is None else least
    return strongest > 0 and min(steps) <= least * strongest


def _side_steps(crop: np.ndarray, quad: np.ndarray) -> list[float]:
    """The step from the face to what lies beyond each side of ``quad`` (``crop`` pixels),
    as ``side_over_a_face`` measures it, side by side."""
    return _steps_of(_side_differences(crop, quad))


def _side_differences(crop: np.ndarray, quad: np.ndarray) -> list[np.ndarray]:
    """Across each side of ``quad``, the view ``_STEP_DEPTHS`` inside less as far outside, at
    each offset (``_STEP_OFFSETS``) and point along it (``_ALONG``): offsets x points."""
    gray = cv2.GaussianBlur(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), (0, 0), 1.5)
    gray = gray.astype(np.float32)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    centre = q.mean(0)
    differences = []
    for a, b in zip(q, np.roll(q, -1, axis=0), strict=True):
        n = _outward_normal(a, b, centre)
        line = (a + (b - a) * _ALONG)[None] + _STEP_OFFSETS[:, None, None] * n  # offsets x along
        inside = sum(_sample(gray, line - n * d) for d in _STEP_DEPTHS)
        outside = sum(_sample(gray, line + n * d) for d in _STEP_DEPTHS)
        differences.append(np.asarray(inside - outside))
    return differences


def _steps_of(
    differences: list[np.ndarray], kept: list[np.ndarray] | None = None, *, down: bool = False
) -> list[float]:
    """Each side's step from its ``differences`` (``_side_differences``): the median along
    it (over the points ``kept`` keeps, if given; 0 where it keeps none), at the offset where
    it is largest, up or down (``down``: the largest down, below 0 where the view beyond is
    brighter at every offset)."""
    steps = []
    for i, diff in enumerate(differences):
        if kept is not None:
            if not kept[i].any():
                steps.append(0.0)
                continue
            diff = diff[:, kept[i]]
        step = np.median(diff, axis=1) / len(_STEP_DEPTHS)
        steps.append(float(step.max() if down else np.abs(step).max()))
    return steps


_ALONG = np.linspace(0.1, 0.9, 24, dtype=np.float32)[:, None]  # points along a side, as shares


def side_across_its_white(
    crop: np.ndarray, white: np.ndarray, quad: np.ndarray, *, fitted: bool = False
) -> bool:
    """One side of ``quad`` (``crop`` pixels) runs across the card's white, not along its
    edge: just beyond it (``_BEYOND_A_SIDE``) the blob of card ``white`` the outline holds
    most of runs on along ``Tuning.across_white_share`` of it or more, and the side's step
    (``_side_steps``) is ``Tuning.across_white_step`` of the strongest side's or less. A
    card's side parts its white from what lies beyond it, even from a white card under it
    (its edge's shadow splits the two whites); an outline found on the edges of the cards
    under the top card may cut across the top card's face, leaving print past its side
    (tuning tilt_hard, clone, seed 1712001 seat 0: the 1 lime + 2 plum on top outlined
    short of its lime, its white running on past that side, read 2 plum).

    ``fitted``: an outline fitted into the white by its size alone, which may lie over a
    covered card with its side across the top card's face just short of its print (a guard
    seed's window light, own art, scene 299502 seat 4: a 2 plum read 1 plum). Print beyond
    the rest of the side makes a step there, so the step is taken where the white runs on
    only, and held to ``Tuning.across_white_fitted_step``: no step at all; and the white
    runs on past none of the outline's other sides (``Tuning.across_white_fitted_others``),
    as past a top card's own shadowless side over covered cards it runs on past another too;
    nor is a side whose white past it is a reflection's light, brighter than the card's
    (``Tuning.across_white_lit``): a sheen across a top card's side washes its step out."""
    _, labels = cv2.connectedComponents(white)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    inside = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(q).astype(np.int32)], 1)
    held = np.bincount(labels[inside > 0])
    if len(held) < 2 or held[1:].max() == 0:
        return False
    own = int(np.argmax(held[1:])) + 1
    blobs = labels.astype(np.float32)  # as remap samples it
    beyond = _lines_beyond(q, _BEYOND_A_SIDE)
    runs_on = [_nearest(blobs, line) == own for line in beyond]
    deep = [True] * 4
    if fitted:
        deep = _runs_on_a_symbol_deep(blobs, own, q)
    differences = _side_differences(crop, quad)  # sampled once for both measures below
    steps = _steps_of(differences)
    strongest = max(steps)
    on_edges = [step > T.side_step_least * strongest for step in steps]
    least = T.across_white_step
    shares = [float(np.mean(on)) for on in runs_on]
    lit = [False] * 4
    if fitted:
        steps, least = _steps_of(differences, runs_on), T.across_white_fitted_step
        gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
        card = float(np.median(gray[(labels == own) & (inside > 0)]))
        lit = [
            bool(on.any()) and np.median(_nearest(gray, line)[on]) > card + T.across_white_lit
            for line, on in zip(beyond, runs_on, strict=True)
        ]
    return strongest > 0 and any(
        share >= T.across_white_share
        and step <= least * strongest
        and not lit[i]
        and deep[i]
        and (not fitted or _runs_on_past_it_alone(shares, deep, on_edges, i))
        for i, (share, step) in enumerate(zip(shares, steps, strict=True))
    )


def _lines_beyond(q: np.ndarray, depth: float) -> list[np.ndarray]:
    """For each side of ``q``, its points (``_ALONG``) moved ``depth`` pixels out of ``q``."""
    centre = q.mean(0)
    return [
        a + (b - a) * _ALONG + depth * _outward_normal(a, b, centre)
        for a, b in zip(q, np.roll(q, -1, axis=0), strict=True)
    ]


def _runs_on_a_symbol_deep(blobs: np.ndarray, own: int, q: np.ndarray) -> list[bool]:
    """For each side of ``q``, whether the white blob ``own`` (of the labels ``blobs``) still
    runs on ``Tuning.across_white_fitted_depth`` of the outline's shorter side beyond it,
    along ``Tuning.across_white_share`` of it or more: only a card's face running on that far
    past a side can hold a symbol the side left out."""
    shorter = min(float(np.hypot(*(b - a))) for a, b in zip(q, np.roll(q, -1, axis=0), strict=True))
    lines = _lines_beyond(q, T.across_white_fitted_depth * shorter)
    return [float(np.mean(_nearest(blobs, line) == own)) >= T.across_white_share for line in lines]


def _runs_on_past_it_alone(
    shares: list[float], deep: list[bool], on_edges: list[bool], side: int
) -> bool:
    """The white runs on past ``side`` alone: past every other side, along
    ``Tuning.across_white_fitted_others`` of it or less (``shares``, side by side), or, past
    a side on an edge (``on_edges``: a step over ``Tuning.side_step_least`` of the strongest
    side's), along less than ``Tuning.across_white_share`` and less than a symbol deep
    (``deep``, ``_runs_on_a_symbol_deep``): a sliver of a card under it, past a covered
    card's own edge (tuning clone, window, seed 2314102 seat 1: along 0.25 of a side stepping
    as the strongest, the covered card's outline read 2 strawberry across a 2 banana + 2
    strawberry). A top card's own outline has more white past another side (scans, window,
    seed 1680003 seat 0, a 3 lime: 0.58; own, window, 1686003 seat 3, a 1 lime: 0.46 to
    0.83 past every other side)."""
    return all(
        s <= T.across_white_fitted_others
        or (s < T.across_white_share and on_edges[i] and not deep[i])
        for i, s in enumerate(shares)
        if i != side
    )


_BEYOND_A_SIDE = 3.0  # pixels beyond a side its white is looked for at


def _nearest(image: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``image`` at the points ``pts`` (..., 2), the nearest pixel's, 0 beyond the border."""
    xy = pts.astype(np.float32)
    return cv2.remap(
        image, xy[..., 0], xy[..., 1], cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT
    ).ravel()


_STEP_OFFSETS = np.arange(-2.0, 2.5, 1.0, dtype=np.float32)  # the side moved, pixels out
_STEP_DEPTHS = (2.0, 3.0, 4.0)  # pixels inside and outside a side the view is compared at


def _sample(gray: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``gray`` at the points ``pts`` (..., 2), bilinear, the border repeated beyond it."""
    xy = pts.astype(np.float32)
    return cv2.remap(
        gray, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def _clipped_along(
    clipped: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    n: np.ndarray,
    along: np.ndarray,
    out: np.ndarray,
) -> float:
    """The share of the points ``along`` the side ``a``-``b`` where the mask ``clipped`` is
    set at most of the distances ``out`` in the direction ``n``."""
    h, w = clipped.shape
    pts = (a + (b - a) * along)[None] + out[:, None, None] * n  # out x along x 2
    xy = np.rint(pts).astype(np.int32)
    seen = (xy[..., 0] >= 0) & (xy[..., 0] < w) & (xy[..., 1] >= 0) & (xy[..., 1] < h)
    hit = np.zeros(seen.shape, bool)
    hit[seen] = clipped[xy[..., 1][seen], xy[..., 0][seen]]
    return float((hit.mean(0) >= 0.5).mean())


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def covered_outline(img: np.ndarray, quad: np.ndarray) -> bool:
    """``covered_why`` says a reason."""
    return bool(covered_why(img, quad))


def covered_why(img: np.ndarray, quad: np.ndarray) -> str:
    """Evidence that another card lies over the card outlined by ``quad`` (image pixels), for
    a reader with no layout that must never claim a covered card: another card's side along
    one of its own sides inside it, or a side across it (``sides_across``)."""
    seen = _at_work_scale(img, quad)
    if seen is None:
        return "too small"
    crop, maps, q, _, _ = seen
    if _side_inside(maps.gray, q):
        return "another card's side inside the outline, along one of its sides"
    for a, b in _crossing_sides(crop, maps, q):
        return f"an edge across the outline {a.tolist()} {b.tolist()}"
    return ""


def sides_across(img: np.ndarray, quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Other cards' sides across the card outlined by ``quad`` (image pixels), as (start,
    end) in image pixels: long straight edges that run from well inside the outline to well
    outside it, with a face of this card's colour beyond them (``_crossing_sides``)."""
    seen = _at_work_scale(img, quad)
    if seen is None:
        return []
    crop, maps, q, origin, k = seen
    return [(a / k + origin, b / k + origin) for a, b in _crossing_sides(crop, maps, q)]


def _crossing_sides(
    crop: np.ndarray, maps: EdgeMaps, q: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The long straight edges of ``crop`` (at the working card scale) from well inside the
    outline ``q`` to well outside it, with another card's face beyond them: other cards'
    sides across it (the edges of the cards under a top card stop at its outline, and a
    symbol lies inside it). Beyond the sides of the cards under a top card whose outline is
    a little off lies the table, not a face. Looked at on the outline moved onto the card's
    edges (the outline found may sit a pixel or two off them)."""
    q = _tune(maps.dist, _tune(maps.dist, q[None]))[0]
    inset = T.crossing_inset * T.work_card_short
    poly = q.reshape(-1, 1, 2)
    t = np.linspace(0.0, 1.0, 9, dtype=np.float32)[:, None]
    lab: np.ndarray | None = None
    face = np.zeros(2, np.float32)
    out = []
    for a, b in _straight_sides(maps.edges):
        pts = a + (b - a) * t
        depth = np.array([cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in pts])
        if depth.max() > inset and depth.min() < -inset:
            if lab is None:
                lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
                face = _face_ab(lab, q)
            if _card_beyond(lab, q, pts[depth > 0], _unit(b - a), face):
                out.append((a, b))
    return out


def _at_work_scale(
    img: np.ndarray, quad: np.ndarray
) -> tuple[np.ndarray, EdgeMaps, np.ndarray, np.ndarray, np.ndarray] | None:
    """The surroundings of the card outlined by ``quad`` (image pixels) at the working card
    scale: (the copy, its edge maps, the outline there, the copy's origin in the image and
    its scale per axis). None when the card is too small."""
    short = _dims_of(quad)[0]
    k = T.work_card_short / max(short, 1.0)
    centre = quad.mean(0)
    around = centre + (quad - centre) * 1.5
    h, w = img.shape[:2]
    x0, y0 = (int(v) for v in np.maximum(np.floor(around.min(0)), 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(around.max(0)) + 1, (w, h)))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    size = (max(8, round((x1 - x0) * k)), max(8, round((y1 - y0) * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    crop = cv2.resize(img[y0:y1, x0:x1], size, interpolation=interp)
    kx, ky = size[0] / (x1 - x0), size[1] / (y1 - y0)
    q = ((quad - (x0, y0)) * (kx, ky)).astype(np.float32)
    origin = np.array([x0, y0], np.float32)
    return crop, EdgeMaps.of(crop), q, origin, np.array([kx, ky], np.float32)


def side_within(img: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's side lies within the outline ``quad`` (image pixels), all of it: a
    straight edge ``Tuning.side_within_length`` of the card's short side long or longer whose
    middle lies ``Tuning.side_within_depth`` of it inside the outline or deeper (moved onto
    the card's edges first, as ``covered_why`` does). A covering card turned a little from
    this one lays its side across part of it, short of the far side (a silver five's side
    over the covered card a second look framed beside it); print has no straight sides that
    long, and a card's own sides lie on its outline."""
    seen = _at_work_scale(img, quad)
    if seen is None:
        return False
    _, maps, q, _, _ = seen
    q = _tune(maps.dist, _tune(maps.dist, q[None]))[0]
    poly = q.reshape(-1, 1, 2)
    least = T.side_within_length * T.work_card_short
    t = np.linspace(0.0, 1.0, 9, dtype=np.float32)[:, None]
    for a, b in _straight_sides(maps.edges):
        if float(np.linalg.norm(b - a)) < least:
            continue
        depth = [cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in a + (b - a) * t]
        if float(np.median(depth)) >= T.side_within_depth * T.work_card_short:
            return True
    return False


def side_along_within(img: np.ndarray, quad: np.ndarray, side: np.ndarray) -> bool:
    """Another card's side runs within the outline ``quad`` (image pixels) along its ``side``
    (from its centre to that side's middle, ``side_towards_the_middle``): a straight edge
    (``_straight_sides``, at the working scale) within ``Tuning.along_within_angle`` degrees
    of that side, ``Tuning.along_within_least`` to ``Tuning.along_within_deepest`` of the
    short side inside it at both ends, over ``Tuning.along_within_length`` of the side's
    length or more. A covered card fitted whole at a card's size takes in a strip of the
    card over it along the side that card lies over: that card's edge runs inside the
    outline, straight beside its side (the top card's own side is its outline's)."""
    seen = _at_work_scale(img, quad)
    if seen is None:
        return False
    _, maps, q, _, scale = seen
    centre = q.mean(0)
    ends = [(a, b) for a, b in zip(q, np.roll(q, -1, axis=0), strict=True)]
    at = centre + np.asarray(side, np.float32) * scale
    a, b = min(ends, key=lambda e: float(np.linalg.norm((e[0] + e[1]) / 2 - at)))
    length = float(np.linalg.norm(b - a))
    u = (b - a) / max(length, 1e-6)
    inward = np.array([-u[1], u[0]], np.float32)
    if float((centre - a) @ inward) < 0.0:
        inward = -inward
    short = _dims_of(q)[0]
    for p, e in _straight_sides(maps.edges):
        v = (e - p) / max(float(np.linalg.norm(e - p)), 1e-6)
        if math.degrees(math.acos(min(1.0, abs(float(v @ u))))) > T.along_within_angle:
            continue
        depths = [float((x - a) @ inward) / short for x in (p, e)]
        if min(depths) < T.along_within_least or max(depths) > T.along_within_deepest:
            continue
        if abs(float((e - p) @ u)) >= T.along_within_length * length:
            return True
    return False


def _straight_sides(edges: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Straight edges at least ``Tuning.crossing_length`` long in all, longest first, as
    (start, end): the pieces of one straight line are one edge across gaps of up to
    ``Tuning.side_gap`` (a silver card's side is broken where it leaves the white card under
    it; a card's side over a yellow symbol of the card under it, as bright as the face in
    the brightest channel)."""
    w = T.work_card_short
    pieces = _segments(edges, T.side_piece * w)
    group = list(range(len(pieces)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    lines = _lines_of(pieces)
    for i, j in _near_parallel_pairs(lines):
        (p, u, n), (r, v, m) = lines[i], lines[j]
        if abs(float(u @ v)) < _ON_ONE_LINE:
            continue
        off = np.array([-u[1], u[0]], np.float32)
        ends = np.array([r - p, r + v * m - p], np.float32)
        if np.abs(ends @ off).max() > T.side_off:
            continue  # not on i's line
        along = np.sort(ends @ u)
        gap = max(float(along[0]) - n, -float(along[1]), 0.0)
        if gap <= T.side_gap * w:
            group[root(j)] = root(i)
    roots = [root(i) for i in range(len(pieces))]
    members_of: dict[int, list[int]] = {}
    for i, g in enumerate(roots):
        members_of.setdefault(g, []).append(i)
    length = [n for _, _, n in lines]
    sides: list[tuple[float, np.ndarray, np.ndarray]] = []
    for g in set(roots):
        members = members_of[g]
        # A piece alone: its length, as the sum from 0 of one term is.
        total = length[g] if len(members) == 1 else sum(length[i] for i in members)
        if total < T.crossing_length * w:
            continue
        p, u, _ = lines[g]
        ends = np.concatenate([np.array(pieces[i]) for i in members]) - p
        along = ends @ u
        sides.append((total, p + u * along.min(), p + u * along.max()))
    sides.sort(key=lambda x: -x[0])
    return [(a.astype(np.float32), b.astype(np.float32)) for _, a, b in sides]


def _lines_of(
    pieces: list[tuple[np.ndarray, np.ndarray]],
) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """Each piece (start, end) as (start, unit direction, length), all at once: the pieces'
    ends are whole pixels in float32, so each length is exact before its square root and is
    ``np.linalg.norm`` of the piece to the last bit, and the direction is the piece divided
    by it in float32, as ``_unit`` makes it."""
    if not pieces:
        return []
    ends = np.array(pieces, np.float32)  # pieces x (start, end) x 2
    d = ends[:, 1] - ends[:, 0]
    n = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])
    u = d / np.maximum(n, np.float32(1e-6))[:, None]
    return [(a, ui, ni) for (a, _), ui, ni in zip(pieces, u, n.tolist(), strict=True)]


_ON_ONE_LINE = math.cos(math.radians(4.0))  # pieces of one straight edge: this near parallel
# Pairs of pieces judged far from parallel at once, all of them together, with this much to
# spare over the exact test's rounding (it is made again on each pair left).
_PARALLEL_SLACK = 1e-5
_OFF_SLACK = 1e-2  # pixels, likewise for the distance of one piece's ends from another's line


def _near_parallel_pairs(
    lines: list[tuple[np.ndarray, np.ndarray, float]],
) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, in ``itertools.combinations`` order, of the pieces ``lines``
    (start, unit direction, length) that may lie on one line: within ``_ON_ONE_LINE`` of
    parallel, j's ends within ``Tuning.side_off`` of i's line. The others are left out all
    together in a few array operations rather than one pair at a time (a card's surroundings
    hold some forty pieces, near eight hundred pairs)."""
    if len(lines) < 2:
        return []
    p = np.array([a for a, _, _ in lines], np.float64)
    u = np.array([d for _, d, _ in lines], np.float64)
    q = p + u * np.array([n for _, _, n in lines], np.float64)[:, None]
    near = np.abs(u @ u.T) >= _ON_ONE_LINE - _PARALLEL_SLACK
    off = np.stack([-u[:, 1], u[:, 0]], 1)  # each piece's normal
    # |(j's end - i's start) . i's normal| for both of j's ends: rows i, columns j.
    start_off = np.abs(p @ off.T - np.sum(p * off, 1)[:, None].T).T
    end_off = np.abs(q @ off.T - np.sum(p * off, 1)[:, None].T).T
    near &= np.maximum(start_off, end_off) <= T.side_off + _OFF_SLACK
    return [(int(i), int(j)) for i, j in zip(*np.nonzero(np.triu(near, 1)), strict=True)]


_BEYOND = np.arange(4, 8, dtype=np.float32)  # pixels beyond an edge (working scale)


def _face_ab(lab: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The colour (Lab a and b) of the face outlined by ``q``: the brighter half of it, away
    from its sides (its print left out)."""
    inset = q.mean(0) + (q - q.mean(0)) * 0.8
    mask = np.zeros(lab.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.rint(inset).astype(np.int32)], 1)
    face = lab[mask > 0]
    bright = face[face[:, 0] >= np.median(face[:, 0])]
    return np.median(bright[:, 1:].astype(np.float32), axis=0)


def _card_beyond(
    lab: np.ndarray, q: np.ndarray, pts: np.ndarray, u: np.ndarray, face: np.ndarray
) -> bool:
    """Beyond an edge (direction ``u``) that runs inside the outline ``q`` at ``pts`` (seen
    from the outline's centre) lies a face of the colour of this one's (``face``, Lab a and
    b; within ``Tuning.beyond_card_ab``), as a covering card's white or silver face is under
    the same light. A top card's outline a few pixels off its edges (a silver face's edges
    are soft) crosses the sides of the cards under it, with the table beyond them, of
    another colour. A table of the cards' colour is taken for a card: the doubt stays."""
    n = np.array([-u[1], u[0]], np.float32)
    n = n if np.dot(q.mean(0) - pts.mean(0), n) > 0 else -n  # towards the outline's centre
    xy = pts[None] - _BEYOND[:, None, None] * n  # offsets x points x 2
    got = cv2.remap(lab, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR).reshape(-1, 3)
    beyond = np.median(got[:, 1:].astype(np.float32), axis=0)
    return float(np.linalg.norm(beyond - face)) <= T.beyond_card_ab


_ACROSS = np.arange(-6, 7, dtype=np.float32)  # pixels across a side (working scale): out, in


def _side_inside(gray: np.ndarray, q: np.ndarray) -> bool:
    """Another card's side lies along one of the outline's sides, inside it: a covering card
    that cuts this one straight along its side leaves a part in view that is a clean card
    shape, whose outline takes in a strip of the covering card. Across that side the
    brightness dips (the covering card's edge and its shadow) deeper inside than the outline
    can be off (``Tuning.crossing_inset``), with card white beyond the dip, out to the
    outline and past it. (A top card's own edge lies on its outline: its dip is within two
    pixels of it.)"""
    centre = q.mean(0)
    along = np.linspace(0.15, 0.85, 15, dtype=np.float32)[:, None]
    for a, b in zip(q, np.roll(q, -1, axis=0), strict=True):
        u = _unit(b - a)
        n = np.array([-u[1], u[0]], np.float32)
        n = n if np.dot(centre - a, n) > 0 else -n  # pointing into the card
        pts = a + (b - a) * along  # 15 points along the side
        xy = pts[None] + _ACROSS[:, None, None] * n  # across x along x 2
        prof = cv2.remap(gray, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR).astype(np.float32)
        prof = prof.mean(1)
        face = float(prof[-1])  # the face, six pixels in
        inner = np.flatnonzero(_ACROSS >= 0)
        dip = int(inner[np.argmin(prof[inner])])
        if (
            _ACROSS[dip] > T.crossing_inset * T.work_card_short
            and prof[dip] < T.edge_shade * face
            and float(prof[:dip].max()) >= T.edge_shade * face
        ):
            return True
    return False


def sheared_outlines(
    white: np.ndarray, ev: np.ndarray, local: np.ndarray, lo: float, hi: float
) -> list[np.ndarray]:
    """Outlines of a card a steep tilt shears and squeezes, when no card anywhere says how:
    parallelograms hung on a corner of the card white (its two sides there at any angle a
    tilt makes of a card's square corner, ``Tuning.sheared_corner_cos``), whose four sides
    all lie on edges (the far two, parallel to the near ones, found at every length at once),
    of an area from ``lo`` to ``hi`` and a squeeze a camera at a table gives
    (``Tuning.lone_squeeze``); the best supported first, up to ``Tuning.sheared_most``. The
    top card's white runs into the cards under it (no quad of white frames it), but its
    sides lie on whole edges, where a covered card's stop under the top card."""
    contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    h, w = ev.shape
    t = np.linspace(0.12, 0.88, 16, dtype=np.float32)
    side = math.sqrt(hi)  # no side of a card of area ``hi`` squeezed to 0.5 is longer
    lengths = np.arange(5.0, side * 1.6, 1.0, dtype=np.float32)
    bar = 0.85  # the least score: half the weakest side's share on edges, half their mean
    side_least = 2 * bar - 1

    def hits(pts: np.ndarray) -> np.ndarray:
        xi, yi = np.rint(pts[..., 0]).astype(np.int32), np.rint(pts[..., 1]).astype(np.int32)
        ok = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        out = np.zeros(xi.shape, bool)
        out[ok] = ev[yi[ok], xi[ok]] > 0
        return out.mean(-1)

    # Every corner's candidates by score, then their outlines judged best first, only until
    # enough are found: a dark, noisy view puts edges everywhere, and judging each of its
    # hundreds of thousands of candidates (a point-in-contour test and a squeeze each) took
    # most of a minute a frame. The stable sort keeps the order judging all would give.
    corners: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    scores: list[np.ndarray] = []
    picks: list[np.ndarray] = []
    for cnt in contours:
        if cv2.contourArea(cnt) < 0.5 * lo:
            continue
        for p, u, v in _corners(cnt, T.sheared_corner_cos):
            # Each side's share on edges, for every length of the other side (l1 along u,
            # l2 along v): the near sides depend on their own length, the far ones on both.
            near_u = hits(p + u * lengths[:, None, None] * t[None, :, None])  # (L,)
            near_v = hits(p + v * lengths[:, None, None] * t[None, :, None])
            # A near side under ``side_least`` keeps the score under ``bar`` whatever the
            # others: the far sides are looked for only beyond near sides that may pass.
            js = np.flatnonzero(near_u >= side_least)
            ks = np.flatnonzero(near_v >= side_least)
            if not len(js) or not len(ks):
                continue
            l1 = lengths[js, None, None, None]
            l2 = lengths[None, ks, None, None]
            tt = t[None, None, :, None]
            far_u = hits(p + u * l1 + v * l2 * tt)  # the side parallel to v, (J, K)
            far_v = hits(p + v * l2 + u * l1 * tt)
            sides = np.stack(
                np.broadcast_arrays(near_u[js, None], near_v[None, ks], far_u, far_v), -1
            )
            score = 0.5 * sides.min(-1) + 0.5 * sides.mean(-1)
            area = np.outer(lengths[js], lengths[ks]) * abs(float(u[0] * v[1] - u[1] * v[0]))
            jk = np.argwhere((score >= bar) & (area >= lo) & (area <= hi))
            scores.append(score[jk[:, 0], jk[:, 1]].astype(np.float64))
            picks.append(
                np.column_stack([np.full(len(jk), len(corners)), js[jk[:, 0]], ks[jk[:, 1]]])
            )
            corners.append((cnt, p, u, v))
    if not corners:
        return []
    ranked = np.concatenate(picks)[np.argsort(-np.concatenate(scores), kind="stable")]
    out: list[np.ndarray] = []
    for c, j, k in ranked:
        cnt, p, u, v = corners[c]
        quad = np.array(
            [p, p + u * lengths[j], p + u * lengths[j] + v * lengths[k], p + v * lengths[k]]
        )
        q = _order(quad.astype(np.float32))
        if any(float(np.abs(q - o).max()) < 4.0 for o in out):
            continue  # the same outline a pixel or two off, one as good or better kept
        centre = quad.mean(0)
        if cv2.pointPolygonTest(cnt, (float(centre[0]), float(centre[1])), False) < 0:
            continue
        if not _inside(centre, local) or foreshortening(quad)[0] < T.lone_squeeze:
            continue
        out.append(q)
        if len(out) == T.sheared_most:
            break
    return out

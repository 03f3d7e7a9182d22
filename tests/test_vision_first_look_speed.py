"""The first look's quicker white mask and outline candidates give exactly what the plain
versions (kept here as they were, the white mask's neighbourhood cap beside a reflection
stated pixel by pixel) give: the same white, reference, side fits and candidates on
rendered tuning views (plain, glare, dark) and on views made to take every branch (a small glare
spot, a clipped reflection falling off, a wide reflection, an empty view, a dim card beside a
reflection), and they skip work
that cannot change a result."""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import light, outlines
from halli_pi.vision.reader.light import (
    _GLARE_KERNEL,
    _LOCAL_KERNEL,
    _LOCAL_LEAST,
    _SPOT_OVER_FACE,
    _WHITE_MIN,
    _WHITE_OVER_TABLE,
    _coloured,
    _face_beside_wide_reflection,
    _white_mask,
)
from halli_pi.vision.reader.outlines import _Cand, _candidates, _fit_sides, _meet
from halli_pi.vision.reader.reading import _percentile_u8
from halli_pi.vision.reader.tuning import TUNING
from halli_pi.vision.render import default_zones, style_table


def _plain_white_mask(img: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """``light._white_mask`` as it was written before it was made quicker, with the
    neighbourhood cap beside a reflection (``Tuning.glare_local_cap``) stated the plain way:
    in a view reaching 240, card white stands out from its neighbourhood taken no higher
    than the cap, within a reflection's reach (``_plain_glare_reach``)."""
    b, g, r = cv2.split(img)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    faces = cv2.morphologyEx(v, cv2.MORPH_OPEN, _GLARE_KERNEL)
    spot = (v >= 240) & (v.astype(np.int16) > faces.astype(np.int16) + _SPOT_OVER_FACE)
    not_spot = ~spot
    pct = 96 if v.size < 60000 else 99.5
    thr = _percentile_u8(v[not_spot], pct)
    if light._clipped_falls_off(v):
        not_spot &= v < 250
        thr = _percentile_u8(v[not_spot], pct)
    neutral = mn.astype(np.int16) * 20 > v.astype(np.int16) * 11
    cap = _face_beside_wide_reflection(v, neutral & not_spot, thr)
    if cap is not None:
        not_spot &= v <= cap
        thr = _percentile_u8(v[not_spot], pct)
    sel = ((v >= thr) & not_spot & neutral).astype(np.uint8)
    stands_out = thr >= 1.12 * _percentile_u8(v, 20) or _coloured(v, mn)
    if cv2.countNonZero(sel) < 12 or thr < 50 or not stands_out:
        return np.zeros(v.shape, np.uint8), None
    illum = np.array(cv2.mean(img, mask=sel)[:3], np.float32) + np.float32(1e-3)
    nb, ng, nr = (
        c.astype(np.float32) * np.float32(1.0 / k) for c, k in zip((b, g, r), illum, strict=True)
    )
    nmax = cv2.max(cv2.max(nb, ng), nr)
    nmin = cv2.min(cv2.min(nb, ng), nr)
    table = _percentile_u8(mn, 20) / float(illum.min())
    bar = max(_WHITE_MIN, min((table + 1.0) / 2, table + _WHITE_OVER_TABLE))
    local = cv2.dilate(v, _LOCAL_KERNEL).astype(np.float32)
    cap = math.ceil(TUNING.glare_local_cap * float(illum.max()))
    if int(v.max()) >= 240 and cap < 240:
        # Beside a reflection the neighbourhood counts no higher than the cap.
        local = np.where(_plain_glare_reach(v, cap), np.minimum(local, cap), local)
    white = (
        (nmin > bar)
        & (nmax - nmin < 0.2 * nmax + 0.02)
        & (v.astype(np.float32) > 0.84 * local.astype(np.float32))
    ).astype(np.uint8)
    if cv2.countNonZero(white) > 0.6 * white.size:
        return np.zeros(v.shape, np.uint8), None
    return white * 255, illum


@functools.cache
def _plain_chamfer(size: int) -> np.ndarray:
    """The distance ``[dy, dx]`` between two pixels, for offsets below ``size``, in a 5 x 5
    chamfer's steps (a side step 1, a diagonal 1.4, a knight's move 2.1969, as OpenCV's
    L2 mask of 5 takes them): the cheapest path of such steps, every count of knight's moves
    tried (the rest diagonals, then side steps)."""
    dy, dx = np.mgrid[0:size, 0:size]
    lo, hi = np.minimum(dx, dy), np.maximum(dx, dy)
    table = np.full((size, size), np.inf)
    for k in range(size):
        fits = (k <= lo) & (2 * k <= hi)
        rest_hi, rest_lo = hi - 2 * k, lo - k
        cost = k * 2.1969 + np.minimum(rest_hi, rest_lo) * 1.4 + np.abs(rest_hi - rest_lo) * 1.0
        table = np.where(fits, np.minimum(table, cost), table)
    return table


def _plain_distance_to(pixels: np.ndarray, shape: tuple[int, int], table: np.ndarray):
    """Every pixel's chamfer distance to the nearest of ``pixels`` (rows of y, x)."""
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]]
    dist = np.full(shape, np.inf)
    for y, x in pixels:
        dist = np.minimum(dist, table[np.abs(yy - y), np.abs(xx - x)])
    return dist


def _plain_glare_reach(v: np.ndarray, cap: int) -> np.ndarray:
    """Where the neighbourhood cap beside a reflection holds, pixel by pixel: within
    ``Tuning.glare_local_reach`` radii (a disc of the patch's area) plus 3 (half the 7 x 7
    neighbourhood) of the nearest reflection, a patch at 240 or above (8 neighbours joined)
    of ``Tuning.glare_reach_least_px`` pixels or more; with no such patch, of the specks at
    240 lying in a patch above ``cap`` of ``Tuning.glare_lit_least_px`` pixels or more, with
    the largest such patch's radius. Distances are a 5 x 5 chamfer's (``_plain_chamfer``), in
    exact sums; OpenCV adds its steps rounded, within 1e-4 of them, which moves no pixel of
    these views across a reach's bound."""
    # Imported here, not with the module: every test worker imports every test module to
    # collect it, and SciPy (half a CPU-second to import) serves these tests alone.
    from scipy import ndimage

    table = _plain_chamfer(max(v.shape))
    eight = np.ones((3, 3), bool)
    glare, n = ndimage.label(v >= 240, structure=eight)
    big = [i for i in range(1, n + 1) if (glare == i).sum() >= TUNING.glare_reach_least_px]
    if big:
        nearest = np.full(v.shape, np.inf)
        within = np.zeros(v.shape, bool)
        for i in big:
            patch = glare == i
            reach = TUNING.glare_local_reach * math.sqrt(patch.sum() / math.pi) + 3
            dist = _plain_distance_to(np.argwhere(patch), v.shape, table)
            closer = dist < nearest
            within = np.where(closer, dist <= reach, within)
            nearest = np.where(closer, dist, nearest)
        return within
    lit, m = ndimage.label(v > cap, structure=eight)
    wide = [i for i in range(1, m + 1) if (lit == i).sum() >= TUNING.glare_lit_least_px]
    cored = [i for i in wide if (v[lit == i] >= 240).any()]
    if not cored:
        return np.zeros(v.shape, bool)
    reach = TUNING.glare_local_reach * math.sqrt(max((lit == i).sum() for i in cored) / math.pi)
    core = np.argwhere((v >= 240) & np.isin(lit, wide))
    return _plain_distance_to(core, v.shape, table) <= reach + 3


def _plain_fit_sides(cnt: np.ndarray, approx: np.ndarray) -> np.ndarray | None:
    """``outlines._fit_sides`` as it was written before it was made quicker."""
    pts = cnt.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        a, b = approx[i], approx[(i + 1) % 4]
        length = float(np.linalg.norm(b - a))
        if length < 4:
            return None
        u = (b - a) / length
        n = np.array([-u[1], u[0]], np.float32)
        if float(n @ ((a + b) / 2 - approx.mean(0))) < 0:
            n = -n
        rel = pts - a
        t, off = rel @ u, rel @ n
        sel = (t > 0.15 * length) & (t < 0.85 * length) & (off > -2.0) & (off < 2.0)
        if int(sel.sum()) < 5:
            return None
        vx, vy, x0, y0 = cv2.fitLine(pts[sel], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    corners = []
    for i in range(4):
        c = _meet(*lines[i - 1], *lines[i])
        if c is None or float(np.linalg.norm(c - approx[i])) > 0.25 * length:
            return None
        corners.append(c)
    return np.array(corners, np.float32)


def _plain_candidates(white, min_area, max_area, **kwargs) -> list[_Cand]:
    """``outlines._candidates`` as it was written before it was made quicker: every erosion
    counted from the white, and tried while nothing is found."""
    out: list[_Cand] = []
    for erode in (0, 1, 2):
        mask = (
            white if erode == 0 else cv2.erode(white, np.ones((3, 3), np.uint8), iterations=erode)
        )
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        for cnt in contours:
            area = cv2.contourArea(cnt)
            if area < min_area * 0.6:
                continue
            got = outlines._box_candidate(
                cnt, area, erode, min_area, max_area, kwargs.get("fit_corners", False)
            )
            if got is None and erode == 0:
                got = outlines._quad_candidate(cnt, area, min_area, max_area, kwargs.get("least"))
            if got is not None:
                out.append(got)
        if out:
            break
    return out


def _zone_crops(kind: str, style: str, seed: int) -> list[np.ndarray]:
    """The crops of a tuning scene's zones (each zone's box, cut to the frame)."""
    frame = bench_scene(kind, seed, 0.15, style).frame
    zones = style_table(style, seed)[1] if style else default_zones(6)
    crops = []
    for zone in zones:
        x, y, w, h = cv2.boundingRect(np.asarray(zone, np.float32))
        crop = frame[max(0, y) : y + h, max(0, x) : x + w]
        if crop.size:
            crops.append(np.ascontiguousarray(crop))
    return crops


@pytest.fixture(scope="module")
def rendered_crops() -> list[np.ndarray]:
    return [
        crop
        for kind, style, seed in (
            ("own", "", 222500),
            ("deluxe", "glare", 222501),
            ("clone", "dark", 222502),
        )
        for crop in _zone_crops(kind, style, seed)
    ]


def _card_on(table: int, size=(160, 200), face=225) -> np.ndarray:
    """A plain card face on a grey table, with a red symbol on it."""
    img = np.full((*size, 3), table, np.uint8)
    cv2.rectangle(img, (40, 30), (120, 150), (face, face, face), -1)
    cv2.circle(img, (80, 90), 15, (40, 40, 200), -1)
    return img


def _made_views() -> list[np.ndarray]:
    """Views that take each branch of the white mask."""
    spot = _card_on(90)
    cv2.circle(spot, (70, 60), 3, (255, 255, 255), -1)  # a small glare spot
    wide = _card_on(70, face=170)
    cv2.circle(wide, (80, 110), 22, (252, 252, 252), -1)  # a clipped reflection ...
    cv2.circle(wide, (80, 110), 28, (235, 235, 235), 6)  # ... falling off into the face
    pale = np.full((120, 120, 3), 215, np.uint8)  # a pale table and nothing on it
    empty = np.full((120, 120, 3), 30, np.uint8)
    return [
        _card_on(90),
        spot,
        wide,
        pale,
        empty,
        _card_on(200),
        _dim_card_with_reflection(400.0, 9.0, (160, 180)),  # a reflection: the cap, its reach
        _dim_card_with_reflection(121.0, 12.0, (220, 300)),  # a reflection's core just at 240
    ]


def _dim_card_with_reflection(peak: float, spread: float, size: tuple[int, int]) -> np.ndarray:
    """A dim card (level 120) on a dark cloth (20) with a lamp's reflection near its left
    side, a Gaussian spot of ``peak`` over the face and ``spread`` pixels, cut at 255."""
    h, w = size
    img = np.full((h, w, 3), 20, np.float32)
    img[30:130, 40:150] = 120
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    spot = peak * np.exp(-((xx - 60) ** 2 + (yy - 80) ** 2) / (2 * spread**2))
    img[30:130, 40:150] += spot[30:130, 40:150, None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _same_white(a, b) -> bool:
    (wa, ia), (wb, ib) = a, b
    same_ref = (ia is None and ib is None) or (
        ia is not None and ib is not None and np.array_equal(ia, ib)
    )
    return wa.dtype == wb.dtype and np.array_equal(wa, wb) and same_ref


def test_the_white_mask_is_the_plain_ones_on_rendered_views(rendered_crops) -> None:
    assert len(rendered_crops) >= 12
    for crop in rendered_crops:
        assert _same_white(_white_mask(crop), _plain_white_mask(crop))


def test_the_white_mask_is_the_plain_ones_on_every_branch() -> None:
    views = _made_views()
    found = [_white_mask(view)[1] is not None for view in views]
    assert found[0] and not found[3] and not found[4]  # a card found; a bare table is no card
    for view in views:
        assert _same_white(_white_mask(view), _plain_white_mask(view))


def test_a_view_far_below_the_sensors_top_takes_no_glare_opening(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(light, "_not_glare_spot", lambda v: calls.append(v) or v)
    _white_mask(_card_on(90))  # nothing near the glare level
    assert calls == []


def test_standing_out_locally_is_the_float_comparison_at_every_pair_of_levels() -> None:
    levels = np.arange(256, dtype=np.float32)
    by_float = levels[None, :] > 0.84 * levels[:, None]  # [local, v]
    by_table = np.arange(256)[None, :] >= _LOCAL_LEAST.astype(np.int64)[:, None]
    assert np.array_equal(by_float, by_table)


def test_the_wide_reflection_cap_takes_a_boolean_or_an_8_bit_mask() -> None:
    img = _made_views()[2]
    v = img.max(2)
    neutral = img.min(2).astype(np.int16) * 20 > v.astype(np.int16) * 11
    thr = _percentile_u8(v, 96)
    as_bool = _face_beside_wide_reflection(v, neutral, thr)
    assert as_bool == _face_beside_wide_reflection(v, neutral.astype(np.uint8) * 255, thr)


def _outlines_of(white: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each blob's outline and its hull simplified to four corners, as the candidates take them."""
    contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    pairs = []
    for cnt in contours:
        hull = cv2.convexHull(cnt)
        approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            pairs.append((cnt, approx.reshape(4, 2).astype(np.float32)))
    return pairs


def test_side_fits_are_the_plain_ones(rendered_crops) -> None:
    pairs = [p for crop in rendered_crops for p in _outlines_of(_white_mask(crop)[0])]
    assert len(pairs) >= 5
    fitted = 0
    for cnt, approx in pairs:
        quick, plain = _fit_sides(cnt, approx), _plain_fit_sides(cnt, approx)
        assert (quick is None) == (plain is None)
        if quick is not None:
            fitted += 1
            assert np.array_equal(quick, plain)
    assert fitted >= 3


def _same_cands(a: list[_Cand], b: list[_Cand]) -> bool:
    return [(c.corners.tobytes(), c.area, c.rectness, c.steep) for c in a] == [
        (c.corners.tobytes(), c.area, c.rectness, c.steep) for c in b
    ]


def test_candidates_are_the_plain_ones(rendered_crops) -> None:
    whites = [_white_mask(crop)[0] for crop in rendered_crops]
    found = 0
    for white in whites:
        lo, hi = 0.1 * white.size, 0.9 * white.size
        for kwargs in ({}, {"fit_corners": True}, {"fit_corners": True, "least": 0.5}):
            quick = _candidates(white, lo, hi, **kwargs)
            assert _same_cands(quick, _plain_candidates(white, lo, hi, **kwargs))
            found += bool(quick)
    assert found >= 6


def test_a_blob_too_small_for_a_card_is_not_eroded(monkeypatch) -> None:
    white = np.zeros((100, 100), np.uint8)
    white[10:20, 10:30] = 255  # 20 x 10: no outline in it can enclose 400 pixels
    erosions = []
    real_erode = cv2.erode
    monkeypatch.setattr(
        outlines.cv2, "erode", lambda *a, **k: erosions.append(1) or real_erode(*a, **k)
    )
    assert _candidates(white, 400 / 0.6, 5000) == []
    assert erosions == []
    white[50:70, 10:80] = 255  # 70 x 20: room for 400, but no card's shape: erosions are tried
    quick = _candidates(white, 400 / 0.6, 5000)
    assert len(erosions) == 2  # once, and once more
    assert _same_cands(quick, _plain_candidates(white, 400 / 0.6, 5000))

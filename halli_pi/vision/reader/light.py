"""Light: card white judged from the faces (not from glare), a card's colours normalised by its own
white, and glare that may hide print."""

from __future__ import annotations

import math

import cv2
import numpy as np

from halli_pi.vision.outline import brightest, darkest_channel
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.reading import (
    _EXACT_COUNTS,
    _percentile_u8,
    median_1d,
    same_image_once,
)
from halli_pi.vision.reader.rim_fit import fit_to_rim, quadratic_terms
from halli_pi.vision.reader.tuning import TUNING as T


def _white_mask(img: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Pixels of card white, judged against the brightest neutral pixels of ``img``.
    (Per-channel work goes through OpenCV: numpy reductions over the channel axis are slow.
    This runs on every first look: the view's levels are counted once and reused, and the
    glare and clipping checks are skipped when no pixel comes near the sensor's top.)"""
    b, g, r = cv2.split(img)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    v_top = int(cv2.minMaxLoc(v)[1])
    v_counts = _level_counts(v)
    # The white reference comes from the card faces, not from glare: a lamp's reflection
    # (near the sensor's top, in spots smaller than a fifth of a card, which an opening wipes
    # out) is left out before the brightest pixels are taken. (Bright print, a banana's
    # yellow on a silver face, is no glare: it keeps its part in the reference, as it must.)
    # A zone crop is a good part card; a whole frame may hold a single card.
    not_spot = _not_glare_spot(v) if v_top >= _GLARE_LEVEL else None  # None: no pixel is glare
    pct = 96 if v.size < 60000 else 99.5
    thr = _reference_level(v, v_counts, not_spot, pct)
    # A larger reflection is no small spot, and its clipped core is no measure of the faces'
    # white: its colour is the lamp's (neutral, where a warm light leaves the faces warm) and
    # clipped. A reflection falls off smoothly into the face around it, where a face lit to
    # the sensor's top all over (which is the white) ends at its card's edge: when most of
    # what rings the clipped pixels is still nearly as bright, the reference is taken below
    # the sensor's top.
    falls_off = v_top >= _CLIPPED and _clipped_falls_off(v)
    if falls_off:
        not_spot = _both(not_spot, cv2.compare(v, _CLIPPED, cv2.CMP_LT))  # type: ignore[call-overload]
        thr = _reference_level(v, v_counts, not_spot, pct)
    # neutral: saturation (v - mn) / v below 0.45 (0 or 1 per pixel)
    neutral = (mn.astype(np.int16) * 20 > v.astype(np.int16) * 11).view(np.uint8)
    cap = _face_beside_wide_reflection(v, _both(not_spot, neutral), thr)
    if cap is not None:
        # v <= cap, for 8-bit levels: v <= floor(cap)
        below_cap = cv2.compare(v, math.floor(cap), cv2.CMP_LE)  # type: ignore[call-overload]
        not_spot = _both(not_spot, below_cap)
        thr = _reference_level(v, v_counts, not_spot, pct)
    sel = _both(not_spot, cv2.bitwise_and(cv2.compare(v, thr, cv2.CMP_GE), neutral))  # type: ignore[call-overload]
    # Card white must stand out from the table (the darker fifth of the view); otherwise the
    # brightest pixels are just the table. A silver face is hardly brighter than a light
    # table, but it stands out as neutral on a coloured one.
    stands_out = thr >= 1.12 * _percentile_of_counts(v_counts, 20) or _coloured(v, mn)
    if not stands_out and falls_off:
        # A warm table a window's light clips in its brightest channel rings a card lit to
        # the sensor's top as a reflection's falloff would: the clipped neutral pixels are
        # the card white when they stand out from the table in their darkest channel
        # (clipped in every channel, where the table is clipped in its brightest).
        clipped = cv2.compare(mn, _GLARE_LEVEL, cv2.CMP_GE)  # type: ignore[call-overload]
        if _neutral_over_clipped_table(mn, clipped):
            sel, thr, stands_out = clipped, float(_CLIPPED), True
    planes = (b, g, r, v, mn)
    if falls_off and stands_out and thr < _CLIPPED:
        # The reference was taken below the sensor's top, as beside a reflection: but when
        # it is a tinted table a window's light lifts towards white, the pixels clipped in
        # every channel (the faces) are too unlike its tint to pass for white, where a lamp's
        # clipped core on a face passes (``_clipped_faces_left_out``).
        clipped = cv2.compare(mn, _GLARE_LEVEL, cv2.CMP_GE)  # type: ignore[call-overload]
        if _clipped_faces_left_out(img, planes, sel, clipped) and _neutral_over_clipped_table(
            mn, clipped
        ):
            sel, thr = clipped, float(_CLIPPED)
    if cv2.countNonZero(sel) < 12 or thr < 50 or not stands_out:
        return np.zeros(v.shape, np.uint8), None
    white, illum = _white_from(img, planes, sel, beside_glare=v_top >= _GLARE_LEVEL)
    if cv2.countNonZero(white) > 0.6 * white.size:
        # No pile covers most of what is read around a zone: that "white" is a pale table.
        return np.zeros(v.shape, np.uint8), None
    return white, illum


def _white_from(
    img: np.ndarray, planes: tuple[np.ndarray, ...], sel: np.ndarray, beside_glare: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Card white in ``img`` (``planes``: its b, g, r, brightest and darkest channels) with
    the white reference the mean of the pixels ``sel``: what is near neutral, as bright as
    the reference, above the table, and standing out locally (``beside_glare``: the view
    holds a reflection, whose falloff is no neighbour to stand out from)."""
    b, g, r, v, mn = planes
    illum = np.array(cv2.mean(img, mask=sel)[:3], np.float32) + np.float32(1e-3)
    nb, ng, nr = (
        c.astype(np.float32) * np.float32(1.0 / k) for c, k in zip((b, g, r), illum, strict=True)
    )
    nmax = cv2.max(cv2.max(nb, ng), nr)
    nmin = cv2.min(cv2.min(nb, ng), nr)
    # Card white is brighter than the table: on a pale table (beige, light wood, a white
    # cloth) the bar rises above the table (the darker fifth of the view), else the table
    # itself would pass for white; by a tenth at most, so a silver face still clears it.
    table = _percentile_u8(mn, 20) / float(illum.min())
    bar = max(_WHITE_MIN, min((table + 1.0) / 2, table + _WHITE_OVER_TABLE))
    # Local contrast splits cards from the (shadowed) edges of the cards under them.
    local = cv2.dilate(v, _LOCAL_KERNEL)
    cap = _glare_local_cap(illum) if beside_glare else None
    if cap is not None:
        # A reflection is no neighbour to stand out from: beside its bright falloff a face
        # would fall short of it, and a reflection at a card's side would cut the side away.
        # Only within a reflection's reach (``_within_glare_reach``): views far from it are
        # judged by their whole neighbourhood, bright as it may be.
        local = np.where(_within_glare_reach(v, cap), cv2.min(local, cap), local)
    stands = cv2.compare(v, cv2.LUT(local, _LOCAL_LEAST), cv2.CMP_GE).view(bool)
    white = ((nmin > bar) & (nmax - nmin < 0.2 * nmax + 0.02) & stands).view(np.uint8)
    return white * np.uint8(255), illum


def _clipped_faces_left_out(
    img: np.ndarray, planes: tuple[np.ndarray, ...], sel: np.ndarray, clipped: np.ndarray
) -> bool:
    """The pixels ``clipped`` in every channel are as much of the view as a card's face
    (``Tuning.clipped_faces_least``) and the white the reference pixels ``sel`` give leaves
    most of them out (``Tuning.clipped_faces_white_most`` or less of them in it; all, when
    too few pixels give a reference): the reference is not the faces' but a tinted table's,
    clipped in its brightest channel."""
    n = cv2.countNonZero(clipped)
    if n < T.clipped_faces_least * clipped.size:
        return False
    if cv2.countNonZero(sel) < 12:
        return True
    white, _ = _white_from(img, planes, sel)
    return cv2.countNonZero(cv2.bitwise_and(clipped, white)) <= T.clipped_faces_white_most * n


def _glare_local_cap(illum: np.ndarray) -> int | None:
    """The highest neighbourhood level card white is asked to stand out from, in a view
    with a reflection: ``Tuning.glare_local_cap`` times the white reference's brightest
    channel (``illum``). None when that reaches a reflection's level (``_GLARE_LEVEL``): a
    white lit so near the sensor's top has no reflection standing above it to set aside,
    its clipped pixels are the faces themselves, and a cap would only let in the dimmer
    rims between stacked cards that the local contrast keeps apart (tuning dark own seed
    200525 seat 5: a face lifted to the top all over, its white grown over the rim into the
    covered cards' and its outline shifted onto the table)."""
    cap = math.ceil(T.glare_local_cap * float(illum.max()))
    return cap if cap < _GLARE_LEVEL else None


def _within_glare_reach(v: np.ndarray, cap: int) -> np.ndarray:
    """True where a pixel of ``v`` lies within a reflection's reach: no farther from the
    nearest reflection (pixels at ``_GLARE_LEVEL`` or above, each joined patch one) than
    ``Tuning.glare_local_reach`` times that reflection's radius (the radius of a disc of its
    area), plus the neighbourhood's own reach (half of ``_LOCAL_KERNEL``). A reflection's
    falloff spreads about in proportion to its size; a bright view well away from it is no
    falloff, and is asked to stand out from its whole neighbourhood as in a view with none.
    A patch of fewer than ``Tuning.glare_reach_least_px`` pixels is no reflection; but when
    no patch is one, specks lying in a patch above the ``cap`` of at least
    ``Tuning.glare_lit_least_px`` pixels are a reflection's core just reaching the glare
    level, its size that patch's."""
    glare = cv2.compare(v, _GLARE_LEVEL, cv2.CMP_GE)  # type: ignore[call-overload]
    _n, patches, stats, _ = cv2.connectedComponentsWithStats(glare, connectivity=8)
    # A speck at the glare level (a compression's ringing on a face) is no reflection.
    big = stats[:, cv2.CC_STAT_AREA] >= T.glare_reach_least_px
    big[0] = False  # the background
    half = np.float32(_LOCAL_KERNEL.shape[0] // 2)
    if big.any():
        not_glare = np.where(big[patches], np.uint8(0), np.uint8(255))
        dist, labels = cv2.distanceTransformWithLabels(
            not_glare, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_CCOMP
        )
        area = np.bincount(labels[not_glare == 0].ravel(), minlength=int(labels.max()) + 1)
        radius = np.sqrt(area.astype(np.float32) / np.float32(math.pi))
        reach = np.float32(T.glare_local_reach) * radius + half
        return np.asarray(dist <= reach[labels])
    above = cv2.compare(v, cap, cv2.CMP_GT)  # type: ignore[call-overload]
    _m, lit, lit_stats, _ = cv2.connectedComponentsWithStats(above, connectivity=8)
    wide = lit_stats[:, cv2.CC_STAT_AREA] >= T.glare_lit_least_px
    wide[0] = False  # the background
    core = (glare > 0) & wide[lit]
    if not core.any():
        return np.zeros(v.shape, bool)
    area_lit = int(lit_stats[np.unique(lit[core]), cv2.CC_STAT_AREA].max())
    reach_lit = np.float32(T.glare_local_reach) * np.sqrt(np.float32(area_lit / math.pi)) + half
    dist = cv2.distanceTransform(np.where(core, np.uint8(0), np.uint8(255)), cv2.DIST_L2, 5)
    return np.asarray(dist <= reach_lit)


def white_on_pale_table(img: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Card white in a view whose table is pale (grey, beige, near white) and perhaps lit
    from one side, where ``_white_mask`` found none: its darker fifth is not the table (the
    table is most of the view, as bright as card white's darker parts), and card white
    stands too little above it, or the table passes for white. A pale table is still darker
    than card white, and flat: light from one side changes its level slowly, as a plane over
    the view. The table's darkest channel is fitted as such a plane to the view's rim (where
    the table lies around a pile) and the view divided by it (``_table_plane``): the table
    is then 1 all over, card white a ratio above it, and white is what stands halfway up
    from the table to the white's level. None when the rim is no flat table
    (``Tuning.pale_table_flat``), or the white stands less than ``Tuning.pale_white_over``
    above it or more than ``Tuning.pale_white_most`` (a dark table), or what passes covers
    more than most of the view (then it is the table)."""
    h, w = img.shape[:2]
    none = np.zeros((h, w), np.uint8), None
    mn = cv2.min(cv2.min(img[..., 0], img[..., 1]), img[..., 2]).astype(np.float32)
    # A camera's noise (shot noise near the sensor's top) spreads the pale table's pixels
    # about as far as card white stands above it: smoothed a little first.
    mn = np.asarray(cv2.GaussianBlur(mn, (0, 0), T.pale_smooth), np.float32)
    plane = _table_plane(mn)
    if plane is None:
        return none
    u = mn / np.maximum(plane, np.float32(1.0))
    v = cv2.max(cv2.max(img[..., 0], img[..., 1]), img[..., 2])
    neutral = mn * 20 > v.astype(np.float32) * 11
    top = float(np.percentile(u[neutral], 96)) if neutral.any() else 0.0
    if top < T.pale_white_over or top > T.pale_white_most:
        # Card white too near the table's level to tell, or so far above it that the table
        # is no pale one: a dark table is the usual check's (and low light's lift).
        return none
    local = cv2.dilate(v, _LOCAL_KERNEL)
    stands = cv2.compare(v, cv2.LUT(local, _LOCAL_LEAST), cv2.CMP_GE).view(bool)
    white = (u > (1.0 + top) / 2) & neutral & stands
    if np.count_nonzero(white) > 0.6 * white.size or np.count_nonzero(white) < 12:
        return none
    illum = np.array(cv2.mean(img, mask=(white & (u >= top * 0.98)).view(np.uint8))[:3], np.float32)
    if not (illum > 0).all():
        return none
    return white.view(np.uint8) * np.uint8(255), illum + np.float32(1e-3)


def _table_plane(level: np.ndarray) -> np.ndarray | None:
    """The table's level over the view (``level``: one channel, float), fitted as a plane
    to the view's rim (``Tuning.pale_table_rim`` pixels wide), twice: the second time
    without the rim's pixels far from the first plane (a pile or an arm across the rim).
    None when the rim left is no flat table: less than half of it, or spread more than
    ``Tuning.pale_table_flat`` of its level around the plane."""
    h, w = level.shape
    k = T.pale_table_rim
    if h <= 4 * k or w <= 4 * k:
        return None
    rim = np.zeros((h, w), bool)
    rim[:k], rim[-k:], rim[:, :k], rim[:, -k:] = True, True, True, True
    ys, xs = np.nonzero(rim)
    a = np.stack([np.ones(xs.size, np.float32), xs / w, ys / h], 1).astype(np.float32)
    z = level[ys, xs]
    # First the rim's most common level (the table's: a pile or an arm crosses less of it),
    # within a side light's change across the view.
    counts = np.bincount(np.clip(z, 0, 255).astype(np.int32) // 4, minlength=64)
    common = 4.0 * float(np.argmax(np.convolve(counts, np.ones(3), "same"))) + 2.0
    keep = np.abs(z - common) < T.pale_table_ramp * max(common, 1.0)
    fit = np.zeros(3, np.float32)
    for _ in range(2):
        if np.count_nonzero(keep) < 3:
            return None
        fit = np.linalg.lstsq(a[keep], z[keep], rcond=None)[0]
        off = np.abs(z - a @ fit) / max(float(fit[0]), 1.0)
        keep = off < 2 * T.pale_table_flat
    if np.count_nonzero(keep) < 0.5 * z.size:
        return None
    spread = float(np.median(np.abs(z[keep] - a[keep] @ fit))) / (0.6745 * max(float(fit[0]), 1.0))
    if spread > T.pale_table_flat:
        return None
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return (fit[0] + fit[1] * xx / w + fit[2] * yy / h).astype(np.float32)


_LOCAL_KERNEL = np.ones((7, 7), np.uint8)
# Standing out from the neighbourhood is ``v > 0.84 * local`` in float32; for 8-bit levels that
# is ``v >= _LOCAL_LEAST[local]``, the least level that passes, found once for every level.
_LOCAL_LEAST = np.argmax(
    np.arange(256, dtype=np.float32)[None, :] > 0.84 * np.arange(256, dtype=np.float32)[:, None],
    axis=1,
).astype(np.uint8)


def _both(mask: np.ndarray | None, other: np.ndarray) -> np.ndarray:
    """Pixels in both 8-bit masks (nonzero in each); ``None`` stands for every pixel."""
    return other if mask is None else cv2.bitwise_and(mask, other)


def _not_glare_spot(v: np.ndarray) -> np.ndarray:
    """255 where ``v`` is no small glare spot: below the glare level, or not standing
    ``_SPOT_OVER_FACE`` above what an opening of a fifth of a card leaves (an opening is
    never above ``v``: the saturated difference is the exact one)."""
    faces = cv2.morphologyEx(v, cv2.MORPH_OPEN, _GLARE_KERNEL)
    spot = cv2.bitwise_and(
        cv2.compare(v, _GLARE_LEVEL, cv2.CMP_GE),  # type: ignore[call-overload]
        cv2.compare(cv2.subtract(v, faces), _SPOT_OVER_FACE, cv2.CMP_GT),  # type: ignore[call-overload]
    )
    return cv2.bitwise_not(spot)


def _level_counts(v: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """How many pixels of ``v`` (under ``mask``, when given) hold each 8-bit level: exact
    integers, counted by OpenCV while its float counts are exact, else by numpy."""
    if v.size < _EXACT_COUNTS:
        return cv2.calcHist([v], [0], mask, [256], [0, 256]).ravel().astype(np.int64)
    return np.bincount((v if mask is None else v[mask > 0]).ravel(), minlength=256)


def _percentile_of_counts(counts: np.ndarray, q: float) -> float:
    """``_percentile_u8`` from the counts of levels."""
    cum = counts.cumsum()
    return float(np.searchsorted(cum, q / 100.0 * cum[-1]))


def _reference_level(
    v: np.ndarray, v_counts: np.ndarray, mask: np.ndarray | None, pct: float
) -> float:
    """The ``pct`` percentile of ``v`` under ``mask`` (``None``: all of ``v``, counted once)."""
    return _percentile_of_counts(v_counts if mask is None else _level_counts(v, mask), pct)


_GLARE_KERNEL = np.ones((11, 11), np.uint8)  # a fifth of a card at the working scale
_SPOT_OVER_FACE = 20  # grey levels a small spot stands above what the opening leaves: glare
_GLARE_LEVEL = 240  # a reflection of a lamp is near the sensor's top
_CLIPPED = 250  # a pixel whose brightest channel is this high is clipped at the sensor's top
_RING_KERNEL = np.ones((5, 5), np.uint8)  # what rings clipped pixels: two pixels out


def _clipped_falls_off(v: np.ndarray) -> bool:
    """Clipped pixels in ``v`` that fall off smoothly into what surrounds them: the core
    of a reflection, not a face lit to the sensor's top."""
    clipped = (v >= _CLIPPED).astype(np.uint8)
    if not clipped.any():
        return False
    ring = cv2.dilate(clipped, _RING_KERNEL) - clipped
    n_ring = cv2.countNonZero(ring)
    falloff = cv2.countNonZero(ring & (v >= T.falloff_level).astype(np.uint8))
    return n_ring > 0 and falloff >= T.falloff_share * n_ring


def _face_beside_wide_reflection(v: np.ndarray, bright: np.ndarray, thr: float) -> float | None:
    """The highest level the white reference may be taken at (a little above the faces' most
    common level), when a reflection wider than a spot fills the view's brightest few
    percent (``thr`` and above, the ``bright`` neutral pixels there averaged into the
    reference) and takes the reference far above the faces around it. A small view holds a
    card or two: a lamp's reflection a quarter of a card wide, on a dim face, is more than
    those few percent, and the faces fall below the bar that its falloff sets (holes in
    their white, or no whole card found). None when no reflection stands well above the
    faces, or the brightest pixels are the faces' own. (``bright``: a boolean or 8-bit mask.)"""
    # Judged on every other pixel of every other row: levels and shares, not shapes (this
    # runs on every first look).
    v = np.ascontiguousarray(v[::2, ::2])
    # A reflection stands well above the faces, and the faces above halfway from the table
    # (the darker fifth of the view) to the brightest: nothing brighter, no reflection.
    floor = (_percentile_u8(v, 20) + thr) / 2
    if float(cv2.minMaxLoc(v)[1]) < floor * T.wide_reflection_peak:
        return None
    # The faces' level: the most common one among the bright neutral pixels above the floor,
    # counted per level (every statistic below is one of the counts).
    mask = np.ascontiguousarray(bright[::2, ::2]).view(np.uint8)
    hist = cv2.calcHist([v], [0], mask, [256], [0, 256]).ravel()
    counts = hist.astype(np.int64)
    counts[: min(256, math.ceil(floor))] = 0  # v >= floor
    n_levels = int(counts.sum())
    if n_levels < T.wide_reflection_face * v.size:
        return None
    smooth = cv2.GaussianBlur(
        counts.astype(np.float32).reshape(1, -1), (0, 0), T.wide_reflection_smooth
    )
    face = float(np.argmax(smooth))
    peak = int(counts[face * T.wide_reflection_peak <= _LEVELS].sum())  # neutral: not print
    if peak < T.wide_reflection_least * v.size:
        return None
    at_top = thr <= _LEVELS
    n_top = int(counts[at_top].sum())
    if n_top == 0 or float(int((counts[at_top] * _LEVELS[at_top]).sum())) / n_top <= face * (
        T.wide_reflection_over_face
    ):
        return None
    return face * T.wide_reflection_over_face


_LEVELS = np.arange(256, dtype=np.int64)


def _neutral_over_clipped_table(mn: np.ndarray, sel: np.ndarray) -> bool:
    """The pixels ``sel`` (a face clipped in every channel) stand out from the table in their
    darkest channel (``Tuning.white_darkest_over_table`` times the view's darker fifth's): a
    warm table a window's light clips in its brightest channel is as bright as card white
    there, but not as neutral."""
    if cv2.countNonZero(sel) < 12:
        return False
    return float(cv2.mean(mn, mask=sel)[0]) >= T.white_darkest_over_table * max(
        1.0, _percentile_u8(mn, 20)
    )


_WHITE_MIN = 0.6  # card white, as a share of the white reference, on a dark or coloured table
_WHITE_OVER_TABLE = 0.1  # how far above a pale table card white must stand


def _coloured(v: np.ndarray, mn: np.ndarray) -> bool:
    """Most of the view (the table) is clearly coloured: saturation 0.4 or more."""
    small_v = v[::4, ::4].astype(np.float32)
    sat = (small_v - mn[::4, ::4]) / np.maximum(small_v, 1.0)
    return float(np.median(sat)) >= 0.4


def washed_by_glare(crop: np.ndarray, white: np.ndarray) -> np.ndarray | None:
    """Where a reflection lights the view above the card white (a 0/1 mask of ``crop``),
    with its rim: there the thin shadows between stacked cards, and the edge between a card
    and a light table, are washed out. None when nothing stands above the white (the white
    itself lit to the sensor's top leaves nothing to tell a reflection by)."""
    if not white.any():
        return None
    v = brightest(crop)
    level = min(
        _percentile_u8(v[white > 0], T.washed_white_pct) + T.washed_over_white, T.washed_clipped
    )
    washed = cv2.compare(v, level, cv2.CMP_GE)  # type: ignore[call-overload]
    washed = cv2.morphologyEx(washed, cv2.MORPH_OPEN, _SPECK_KERNEL)
    if not washed.any():
        return None
    rim = 2 * T.washed_rim + 1
    return cv2.dilate(washed, np.ones((rim, rim), np.uint8)) // 255


_SPECK_KERNEL = np.ones((3, 3), np.uint8)  # a speck of noise is no reflection


_CLOSE_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))


def card_margin(width: int) -> int:
    """Border of the upright card left out of the symbols (its edge, a shadow, a neighbour)."""
    return max(2, round(width * 0.03))


@same_image_once
def normalised_face(card_img: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """White-normalise the upright card; return (Lab image, ink mask, white reference)."""
    f = card_img.astype(np.float32)
    b8, g8, r8 = cv2.split(card_img)
    v8 = cv2.max(cv2.max(b8, g8), r8)
    h, w = v8.shape
    m = card_margin(w)
    thr = _percentile_u8(v8[m:-m, m:-m], 55)
    # The face: bright and neutral (a yellow symbol on silver is brighter than the face).
    neutral = cv2.min(cv2.min(b8, g8), r8).astype(np.int16) * 2 > v8.astype(np.int16)
    sel = ((v8 >= thr) & neutral).astype(np.uint8)
    sel[:m] = sel[-m:] = 0
    sel[:, :m] = sel[:, -m:] = 0
    if cv2.countNonZero(sel) < 20:
        return None
    if _percentile_u8(v8[m:-m, m:-m], 60) >= T.clipped_face:
        sel = _without_reflection_core(sel, cv2.min(cv2.min(b8, g8), r8))
    # The median, not the mean: a glare spot is bright and neutral too, and small.
    ref = np.array([median_1d(c[sel > 0]) for c in (b8, g8, r8)], np.float32) + np.float32(1e-3)
    # The card's own white, per pixel: a closing wipes the symbols out, leaving the face
    # (white, or a silver face with its sheen) lit as it is lit here.
    face = np.where(neutral[..., None], f, 0.0).astype(np.float32)
    small = cv2.resize(face, (w // 3, h // 3), interpolation=cv2.INTER_AREA)
    small = cv2.morphologyEx(small, cv2.MORPH_CLOSE, _CLOSE_KERNEL)
    bg = cv2.GaussianBlur(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), (0, 0), 2)
    bg = np.maximum(bg, ref * 0.5)
    bg = _face_beside_a_reflection(bg, f, neutral, ref)
    norm = np.clip(f / bg, 0, 1.2) / 1.2
    lab = cv2.cvtColor(norm.astype(np.float32), cv2.COLOR_BGR2Lab)
    lab[..., 0] *= 1.2  # undo the headroom, so white is L=100
    # Colours are judged against one brightness for the whole card, that of its white or of
    # its brightest symbol if higher (a silver face is darker than the yellow printed on it;
    # dividing by the face would clip a channel and turn yellow towards green). Only the
    # face's colour cast (the light's) is taken from the face's neutral pixels.
    g = f * (ref.max() / ref)
    gb, gg, gr = cv2.split(g)
    # The brightest *coloured* pixels only: a glare spot on the face is brighter than both.
    gv = cv2.max(cv2.max(gb, gg), gr)
    printed = gv[~neutral]
    top = float(np.percentile(printed, 99)) if printed.size else 0.0
    level = max(top, float(ref.max()))
    colour = cv2.cvtColor(np.clip(g / level, 0, 1).astype(np.float32), cv2.COLOR_BGR2Lab)
    lab[..., 1:] = colour[..., 1:]
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    ink = ((chroma > 22) | (lab[..., 0] < 55)).astype(np.uint8)
    ink[:m] = ink[-m:] = 0
    ink[:, :m] = ink[:, -m:] = 0
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    return lab, ink, ref


def _face_beside_a_reflection(
    bg: np.ndarray, f: np.ndarray, neutral: np.ndarray, ref: np.ndarray
) -> np.ndarray:
    """The card's own light ``bg`` with its neutral pixels (the face) taken at their own
    light, though never below the card's white ``ref``, where ``bg`` stands more than
    ``Tuning.closed_over_white`` times above that white. The closing that wipes out the
    print fills whatever lies between a reflection and the card's border (on a small card
    a reflection and its falloff reach across most of it) with the reflection's light, and
    the face there, divided by it, read as a dark shape. Print keeps ``bg``."""
    # ``brightest``: the values of ``bg.max(2)``, some ten times quicker (numpy's reduction
    # over a last axis of three took 1.8 ms of a 140x100 card, this 0.12 ms, where nothing
    # is lifted all of this function's work on a card read).
    lifted = brightest(bg) > T.closed_over_white * float(ref.max())
    if not lifted.any():
        return bg
    own = cv2.GaussianBlur(f, (0, 0), 2)
    face = np.clip(own, ref, None)
    pick = (lifted & neutral)[..., None]
    return np.where(pick, np.minimum(bg, face), bg).astype(np.float32)


def _without_reflection_core(sel: np.ndarray, darkest: np.ndarray) -> np.ndarray:
    """The face pixels ``sel`` the card's white is taken from, less a reflection's core, on a
    face lit to the sensor's top in its brightest channel: where every channel clips
    (``darkest``: the darkest channel) the light is the lamp's, clipped, not the face's.
    Under a warm light a face clips in its red channel long before a reflection clips all
    three; a white taken from the reflection tints the rest of the face as if it were print.
    (On a face lit as usual the reflection's core is no such measure, and a white a few
    levels lower pales what it washed out of sight.) Only a core large enough to set the
    white (``T.reflection_core_least`` of the pixels); kept when it is most of the face (a
    face lit to the top all over is the white) or leaves too little of it."""
    core = cv2.compare(darkest, T.reflection_core, cv2.CMP_GE)  # type: ignore[call-overload]
    rest = cv2.bitwise_and(sel, cv2.bitwise_not(core))
    n_sel, n_rest = cv2.countNonZero(sel), cv2.countNonZero(rest)
    if n_sel - n_rest < T.reflection_core_least * n_sel:
        return sel
    if n_rest < T.reflection_core_rest * n_sel or n_rest < 20:
        return sel
    return rest


def glare_spots(card_img: np.ndarray, *, clipped_core: bool = True) -> np.ndarray | None:
    """The glare on the upright card (a 0/1 mask): brighter than the face's own white, and
    near neutral (a reflection takes the light's colour, not the print's). On a bright face,
    where nothing can stand ``T.glare_over_face`` above it, a reflection is what the sensor
    clipped (``T.clipped_face``), while the face lies ``T.glare_face_below_clipped`` below
    that; not with ``clipped_core`` False (a card seen with a reflection's light taken off,
    whose clipped core the reader judges by the print's layout alone). None when the face
    itself is lit near the sensor's top, where no reflection can stand out."""
    v = brightest(card_img)
    h, w = v.shape
    m = card_margin(w)
    inner = v[m:-m, m:-m]
    face = float(median_1d(inner[inner >= _percentile_u8(inner, 40)]))
    if clipped_core:
        if face > T.clipped_face - T.glare_face_below_clipped:
            return None
        above = min(face * T.glare_over_face, T.clipped_face)
    else:
        if face * T.glare_over_face > 252:
            return None
        above = face * T.glare_over_face
    vf = v.astype(np.float32)
    # Neutral too: yellow print on a silver face is brighter than the face, and coloured.
    neutral = darkest_channel(card_img).astype(np.float32) > 0.85 * vf
    glare = ((vf > above) & neutral).astype(np.uint8)
    glare[:m] = glare[-m:] = 0
    glare[:, :m] = glare[:, -m:] = 0
    return cv2.morphologyEx(glare, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))


def glare_doubt(card_img: np.ndarray, unit: float, *, clipped_core: bool = True) -> Doubt | None:
    """Why glare may hide print on the card (None when it cannot): a spot over most of a
    symbol's size anywhere, or a smaller one against a symbol (the rest of that symbol may be
    under it, too little left to count). ``clipped_core``: as ``glare_spots``."""
    glare = glare_spots(card_img, clipped_core=clipped_core)
    if glare is None:
        return None
    total = float(glare.size)
    share = cv2.countNonZero(glare) / total
    if share >= T.glare_hides * unit:
        return Doubt.GLARE_OVER_FACE
    if share < T.glare_touches * unit:
        return None
    lo = darkest_channel(card_img).astype(np.int16)
    hi = brightest(card_img).astype(np.int16)
    printed = ((hi - lo) > 0.35 * hi).astype(np.uint8)  # clearly coloured: a symbol's print
    ring = cv2.dilate(glare, np.ones((5, 5), np.uint8)) & ~glare.astype(bool)
    return Doubt.GLARE_AGAINST_SYMBOL if cv2.countNonZero(ring & printed) >= 3 else None


# The second difference [[1, -2, 1], [-2, 4, -2], [1, -2, 1]] is this one across times this one
# along: filtered in two passes, the same whole numbers several times quicker.
_SECOND_DIFF_1D = np.array([1, -2, 1], np.float32)


def noise_level(img: np.ndarray) -> float:
    """A sensor's noise in ``img``, in grey levels (a standard deviation, of its channels
    together): the median response to a second difference, which flat faces and tables
    give only through noise and which the few edges of print hardly move."""
    small = img if img.shape[0] * img.shape[1] <= 160_000 else img[::2, ::2]
    resp = cv2.sepFilter2D(small, cv2.CV_16S, _SECOND_DIFF_1D, _SECOND_DIFF_1D)[1:-1, 1:-1]
    # 6: the root of the kernel's squared weights; 0.6745: the median of |N(0, 1)|
    return _percentile_u8(cv2.convertScaleAbs(resp), 50) / (0.6745 * 6.0)


def exposure(frame: np.ndarray) -> float:
    """How bright the frame's card white is (grey levels): the bright end of the whole view,
    where the cards are, taken on a sample of its pixels."""
    h, w = frame.shape[:2]
    step = max(1, round(math.sqrt(h * w / _EXPOSURE_SAMPLE)))
    small = cv2.resize(
        frame, (max(1, w // step), max(1, h // step)), interpolation=cv2.INTER_NEAREST
    )
    b, g, r = cv2.split(small)
    return _percentile_u8(cv2.max(cv2.max(b, g), r), T.exposure_pct)


_EXPOSURE_SAMPLE = 20_000  # pixels of the frame the exposure is judged on


def steady(
    img: np.ndarray, white: float, sensor: np.ndarray | None = None
) -> tuple[np.ndarray, float] | None:
    """A read area in low light, made as the reader's thresholds expect one: smoothed as
    much as its noise asks (a sensor's noise in every channel takes the white's neutrality
    and the print's colour away pixel by pixel) and lifted to the usual exposure, as a
    camera's own exposure would (the frame's card white, ``white``, sets the gain: an empty
    zone is lifted as much as the cards beside it). ``sensor``: the frame's pixels ``img``
    was resampled from, where its noise is judged (each pixel's own, where a warp's
    interpolation blends neighbours' noise that the second difference then hardly sees).
    Returns the image and its noise as a share of card white; None when it needs neither."""
    sigma = noise_level(img if sensor is None else sensor)
    level = max(1.0, white - 2 * sigma)  # noise lifts a maximum over three channels
    rel = sigma / level
    blur = min(T.smooth_most, rel * T.smooth_per_noise) if rel >= T.noisy else 0.0
    gain = min(T.lift_most, T.lift_to / level) if level < T.dark_level else 1.0
    f = _smooth(img, blur) if blur > 0.0 else img
    if gain > 1.0:
        # The frame's white is judged on its bright end; a frame of dark table with a few
        # small cards puts that end on the table. A read area much brighter than that white
        # is not lifted past the usual exposure (its print would clip).
        top = _percentile_u8(brightest(f), T.lift_area_pct)
        if top > T.white_misjudged * white:
            gain = min(gain, max(1.0, T.lift_to / top))
    if gain <= 1.0 and blur <= 0.0:
        return None
    return (cv2.convertScaleAbs(f, alpha=gain) if gain > 1.0 else f), rel


def _smooth(img: np.ndarray, blur: float) -> np.ndarray:
    return cv2.GaussianBlur(img, (0, 0), blur)


def evened_read_area(crop: np.ndarray) -> np.ndarray | None:
    """``crop`` (a zone's read area) with a light that changes across it evened out, or None
    when it changes less than ``Tuning.evened_area_ratio`` over it. A window's light falls
    off across a read area, and its wash lifts the table on one side as bright as card white
    on the other: one white for the whole area, judged where the table is brightest, finds
    no card white on the dim side, or the lit table's instead of the faces'. The table's
    level (the log of the brightest channel, at a quarter of the scale) is fitted as a
    quadratic surface to the read area's rim (``Tuning.lit_table_rim`` pixels wide, as the
    lit table's colour is, ``arms._lit_table``), fitted again without the rim's pixels far
    from the fit (a pile's, an arm's: first the worse half, then those beyond
    ``Tuning.lit_table_keep`` times the fit's spread); each pixel is then scaled down by that
    level over its least over the area (darkened, never lifted: a face lifted would clip)."""
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (max(8, w // 4), max(8, h // 4)), interpolation=cv2.INTER_AREA)
    level = np.log(np.maximum(brightest(small).astype(np.float32), 1.0)).reshape(-1, 1)
    fit = fit_to_rim(level, small.shape[:2], pad=1e-3)
    if fit is None:
        return None
    surface = (quadratic_terms((h, w)) @ fit[0]).reshape(h, w).astype(np.float32)
    if float(surface.max() - surface.min()) < math.log(T.evened_area_ratio):
        return None
    gain = np.exp(float(surface.min()) - surface)
    return np.clip(crop.astype(np.float32) * gain[..., None], 0, 255).astype(np.uint8)

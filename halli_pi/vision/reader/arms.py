"""Arms: what lies over a pile, told apart from the table, from cards and from the print of
covered cards."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.vision.reader.reading import median_1d, same_image_once
from halli_pi.vision.reader.rim_fit import fit_to_rim, quadratic_terms
from halli_pi.vision.reader.tuning import TUNING as T


def _skin_fraction(crop: np.ndarray, illum: np.ndarray | None, poly: np.ndarray) -> float:
    """Share of the zone under a hand: a region that looks like skin (warm, mid-bright,
    low-to-mid chroma), lies on something unlike the table (a red or wooden table has skin's
    colours too), thick and come from outside the read area, and is as thick as a wrist
    itself. Skin and unlike the table are each more than a hand (a cork table is skin, a
    pile unlike it): where they meet on the soft rim of a card lying on a skin-coloured
    table, they make a thin outline, not a hand."""
    if illum is None:
        illum = np.array([255.0, 255.0, 255.0], np.float32)
    n = np.clip(crop.astype(np.float32) / np.asarray(illum, np.float32), 0, 1).astype(np.float32)
    faces = _near_white(n)
    unlike, _ = _unlike_table(crop, faces)  # at a quarter of the size
    h, w = unlike.shape
    small = cv2.resize(n, (w, h), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    L, a, b = cv2.split(lab)
    skin = (a > 6) & (a < 40) & (b > 8) & (b < 50) & (L > 20) & (L < 92) & (b > 0.5 * a)
    # A hand's shadow on a wooden table has skin's colours too, but it is the table's own.
    skin &= ~_table_in_shadow(lab, _table_colour(lab, faces))
    # Unlike the table, thick and from outside as an arm is (a sleeve may bring the hand in);
    # and where it is skin, thick too.
    arm = _from_outside(unlike) > 0
    hand = cv2.morphologyEx((skin & arm).astype(np.uint8), cv2.MORPH_OPEN, _ARM_OPEN)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.rint(poly / 4).astype(np.int32)], 1)
    return int(np.count_nonzero((hand > 0) & (mask > 0))) / max(1, int(np.count_nonzero(mask)))


def _unlike_table(
    crop: np.ndarray, faces: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(mask at a quarter of the size of pixels whose colour is unlike the table, that
    distance); ``faces``: the card faces in ``crop``, if known (``_table_distance``)."""
    dist, bar = _table_distance(crop, faces)
    return (dist > bar).astype(np.uint8), dist


def _table_distance(crop: np.ndarray, faces: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """(each pixel's colour distance from the table, at a quarter of the size; the distance
    beyond which a colour is unlike the table). The table is the most common colour of the
    read area away from the card faces (``faces``, a mask of ``crop``'s size, when known; an
    arm or hand covers less than half of the rest): a messy pile, or cards large in their
    zone, may cover more than half of the read area, and with the faces counted the table's
    colour would be card white, the table itself unlike it, and a wooden table skin. A table
    is one colour under light that changes its brightness slowly, so lightness counts for
    less. A sensor's noise (low light) spreads the table's own colour: unlike it is further
    than noise takes it. Light from one side (a window) changes more than the table's
    brightness: a table washed towards white, or clipped in its brightest channel, changes
    its hue and chroma too, smoothly across the read area; a pixel near the table's colour
    as that light leaves it there (``_lit_table``) is the table too."""
    colours = _area_colours(crop)
    assert colours is not None  # (never None: the memo's type allows it)
    lab, bar_, *fit = colours
    bar = float(bar_)
    L, a, b = cv2.split(lab)
    med = _table_colour(lab, faces)
    dist = cv2.magnitude(cv2.magnitude(a - med[1], b - med[2]), (L - med[0]) * 0.5)
    lit = _lit_table(lab, bar, med, fit)
    if lit is not None:
        dist = cv2.min(dist, lit)
    return dist, bar


@same_image_once
def _area_colours(crop: np.ndarray) -> tuple[np.ndarray, ...]:
    """What ``_table_distance`` takes from a read area whatever the faces in it, worked out
    once for its pixels (the checks of one look at a zone, an arm's, skin's, a pale table's,
    ask for them several times): its colours at a quarter of the size (Lab), the distance
    beyond which a colour is unlike the table (a 0-d array), and the light fitted to its rim
    (``_lit_table``: the fit's coefficients and each pixel's distance from it; left out when
    the area is too small for a rim)."""
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small.astype(np.float32) * np.float32(1 / 255), cv2.COLOR_BGR2Lab)
    bar = max(T.foreign_dist, T.foreign_over_noise * _noise(lab))
    fit = fit_to_rim(_half_lightness(lab), lab.shape[:2], floor=bar)
    return (lab, np.array(bar), *(fit or ()))


_HALF_L = np.array([0.5, 1.0, 1.0], np.float32)  # lightness counts for half


def _half_lightness(c: np.ndarray | list[float]) -> np.ndarray:
    """Colours (L, a, b, one row each) with lightness counted for half, as
    ``_table_distance`` weighs them."""
    return np.asarray(c, np.float32).reshape(-1, 3) * _HALF_L


def _lit_table(
    lab: np.ndarray, bar: float, med: list[float], fit: list[np.ndarray]
) -> np.ndarray | None:
    """Each pixel's distance (as ``_table_distance`` measures it) from the table's colour
    as a light that changes smoothly over the read area leaves it there: L, a and b fitted
    each as a quadratic surface over the quarter-scale read area to its rim
    (``Tuning.lit_table_rim`` pixels wide: the table lies around a pile, an arm crosses the
    rim in one place), and fitted again without the rim's pixels far from the fit (an
    arm's, a pile's: first the worse half, then those further than ``bar`` and
    ``Tuning.lit_table_keep`` times the fit's own spread). A window's wash and one-sided
    light change the table's colour so (tuning style ``window``, own art, seeds 900015 seat
    0 and 900026 seat 3: clear piles on washed tables read "no card; an arm"); an arm's
    edge is a step no smooth surface follows. (Not fitted away from the card faces: a pale
    table taken for the faces leaves an arm as all of that, tuning pale own 900112 seat 4.)
    Only where the light took the table's colour ``Tuning.lit_table_moved`` of ``bar`` or
    more from its most common one (``med``, L, a and b); elsewhere the fit would only
    excuse an arm barely unlike a table of its own colour (a dark arm on a dark wooden
    table). None when the read area is too small for a rim."""
    if not fit:
        return None
    h, w = lab.shape[:2]
    coef, off = fit
    terms = quadratic_terms((h, w))
    moved = np.linalg.norm(terms @ coef - _half_lightness(med), axis=1)
    off[moved < T.lit_table_moved * bar] = np.inf
    return off.reshape(h, w)


def _table_colour(lab: np.ndarray, faces: np.ndarray | None) -> list[float]:
    """The table's colour in a quarter-scale Lab image (its L, a and b): the median away
    from the card faces (``faces``, a mask of the read area; ``_away_from_faces``)."""
    table = _away_from_faces(faces, lab.shape[:2])
    return [float(median_1d((c if table is None else c[table]).ravel())) for c in cv2.split(lab)]


def _table_in_shadow(lab: np.ndarray, table: list[float]) -> np.ndarray:
    """The pixels of a quarter-scale Lab image that are the table's colour (``table``: L, a,
    b) in a hand's shadow: the same colour under less light. Less light scales a colour's
    L + 16, a and b by one factor, so such a pixel is darker than the table, down to
    ``Tuning.shadow_least`` of its L + 16, and its a and b are the table's scaled by that
    ratio (within ``Tuning.shadow_ab``): the table's hue, its chroma in proportion. Skin has
    a hue of its own, and an arm as light as the table or lighter is no shadow; so only the
    skin check excuses it (a sleeve of the table's hue is still unlike the table)."""
    L, a, b = cv2.split(lab)
    ratio = (L + 16.0) / (table[0] + 16.0)
    near = cv2.magnitude(a - ratio * table[1], b - ratio * table[2]) <= T.shadow_ab
    return near & (ratio >= T.shadow_least) & (ratio < 1.0)


_PRINT_CLOSE = np.ones((5, 5), np.uint8)  # at a quarter scale: a symbol's width, or more
_PRINT_PIECE = np.ones((2, 2), np.uint8)  # at a quarter scale: well under a symbol's width


def _away_from_faces(faces: np.ndarray | None, shape: tuple[int, ...]) -> np.ndarray | None:
    """The quarter-scale pixels (of ``shape``) away from the card faces and the print on
    them; None when the faces are unknown or leave too little of the read area
    (``Tuning.table_least``) to take the table's colour from (then all of it is used)."""
    if faces is None:
        return None
    small = cv2.resize(faces, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    # A face's print (symbols, holes in its white) is the face's too.
    on_faces = cv2.morphologyEx((small > 0).astype(np.uint8), cv2.MORPH_CLOSE, _PRINT_CLOSE)
    away = on_faces == 0
    return away if np.count_nonzero(away) >= T.table_least * away.size else None


def _near_white(n: np.ndarray) -> np.ndarray:
    """Card faces in ``n`` (an image divided by the card white, 0 to 1): bright and near
    neutral, as ``light._white_mask`` finds card white, but not judged against the table."""
    b, g, r = cv2.split(n)
    hi = cv2.max(cv2.max(b, g), r)
    lo = cv2.min(cv2.min(b, g), r)
    return ((lo > T.face_level) & (hi - lo < 0.2 * hi)).astype(np.uint8)


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
    crop: np.ndarray,
    poly: np.ndarray,
    white: np.ndarray | None = None,
    *,
    arms: bool = True,
    shadows_excused: bool = False,
) -> float:
    """Share of the zone covered by what may be an arm: unlike the table around it, thick,
    and come from outside the read area (with ``arms=False``: anything unlike the table;
    with ``shadows_excused``: not the table or a face in a hand's shadow, ``_in_shadow``).
    Skin tones alone cannot tell an arm from a wooden table; being unlike *this* table can."""
    dist, bar = _table_distance(crop, white)
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
    if shadows_excused and white is not None:
        h, w = unlike.shape
        small = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA)
        faces = cv2.resize(white, (w, h), interpolation=cv2.INTER_AREA)
        if cv2.countNonZero(faces):
            unlike &= (~_in_shadow(small, faces)).astype(np.uint8)
    if arms:
        unlike = _from_outside(unlike)
    return cv2.countNonZero(unlike & mask) / inside


def _faces_without_white(crop: np.ndarray, poly: np.ndarray) -> bool:
    """Card faces holding print lie in the zone (``Tuning.faces_fill`` of it or more) though
    no card white was found there, and nothing else over it: a pile that fills most of its
    read area leaves no table to judge white against, and a view the reader did not lift in
    low light shows its faces too dark for white. Faces are the near-neutral parts (as
    ``light._white_mask`` judges it) about as bright as the read area's brightest, holding
    coloured print (``Tuning.print_share``): a plain grey or pale table is bright and neutral
    too, but holds none, and a coloured table is not neutral. Such a zone is neither empty
    nor under an arm, unless something unlike the table and away from the faces covers
    ``Tuning.foreign_occluded`` of it (the caller's arm check then judges it)."""
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    b, g, r = cv2.split(small)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    neutral = mn.astype(np.int16) * 20 > v.astype(np.int16) * 11
    top = max(1.0, float(np.percentile(v, 99)))
    bright = v.astype(np.float32) >= T.faces_bright * top
    faces = (neutral & bright).astype(np.uint8)
    zone = np.zeros(faces.shape, np.uint8)
    cv2.fillPoly(zone, [np.rint(poly / 4).astype(np.int32)], 1)
    inside = cv2.countNonZero(zone)
    if inside == 0 or cv2.countNonZero(faces & zone) < T.faces_fill * inside:
        return False
    # The print: what the faces enclose (not reached from the read area's border).
    holes = (faces == 0).astype(np.uint8)
    reached = np.pad(holes, 1, constant_values=1)
    cv2.floodFill(reached, None, (0, 0), 2)
    enclosed = reached[1:-1, 1:-1] == 1
    # Its colour judged against the faces' own brightness when they stand out from the rest
    # of the read area (``Tuning.faces_stand_out``): print on a face left dark (low light the
    # view was not lifted in) is as coloured as on a lit one, but its Lab chroma in the dark
    # image is a fraction of it. (A dark table alone is "faces" all over, of one brightness:
    # so brightened, its noise and tint would pass for print.)
    rest = v[faces == 0]
    stands_out = rest.size > 0 and float(np.median(v[faces > 0])) >= T.faces_stand_out * max(
        1.0, float(np.median(rest))
    )
    lit = np.clip(small.astype(np.float32) * np.float32(1 / (top if stands_out else 255)), 0, 1)
    lab = cv2.cvtColor(lit, cv2.COLOR_BGR2Lab)
    coloured = (cv2.magnitude(lab[..., 1], lab[..., 2]) > T.print_chroma).astype(np.uint8)
    # Print is in pieces a symbol's size; a dark view's noise, so brightened, in specks.
    coloured = cv2.morphologyEx(coloured, cv2.MORPH_OPEN, _PRINT_PIECE) > 0
    if int(np.count_nonzero(enclosed & coloured)) < T.print_share * cv2.countNonZero(faces):
        return False
    # Nothing else there: what is unlike the table away from the faces and their print, and
    # is not the table or a face in a hand's shadow.
    dist, bar = _table_distance(crop, faces)
    on_faces = cv2.morphologyEx(faces, cv2.MORPH_CLOSE, _PRINT_CLOSE)
    on_faces = cv2.dilate(on_faces, _ARM_OPEN)  # and the faces' soft rims
    other = (dist > bar) & (on_faces == 0) & (zone > 0) & ~_in_shadow(small, faces)
    return int(np.count_nonzero(other)) <= T.foreign_occluded * inside


def _in_shadow(small: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """The pixels of a quarter-scale read area that are the table, or a card face, in a
    hand's shadow (``_table_in_shadow``): a shadow over part of a pile leaves its faces
    too dark to count as faces (``faces``: the lit ones) and its table darker than the
    table, both unlike what is lit, though nothing lies over the pile (tuning scenes of
    the ``strays`` and ``shadow`` styles together, seeds 710000 and 710009, seat 0)."""
    lab = cv2.cvtColor(small.astype(np.float32) * np.float32(1 / 255), cv2.COLOR_BGR2Lab)
    face = [float(np.median(c[faces > 0])) for c in cv2.split(lab)]
    return _table_in_shadow(lab, _table_colour(lab, faces)) | _table_in_shadow(lab, face)


def _bright_within(crop: np.ndarray, poly: np.ndarray) -> bool:
    """What is unlike the table in a zone where no card white was found lies within the read
    area and is brighter than the table: no arm is seen there. An arm comes from outside the
    read area, and here no thick region unlike the table reaching its border covers
    ``Tuning.arm_evidence`` of the zone; and what is unlike the table inside the zone is
    ``Tuning.within_bright`` times the table's brightness or more: most often a card's face
    in a view too dim, or too lit by a reflection, for its white to be found (a dark arm on
    a dark table, unlike it only in patches, is no brighter than the table)."""
    dist, bar = _table_distance(crop)
    unlike = (dist > bar).astype(np.uint8)
    zone = np.zeros(unlike.shape, np.uint8)
    cv2.fillPoly(zone, [np.rint(poly / 4).astype(np.int32)], 1)
    inside = cv2.countNonZero(zone)
    if inside == 0 or cv2.countNonZero(_from_outside(unlike) & zone) > T.arm_evidence * inside:
        return False
    h, w = unlike.shape
    small = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA)
    b, g, r = cv2.split(small)
    v = cv2.max(cv2.max(b, g), r)
    there = (unlike > 0) & (zone > 0)
    if not there.any() or there.all():
        return False
    table = float(np.median(v[unlike == 0]))
    return float(np.median(v[there])) >= T.within_bright * max(1.0, table)

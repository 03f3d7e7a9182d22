"""Symbols and counting: the blobs of an upright card, their kinds by colour (and shape, for taught
decks). What they add up to is read in ``card``."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from halli_pi.vision.outline import brightest, darkest_channel
from halli_pi.vision.reader.light import card_margin, normalised_face
from halli_pi.vision.reader.profile import KindModel, Profile
from halli_pi.vision.reader.reading import _percentile_u8, median_1d, same_image_once
from halli_pi.vision.reader.tuning import TUNING as T

# A piece of ink smaller than this share of the card is a speck, not a symbol (on the card's
# edge the smaller share: a bit of a symbol there means the outline cut a symbol off).
SPECK_SHARE = 0.008
SPECK_SHARE_AT_EDGE = 0.002
# A symbol's coloured pixels (its print, not its dark outline): this chroma and lightness.
COLOURED_CHROMA = 25.0
COLOURED_LIGHTNESS = 25.0


def print_marks(
    card_img: np.ndarray, *, against_tint: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Where the upright card shows print however pale, and where ink (two 0/1 masks, its
    border left out), and the card's white-normalised Lab image. Pale means more coloured
    than ``T.pale_chroma`` and than the face's own tint by ``T.pale_over_face`` (a warm or
    uneven light tints a whole face). ``against_tint``: also as far off that tint as a
    colour (``_off_the_tint``). Worked out once for the same pixels (``same_image_once``): a
    card's checks ask for the marks of the same card image five times a read or so."""
    got = _print_marks_off_the_tint(card_img) if against_tint else _print_marks(card_img)
    if got is None:
        return None
    # Unpacked and packed again for the type checker: the cache hands out a plain tuple.
    pale, ink, lab = got
    return pale, ink, lab


@same_image_once
def _print_marks(card_img: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    return _marks(card_img, against_tint=False)


@same_image_once
def _print_marks_off_the_tint(
    card_img: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    return _marks(card_img, against_tint=True)


def _marks(
    card_img: np.ndarray, *, against_tint: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``print_marks``, worked out."""
    got = normalised_face(card_img)
    if got is None:
        return None
    lab, ink, _ = got
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    bare = ink == 0
    face = float(median_1d(chroma[bare])) if bare.any() else 0.0
    bar = max(T.pale_chroma, face + T.pale_over_face)
    pale = chroma >= bar
    if against_tint and bare.any():
        pale |= _off_the_tint(lab, chroma, bare, bar)
    pale = pale.astype(np.uint8)
    m = card_margin(pale.shape[1])
    pale[:m] = pale[-m:] = 0
    pale[:, :m] = pale[:, -m:] = 0
    return pale, ink, lab


def _off_the_tint(lab: np.ndarray, chroma: np.ndarray, bare: np.ndarray, bar: float) -> np.ndarray:
    """Print whose colour lies ``bar`` away from the face's tint (the median colour of the
    ``bare`` face) and is coloured: a face tinted towards yellow (a cream card, a warm light)
    raises the bar on chroma alike for every hue, yet a plum's pale print lies opposite that
    tint, not beyond it (its crescent left by a reflection: chroma 13, the bar 15, 19 off
    the tint). A neutral reflection is off the tint too, but no print: it is not coloured.
    (Not for every look: on a lifted dark face the noise's colours stand off the tint too.)"""
    a, b = lab[..., 1], lab[..., 2]
    ta, tb = float(median_1d(a[bare])), float(median_1d(b[bare]))
    return (chroma >= T.pale_chroma) & (np.hypot(a - ta, b - tb) >= bar)


def pale_pieces(
    card_img: np.ndarray, *, against_tint: bool = False
) -> list[tuple[float, tuple[float, float]]]:
    """Pieces of pale print on the upright card, away from its symbols: what a reflection left
    of a symbol it washed out (a tint of its colour, too pale to be ink). Each piece as its
    share of the card and its centre (shares of the card's width and height).
    ``against_tint``: as ``print_marks``."""
    got = _pale_print_pieces(card_img, against_tint)
    if got is None:
        return []
    n, _, stats, centres, _ = got
    h, w = card_img.shape[:2]
    return [
        (float(stats[i, cv2.CC_STAT_AREA]) / (h * w), (centres[i][0] / w, centres[i][1] / h))
        for i in range(1, n)
    ]


def pale_piece_colours(
    card_img: np.ndarray, *, against_tint: bool = False
) -> list[tuple[float, tuple[float, float], tuple[float, float]]]:
    """``pale_pieces``, each with its median colour (a, b of the white-normalised card): a
    reflection pales a symbol's colour towards the face's white without turning its hue.
    ``against_tint``: as ``print_marks`` (the pieces so found; their colours are the
    card's)."""
    got = _pale_print_pieces(card_img, against_tint)
    if got is None:
        return []
    n, pieces, stats, centres, lab = got
    h, w = card_img.shape[:2]
    out = []
    for i in range(1, n):
        at = pieces == i
        ab = (float(median_1d(lab[..., 1][at])), float(median_1d(lab[..., 2][at])))
        share = float(stats[i, cv2.CC_STAT_AREA]) / (h * w)
        out.append((share, (centres[i][0] / w, centres[i][1] / h), ab))
    return out


def _pale_print_pieces(
    card_img: np.ndarray, against_tint: bool
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The pale print away from the symbols as connected pieces (their count, labels, stats
    and centres, as OpenCV gives them) and the card's white-normalised Lab image; None
    where ``print_marks`` finds no face."""
    got = print_marks(card_img, against_tint=against_tint)
    if got is None:
        return None
    pale, ink, lab = got
    # Not the symbols, nor their soft rims (blur and the ink's threshold leave one).
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    symbols = 1 + np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] >= SPECK_SHARE * ink.size)
    read = np.isin(labels, symbols).astype(np.uint8)
    pale[cv2.dilate(read, np.ones((5, 5), np.uint8)) > 0] = 0
    n, pieces, stats, centres = cv2.connectedComponentsWithStats(pale, connectivity=8)
    return n, pieces, stats, centres, lab


def _cut(labels: np.ndarray, coloured: np.ndarray, i: int, m: int) -> bool:
    h, w = labels.shape
    sides = (
        (labels[m, :] == i, coloured[:m, :]),
        (labels[h - m - 1, :] == i, coloured[h - m :, :]),
        (labels[:, m] == i, coloured[:, :m].T),
        (labels[:, w - m - 1] == i, coloured[:, w - m :].T),
    )
    return any(touch.sum() >= 3 and band[:, touch].mean() > 0.5 for touch, band in sides)


def _edge_across(card_img: np.ndarray) -> bool:
    """A straight edge, at least two fifths of the card's width long, inside the face (away
    from its border). Printed symbols are curved; a card's side is straight."""
    h, w = card_img.shape[:2]
    inset = max(4, round(w * 0.08))
    gray = cv2.GaussianBlur(brightest(card_img), (3, 3), 0.8)
    edges = cv2.Canny(gray, 20, 50)
    # Not the lines printed inside a symbol (a plum's crease), but a symbol's outline does
    # count: cut flat by another card's side, it is straight. Symbols are blobs that are not
    # face-white; a shadow line is too thin to be one.
    lo = darkest_channel(card_img)
    not_face = (lo < 0.7 * _percentile_u8(gray, 75)).astype(np.uint8)
    symbols = cv2.morphologyEx(not_face, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    edges[cv2.erode(symbols, np.ones((5, 5), np.uint8)) > 0] = 0
    # Nor the rim of a lamp's reflection: a reflection stretched into a band has long, nearly
    # straight sides, but it is light on the card, not another card's side.
    edges[_reflection_rims(card_img) > 0] = 0
    edges[:inset] = edges[-inset:] = 0
    edges[:, :inset] = edges[:, -inset:] = 0
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    long_ = 0.4 * w
    for cnt in contours:
        if len(cnt) < long_:
            continue
        poly = cv2.approxPolyDP(cnt, 1.2, False).reshape(-1, 2).astype(np.float32)
        for a, b in zip(poly[:-1], poly[1:], strict=True):
            if float(np.linalg.norm(b - a)) >= long_ and not _along_a_side(a, b, w, h):
                return True
    return False


def _reflection_rims(card_img: np.ndarray) -> np.ndarray:
    """Where a reflection clipped to the sensor's top meets the face, on a face lit as usual
    (a 0/1 mask of the upright card; none on a face itself lit to the top, whose edge against
    a darker card is a card's side). Near neutral: yellow print reaching the top is print."""
    v = brightest(card_img)
    if _percentile_u8(v, 60) >= T.clipped_face:
        return np.zeros(v.shape, np.uint8)
    spots: np.ndarray = (v >= T.clipped_face) & (darkest_channel(card_img) > T.glare_neutral * v)
    spots = cv2.morphologyEx(spots.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    rim = 2 * T.reflection_rim + 1
    return cv2.dilate(spots, np.ones((rim, rim), np.uint8))


def _along_a_side(a: np.ndarray, b: np.ndarray, w: int, h: int) -> bool:
    """The segment runs along one of the card's sides, near it: the card's own edge inside
    an outline a little too large (or a covered card's edge beside it), not one across."""
    dx, dy = abs(float(b[0] - a[0])), abs(float(b[1] - a[1]))
    mx, my = float(a[0] + b[0]) / 2, float(a[1] + b[1]) / 2
    if dy < 0.18 * dx:  # within 10 degrees of the short sides
        return min(my, h - my) < 0.15 * h
    if dx < 0.18 * dy:  # within 10 degrees of the long sides
        return min(mx, w - mx) < 0.15 * w
    return False


def shape_descriptor(mask: np.ndarray) -> list[float]:
    """A small rotation-invariant shape vector of one symbol: log Hu moments, solidity."""
    hu = cv2.HuMoments(cv2.moments(mask, binaryImage=True)).ravel()[:4]
    loghu = [-math.copysign(1.0, x) * math.log10(abs(x) + 1e-12) for x in hu]
    cnts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not cnts:
        return loghu + [0.0]
    c = max(cnts, key=cv2.contourArea)
    hull = cv2.contourArea(cv2.convexHull(c)) + 1e-6
    return loghu + [float(cv2.contourArea(c) / hull) * 3]


@dataclass
class Blob:
    area: float  # fraction of the card
    ab: tuple[float, float]
    chroma_frac: float  # share of its pixels that are coloured (not outline)
    touches_edge: bool
    shape: list[float]
    centre: tuple[float, float] = (0.5, 0.5)  # fractions of the card's width and height
    px: np.ndarray | None = None  # a sample of its coloured pixels' a/b (N x 2)
    thin: bool = False  # a narrow strip (as a sliver of table along a side is)
    several: bool = False  # shaped like symbols that touch (a waist, or long), not one
    solidity: float = 1.0  # how much of its convex hull it fills (a banana's bend fills less)
    centre_depth: float = 1.0  # how deep in it its centre lies, of its deepest (``_centre_depth``)

    @property
    def core(self) -> float:
        """Its coloured area (not the dark outline, which blur widens): what is counted."""
        return self.area * self.chroma_frac


def blobs(card_img: np.ndarray, *, with_shape: bool = False) -> list[Blob] | None:
    """The symbols of an upright card image, largest first."""
    got = normalised_face(card_img)
    if got is None:
        return None
    lab, ink, _ = got
    h, w = ink.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    total = float(h * w)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    coloured = (chroma > COLOURED_CHROMA) & (lab[..., 0] > COLOURED_LIGHTNESS)
    m = card_margin(w)
    out: list[Blob] = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        near_edge = x <= m or y <= m or x + bw >= w - m or y + bh >= h - m
        # Specks are dropped, but not on the edge: a bit of a symbol there means the outline
        # cut a symbol off.
        if area < total * (SPECK_SHARE_AT_EDGE if near_edge else SPECK_SHARE):
            continue
        sl = (slice(y, y + bh), slice(x, x + bw))
        comp = labels[sl] == i
        col = comp & coloured[sl]
        nc = int(col.sum())
        if nc:
            a = float(median_1d(lab[sl][..., 1][col]))
            b = float(median_1d(lab[sl][..., 2][col]))
        else:
            a = b = 0.0
        # Cut by the outline: the symbol's colour goes on into the border band outside the
        # margin, to the edge of the picture. A symbol the deck prints close to the edge stops
        # short of it (white, or the card's grey edge, lies between).
        edge = _cut(labels, coloured, i, m)
        shape = shape_descriptor(comp.astype(np.uint8)) if with_shape else []
        ys, xs = np.nonzero(comp)
        centre = ((x + xs.mean()) / w, (y + ys.mean()) / h)
        px = None
        if nc:
            sample = np.stack([lab[sl][..., 1][col], lab[sl][..., 2][col]], 1)
            px = sample[:: max(1, len(sample) // 300)]
        thin = min(bw, bh) <= 0.14 * w
        outline = _outer_contour(comp)
        several = _looks_like_several(outline)
        blob = Blob(area / total, (a, b), nc / area, edge, shape, centre, px, thin, several)
        blob.solidity, blob.centre_depth = _solidity(outline), _centre_depth(comp)
        out.append(blob)
    out.sort(key=lambda b: -b.area)
    return out


# The least spread of a kind's hue, in degrees. Rendered art prints each fruit in one flat
# colour; printed cards vary more (ink, paper, the light's spectrum), so a model's narrow
# spread must not put the border between two kinds next to the narrower one.
_HUE_STD_MIN = 8.0


def _outer_contour(comp: np.ndarray) -> np.ndarray | None:
    """The outer contour of a blob (a 0/1 or boolean mask), its largest piece's; None when
    the mask is empty."""
    cnts, _ = cv2.findContours(comp.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(cnts, key=cv2.contourArea) if cnts else None


def _solidity(outline: np.ndarray | None) -> float:
    """The share of its convex hull a blob of this outer contour fills (1 with none)."""
    if outline is None:
        return 1.0
    return float(cv2.contourArea(outline) / max(cv2.contourArea(cv2.convexHull(outline)), 1.0))


def _centre_depth(comp: np.ndarray) -> float:
    """How far inside a blob (a 0/1 or boolean mask) its centre lies, as a share of its
    deepest point's distance from its rim: near 1 for a round or oval symbol, near 0 for a
    bent one, whose centre lies in its bend."""
    inside = cv2.copyMakeBorder(comp.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    depth = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    ys, xs = np.nonzero(inside)
    at = depth[round(float(ys.mean())), round(float(xs.mean()))]
    return float(at / max(float(depth.max()), 1.0))


def _looks_like_several(outline: np.ndarray | None) -> bool:
    """Two or three symbols that touch make a blob (of this outer contour) with a waist (it
    fills its hull poorly) or a long one; one symbol is compact. (Measured on the rendered
    decks: merged pairs fill 0.6 to 0.8 of their hull and are twice as long as wide; single
    symbols 0.9 or more.)"""
    if outline is None:
        return False
    _, (rw, rh), _ = cv2.minAreaRect(outline)
    return _solidity(outline) < 0.9 or max(rw, rh) > 1.6 * max(min(rw, rh), 1.0)


def _colour_distance(blob: Blob, k: KindModel) -> float:
    return colour_distance(blob.ab, k)


def colour_distance(ab: tuple[float, float], k: KindModel) -> float:
    """How far a colour (white-normalised a/b) is from a kind's, in the kind's spreads."""
    # Hue first: a silver face or a dim light scales chroma, it hardly turns the hue.
    ck = math.hypot(*k.ab)
    cb = math.hypot(*ab)
    turn = math.atan2(ab[1], ab[0]) - math.atan2(k.ab[1], k.ab[0])
    dh = abs((math.degrees(turn) + 180) % 360 - 180)
    hue_std = max(_HUE_STD_MIN, math.degrees(max(k.ab_std, 5.0) / max(ck, 1.0)))
    dc = abs(math.log(max(cb, 1.0) / max(ck, 1.0))) / math.log(1.6) * 2.0
    return math.hypot(dh / hue_std, dc)


def _split_mixed(blob: Blob, profile: Profile) -> list[Blob]:
    """Symbols of two kinds that touch make one blob (clone decks): split it by the kind each
    of its pixels' colour is nearest to, when a second kind holds a real share of it."""
    if blob.px is None or len(blob.px) < 20 or any(k.shapes for k in profile.kinds):
        return [blob]
    a, b = blob.px[:, 0].astype(np.float64), blob.px[:, 1].astype(np.float64)
    hue = np.arctan2(b, a)
    chroma = np.maximum(np.hypot(a, b), 1.0)
    dists = []
    for k in profile.kinds:
        ck = max(math.hypot(*k.ab), 1.0)
        dh = np.abs((np.degrees(hue - math.atan2(k.ab[1], k.ab[0])) + 180) % 360 - 180)
        hue_std = max(_HUE_STD_MIN, math.degrees(max(k.ab_std, 5.0) / ck))
        dc = np.abs(np.log(chroma / ck)) / math.log(1.6) * 2.0
        dists.append(np.hypot(dh / hue_std, dc))
    d = np.stack(dists)
    best = d.argmin(0)
    assigned = d.min(0) <= 3.2
    if assigned.sum() < 0.5 * len(best):
        return [blob]
    shares = np.bincount(best[assigned], minlength=len(dists)) / assigned.sum()
    major = [j for j in np.argsort(-shares) if shares[j] >= 0.2]
    if len(major) < 2:
        return [blob]
    parts = []
    for j in major:
        sel = assigned & (best == j)
        ab = (float(np.median(a[sel])), float(np.median(b[sel])))
        parts.append(replace(blob, area=blob.area * float(shares[j]), ab=ab, px=None))
    return parts


def classify(blob: Blob, profile: Profile) -> tuple[KindModel | None, float]:
    """The kind of one blob and a confidence in 0..1; None when doubtful. Colour decides
    first; among kinds of one colour (taught decks: the Twist symbols) the shape decides."""
    scored = sorted(((_colour_distance(blob, k), k) for k in profile.kinds), key=lambda s: s[0])
    best_d = scored[0][0]
    if best_d > 3.2:
        return None, 0.0
    if any(k.shapes for k in profile.kinds):
        # Kinds of one colour are told apart by shape: gather every kind near this colour.
        same = [k for d, k in scored if d <= best_d + 1.5 or d <= 2.5]
    else:
        # Colour alone decides: doubtful only when a second colour is nearly as near (limes
        # sit next to banana yellow; printed limes lean a few degrees towards yellow).
        same = [k for d, k in scored if d <= best_d + 1.0]
    other = [d for d, k in scored if k not in same]
    if other and best_d > 0.6 * other[0]:
        return None, 0.0  # between two colours: red or purple? green or yellow?
    conf = max(0.0, min(1.0, 1.0 - best_d / 8.0))
    if other:
        conf *= min(1.0, (other[0] - best_d) / 3.0)
    if len(same) == 1:
        return same[0], conf
    if not blob.shape or not all(k.shapes for k in same):
        return None, 0.0  # colours alike and no shapes to tell them apart
    shaped = sorted(
        (
            (min(float(np.linalg.norm(np.subtract(blob.shape, sh))) for sh in k.shapes), k)
            for k in same
        ),
        key=lambda s: s[0],
    )
    (ds, k), ds2 = shaped[0], shaped[1][0]
    if ds > 0.5 or ds > 0.7 * ds2:
        return None, 0.0
    return k, conf * min(1.0, (ds2 - ds) / max(ds2, 1e-6) * 2)


def seam_across(card_img: np.ndarray) -> float:
    """How clearly a dark line runs straight across the face of the upright card, away from
    its sides: the shadow along the side of a card lying over another, which an outline in
    low light may take in (noise hides that thin shadow from an edge detector, but not from
    a mean along the line). The deepest such line, as its depth below the face on both sides
    in units of the spread of such means over the face (the noise left after smoothing);
    0 when no line is long enough to tell."""
    got = normalised_face(card_img)
    if got is None:
        return 0.0
    _, ink, _ = got
    h, w = ink.shape
    grey = cv2.cvtColor(card_img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    face = (cv2.dilate(ink, np.ones((5, 5), np.uint8)) == 0).astype(np.float32)
    inset = max(4, round(w * 0.08))
    face[:inset] = face[-inset:] = 0
    face[:, :inset] = face[:, -inset:] = 0
    side = int(math.ceil(math.hypot(w, h)))
    shift = np.array([(side - w) / 2, (side - h) / 2], np.float64)
    least = T.seam_length * w
    depths: list[np.ndarray] = []
    places: list[tuple[float, np.ndarray]] = []
    for angle in range(0, 180, _SEAM_STEP):
        m = np.asarray(cv2.getRotationMatrix2D((w / 2, h / 2), float(angle), 1.0), np.float64)
        m[:, 2] += shift
        g = cv2.warpAffine(grey * face, m, (side, side), flags=cv2.INTER_LINEAR)
        n = cv2.warpAffine(face, m, (side, side), flags=cv2.INTER_LINEAR).sum(0)
        mean = g.sum(0) / np.maximum(n, 1e-3)
        d = _SEAM_BESIDE
        ok = (n[d:-d] >= least) & (n[: -2 * d] >= least) & (n[2 * d :] >= least)
        depth = np.minimum(mean[: -2 * d], mean[2 * d :]) - mean[d:-d]
        depth[~ok] = np.nan
        depths.append(depth)
        places.append((float(angle), np.arange(d, side - d) - side / 2))
    every = np.concatenate(depths)
    every = every[~np.isnan(every)]
    if every.size < 20:
        return 0.0
    spread = 1.4826 * float(np.median(np.abs(every - np.median(every)))) + 1e-3
    white = float(np.percentile(grey[face > 0], 75)) if face.any() else 255.0
    best = 0.0
    for depth, (turn, offset) in zip(depths, places, strict=True):
        for i in np.flatnonzero(~np.isnan(depth)):
            if depth[i] < T.seam_depth * white or _seam_along_a_side(turn, offset[i], w, h):
                continue
            best = max(best, float(depth[i]) / spread)
    return best


_SEAM_STEP = 5  # degrees between the directions tried
_SEAM_BESIDE = 4  # pixels on either side of a line where the face is compared with it


def _seam_along_a_side(angle: float, offset: float, w: int, h: int) -> bool:
    """A line (``angle`` of its normal from the card's width, ``offset`` from the centre
    along that normal) near one of the card's sides and along it: the card's own edge."""
    a = angle % 180
    if min(a, 180 - a) <= 10:  # along the long sides
        return abs(offset) > (0.5 - 0.15) * w
    if abs(a - 90) <= 10:  # along the short sides
        return abs(offset) > (0.5 - 0.15) * h
    return False

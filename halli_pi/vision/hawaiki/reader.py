"""One pile zone read as a Hawaiki card: a value 1-7 and a colour, its pose, or a named doubt.

The frame flows the Halli Galli reader's way, through its own pieces: the zone resampled to the
working card scale (``zone``), card white judged from the faces (``light``), the top card's
clean outline (``outlines``), the card warped upright, its coloured blobs with their
white-normalised colour and shape (``symbols``). What differs is the face: a Hawaiki card is
its pips, all of one colour and one animal, and their number is the value. Every reason not to
rule is a named doubt, each checked by one small function, in the order of ``FACE_CHECKS``:
a referee must not rule on a wrong card, so anything doubtful reads ``unknown`` (or
``occluded`` when something lies over the pile).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

import cv2
import numpy as np

from halli_pi.rules.hawaiki.cards import VALUES, HCard
from halli_pi.vision.hawaiki.art import PIP_SPOTS
from halli_pi.vision.hawaiki.doubts import AnyDoubt, HawaikiDoubt
from halli_pi.vision.hawaiki.model import OWN_DECK, HawaikiProfile
from halli_pi.vision.outline import EdgeMaps, brightest, card_outlines, darkest_channel
from halli_pi.vision.reader import (
    CARD_ASPECT,
    WARP_SIZE,
    Blob,
    KindModel,
    Profile,
    State,
    _candidates,
    _warp,
    blobs,
    colour_distance,
)
from halli_pi.vision.reader.arms import _foreign_fraction, _skin_fraction
from halli_pi.vision.reader.doubts import OVER_THE_PILE, Doubt
from halli_pi.vision.reader.light import card_margin, glare_doubt, normalised_face
from halli_pi.vision.reader.outlines import _FITTED, _Cand, _fit_known_size, _one_face
from halli_pi.vision.reader.reading import _inside, _order, _percentile_u8
from halli_pi.vision.reader.symbols import _edge_across
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.reader.zone import FirstLook, _read_area, _work_view, first_look

# -- thresholds (tuned on the tuning families of ``bench hawaiki-vision`` only) ---------------
COLOUR_REACH = 3.2  # colour distance beyond which a pip is no colour of the deck
COLOUR_MARGIN = 0.6  # best distance over the second colour's above this: between two colours
ANIMAL_MARGIN = 0.7  # another colour's animal this much nearer than the own: it disagrees
# The animal speaks only for colours whose ink lies this near the pips' (twice the reach of a
# colour): the neighbours a light's tint could push the ink towards. On tuning tables no ink
# came nearer another colour than 3.7; the animals that disagreed were of colours 9.5 away.
ANIMAL_INK_REACH = 2 * COLOUR_REACH
PIP_SIZE_RANGE = (0.5, 1.7)  # a pip's coloured area, as a share of the model's pip
PIP_SIZE_AMONG = 1.6  # a pip this much larger than the card's median pip is two that touch
# A pip of little colour is still whole when its ink covers this share of the card's median
# pip's ink (whole pips on rough and wide tuning cards: 0.8 at the 0.1 % point, 0.95 at the
# 5 %), with at least this share of the model's pip in colour.
PIP_INK_AMONG = 0.85
PIP_CORE_FLOOR = 0.25
PIPS_CENTRE_OFF = 0.16  # how far the pips' centre may lie from the card's, in card sizes
WHITE_IN_EMPTY = 0.04  # share of a zone in card white below which no card lies there
MAX_ERODE = 3  # erosions of the white tried to part a top card from the card under it
MAX_OUTLINES = 4  # outlines read at most, likeliest first, before the zone is doubted
SIZE_TOLERANCE = 0.15  # how far a top card's short side may differ from the table's cards'
PIP_CORE_MIN = 0.5  # a blob with this share of a pip's coloured area holds a pip
CORE_MIN = 0.35  # a piece of coloured print this share of a pip's area is a pip's core
LAYOUT_REACH = 0.08  # card widths a pip may lie from its printed spot (outline, blur, turn)
LAYOUT_SHIFT = 0.12  # card widths the pips together may lie off their spots (a loose outline)
LAYOUT_MARGIN = 0.02  # a larger value's layout fits this much better: a pip may be unseen
_ERODE_KERNEL = np.ones((3, 3), np.uint8)


@dataclass(frozen=True)
class PileReading:
    """What one pile zone shows: a card (value and colour), ``empty``, ``occluded`` (a hand
    over the pile) or ``unknown``; with the card's pose when an outline was found."""

    state: State
    card: HCard | None = None
    confidence: float = 0.0
    corners: np.ndarray | None = None  # 4x2 frame pixels, first edge a short side
    doubt: AnyDoubt | None = None  # why it is not a card (None for a card or an empty zone)
    why: str = ""
    # The outline was fitted at the table's card size on edges, not found whole in the white:
    # right for the face, too loose for the pose a twin is told apart by.
    fitted: bool = False

    @classmethod
    def of_doubt(
        cls, doubt: AnyDoubt, *, corners: np.ndarray | None = None, detail: str = ""
    ) -> PileReading:
        state = State.OCCLUDED if doubt in OVER_THE_PILE else State.UNKNOWN
        return cls(state, None, 0.0, corners, doubt, doubt.said(detail))

    @property
    def center(self) -> tuple[float, float] | None:
        if self.corners is None:
            return None
        c = self.corners.mean(0)
        return (float(c[0]), float(c[1]))

    @property
    def short_side(self) -> float | None:
        if self.corners is None:
            return None
        e = [float(np.linalg.norm(self.corners[(i + 1) % 4] - self.corners[i])) for i in range(4)]
        return min((e[0] + e[2]) / 2, (e[1] + e[3]) / 2)


# -- the face ---------------------------------------------------------------------------------


@dataclass
class _Face:
    """One upright card and what has been found on it so far, as the checks go."""

    img: np.ndarray
    profile: Profile
    pips: list[Blob]
    colours: list[KindModel | None]
    layout: dict[int, list[tuple[float, float]]] | None  # where the deck prints each value
    confidence: float = 1.0

    @property
    def unit(self) -> float:
        return min(k.unit_area for k in self.profile.kinds)

    @cached_property
    def cores(self) -> np.ndarray:
        """(N, 2) the coloured print's pieces' centres, in card widths: looked for only by
        the last checks, when every other has passed."""
        return _coloured_cores(self.img, self.unit)


FaceCheck = Callable[[_Face], tuple[AnyDoubt, str] | None]


def _no_pips(f: _Face) -> tuple[AnyDoubt, str] | None:
    return (HawaikiDoubt.NO_PIPS, "") if not f.pips else None


def _glare(f: _Face) -> tuple[AnyDoubt, str] | None:
    d = glare_doubt(f.img, f.unit)
    return (d, "") if d is not None else None


def _edge(f: _Face) -> tuple[AnyDoubt, str] | None:
    # A straight edge across the face: the card on top of it lies askew, or a card under it
    # shows through a wrong outline.
    return (Doubt.EDGE_ACROSS, "") if _edge_across(f.img) else None


def _cut(f: _Face) -> tuple[AnyDoubt, str] | None:
    cut = sum(b.touches_edge for b in f.pips)
    return (HawaikiDoubt.PIP_CUT_BY_OUTLINE, f"{cut} of {len(f.pips)}") if cut else None


def _off_centre(f: _Face) -> tuple[AnyDoubt, str] | None:
    # The deck lays its pips symmetrically about the card's centre; an outline that takes in
    # half of the card under it does not.
    weights = np.array([b.core for b in f.pips])
    centres = np.array([b.centre for b in f.pips])
    cx, cy = (weights[:, None] * centres).sum(0) / max(float(weights.sum()), 1e-9)
    off = max(abs(cx - 0.5), abs(cy - 0.5))
    return (HawaikiDoubt.PIPS_OFF_CENTRE, f"{off:.2f}") if off > PIPS_CENTRE_OFF else None


def _colours(f: _Face) -> tuple[AnyDoubt, str] | None:
    for b, k in zip(f.pips, f.colours, strict=True):
        if k is None:
            return (HawaikiDoubt.COLOUR_BETWEEN, f"a/b {b.ab[0]:.0f},{b.ab[1]:.0f}")
    return None


def _one_colour(f: _Face) -> tuple[AnyDoubt, str] | None:
    names = sorted({k.kind for k in f.colours if k is not None})
    return (HawaikiDoubt.PIPS_OF_TWO_COLOURS, " and ".join(names)) if len(names) > 1 else None


def _animal(f: _Face) -> tuple[AnyDoubt, str] | None:
    """The pips' animal, the second cue for colour: when another colour's animal fits the
    pips clearly better than the colour's own, one of the two cues is wrong. The animal
    only speaks for colours the ink leaves in question: a small or soft pip's outline often
    looks like another animal (one pip most of all), and an animal whose colour the ink is
    nowhere near cannot make the ink wrong."""
    own = f.colours[0]
    # Only pips of their own outline: one run together with dark ink has another shape.
    clean = [b.shape for b in f.pips if b.chroma_frac >= 0.3 and b.shape]
    if own is None or not own.shapes or not clean:
        return None
    ab = tuple(np.median([b.ab for b in f.pips], 0))
    others = [
        k
        for k in f.profile.kinds
        if k is not own and k.shapes and colour_distance(ab, k) <= ANIMAL_INK_REACH
    ]
    if not others:
        return None
    mean = np.mean(clean, 0)
    d_own = _shape_distance(mean, own)
    nearest = min(others, key=lambda k: _shape_distance(mean, k))
    if _shape_distance(mean, nearest) < ANIMAL_MARGIN * d_own:
        return (HawaikiDoubt.ANIMAL_DISAGREES, f"{nearest.kind}'s animal, {own.kind} ink")
    return None


def _sizes(f: _Face) -> tuple[AnyDoubt, str] | None:
    # Two pips that touch make one large blob; a pip half under glare or a shadow, a small
    # one. Either would miscount the value. Pips are judged against the model's pip and,
    # on a card of several, against each other (one card, one light, one scale).
    unit = f.colours[0].unit_area if f.colours[0] is not None else f.unit
    lo, hi = PIP_SIZE_RANGE
    mid = float(np.median([b.core for b in f.pips]))
    mid_area = float(np.median([b.area for b in f.pips]))
    for b in f.pips:
        r = b.core / unit
        if r > hi:
            return (HawaikiDoubt.PIP_SIZE_OFF, f"{r:.2f} pips")
        if len(f.pips) > 1 and b.core / mid > PIP_SIZE_AMONG:
            return (HawaikiDoubt.PIP_SIZE_OFF, f"{b.core / mid:.2f} of the card's pips")
        if r >= lo and (len(f.pips) == 1 or b.core / mid >= lo):
            continue
        # Little colour: a part of a pip, or a whole pip a dim lamp, blur or compression
        # left pale (its colour is judged by a threshold). The card's own scale tells them
        # apart: a whole pip's ink covers as much of the card as its other pips' ink does.
        whole = b.area / mid_area >= PIP_INK_AMONG and r >= PIP_CORE_FLOOR
        if len(f.pips) == 1 or not whole:
            detail = f"{r:.2f} pips" if r < lo else f"{b.core / mid:.2f} of the card's pips"
            return (HawaikiDoubt.PIP_SIZE_OFF, detail)
    return None


def _count(f: _Face) -> tuple[AnyDoubt, str] | None:
    n = len(f.pips)
    return (HawaikiDoubt.TOO_MANY_PIPS, str(n)) if n not in VALUES else None


def _dark_ink(f: _Face) -> tuple[AnyDoubt, str] | None:
    # Counted twice: by ink blobs, and by the pieces of coloured print alone. A pip run
    # together with a shadow or a numeral is one blob of little colour; its coloured core
    # still stands alone. The two counts differ when a pip was lost or split.
    if len(f.cores) != len(f.pips):
        return (HawaikiDoubt.PIP_IN_DARK_INK, f"{len(f.cores)} cores, {len(f.pips)} pips")
    return None


def _layout(f: _Face) -> tuple[AnyDoubt, str] | None:
    """The pips where the deck prints that value, and no larger value's layout fitting them
    better (a pip unseen under a shadow, glare or a numeral, the rest laid as printed)."""
    if f.layout is None:
        return None  # a taught deck: its print layout is not known
    n = len(f.cores)
    own, shift = layout_fit(f.cores, f.layout[n])
    if own > LAYOUT_REACH or shift > LAYOUT_SHIFT:
        return (HawaikiDoubt.PIPS_OFF_LAYOUT, f"{own:.3f} off the {n}'s spots")
    for v in VALUES:
        if v <= n:
            continue
        other, other_shift = layout_fit(f.cores, f.layout[v])
        if other + LAYOUT_MARGIN < own and other_shift <= LAYOUT_SHIFT:
            return (HawaikiDoubt.PIPS_OFF_LAYOUT, f"laid as a {v}'s: {other:.3f} against {own:.3f}")
    return None


_ASPECT = WARP_SIZE[1] / WARP_SIZE[0]  # a card's height in card widths


@lru_cache(maxsize=64)
def _matchings(spots: int, pips: int) -> np.ndarray:
    """Every way to put ``pips`` pips on distinct ones of ``spots`` spots (K x pips)."""
    return np.array(list(itertools.permutations(range(spots), pips)), np.intp).reshape(-1, pips)


def layout_fit(centres: np.ndarray, spots: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """How well pips (centres in card widths, ``_ASPECT`` tall) lie on a value's printed
    spots (fractions of the card), the card either way up: (the farthest a pip lies from
    its spot once the pips' common shift is taken out, that shift), in card widths. Each pip
    goes to the spot that fits best, every way of putting them on distinct spots tried;
    matched once as they lie, then again with their common shift taken out (an outline a
    little off). More pips than spots fit nowhere (inf)."""
    n = len(centres)
    if n > len(spots) or not n:
        return math.inf, math.inf
    ways = _matchings(len(spots), n)
    up = np.array(spots, np.float64) * (1.0, _ASPECT)
    best = (math.inf, math.inf)
    for s in (up, np.array([1.0, _ASPECT]) - up):  # the card turned half a turn
        shift = np.zeros(2)
        for _ in range(2):
            cost = (((centres - shift)[:, None, :] - s[None]) ** 2).sum(2)  # pips x spots
            way = ways[int(cost[np.arange(n), ways].sum(1).argmin())]
            d = centres - s[way]
            shift = d.mean(0)
        rest = np.sqrt(((d - shift) ** 2).sum(1))
        got = (float(rest.max()), float(np.hypot(*shift)))
        if got < best:
            best = got
    return best


def _coloured_cores(card_img: np.ndarray, unit: float) -> np.ndarray:
    """The centres (card widths) of the pieces of coloured print at least ``CORE_MIN`` of a
    pip: the pips as their colour alone shows them, apart from any dark ink they touch."""
    got = normalised_face(card_img)
    if got is None:
        return np.zeros((0, 2))
    lab, ink, _ = got
    h, w = ink.shape
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    coloured = ((chroma > 25) & (lab[..., 0] > 25) & (ink > 0)).astype(np.uint8)
    m = card_margin(w)
    coloured[:m] = coloured[-m:] = 0
    coloured[:, :m] = coloured[:, -m:] = 0
    n, _, stats, centres = cv2.connectedComponentsWithStats(coloured, connectivity=8)
    keep = stats[1:, cv2.CC_STAT_AREA] >= CORE_MIN * unit * h * w
    return centres[1:][keep] / w


# The order the checks run in: the face as a whole, then the pips' place, colour and size.
FACE_CHECKS: tuple[FaceCheck, ...] = (
    _glare,
    _edge,
    _no_pips,
    _cut,
    _off_centre,
    _colours,
    _one_colour,
    _animal,
    _sizes,
    _count,
    _dark_ink,
    _layout,
)


def _shape_distance(shape: np.ndarray, k: KindModel) -> float:
    return min(float(np.linalg.norm(shape - np.asarray(s))) for s in k.shapes)


def classify_colour(ab: tuple[float, float], profile: Profile) -> tuple[KindModel | None, float]:
    """The colour of one pip and a confidence in 0..1; None when it is no colour of the deck
    or lies between two."""
    scored = sorted(((colour_distance(ab, k), k) for k in profile.kinds), key=lambda s: s[0])
    best, kind = scored[0]
    if best > COLOUR_REACH:
        return None, 0.0
    second = scored[1][0] if len(scored) > 1 else math.inf
    if best > COLOUR_MARGIN * second:
        return None, 0.0
    conf = max(0.0, min(1.0, 1.0 - best / 8.0)) * min(1.0, (second - best) / 3.0)
    return kind, conf


def print_layout(profile: Profile) -> dict[int, list[tuple[float, float]]] | None:
    """Where the deck of ``profile`` prints each value's pips: known for the project's own
    deck, and for a deck taught with one card of each value (``teach``); not for a deck
    taught from its colours alone."""
    if isinstance(profile, HawaikiProfile) and profile.layout:
        return profile.layout
    return PIP_SPOTS if profile.made_by == OWN_DECK else None


def read_face(card_img: np.ndarray, profile: Profile) -> PileReading:
    """Read one upright card image (``WARP_SIZE``): a card, or ``unknown`` with the doubt."""
    found = blobs(card_img, with_shape=True)
    if found is None:
        return PileReading.of_doubt(Doubt.NO_WHITE_ON_CARD)
    # Specks of a covered card's print, dust and the pale numerals are not pips: a pip is
    # coloured over much of its area, or holds a pip's worth of colour (a pip run together
    # with a shadow's or a numeral's dark ink).
    unit = min(k.unit_area for k in profile.kinds)
    pips = [
        b for b in found if b.chroma_frac >= 0.3 or b.touches_edge or b.core >= PIP_CORE_MIN * unit
    ]
    classified = [classify_colour(b.ab, profile) for b in pips]
    face = _Face(
        card_img,
        profile,
        pips,
        [k for k, _ in classified],
        print_layout(profile),
    )
    for check in FACE_CHECKS:
        if (got := check(face)) is not None:
            doubt, detail = got
            return PileReading.of_doubt(doubt, detail=detail)
    colour = face.colours[0]
    assert colour is not None  # every pip has a colour once ``_colours`` passed
    conf = min(c for _, c in classified)
    return PileReading(State.CARD, HCard(len(pips), colour.kind), conf, why="")


# -- the zone ---------------------------------------------------------------------------------


def _expected_short(zone: np.ndarray, short: float | None) -> float:
    if short is not None:
        return short
    return math.sqrt(abs(float(cv2.contourArea(zone)))) * T.card_short_per_zone_side


def read_pile(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile,
    *,
    card_short: float | None = None,
) -> PileReading:
    """Read the top card of the pile in ``zone`` (polygon, frame pixels). ``card_short`` is a
    card's short side in frame pixels when the table has shown it (else the zone's size
    guesses it); the corners come back in frame pixels."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    expected = _expected_short(zone, card_short)
    view = _work_view(frame, zone, expected)
    if view is None:
        return PileReading.of_doubt(Doubt.ZONE_OUTSIDE_IMAGE)
    short = None if card_short is None else card_short * view.scale
    guess = expected * float(view.k[0])
    r = _read_at_work_scale(view.image, view.zone, profile, short, guess)
    if r.state == State.EMPTY or r.doubt == Doubt.ARM_OVER_EMPTY_ZONE:
        # No card white at all: a lamp's colour may have made the faces too coloured to
        # pass for white. Read again with that colour taken out, and keep only a card.
        balanced = _lamp_taken_out(view.image, view.zone)
        if balanced is not None:
            again = _read_at_work_scale(balanced, view.zone, profile, short, guess)
            r = again if again.state == State.CARD else r
    if r.corners is None:
        return r
    return replace(r, corners=(r.corners / view.k + view.origin).astype(np.float32))


LAMP_BRIGHTEST = 97  # percentile of brightness above which pixels are the faces lit by a lamp
LAMP_OVER_TABLE = 1.25  # how much brighter than the table (its darker fifth) those must be
LAMP_MAX_SATURATION = 0.7  # a lamp's colour leaves a white face less saturated than this


def _lamp_taken_out(image: np.ndarray, zone: np.ndarray) -> np.ndarray | None:
    """The view with a coloured lamp's tint taken out: each channel scaled so that the
    brightest pixels read around ``zone``, when they stand well above the table and are
    tinted as a white face under a warm or cool lamp is, come out neutral. None when nothing
    there is such a face. (A strong warm lamp leaves a face's white half as bright in blue as
    in red, which the card-white test, made for faces under ordinary lamps, takes for a
    coloured thing.)"""
    crop, _ = _read_area(image, zone)
    v = brightest(crop)
    top = v >= _percentile_u8(v, LAMP_BRIGHTEST)
    if float(np.median(v[top])) < LAMP_OVER_TABLE * _percentile_u8(v, 20):
        return None
    face = crop[top].astype(np.float32).mean(0)
    if 1.0 - face.min() / max(float(face.max()), 1.0) > LAMP_MAX_SATURATION:
        return None
    gain = face.max() / np.maximum(face, 1.0)
    # OpenCV takes a per-channel scalar; its stubs before 5.1 want an array.
    return cv2.multiply(image, (*map(float, gain), 0.0))  # type: ignore[call-overload, unused-ignore]


def _outlines(
    crop: np.ndarray, white: np.ndarray, local: np.ndarray, short: float | None
) -> list[_Cand]:
    """Card-shaped outlines in the zone, the likeliest top card first. A top card's white runs
    into the card under it where only a thin shadow parts them: eroding the white parts them,
    so each erosion adds its outlines (grown back by what the erosion took)."""
    zone_area = float(cv2.contourArea(local))
    found: list[_Cand] = []
    for erode in range(MAX_ERODE + 1):
        mask = white if erode == 0 else cv2.erode(white, _ERODE_KERNEL, iterations=erode)
        for c in _candidates(mask, zone_area * 0.08, zone_area * 1.2):
            if not _inside(c.corners.mean(0), local):
                continue
            centre = c.corners.mean(0)
            grown = centre + (c.corners - centre) * _grow(c.corners, erode)
            found.append(_Cand(grown.astype(np.float32), c.area, c.rectness))
    if short is not None:
        # A card the size the table's other cards show, within what perspective and the
        # outline's fit change: a merged outline is larger, a part of a card smaller.
        found = [c for c in found if abs(_short_of(c.corners) / short - 1) <= SIZE_TOLERANCE]
        fitted = _fit_known_size(crop, white, (short, short / CARD_ASPECT), local, 0.12)
        if fitted is not None:
            found.append(fitted)
    found.sort(key=lambda c: (-round(c.rectness, 2), -c.area))
    return _distinct(found)


def _grow(corners: np.ndarray, erode: int) -> float:
    """The factor that grows an outline found on eroded white back by ``erode`` pixels."""
    short = _short_of(corners)
    return (short + 2 * erode) / max(short, 1.0)


def _short_of(corners: np.ndarray) -> float:
    e = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    return min((e[0] + e[2]) / 2, (e[1] + e[3]) / 2)


def _distinct(cands: list[_Cand]) -> list[_Cand]:
    """Outlines that differ: erosions often find the same card again."""
    out: list[_Cand] = []
    for c in cands:
        if all(
            float(np.abs(c.corners.mean(0) - o.corners.mean(0)).max()) > 2.0
            or abs(c.area / max(o.area, 1.0) - 1) > 0.08
            for o in out
        ):
            out.append(c)
    return out


def _read_at_work_scale(
    image: np.ndarray, zone: np.ndarray, profile: Profile, short: float | None, guess: float
) -> PileReading:
    look = first_look(image, zone)
    if look is None:
        return PileReading.of_doubt(Doubt.ZONE_OUTSIDE_IMAGE)
    crop, (x0, y0), local = look.crop, look.origin, look.local
    white, illum, white_in = look.white, look.illum, look.white_in
    cands = _outlines(crop, white, local, short)
    if not cands:
        got = _no_outline(crop, local, white, illum, white_in)
        if got.doubt != Doubt.NO_WHOLE_CARD:
            return got
        return _searched(image, look, short, guess, profile) or got
    first: PileReading | None = None
    for cand in cands[:MAX_OUTLINES]:
        corners = cand.corners + np.array([x0, y0], np.float32)
        got = _read_outline(image, corners, profile)
        conf = got.confidence * min(1.0, (cand.rectness - 0.86) / 0.08)
        got = replace(
            got,
            confidence=max(0.0, conf),
            corners=corners,
            fitted=cand.rectness == _FITTED,
        )
        if got.state == State.CARD:
            if _arm_near(crop, local, white, illum) and not _arm_clear_of(
                crop, cand.corners, white, profile
            ):
                # A card-shaped part of the top left in view beside an arm reads as a card of
                # fewer pips, the others under the arm: a hand over the pile is no card.
                return PileReading.of_doubt(
                    Doubt.ARM_OVER_PILE, corners=corners, detail=f"{got.card} in view"
                )
            return got
        first = first or got
    assert first is not None
    if _arm_near(crop, local, white, illum):
        # Doubtful print and an arm in the zone: the hand is over the card's edge.
        return PileReading.of_doubt(Doubt.ARM_OVER_PILE, corners=first.corners, detail=first.why)
    if first.doubt in _OUTLINE_DOUBTS:
        return _searched(image, look, short, guess, profile) or first
    return first


# How far in from each side, as a share of the card, a face is read again when its outline
# took in a strip beside the card (on rough tuning tables 0.03 and 0.05 found the same cards).
OUTLINE_INSET = 0.04


def _read_outline(image: np.ndarray, corners: np.ndarray, profile: Profile) -> PileReading:
    """The face inside an outline. An outline a little larger than the card takes in a strip
    of the table or of the card under it along a side, which reads as a pip cut by the
    outline: when every piece the outline cuts is no ink of the deck (the table's colour, a
    card's grey edge), the face is read again inside an outline drawn ``OUTLINE_INSET`` of
    the card in from each side, where the card's own print still lies whole (its pips lie a
    tenth of the card or more from its edges). A piece in a deck's ink is a pip the outline
    cut (an outline round part of a card beside a hand): left out, it would make the count
    one short, so that face stays doubted. Only on a deck whose print layout is known."""
    card_img = _warp(image, corners)
    got = read_face(card_img, profile)
    if got.doubt != HawaikiDoubt.PIP_CUT_BY_OUTLINE or print_layout(profile) is None:
        return got
    cut = [b for b in blobs(card_img) or [] if b.touches_edge]
    if any(b.chroma_frac >= 0.3 and classify_colour(b.ab, profile)[0] for b in cut):
        return got
    centre = corners.mean(0)
    inset = (centre + (corners - centre) * (1 - 2 * OUTLINE_INSET)).astype(np.float32)
    again = read_face(_warp(image, inset), profile)
    return again if again.state == State.CARD else got


# Doubts that say the outline read was not the top card's whole outline (it took in a strip
# of the card under it, or part of it only): the card's own edges are looked for.
_OUTLINE_DOUBTS = frozenset(
    {
        HawaikiDoubt.PIP_CUT_BY_OUTLINE,
        HawaikiDoubt.PIPS_OFF_CENTRE,
        HawaikiDoubt.PIPS_OFF_LAYOUT,
        Doubt.EDGE_ACROSS,
    }
)
SEARCH_READS = 3  # card-sized outlines read at most in the edge search (a bound on its time)


def _searched(
    image: np.ndarray, look: FirstLook, short: float | None, guess: float, profile: Profile
) -> PileReading | None:
    """A top card whose white runs into the cards under it (bright light, cards laid close):
    card-sized rectangles whose four sides all lie on edges (only the top card shows all of
    its sides whole), at the table's card size, or about the zone's guess of it, kept when
    their face is one piece of white and read as any face is. The edges are looked for in
    the brightest channel, then in the darkest (``_edge_maps``)."""
    if print_layout(profile) is None:
        # An outline placed on edges may frame a card's part: only the print layout, which
        # such a part breaks, makes its face safe to rule on.
        return None
    size = short if short is not None else guess
    # A guessed size is searched in three sizes, 15 % apart, each give or take a tenth.
    scales = (1.0,) if short is not None else (0.85, 1.0, 1.15)
    for maps in _edge_maps(look.crop):
        reads = SEARCH_READS
        for k in scales:
            dims = (size * k, size * k / CARD_ASPECT)
            for q in card_outlines(look.crop, dims, 0.1, limit=3, within=look.local, maps=maps):
                if not _one_face(look.white, q):
                    continue
                if reads == 0:
                    break
                reads -= 1
                corners = _order(q).astype(np.float32) + np.array(look.origin, np.float32)
                got = _read_outline(image, corners, profile)
                if got.state == State.CARD:
                    conf = got.confidence * 0.9
                    return replace(got, confidence=conf, corners=corners, fitted=True)
    return None


def _edge_maps(crop: np.ndarray) -> Iterator[EdgeMaps]:
    """The crop's edges as the outline search looks for them: in each pixel's brightest
    channel (what the Halli Galli reader uses), then in its darkest. Under a warm or cool
    lamp bright enough to clip the card white's strongest channel, the thin contact shadow
    between a top card and the card under it is lost in that channel, and still shows in
    the weakest one (on rough and wide tuning tables, 12 of 49 cards without an outline were
    found so, none wrong; the brightest channel alone found one the darkest did not)."""
    yield EdgeMaps.of(crop)
    gray = cv2.GaussianBlur(darkest_channel(crop), (3, 3), 0.8)  # ``crop.min(2)``, quicker
    yield EdgeMaps(gray, cv2.Canny(gray, 12, 36))


def _no_outline(
    crop: np.ndarray,
    local: np.ndarray,
    white: np.ndarray,
    illum: np.ndarray | None,
    white_in: float,
) -> PileReading:
    """No whole card in the zone: empty, a hand over it, or a card the reader cannot outline."""
    if white_in < WHITE_IN_EMPTY:
        # No card here, so nothing printed to mistake for an arm: anything unlike the table.
        if _foreign_fraction(crop, local, arms=False) > T.foreign_occluded:
            return PileReading.of_doubt(Doubt.ARM_OVER_EMPTY_ZONE)
        return PileReading(State.EMPTY, confidence=min(1.0, 1.0 - white_in * 10), why="no card")
    if _arm_near(crop, local, white, illum):
        return PileReading.of_doubt(Doubt.ARM_OVER_PILE)
    return PileReading.of_doubt(Doubt.NO_WHOLE_CARD)


ARM_CLEAR = 0.01  # share of a card (grown a little) an arm may cover and leave it whole
ARM_CLEAR_GROWN = 1.15  # the card's outline grown by this for the arm's share: its edges too


def _arm_clear_of(
    crop: np.ndarray, corners: np.ndarray, white: np.ndarray, profile: Profile
) -> bool:
    """An arm in the zone that keeps clear of the card read: nothing come from outside lies
    on or against its outline (a part of a card beside an arm has the arm along a side). Only
    on a deck whose print layout is known, which catches a part of a card that a hand hides
    the rest of. (On tuning tables, cards an arm left whole had at most 2 % of their grown
    outline covered; at 1 %, no pile under or beside a hand read wrong on 800 tuning scenes
    with a hand over every other pile.)"""
    if print_layout(profile) is None:
        return False
    centre = corners.mean(0)
    grown = (centre + (corners - centre) * ARM_CLEAR_GROWN).astype(np.float32)
    return _foreign_fraction(crop, grown, white) <= ARM_CLEAR


def _arm_near(
    crop: np.ndarray, local: np.ndarray, white: np.ndarray, illum: np.ndarray | None
) -> bool:
    return (
        _skin_fraction(crop, illum, local) > T.skin_share
        or _foreign_fraction(crop, local, white) > T.foreign_partly
    )


def read_piles(
    frame: np.ndarray,
    zones: Sequence[np.ndarray],
    profile: Profile,
    *,
    card_short: float | None = None,
) -> list[PileReading]:
    """Every pile zone of one frame. The piles lie side by side under one camera, so a card
    read whole in one zone tells the others the card size to look at."""
    first = [read_pile(frame, z, profile, card_short=card_short) for z in zones]
    if card_short is not None:
        return first
    sizes = [r.short_side for r in first if r.state == State.CARD and r.short_side]
    if not sizes:
        return first
    short = float(np.median(sizes))
    return [
        r if r.state == State.CARD else read_pile(frame, z, profile, card_short=short)
        for r, z in zip(first, zones, strict=True)
    ]


def pile_entries(
    frame: np.ndarray, zones: Sequence[np.ndarray], profile: Profile
) -> list[dict[str, Any]]:
    """``halli-pi read``'s entries for a Hawaiki layout (HAWAIKI.md §2): one per pile, with
    ``"pile": k`` where SPEC §2 has ``"seat"``, and the same state, card, corners and
    confidence (``doubt``, optional, says why a pile is not read)."""
    out: list[dict[str, Any]] = []
    for k, (zone, r) in enumerate(zip(zones, read_piles(frame, zones, profile), strict=True)):
        is_card = r.state == State.CARD and r.card is not None
        centre = r.center if is_card and r.center is not None else tuple(np.mean(zone, 0))
        entry: dict[str, Any] = {
            "pile": k,
            "state": r.state.value,
            "card": str(r.card) if is_card else None,
            "center": [round(float(v), 1) for v in centre],
            "corners": _points(r.corners) if is_card and r.corners is not None else None,
            "confidence": round(float(r.confidence), 3),
        }
        if r.doubt is not None:
            entry["doubt"] = r.doubt.name
        out.append(entry)
    return out


def _points(a: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in a]

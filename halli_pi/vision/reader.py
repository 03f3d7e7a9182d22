"""The card reader: what lies on top of a pile, from one frame.

For a zone: find the top card's white quad (a white mask taken relative to the brightest
neutral pixels, so warm light does not matter; contact shadows split the top card from the cards
under it), warp it upright, normalise its colours against its own white, segment the symbols
(fruits) and classify each by colour (median a/b in a white-normalised Lab space) and, for taught
decks, by shape; count them. Covered cards cannot leak into the count because only the inside
of the top card's quad is read. When the white outline fails, the top card is searched for
by its edges (outline.py), with the size the other cards of the frame predict for the zone.

Anything doubtful reads ``unknown`` (or ``occluded`` when a hand is in the way) rather than a
guess: a referee must not rule on a wrong reading. Doubtful includes what may be only part of a
card: a clean rectangle beside another whole card (the part of a covered card the top card
leaves in view), a compact symbol as large as two, a card away from the pile's middle with an
arm over the zone, colours running over the card's edge.

The colour profiles it loads live in models/ (see models/README.md for how they are made).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from halli_pi.cards import Card, make_card
from halli_pi.errors import ConfigError
from halli_pi.vision.outline import EdgeMaps, card_outlines

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

    @property
    def dims(self) -> tuple[float, float] | None:
        """(short side, long side) of the card in pixels."""
        return None if self.corners is None else _dims_of(self.corners)

    @property
    def center(self) -> tuple[float, float] | None:
        if self.corners is None:
            return None
        c = self.corners.mean(0)
        return (float(c[0]), float(c[1]))


@dataclass(frozen=True)
class Found:
    corners: np.ndarray
    center: tuple[float, float]
    card: Card | None
    confidence: float
    state: State = State.CARD


# --- profiles --------------------------------------------------------------------------------


@dataclass
class KindModel:
    kind: str
    ab: tuple[float, float]  # median a, b of the symbol's colour on a white-normalised card
    ab_std: float  # spread of that colour
    unit_area: float  # one symbol's coloured area (its core, not outline) as a share of the card
    shapes: list[list[float]] = field(default_factory=list)  # taught shape descriptors


@dataclass
class Profile:
    name: str
    kinds: list[KindModel]
    made_by: str = ""
    # Whether the deck's cards can show several kinds at once (clone decks). The classic
    # deck's never do: a reading with two kinds there is a wrong outline, not a card.
    mixed: bool = True

    @classmethod
    def from_json(cls, obj: dict, where: str = "profile") -> Profile:
        try:
            kinds = [
                KindModel(
                    k["kind"],
                    (float(k["ab"][0]), float(k["ab"][1])),
                    float(k["ab_std"]),
                    float(k["unit_area"]),
                    [list(map(float, s)) for s in k.get("shapes", [])],
                )
                for k in obj["kinds"]
            ]
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise ConfigError(f"not a colour profile: {err!r}", where=where) from None
        return cls(
            obj.get("name", where), kinds, obj.get("made_by", ""), bool(obj.get("mixed", True))
        )

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "made_by": self.made_by,
            "mixed": self.mixed,
            "kinds": [
                {
                    "kind": k.kind,
                    "ab": [round(k.ab[0], 3), round(k.ab[1], 3)],
                    "ab_std": round(k.ab_std, 3),
                    "unit_area": round(k.unit_area, 5),
                    **(
                        {"shapes": [[round(v, 4) for v in s] for s in k.shapes]} if k.shapes else {}
                    ),
                }
                for k in self.kinds
            ],
        }


def models_dir() -> Path:
    """The models shipped with the package (the project's models/ folder)."""
    from importlib.resources import files

    return Path(str(files("halli_pi.models")))


def taught_dir() -> Path:
    """Where `halli-pi teach` keeps decks taught at the table: the data directory, which the
    service may write (the installed package may not be)."""
    from halli_pi.store import data_dir

    return data_dir() / "models"


def find_model(name: str) -> Path:
    """A model by name: a deck taught here first, then the shipped ones."""
    taught = taught_dir() / f"{name}.json"
    return taught if taught.is_file() else models_dir() / f"{name}.json"


@lru_cache(maxsize=8)
def load_profile(name_or_path: str = "classic") -> Profile:
    """A profile by name (models/<name>.json) or by path."""
    path = Path(name_or_path)
    if path.suffix != ".json":
        path = find_model(name_or_path)
    try:
        obj = json.loads(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"no reader model {name_or_path!r} (looked for {path.name})") from None
    except json.JSONDecodeError as err:
        raise ConfigError(f"bad JSON: {err}", where=path.name) from None
    return Profile.from_json(obj, where=path.name)


# --- finding the card ------------------------------------------------------------------------


def _percentile_u8(v: np.ndarray, q: float) -> float:
    hist = np.bincount(v.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(hist, q / 100.0 * hist[-1]))


def _white_mask(img: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Pixels of card white, judged against the brightest neutral pixels of ``img``.
    (Per-channel work goes through OpenCV: numpy reductions over the channel axis are slow.)"""
    b, g, r = cv2.split(img)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    # The white reference comes from the card faces, not from glare: an opening wipes out
    # bright spots smaller than a fifth of a card (a lamp's reflection) before the brightest
    # pixels are taken. A zone crop is a good part card; a whole frame may hold a single card.
    faces = cv2.morphologyEx(v, cv2.MORPH_OPEN, _GLARE_KERNEL)
    thr = _percentile_u8(faces, 96 if v.size < 60000 else 99.5)
    # neutral: saturation (v - mn) / v below 0.45
    neutral = mn.astype(np.int16) * 20 > v.astype(np.int16) * 11
    sel = ((faces >= thr) & (v <= faces.astype(np.int16) + 8) & neutral).astype(np.uint8)
    # Card white must stand out from the table (the darker fifth of the view); otherwise the
    # brightest pixels are just the table. A silver face is hardly brighter than a light
    # table, but it stands out as neutral on a coloured one.
    stands_out = thr >= 1.12 * _percentile_u8(v, 20) or _coloured(v, mn)
    if cv2.countNonZero(sel) < 12 or thr < 50 or not stands_out:
        return np.zeros(v.shape, np.uint8), None
    pick = sel > 0
    illum = np.array([np.median(c[pick]) for c in (b, g, r)], np.float32) + np.float32(1e-3)
    nb, ng, nr = (
        c.astype(np.float32) * np.float32(1.0 / k) for c, k in zip((b, g, r), illum, strict=True)
    )
    nmax = cv2.max(cv2.max(nb, ng), nr)
    nmin = cv2.min(cv2.min(nb, ng), nr)
    # Local contrast splits cards from the (shadowed) edges of the cards under them.
    local = cv2.dilate(v, _LOCAL_KERNEL)
    white = (
        (nmin > 0.6)
        & (nmax - nmin < 0.2 * nmax + 0.02)
        & (v.astype(np.float32) > 0.84 * local.astype(np.float32))
    ).astype(np.uint8)
    if cv2.countNonZero(white) > 0.6 * white.size:
        # No pile covers most of what is read around a zone: that "white" is a pale table.
        return np.zeros(v.shape, np.uint8), None
    return white * 255, illum


_LOCAL_KERNEL = np.ones((7, 7), np.uint8)
_GLARE_KERNEL = np.ones((11, 11), np.uint8)  # a fifth of a card at the working scale


def _coloured(v: np.ndarray, mn: np.ndarray) -> bool:
    """Most of the view (the table) is clearly coloured: saturation 0.4 or more."""
    small_v = v[::4, ::4].astype(np.float32)
    sat = (small_v - mn[::4, ::4]) / np.maximum(small_v, 1.0)
    return float(np.median(sat)) >= 0.4


def _order(corners: np.ndarray) -> np.ndarray:
    """Corners clockwise (in image coordinates), first edge a short side."""
    c = corners.astype(np.float32).reshape(4, 2)
    centre = c.mean(0)
    ang = np.arctan2(c[:, 1] - centre[1], c[:, 0] - centre[0])
    c = c[np.argsort(ang)]
    if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[2] - c[1]):
        c = np.roll(c, -1, axis=0)
    return c


def _card_shaped(quad: np.ndarray) -> bool:
    """Opposite sides alike and a card's proportions: a four-cornered outline that is not
    (its corners cut across by another card's edge) frames part of a card."""
    e = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    if min(e) < 1 or abs(e[0] / e[2] - 1) > 0.2 or abs(e[1] / e[3] - 1) > 0.2:
        return False
    a, b = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    return 0.5 < min(a, b) / max(a, b) < 0.8


@dataclass
class _Cand:
    corners: np.ndarray
    area: float
    rectness: float


def _candidates(white: np.ndarray, min_area: float, max_area: float) -> list[_Cand]:
    out: list[_Cand] = []
    for erode in (0, 1, 2):
        mask = (
            white if erode == 0 else cv2.erode(white, np.ones((3, 3), np.uint8), iterations=erode)
        )
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in contours:
            area = cv2.contourArea(cnt)
            if area < min_area * 0.6:
                continue
            (cx, cy), (w, h), ang = cv2.minAreaRect(cnt)
            w, h = w + 2 * erode, h + 2 * erode
            if w < 4 or h < 4:
                continue
            aspect = min(w, h) / max(w, h)
            rect_area = w * h
            # Hull, not contour: symbols printed near the edge bite into the white outline.
            hull = cv2.convexHull(cnt)
            rectness = (cv2.contourArea(hull) + erode * 2 * (w + h)) / rect_area
            if area < 0.8 * rect_area:
                continue  # a covered card with a bite taken out by the card on it
            if not (0.5 < aspect < 0.8 and rectness > 0.9 and min_area <= rect_area <= max_area):
                continue
            box = cv2.boxPoints(((cx, cy), (w, h), ang))
            # A perspective-true quad when the outline simplifies to four corners.
            approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
            if (
                len(approx) == 4
                and erode == 0
                and cv2.contourArea(approx) > 0.9 * rect_area
                and _card_shaped(approx.reshape(4, 2).astype(np.float32))
            ):
                box = approx.reshape(4, 2).astype(np.float32)
            out.append(_Cand(_order(box), rect_area, min(rectness, area / rect_area + 0.08)))
        if out:
            break
    return out


# --- reading the card ------------------------------------------------------------------------


_CLOSE_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))


def _margin(width: int) -> int:
    """Border of the upright card left out of the symbols (its edge, a shadow, a neighbour)."""
    return max(2, round(width * 0.03))


def _symbols(card_img: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """White-normalise the upright card; return (Lab image, ink mask, white reference)."""
    f = card_img.astype(np.float32)
    b8, g8, r8 = cv2.split(card_img)
    v8 = cv2.max(cv2.max(b8, g8), r8)
    h, w = v8.shape
    m = _margin(w)
    thr = _percentile_u8(v8[m:-m, m:-m], 55)
    # The face: bright and neutral (a yellow symbol on silver is brighter than the face).
    neutral = cv2.min(cv2.min(b8, g8), r8).astype(np.int16) * 2 > v8.astype(np.int16)
    sel = ((v8 >= thr) & neutral).astype(np.uint8)
    sel[:m] = sel[-m:] = 0
    sel[:, :m] = sel[:, -m:] = 0
    if cv2.countNonZero(sel) < 20:
        return None
    # The median, not the mean: a glare spot is bright and neutral too, and small.
    ref = np.array([np.median(c[sel > 0]) for c in (b8, g8, r8)], np.float32) + np.float32(1e-3)
    # The card's own white, per pixel: a closing wipes the symbols out, leaving the face
    # (white, or a silver face with its sheen) lit as it is lit here.
    face = np.where(neutral[..., None], f, 0.0).astype(np.float32)
    small = cv2.resize(face, (w // 3, h // 3), interpolation=cv2.INTER_AREA)
    small = cv2.morphologyEx(small, cv2.MORPH_CLOSE, _CLOSE_KERNEL)
    bg = cv2.GaussianBlur(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), (0, 0), 2)
    bg = np.maximum(bg, ref * 0.5)
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


# A pixel this much brighter than the card's own white (its median face) is a reflection of a
# lamp or window, not print.
_GLARE_OVER_FACE = 1.2
_GLARE_HIDES = 0.6  # glare this share of the smallest symbol may hide a whole one
_GLARE_TOUCHES = 0.15  # glare this large against a symbol may hide most of it


def _glare(card_img: np.ndarray) -> np.ndarray | None:
    """The glare on the upright card (a 0/1 mask): brighter than the face's own white, and
    near neutral (a reflection takes the light's colour, not the print's). None when the face
    itself is lit near the sensor's top, where no reflection can stand out."""
    v = card_img.max(2)
    h, w = v.shape
    m = _margin(w)
    inner = v[m:-m, m:-m]
    face = float(np.median(inner[inner >= _percentile_u8(inner, 40)]))
    if face * _GLARE_OVER_FACE > 252:
        return None
    vf = v.astype(np.float32)
    # Neutral too: yellow print on a silver face is brighter than the face, and coloured.
    neutral = card_img.min(2).astype(np.float32) > 0.85 * vf
    glare = ((vf > face * _GLARE_OVER_FACE) & neutral).astype(np.uint8)
    glare[:m] = glare[-m:] = 0
    glare[:, :m] = glare[:, -m:] = 0
    return cv2.morphologyEx(glare, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))


def _glare_doubt(card_img: np.ndarray, unit: float) -> str:
    """Why glare may hide print on the card ("" when it cannot): a spot over most of a
    symbol's size anywhere, or a smaller one against a symbol (the rest of that symbol may be
    under it, too little left to count)."""
    glare = _glare(card_img)
    if glare is None:
        return ""
    total = float(glare.size)
    share = cv2.countNonZero(glare) / total
    if share >= _GLARE_HIDES * unit:
        return "glare over the face"
    if share < _GLARE_TOUCHES * unit:
        return ""
    lo = card_img.min(2).astype(np.int16)
    hi = card_img.max(2).astype(np.int16)
    printed = ((hi - lo) > 0.35 * hi).astype(np.uint8)  # clearly coloured: a symbol's print
    ring = cv2.dilate(glare, np.ones((5, 5), np.uint8)) & ~glare.astype(bool)
    return "glare against a symbol" if cv2.countNonZero(ring & printed) >= 3 else ""


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
    gray = cv2.GaussianBlur(card_img.max(2), (3, 3), 0.8)
    edges = cv2.Canny(gray, 20, 50)
    # Not the lines printed inside a symbol (a plum's crease), but a symbol's outline does
    # count: cut flat by another card's side, it is straight. Symbols are blobs that are not
    # face-white; a shadow line is too thin to be one.
    lo = card_img.min(2)
    not_face = (lo < 0.7 * _percentile_u8(gray, 75)).astype(np.uint8)
    symbols = cv2.morphologyEx(not_face, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    edges[cv2.erode(symbols, np.ones((5, 5), np.uint8)) > 0] = 0
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

    @property
    def core(self) -> float:
        """Its coloured area (not the dark outline, which blur widens): what is counted."""
        return self.area * self.chroma_frac


def blobs(card_img: np.ndarray, *, with_shape: bool = False) -> list[Blob] | None:
    """The symbols of an upright card image, largest first."""
    got = _symbols(card_img)
    if got is None:
        return None
    lab, ink, _ = got
    h, w = ink.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    total = float(h * w)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    coloured = (chroma > 25) & (lab[..., 0] > 25)
    m = _margin(w)
    out: list[Blob] = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        near_edge = x <= m or y <= m or x + bw >= w - m or y + bh >= h - m
        # Specks are dropped, but not on the edge: a bit of a symbol there means the outline
        # cut a symbol off.
        if area < total * (0.002 if near_edge else 0.008):
            continue
        sl = (slice(y, y + bh), slice(x, x + bw))
        comp = labels[sl] == i
        col = comp & coloured[sl]
        nc = int(col.sum())
        if nc:
            a = float(np.median(lab[sl][..., 1][col]))
            b = float(np.median(lab[sl][..., 2][col]))
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
        several = _looks_like_several(comp)
        out.append(Blob(area / total, (a, b), nc / area, edge, shape, centre, px, thin, several))
    out.sort(key=lambda b: -b.area)
    return out


# The least spread of a kind's hue, in degrees. Rendered art prints each fruit in one flat
# colour; printed cards vary more (ink, paper, the light's spectrum), so a model's narrow
# spread must not put the border between two kinds next to the narrower one.
_HUE_STD_MIN = 8.0


def _looks_like_several(comp: np.ndarray) -> bool:
    """Two or three symbols that touch make a blob with a waist (it fills its hull poorly) or
    a long one; one symbol is compact. (Measured on the rendered decks: merged pairs fill
    0.6 to 0.8 of their hull and are twice as long as wide; single symbols 0.9 or more.)"""
    cnts, _ = cv2.findContours(comp.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cnts:
        return False
    c = max(cnts, key=cv2.contourArea)
    solidity = cv2.contourArea(c) / max(cv2.contourArea(cv2.convexHull(c)), 1.0)
    _, (rw, rh), _ = cv2.minAreaRect(c)
    return solidity < 0.9 or max(rw, rh) > 1.6 * max(min(rw, rh), 1.0)


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


COLOUR_UNSURE = "colour between kinds:"  # a reading's reason when a symbol's colour is


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


UNTAUGHT_DECK = "this deck is not taught: run `halli-pi teach`"
# Symbols of the decks the reader knows stand at least 0.39 of the card's width apart, centre
# to centre (the classic deck, its scans, clone decks); two blobs much nearer are parts of one
# drawing (a banana drawn in two pieces), so the deck is not one the reader knows.
_PARTS_APART = 0.3


def _drawn_in_parts(kinds: Sequence[tuple[Blob, KindModel]]) -> bool:
    w, h = WARP_SIZE
    pts = [(b.centre[0] * w, b.centre[1] * h) for b, _ in kinds]
    return any(math.dist(p, q) < _PARTS_APART * w for i, p in enumerate(pts) for q in pts[i + 1 :])


def read_card_image(
    card_img: np.ndarray, profile: Profile, *, strict_edge: bool = False, one_size: bool = False
) -> tuple[State, Card | None, float, str]:
    """Read an upright card image (WARP_SIZE). ``strict_edge``: no symbol may touch the edge
    (for outlines fitted rather than seen whole). ``one_size``: every symbol must be a whole
    one of the card's size (for outlines found by a search, which may frame a covered card
    whose symbols another card cuts)."""
    shapes = any(k.shapes for k in profile.kinds)
    found = blobs(card_img, with_shape=shapes)
    if found is None:
        return State.UNKNOWN, None, 0.0, "no white on the card"
    glare = _glare_doubt(card_img, min(k.unit_area for k in profile.kinds))
    if glare:
        # A spot of light washes out whatever is printed under it: a symbol there may be
        # missing from the count.
        return State.UNKNOWN, None, 0.0, glare
    if _edge_across(card_img):
        # A card's face has no long straight edge on it: that is another card's side, so the
        # outline holds parts of two cards.
        return State.UNKNOWN, None, 0.0, "another card's edge across it"
    if not found:
        return State.UNKNOWN, None, 0.0, "a blank card"
    # Leaves, stems and specks are small beside the largest blob, unless that blob is two
    # symbols that touch: then beside the smallest symbol the deck prints.
    biggest = found[0].area
    smallest = min(k.unit_area for k in profile.kinds)
    kinds: list[tuple[Blob, KindModel]] = []
    conf = 1.0
    for blob in found:
        if strict_edge and blob.touches_edge:
            return State.UNKNOWN, None, 0.0, "a fitted outline cuts a shape"
        if blob.area < 0.3 * biggest and blob.core < 0.5 * smallest:
            if (
                blob.touches_edge
                and blob.chroma_frac >= 0.3
                and classify(blob, profile)[0] is not None
            ):
                # A piece in a symbol's colour cut by the outline: a symbol half outside it,
                # so the outline is not the whole card. (A sliver of table is not.)
                return State.UNKNOWN, None, 0.0, "a coloured piece on the card's edge"
            continue  # leaves, stems, seeds, specks
        if blob.chroma_frac < 0.3:
            if blob.touches_edge:
                return State.OCCLUDED, None, 0.0, "something dark over the card's edge"
            return State.UNKNOWN, None, 0.0, "a dark or grey shape"
        parts = _split_mixed(blob, profile) if profile.mixed else [blob]
        if len(parts) > 1 and blob.touches_edge:
            # Two colours in one blob that runs over the outline: a sleeve or a hand on a
            # symbol, most likely; never a card's print.
            return State.OCCLUDED, None, 0.0, "colours running over the card's edge"
        if len(parts) > 1:
            for part in parts:
                kind, c = classify(part, profile)
                if kind is None:
                    return State.UNKNOWN, None, 0.0, f"{COLOUR_UNSURE} a blob of mixed colours"
                kinds.append((part, kind))
                conf = min(conf, c * 0.9)
            continue
        kind, c = classify(blob, profile)
        if kind is None and blob.touches_edge and blob.thin:
            continue  # a strip of table along a side: the outline is a little wide there
        if kind is None:
            if blob.touches_edge:
                # Not a symbol's colour, reaching over the edge: a hand or sleeve on the card.
                return State.OCCLUDED, None, 0.0, "something over the card's edge"
            return (
                State.UNKNOWN,
                None,
                0.0,
                f"{COLOUR_UNSURE} a={blob.ab[0]:.0f} b={blob.ab[1]:.0f}",
            )
        if blob.touches_edge and blob.core < 0.85 * kind.unit_area:
            # A symbol cut by the outline (its colour runs on past it, and too little of it
            # is inside): the outline is not the whole card.
            return State.UNKNOWN, None, 0.0, f"a {kind.kind} cut by the outline"
        kinds.append((blob, kind))
        conf = min(conf, c)
    if kinds:
        # Printed symbols sit symmetrically on the face: an outline that cut some off would
        # leave the rest off-centre. Each blob weighs as the symbols it holds (a plum is
        # larger than a banana; two that touch make one blob).
        weight = [max(b.core / k.unit_area, 0.5) for b, k in kinds]
        wsum = sum(weight)
        cx = sum(w * b.centre[0] for w, (b, _) in zip(weight, kinds, strict=True)) / wsum
        cy = sum(w * b.centre[1] for w, (b, _) in zip(weight, kinds, strict=True)) / wsum
        if abs(cx - 0.5) > 0.1 or abs(cy - 0.5) > 0.1:
            return State.UNKNOWN, None, 0.0, "symbols off-centre: not a whole card's outline"
        if _drawn_in_parts(kinds):
            return State.UNKNOWN, None, 0.0, UNTAUGHT_DECK
        # Symbols cut by the outline are smaller than the whole ones (a deck may print its
        # symbols up to the card's edge: touching it is not enough).
        whole = [b.core for b, _ in kinds if not b.touches_edge]
        full = float(np.median(whole)) if whole else min(k.unit_area for _, k in kinds)
        cut = [b for b, _ in kinds if b.touches_edge and b.core < 0.85 * full]
        if len(cut) * 2 > len(kinds):
            return State.UNKNOWN, None, 0.0, "most symbols on the outline's edge"
    counts: dict[str, int] = {}
    for name in {k.kind for _, k in kinds}:
        unit = next(k.unit_area for _, k in kinds if k.kind == name)
        # Symbols that touch merge into one blob: count it by its coloured area, measured
        # against the smallest whole-looking symbol of its kind on this card when there is
        # one (blur and print size change areas; a card's symbols are all one size), else
        # against the profile's. In-between sizes are doubtful, not rounded.
        mine = [b for b, k in kinds if k.kind == name]
        # (A symbol printed up to the card's edge is whole when it is of full size.)
        whole = [b.core / unit for b in mine if not b.touches_edge or b.core >= 0.85 * unit]
        singles = [r for r in whole if 0.6 <= r < 1.6]
        ref = min(singles) if singles and len(mine) > 1 else 1.0
        for b in mine:
            r = b.core / unit
            q = r / ref
            if b.touches_edge and q >= 1.5:
                return State.UNKNOWN, None, 0.0, f"a large {name} blob cut by the outline"
            if singles and len(mine) > 1 and q < 0.75:
                # A card prints its symbols of one size: one much smaller than a whole one
                # beside it is cut (another card's edge, or a hand, lies across it).
                return State.UNKNOWN, None, 0.0, f"a {name} smaller than the others"
            if one_size and abs(q - round(q)) > 0.27:
                # A fitted outline may hold a covered card, whose symbols another card cuts:
                # it must show whole symbols of one size only (or two or three of them that
                # touch).
                return State.UNKNOWN, None, 0.0, f"a {name} of {q:.2f} on a fitted outline"
            if 0.45 <= q < 1.5 and r < 1.6:
                n = 1
            elif 1.7 <= q < 2.45:
                n = 2
            elif 2.65 <= q < 3.4:
                n = 3
            else:
                return State.UNKNOWN, None, 0.0, f"a {name} blob of {q:.2f} symbols"
            if n > 1 and not b.several:
                # One compact symbol as large as two: the outline is smaller than the card
                # (part of a card, the rest under a hand or another card).
                return State.UNKNOWN, None, 0.0, f"one {name} the size of {n}"
            counts[name] = counts.get(name, 0) + n
    if len(counts) > 1 and not profile.mixed:
        return State.UNKNOWN, None, 0.0, "several kinds, on a deck whose cards show one"
    if not counts or sum(counts.values()) > 9:
        return State.UNKNOWN, None, 0.0, "no countable symbols"
    return State.CARD, make_card(counts), conf, ""


# --- zones and whole images ------------------------------------------------------------------


def _warp(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    w, h = WARP_SIZE
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    return cv2.warpPerspective(frame, m, (w, h), flags=cv2.INTER_LINEAR)


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


_FOREIGN_OCCLUDED = 0.08  # share of a card-less zone unlike the table that is an arm over it
_FOREIGN_PARTLY = 0.25  # the same, away from any card white (a pile's edges are not arms)
_FOREIGN_DIST = 5.0  # Lab distance from the table's colour that is something else


def _unlike_table(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mask at a quarter of the size of pixels whose colour is unlike the table, that
    distance). The table is the most common colour of the read area (an arm or hand covers
    less than half of it); a table is one colour under light that changes its brightness
    slowly, so lightness counts for less."""
    h, w = crop.shape[:2]
    small = cv2.resize(crop, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small.astype(np.float32) * np.float32(1 / 255), cv2.COLOR_BGR2Lab)
    L, a, b = cv2.split(lab)
    med = [float(np.median(c)) for c in (L, a, b)]
    dist = cv2.magnitude(cv2.magnitude(a - med[1], b - med[2]), (L - med[0]) * 0.5)
    return (dist > _FOREIGN_DIST).astype(np.uint8), dist


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
    _, dist = _unlike_table(crop)
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
    unlike = (dist > _FOREIGN_DIST).astype(np.uint8)
    if arms:
        unlike = _from_outside(unlike)
    return cv2.countNonZero(unlike & mask) / inside


def _edge_map(crop: np.ndarray, white: np.ndarray) -> np.ndarray:
    v = cv2.GaussianBlur(crop.max(2), (3, 3), 0.8)
    edges = cv2.Canny(v, 12, 36)
    edges |= cv2.morphologyEx(white, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return cv2.dilate(edges, np.ones((3, 3), np.uint8))


def _side_score(ev: np.ndarray, quad: np.ndarray) -> float:
    """Share of the quad's sides (away from the corners) that run along an edge."""
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
    return float(min(scores)) * 0.5 + float(np.mean(scores)) * 0.5


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
    best = None
    for d in np.arange(along * (1 - tol), along * (1 + tol) + 1, 1.0):
        pts = np.rint(p + u * d + w * t).astype(int)
        ok = (pts[:, 0] >= 0) & (pts[:, 0] < wd) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        if not ok.all():
            continue
        hits = float((ev[pts[:, 1], pts[:, 0]] > 0).mean())
        if hits >= 0.75 and (best is None or abs(d - along) < abs(best - along)):
            best = float(d)  # the edge nearest the expected length
    return best


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
    cards under it have sides hidden under the top card, where no edge is)."""
    short, long_ = dims
    ev = _edge_map(crop, white)
    contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    best: tuple[float, np.ndarray] | None = None
    for cnt in contours:
        if cv2.contourArea(cnt) < 0.6 * short * long_:
            continue
        poly = cv2.approxPolyDP(cnt, 2.5, True).reshape(-1, 2).astype(np.float32)
        n = len(poly)
        for i in range(n):
            p, a, b = poly[i], poly[(i + 1) % n], poly[i - 1]
            u, w = a - p, b - p
            lu, lw = float(np.linalg.norm(u)), float(np.linalg.norm(w))
            if lu < 5 or lw < 5:
                continue
            u, w = u / lu, w / lw
            if abs(float(u @ w)) > 0.3:
                continue  # not a square corner
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
    return np.median(g, axis=-1)


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
    for combo in itertools.product(*sides):
        corners = []
        for i in range(4):
            _, p, u = combo[i - 1]
            _, q, w = combo[i]
            c = _meet(p, u, q, w)
            if c is None:
                break
            corners.append(c)
        if len(corners) != 4:
            continue
        c4 = _order(np.array(corners, np.float32))
        e = [float(np.linalg.norm(c4[(i + 1) % 4] - c4[i])) for i in range(4)]
        got_s, got_l = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
        if abs(got_s / short - 1) > tol or abs(got_l / long_ - 1) > tol:
            continue
        if abs(e[0] / max(e[2], 1e-6) - 1) > 0.15 or abs(e[1] / max(e[3], 1e-6) - 1) > 0.15:
            continue
        scored.append((sum(s for s, _, _ in combo), c4))
    scored.sort(key=lambda x: -x[0])
    return [q for _, q in scored[:3]]


# The reader's kernels, margins and thresholds are set for a card of about this short side in
# pixels (a 640x480 view of a table for six): zones are read at this scale, whatever the camera.
WORK_CARD_SHORT = 56.0
# Zones are drawn around a pile a little larger than a card: a card's short side is about this
# share of the side of a square of the zone's area (so a zone of any size is scaled alike).
CARD_SHORT_PER_ZONE_SIDE = 0.45
# Within this ratio of the working scale a crop is read as it is (no resampling blur).
_SCALE_SLACK = 1.25


@dataclass(frozen=True)
class _WorkView:
    """A zone's read area resampled to the working card scale, and the way back."""

    image: np.ndarray
    zone: np.ndarray  # the zone in ``image`` pixels
    origin: np.ndarray  # where ``image`` starts in the frame
    k: np.ndarray  # image pixels per frame pixel, (x, y)

    @property
    def scale(self) -> float:
        return float(math.sqrt(self.k[0] * self.k[1]))

    def to_frame(self, r: Reading) -> Reading:
        if r.corners is None:
            return r
        area = r.area / float(self.k[0] * self.k[1])
        return replace(r, corners=r.corners / self.k + self.origin, area=area)

    def from_frame(self, corners: np.ndarray) -> np.ndarray:
        return (np.asarray(corners, np.float32) - self.origin) * self.k


def _work_view(frame: np.ndarray, zone: np.ndarray, short: float) -> _WorkView | None:
    """The zone's read area at the working scale, for a card whose short side is ``short``
    frame pixels (the frame itself when it is near that scale already); None when the zone
    lies outside the frame."""
    scale = WORK_CARD_SHORT / max(short, 1.0)
    one = np.ones(2, np.float32)
    if 1 / _SCALE_SLACK <= scale <= _SCALE_SLACK:
        return _WorkView(frame, zone, np.zeros(2, np.float32), one)
    H, W = frame.shape[:2]
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * 0.3, (y1 - y0) * 0.3  # more than the read's own margin
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(W, x1 + mx + 1)), int(min(H, y1 + my + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    size = (max(8, round((x1 - x0) * scale)), max(8, round((y1 - y0) * scale)))
    # Area averaging when shrinking (no aliasing of the print), cubic when enlarging.
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    image = cv2.resize(frame[y0:y1, x0:x1], size, interpolation=interp)
    origin = np.array([x0, y0], np.float32)
    k = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    return _WorkView(image, (zone - origin) * k, origin, k)


def _expected_short(
    zone: np.ndarray,
    expect_area: float | None,
    known: tuple[float, float] | None,
) -> float:
    """The short side a card should have in ``zone`` (frame pixels): known, else from the
    cards' median area, else from the zone's size."""
    if known is not None:
        return float(known[0])
    if expect_area:
        return math.sqrt(expect_area * CARD_ASPECT)
    return math.sqrt(abs(float(cv2.contourArea(zone)))) * CARD_SHORT_PER_ZONE_SIDE


def read_zone(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None = None,
    *,
    expect_area: float | None = None,
    expect_dims: tuple[float, float] | None = None,
    dims_tol: float = 0.12,
    search_dims: tuple[float, float] | None = None,
    defer_checks: bool = False,
) -> Reading:
    """Read the top card of the pile in ``zone`` (polygon, image pixels). ``expect_dims``
    (short, long side in pixels, e.g. from other cards of the frame) lets it find a top card
    whose white runs into the cards under it; ``search_dims`` (the same, less sure) only
    lets it search for an outline on full-length edges, read strictly. ``defer_checks``
    leaves the costly two-cards check of a clean outline to ``check_reading`` (the reading
    says ``checked=False``), so a tracker can spread a card's read over two frames.

    Any zone size works: the zone (with room for the card to overhang it) is resampled so
    the card is about ``WORK_CARD_SHORT`` pixels wide, read there, and the corners and area
    are given back in the frame's pixels."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    view = _work_view(frame, zone, _expected_short(zone, expect_area, expect_dims or search_dims))
    if view is None:
        return Reading(State.UNKNOWN, why="zone outside the image")
    k = view.scale

    def dims(d: tuple[float, float] | None) -> tuple[float, float] | None:
        return None if d is None else (d[0] * k, d[1] * k)

    r = _read_zone_at_work_scale(
        view.image,
        view.zone,
        profile,
        expect_area=expect_area * k * k if expect_area else None,
        expect_dims=dims(expect_dims),
        dims_tol=dims_tol,
        search_dims=dims(search_dims),
        defer_checks=defer_checks,
    )
    return view.to_frame(r)


def check_reading(
    frame: np.ndarray, zone: np.ndarray, reading: Reading, profile: Profile | None = None
) -> Reading:
    """Run the checks ``read_zone(..., defer_checks=True)`` left out on its reading of this
    frame's ``zone``: the reading as it is, checked, or ``unknown`` with the doubt."""
    if reading.checked or reading.state != State.CARD or reading.corners is None:
        return reading
    profile = profile or load_profile("classic")
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    view = _work_view(frame, zone, _dims_of(reading.corners)[0])
    if view is None:
        return Reading(State.UNKNOWN, why="zone outside the image")
    crop, origin = _read_area(view.image, view.zone)
    quad = (view.from_frame(reading.corners) - np.array(origin, np.float32)).astype(np.float32)
    if _another_card_across(view.image, crop, quad, origin, profile):
        return replace(reading, state=State.UNKNOWN, card=None, confidence=0.0, why=_TWO_CARDS)
    return replace(reading, checked=True)


_TWO_CARDS = "two cards, either on top"


def _read_area(frame: np.ndarray, zone: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """The part of the frame read for ``zone`` (cards overhang their zone: a margin around
    it), and where it starts."""
    H, W = frame.shape[:2]
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * 0.2, (y1 - y0) * 0.2
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(W, x1 + mx)), int(min(H, y1 + my))
    return frame[y0:y1, x0:x1], (x0, y0)


def _read_zone_at_work_scale(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None = None,
    *,
    expect_area: float | None = None,
    expect_dims: tuple[float, float] | None = None,
    dims_tol: float = 0.12,
    search_dims: tuple[float, float] | None = None,
    defer_checks: bool = False,
) -> Reading:
    profile = profile or load_profile("classic")
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    crop, (x0, y0) = _read_area(frame, zone)
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return Reading(State.UNKNOWN, why="zone outside the image")
    local = (zone - np.array([x0, y0], np.float32)).astype(np.float32)
    zone_area = float(cv2.contourArea(local))
    white, illum = _white_mask(crop)
    zmask = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(zmask, [local.astype(np.int32)], 255)
    white_in = float(cv2.countNonZero(white & zmask)) / max(zone_area, 1.0)
    if expect_area:
        lo, hi = expect_area * 0.7, expect_area * 1.35
    else:
        lo, hi = zone_area * 0.08, zone_area * 1.2
    cands = [c for c in _candidates(white, lo, hi) if _inside(c.corners.mean(0), local)]
    # The card's size, when other cards showed it: what a second look at a doubtful outline
    # needs (a guess from the zone alone is too loose for it).
    size: tuple[tuple[float, float], float] | None = None
    if expect_dims is not None and dims_tol <= 0.15:
        size = (expect_dims, 0.1)
    elif search_dims is not None:
        size = (search_dims, 0.1)
    elif expect_area:
        short = math.sqrt(expect_area * CARD_ASPECT)
        size = ((short, short / CARD_ASPECT), 0.12)
    # The outline search is strict enough to try a loose guess of the size, in steps: the
    # zone's guess, or one card's size elsewhere under a tilted camera.
    search = size
    if expect_dims is not None and size is None:
        search = (expect_dims, dims_tol)
    elif search_dims is not None and expect_dims is None:
        search = (search_dims, 0.25)
    if not cands and expect_dims is not None and white_in >= 0.04:
        fitted = _fit_known_size(crop, white, expect_dims, local, dims_tol)
        if fitted is not None:
            cands = [fitted]
    if not cands:
        if white_in < 0.04:
            # No card here, so nothing printed to mistake for an arm: anything unlike the
            # table counts (a dark arm on a dark table is unlike it only in patches).
            foreign = _foreign_fraction(crop, local, arms=False)
            if foreign > _FOREIGN_OCCLUDED:
                return Reading(
                    State.OCCLUDED, confidence=min(1.0, foreign * 3), why="no card; an arm"
                )
            return Reading(
                State.EMPTY, confidence=min(1.0, 1.0 - white_in * 10), why="no card white"
            )
        if _foreign_fraction(crop, local, arms=False) < 0.5 * _FOREIGN_OCCLUDED:
            # All of a piece with the table around it: the "white" is a pale table's own.
            return Reading(State.EMPTY, confidence=0.6, why="a pale table")
        skin = _skin_fraction(crop, illum, local)
        foreign = _foreign_fraction(crop, local, white)
        if skin > 0.08 or foreign > _FOREIGN_PARTLY:
            # An arm in the zone, near the pile or over it. A top card that shows all four
            # sides whole, with one unbroken face, is not under it.
            found = _search(frame, crop, white, local, (x0, y0), size, profile)
            if found is not None:
                return found
            if skin > 0.08:
                return Reading(
                    State.OCCLUDED, confidence=min(1.0, skin * 4), why="no whole card; skin"
                )
            return Reading(State.OCCLUDED, confidence=min(1.0, foreign * 2), why="an arm")
        # Not an arm: a top card whose outline runs into the cards under it, perhaps.
        refined = _refine(frame, crop, white, local, (x0, y0), None, size, profile)
        if refined is None:
            refined = _search(frame, crop, white, local, (x0, y0), search, profile)
        if refined is not None:
            return refined
        return Reading(State.UNKNOWN, why="card white but no whole card")
    # The whole outline on top is the cleanest rectangle; covered cards have bites out of them.
    best = max(cands, key=lambda c: (round(c.rectness, 2), c.area))
    corners = best.corners + (x0, y0)
    state, card, conf, why = read_card_image(_warp(frame, corners), profile)
    conf *= min(1.0, (best.rectness - 0.86) / 0.08)
    if (
        state == State.CARD
        and _off_centre(best.corners, local) > 0.5
        and _foreign_fraction(crop, local, white) > _FOREIGN_PARTLY
    ):
        # A card away from the zone's middle, and an arm over much of the zone: the pile's
        # top card may be under the arm, and the card in view one that strayed from the pile.
        return Reading(State.OCCLUDED, None, 0.0, corners, best.area, "an arm over the pile")
    if state == State.CARD and defer_checks and _room_for_another(crop, best.corners):
        return Reading(state, card, conf, corners, best.area, why, checked=False)
    if state == State.CARD and _another_card_across(frame, crop, best.corners, (x0, y0), profile):
        return Reading(State.UNKNOWN, None, 0.0, corners, best.area, _TWO_CARDS)
    if state != State.CARD and expect_dims is not None and best.rectness != _FITTED:
        # The clean outline was a wrong one (a top card merged with a card under it).
        fitted = _fit_known_size(crop, white, expect_dims, local, dims_tol)
        if fitted is not None:
            corners2 = fitted.corners + (x0, y0)
            got = read_card_image(_warp(frame, corners2), profile, strict_edge=True)
            if got[0] == State.CARD:
                return Reading(got[0], got[1], got[2] * 0.9, corners2, fitted.area, "fitted")
    if state == State.UNKNOWN:
        refined = _refine(frame, crop, white, local, (x0, y0), best.corners, size, profile)
        if refined is None:
            refined = _search(frame, crop, white, local, (x0, y0), search, profile)
        if refined is not None:
            return refined
    elif state == State.OCCLUDED:
        # Something over the outline's edge: a hand on the card, or a corner of table that a
        # loose outline took in. Only the strict search may look again: it wants all four
        # sides whole and nothing on the card's edge.
        found = _search(frame, crop, white, local, (x0, y0), size, profile)
        if found is not None:
            return found
    return Reading(state, card, conf, corners, best.area, why)


def _another_card_across(
    frame: np.ndarray,
    crop: np.ndarray,
    quad: np.ndarray,
    origin: tuple[int, int],
    profile: Profile,
) -> bool:
    """Another whole card of this one's size lies against it, all four of its sides seen too:
    then the outline read may be the part of a covered card that the top card leaves in view
    (cut straight along the top card's side), and which of the two is on top is not clear
    from outlines alone. (A silver top card on a white one is the common case: only the
    white is found whole at first.)"""
    if not _room_for_another(crop, quad):
        return False  # the usual, quick case
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
    quads = card_outlines(crop, dims, 0.1, limit=3, sides_of=quad, maps=maps)
    quads += card_outlines(crop, dims, 0.1, limit=3, within=around, maps=maps)
    # The top card lies beside the part in view, across the side it cuts: near it.
    for q in quads:
        q = q.astype(np.float32)
        inter, _ = cv2.intersectConvexConvex(q, quad.astype(np.float32))
        if inter > 0.7 * (area + float(cv2.contourArea(q)) - inter):
            continue  # the same card
        if cv2.intersectConvexConvex(q, near)[0] < 0.05 * area:
            continue  # not beside it
        other = _dims_of(q)
        if short >= 0.95 * other[0] and long_ >= 0.95 * other[1]:
            continue  # this one is as large as a whole card: not a part of one
        corners = _order(q) + origin
        got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
        if got[0] == State.CARD:
            return True
    return False


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
    b, g, r = cv2.split(crop)
    v = cv2.max(cv2.max(b, g), r)
    mn = cv2.min(cv2.min(b, g), r)
    bright = v.astype(np.int16) > _percentile_u8(v, 50) + 15
    neutral = mn.astype(np.int16) * 20 > v.astype(np.int16) * 11
    ring = np.zeros(v.shape, np.uint8)
    cv2.fillPoly(ring, [np.rint(near).astype(np.int32)], 1)
    cv2.fillPoly(ring, [np.rint(quad).astype(np.int32)], 0)
    return int(np.count_nonzero(bright & neutral & (ring > 0)))


def _dims_of(quad: np.ndarray) -> tuple[float, float]:
    """(short side, long side) of a quad, opposite sides averaged."""
    e = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    a, b = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    return (min(a, b), max(a, b))


def _one_face(white: np.ndarray, quad: np.ndarray) -> bool:
    """The quad holds one card's face: its white, away from the sides, is mostly one piece
    (symbols are islands in it; the edge of another card, or an arm, would cut it)."""
    inset = quad.mean(0) + (quad - quad.mean(0)) * 0.88
    mask = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(mask, [np.rint(inset).astype(np.int32)], 255)
    inside = cv2.countNonZero(mask)
    face = white & mask
    total = cv2.countNonZero(face)
    if inside == 0 or total < 0.45 * inside:
        return False
    n, _, stats, _ = cv2.connectedComponentsWithStats(face, connectivity=8)
    return n > 1 and int(stats[1:, cv2.CC_STAT_AREA].max()) >= 0.7 * total


def _refine(
    frame: np.ndarray,
    crop: np.ndarray,
    white: np.ndarray,
    local: np.ndarray,
    origin: tuple[int, int],
    quad: np.ndarray | None,
    size: tuple[tuple[float, float], float] | None,
    profile: Profile,
) -> Reading | None:
    """A second look at a pile whose outline read wrong or was not found, when the card size
    is known: outlines moved onto the full-length edges near it, read with no symbol allowed
    on the edge."""
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
        for q in _refined_outlines(crop, start, dims, tol):
            if not _inside(q.mean(0), local) or not _one_face(white, q):
                continue
            if _side_score(ev, q) < 0.85:
                continue  # a side hidden in part: a covered card, not the top one
            if reads == 0:
                return None
            reads -= 1
            corners = q + origin
            got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
            if got[0] == State.CARD:
                return Reading(
                    got[0], got[1], got[2] * 0.9, corners, float(cv2.contourArea(q)), "refined"
                )
    return None


def _search(
    frame: np.ndarray,
    crop: np.ndarray,
    white: np.ndarray,
    local: np.ndarray,
    origin: tuple[int, int],
    size: tuple[tuple[float, float], float] | None,
    profile: Profile,
) -> Reading | None:
    """A last look, when the card size is known: card-sized rectangles placed on the straight
    edges of the zone, kept when all four sides are seen whole (only the top card's are), and
    read with no symbol allowed on the edge."""
    if size is None:
        return None
    dims, tol = size
    # A loose size is searched in steps of the tolerance the search is made for.
    steps = max(1, round(tol / 0.1))
    scales = np.linspace(1 - tol + 0.1, 1 + tol - 0.1, steps) if steps > 1 else [1.0]
    maps = EdgeMaps.of(crop)
    quads = [
        q
        for k in scales
        for q in card_outlines(
            crop,
            (dims[0] * k, dims[1] * k),
            min(tol, 0.1),
            limit=6 // steps,
            within=local,
            maps=maps,
        )
    ]
    for q in quads:
        if not _inside(q.mean(0), local) or not _one_face(white, q):
            continue
        corners = _order(q) + origin
        got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
        if got[0] == State.CARD:
            return Reading(
                got[0], got[1], got[2] * 0.9, corners, float(cv2.contourArea(q)), "searched"
            )
    return None


def _inside(pt: np.ndarray, poly: np.ndarray) -> bool:
    return cv2.pointPolygonTest(poly.reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), False) >= 0


def consistent_sizes(readings: Sequence[Reading], tolerance: float = 0.45) -> list[Reading]:
    """Cards on one table are one size: a 'card' much smaller or larger than the others is
    a fragment (a card cut by an arm) or two cards, so it becomes unknown."""
    areas = [r.area for r in readings if r.state == State.CARD]
    if len(areas) < 3:
        return list(readings)
    med = float(np.median(areas))
    out = []
    for r in readings:
        if r.state == State.CARD and abs(r.area / med - 1) > tolerance:
            out.append(Reading(State.UNKNOWN, None, 0.0, r.corners, r.area, "card size off"))
        else:
            out.append(r)
    return out


_DOUBT = (State.UNKNOWN, State.OCCLUDED)


def card_dims_at(cards: Sequence[Reading], zone: np.ndarray) -> tuple[float, float]:
    """The size a card would have in ``zone``, from the cards read elsewhere in the frame. A
    tilted camera makes cards nearer to it larger, mostly along the image's height: with three
    cards or more, the card's scale is fitted as a line over the image's height (in log, so it
    scales); its proportions are the cards' median."""
    dims = np.array([r.dims for r in cards], np.float64)
    scale = 0.5 * np.log(dims[:, 0] * dims[:, 1])
    aspect = float(np.median(dims[:, 0] / dims[:, 1]))
    guess = float(np.median(scale))
    ys = np.array([r.center[1] for r in cards])
    if len(cards) >= 3 and np.ptp(ys) > 20:
        slope, icept = np.polyfit(ys, scale, 1)
        y = float(np.asarray(zone, np.float64).reshape(-1, 2)[:, 1].mean())
        # Never beyond the sizes seen: a line through few points can tip far off.
        guess = float(np.clip(icept + slope * y, scale.min() - 0.05, scale.max() + 0.05))
    size = math.exp(guess)
    return size * math.sqrt(aspect), size / math.sqrt(aspect)


class ZoneReader:
    """The one reading policy: what referees a game (the tracker), what ``halli-pi read`` and
    ``bench vision`` report, all go through it.

    A zone is read first on its own (with the median card area of the cards known elsewhere
    as a hint); a doubtful reading gets a second look with the card size those cards show
    there (a tilted camera makes near cards larger), which finds a top card whose white runs
    into the cards under it, or a whole card beside an arm."""

    def __init__(self, profile: Profile | str | None = None, *, learn: bool = True) -> None:
        if profile is None or isinstance(profile, str):
            profile = load_profile(profile or "classic")
        from halli_pi.vision.table_colours import TableColours

        # The cards it reads teach it this table's colours (table_colours.py).
        self.colours = TableColours(profile) if learn else None
        self._base = profile

    @property
    def profile(self) -> Profile:
        return self.colours.profile() if self.colours is not None else self._base

    def _learn(self, frame: np.ndarray, r: Reading) -> None:
        if self.colours is None or r.corners is None:
            return
        if r.state == State.CARD and r.checked and r.card is not None:
            self.colours.observe(_warp(frame, r.corners), r.card)
        elif r.state == State.UNKNOWN and r.why.startswith(COLOUR_UNSURE):
            self.colours.observe_unsure(_warp(frame, r.corners))

    def read_zone(
        self,
        frame: np.ndarray,
        zone: np.ndarray,
        known: Sequence[Reading] = (),
        *,
        defer_checks: bool = False,
    ) -> Reading:
        """Read one zone (frame pixels), knowing the cards read in other zones (frame
        pixels too). ``defer_checks``: see ``read_zone``; finish with ``check``."""
        cards = [r for r in known if r.state == State.CARD and r.corners is not None]
        hint = float(np.median([r.area for r in cards])) if len(cards) >= 2 else None
        r = read_zone(frame, zone, self.profile, expect_area=hint, defer_checks=defer_checks)
        if r.state in _DOUBT and cards:
            r = _second_look(frame, zone, self.profile, cards)
        self._learn(frame, r)
        return r

    def check(self, frame: np.ndarray, zone: np.ndarray, reading: Reading) -> Reading:
        """The checks a deferred read left out, on a frame that shows the same (still)
        zone."""
        r = check_reading(frame, zone, reading, self.profile)
        self._learn(frame, r)
        return r

    def read(self, frame: np.ndarray, zones: Sequence[np.ndarray]) -> list[Reading]:
        """Read every zone of a frame: first each on its own, then the doubtful ones again
        with the cards the others showed (and once more when that found more cards to learn
        the size from); a card much smaller or larger than the others is a fragment."""
        readings = [read_zone(frame, z, self.profile) for z in zones]
        for r in readings:
            self._learn(frame, r)
        seen_before = -1
        for _ in range(2):
            seen = [r for r in readings if r.state == State.CARD and r.dims is not None]
            if len(seen) == seen_before or not any(r.state in _DOUBT for r in readings):
                break
            seen_before = len(seen)
            readings = [
                _second_look(frame, z, self.profile, seen) if r.state in _DOUBT else r
                for z, r in zip(zones, readings, strict=True)
            ]
        return consistent_sizes(readings)


def read_zones(
    frame: np.ndarray, zones: Sequence[np.ndarray], profile: Profile | None = None
) -> list[Reading]:
    """Read every zone of a frame with the one reading policy (``ZoneReader``)."""
    return ZoneReader(profile).read(frame, zones)


def _second_look(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None, seen: Sequence[Reading]
) -> Reading:
    if len(seen) >= 2:
        return read_zone(frame, zone, profile, expect_dims=card_dims_at(seen, zone))
    if seen:
        # One clean card: its size is good enough for the strict outline search, not for the
        # looser fit to a corner.
        return read_zone(frame, zone, profile, search_dims=seen[0].dims)
    # No clean card to learn the size from: guess it from the zone, loosely.
    side = math.sqrt(abs(float(cv2.contourArea(np.asarray(zone, np.float32)))))
    short = side * CARD_SHORT_PER_ZONE_SIDE
    return read_zone(frame, zone, profile, expect_dims=(short, short / CARD_ASPECT), dims_tol=0.3)


# The image widths ``find_cards`` looks at: each finds cards whose short side is within
# _FIND_SHORT there, so together they cover cards from about 3 % to 85 % of the image's width.
_FIND_WIDTHS = (1280, 640, 320, 160)
_FIND_SHORT = (40.0, 140.0)
_FIND_MAX_UPSCALE = 2.5  # a small image is not enlarged further than this


def find_cards(frame: np.ndarray, profile: Profile | None = None) -> list[Found]:
    """Every face-up card whose whole outline is visible anywhere in ``frame``, at any size
    and resolution: the image is looked at in a few widths, each finding the cards that are
    near the reader's working scale there, and a card found at two widths is kept once (at
    the width where it is nearest that scale)."""
    profile = profile or load_profile("classic")
    H, W = frame.shape[:2]
    lo, hi = _FIND_SHORT
    found: list[tuple[float, Reading]] = []  # (how far from the working scale, reading)
    for width in _FIND_WIDTHS:
        k = width / W
        if k > _FIND_MAX_UPSCALE:
            continue
        size = (max(1, round(W * k)), max(1, round(H * k)))
        interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
        img = frame if size == (W, H) else cv2.resize(frame, size, interpolation=interp)
        white, _ = _white_mask(img)
        max_area = min(hi * hi / CARD_ASPECT, 0.8 * size[0] * size[1])
        for c in _candidates(white, lo * lo / CARD_ASPECT, max_area):
            state, card, conf, why = read_card_image(_warp(img, c.corners), profile)
            short = _dims_of(c.corners)[0]
            off = abs(math.log(short / WORK_CARD_SHORT))
            found.append((off, Reading(state, card, conf, c.corners / k, c.area / k / k, why)))
    kept: list[Reading] = []
    for _, r in sorted(found, key=lambda f: f[0]):
        if not _near_any(r, kept):  # else the same card, seen at another width
            kept.append(r)
    for zone in _unexplained_white(frame, kept):
        # A pile whose top card's white runs into the cards under it: read it as a zone,
        # with the size the clean cards show (the zone policy's second look).
        r = _second_look(frame, zone, profile, [c for c in kept if c.state == State.CARD])
        if r.corners is not None and not _near_any(r, kept):
            kept.append(r)
    out = [
        Found(
            r.corners,
            r.center,
            r.card if r.state == State.CARD else None,
            r.confidence,
            r.state,
        )
        for r in consistent_sizes(kept)
    ]
    out.sort(key=lambda f: (f.center[1], f.center[0]))
    return out


def _near_any(r: Reading, others: Sequence[Reading]) -> bool:
    """``r``'s centre lies within half a card of another reading's: the same card."""
    centre = np.asarray(r.center)
    return any(
        np.linalg.norm(centre - np.asarray(o.center)) < 0.5 * _dims_of(o.corners)[0] for o in others
    )


def _unexplained_white(frame: np.ndarray, kept: Sequence[Reading]) -> list[np.ndarray]:
    """Square zones (frame pixels) around the blobs of card white, as large as a card at
    least, that hold no card found so far: piles whose outline a clean look did not find."""
    cards = [r for r in kept if r.state == State.CARD]
    H, W = frame.shape[:2]
    # The width where the cards found are at the working scale (else a middling one).
    short = float(np.median([r.dims[0] for r in cards])) if cards else W * 0.09
    k = min(_FIND_MAX_UPSCALE, WORK_CARD_SHORT / max(short, 1.0))
    size = (max(1, round(W * k)), max(1, round(H * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    white, _ = _white_mask(cv2.resize(frame, size, interpolation=interp))
    n, _, stats, centroids = cv2.connectedComponentsWithStats(white, connectivity=8)
    card_area = WORK_CARD_SHORT * WORK_CARD_SHORT / CARD_ASPECT
    zones = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < 0.5 * card_area:
            continue
        cx, cy = centroids[i] / k
        if any(_inside(np.array([cx, cy]), r.corners) for r in kept):
            continue
        half = max(bw, bh, WORK_CARD_SHORT / CARD_ASPECT) / k / 2
        zones.append(
            np.array(
                [
                    [cx - half, cy - half],
                    [cx + half, cy - half],
                    [cx + half, cy + half],
                    [cx - half, cy + half],
                ],
                np.float32,
            )
        )
    return zones

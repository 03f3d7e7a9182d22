"""Cards found without a layout (``find_cards``): every face-up card whose whole outline is in
view anywhere in a frame, at any size and resolution, read with the zone policy's looks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from halli_pi.vision.outline import brightest
from halli_pi.vision.reader.card import read_card_image
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask, exposure, steady
from halli_pi.vision.reader.outlines import (
    _Cand,
    _candidates,
    card_against,
    covered_outline,
    sides_across,
)
from halli_pi.vision.reader.policy import ZoneReader, _second_look, consistent_sizes
from halli_pi.vision.reader.profile import Profile, load_profile
from halli_pi.vision.reader.reading import (
    CARD_ASPECT,
    Found,
    Reading,
    State,
    _dims_of,
    _inside,
    _outward_normal,
    _warp,
)
from halli_pi.vision.reader.tuning import TUNING
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.reader.zone import (
    CARD_SHORT_PER_ZONE_SIDE,
    WORK_CARD_SHORT,
    low_light_doubt,
    white_past_border,
)

# The image widths ``find_cards`` looks at: each finds cards whose short side is within
# _FIND_SHORT there, so together they cover cards from about 3 % to 85 % of the image's width.
_FIND_WIDTHS = (1280, 640, 320, 160)


_FIND_SHORT = (40.0, 140.0)


_FIND_MAX_UPSCALE = 2.5  # a small image is not enlarged further than this


# A card filling most of the image is looked for at the smallest width with the table carried
# on past the border by this share of the image's shorter side.
_FIND_PAD = 0.25


def find_cards(frame: np.ndarray, profile: Profile | None = None) -> list[Found]:
    """Every face-up card whose whole outline is visible anywhere in ``frame``, at any size
    and resolution: the image is looked at in a few widths, each finding the cards that are
    near the reader's working scale there, and a card found at two widths is kept once (at
    the width where it is nearest that scale); under a light falling off across the frame,
    again with that light evened out (``_light_evened``)."""
    profile = profile or load_profile("classic")
    frame_white = exposure(frame)
    kept: list[Reading] = []
    # An outline doubted for another card against it: its card read and that card, by the
    # doubted reading's id (``_over_the_card_against_it``).
    doubted_against: dict[int, _Against] = {}
    for _, r, against in sorted(_looks_at_widths(frame, profile), key=lambda f: f[0]):
        if not _near_any(r, kept):  # else the same card, seen at another width
            kept.append(r)
            if against is not None:
                doubted_against[id(r)] = against
    zones, lit = _unexplained_white(frame, kept)
    if not kept and not zones:
        # Nothing found at all: perhaps small cards, whose piles were under half a card of
        # the usual size (``TUNING.least_card_share``).
        zones, lit = _unexplained_white(frame, kept, guess=TUNING.least_card_share)
    clean = list(kept)
    looked: list[np.ndarray] = []  # the zones whose look found no card found already
    refound: list[tuple[np.ndarray, Reading]] = []  # a zone, the found card its look found
    for zone in zones:
        r = _pile_reading(frame, zone, profile, kept, lit, frame_white)
        if r.corners is not None and _near_any(r, clean):
            refound.append((zone, r))
        else:
            looked.append(zone)
        if r.corners is not None and not _near_any(r, kept):
            kept.append(r)
    # White beside the outlines found, also where a zone's look only found again a card found
    # already (its blob ran into that card's white): the card beside it was never looked at
    # (messy small table 2118001, a 3 strawberry whose white ran into another's through the
    # card under both). There it is looked at with that card painted out (``_pile_reading``).
    for zone in _white_beside(frame, clean, looked):
        again = [r for z, r in refound if _inside(zone.mean(0), z)]
        r = _pile_reading(frame, zone, profile, kept, lit, frame_white, beside=again)
        if r.corners is not None and not _near_any(r, kept):
            kept.append(r)
    evened = _light_evened(frame)
    if evened is not None:
        # A light falling off across the table (a window's): card white in its dim part lies
        # below the table in its bright part, and one white for the whole frame finds none
        # there. Looked at again evened out, where nothing was found so. Only a card read
        # whole there is kept: an outline doubted there (its face, or its being whole) stands
        # for no card, and would only doubt the whole cards beside it (``touching_cards``:
        # crowded tuning seeds 379017 and 379033, whole cards so doubted). And only a card
        # the frame's own white did not show: white that showed was looked at already.
        more: list[Reading] = []
        for _, r, _ in sorted(_looks_at_widths(evened, profile), key=lambda f: f[0]):
            if r.state != State.CARD or _near_any(r, kept) or _near_any(r, more):
                continue
            if _white_seen(frame, r.outline) > T.evened_white_seen_most:
                continue
            if _whole_or_doubt(frame, r).state == State.CARD:
                more.append(r)
        kept += more
    wholes = [
        _over_the_card_against_it(frame, _whole_or_doubt(frame, r), doubted_against.get(id(r)))
        for r in _faces_read_as_zones(frame, kept, profile)
    ]
    out = [
        Found(
            r.outline,
            r.outline_center,
            r.card if r.state == State.CARD else None,
            r.confidence,
            r.state,
            r.doubt,
        )
        for r in consistent_sizes(touching_cards(frame, wholes))
    ]
    out.sort(key=lambda f: (f.center[1], f.center[0]))
    return out


def _pile_reading(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile,
    kept: Sequence[Reading],
    lit: bool,
    frame_white: float,
    *,
    beside: Sequence[Reading] | None = None,
) -> Reading:
    """A pile whose top card's white runs into the cards under it: ``zone`` read as the zone
    policy's second look reads it, with the size the clean cards of ``kept`` show, and the
    card found there doubted when the pile may hide its top card, or in low light (``lit``).
    White ``beside`` the outlines found (not None) stands only for a card read: an outline
    doubted there would only doubt the whole cards beside it (``touching_cards``), and no
    outline is kept. Where ``beside`` names the cards a look at that white found already, the
    white is looked at with them painted out (``_cards_taken_out``), and a card read there
    stands only when it lies beside one of them (``Tuning.beside_near``): its white ran into theirs,
    not a crowded blob's far end."""
    cards = [c for c in kept if c.state == State.CARD]
    look_at = _cards_taken_out(frame, zone, beside) if beside else frame
    r = _pile_look(look_at, zone, profile, cards)
    if beside is not None and (
        r.state != State.CARD
        or r.corners is None
        or (beside and not any(_touch(r.outline, o.outline, T.beside_near) for o in beside))
    ):
        return replace(r, corners=None)
    if r.state != State.CARD or r.corners is None:
        return r
    if _two_cards_near(frame, r.corners, profile, frame_white):
        # The blob held a pile whose top card was not found: the card found at its
        # edge may be a covered one sticking out from under it.
        return Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=r.corners, area=r.area)
    if lit:
        # In low light the piles are found, not ruled on: on a dark tuning table a card
        # found so under the top card, whose side the noise hid, was claimed.
        return Reading.of_doubt(Doubt.LOST_IN_NOISE, corners=r.corners, area=r.area)
    return r


def _cards_taken_out(frame: np.ndarray, zone: np.ndarray, kept: Sequence[Reading]) -> np.ndarray:
    """``frame`` with the outlines ``kept`` painted over in the table's colour round ``zone``
    (the median of the zone's rim): white beside them is looked at without them."""
    H, W = frame.shape[:2]
    x0, y0 = (int(v) for v in np.clip(np.floor(zone.min(0)), 0, (W - 1, H - 1)))
    x1, y1 = (int(v) for v in np.clip(np.ceil(zone.max(0)), 0, (W - 1, H - 1)))
    rim = np.concatenate(
        [
            frame[y0, x0 : x1 + 1],
            frame[y1, x0 : x1 + 1],
            frame[y0 : y1 + 1, x0],
            frame[y0 : y1 + 1, x1],
        ]
    )
    table = tuple(int(v) for v in np.median(rim.reshape(len(rim), -1), axis=0))
    out = frame.copy()
    for r in kept:
        q = np.asarray(r.outline, np.float32).reshape(4, 2)
        centre = q.mean(0)
        grown = centre + (q - centre) * (1.0 + T.beside_grow)
        cv2.fillConvexPoly(out, np.round(grown).astype(np.int32), table)
    return out


# Doubts that the zone policy's look at a face (``_faces_read_as_zones``) does not lift: which
# of two cards lies on top is no question about a face, and in low light the piles are found,
# not ruled on.
_NOT_THE_FACE = frozenset({Doubt.TWO_CARDS_EITHER_ON_TOP, Doubt.LOST_IN_NOISE})


def _faces_read_as_zones(
    frame: np.ndarray, found: Sequence[Reading], profile: Profile
) -> list[Reading]:
    """The outlines ``found`` whose face was doubted, read again as the zone policy reads a
    zone round them (``_zone_round``), knowing the cards read: a face read so, on an outline
    that stands for the same card (``_same_card``), stands; else the doubt does. One reading
    policy for a card's face, with a layout or without: the zone reader lights and scales
    the card's own surroundings, where a look at a whole image's width did not (no-layout
    tuning seed 1420001: a 1 banana whose top was lost under a glare spot there). Whether
    the card is whole is still for ``_whole_or_doubt`` and ``touching_cards`` to say."""
    cards = [r for r in found if r.state == State.CARD]
    reader = ZoneReader(profile, learn=False)
    out = []
    for r in found:
        if r.state != State.CARD and r.corners is not None and r.doubt not in _NOT_THE_FACE:
            again = reader.read_zone(frame, _zone_round(r.outline), cards)
            if again.state == State.CARD and _same_card(again.outline, r.outline):
                r = again
        out.append(r)
    return out


def _zone_round(quad: np.ndarray) -> np.ndarray:
    """A square zone (frame pixels) centred on the outline ``quad``, of the size a layout's
    zone has for a card of its size (``Tuning.card_short_per_zone_side``)."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    half = 0.5 * _dims_of(q)[0] / CARD_SHORT_PER_ZONE_SIDE
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32)
    return (q.mean(0) + square * half).astype(np.float32)


def _same_card(a: np.ndarray, b: np.ndarray) -> bool:
    """The outlines ``a`` and ``b`` (frame pixels) stand for one card: where they overlap
    covers ``Tuning.same_card_overlap`` of each or more (one may be cut short a little where
    the other is not: a glare spot over a side)."""
    qa = np.asarray(a, np.float32).reshape(4, 2)
    qb = np.asarray(b, np.float32).reshape(4, 2)
    both, _ = cv2.intersectConvexConvex(qa, qb)
    least = T.same_card_overlap * max(cv2.contourArea(qa), cv2.contourArea(qb))
    return bool(both > 0 and both >= least)


def _looks_at_widths(
    frame: np.ndarray, profile: Profile
) -> list[tuple[float, Reading, _Against | None]]:
    """The outlines found in ``frame`` at each of ``_FIND_WIDTHS``, read, each with how far
    its card is from the working scale there (the log of the ratio of their short sides),
    and, where the card read was doubted for another card against it (``_card_against``),
    the card read and that other card (else None)."""
    H, W = frame.shape[:2]
    lo, hi = _FIND_SHORT
    found: list[tuple[float, Reading, _Against | None]] = []
    frame_white = exposure(frame)
    for width in _FIND_WIDTHS:
        k = width / W
        if k > _FIND_MAX_UPSCALE:
            continue
        size = (max(1, round(W * k)), max(1, round(H * k)))
        interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
        img = frame if size == (W, H) else cv2.resize(frame, size, interpolation=interp)
        # Lit as the zone reader lights a read area; a card read in much noise is not claimed.
        img, noise = _lit(img, frame_white)
        white, illum = _white_mask(img)
        if illum is None and width == min(_FIND_WIDTHS):
            # A card that fills most of the image: its table carried on past the border.
            pad = round(_FIND_PAD * min(size))
            white, _ = white_past_border(img, (pad, pad, pad, pad))
        max_area = min(hi * hi / CARD_ASPECT, 0.8 * size[0] * size[1])
        for c in _outlines_in(white, lo * lo / CARD_ASPECT, max_area):
            got = read_card_image(_warp(img, c.corners), profile)
            r = Reading(*got[:3], c.corners / k, c.area / k / k, got.why, doubt=got.doubt)
            against = None
            if got.state == State.CARD:
                other = _card_against(img, c.corners, profile)
                if other is not None:
                    against = _Against(r, other / k)
                    doubt = Doubt.TWO_CARDS_EITHER_ON_TOP
                    r = Reading.of_doubt(doubt, corners=c.corners / k, area=c.area / k / k)
            if r.state == State.CARD and noise >= T.noisy:
                dim = low_light_doubt(img, c.corners, noise)
                if dim is not None:
                    r = Reading.of_doubt(dim, corners=r.corners, area=r.area)
            # A card the low-light check doubts here is not read again over the other card.
            noisy = against is not None and noise >= T.noisy
            if noisy and low_light_doubt(img, c.corners, noise) is not None:
                against = None
            off = abs(math.log(_dims_of(c.corners)[0] / WORK_CARD_SHORT))
            found.append((off, r, against))
    return found


# The light's level over a frame is fitted at this width (``_light_evened``).
_LIGHT_FIT_WIDTH = 64


def _light_evened(frame: np.ndarray) -> np.ndarray | None:
    """``frame`` with a light that falls off across it evened out, or None when its light is
    even enough (``Tuning.even_light_ratio``). The light's level is fitted as a plane to the
    log of the brightest channel, over the table: refitted a few times without the pixels
    well above the plane (card white) or far below it (a dark pattern, a shadow). Each pixel
    is then scaled by the plane's middle level over its level there."""
    H, W = frame.shape[:2]
    h = max(2, round(H * _LIGHT_FIT_WIDTH / W))
    small = cv2.resize(frame, (_LIGHT_FIT_WIDTH, h), interpolation=cv2.INTER_AREA)
    z = np.log(np.maximum(brightest(small).astype(np.float32), 1.0)).ravel()
    yy, xx = np.mgrid[0:h, 0:_LIGHT_FIT_WIDTH].astype(np.float32)
    a = np.stack([np.ones(z.size, np.float32), xx.ravel() / _LIGHT_FIT_WIDTH, yy.ravel() / h], 1)
    keep = np.ones(z.size, bool)
    fit = np.zeros(3, np.float32)
    for _ in range(4):
        if np.count_nonzero(keep) < 3:
            return None
        fit = np.linalg.lstsq(a[keep], z[keep], rcond=None)[0]
        res = z - a @ fit
        spread = float(np.median(np.abs(res[keep]))) + 1e-3
        keep = (res < T.light_fit_above * spread) & (res > -T.light_fit_below * spread)
    at_corners = np.array([[1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]], np.float32) @ fit
    top, bottom = float(at_corners.max()), float(at_corners.min())
    if top - bottom < math.log(T.even_light_ratio):
        return None
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    level = fit[1] * xs / W + fit[2] * ys / H + (fit[0] - 0.5 * (top + bottom))
    gain = np.exp(-level).astype(np.float32)
    return np.clip(frame.astype(np.float32) * gain[..., None], 0, 255).astype(np.uint8)


def _white_seen(frame: np.ndarray, quad: np.ndarray) -> float:
    """The share of the card outlined by ``quad`` (frame pixels; shrunk a little off its
    sides) that the frame's own card white (``_white_mask``) covers, seen at the working
    card scale and lit as the clean look lights it."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    H, W = frame.shape[:2]
    k = min(_FIND_MAX_UPSCALE, WORK_CARD_SHORT / max(_dims_of(q)[0], 1.0))
    size = (max(1, round(W * k)), max(1, round(H * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    img, _ = _lit(cv2.resize(frame, size, interpolation=interp), exposure(frame))
    white, _ = _white_mask(img)
    face = _inside_mask(white.shape, q * k)
    return float(np.count_nonzero(white[face])) / max(1, int(np.count_nonzero(face)))


def _outlines_in(white: np.ndarray, min_area: float, max_area: float) -> list[_Cand]:
    """Card outlines in a whole image's mask of card white: ``_candidates`` on all of it,
    then on each blob large enough to hold a card that holds none of the outlines found.
    ``_candidates`` tries thinner masks (eroded, which parts a card from the cards its white
    runs into) only while it has found nothing, so on a whole image one clean card elsewhere
    left every other blob unparted (tuning messy small seed 320511: a card in full view, its
    corner on a pile's white, never found)."""
    found = _candidates(white, min_area, max_area, fit_corners=True)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(white, connectivity=8)
    h, w = white.shape
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < min_area or any(_within(c.corners.mean(0), x, y, bw, bh) for c in found):
            continue
        x0, y0 = max(0, x - 2), max(0, y - 2)
        blob = (labels[y0 : min(h, y + bh + 2), x0 : min(w, x + bw + 2)] == i).astype(np.uint8)
        for c in _candidates(blob * 255, min_area, max_area, fit_corners=True):
            found.append(replace(c, corners=(c.corners + (x0, y0)).astype(np.float32)))
    return found


def _within(point: np.ndarray, x: int, y: int, w: int, h: int) -> bool:
    """``point`` (x, y) lies in the box of corner (``x``, ``y``) and size ``w`` by ``h``:
    the centre of an outline found in a blob lies in the blob's box (on a symbol, perhaps,
    not on the blob's white)."""
    return bool(x <= point[0] < x + w and y <= point[1] < y + h)


def _pile_look(
    frame: np.ndarray, zone: np.ndarray, profile: Profile, cards: Sequence[Reading]
) -> Reading:
    """The zone policy's second look at a pile of unexplained white, with the size the
    ``cards`` found show; when that finds no outline at all, again with the size the zone
    itself suggests (the blob's extent), loosely: on defocused tuning tables, a pile's top card
    the cards' size (fitted over a few cards far from it) missed was found so. That look
    stands only when it reads a card: an outline it doubts, found on a loose guess, would
    only make the whole cards beside it doubted too (``touching_cards``)."""
    r = _second_look(frame, zone, profile, cards)
    if r.corners is None and cards:
        again = _second_look(frame, zone, profile, [])
        if again.state == State.CARD:
            return again
    return r


def _lit(img: np.ndarray, frame_white: float) -> tuple[np.ndarray, float]:
    """``img`` as the zone reader sees a read area (``light.steady``): smoothed as its noise
    asks and lifted to the usual exposure in low light; and its noise (a share of card
    white, 0 when it needed no smoothing)."""
    lit = steady(img, frame_white)
    return (img, 0.0) if lit is None else lit


def _whole_or_doubt(frame: np.ndarray, r: Reading) -> Reading:
    """A card found without a layout stands only when nothing says it is not whole: a corner
    on the image's border (it may run out of the image), or another card's side across its
    face (it may lie under that card), or another card's corner a few pixels over a side, or
    another card's side through a corner (the outline may end where that card cuts it), or
    another card's corner inside the outline."""
    if r.state != State.CARD or r.corners is None:
        return r
    H, W = frame.shape[:2]
    c = np.asarray(r.corners, np.float64).reshape(4, 2)
    edge = max(T.image_edge_px, T.image_edge_share * _dims_of(r.corners)[0])
    if (c.min(0) < edge).any() or c[:, 0].max() > W - 1 - edge or c[:, 1].max() > H - 1 - edge:
        return Reading.of_doubt(Doubt.OUT_OF_IMAGE, corners=r.corners, area=r.area)
    if covered_outline(frame, r.corners):
        return Reading.of_doubt(Doubt.ANOTHER_CARD_OVER_IT, corners=r.corners, area=r.area)
    if corner_over_a_side(frame, r.corners):
        return Reading.of_doubt(Doubt.CORNER_OVER_A_SIDE, corners=r.corners, area=r.area)
    if corner_at_a_side(frame, r.corners):
        return Reading.of_doubt(Doubt.CORNER_AT_A_SIDE, corners=r.corners, area=r.area)
    if side_across_a_corner(frame, r.corners):
        return Reading.of_doubt(Doubt.SIDE_ACROSS_A_CORNER, corners=r.corners, area=r.area)
    if side_through_a_corner(frame, r.corners):
        return Reading.of_doubt(Doubt.SIDE_THROUGH_A_CORNER, corners=r.corners, area=r.area)
    if corner_inside_the_outline(frame, r.corners):
        return Reading.of_doubt(Doubt.CORNER_INSIDE_THE_OUTLINE, corners=r.corners, area=r.area)
    # Last: an outline the checks above doubt keeps the doubt they name.
    if side_through_a_corner_in_pieces(frame, r.corners):
        return Reading.of_doubt(Doubt.SIDE_THROUGH_A_CORNER, corners=r.corners, area=r.area)
    return r


@dataclass(frozen=True)
class _Against:
    """A card read on an outline found at one of ``_FIND_WIDTHS`` (``read``) and the corners
    (frame pixels) of the other whole card ``_card_against`` found against it (``other``)."""

    read: Reading
    other: np.ndarray


def _over_the_card_against_it(frame: np.ndarray, r: Reading, against: _Against | None) -> Reading:
    """An outline doubted for another whole card against it (``against``: it may be the part
    of a covered card that the other card leaves in view, ``_two_cards_around``) is the card
    read on it after all when that card is found whole (``_whole_or_doubt``) and is seen lying
    over the other card: one of its sides runs across the other's outline
    (``_side_across_the_other``) or its sides are seen inside it (``_on_top``). A covered
    card's part is cut along the top card's side and has its own sides hidden under it. Messy
    table 2138028: a whole 2 lime on its pile, its side across a covered 3 banana beside it,
    was doubted, its outline of card white a pixel or two inside its printed edge and so
    narrower than the banana's outline fitted on its edges. Not lifted where neither shows
    (messy table 2138008: a 2 lime over a sliver of a 2 banana, both still doubted).
    ``touching_cards`` still rules on it as on any card found."""
    if against is None or r.doubt != Doubt.TWO_CARDS_EITHER_ON_TOP:
        return r
    whole = _whole_or_doubt(frame, against.read)
    if whole.state != State.CARD:
        return r
    if _side_across_the_other(frame, whole.outline, against.other) or _on_top(
        frame, whole.outline, against.other
    ):
        return whole
    return r


def touching_cards(frame: np.ndarray, readings: Sequence[Reading]) -> list[Reading]:
    """A card found whole that touches or overlaps another outline found (a card or a doubt):
    in a pile seen without a layout, one of them lies over the other, and a covered card with
    only a strip under the top card looks whole. The card stands only when the other outline
    is clearly smaller (``TUNING.cut_card``: that one is the cut, covered card), or when the
    pixels where the two overlap show it on top (``_on_top``), or when the other is a card
    read whole too and the two outlines only come near each other, a gap apart, over a short
    stretch (``_apart``: two whole cards whose corners meet). Else which of the two is on top
    is not clear, and the card is not claimed. (An outline doubted stands for no whole card:
    one found a few pixels inside a card's edge, a corner a pixel under a side there, shows a
    gap that is none; crowded tuning seed 382510, a 4 lime beside a 4 plum doubted for that
    corner at its side.)"""
    outlines = [i for i, r in enumerate(readings) if r.corners is not None]
    doubted: set[int] = set()
    for i in outlines:
        a = readings[i]
        if a.state != State.CARD:
            continue
        for j in outlines:
            b = readings[j]
            if (
                j != i
                and b.area >= TUNING.cut_card * a.area
                and _touch(a.outline, b.outline)
                and not (b.state == State.CARD and _apart(frame, a.outline, b.outline))
                and not _on_top(frame, a.outline, b.outline)
                and not _side_across_the_other(frame, a.outline, b.outline)
                and not _beside_a_covered_outline(frame, a.outline, b)
                and not _cut_along_its_side(frame, a.outline, b)
            ):
                doubted.add(i)
                break
    return [
        Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=r.corners, area=r.area)
        if k in doubted
        else r
        for k, r in enumerate(readings)
    ]


# Doubts ``_whole_or_doubt`` raises on an outline because another card lies over it.
_COVERED = frozenset(
    {
        Doubt.ANOTHER_CARD_OVER_IT,
        Doubt.CORNER_OVER_A_SIDE,
        Doubt.SIDE_ACROSS_A_CORNER,
        Doubt.SIDE_THROUGH_A_CORNER,
        Doubt.CORNER_INSIDE_THE_OUTLINE,
    }
)


def _beside_a_covered_outline(frame: np.ndarray, top: np.ndarray, other: Reading) -> bool:
    """The ``other`` outline (frame pixels) was doubted for a card lying over it
    (``_COVERED``), and it and ``top`` only meet at a corner over the table, as ``_apart``
    asks of two cards read, but for the gap: neither's sides run inside the other by more
    than an outline can be off (``Tuning.crossing_inset``; the doubted outline may lie a
    pixel or two inside its card's edge), ``top``'s sides come within the two touch margins
    of ``other`` over less than ``Tuning.apart_contact`` of its short side, and round where
    they come nearest no card beneath them shows (``_table_where_nearest``). ``top`` was
    found whole: the card over ``other`` is ``top`` or one apart from it, not one under
    ``top``. Messy tuning seed 2388016: the top cards of two piles meeting at a corner (12
    pixels of contact at the working scale), one doubted for the other's side through its
    corner, the other then doubted beside it. A card cut along the other's side shows it
    over a whole side of its own (seed 2388020: a 1 lime under a 3 plum, 66 pixels) and
    stays doubted; so does one whose corner the pile under the other may cover, its white
    round where they meet (crowded tuning seed 2457594: a 1 banana so covered; messy seeds
    2388000 and 2388020: a 3 plum and a 5 lime, whole); and another card's corner
    merely at a side says neither is on top (crowded tuning seed 382510)."""
    if other.doubt not in _COVERED:
        return False
    return _meeting_at_a_corner(frame, top, other.outline, T.crossing_inset * WORK_CARD_SHORT)


def _cut_along_its_side(frame: np.ndarray, top: np.ndarray, other: Reading) -> bool:
    """The ``other`` outline was doubted for another card's side through its corner
    (``side_through_a_corner``), and that side is one of ``top``'s (frame pixels): the edge
    through the corner lies along a side of ``top`` (``Tuning.side_across_near``), and the
    two outlines do not run into each other deeper than an outline can be off
    (``Tuning.crossing_inset``) and they meet along a side, not only at a corner
    (``Tuning.apart_contact``). ``top``'s side is seen running on past the other card's
    corner, so it is not hidden under that card: the other is the covered one, cut straight
    along ``top``'s side. A card under the other, cut along the other's side, ends at that
    side, which stops at the other's own corner. Messy tuning seed 2571017: a whole 4
    strawberry over a 2 lime cut along its side, the two outlines a pixel apart, doubted."""
    if other.doubt is not Doubt.SIDE_THROUGH_A_CORNER or other.corners is None:
        return False
    qa = np.asarray(top, np.float32).reshape(4, 2)
    qb = np.asarray(other.outline, np.float32).reshape(4, 2)
    k = WORK_CARD_SHORT / max(_dims_of(qa)[0], 1.0)
    deepest = T.crossing_inset * WORK_CARD_SHORT
    on_a = np.array([_depth(qb * k, p) for p in _side_points(qa * k)])
    on_b = max(_depth(qa * k, p) for p in _side_points(qb * k))
    if max(float(on_a.max()), on_b) > deepest:
        return False
    if int((on_a >= -2.0 * T.touch_margin * WORK_CARD_SHORT).sum()) < (
        T.apart_contact * WORK_CARD_SHORT
    ):
        # Meeting at a corner only: ``_beside_a_covered_outline``'s business (messy tuning
        # seed 2388020: a 5 lime whose corner a 1 banana covers by two pixels).
        return False
    copy = _sides_copy(frame, qb)
    if copy is None:
        return False
    grey, local, face, segments = copy
    # ``top`` in the copy: ``_sides_copy`` crops round ``other`` and scales it.
    scale = np.ptp(local, axis=0) / np.maximum(np.ptp(qb, axis=0), 1e-6)
    a_local = (qa - qb.min(0)) * scale + local.min(0)
    near = T.side_across_near * _dims_of(a_local)[0]
    sides = list(zip(a_local, np.roll(a_local, -1, axis=0), strict=True))
    return any(
        _through_the_corner(grey, local, corner, s, face)
        and any(_along(s[:2], s[2:], p, r, near) for p, r in sides)
        for corner in local
        for s in segments
    )


def _side_across_the_other(frame: np.ndarray, top: np.ndarray, other: np.ndarray) -> bool:
    """One of ``top``'s sides is seen running across the ``other`` outline (frame pixels),
    from well inside it to well outside it (``sides_across``: what says a card is covered):
    ``top`` lies over the other. A card under the other would have that side hidden under
    it. (``_on_top`` asks for a good length of side inside the other, which a corner over
    a corner does not give: crowded tuning seed 1789510, a 2 banana over a corner of the
    2 strawberry beside it, doubted.)"""
    q = np.asarray(top, np.float32).reshape(4, 2)
    near = T.side_across_near * _dims_of(q)[0]
    return any(
        _along(a, b, p, r, near)
        for a, b in sides_across(frame, np.asarray(other, np.float32).reshape(4, 2))
        for p, r in zip(q, np.roll(q, -1, axis=0), strict=True)
    )


def _along(a: np.ndarray, b: np.ndarray, p: np.ndarray, r: np.ndarray, near: float) -> bool:
    """The segment ``a``-``b`` lies along the side ``p``-``r``: both its ends within ``near``
    of that side's line, and within the side's length (give or take ``near``)."""
    length = float(np.linalg.norm(r - p))
    u = (r - p) / max(length, 1e-6)
    n = np.array([-u[1], u[0]], np.float32)
    ends = np.stack([a, b]) - p
    across = np.abs(ends @ n)
    along = ends @ u
    return bool(across.max() <= near and along.min() >= -near and along.max() <= length + near)


def _apart(frame: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """The outlines ``a`` and ``b`` (frame pixels), seen at the working scale of ``a``'s card,
    lie a gap apart everywhere (``Tuning.apart_gap``), ``a``'s sides come within the two
    touch margins of ``b`` over less than ``Tuning.apart_contact`` of its short side, and
    round where they come nearest the view outside both is table, not card white
    (``Tuning.apart_look``, ``Tuning.apart_white``). A card under another with no outline
    over it is cut straight along that card's side, which it shows over a whole side of its
    own; or it is cut by a card under the other that was not found, whose white shows
    between them (crowded tuning seed 370029: a corner a few pixels under the cards beneath
    the pile next to it). Two cards whose corners only come near each other over the table
    are two whole cards side by side."""
    return _meeting_at_a_corner(frame, a, b, -T.apart_gap * WORK_CARD_SHORT)


def _meeting_at_a_corner(frame: np.ndarray, a: np.ndarray, b: np.ndarray, deepest: float) -> bool:
    """The outlines ``a`` and ``b`` (frame pixels), seen at the working scale of ``a``'s card:
    neither's sides run into the other deeper than ``deepest`` (working pixels; below zero, a
    gap apart everywhere), ``a``'s sides come within the two touch margins of ``b`` over less
    than ``Tuning.apart_contact`` of its short side, and round where they come nearest no card
    beneath them shows (``_table_where_nearest``). What ``_apart`` asks of two cards read, and
    ``_beside_a_covered_outline`` of a card beside an outline doubted for a card over it."""
    qa = np.asarray(a, np.float32).reshape(4, 2)
    qb = np.asarray(b, np.float32).reshape(4, 2)
    k = WORK_CARD_SHORT / max(_dims_of(qa)[0], 1.0)
    side_a = _side_points(qa * k)
    on_a = np.array([_depth(qb * k, p) for p in side_a])
    on_b = np.array([_depth(qa * k, p) for p in _side_points(qb * k)])
    if max(float(on_a.max()), float(on_b.max())) > deepest:
        return False
    if int((on_a >= -2.0 * T.touch_margin * WORK_CARD_SHORT).sum()) >= (
        T.apart_contact * WORK_CARD_SHORT
    ):
        return False
    return _table_where_nearest(frame, qa, qb, side_a[int(np.argmax(on_a))] / k, k)


def _table_where_nearest(
    frame: np.ndarray, qa: np.ndarray, qb: np.ndarray, near: np.ndarray, k: float
) -> bool:
    """Round ``near`` (frame pixels), where the outlines ``qa`` and ``qb`` come nearest each
    other, the view outside both is table, not card white (``Tuning.apart_look``,
    ``Tuning.apart_white``), seen at the scale ``k`` (the working scale of ``qa``'s card): no
    card beneath them shows there, which may lie over one of them."""
    look = T.apart_look * WORK_CARD_SHORT
    H, W = frame.shape[:2]
    x0, y0 = (int(v) for v in np.maximum(np.floor(near - 2.0 * look / k), 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(near + 2.0 * look / k) + 1, (W, H)))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return False
    size = (max(4, round((x1 - x0) * k)), max(4, round((y1 - y0) * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    crop = cv2.resize(frame[y0:y1, x0:x1], size, interpolation=interp)
    white, illum = _white_mask(crop)
    if illum is None:
        return False
    scale = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    ring = np.zeros(white.shape, np.uint8)
    centre = (near - (x0, y0)) * scale
    cv2.circle(ring, (round(float(centre[0])), round(float(centre[1]))), round(look), 255, -1)
    for q in (qa, qb):
        local = np.round((q - (x0, y0)) * scale).astype(np.int32)
        cv2.fillConvexPoly(ring, local, 0)
        cv2.polylines(ring, [local], True, 0, 3)
    outside = cv2.countNonZero(ring)
    if outside == 0:
        return False
    return cv2.countNonZero(cv2.bitwise_and(white, ring)) <= T.apart_white * outside


def _side_points(q: np.ndarray) -> np.ndarray:
    """Points along the sides of the outline ``q``, a pixel or so apart."""
    pts = [
        p + (r - p) * np.linspace(0.0, 1.0, max(2, int(np.linalg.norm(r - p))))[:, None]
        for p, r in zip(q, np.roll(q, -1, axis=0), strict=True)
    ]
    return np.concatenate(pts).astype(np.float32)


def _on_top(frame: np.ndarray, top: np.ndarray, other: np.ndarray) -> bool:
    """Where the outlines ``top`` and ``other`` (frame pixels) overlap, the pixels show
    ``top`` lying over the other: its sides run on edges inside the other outline over a
    good length (a top card's sides are seen over the card under it), and the other's sides
    inside ``top`` mostly do not (a covered card's sides are hidden under the top card; a
    symbol crosses them here and there). Looked at at the working card scale."""
    a = np.asarray(top, np.float32).reshape(4, 2)
    b = np.asarray(other, np.float32).reshape(4, 2)
    k = WORK_CARD_SHORT / max(_dims_of(a)[0], 1.0)
    H, W = frame.shape[:2]
    both = np.concatenate([a, b])
    x0, y0 = (int(v) for v in np.maximum(np.floor(both.min(0)) - 4, 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(both.max(0)) + 5, (W, H)))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    size = (max(8, round((x1 - x0) * k)), max(8, round((y1 - y0) * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    crop = cv2.resize(frame[y0:y1, x0:x1], size, interpolation=interp)
    scale = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    a = ((a - (x0, y0)) * scale).astype(np.float32)
    b = ((b - (x0, y0)) * scale).astype(np.float32)
    v = cv2.GaussianBlur(brightest(crop), (3, 3), 0.8)
    edges = cv2.dilate(cv2.Canny(v, 12, 36), np.ones((3, 3), np.uint8))
    seen, length = _sides_on_edges(edges, a, b)
    hidden, length_b = _sides_on_edges(edges, b, a, skip=_print_of(crop, a))
    least = T.on_top_length * WORK_CARD_SHORT
    return (
        length >= least and length_b >= least and seen >= T.on_top_seen and hidden <= T.under_seen
    )


def _print_of(crop: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The pixels of ``crop`` on or beside the print of the card outlined by ``q`` (crop
    pixels): its coloured pixels inside the outline (saturation ``Tuning.print_saturation``
    or more: the fruit, never a grey side or shadow of another card), grown by
    ``Tuning.print_beside`` of the working card's short side (over the fruit's dark rim). A
    covered card's side hidden under the top card's symbols meets their edges there, which
    say nothing of which card is on top (messy tuning seed 1290002: a 3 strawberry over a
    banana card, whose side under the third strawberry counted as seen)."""
    v = np.max(crop, axis=2).astype(np.float32)
    coloured = (v - np.min(crop, axis=2)) >= T.print_saturation * np.maximum(v, 1.0)
    inside = np.zeros(v.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(q).astype(np.int32), 255)
    marks = cv2.bitwise_and(coloured.astype(np.uint8) * 255, inside)
    grow = 2 * max(1, round(T.print_beside * WORK_CARD_SHORT)) + 1
    return cv2.dilate(marks, np.ones((grow, grow), np.uint8))


def _sides_on_edges(
    edges: np.ndarray, q: np.ndarray, within: np.ndarray, skip: np.ndarray | None = None
) -> tuple[float, float]:
    """The share of ``q``'s sides, where they run inside ``within`` (by more than an
    outline can be off) and off ``skip`` (when given), that lies on an edge of ``edges``;
    and how long that part is (in pixels)."""
    inset = T.crossing_inset * WORK_CARD_SHORT
    poly = within.reshape(-1, 1, 2)
    h, w = edges.shape
    hits = total = 0
    for p, r in zip(q, np.roll(q, -1, axis=0), strict=True):
        n = max(2, int(np.linalg.norm(r - p)))
        for x, y in p + (r - p) * np.linspace(0.0, 1.0, n, dtype=np.float32)[:, None]:
            if cv2.pointPolygonTest(poly, (float(x), float(y)), True) <= inset:
                continue
            xi, yi = round(float(x)), round(float(y))
            if 0 <= xi < w and 0 <= yi < h and (skip is None or not skip[yi, xi]):
                total += 1
                hits += edges[yi, xi] > 0
    return (hits / total if total else 0.0), float(total)


def _touch(a: np.ndarray, b: np.ndarray, margin: float = TUNING.touch_margin) -> bool:
    """The outlines, each grown by ``margin`` (``TUNING.touch_margin``) of its short side,
    overlap."""

    def grown(q: np.ndarray) -> np.ndarray:
        q = np.asarray(q, np.float32).reshape(4, 2)
        centre = q.mean(0)
        short = _dims_of(q)[0]
        out = q - centre
        norm = np.linalg.norm(out, axis=1, keepdims=True)
        return (q + out / np.maximum(norm, 1e-6) * margin * short).astype(np.float32)

    inter, _ = cv2.intersectConvexConvex(grown(a), grown(b))
    return inter > 0


def _near_any(r: Reading, others: Sequence[Reading]) -> bool:
    """``r``'s centre lies within half a card of another reading's: the same card."""
    centre = np.asarray(r.center)
    return any(
        np.linalg.norm(centre - np.asarray(o.center)) < 0.5 * _dims_of(o.outline)[0] for o in others
    )


def _unexplained_white(
    frame: np.ndarray, kept: Sequence[Reading], guess: float = 0.09
) -> tuple[list[np.ndarray], bool]:
    """Square zones (frame pixels) around the blobs of card white, as large as a card at
    least, that hold no card found so far: piles whose outline a clean look did not find;
    and whether the frame had to be lit (low light, a sensor's noise) to show them."""
    cards = [r for r in kept if r.state == State.CARD]
    H, W = frame.shape[:2]
    # The width where the cards found are at the working scale; with none found, where a
    # card ``guess`` of the image's width is.
    short = float(np.median([_dims_of(r.outline)[0] for r in cards])) if cards else W * guess
    k = min(_FIND_MAX_UPSCALE, WORK_CARD_SHORT / max(short, 1.0))
    size = (max(1, round(W * k)), max(1, round(H * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    # Lit as the clean look lights it: in low light, the unlit frame shows no card white.
    small = cv2.resize(frame, size, interpolation=interp)
    img, _ = _lit(small, exposure(frame))
    white, _ = _white_mask(img)
    n, _, stats, centroids = cv2.connectedComponentsWithStats(white, connectivity=8)
    card_area = WORK_CARD_SHORT * WORK_CARD_SHORT / CARD_ASPECT
    zones = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < 0.5 * card_area:
            continue
        cx, cy = centroids[i] / k
        if any(_inside(np.array([cx, cy]), r.outline) for r in kept):
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
    return zones, img is not small


def _white_beside(
    frame: np.ndarray, kept: Sequence[Reading], zones: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """Square zones (frame pixels) around white as large as a card (``Tuning.beside_least``
    of one) that is left of a blob when the outlines found are taken out of it (its symbols
    filled), away from the zones already looked at: a whole card whose white runs into a
    found card's at a corner is a part of that card's blob, whose middle lies on the found
    card (messy small tuning seed 320514: a lone 5 plum touching a 3 plum, never looked
    at)."""
    cards = [r for r in kept if r.state == State.CARD]
    if not kept:
        return []
    H, W = frame.shape[:2]
    short = float(np.median([_dims_of(r.outline)[0] for r in (cards or kept)]))
    k = min(_FIND_MAX_UPSCALE, WORK_CARD_SHORT / max(short, 1.0))
    size = (max(1, round(W * k)), max(1, round(H * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    img, _ = _lit(cv2.resize(frame, size, interpolation=interp), exposure(frame))
    white, _ = _white_mask(img)
    taken = np.zeros_like(white)
    for r in kept:
        q = np.asarray(r.outline, np.float32).reshape(4, 2) * k
        centre = q.mean(0)
        grown = centre + (q - centre) * (1.0 + T.beside_grow)
        cv2.fillConvexPoly(taken, np.round(grown).astype(np.int32), 255)
    left = cv2.bitwise_and(white, cv2.bitwise_not(taken))
    # With its symbols (holes in the white) filled: a card of five is half white.
    contours, _ = cv2.findContours(left, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(left, contours, -1, 255, cv2.FILLED)
    n, _, stats, centroids = cv2.connectedComponentsWithStats(left, connectivity=8)
    card_area = WORK_CARD_SHORT * WORK_CARD_SHORT / CARD_ASPECT
    out = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < T.beside_least * card_area:
            continue
        centre = centroids[i] / k
        if any(_inside(centre, z) for z in zones):
            continue
        half = max(bw, bh, WORK_CARD_SHORT / CARD_ASPECT) / k / 2
        out.append(
            (centre + np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half).astype(np.float32)
        )
    return out


def _two_cards_near(
    frame: np.ndarray,
    corners: np.ndarray,
    profile: Profile,
    frame_white: float,
    *,
    whole_too: bool = False,
) -> bool:
    """``_two_cards_around`` for a card found in ``frame`` (its corners in frame pixels):
    the area around it, at the working scale and lit as the clean look lights it."""
    quad = np.asarray(corners, np.float32).reshape(4, 2)
    k = min(_FIND_MAX_UPSCALE, WORK_CARD_SHORT / max(_dims_of(quad)[0], 1.0))
    centre = quad.mean(0)
    around = centre + (quad - centre) * 2.6  # a little more than the check looks at
    H, W = frame.shape[:2]
    x0, y0 = np.maximum(np.floor(around.min(0)), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(around.max(0)), (W, H)).astype(int)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    size = (max(8, round((x1 - x0) * k)), max(8, round((y1 - y0) * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    img, _ = _lit(cv2.resize(frame[y0:y1, x0:x1], size, interpolation=interp), frame_white)
    scale = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    local = ((quad - np.array([x0, y0], np.float32)) * scale).astype(np.float32)
    return _two_cards_around(img, local, profile, whole_too=whole_too)


def _two_cards_around(
    img: np.ndarray, quad: np.ndarray, profile: Profile, *, whole_too: bool = False
) -> bool:
    """The zone policy's two-cards check for a card found anywhere: the area around it read
    as a zone would be (a covered card's part in view can be a clean rectangle too)."""
    return _card_against(img, quad, profile, whole_too=whole_too) is not None


def _card_against(
    img: np.ndarray, quad: np.ndarray, profile: Profile, *, whole_too: bool = False
) -> np.ndarray | None:
    """The corners (``img`` pixels) of the other card ``_two_cards_around`` finds against
    the card outlined by ``quad``, or None."""
    centre = quad.mean(0)
    around = centre + (quad - centre) * 2.5
    h, w = img.shape[:2]
    x0, y0 = np.maximum(np.floor(around.min(0)), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(around.max(0)), (w, h)).astype(int)
    origin = (int(x0), int(y0))
    local = (quad - np.array(origin, np.float32)).astype(np.float32)
    return card_against(img, img[y0:y1, x0:x1], local, origin, profile, whole_too=whole_too)


def corner_over_a_side(frame: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's corner lies over a side of the card outlined by ``quad`` (frame
    pixels), a few pixels deep: seen at the frame's own resolution, for a card large there
    (``Tuning.corner_fine_from``). ``covered_outline`` looks at the working card scale,
    where a corner a few frame pixels over a large card's side is under a pixel deep, within
    what an outline can be off. Along each side, the card's own edge (where its face first
    darkens, fitted as a line) is broken where the corner lies over it (the covering card's
    face runs across it, white on both sides), and beside the break the covering card's
    sides run on into this card's face, past its edge (``_corner_across``). (The cards under
    a top card have their sides stop at its edge, which runs on unbroken over them.)"""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    short = _dims_of(q)[0]
    if short < T.corner_fine_from * WORK_CARD_SHORT:
        return False
    deepest = min(T.corner_depth_most_px, T.corner_depth_share * short)
    reach = max(T.corner_reach_px, T.corner_reach_share * short)
    pad = int(math.ceil(reach + deepest + 4))
    H, W = frame.shape[:2]
    x0, y0 = (int(v) for v in np.maximum(np.floor(q.min(0)) - pad, 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(q.max(0)) + pad + 1, (W, H)))
    grey = cv2.GaussianBlur(brightest(frame[y0:y1, x0:x1]), (3, 3), 0.8).astype(np.float32)
    local = q - np.array([x0, y0], np.float32)
    centre = local.mean(0)
    for a, b in zip(local, np.roll(local, -1, axis=0), strict=True):
        strip = _side_strip(grey, a, b, centre, reach + deepest + 2, reach)
        if _corner_across(strip, int(math.ceil(reach + deepest + 2)), reach, deepest):
            return True
    return False


def _side_strip(
    grey: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    centre: np.ndarray,
    inward: float,
    outward: float,
) -> np.ndarray:
    """``grey`` resampled along the side ``a``-``b`` (a column per pixel of it), across it
    from ``inward`` pixels inside to ``outward`` pixels outside (a row per pixel)."""
    length = float(np.linalg.norm(b - a))
    u = (b - a) / max(length, 1e-6)
    n = _outward_normal(a, b, centre)
    t = np.arange(0.0, length, 1.0, dtype=np.float32)
    off = np.arange(-math.ceil(inward), math.ceil(outward) + 1, 1.0, dtype=np.float32)
    xy = a[None, None] + t[None, :, None] * u + off[:, None, None] * n
    return cv2.remap(
        grey,
        xy[..., 0].astype(np.float32),
        xy[..., 1].astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )


def _corner_across(strip: np.ndarray, at: int, reach: float, deepest: float) -> bool:
    """In a side's ``strip`` (``_side_strip``; the outline on row ``at``): the card's edge
    broken, with something dark just inside it beside the break (``corner_over_a_side``).
    The edge is where the face first darkens, within ``reach`` of the outline; the dark is
    looked for from ``Tuning.corner_depth_least`` to ``deepest`` pixels inside it."""
    rows, cols = strip.shape
    least = T.corner_depth_least
    face = float(np.percentile(strip[: max(1, at - math.ceil(deepest))], 75))
    if face <= 0:
        return False
    near = np.arange(max(0, at - math.floor(reach)), min(rows, at + math.floor(reach) + 1))
    darker = strip[near] < T.corner_edge_level * face
    seen = darker.any(0)
    ends = math.ceil(reach + deepest) + 2  # the other sides cross near the corners
    if cols <= 2 * ends + 1 or int(seen.sum()) < 5:
        return False
    # The edge: the first row that darkens, from inside out, as one straight line.
    first = near[np.argmax(darker, axis=0)].astype(np.float32)
    c = np.arange(cols, dtype=np.float32)
    vx, vy, px, py = cv2.fitLine(
        np.c_[c[seen], first[seen]].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01
    ).ravel()
    if abs(float(vx)) < 0.9:
        return False  # not along the side: no edge to speak of
    edge = np.rint(py + (c - px) * vy / vx).astype(np.int32)
    if edge.min() < near[0] or edge.max() > near[-1]:
        return False  # the line runs off the rows looked at: not the card's edge
    depth = np.arange(math.ceil(least), math.floor(deepest) + 1, dtype=np.int32)
    if len(depth) == 0:
        return False
    inner_rows = np.clip(edge[None, :] - depth[:, None], 0, rows - 1)
    inner = strip[inner_rows, c.astype(np.int32)[None, :]].min(0)
    # Broken: just outside where the face first darkens, no line of the edge (a card's
    # border or shadow, or the table, darkens the next two pixels out; over another card's
    # corner its white runs on across them).
    edge_rows = np.clip(edge[None, :] + np.arange(1, 3)[:, None], 0, rows - 1)
    broken = strip[edge_rows, c.astype(np.int32)[None, :]].min(0) >= T.corner_edge_level * face
    if float(broken[ends : cols - ends].mean()) > 1.0 - T.corner_edge_seen:
        # The edge is not seen along most of the side (a red table as bright as the face in
        # the brightest channel, an outline found well off the card): no judgement on it.
        return False
    g = T.corner_break_px
    near_break = np.convolve(broken.astype(np.float32), np.ones(2 * g + 1), "same") > 0
    dark = inner <= (1.0 - T.corner_dark) * face
    return bool((dark & near_break)[ends : cols - ends].any())


def corner_at_a_side(frame: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's corner lies at a side of the card outlined by ``quad`` (frame pixels):
    its tip on the side or a pixel or two over it, too shallow for ``corner_over_a_side`` to
    see it darken the face, and which card is on top cannot be told. Seen as two straight
    edges outside the outline (``_edges_outside``) that meet, as a card's corner does, at the
    side, with a card's white between them (``_corner_of_a_card``), whose face lies outside
    this card (a card under this one that sticks out has its corner's inside towards it).
    Looked at at the frame's resolution, in a copy where its short side is
    ``Tuning.corner_at_short_most`` pixels at most; for a card smaller there than
    ``Tuning.corner_fine_from`` working card sides, only a corner whose tip lies on the side
    or within a pixel of it (``Tuning.corner_at_small_in_px``)."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    short = _dims_of(q)[0]
    # A smaller card's sides are a few frame pixels from the cards round it on messy tuning
    # tables, whose corners touch them often (whole cards read right were doubted): there only
    # a corner whose tip lies on the side or within a pixel of it counts.
    outside = T.corner_at_out_px
    if short < T.corner_fine_from * WORK_CARD_SHORT:
        outside = -T.corner_at_small_in_px
    k = min(1.0, T.corner_at_short_most / max(short, 1.0))
    pad = T.corner_at_pad * short
    H, W = frame.shape[:2]
    x0, y0 = (int(v) for v in np.maximum(np.floor(q.min(0) - pad), 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(q.max(0) + pad) + 1, (W, H)))
    crop = brightest(frame[y0:y1, x0:x1])
    if k < 1.0:
        size = (max(8, round((x1 - x0) * k)), max(8, round((y1 - y0) * k)))
        crop = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    grey = cv2.GaussianBlur(crop, (3, 3), 0.8)
    local = ((q - np.array([x0, y0], np.float32)) * k).astype(np.float32)
    edges = _edges_outside(grey, local)
    if len(edges) < 2:
        return False
    face = float(np.percentile(grey[_inside_mask(grey.shape, local)], 75))
    return any(
        _corner_of_a_card(grey, local, edges[i], edges[j], face, outside)
        for i in range(len(edges))
        for j in range(i + 1, len(edges))
    )


def _inside_mask(shape: tuple[int, ...], quad: np.ndarray) -> np.ndarray:
    """The pixels of an image of ``shape`` inside ``quad``, shrunk a little off its sides."""
    centre = quad.mean(0)
    inner = centre + (quad - centre) * 0.8
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(inner).astype(np.int32), 1)
    return mask > 0


def _depth(quad: np.ndarray, point: np.ndarray) -> float:
    """How far ``point`` lies inside ``quad`` (pixels; negative outside)."""
    poly = quad.reshape(-1, 1, 2)
    return float(cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), True))


def _edges_outside(grey: np.ndarray, quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Straight edges of ``grey`` (line segments, as (near end, far end)) that lie outside
    ``quad`` and run away from it: an end near the outline (``Tuning.corner_at_tip_px``
    inside it at most) and the other well outside. Those along a side of the card (its own
    edge, the cards under it in a neat pile) do not run away from it and are left out."""
    short = _dims_of(quad)[0]
    least = max(T.corner_at_edge_px, T.corner_at_edge_share * short)
    away = max(T.corner_at_away_px, T.corner_at_away_share * short)
    lines = cv2.createLineSegmentDetector(cv2.LSD_REFINE_STD).detect(grey)[0]
    out = []
    for x0, y0, x1, y1 in (lines if lines is not None else np.empty((0, 1, 4))).reshape(-1, 4):
        a = np.array([x0, y0], np.float32)
        b = np.array([x1, y1], np.float32)
        if float(np.linalg.norm(b - a)) < least:
            continue
        da, db = _depth(quad, a), _depth(quad, b)
        near, far, d_near, d_far = (a, b, da, db) if da >= db else (b, a, db, da)
        if d_near <= T.corner_at_tip_px and d_near >= -away and d_far <= -away:
            out.append((near, far))
    return out


def _corner_of_a_card(
    grey: np.ndarray,
    quad: np.ndarray,
    e: tuple[np.ndarray, np.ndarray],
    f: tuple[np.ndarray, np.ndarray],
    face: float,
    outside: float,
) -> bool:
    """The edges ``e`` and ``f`` (near end, far end) are two sides of one card whose corner
    lies at a side of ``quad``: they meet at a card's angle, where the outline runs (its tip
    from ``outside`` pixels outside to ``Tuning.corner_at_in_px`` inside), both near
    ends close to that tip; between them, just off the tip, lies a card's white, outside
    ``quad`` (the covering card's face, not this card's)."""
    short = _dims_of(quad)[0]
    u = _unit(e[1] - e[0])
    v = _unit(f[1] - f[0])
    cos = float(np.dot(u, v))
    if abs(cos) > math.cos(math.radians(T.corner_at_angle_least)):
        return False  # not a card's corner: nearly one line, or nearly opposite
    tip = _meeting(e[0], u, f[0], v)
    if tip is None or not -outside <= _depth(quad, tip) <= T.corner_at_in_px:
        return False
    gap = max(T.corner_at_gap_px, T.corner_at_gap_share * short)
    if np.linalg.norm(e[0] - tip) > gap or np.linalg.norm(f[0] - tip) > gap:
        return False
    # Both edges run away from the tip (the far ends lie beyond it, not behind it).
    if float(np.dot(e[1] - tip, u)) <= 0 or float(np.dot(f[1] - tip, v)) <= 0:
        return False
    inside = tip + _unit(u + v) * max(T.corner_at_look_px, T.corner_at_look_share * short)
    if _depth(quad, inside) >= 0:
        return False  # the corner's face lies on this card: a card under it sticking out
    h, w = grey.shape
    x, y = round(float(inside[0])), round(float(inside[1]))
    if not (1 <= x < w - 1 and 1 <= y < h - 1):
        return False
    return float(np.median(grey[y - 1 : y + 2, x - 1 : x + 2])) >= T.corner_edge_level * face


def _meeting(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray | None:
    """Where the line through ``p`` along ``u`` meets the line through ``q`` along ``v``."""
    det = float(u[0] * -v[1] + v[0] * u[1])
    if abs(det) < 1e-6:
        return None
    d = q - p
    t = float(d[0] * -v[1] + v[0] * d[1]) / det
    return (p + t * u).astype(np.float32)


def _unit(v: np.ndarray) -> np.ndarray:
    return (v / max(float(np.linalg.norm(v)), 1e-6)).astype(np.float32)


def side_within_in_pieces(frame: np.ndarray, quad: np.ndarray) -> bool:
    """``outlines.side_within`` for a side print breaks: straight edges on one line (line
    segments, ``_sides_copy``), apart by no more than ``Tuning.side_within_gap`` of the card's
    short side, that are ``Tuning.side_within_length`` of it long or longer together, the
    middle of their run ``Tuning.side_within_depth`` of it inside the outline or deeper. A
    silver five's side across a covered card a second look framed beside it breaks where a
    symbol of the covered card meets it, and its pieces at the working scale are too ragged
    to be joined (``outlines._straight_sides``)."""
    copy = _sides_copy(frame, quad)
    if copy is None:
        return False
    _, local, _, segments = copy
    short = _dims_of(local)[0]
    pieces = [
        (s[:2].astype(np.float32), s[2:].astype(np.float32))
        for s in segments
        if float(np.linalg.norm(s[2:] - s[:2])) >= T.side_piece * short
    ]
    return any(_run_within(local, a, b, pieces) for a, b in pieces)


def _run_within(
    quad: np.ndarray, a: np.ndarray, b: np.ndarray, pieces: list[tuple[np.ndarray, np.ndarray]]
) -> bool:
    """The run of ``pieces`` on the line of the piece ``a``-``b`` that holds it (both ends of
    each within ``Tuning.side_within_off`` of the short side of that line, each within
    ``Tuning.side_within_gap`` of it of the next, broken by ``Tuning.side_within_break`` of it
    somewhere) is another card's side within ``quad`` (``side_within_in_pieces``)."""
    short = _dims_of(quad)[0]
    u = _unit(b - a)
    normal = np.array([-u[1], u[0]], np.float32)
    off = T.side_within_off * short

    def on_the_line(p: np.ndarray) -> bool:
        return abs(float(np.dot(p - a, normal))) <= off

    def along(p: np.ndarray, q: np.ndarray) -> tuple[float, float]:
        ends = sorted((float(np.dot(p - a, u)), float(np.dot(q - a, u))))
        return ends[0], ends[1]

    spans = sorted(along(p, q) for p, q in pieces if on_the_line(p) and on_the_line(q))
    # Start, end, length of pieces and widest break, of each run along the line.
    runs: list[list[float]] = []
    for lo, hi in spans:
        if runs and lo <= runs[-1][1] + T.side_within_gap * short:
            runs[-1][3] = max(runs[-1][3], lo - runs[-1][1])
            runs[-1][1] = max(runs[-1][1], hi)
            runs[-1][2] += hi - lo
        else:
            runs.append([lo, hi, hi - lo, 0.0])
    start, end, length, widest = next(r for r in runs if r[0] <= 0.0 <= r[1])
    if length < T.side_within_length * short or widest < T.side_within_break * short:
        return False
    t = np.linspace(start, end, 9, dtype=np.float32)[:, None]
    depth = [_depth(quad, p) for p in a + u * t]
    return float(np.median(depth)) >= T.side_within_depth * short


def side_across_a_corner(frame: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's side runs across a corner of the card outlined by ``quad`` (frame
    pixels), or into it past a side near a corner, a few pixels deep: that card lies over
    this one's corner, which is not whole in view. (An outline fitted to the sides runs on to
    the corner under the covering card; ``covered_outline`` sees sides that cross deeper, at
    the working scale; ``corner_over_a_side`` does not look at the ends of the sides.) Seen
    as a straight edge (``cv2.createLineSegmentDetector``) with an end outside the outline,
    that runs inside it, near a corner (``Tuning.across_corner_near``), deeper than an
    outline can be off, with card white on both sides of it there: the covering card's face
    beyond it and this card's face within. The sides of the cards under a top card stop at
    its edge, and its own sides run along the outline. Looked at in a copy where the card's
    short side is ``Tuning.across_short_least`` to ``Tuning.corner_at_short_most`` pixels."""
    copy = _sides_copy(frame, quad)
    if copy is None:
        return False
    grey, local, face, segments = copy
    return any(_across_a_corner(grey, local, s, face) for s in segments)


def _sides_copy(
    frame: np.ndarray,
    quad: np.ndarray,
    copy_short: float | None = None,
    pad: float | None = None,
) -> tuple[np.ndarray, np.ndarray, float, np.ndarray] | None:
    """The surroundings of the card outlined by ``quad`` (frame pixels) in a copy where its
    short side is ``copy_short`` pixels (by default ``Tuning.across_short_least`` to
    ``Tuning.corner_at_short_most``), ``pad`` of that side around it (by default
    ``Tuning.corner_at_pad``): (the copy's brightest channel, blurred; the outline there,
    its corners in ``quad``'s order; the face's white; the straight edges there as rows of
    x0, y0, x1, y1). None when the card is too small."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    short = _dims_of(q)[0]
    if copy_short is None:
        copy_short = float(np.clip(short, T.across_short_least, T.corner_at_short_most))
    k = copy_short / max(short, 1.0)
    pad = (T.corner_at_pad if pad is None else pad) * short
    H, W = frame.shape[:2]
    x0, y0 = (int(v) for v in np.maximum(np.floor(q.min(0) - pad), 0))
    x1, y1 = (int(v) for v in np.minimum(np.ceil(q.max(0) + pad) + 1, (W, H)))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    size = (max(8, round((x1 - x0) * k)), max(8, round((y1 - y0) * k)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    grey = cv2.GaussianBlur(
        cv2.resize(brightest(frame[y0:y1, x0:x1]), size, interpolation=interp), (3, 3), 0.8
    )
    scale = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    local = ((q - np.array([x0, y0], np.float32)) * scale).astype(np.float32)
    face = float(np.percentile(grey[_inside_mask(grey.shape, local)], 75))
    lines = cv2.createLineSegmentDetector(cv2.LSD_REFINE_STD).detect(grey)[0]
    segments = (lines if lines is not None else np.empty((0, 1, 4))).reshape(-1, 4)
    return grey, local, face, segments


def _across_a_corner(grey: np.ndarray, quad: np.ndarray, segment: np.ndarray, face: float) -> bool:
    """The straight edge ``segment`` (x0, y0, x1, y1) is another card's side over a corner
    of ``quad`` (``side_across_a_corner``)."""
    short = _dims_of(quad)[0]
    a, b = segment[:2].astype(np.float32), segment[2:].astype(np.float32)
    length = float(np.linalg.norm(b - a))
    if length < T.across_length * short:
        return False
    n = max(2, int(length))
    pts = a + (b - a) * np.linspace(0.0, 1.0, n, dtype=np.float32)[:, None]
    depth = np.array([_depth(quad, p) for p in pts])
    if depth.min() > -T.across_out * short:
        return False  # no end outside the outline: a symbol's edge, a crease
    deep = depth >= T.across_in * short
    if int(deep.sum()) < 2:
        return False  # stops at the outline: a side of a card under this one
    at = pts[deep]
    corners_near = np.linalg.norm(at[:, None, :] - quad[None, :, :], axis=2).min(1)
    if float(corners_near.min()) > T.across_corner_near * short:
        return False  # away from the corners: ``covered_outline``'s business
    angle = _angle_to_side(quad, pts, depth)
    if angle < T.across_angle:
        # Nearly along the side it crosses: a side of a card under this one, sticking out a
        # little beside it, that an outline a pixel off takes in.
        return False
    # Card white on both sides of the edge where it runs inside: the covering card's face
    # beyond it, this card's within (a symbol's edge has its colour on one side) ...
    middle = at[len(at) // 2]
    u = _unit(b - a)
    normal = np.array([-u[1], u[0]], np.float32)
    if float(np.dot(quad.mean(0) - middle, normal)) < 0:
        normal = -normal  # towards the card's centre
    look = max(T.corner_at_look_px, T.corner_at_look_share * short)
    h, w = grey.shape
    x, y = (round(float(v)) for v in middle - normal * look)
    if not (1 <= x < w - 1 and 1 <= y < h - 1):
        return False
    if float(np.median(grey[y - 1 : y + 2, x - 1 : x + 2])) < T.corner_edge_level * face:
        return False
    # ... and this card's face unbroken from just past the edge's own line inwards: no side
    # of this card there (an outline a few pixels off a top card takes in the sides of the
    # cards under it, with its own side between them and its face).
    steps = np.arange(T.across_clear_from * short, look + 1.0, 1.0, dtype=np.float32)
    xy = (middle[None] + steps[:, None] * normal[None]).astype(np.float32)
    line = cv2.remap(grey, xy[:, :1], xy[:, 1:], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    out = -T.across_out * short
    if angle <= T.across_rise_angle_most and depth[0] < out and depth[-1] < out:
        # The edge runs in and out again past the corner, cutting it off across this card's
        # face: the side of a card lying over this one. A side of a card under it stops at its
        # edge, and one that an outline a few pixels off takes in ends inside the outline
        # (no-layout tuning seed 360040, crossing at 37 and 45 degrees, its top card read).
        # Only then is the edge's own blurred line skipped, wider than ``across_clear_from``
        # on a small card seen enlarged (crowded tuning seeds 2507506 and 2507513), and looked
        # past farther in (``_inward_line``).
        line = _past_the_rise(_inward_line(grey, middle, normal, short, look).ravel())
    return float(line.min()) >= T.corner_edge_level * face


def _inward_line(
    grey: np.ndarray, middle: np.ndarray, normal: np.ndarray, short: float, look: float
) -> np.ndarray:
    """``grey`` from ``Tuning.across_clear_from`` of ``short`` inside an edge (at ``middle``,
    ``normal`` pointing into the card) to ``Tuning.across_rise_look`` of it, or ``look`` when
    farther: past a blurred edge's line, which on a small card seen enlarged may fill the
    whole way to ``look`` (crowded tuning seed 2510512: 194, 200, 209, 220 there, the face
    246)."""
    far = max(look, T.across_rise_look * short)
    steps = np.arange(T.across_clear_from * short, far + 1.0, 1.0, dtype=np.float32)
    xy = (middle[None] + steps[:, None] * normal[None]).astype(np.float32)
    return cv2.remap(grey, xy[:, :1], xy[:, 1:], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _past_the_rise(line: np.ndarray) -> np.ndarray:
    """``line`` (brightness from an edge inwards) past where it first stops brightening: the
    edge's own blurred line fades out there. On a small card seen enlarged, blurred and in
    low light, that line is wider than ``Tuning.across_clear_from`` (crowded tuning seed
    2507513: 51, 56, 64, 71 from there to the face's 73). A side of this card between the
    edge and its face darkens the line again after it has brightened, and still counts."""
    rising = np.diff(line.astype(np.float32)) > 0
    first = int(np.argmin(rising)) if not rising.all() else len(line) - 1
    return line[first:]


def _angle_to_side(quad: np.ndarray, pts: np.ndarray, depth: np.ndarray) -> float:
    """The angle (degrees, 0 to 90) at which the straight edge through ``pts`` (their depths
    in ``quad``: ``depth``) crosses the side of ``quad`` nearest to where it enters it."""
    inside = np.flatnonzero(depth > 0)
    first = int(inside[0]) if depth[0] <= 0 else int(inside[-1])
    entry = pts[first]
    u = _unit(pts[-1] - pts[0])
    best, angle = float("inf"), 90.0
    for a, b in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        side = _unit(b - a)
        t = float(np.clip(np.dot(entry - a, side), 0.0, np.linalg.norm(b - a)))
        dist = float(np.linalg.norm(entry - (a + side * t)))
        if dist < best:
            best = dist
            angle = math.degrees(math.acos(min(1.0, abs(float(np.dot(u, side))))))
    return angle


def side_through_a_corner(frame: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's side passes through a corner of the card outlined by ``quad`` (frame
    pixels) and runs on past it both ways, with that card's face beyond it: the outline's
    corner is where the other card's side cuts this card, not where this card ends. So looks
    a card whose very tip another card's side cuts off (a side through the tip, crowded
    tuning seeds 370017 and 370044), and a covered card's part in view cut straight along
    the covering card's side (that side running on past the corner along the outline's
    side). A top card's own sides end at its corners, and the sides of the
    cards under it that stick out past a corner have their face towards it. Seen as a
    straight edge (``_sides_copy``) through a corner (``_through_the_corner``)."""
    copy = _sides_copy(frame, quad)
    if copy is None:
        return False
    grey, local, face, segments = copy
    return any(
        _through_the_corner(grey, local, corner, s, face) for corner in local for s in segments
    )


def _through_the_corner(
    grey: np.ndarray, quad: np.ndarray, corner: np.ndarray, segment: np.ndarray, face: float
) -> bool:
    """The straight edge ``segment`` (x0, y0, x1, y1) passes through ``corner`` of ``quad``,
    running on both ways past it (one way may lie along a side), and one way outside the
    outline with a card's white beyond it on its side away from the card
    (``side_through_a_corner``)."""
    short = _dims_of(quad)[0]
    a, b = segment[:2].astype(np.float32), segment[2:].astype(np.float32)
    length = float(np.linalg.norm(b - a))
    if length < T.through_length * short:
        return False
    u = _unit(b - a)
    normal = np.array([-u[1], u[0]], np.float32)
    off = max(T.through_off_px, T.through_off_share * short)
    if abs(float(np.dot(corner - a, normal))) > off:
        return False  # its line passes wide of the corner
    at = float(np.dot(corner - a, u))  # where the corner lies along the edge
    least = T.through_run * short
    if min(at, length - at) < least:
        # It ends at the corner, or short of it: a side of a card under this one, stopping
        # at its edge, or its own side.
        return False
    angle = _angle_to_sides_at(quad, corner, u)
    if T.through_along_most < angle < T.across_angle and not _skewed_corner(quad, corner):
        # Neither along a side nor across the corner: a side of a card beside this one (or
        # under it) that runs near its side and passes its corner by chance. Not so where
        # the outline's corner is far off square: a covered card's part cut by that side.
        return False
    if float(np.dot(quad.mean(0) - corner, normal)) > 0:
        normal = -normal  # away from the card
    look = max(T.corner_at_look_px, T.corner_at_look_share * short)
    h, w = grey.shape
    # The white judged against this card's face by the corner when it is duller than the
    # whole face's (a light falling off across the card: crowded tuning seed 370017).
    x, y = (round(float(v)) for v in corner + _unit(quad.mean(0) - corner) * 2.0 * look)
    if not (1 <= x < w - 1 and 1 <= y < h - 1):
        return False
    white = _dull_white(face, float(np.median(grey[y - 1 : y + 2, x - 1 : x + 2])))
    for way, run in ((u, length - at), (-u, at)):
        middle = corner + way * (0.5 * run)
        if _depth(quad, middle) > -T.through_out_px:
            continue  # along a side of the card itself (its own edge)
        x, y = (round(float(v)) for v in middle + normal * look)
        if not (1 <= x < w - 1 and 1 <= y < h - 1):
            continue
        if float(np.median(grey[y - 1 : y + 2, x - 1 : x + 2])) >= T.corner_edge_level * white:
            return True
    return False


def side_through_a_corner_in_pieces(frame: np.ndarray, quad: np.ndarray) -> bool:
    """``side_through_a_corner`` for another card's side that the line detector found in two
    pieces broken at a corner of the outline ``quad`` (frame pixels): where that side runs
    over the covered card its one side shows this card's white, past the corner the table,
    and the edge changes there (crowded tuning seed 2510516, a 1 banana whose corner lies
    under a 3 lime's side: the side found up to the banana's corner and on from it). Two
    straight edges (``_sides_copy``) on one line, a short gap apart, the gap by a corner
    (``_pieces_at_a_corner``), are looked at as one edge through that corner
    (``_through_the_corner``), only across the corner's tip (``Tuning.across_angle`` off both
    its sides at least): one along a side is the card's own side run on by the side of a card
    under it in a neat pile (crowded tuning seed 2512505, a 1 lime read right was doubted so).
    A top card's own side ends at its corner, and a side of a card under it that sticks out
    past the corner has its face towards it."""
    copy = _sides_copy(frame, quad)
    if copy is None:
        return False
    grey, local, face, segments = copy
    return any(
        _angle_to_sides_at(local, corner, _unit(joined[2:] - joined[:2])) >= T.across_angle
        and _through_the_corner(grey, local, corner, joined, face)
        for joined, corner in _pieces_at_a_corner(local, segments)
    )


def _pieces_at_a_corner(
    quad: np.ndarray, segments: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Pairs of the straight edges ``segments`` (rows of x0, y0, x1, y1) that lie on one line
    (``Tuning.through_piece_angle``, ``Tuning.through_piece_off``), end to end with a gap of
    ``Tuning.through_piece_gap`` at most whose middle lies within ``Tuning.through_piece_near``
    of a corner of ``quad`` (all shares of its short side): (the one edge from the far end
    of one to the far end of the other, that corner)."""
    short = _dims_of(quad)[0]
    pieces = [
        (s[:2].astype(np.float32), s[2:].astype(np.float32))
        for s in segments
        if float(np.linalg.norm(s[2:] - s[:2])) >= T.through_piece_least * short
    ]
    least_cos = math.cos(math.radians(T.through_piece_angle))
    out = []
    for i, (a, b) in enumerate(pieces):
        u = _unit(b - a)
        normal = np.array([-u[1], u[0]], np.float32)
        for c, d in pieces[i + 1 :]:
            if abs(float(np.dot(u, _unit(d - c)))) < least_cos:
                continue
            if max(abs(float(np.dot(p - a, normal))) for p in (c, d)) > T.through_piece_off * short:
                continue
            first = sorted((0.0, float(np.dot(b - a, u))))
            second = sorted((float(np.dot(c - a, u)), float(np.dot(d - a, u))))
            if first[1] <= second[0]:
                gap = (first[1], second[0])
            elif second[1] <= first[0]:
                gap = (second[1], first[0])
            else:
                continue  # overlapping: not two pieces of one broken edge
            if gap[1] - gap[0] > T.through_piece_gap * short:
                continue
            middle = a + u * (0.5 * (gap[0] + gap[1]))
            near = np.linalg.norm(quad - middle, axis=1)
            k = int(np.argmin(near))
            if float(near[k]) > T.through_piece_near * short:
                continue
            ends = min(first[0], second[0]), max(first[1], second[1])
            joined = np.r_[a + u * ends[0], a + u * ends[1]].astype(np.float32)
            out.append((joined, quad[k]))
    return out


def _skewed_corner(quad: np.ndarray, corner: np.ndarray) -> bool:
    """The outline ``quad``'s angle at ``corner`` (one of its points) is at least
    ``Tuning.through_skew_least`` degrees off square (``_through_the_corner``)."""
    i = int(np.argmin(np.linalg.norm(quad - corner, axis=1)))
    a, b = _unit(quad[(i + 1) % 4] - quad[i]), _unit(quad[i - 1] - quad[i])
    angle = math.degrees(math.acos(min(1.0, max(-1.0, float(np.dot(a, b))))))
    return abs(angle - 90.0) >= T.through_skew_least


def _angle_to_sides_at(quad: np.ndarray, corner: np.ndarray, u: np.ndarray) -> float:
    """The smaller angle (degrees, 0 to 90) between the direction ``u`` and the two sides of
    ``quad`` that meet at ``corner`` (one of its points)."""
    i = int(np.argmin(np.linalg.norm(quad - corner, axis=1)))
    sides = (quad[(i + 1) % 4] - quad[i], quad[i - 1] - quad[i])
    cosines = [abs(float(np.dot(u, _unit(side)))) for side in sides]
    return math.degrees(math.acos(min(1.0, max(cosines))))


def _dull_white(face: float, here: float) -> float:
    """The white a card's face shows ``here`` (a brightness seen on it near an edge), when
    duller than ``face`` (its brightest quarter) under a light falling off across the card;
    but no less than ``Tuning.dull_face_least`` of ``face``: where an outline a few pixels off
    a card has a corner on the table (a brick table's pale mortar, crowded tuning seed
    370067), the table's brightness is not the card's white."""
    return max(min(face, here), T.dull_face_least * face)


def corner_inside_the_outline(frame: np.ndarray, quad: np.ndarray) -> bool:
    """Another card's corner lies inside the outline ``quad`` (frame pixels), its two sides
    running from there out to the outline's side: that card lies over this one, which is not
    whole in view (its part in view cut straight by a third card's side may still be a clean
    card shape). Seen as two straight edges (``_sides_copy``) that meet at a card's angle
    ``Tuning.corner_inside_least`` to ``Tuning.corner_inside_most`` of the short side deep,
    each with its other end at the side or past it (``_corner_inside``). The corners of the
    cards under a top card are hidden under it, and its print has no straight sides that
    reach its edge."""
    copy = _sides_copy(frame, quad)
    if copy is None:
        return False
    grey, local, _, segments = copy
    short = _dims_of(local)[0]
    edges = []  # (end inside, end at the side) of edges that run in from the side
    for seg in segments:
        a, b = seg[:2].astype(np.float32), seg[2:].astype(np.float32)
        da, db = _depth(local, a), _depth(local, b)
        deep, side, d_deep, d_side = (a, b, da, db) if da >= db else (b, a, db, da)
        if d_deep >= T.corner_inside_least * short and d_side <= T.corner_inside_side * short:
            edges.append((deep, side))
    return any(
        _corner_inside(local, edges[i], edges[j])
        for i in range(len(edges))
        for j in range(i + 1, len(edges))
    )


def _corner_inside(
    quad: np.ndarray, e: tuple[np.ndarray, np.ndarray], f: tuple[np.ndarray, np.ndarray]
) -> bool:
    """The edges ``e`` and ``f`` (end inside, end at the side) are two sides of one card
    whose corner lies inside ``quad``: they meet at a card's angle, both inner ends close to
    where they meet, that point ``Tuning.corner_inside_least`` to ``corner_inside_most`` of
    the short side deep, and both run away from it."""
    short = _dims_of(quad)[0]
    u = _unit(e[1] - e[0])
    v = _unit(f[1] - f[0])
    if abs(float(np.dot(u, v))) > math.cos(math.radians(T.corner_at_angle_least)):
        return False  # not a card's corner: nearly one line, or nearly opposite
    tip = _meeting(e[0], u, f[0], v)
    if tip is None:
        return False
    depth = _depth(quad, tip)
    if not T.corner_inside_least * short <= depth <= T.corner_inside_most * short:
        return False
    gap = max(T.corner_at_gap_px, T.corner_at_gap_share * short)
    if np.linalg.norm(e[0] - tip) > gap or np.linalg.norm(f[0] - tip) > gap:
        return False
    return float(np.dot(e[1] - tip, u)) > 0 and float(np.dot(f[1] - tip, v)) > 0

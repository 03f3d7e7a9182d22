"""One zone: its read area at the working card scale, the first look and the doubts on the way."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from halli_pi.vision.layout import margin_box
from halli_pi.vision.outline import EdgeMaps
from halli_pi.vision.reader.arms import (
    _bright_within,
    _faces_without_white,
    _foreign_fraction,
    _skin_fraction,
)
from halli_pi.vision.reader.card import CardRead, read_card_image, wide_pair_clipped_at_its_middle
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import (
    _white_mask,
    evened_read_area,
    exposure,
    steady,
    white_on_pale_table,
)
from halli_pi.vision.reader.outlines import (
    _FITTED,
    _another_card_across_steps,
    _at_work_scale,
    _Cand,
    _candidates,
    _card_beyond,
    _edge_map,
    _face_ab,
    _fit_known_size,
    _off_centre,
    _refine_steps,
    _refined_outlines,
    _room_for_another,
    _search_steps,
    _straight_sides,
    _unit,
    bitten_lone_candidates,
    cut_short_under_another_card_steps,
    lone_candidates,
    search_darkest_steps,
    sheared_outlines,
    side_across_its_white,
    sides_across,
    whole_card_there_covered_steps,
)
from halli_pi.vision.reader.profile import Profile, load_profile
from halli_pi.vision.reader.reading import (
    CARD_ASPECT,
    Reading,
    State,
    _dims_of,
    _inside,
    _percentile_u8,
    _warp,
)
from halli_pi.vision.reader.symbols import seam_across
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.steps import Steps, run

# The reader's kernels, margins and thresholds are set for a card of about this short side in
# pixels (a 640x480 view of a table for six): zones are read at this scale, whatever the camera.
WORK_CARD_SHORT = T.work_card_short


# Zones are drawn around a pile a little larger than a card: a card's short side is about this
# share of the side of a square of the zone's area (so a zone of any size is scaled alike).
CARD_SHORT_PER_ZONE_SIDE = T.card_short_per_zone_side


# Within this ratio of the working scale a crop is read as it is (no resampling blur).
_SCALE_SLACK = T.scale_slack


@dataclass(frozen=True)
class _WorkView:
    """A zone's read area resampled to the working card scale, and the way back."""

    image: np.ndarray
    zone: np.ndarray  # the zone in ``image`` pixels
    origin: np.ndarray  # where ``image`` starts in the frame
    k: np.ndarray  # image pixels per frame pixel, (x, y)
    noise: float = 0.0  # a sensor's noise, as a share of card white, when it was smoothed
    # A straightened view: the affine map (2 x 3) from frame to image pixels, which also
    # undoes a tilted camera's squeeze (``origin`` and ``k`` then describe its scale only).
    m: np.ndarray | None = None
    # A rectified view: the homography (3 x 3) from frame to image pixels that undoes a
    # tilted camera's whole perspective (``origin`` and ``k`` then describe its scale only).
    h: np.ndarray | None = None

    @property
    def scale(self) -> float:
        return float(math.sqrt(self.k[0] * self.k[1]))

    def to_frame(self, r: Reading) -> Reading:
        if r.corners is None:
            return r
        area = r.area / float(self.k[0] * self.k[1])
        if self.h is not None:
            back = np.linalg.inv(self.h)
            corners = cv2.perspectiveTransform(_points(r.corners), back)
            corners = corners.reshape(-1, 2).astype(np.float32)
            return replace(r, corners=corners, area=abs(float(cv2.contourArea(corners))))
        if self.m is not None:
            back = cv2.invertAffineTransform(self.m)
            corners = np.asarray(r.corners, np.float32) @ back[:, :2].T + back[:, 2]
            return replace(r, corners=corners.astype(np.float32), area=area)
        return replace(r, corners=r.corners / self.k + self.origin, area=area)

    def from_frame(self, corners: np.ndarray) -> np.ndarray:
        if self.h is not None:
            return cv2.perspectiveTransform(_points(corners), self.h).reshape(-1, 2)
        if self.m is not None:
            c = np.asarray(corners, np.float32)
            return (c @ self.m[:, :2].T + self.m[:, 2]).astype(np.float32)
        return (np.asarray(corners, np.float32) - self.origin) * self.k


def _straight_view(
    frame: np.ndarray, zone: np.ndarray, short: float, straighten: np.ndarray
) -> _WorkView | None:
    """The zone's read area at the working scale with a tilted camera's squeeze undone
    (``straighten``: 2 x 2, area kept): cards there are rectangles of a card's proportions
    again, for the searches that place card-shaped rectangles."""
    scale = WORK_CARD_SHORT / max(short, 1.0)
    H, W = frame.shape[:2]
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * 0.35, (y1 - y0) * 0.35  # the squeeze moves corners: more margin
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(W, x1 + mx + 1)), int(min(H, y1 + my + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    a = (scale * np.asarray(straighten, np.float64)).astype(np.float32)
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32) @ a.T
    lo, hi = box.min(0), box.max(0)
    size = (max(8, int(np.ceil(hi[0] - lo[0]))), max(8, int(np.ceil(hi[1] - lo[1]))))
    shift = a @ np.array([x0, y0], np.float32) - lo  # the crop's origin, in the image
    src = frame[y0:y1, x0:x1]
    m = np.hstack([a, shift[:, None]]).astype(np.float32)
    if scale < 1:
        # Area averaging first when shrinking (no aliasing of the print).
        src = cv2.resize(src, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        m = np.hstack([np.asarray(straighten, np.float32), shift[:, None]]).astype(np.float32)
    image = cv2.warpAffine(src, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    full = np.hstack([a, (-lo)[:, None]]).astype(np.float32)  # frame to image
    k = np.array([scale, scale], np.float32)
    # In low light a straightened view is smoothed and lifted as any other read area (and a
    # card read in too much noise is not claimed there either), its noise judged on the
    # pixels the warp resampled: its interpolation blends each pixel's noise with its
    # neighbours', which the second difference then hardly sees (tuning dark own seed
    # 2182001 seat 2, a 1 plum: 2.7 grey levels judged on the view, 8.4 on the frame, where
    # the card white is 45; smoothed for the lesser, no whole card was found).
    lit = steady(image, exposure(frame), sensor=src)
    noise = 0.0
    if lit is not None:
        image, noise = lit
    view = _WorkView(image, zone, np.zeros(2, np.float32), k, noise=noise, m=full)
    return replace(view, zone=view.from_frame(zone))


def _points(corners: np.ndarray) -> np.ndarray:
    """Points as ``cv2.perspectiveTransform`` takes them (N x 1 x 2, float64)."""
    return np.asarray(corners, np.float64).reshape(-1, 1, 2)


def _rectified_view(frame: np.ndarray, zone: np.ndarray, rectify: np.ndarray) -> _WorkView | None:
    """The zone's read area with a tilted camera's whole perspective undone: ``rectify``
    (3 x 3) maps frame pixels to the table's plane, where every card is a rectangle of
    ``CARD_ASPECT`` by 1. The view shows that plane with a card's short side
    ``WORK_CARD_SHORT`` pixels long: there a card is a card-sized rectangle wherever it lies
    (an affine straightening leaves a steep tilt's far cards sheared). None when the read
    area, so mapped, is far larger than a zone holds (``Tuning.rectified_most``: a zone near
    the table's horizon, where the map runs away)."""
    H, W = frame.shape[:2]
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * 0.3, (y1 - y0) * 0.3  # as ``_work_view``'s margin
    x0, y0 = max(0.0, x0 - mx), max(0.0, y0 - my)
    x1, y1 = min(W - 1.0, x1 + mx), min(H - 1.0, y1 + my)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    unit = WORK_CARD_SHORT / CARD_ASPECT  # view pixels per card length
    h = np.diag([unit, unit, 1.0]) @ np.asarray(rectify, np.float64)
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    ends = np.hstack([box, np.ones((4, 1))]) @ h.T
    if not (ends[:, 2] > 0).all() and not (ends[:, 2] < 0).all():
        return None  # the read area crosses the horizon
    mapped = cv2.perspectiveTransform(_points(box), h).reshape(-1, 2)
    lo, hi = mapped.min(0), mapped.max(0)
    if float(np.prod(hi - lo)) > T.rectified_most * unit * unit:
        return None
    h = np.array([[1, 0, -lo[0]], [0, 1, -lo[1]], [0, 0, 1]], np.float64) @ h
    size = (max(8, int(np.ceil(hi[0] - lo[0]))), max(8, int(np.ceil(hi[1] - lo[1]))))
    image = cv2.warpPerspective(
        frame, h, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    # In low light a rectified view is smoothed and lifted as any other read area.
    lit = steady(image, exposure(frame))
    noise = 0.0
    if lit is not None:
        image, noise = lit
    view = _WorkView(image, zone, np.zeros(2, np.float32), np.ones(2, np.float32), noise, h=h)
    return replace(view, zone=view.from_frame(zone).astype(np.float32))


def _work_view(frame: np.ndarray, zone: np.ndarray, short: float) -> _WorkView | None:
    """The zone's read area at the working scale, for a card whose short side is ``short``
    frame pixels (the frame itself when it is near that scale already); None when the zone
    lies outside the frame."""
    scale = WORK_CARD_SHORT / max(short, 1.0)
    H, W = frame.shape[:2]
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * 0.3, (y1 - y0) * 0.3  # more than the read's own margin
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(W, x1 + mx + 1)), int(min(H, y1 + my + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    origin = np.array([x0, y0], np.float32)
    area = _contiguous(frame[y0:y1, x0:x1])
    if 1 / _SCALE_SLACK <= scale <= _SCALE_SLACK:
        # Read as it is; in low light, the read area alone is smoothed and lifted.
        lit = steady(area, exposure(frame))
        if lit is None:
            return _WorkView(frame, zone, np.zeros(2, np.float32), np.ones(2, np.float32))
        return _WorkView(lit[0], zone - origin, origin, np.ones(2, np.float32), lit[1])
    size = (max(8, round((x1 - x0) * scale)), max(8, round((y1 - y0) * scale)))
    # Area averaging when shrinking (no aliasing of the print), cubic when enlarging.
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    image = cv2.resize(area, size, interpolation=interp)
    # Enlarged, its noise is judged on the frame's pixels, as a straightened view's; shrunk
    # by area averaging, on the view's own (the averaging took noise away).
    lit = steady(image, exposure(frame), sensor=area if scale > 1 else None)
    k = np.array([size[0] / (x1 - x0), size[1] / (y1 - y0)], np.float32)
    if lit is None:
        return _WorkView(image, (zone - origin) * k, origin, k)
    return _WorkView(lit[0], (zone - origin) * k, origin, k, lit[1])


def evened_around(frame: np.ndarray, zone: np.ndarray) -> np.ndarray | None:
    """A copy of ``frame`` with the read area around ``zone`` (as ``_work_view`` takes it)
    evened out (``light.evened_read_area``), or None when the light changes little over it."""
    H, W = frame.shape[:2]
    z = np.asarray(zone, np.float32).reshape(-1, 2)
    x0, y0 = z.min(0)
    x1, y1 = z.max(0)
    mx, my = (x1 - x0) * 0.3, (y1 - y0) * 0.3  # as ``_work_view``'s margin
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(W, x1 + mx + 1)), int(min(H, y1 + my + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    area = evened_read_area(frame[y0:y1, x0:x1])
    if area is None:
        return None
    out = frame.copy()
    out[y0:y1, x0:x1] = area
    return out


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
    bitten: bool = False,
) -> Reading:
    """Read the top card of the pile in ``zone`` (polygon, image pixels). ``expect_dims``
    (short, long side in pixels, e.g. from other cards of the frame) lets it find a top card
    whose white runs into the cards under it; ``search_dims`` (the same, less sure) only
    lets it search for an outline on full-length edges, read strictly. ``defer_checks``
    leaves the costly two-cards check of a clean outline to ``check_reading`` (the reading
    says ``checked=False``), so a tracker can spread a card's read over two frames.
    ``bitten``: the policy's look after every other (``read_zone_steps``).

    Any zone size works: the zone (with room for the card to overhang it) is resampled so
    the card is about ``WORK_CARD_SHORT`` pixels wide, read there, and the corners and area
    are given back in the frame's pixels."""
    return run(
        read_zone_steps(
            frame,
            zone,
            profile,
            expect_area=expect_area,
            expect_dims=expect_dims,
            dims_tol=dims_tol,
            search_dims=search_dims,
            defer_checks=defer_checks,
            bitten=bitten,
        )
    )


def read_zone_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None = None,
    *,
    expect_area: float | None = None,
    expect_dims: tuple[float, float] | None = None,
    dims_tol: float = 0.12,
    search_dims: tuple[float, float] | None = None,
    defer_checks: bool = False,
    straighten: np.ndarray | None = None,
    steep: bool = False,
    rectify: np.ndarray | None = None,
    edges_only: bool = False,
    darkest: bool = False,
    bitten: bool = False,
) -> Steps[Reading]:
    """``read_zone`` in steps (``vision.steps``): the first look is one step, each costly
    part after it (an edge search, a strict read) one more. The same reading as ``read_zone``.
    ``steep``: a second look that lets in an outline squeezed past the usual tilt, of the
    size expected there, read strictly (``Tuning.steep_squeeze``). ``rectify``: a second
    look in the table's plane (``_rectified_view``), where a card's size is known exactly:
    ``expect_area`` and ``expect_dims`` then only say that a card of that size is looked
    for. ``edges_only``: no outline of the card white is read, only one found on the card's
    edges (all four sides whole, read strictly): a look again at a card whose white's outline
    was doubted. ``darkest``: as ``edges_only``, on the edges of each pixel's darkest channel
    alone (``outlines.search_darkest_steps``): a last look where every other found no whole
    card. ``bitten``: the first look again, where it framed nothing, with a lone card's box
    that low light bit into let in (``outlines.bitten_lone_candidates``) where its other
    outlines, refined and searched, find no card: the policy's look after every other
    (``policy._bitten_look``); "no whole card" at once where no such box is framed."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    short = _expected_short(zone, expect_area, expect_dims or search_dims)
    if rectify is not None:
        view = _rectified_view(frame, zone, rectify)
        card = (WORK_CARD_SHORT, WORK_CARD_SHORT / CARD_ASPECT)
        expect_dims = card if expect_dims is not None else None
        search_dims = card if search_dims is not None else None
        expect_area = card[0] * card[1] if expect_area else None
    elif straighten is not None:
        known = expect_dims or search_dims
        if known is not None:
            short = math.sqrt(known[0] * known[1] * CARD_ASPECT)  # straightened, a card's
        view = _straight_view(frame, zone, short, straighten)
    else:
        view = _work_view(frame, zone, short)
    if view is None:
        return Reading.of_doubt(Doubt.ZONE_OUTSIDE_IMAGE)
    k = view.scale

    def dims(d: tuple[float, float] | None) -> tuple[float, float] | None:
        if d is None or rectify is not None:
            return d
        if straighten is not None:
            # Straightened, the card has a card's proportions whatever the squeeze made it.
            area = d[0] * d[1] * k * k
            return (math.sqrt(area * CARD_ASPECT), math.sqrt(area / CARD_ASPECT))
        return (d[0] * k, d[1] * k)

    r = yield from _read_zone_steps(
        view.image,
        view.zone,
        profile,
        expect_area=expect_area * k * k if expect_area else None,
        expect_dims=dims(expect_dims),
        dims_tol=dims_tol,
        search_dims=dims(search_dims),
        defer_checks=defer_checks,
        steep=steep,
        edges_only=edges_only,
        darkest=darkest,
        noisy=view.noise >= T.noisy,
        as_seen=straighten is None and rectify is None,
        bitten=bitten,
    )
    if r.state == State.CARD and r.corners is not None and view.noise >= T.noisy:
        doubt = low_light_doubt(view.image, r.corners, view.noise, refined=r.why == "refined")
        if doubt is not None:
            r = Reading.of_doubt(doubt, corners=r.corners, area=r.area)
    if r.framed is not None:
        # The outline the doubt "no whole card" names, in the frame's pixels as well; none in
        # low light's noise, where an outline read no card on is no sure frame of the card.
        framed = None if view.noise >= T.noisy else view.to_frame(r.framed)
        r = replace(r, framed=framed)
    return view.to_frame(r)


def low_light_doubt(
    image: np.ndarray, corners: np.ndarray, noise: float, *, refined: bool = False
) -> Doubt | None:
    """Why a card read in a view smoothed for low light (``image``, its outline ``corners``,
    the view's ``noise`` as a share of card white; ``refined`` when the outline was moved
    onto edges near a first one, ``outlines._refine_steps``) is not claimed; None when it
    may be."""
    if noise > T.noise_most:
        # Smoothing took the noise away, and with it the thin shadows between cards and the
        # shapes of symbols that touch: a card read in this much noise is not claimed.
        return Doubt.LOST_IN_NOISE
    seam = seam_across(_warp(image, corners))
    if seam >= (T.seam_score_refined if refined else T.seam_score):
        # The shadow of another card's side across the face, too faint in the noise for the
        # face's own edge check: the outline holds parts of two cards. (An outline refined
        # onto edges may have one side on the card below, another across the top card's
        # face: a fainter seam is doubted there.)
        return Doubt.EDGE_ACROSS
    if side_off_the_card(image, corners):
        # A stretch of the outline over the table beside the card, its side lost in the
        # noise: lifted from the dark, a strip of table inside the outline reads as print.
        return Doubt.SIDE_OFF_THE_CARD
    return None


# Lines parallel to a side, this many pixels inward of it, that a card's face is looked for
# on (an outline fitted to a card's side lies within a pixel or two of it; a symbol near the
# side leaves some of those lines face white).
_INWARD = np.arange(1, 5, dtype=np.float32)


def side_off_the_card(image: np.ndarray, corners: np.ndarray) -> bool:
    """Some stretch of the outline ``corners`` on ``image`` (each side cut in
    ``Tuning.side_parts``) lies off the card: even the brightest of the lines just inside it
    (means along the stretch) is darker than ``Tuning.side_face`` of the card's white."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    quad = np.asarray(corners, np.float32).reshape(4, 2)
    white = _percentile_u8(cv2.cvtColor(_warp(image, quad), cv2.COLOR_BGR2GRAY), 75)
    centre = quad.mean(0)
    for i in range(4):
        lines = _lines_inside(grey, quad[i], quad[(i + 1) % 4], centre)
        for part in np.array_split(lines, T.side_parts):
            if float(part.mean(0).max()) < T.side_face * white:
                return True
    return False


def _lines_inside(grey: np.ndarray, p: np.ndarray, q: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """``grey`` sampled on lines parallel to the side ``p``-``q``, ``_INWARD`` pixels inside
    it (a row per point along the side, its ends left out: the corners round off)."""
    length = float(np.linalg.norm(q - p))
    along = (q - p) / max(length, 1e-6)
    inward = np.array([-along[1], along[0]], np.float32)
    if float(np.dot(centre - (p + q) / 2, inward)) < 0:
        inward = -inward
    ts = np.linspace(0.1, 0.9, max(3 * T.side_parts, round(0.8 * length)), dtype=np.float32)
    pts = p + ts[:, None, None] * (q - p) + _INWARD[None, :, None] * inward
    return cv2.remap(
        grey, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def check_reading(
    frame: np.ndarray, zone: np.ndarray, reading: Reading, profile: Profile | None = None
) -> Reading:
    """Run the checks ``read_zone(..., defer_checks=True)`` left out on its reading of this
    frame's ``zone``: the reading as it is, checked, or ``unknown`` with the doubt."""
    return run(check_reading_steps(frame, zone, reading, profile))


def check_reading_steps(
    frame: np.ndarray, zone: np.ndarray, reading: Reading, profile: Profile | None = None
) -> Steps[Reading]:
    """``check_reading`` in steps (``vision.steps``)."""
    if reading.checked or reading.state != State.CARD or reading.corners is None:
        return reading
    profile = profile or load_profile("classic")
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    view = _work_view(frame, zone, _dims_of(reading.corners)[0])
    if view is None:
        return Reading.of_doubt(Doubt.ZONE_OUTSIDE_IMAGE)
    crop, origin = _read_area(view.image, view.zone)
    quad = (view.from_frame(reading.corners) - np.array(origin, np.float32)).astype(np.float32)
    if (yield from _another_card_across_steps(view.image, crop, quad, origin, profile)):
        doubt = Doubt.TWO_CARDS_EITHER_ON_TOP
        return replace(
            reading, state=State.UNKNOWN, card=None, confidence=0.0, why=doubt.said(), doubt=doubt
        )
    return replace(reading, checked=True)


def steep_outline(frame: np.ndarray, zone: np.ndarray) -> np.ndarray | None:
    """The outline (frame pixels) of the card white in ``zone`` that a tilt past the usual one
    squeezed (down to ``Tuning.steep_squeeze``), as the first look sees it at the working
    scale the zone's size guesses: the evidence of a steep tilt a frame whose first looks
    read no card gives (``policy``: it is read strictly, and only tells other looks the
    card's size and squeeze). None when there is none."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    view = _work_view(frame, zone, _expected_short(zone, None, None))
    look = None if view is None else first_look(view.image, view.zone)
    if view is None or look is None:
        return None
    lo, hi = look.zone_area * 0.08, look.zone_area * 1.2  # as the first look's
    cands = [
        c
        for c in _candidates(look.white, lo, hi, fit_corners=True, least=T.steep_squeeze)
        if c.steep and _inside(c.corners.mean(0), look.local)
    ]
    if not cands:
        return None
    best = max(cands, key=lambda c: (round(c.rectness, 2), c.area))
    corners = (best.corners + np.array(look.origin, np.float32)) / view.k + view.origin
    return corners.astype(np.float32)


def _read_area(frame: np.ndarray, zone: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """The part of the frame read for ``zone`` (cards overhang their zone: a margin around
    it), and where it starts."""
    H, W = frame.shape[:2]
    x0, y0, x1, y1 = margin_box(zone, (W, H), 0.2)
    return _contiguous(frame[y0:y1, x0:x1]), (x0, y0)


def _contiguous(part: np.ndarray) -> np.ndarray:
    """A part of an image in memory of its own, row after row: OpenCV works on a strided part
    row by row, several times slower (splitting a read area's channels: 0.12 ms strided,
    0.015 ms contiguous, with the copy 0.014 ms more; rendered films, 640x480). Every later
    look at a read area works on it."""
    return np.ascontiguousarray(part)


@dataclass(frozen=True)
class FirstLook:
    """What every reading of a zone starts from: its read area, the zone in it, and the card
    white found there (shared by the Halli Galli and the Hawaiki readers)."""

    crop: np.ndarray
    origin: tuple[int, int]  # where ``crop`` starts in the image
    local: np.ndarray  # the zone in ``crop`` pixels
    zone_area: float
    white: np.ndarray
    illum: np.ndarray | None
    white_in: float  # share of the zone that is card white
    # The white was told from a pale table fitted as a plane (light.white_on_pale_table):
    # the faces a hand's shadow darkens on such a table do not pass for white.
    pale_table: bool = False


def white_past_border(
    img: np.ndarray, pads: tuple[int, int, int, int]
) -> tuple[np.ndarray, np.ndarray | None]:
    """Card white in ``img`` as if the table went on past its border by ``pads`` (top, bottom,
    left, right pixels): a card that fills most of a view is white against the table around
    it, which a view cut short by the image's border lacks. The table's colour is taken from
    the darker half of the view's own border. No white when nothing is cut short."""
    h, w = img.shape[:2]
    if not any(pads) or h < 4 or w < 4:
        return np.zeros((h, w), np.uint8), None
    rim = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]]).astype(np.int16)
    v = rim.max(1)
    table = np.median(rim[v <= np.median(v)], axis=0)
    top, bottom, left, right = pads
    big = cv2.copyMakeBorder(
        img, top, bottom, left, right, cv2.BORDER_CONSTANT, value=[float(c) for c in table]
    )
    white, illum = _white_mask(big)
    return np.ascontiguousarray(white[top : top + h, left : left + w]), illum


def first_look(image: np.ndarray, zone: np.ndarray) -> FirstLook | None:
    """The first look at ``zone`` of ``image``; None when too little of it is in the image."""
    crop, (x0, y0) = _read_area(image, zone)
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return None
    local = (zone - np.array([x0, y0], np.float32)).astype(np.float32)
    zone_area = float(cv2.contourArea(local))
    white, illum = _white_mask(crop)
    if illum is None:
        # A card filling most of a view that the image's border cuts short: looked at again
        # with the table it lies on carried on past the border.
        x1, y1 = x0 + crop.shape[1], y0 + crop.shape[0]
        zx0, zy0 = zone.min(0)
        zx1, zy1 = zone.max(0)
        mx, my = (zx1 - zx0) * 0.2, (zy1 - zy0) * 0.2
        pads = (
            max(0, round(y0 - (zy0 - my))),
            max(0, round(zy1 + my - y1)),
            max(0, round(x0 - (zx0 - mx))),
            max(0, round(zx1 + mx - x1)),
        )
        white, illum = white_past_border(crop, pads)
    pale_table = False
    if illum is None:
        # A pale table, perhaps lit from one side: card white stands above it, though not
        # above what the view's darker fifth shows (light.white_on_pale_table).
        white, illum = white_on_pale_table(crop)
        pale_table = illum is not None
    zmask = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(zmask, [local.astype(np.int32)], 255)
    white_in = float(cv2.countNonZero(white & zmask)) / max(zone_area, 1.0)
    return FirstLook(crop, (x0, y0), local, zone_area, white, illum, white_in, pale_table)


def _squat_beside_an_arm(
    crop: np.ndarray, local: np.ndarray, white: np.ndarray, quad: np.ndarray
) -> bool:
    """The outline is squatter than a card's (its short side over its long one
    ``Tuning.squat_outline`` or more), and an arm comes into the zone
    (``Tuning.foreign_occluded`` of it or more, come from outside): a straight sleeve across
    a card cuts its white short along the sleeve's edge, and the part in view can pass for
    a whole card (tuning pale own seed 3009 seat 0: a 2 strawberry under a sleeve, its
    outline 0.80 of a card's long side for its short one, read as 3 strawberry)."""
    short, long_ = _dims_of(quad)
    if short < T.squat_outline * long_:
        return False
    return _foreign_fraction(crop, local, white) >= T.foreign_occluded


# A card's size is known (other cards in the frame showed it) when a look is told it within
# this share a side or closer; the zone's own guess leaves each side free by 0.3.
_KNOWN_SIZE_TOL = 0.15

# The ``why`` of a card claimed on an outline ``_squat_fitted_to_a_guess`` framed.
SQUAT_FITTED_TO_A_GUESS = "an outline fitted squat to a guessed size"


def _squat_fitted_to_a_guess(best: _Cand, dims_tol: float) -> bool:
    """The outline was fitted into the white to a size guessed loosely (``dims_tol`` over
    ``_KNOWN_SIZE_TOL``: the zone's guess, each side free by 0.3), and
    it is squatter than a card's (its short side ``Tuning.squat_outline`` of its long one or
    more): each far side is found by itself, and one may stop on an edge across the card's
    face. Tuning phone_dim clone 2273003 seat 2: a 3 strawberry + 1 plum, its upper row under
    a lamp's reflection, outlined on its lower row alone (0.82, the long side 0.83 of the
    guess), read 1 strawberry + 1 plum. Fitted outlines claimed on tuning clone scenes of
    every style (seeds 2255000 to 2276011) and on tuning seeds 2030000 (six styles) and
    2031000 (every style), 259 claims: 0.74 at most, 0.68 at most on a size so guessed. A
    tilted camera squeezes a whole card so too (tuning tilt_hard deluxe seed 2289001 seat 1,
    0.82): the zone policy doubts the card only where no other card is read to judge it."""
    if best.rectness != _FITTED or dims_tol <= _KNOWN_SIZE_TOL:
        return False
    short, long_ = _dims_of(best.corners)
    return short >= T.squat_outline * long_


def _read_zone_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None = None,
    *,
    expect_area: float | None = None,
    expect_dims: tuple[float, float] | None = None,
    dims_tol: float = 0.12,
    search_dims: tuple[float, float] | None = None,
    defer_checks: bool = False,
    steep: bool = False,
    edges_only: bool = False,
    darkest: bool = False,
    noisy: bool = False,
    as_seen: bool = True,  # ``frame`` shows the table as the camera does, not straightened
    bitten: bool = False,
) -> Steps[Reading]:
    profile = profile or load_profile("classic")
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    look = first_look(frame, zone)
    if look is None:
        return Reading.of_doubt(Doubt.ZONE_OUTSIDE_IMAGE)
    crop, (x0, y0), local, zone_area = look.crop, look.origin, look.local, look.zone_area
    white, illum, white_in = look.white, look.illum, look.white_in
    if expect_area:
        lo, hi = expect_area * 0.7, expect_area * 1.35
    else:
        lo, hi = zone_area * 0.08, zone_area * 1.2
    cands = [
        c for c in _candidates(white, lo, hi, fit_corners=True) if _inside(c.corners.mean(0), local)
    ]
    known = expect_dims or search_dims
    if steep and not cands and known is not None:
        cands = _steep_candidates(white, local, known)
    cands = cands or lone_candidates(crop, white, local, lo, hi)
    # The policy's last look (``bitten``): a lone card low light bit into, framed only where
    # this zone's other looks framed nothing (kept for the end of them here).
    bitten_cands = [] if cands or not bitten else bitten_lone_candidates(look, lo, hi)
    if bitten and not bitten_cands:
        return Reading.of_doubt(Doubt.NO_WHOLE_CARD)
    if edges_only or darkest:
        cands = []  # the white's outlines were doubted: the edges alone are searched
    # The card's size, when other cards showed it: what a second look at a doubtful outline
    # needs (a guess from the zone alone is too loose for it).
    size: tuple[tuple[float, float], float] | None = None
    if expect_dims is not None and dims_tol <= _KNOWN_SIZE_TOL:
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
    # The first look ends here, before any costlier look (the face's read, an arm's, a fit):
    # a look that a moving hand makes useless on the next frame then costs little.
    yield
    if not cands and expect_dims is not None and white_in >= 0.04:
        fitted = _fit_known_size(crop, white, expect_dims, local, dims_tol)
        if fitted is not None:
            cands = [fitted]
    if not cands:
        if white_in < 0.04:
            if _faces_without_white(crop, local):
                # A pile filling its read area: no table to judge card white against.
                return Reading.of_doubt(Doubt.FACES_WITHOUT_WHITE)
            # No card here, so nothing printed to mistake for an arm: anything unlike the
            # table counts (a dark arm on a dark table is unlike it only in patches).
            foreign = _foreign_fraction(crop, local, arms=False)
            if foreign > T.foreign_occluded:
                if _bright_within(crop, local):
                    # Unless it is brighter than the table and comes from nowhere outside:
                    # no arm is seen, and most often it is a card whose white was not found
                    # (a dim view, a lamp's reflection on it).
                    return Reading.of_doubt(Doubt.BRIGHT_WITHIN_NO_ARM_SEEN)
                if _foreign_fraction(crop, local) <= T.arm_evidence:
                    # Nor when none of it comes from outside the read area, as an arm does:
                    # most often a card on a pale table lit to the sensor's top, its print
                    # and rim unlike the clipped table, its white not told from it.
                    return Reading.of_doubt(Doubt.UNLIKE_TABLE_NO_ARM_SEEN)
                return Reading.of_doubt(Doubt.ARM_OVER_EMPTY_ZONE, confidence=min(1.0, foreign * 3))
            return Reading(
                State.EMPTY, confidence=min(1.0, 1.0 - white_in * 10), why="no card white"
            )
        if _foreign_fraction(crop, local, arms=False) < 0.5 * T.foreign_occluded:
            # All of a piece with the table around it: the "white" is a pale table's own.
            return Reading(State.EMPTY, confidence=0.6, why="a pale table")
        skin = _skin_fraction(crop, illum, local)
        # On a pale table the faces in a hand's shadow fall short of its white, and with the
        # table in that shadow they are unlike the lit table: no arm (tuning ``strays`` and
        # ``shadow`` together, seed 710000 seat 0).
        foreign = _foreign_fraction(crop, local, white, shadows_excused=look.pale_table)
        if skin > T.skin_share or foreign > T.foreign_partly:
            # An arm in the zone, near the pile or over it. A top card that shows all four
            # sides whole, with one unbroken face, is not under it.
            yield
            found = yield from _search_steps(frame, crop, white, local, (x0, y0), size, profile)
            if found is not None and found.state == State.CARD:
                return found
            if skin > T.skin_share:
                return Reading.of_doubt(Doubt.SKIN_OVER_PILE, confidence=min(1.0, skin * 4))
            return Reading.of_doubt(Doubt.ARM_OVER_PILE, confidence=min(1.0, foreign * 2))
        if darkest:
            found = yield from search_darkest_steps(
                frame, crop, white, local, (x0, y0), (search, size), profile, broken_sides=noisy
            )
            return found or Reading.of_doubt(Doubt.NO_WHOLE_CARD)
        # Not an arm: a top card whose outline runs into the cards under it, perhaps.
        # The first outline the searches frame whose face is doubted: the doubt "no whole
        # card" names (``Reading.framed``).
        framed: list[Reading] = []
        refined = yield from _refine_steps(
            frame, crop, white, local, (x0, y0), None, size, profile, framed
        )
        # The crop's edges, for the searches below: a size searched by both is scored once.
        maps: EdgeMaps | None = None
        if refined is None:
            yield
            maps = EdgeMaps.of(crop)
            refined = yield from _search_steps(
                frame,
                crop,
                white,
                local,
                (x0, y0),
                search,
                profile,
                broken_sides=noisy,
                maps=maps,
                framed=framed,
            )
        if refined is None and search is not size and size is not None:
            # The loose size, searched in steps either side of the size the cards read show,
            # missed the card: that size is searched too, as known as it is. Only a search
            # that knows the size so well lets a side lie on no edge under a lamp's
            # reflection (``Tuning.washed_size_tol``), where a reflection over a corner or a
            # side washes the card's edge out (tuning lamp, scans, seed 930009 seat 2; deluxe,
            # seed 930023 seat 4: no outline found, the card read so).
            yield
            refined = yield from _search_steps(
                frame,
                crop,
                white,
                local,
                (x0, y0),
                size,
                profile,
                broken_sides=noisy,
                maps=maps,
                framed=framed,
            )
        if refined is not None:
            return refined
        if not bitten_cands:
            return replace(Reading.of_doubt(Doubt.NO_WHOLE_CARD), framed=next(iter(framed), None))
        cands = bitten_cands
    # The whole outline on top is the cleanest rectangle; covered cards have bites out of them.
    best = max(cands, key=lambda c: (round(c.rectness, 2), c.area))
    corners = best.corners + (x0, y0)
    got = read_card_image(_warp(frame, corners), profile, strict_edge=best.steep)
    state, card, why = got.state, got.card, got.why
    if state == State.OCCLUDED and not _arm_seen(crop, local, white, illum):
        # Something not print on the card's edge, but nothing over the pile: the outline
        # took in a strip of table or of the card below. Not occluded: looked at again.
        state = State.UNKNOWN
    conf = got.confidence * min(1.0, (best.rectness - 0.86) / 0.08)
    if state == State.CARD and _strayed_beside_an_arm(crop, local, white, illum, best.corners):
        # A card away from the zone's middle, and an arm over much of the zone: the pile's
        # top card may be under the arm, and the card in view one that strayed from the pile.
        return Reading.of_doubt(Doubt.ARM_AND_STRAYED_CARD, corners=corners, area=best.area)
    if state == State.CARD and _corner_under_another_card(white, best.corners):
        return Reading.of_doubt(Doubt.CORNER_UNDER_ANOTHER_CARD, corners=corners, area=best.area)
    alike = state == State.CARD and _another_whole_card_alike(
        frame, cands, best, (x0, y0), profile, got
    )
    if alike:
        return Reading.of_doubt(Doubt.WHOLE_CARDS_ALIKE_IN_ZONE, corners=corners, area=best.area)
    if state == State.CARD and _another_whole_card_at_the_middle(
        frame, cands, best, local, (x0, y0), profile, got
    ):
        return Reading.of_doubt(Doubt.WHOLE_CARD_AT_THE_MIDDLE, corners=corners, area=best.area)
    # The outlines of a wider area's white, worked out once for both checks of a card beside
    # the one read, and only when one asks.
    wider = functools.cache(lambda: _outlines_past_the_read_area(frame, zone, white, (x0, y0)))
    if state == State.CARD and _another_whole_card_beside(
        frame, white, wider, cands, best, local, (x0, y0), profile, got
    ):
        return Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=corners, area=best.area)
    if (
        state == State.CARD
        # First looks only: a second look's outline of white, with the size other cards
        # show, may run a little past a steep top card onto the card under it, which its
        # search on edges then reads (tuning tilt test scene 900039 seat 0).
        and expect_dims is None
        and _side_under_another_card(crop, white, best.corners)
    ):
        return Reading.of_doubt(Doubt.SIDE_UNDER_ANOTHER_CARD, corners=corners, area=best.area)
    if (
        state == State.CARD
        and best.rectness == _FITTED
        and side_across_its_white(crop, white, best.corners, fitted=True)
    ):
        # An outline fitted into the white by its size alone (not on the white's own
        # outline) may lie over covered cards and across the top card's face, which its
        # white runs on past (``outlines.side_across_its_white``).
        return Reading.of_doubt(Doubt.SIDE_ACROSS_ITS_WHITE, corners=corners, area=best.area)
    if state == State.CARD and as_seen and _fitted_across_another_card(frame, best, corners):
        return Reading.of_doubt(Doubt.ANOTHER_CARD_OVER_IT, corners=corners, area=best.area)
    if (
        state == State.CARD
        and as_seen
        and best.rectness != _FITTED
        and (yield from cut_short_under_another_card_steps(frame, crop, best.corners, (x0, y0)))
    ):
        # The white's outline is a covered card's, a corner cut off under the top card.
        return Reading.of_doubt(Doubt.ANOTHER_CARD_OVER_IT, corners=corners, area=best.area)
    if (
        state == State.CARD
        # First looks only, as the camera shows the table: a second look's outline at the
        # size other cards show is checked for other cards' sides by the policy.
        and as_seen
        and expect_dims is None
        and search_dims is None
        and not expect_area
        and _side_along_into_a_corner(frame, corners)
    ):
        # A whole outline fitted past the side of a card over it, a wedge of that card's
        # white within it at a corner: a covered card's, not the pile's top card's.
        return Reading.of_doubt(Doubt.SIDE_ACROSS_A_CORNER, corners=corners, area=best.area)
    if state == State.CARD and _pile_card_against_it(
        frame, wider, cands, best, local, (x0, y0), profile, got
    ):
        # After the doubts that name a card over this one's side or corner: a card against
        # it, this pile's by how much of it lies in the zone, either of the two on top.
        return Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=corners, area=best.area)
    if state == State.CARD and _squat_fitted_to_a_guess(best, dims_tol):
        # Claimed, and so named: once every zone is read, the zone policy doubts it where
        # no other card was read to hold it against (``policy.part_fitted_to_a_guess``).
        why = SQUAT_FITTED_TO_A_GUESS
    if state == State.CARD and _squat_beside_an_arm(crop, local, white, best.corners):
        return Reading.of_doubt(Doubt.ARM_ACROSS_A_SQUAT_OUTLINE, corners=corners, area=best.area)
    if state == State.CARD and defer_checks and _room_for_another(crop, best.corners):
        return Reading(state, card, conf, corners, best.area, why, checked=False)
    if state == State.CARD and _room_for_another(crop, best.corners):
        yield
        if (yield from _another_card_across_steps(frame, crop, best.corners, (x0, y0), profile)):
            return Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=corners, area=best.area)
    if state != State.CARD and expect_dims is not None and best.rectness != _FITTED:
        # The clean outline was a wrong one (a top card merged with a card under it).
        yield
        fitted = _fit_known_size(crop, white, expect_dims, local, dims_tol)
        if fitted is not None:
            corners2 = fitted.corners + (x0, y0)
            yield
            fit = read_card_image(_warp(frame, corners2), profile, strict_edge=True)
            kept = got.doubt  # the face's doubt, when the fit frames that face
            if (
                fit.state == State.CARD
                and kept
                and (
                    _fitted_over_the_face_doubted(got, best, fitted)
                    or _fitted_over_a_washed_middle(
                        got, best, fitted, _warp(frame, corners2), profile
                    )
                )
            ):
                return Reading.of_doubt(kept, corners=corners, area=best.area)
            if fit.state == State.CARD and side_across_its_white(
                crop, white, fitted.corners, fitted=True
            ):
                return Reading.of_doubt(
                    Doubt.SIDE_ACROSS_ITS_WHITE, corners=corners2, area=fitted.area
                )
            if (
                fit.state == State.CARD
                and as_seen
                and got.doubt is Doubt.COLOURED_PIECE_ON_EDGE
                and (yield from whole_card_there_covered_steps(frame, crop, best.corners, (x0, y0)))
            ):
                # The clean outline had a coloured piece on its edge, the print of a card
                # over it: the card there lies under that card, and so does the one fitted
                # in it (offzone, scans, seed 2225028 seat 3, a second look's: the 4 lime
                # over the 2 lime's corner, its symbol on the 2 lime's clean outline; the
                # fit a little inside it read 2 lime).
                return Reading.of_doubt(
                    Doubt.ANOTHER_CARD_OVER_IT, corners=corners2, area=fitted.area
                )
            if fit.state == State.CARD:
                return Reading(
                    fit.state, fit.card, fit.confidence * 0.9, corners2, fitted.area, "fitted"
                )
    if state == State.UNKNOWN and got.doubt not in _FACE_DOUBTS:
        refined = yield from _refine_steps(
            frame, crop, white, local, (x0, y0), best.corners, size, profile
        )
        if refined is None:
            yield
            refined = yield from _search_steps(
                frame, crop, white, local, (x0, y0), search, profile, broken_sides=noisy
            )
        if refined is not None:
            return refined
    elif state == State.OCCLUDED:
        # Something over the outline's edge: a hand on the card, or a corner of table that a
        # loose outline took in. Only the strict search may look again: it wants all four
        # sides whole and nothing on the card's edge.
        yield
        found = yield from _search_steps(frame, crop, white, local, (x0, y0), size, profile)
        if found is not None and found.state == State.CARD:
            return found  # (a doubt on what the search found leaves the arm's)
    return Reading(state, card, conf, corners, best.area, why, doubt=got.doubt)


def _fitted_across_another_card(frame: np.ndarray, best: _Cand, corners: np.ndarray) -> bool:
    """The outline ``best`` (``corners`` in ``frame``) was fitted into the white by its size
    alone and another card's side runs steep and deep across it (``_steep_deep_across``): it
    lies over a covered card and part of the card over it (check seed cloth, clone, scene
    355500 seat 0: a 1 lime + 2 plum on top, an outline fitted across its lower half and the
    two bananas of the card under it, turned across the top card, read 2 banana + 1 lime +
    1 plum). Only in a view as the camera shows the table: the zone policy looks at a card
    claimed in a straightened or rectified view for another card's side across it in the
    frame itself (``policy._not_its_own_outline``), and in the resampled view the side of a
    card under a top card's corner may seem to run a few pixels into a fitted outline (check
    seed cloth, Deluxe, scene 336500 seat 5: a 2 banana read right)."""
    if best.rectness != _FITTED:
        return False
    quad = np.asarray(corners, np.float32).reshape(4, 2)
    return any(_steep_deep_across(quad, a, b) for a, b in sides_across(frame, quad))


_ALONG_17 = np.linspace(0.0, 1.0, 17, dtype=np.float32)[:, None]  # where along a side it is tested


def _side_along_into_a_corner(frame: np.ndarray, corners: np.ndarray) -> bool:
    """Another card's side runs along a side of the outline ``corners`` (frame pixels), from
    past one end of it into the outline, ``T.crossing_inset`` of the short side deep or more
    near a corner (``T.across_corner_near``), a straight edge ``T.along_side_length`` long or
    longer with a face of the card's colour beyond it: the outline was fitted past the side of
    a card lying over it, turned a few degrees from it, and takes in a thin wedge of that
    card's white. Looked at on the outline as it was read, at the
    working scale: ``outlines.covered_why`` moves it onto that side first. A card's own side
    inside an outline fitted a little past it has the table beyond it; the sides of the cards
    under a top card stop at its outline; print has no straight edge so long."""
    seen = _at_work_scale(frame, np.asarray(corners, np.float32).reshape(4, 2))
    if seen is None:
        return False
    crop, maps, q, _, _ = seen
    w = T.work_card_short
    poly = q.reshape(-1, 1, 2)
    t = _ALONG_17
    lab: np.ndarray | None = None
    for a, b in _straight_sides(maps.edges):
        if float(np.linalg.norm(b - a)) < T.along_side_length * w:
            continue
        pts = a + (b - a) * t
        depth = np.array([cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in pts])
        if depth.min() > -T.crossing_inset * w or depth.max() < T.crossing_inset * w:
            continue
        deep = pts[depth >= T.crossing_inset * w]
        near = np.linalg.norm(deep[:, None, :] - q[None, :, :], axis=2).min()
        if float(near) > T.across_corner_near * _dims_of(q)[0]:
            continue
        if lab is None:
            lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
        if _card_beyond(lab, q, pts[depth > 0], _unit(b - a), _face_ab(lab, q)):
            return True
    return False


def _steep_deep_across(quad: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """The edge ``a``-``b`` reaches ``T.across_deep`` of the short side into the outline
    ``quad`` and crosses one of its sides at ``T.across_steep_deg`` or steeper."""
    poly = quad.reshape(-1, 1, 2)
    pts = a + (b - a) * np.linspace(0.0, 1.0, 17, dtype=np.float32)[:, None]
    deep = max(cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in pts)
    if deep < T.across_deep * _dims_of(quad)[0]:
        return False
    for p, q in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        if _segments_cross(a, b, p, q) and _angle_deg(b - a, q - p) >= T.across_steep_deg:
            return True
    return False


def _segments_cross(a: np.ndarray, b: np.ndarray, p: np.ndarray, q: np.ndarray) -> bool:
    """The segments ``a``-``b`` and ``p``-``q`` cross."""

    def side(u: np.ndarray, v: np.ndarray, w: np.ndarray) -> float:
        return float((v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0]))

    return side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0


def _angle_deg(u: np.ndarray, v: np.ndarray) -> float:
    """The angle between the lines along ``u`` and ``v``, 0 to 90 degrees."""
    cos = abs(float(np.dot(u, v))) / (float(np.linalg.norm(u) * np.linalg.norm(v)) or 1.0)
    return math.degrees(math.acos(min(1.0, cos)))


def _corner_under_another_card(white: np.ndarray, quad: np.ndarray) -> bool:
    """A corner of the whole outline ``quad`` (crop pixels) lies under another card: the
    points ``T.corner_cover_insets`` of the way in from it towards the centre are all on one
    blob of card white other than the outline's own, one lying mostly beyond the outline. A
    top card lying partly off its place over a corner of the card under it splits the two
    whites along its edge, and the covered card's white, a corner short, still makes a whole
    outline; its fitted corner lies on the top card's white. (A piece of the card's own
    white that a symbol printed up to its corner cuts off lies within the outline.) The
    other blob must show ``T.corner_cover_white`` of the outline's area beyond it, as a card
    over the corner does: a strip of a card under the top card, between its edge and the
    table, is not one."""
    return _under_another_card(white, quad, list(quad))


def _side_under_another_card(crop: np.ndarray, white: np.ndarray, quad: np.ndarray) -> bool:
    """A side of the whole outline ``quad`` (crop pixels) lies under another card, as
    ``_corner_under_another_card`` judges a corner, at the points ``T.side_cover_places``
    along each side: a top card off its place whose corner lies over a side of the card
    under it, not over its corner, cuts a notch into the covered card's white that leaves
    its outline whole, and the notch is the top card's white (tuning offzone, clone, seed
    1699013 seat 0: the pile's 3 banana + 1 strawberry, its corner over the side of a
    3 strawberry + 1 lime fanned out whole beside it, read so)."""
    ends = list(zip(quad, np.roll(quad, -1, axis=0), strict=True))
    places = [p + (q - p) * t for p, q in ends for t in T.side_cover_places]
    if _under_another_card(white, quad, places, cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)):
        return True
    return any(_corner_just_over_a_side(white, quad, p, q) for p, q in ends)


def _corner_just_over_a_side(
    white: np.ndarray, quad: np.ndarray, p: np.ndarray, q: np.ndarray
) -> bool:
    """Another card's corner lies just over the side ``p``-``q`` of the whole outline ``quad``
    (crop pixels), too shallow for ``_side_under_another_card``'s points: at a place of
    ``T.side_shallow_places`` the points ``T.side_shallow_insets`` of the way in lie on another
    card's white (as ``_under_another_card`` judges it; or the first of them, its rim deeper
    in: ``_white_at_the_side_its_rim_within``), between two places of the same side where
    they lie on the outline's own. The covering card's shaded rim lies deeper in, where
    that check's points fall on no white. A corner over the side is a notch in the outline's
    white, its own white reaching the side on either hand of it; a card under or beside the
    outline whose white meets the side towards one end of it, no own white beyond, is no
    corner over it (tilt, scan, seed 326502 seat 1: a 1 strawberry on top of the pile, its
    fitted side a pixel past its white, the white of the card under it within 0.04 of the way
    in at 0.75 along the side and the own white at 0.20 alone, read so). (An outline fitted a
    pixel past its card's side on to a card beside it has that card's white along the whole
    side, no place on its own.) (Tuning offzone, clone, seed 2150875 seat 2: the top card's
    corner 4 pixels over the side of the 1 strawberry + 1 lime fanned out whole under the card
    under it, from 0.40 to 0.45 of the side, the own white from 0.20 to 0.30 and at 0.75 and
    0.80, read so; the same table drawn with the classic deck's own art, a 2 strawberry on
    top, its corner's white at 0.45 alone, the 1 lime under it read so; with the Deluxe art,
    a silver 5 lime on top, the same.)"""
    places = [p + (q - p) * t for t in T.side_shallow_places]
    count, labels, _, own = _whites_of(white, quad)
    if count < 3:
        return False  # one blob of white: no other card's
    centre = quad.mean(0)
    h, w = white.shape
    on_own = [
        i
        for i, place in enumerate(places)
        if all(
            0 <= x < w and 0 <= y < h and labels[y, x] == own
            for x, y in (
                (place + (centre - place) * f).round().astype(int) for f in T.side_shallow_insets
            )
        )
    ]
    if len(on_own) < 2:
        return False
    between = [places[i] for i in range(on_own[0] + 1, on_own[-1]) if i not in on_own]
    if not between:
        return False
    if _under_another_card(white, quad, between, insets=T.side_shallow_insets):
        return True
    return _white_at_the_side_its_rim_within(white, quad, between, labels)


def _white_at_the_side_its_rim_within(
    white: np.ndarray, quad: np.ndarray, places: list[np.ndarray], labels: np.ndarray
) -> bool:
    """At some point of ``places`` (on a side of the whole outline ``quad``, crop pixels, where
    its own white is notched: ``_corner_just_over_a_side``) the point the first of
    ``T.side_shallow_insets`` in lies on another card's white (as ``_under_another_card``
    judges it: a blob mostly beyond the outline, a card's white or more), and the points
    ``T.corner_cover_insets`` in on no white (``labels``: ``_whites_of``'s): the covering
    card's corner at the side, its shaded rim deeper in, where the notched card's white
    would be were it on top. A card under the outline has no white inside a side that its
    own white reaches on either hand. A corner drawn soft (a scanned card's) shows its white
    at the first point alone (offzone, scans, seed 2150875 seat 2: a 2 strawberry on top,
    its corner at 0.45 along the upper side of a 1 lime under the pile, the rim at
    0.04 and 0.08 of the way in, the lime's own white from 0.20 to 0.30 and from 0.65 on,
    read 1 lime; the same table's other drawings show this at 0.50, their corner's white
    0.04 in at 0.45)."""
    centre = quad.mean(0)
    h, w = white.shape
    for place in places:
        rim = [(place + (centre - place) * f).round().astype(int) for f in T.corner_cover_insets]
        if not all(0 <= x < w and 0 <= y < h and labels[y, x] == 0 for x, y in rim):
            continue
        if _under_another_card(white, quad, [place], insets=T.side_shallow_insets[:1]):
            return True
    return False


def _under_another_card(
    white: np.ndarray,
    quad: np.ndarray,
    places: list[np.ndarray],
    grey: np.ndarray | None = None,
    insets: tuple[float, ...] | None = None,
) -> bool:
    """Some point of ``places`` on the outline ``quad`` has the points ``T.corner_cover_insets``
    of the way in from it towards the centre all on one blob of card white other than the
    outline's own, which shows ``T.corner_cover_white`` of the outline's area or more beyond
    it and lies mostly there: another card over the outline at that point. ``grey`` (the
    crop's, given along sides): a point on no white counts as the other card's when its
    grey is that card's rather than the outline's own (``_grey_of_the_other``), the rest
    on that card's white (one at least): the line between two cards' whites, a card's
    shaded rim, is the card's whose grey it has. (Not at a corner: a card's rounded corner
    lies inside its fitted one, and there the first point may lie beyond a top card's white
    on a card under it, the next on its own rim.)"""
    insets = T.corner_cover_insets if insets is None else insets
    count, labels, inside, own = _whites_of(white, quad)
    if count < 3:
        return False  # one blob of white: no other card's
    within = np.bincount(labels[inside > 0], minlength=count)
    beyond = np.bincount(labels[inside == 0], minlength=count)
    a_card_s_white = T.corner_cover_white * cv2.contourArea(quad.astype(np.float32))
    centre = quad.mean(0)
    h, w = white.shape
    for place in places:
        inward = centre - place
        points = [(place + inward * f).round().astype(int) for f in insets]
        if not all(0 <= x < w and 0 <= y < h for x, y in points):
            continue
        on = [int(labels[y, x]) for x, y in points]
        whites = set(on) - ({0} if grey is not None else set())
        if len(whites) != 1:
            continue
        (other,) = whites
        if other in (0, own) or beyond[other] <= max(within[other], a_card_s_white):
            continue
        lines = [p for p, label in zip(points, on, strict=True) if label == 0]
        if not lines or (grey is not None and _grey_of_the_other(grey, labels, own, other, lines)):
            return True
    return False


def _whites_of(white: np.ndarray, quad: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, int]:
    """The blobs of card white ``white`` holds (their count with the background's, and their
    labels), the inside of the outline ``quad`` (a mask) and the label of the outline's own
    white: the blob most of whose pixels lie inside it (0 when there is no blob)."""
    count, labels = cv2.connectedComponents(white)
    inside = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 1)
    within = np.bincount(labels[inside > 0], minlength=count)[1:]
    own = int(np.argmax(within)) + 1 if within.size else 0
    return count, labels, inside, own


def _grey_of_the_other(
    grey: np.ndarray, labels: np.ndarray, own: int, other: int, lines: list[np.ndarray]
) -> bool:
    """The greys at ``lines`` (points on no white between the blobs ``own`` and ``other``)
    are all nearer the other blob's white (its median grey) than the own's, by
    ``T.dark_line_nearer`` or more: the line is the other card's shaded rim, that card's
    edge within the outline. Only two whites unlike (a silver card's and a white one's) can
    tell it so; between two alike the line is as near either."""
    own_grey = float(np.median(grey[labels == own]))
    other_grey = float(np.median(grey[labels == other]))
    return all(
        abs(float(grey[y, x]) - own_grey) - abs(float(grey[y, x]) - other_grey)
        >= T.dark_line_nearer
        for x, y in lines
    )


def _strayed_beside_an_arm(
    crop: np.ndarray, local: np.ndarray, white: np.ndarray, illum, quad: np.ndarray
) -> bool:
    """The card in view lies away from the zone's middle with an arm over much of the zone
    (something unlike the table over ``T.foreign_partly`` of it), or far from the middle
    (``T.strayed_beside_skin``) with skin over the zone: the pile's top card may lie under
    the arm, and the card in view be one that strayed from the pile."""
    off = _off_centre(quad, local)
    if off > 0.5 and _foreign_fraction(crop, local, white) > T.foreign_partly:
        return True
    return off > T.strayed_beside_skin and _skin_fraction(crop, illum, local) > T.skin_share


def _another_whole_card_alike(
    frame: np.ndarray,
    cands: list[_Cand],
    best: _Cand,
    origin: tuple[float, float],
    profile: Profile,
    got: CardRead,
) -> bool:
    """Another whole outline in the zone, apart from the one read and as clean as it (the
    same rectness to ``T.whole_alike_rectness``), reads another card: the one read won on
    its size alone, and either may be the pile's top card (a covered card strayed out whole
    beside it)."""
    apart = _dims_of(best.corners)[0]
    for other in cands:
        if other is best or abs(other.rectness - best.rectness) > T.whole_alike_rectness:
            continue
        if float(np.linalg.norm(other.corners.mean(0) - best.corners.mean(0))) < apart:
            continue  # the same card, outlined twice
        again = read_card_image(_warp(frame, other.corners + origin), profile)
        if again.state == State.CARD and again.card != got.card:
            return True
    return False


def _another_whole_card_at_the_middle(
    frame: np.ndarray,
    cands: list[_Cand],
    best: _Cand,
    local: np.ndarray,
    origin: tuple[float, float],
    profile: Profile,
    got: CardRead,
) -> bool:
    """The outline read leaves the zone's middle outside it, and another whole outline apart
    from it holds that middle and reads another card, however much less clean it is (its
    white runs into the cards under it): the one read may be a covered card fanned out whole
    beside the pile, the other the pile's top card (tuning offzone, scans, seed 1653000 seat
    2: a 3 plum over the zone's middle, rectness 0.946, and the pile's 2 banana whole beside
    it, 0.979, read 2 banana)."""
    middle = local.mean(0)
    if _inside(middle, best.corners):
        return False
    apart = _dims_of(best.corners)[0]
    for other in cands:
        if other is best or not _inside(middle, other.corners):
            continue
        if float(np.linalg.norm(other.corners.mean(0) - best.corners.mean(0))) < apart:
            continue  # the same card, outlined twice
        again = read_card_image(_warp(frame, other.corners + origin), profile)
        if again.state == State.CARD and again.card != got.card:
            return True
    return False


def _another_whole_card_beside(
    frame: np.ndarray,
    white: np.ndarray,
    wider: Callable[[], list[np.ndarray]],
    cands: list[_Cand],
    best: _Cand,
    local: np.ndarray,
    origin: tuple[float, float],
    profile: Profile,
    got: CardRead,
) -> bool:
    """Another outline mostly in the zone (``T.beside_in_zone`` of a whole card's area),
    however much less clean (its white runs into the cards under it), lies beside the one
    read, the two sharing no more than ``T.beside_overlap`` of the smaller's area, and reads
    another card: neither card lies over the other, and either may be the pile's top card
    (tuning offzone, scans, seed 333500 seat 2: a covered 1 lime whole over the zone's
    middle, rectness 0.98, and the pile's 3 lime beside it, 0.927, read 1 lime). A covered
    card whose strip reaches into the zone lies under the one read, which shares much of it;
    a neighbour's card at the zone's border lies mostly out of it; a covered card in full
    view but for a corner under the one read has that card's side across it
    (``_read_card_over_it``). A card beside the read one may reach past the read area, its
    white cut at the area's border and no outline: the outlines of a wider area's white are
    looked at too (``_outlines_past_the_read_area``, given as ``wider``)."""
    others = [other.corners for other in cands if other is not best]
    if _beside_reads_another(frame, others, best, local, origin, profile, got):
        return True
    if _beside_reads_another(frame, wider(), best, local, origin, profile, got):
        return True
    return _bitten_by_a_card_off_the_zone(
        white, _whole_past_the_read_area(white, wider, best), local
    )


def _beside_reads_another(
    frame: np.ndarray,
    others: list[np.ndarray],
    best: _Cand,
    local: np.ndarray,
    origin: tuple[float, float],
    profile: Profile,
    got: CardRead,
    lies_there: Callable[[np.ndarray], bool] | None = None,
) -> bool:
    """One of the outlines ``others`` (read area pixels) lies beside the one read, mostly in
    the zone (or where ``lies_there`` says such a card lies), reads another card and has no
    side of the read card across it (``_another_whole_card_beside``)."""
    if lies_there is None:
        in_zone = _beside_in_zone_asked(best, local)

        def lies_there(other: np.ndarray) -> bool:
            return _shared(other, local) >= in_zone * best.area

    for other in others:
        if not lies_there(other):
            continue
        if _shared_area(best.corners, other) > T.beside_overlap:
            continue  # one lies over the other: the cleaner, read, is the one on top
        again = read_card_image(_warp(frame, other + origin), profile)
        if again.state != State.CARD or again.card == got.card:
            continue
        if not _read_card_over_it(frame, best.corners + origin, other + origin):
            return True
    return False


def _beside_in_zone_asked(best: _Cand, local: np.ndarray) -> float:
    """The share of a whole card's area (the read one's) that another outline beside the
    read one must show within the zone ``local`` to be taken for a card of this pile
    (``_beside_reads_another``): ``T.beside_in_zone``, or ``T.beside_in_zone_off_the_middle``
    when the read outline leaves the zone's middle outside it. A card off the middle is the
    pile's no more for where it lies than another card beside it: the pile's top card,
    pushed off its place past the covered card read, lies as far out of the zone (tuning
    offzone, clone, seed 2222037 seat 1: the top card 0.58 in the zone)."""
    if _inside(local.mean(0), best.corners):
        return T.beside_in_zone
    return T.beside_in_zone_off_the_middle


def _pile_card_against_it(
    frame: np.ndarray,
    wider: Callable[[], list[np.ndarray]],
    cands: list[_Cand],
    best: _Cand,
    local: np.ndarray,
    origin: tuple[float, float],
    profile: Profile,
    got: CardRead,
) -> bool:
    """Another whole outline beside the one read (sharing no more than ``T.beside_overlap``
    of the smaller's area), lying against it (within ``T.against_gap`` card widths), with
    ``T.against_in_zone`` of a whole card's area in the zone or more but short of what
    ``_beside_reads_another`` asks, reads another card and has no side of the read card
    across it, nor meets it (``T.against_gap_least``): the pile's top card pushed off its
    place against the covered card it left in full view, which holds the zone's middle
    (tuning offzone, clone, seed 2240832 seat 3: the 1 banana + 1 strawberry on top 0.599 in
    the zone, 0.12 widths from the covered 2 banana + 2 lime, read 2 banana + 2 lime).
    Either may be the pile's top card. The outlines looked at are those of
    ``_another_whole_card_beside``, read the same way (``_beside_reads_another``)."""
    in_zone = _beside_in_zone_asked(best, local)
    width = _dims_of(best.corners)[0]

    def against_it(other: np.ndarray) -> bool:
        share = _shared(other, local) / max(best.area, 1.0)
        if not T.against_in_zone <= share < in_zone:
            return False
        gap = _gap_between(best.corners, other)
        return T.against_gap_least * width <= gap <= T.against_gap * width

    others = [other.corners for other in cands if other is not best]
    if _beside_reads_another(frame, others, best, local, origin, profile, got, against_it):
        return True
    return _beside_reads_another(frame, wider(), best, local, origin, profile, got, against_it)


def _gap_between(a: np.ndarray, b: np.ndarray) -> float:
    """The least distance (pixels) between the convex outlines ``a`` and ``b``: 0 where
    they meet."""
    pa, pb = a.astype(np.float32).reshape(-1, 1, 2), b.astype(np.float32).reshape(-1, 1, 2)
    gaps = [
        -cv2.pointPolygonTest(poly, (float(x), float(y)), True)
        for poly, pts in ((pa, pb), (pb, pa))
        for x, y in pts.reshape(-1, 2)
    ]
    return max(0.0, min(gaps))


def _bitten_by_a_card_off_the_zone(white: np.ndarray, best: _Cand, local: np.ndarray) -> bool:
    """A blob of card ``white`` beside the card read (as ``_beside_reads_another`` has it),
    as large as a whole card but for a bite, which other white fills: a card lying mostly out
    of the zone (``T.bitten_by_in_zone`` of a card's area in it or less), another pile's or a
    stray. That card has no outline and reads no card (the edge across it), but nothing of
    this pile lies over it, and it may be the pile's top card (offzone, Deluxe, seed 336502
    seat 1: the pile's 1 banana, a corner under the next pile's covered 1 lime, and the
    covered 5 lime whole beside it, read 5 lime)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(white)
    in_zone = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(in_zone, [np.round(local).astype(np.int32)], 1)
    for blob in range(1, count):
        if stats[blob, cv2.CC_STAT_AREA] < T.bitten_fill * (1 - T.bitten_size) * best.area / 2:
            continue  # specks and strips: the quick, usual case
        box = _bitten_box(labels == blob, best.area)
        if box is None or _shared(box, local) < T.beside_in_zone * best.area:
            continue
        if _shared_area(best.corners, box) > T.beside_overlap:
            continue
        inside = np.zeros(white.shape, np.uint8)
        cv2.fillPoly(inside, [np.round(box).astype(np.int32)], 1)
        biting = set(np.unique(labels[inside > 0])) - {0, blob}
        if biting and all(
            np.count_nonzero((labels == other) & (in_zone > 0)) <= T.bitten_by_in_zone * best.area
            for other in biting
        ):
            return True
    return False


def _whole_past_the_read_area(
    white: np.ndarray, wider: Callable[[], list[np.ndarray]], best: _Cand
) -> _Cand:
    """The outline read, ``best``, or the same card outlined whole in the wider area's white
    (``wider``, read area pixels) where a corner of it lies on the read area's border
    (within ``T.cut_at_read_area_px``): its white runs on past the border, cut there, and
    its outline falls short of the card's length, so its area is no measure of a card's
    that ``_bitten_by_a_card_off_the_zone`` may hold another blob against. The same card is
    the larger wider outline that holds ``T.cut_at_read_area_within`` of the read one's
    area or more. (Offzone, clone, seed 2506100 seat 2: a covered 2 banana + 2 plum fanned
    out below the pile, its far end cut at the read area's bottom, outlined at 4191 pixels
    for the 4920 of its whole; the pile's 1 lime + 2 plum, off its place over the covered
    card's corner, its white run into the card under it, a bitten box of about 5070: 0.21
    off the cut outline's area, 0.03 off the whole card's.)"""
    h, w = white.shape[:2]
    px = T.cut_at_read_area_px
    corners = best.corners
    at_border = (
        (corners[:, 0] <= px)
        | (corners[:, 1] <= px)
        | (corners[:, 0] >= w - 1 - px)
        | (corners[:, 1] >= h - 1 - px)
    )
    if not at_border.any():
        return best
    whole = best
    for other in wider():
        area = float(cv2.contourArea(other.astype(np.float32)))
        if area > whole.area and _shared(best.corners, other) >= (
            T.cut_at_read_area_within * best.area
        ):
            whole = _Cand(other.astype(np.float32), area, best.rectness, best.steep)
    return whole


def _bitten_box(blob: np.ndarray, area: float) -> np.ndarray | None:
    """The turned box of ``blob`` when it is a card of area ``area`` (within
    ``T.bitten_size``) whose white's hull fills ``T.bitten_fill`` of it or more, but no more
    than the 0.9 an outline asks (``outlines._box_candidate``): a card with a bite out of it."""
    contours, _ = cv2.findContours(blob.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return None
    (cx, cy), (w, h), angle = cv2.minAreaRect(contours[0])
    # A card's shape as ``outlines._box_candidate`` takes one (its short side 0.5 to 0.8 of
    # its long one), and the hull's fill short of the 0.9 that asks: the same card, bitten.
    if abs(w * h - area) > T.bitten_size * area or not 0.5 < min(w, h) / max(w, h, 1.0) < 0.8:
        return None
    fill = cv2.contourArea(cv2.convexHull(contours[0])) / (w * h)
    if not T.bitten_fill <= fill <= 0.9:
        return None
    return cv2.boxPoints(((cx, cy), (w, h), angle)).astype(np.float32)


def _outlines_past_the_read_area(
    frame: np.ndarray, zone: np.ndarray, white: np.ndarray, origin: tuple[float, float]
) -> list[np.ndarray]:
    """The whole outlines (read area pixels) of the card white in the zone's area widened by
    ``T.beside_wider_margin``, when the read area's white reaches its border (a card may lie
    on past it); none when it does not, or the wider area's white is not found."""
    if not (white[0].any() or white[-1].any() or white[:, 0].any() or white[:, -1].any()):
        return []
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = margin_box(zone, (w, h), T.beside_wider_margin)
    wide = _contiguous(frame[y0:y1, x0:x1])
    wide_white, illum = _white_mask(wide)
    if illum is None:
        return []
    area = float(cv2.contourArea(zone))
    shift = np.array([x0 - origin[0], y0 - origin[1]], np.float32)
    # The sizes a first look's outlines may have (``_read_zone_steps``).
    outlines = _candidates(wide_white, area * 0.08, area * 1.2, fit_corners=True)
    return [c.corners + shift for c in outlines]


def _read_card_over_it(frame: np.ndarray, read: np.ndarray, other: np.ndarray) -> bool:
    """An edge across the outline ``other`` (``sides_across``; frame pixels) lies along a side
    of the outline ``read``, both its ends within ``T.side_along_read`` card widths of that
    side's line: the read card's side crosses the other card, which lies under it (tuning
    offzone, clone, seed 297007 seat 4: the top card's corner over a covered card's side,
    the edges across that card 0.3 and 0.9 pixels off the top card's sides)."""
    near = T.side_along_read * _dims_of(read)[0]
    sides = list(zip(read, np.roll(read, -1, axis=0), strict=True))
    return any(
        max(_off_line(a, p, q), _off_line(b, p, q)) <= near
        for a, b in sides_across(frame, other)
        for p, q in sides
    )


def _off_line(point: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    """How far ``point`` lies from the line through ``p`` and ``q`` (pixels)."""
    along = (q - p) / max(float(np.linalg.norm(q - p)), 1e-6)
    offset = point - p
    return abs(float(offset[0] * along[1] - offset[1] * along[0]))


def _shared(a: np.ndarray, b: np.ndarray) -> float:
    """The area (pixels) the convex outlines ``a`` and ``b`` share."""
    shared, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(shared)


def _shared_area(a: np.ndarray, b: np.ndarray) -> float:
    """The area the outlines ``a`` and ``b`` share, as a share of the smaller one's."""
    smaller = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return _shared(a, b) / max(smaller, 1.0)


def _steep_candidates(
    white: np.ndarray, local: np.ndarray, dims: tuple[float, float]
) -> list[_Cand]:
    """Outlines of card white squeezed past the usual tilt (down to ``Tuning.steep_squeeze``)
    and of about the size ``dims`` the cards read elsewhere show here: a card far from a
    steeply tilted camera, as a second look may claim it (read strictly)."""
    area = dims[0] * dims[1]
    lo, hi = area * (1 - T.steep_size), area * (1 + T.steep_size)
    return [
        c
        for c in _candidates(white, lo, hi, fit_corners=True, least=T.steep_squeeze)
        if c.steep and _inside(c.corners.mean(0), local)
    ]


# Doubts about a card's print, not its outline: a symbol's colour between kinds (a glare's
# pale spot on it). Another outline round the same face would read the same print, less
# carefully (a strict read may drop the doubtful symbol and count one less): such a zone
# stays doubtful. (Glare over the face is left out: there the outline often took in a
# bright strip of the card below, and another outline reads the card right.)
_FACE_DOUBTS = frozenset({Doubt.COLOUR_BETWEEN_KINDS})


def _fitted_over_the_face_doubted(got: CardRead, best: _Cand, fitted: _Cand) -> bool:
    """An outline fitted at the size other cards show (a second look's) that frames the face
    the clean outline ``best`` framed, whose read ``got`` doubted that face's print
    (``_FACE_DOUBTS``): the two share ``T.fit_same_face_shared`` of the larger one or more.
    The fit reads the same print a pixel or two off, where a symbol's colour or shape
    measured at a threshold's edge may fall the other way: it says no more than the first
    read, which doubted it. A glare doubt is not kept so: a fit a pixel or two off rightly
    lifts a reflection's doubt where the first outline took in a washed strip of the card
    below (the reader's glare tests, e.g. own lamp 2244002 seat 2, cloth 204524 seat 3)."""
    if got.doubt not in _FACE_DOUBTS:
        return False
    larger = max(
        cv2.contourArea(best.corners.astype(np.float32)),
        cv2.contourArea(fitted.corners.astype(np.float32)),
    )
    return _shared(best.corners, fitted.corners) >= T.fit_same_face_shared * max(larger, 1.0)


def _fitted_over_a_washed_middle(
    got: CardRead, best: _Cand, fitted: _Cand, fit_img: np.ndarray, profile: Profile
) -> bool:
    """A fit over the same face (``T.fit_same_face_shared`` of the larger outline shared)
    whose clean outline's read doubted glare over the face, that reads a classic wide pair
    with its middle place clipped (``card.wide_pair_clipped_at_its_middle``): the clean read
    judged a 3's middle symbol could lie washed away under the spot there, and a pixel or
    two off, the spot's soft rim over a washed symbol's faint remains may put the place just
    under the bar. The fit says no more than the first read. (A fit that rightly lifts a
    glare doubt reads no such pair: own lamp 2244002 seat 2, a wide 2 banana under a band of
    light on a face below the sensor's top; cloth 204524 seat 3, a 4 plum.)"""
    if got.doubt is not Doubt.GLARE_OVER_FACE:
        return False
    larger = max(
        cv2.contourArea(best.corners.astype(np.float32)),
        cv2.contourArea(fitted.corners.astype(np.float32)),
    )
    if _shared(best.corners, fitted.corners) < T.fit_same_face_shared * max(larger, 1.0):
        return False
    return wide_pair_clipped_at_its_middle(fit_img, profile, strict_edge=True)


def _arm_seen(crop: np.ndarray, local: np.ndarray, white: np.ndarray, illum) -> bool:
    """Evidence of something over the pile: a thick region unlike the table come from
    outside the read area, or skin unlike the table, over enough of the zone."""
    if _foreign_fraction(crop, local, white) > T.arm_evidence:
        return True
    return _skin_fraction(crop, illum, local) > T.skin_share


def sheared_outlines_at(frame: np.ndarray, zone: np.ndarray) -> list[np.ndarray]:
    """The outlines (frame pixels) of a card a steep tilt shears that the first look's white
    in ``zone`` hangs on (``outlines.sheared_outlines``), at the working scale the zone's size
    guesses, of a size from a third to one and a half of that guess's card: the evidence of
    a steep tilt a frame whose looks read no card, not even on a steep outline, may give
    (``policy._steep_cards``: read strictly, they only tell the second looks the tilt)."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    short = _expected_short(zone, None, None)
    view = _work_view(frame, zone, short)
    look = None if view is None else first_look(view.image, view.zone)
    if view is None or look is None:
        return []
    card = (short * view.scale) ** 2 / CARD_ASPECT
    ev = _edge_map(look.crop, look.white)
    quads = sheared_outlines(look.white, ev, look.local, card / 3, card * 1.5)
    # Hung on the white's corner, a side lies a pixel or few inside the card's blurred edge:
    # each side moved onto the strongest full-length edge near it (perspective-true).
    quads = [next(iter(_refined_outlines(look.crop, q, _dims_of(q), 0.1)), q) for q in quads]
    shift = np.array(look.origin, np.float32)
    return [((q + shift) / view.k + view.origin).astype(np.float32) for q in quads]

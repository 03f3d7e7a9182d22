"""The reading policy every part of halli-pi uses (``ZoneReader``): first looks, second looks with
the card size other cards show, consistent sizes (``search.find_cards`` reads whole images
with it)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from halli_pi.vision.layout import zone_bbox
from halli_pi.vision.outline import card_outlines
from halli_pi.vision.reader.arms import _foreign_fraction
from halli_pi.vision.reader.card import read_card_image
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import brightest, exposure, steady
from halli_pi.vision.reader.outlines import (
    _CUT_AT_ITS_SIDE,
    EDGE_FOUND,
    _off_centre,
    _read_within,
    covered_outline,
    side_along_within,
    side_over_a_face,
    side_towards_the_middle,
    side_within,
    whole_card_over_the_middle,
)
from halli_pi.vision.reader.profile import Profile, load_profile
from halli_pi.vision.reader.reading import (
    CARD_ASPECT,
    Reading,
    State,
    _dims_of,
    _inside,
    _order,
    _outward_normal,
    _percentile_u8,
    _warp,
    foreshortening,
    median_1d,
    straightener,
)
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.reader.zone import (
    CARD_SHORT_PER_ZONE_SIDE,
    SQUAT_FITTED_TO_A_GUESS,
    FirstLook,
    check_reading,
    evened_around,
    first_look,
    read_zone,
    read_zone_steps,
    sheared_outlines_at,
    steep_outline,
)
from halli_pi.vision.steps import Steps, run


def consistent_sizes(readings: Sequence[Reading], tolerance: float = 0.45) -> list[Reading]:
    """Cards on one table are one size: a 'card' much smaller or larger than the others
    predict at its place is a fragment (a card cut by an arm) or two cards, so it becomes
    unknown. A tilted camera makes near cards larger: each card is held against the size the
    other cards predict at its height in the image (``card_dims_at``), not their median."""
    cards = [r for r in readings if r.state == State.CARD and r.corners is not None]
    if len(cards) == 2:
        return [_part_beside_a_straight_card(r, cards) for r in readings]
    if len(cards) < 3:
        return list(readings)
    out = []
    for r in readings:
        if r.state == State.CARD and r.corners is not None:
            short, long_ = card_dims_at(cards, r.corners)
            if abs(r.area / (short * long_) - 1) > tolerance:
                r = Reading.of_doubt(Doubt.CARD_SIZE_OFF, corners=r.corners, area=r.area)
        out.append(r)
    return out


def _part_beside_a_straight_card(r: Reading, cards: Sequence[Reading]) -> Reading:
    """Of two cards read (too few to hold sizes against), ``r`` is part of a card when the
    other shows a card unsqueezed (a camera looking straight down squeezes no card on the
    table) while ``r`` needs a squeeze to be a card, is clearly smaller, and its long side
    is the other's short side: an outline cut across a card's long sides, squarer than a
    card (``Tuning.pair_straight``)."""
    if r.state != State.CARD or r.corners is None:
        return r
    for other in cards:
        if (
            other is not r
            and foreshortening(other.outline)[0] >= T.pair_straight
            and foreshortening(r.corners)[0] < T.pair_squeezed
            and r.area < T.pair_part_area * other.area
            and abs(_dims_of(r.corners)[1] / _dims_of(other.outline)[0] - 1) <= T.pair_side_slack
        ):
            return Reading.of_doubt(Doubt.CARD_SIZE_OFF, corners=r.corners, area=r.area)
    return r


_DOUBT = (State.UNKNOWN, State.OCCLUDED)


def card_dims_at(cards: Sequence[Reading], zone: np.ndarray) -> tuple[float, float]:
    """The size a card would have in ``zone``, from the cards read elsewhere in the frame. A
    tilted camera makes cards nearer to it larger, towards whichever side it leans: with three
    cards or more around the image, the card's scale is fitted as a plane over the image (in
    log, so it scales); with fewer (or all near one line), each card's own perspective says
    it (``_perspective_scale``), and their median is taken; its proportions are the cards'
    median."""
    dims = np.array([r.dims for r in cards], np.float64)
    scale = 0.5 * np.log(dims[:, 0] * dims[:, 1])
    aspect = float(np.median(dims[:, 0] / dims[:, 1]))
    fit = _plane_at(cards, zone, scale)
    if fit is not None:
        # Never far beyond the sizes seen: a plane through few points can tip.
        guess = float(np.clip(fit, scale.min() - T.size_beyond, scale.max() + T.size_beyond))
    else:
        at = np.asarray(zone, np.float64).reshape(-1, 2).mean(0)
        guess = float(np.median([_perspective_scale(r.outline, at) for r in cards]))
        # A card's corners are a pixel or so off: far out, its perspective says less.
        reach = T.perspective_beyond
        guess = float(np.clip(guess, scale.min() - reach, scale.max() + reach))
    size = math.exp(guess)
    return size * math.sqrt(aspect), size / math.sqrt(aspect)


def _perspective_scale(quad: np.ndarray, at: np.ndarray) -> float:
    """The scale (log of the side of a square of its area) a card has at the image point
    ``at``, from one card outlined by ``quad`` elsewhere: its four corners fix the table's
    perspective (the map from a card's rectangle to the image), up to where on the table and
    at which angle it lies, which do not change a card's size; the size at ``at`` is the
    map's change of area there. (On tuning scenes of the ``steep`` style where fewer than
    three cards were read, a card's side so predicted was off by 4 % on average, against 19 %
    for the median of the cards read.)"""
    q = _order(np.asarray(quad, np.float32).reshape(4, 2))
    rect = np.array([[0, 0], [CARD_ASPECT, 0], [CARD_ASPECT, 1], [0, 1]], np.float32)
    h = cv2.getPerspectiveTransform(rect, q).astype(np.float64)
    x = np.linalg.solve(h, np.array([at[0], at[1], 1.0]))
    x /= x[2]
    # The area a unit of the card's plane takes at ``x``: det(h) / w**3, w the point's depth.
    w = float(h[2] @ x)
    area = np.linalg.det(h) / w**3 * CARD_ASPECT
    if not area > 0:
        return 0.5 * math.log(max(float(cv2.contourArea(q)), 1.0))  # behind the camera: its own
    return 0.5 * math.log(area)


def _plane_at(cards: Sequence[Reading], zone: np.ndarray, values: np.ndarray) -> np.ndarray | None:
    """``values`` (one row per card) fitted as a plane over the image at the cards' centres,
    and read at ``zone``'s centre; None when the cards do not span the image in two
    directions (fewer than three, or all near one line). A tilted camera's scale and squeeze
    change smoothly over the image: three cards around it fix their slope both ways (the
    cards on a line fix it along that line only)."""
    if len(cards) < 3:
        return None
    at = np.asarray(zone, np.float64).reshape(-1, 2).mean(0)
    xy = np.array([r.outline_center for r in cards], np.float64)
    # The cards' spread across their narrowest direction, in card widths.
    short = float(np.median([_dims_of(r.outline)[0] for r in cards]))
    if np.linalg.svd(xy - xy.mean(0), compute_uv=False)[-1] < T.plane_spread * short:
        return None
    coef, *_ = np.linalg.lstsq(np.c_[np.ones(len(cards)), xy], values, rcond=None)
    return np.array([1.0, at[0], at[1]]) @ coef


def straightener_at(cards: Sequence[Reading], zone: np.ndarray) -> np.ndarray | None:
    """The map (2 x 2, area kept) that undoes a tilted camera's squeeze of a card in
    ``zone``, from the squeeze the cards read elsewhere show (``reading.foreshortening``;
    with three cards or more around the image as a plane over it, as the scale is, else
    their mean);
    None when the squeeze there is slight (``Tuning.straighten_below``)."""
    logs = np.array([r.squeeze[1] for r in cards], np.float64)
    guess = logs.mean(0)
    fit = _plane_at(cards, zone, logs)
    if fit is not None:
        # Never a squeeze much beyond the most seen: a plane through few points can tip.
        most = float(np.hypot(logs[:, 0], logs[:, 1]).max()) + 0.1
        size = float(np.hypot(*fit))
        guess = fit if size <= most else fit * (most / size)
    if math.exp(-float(np.hypot(*guess))) >= T.straighten_below:
        return None
    return straightener(guess)


# A card on the table's plane (``table_plane``): short side first, clockwise in image
# coordinates as ``reading._order`` gives an outline's corners; its long side is 1.
_PLANE_CARD = np.array([[0, 0], [CARD_ASPECT, 0], [CARD_ASPECT, 1], [0, 1]], np.float64)


def table_plane(cards: Sequence[Reading]) -> np.ndarray | None:
    """The homography (3 x 3) from image pixels to the table's plane, where every card is a
    rectangle of ``CARD_ASPECT`` by 1, from the outlines of the cards read: one card fixes a
    tilted camera's whole perspective (up to where on the table it lies), several fix it
    better, fitted so that all of them come out as such rectangles at once. Started from the
    largest card either way round (one card alone: the way that squeezes it least), the way
    whose fit the cards' corners agree with best is kept. A card whose corners lie further
    than ``Tuning.plane_fit_most`` from its rectangle (its outline a little off) is left out
    and the rest fitted again; None when two cards still disagree so."""
    quads = [_order(np.asarray(r.outline, np.float32)).astype(np.float64) for r in cards]
    while quads:
        fitted = _plane_of(quads)
        if fitted is None:
            return None
        h, offs = fitted
        worst = int(np.argmax(offs))
        if offs[worst] <= T.plane_fit_most:
            return h
        if len(quads) <= 2:
            return None
        del quads[worst]
    return None


def _plane_of(quads: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """``table_plane``'s map fitted to all ``quads``, and each card's corners' farthest
    distance from its rectangle there (card lengths)."""
    largest = max(quads, key=lambda q: abs(float(cv2.contourArea(q.astype(np.float32)))))
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for turn in (0, 1):
        h = cv2.getPerspectiveTransform(
            np.roll(largest, -turn, axis=0).astype(np.float32), _PLANE_CARD.astype(np.float32)
        ).astype(np.float64)
        if len(quads) == 1:
            # No disagreement to judge by: the way round that squeezes it least.
            offs = np.zeros(1)
            score = -_squeeze_of(h, largest)
        else:
            fitted = _fit_plane(h, quads)
            if fitted is None:
                continue
            h, offs = fitted
            score = float(offs.max())
        if best is None or score < best[0]:
            best = (score, h, offs)
    return None if best is None else (best[1], best[2])


def _squeeze_of(h: np.ndarray, quad: np.ndarray) -> float:
    """How little the plane map ``h`` squeezes the table at ``quad``'s centre, as seen in the
    image (the ratio of the image map's singular values there: 1, not at all)."""
    c = quad.mean(0)
    pts = np.array([c, c + (1, 0), c + (0, 1)], np.float64).reshape(-1, 1, 2)
    m = cv2.perspectiveTransform(pts, h).reshape(-1, 2)
    jac = np.stack([m[1] - m[0], m[2] - m[0]], axis=1)
    sv = np.linalg.svd(jac, compute_uv=False)
    return float(sv[-1] / max(sv[0], 1e-12))


def _fit_plane(h: np.ndarray, quads: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """The plane map ``h`` fitted to all ``quads``: each card, mapped, is matched to the
    nearest card's rectangle (turned and moved, not resized), and the map refitted to carry
    every card's corners onto its rectangle, a few times over. The map, and each card's
    corners' farthest distance from its rectangle (card lengths)."""
    src = np.concatenate(quads).astype(np.float64)
    for _ in range(3):
        fits = [_card_rect_at(_mapped(h, q)) for q in quads]
        h, _ = cv2.findHomography(src, np.concatenate(fits), 0)
        if h is None:
            return None
    offs = [
        np.linalg.norm(_card_rect_at(p) - p, axis=1).max() for p in (_mapped(h, q) for q in quads)
    ]
    return h, np.array(offs)


def _mapped(h: np.ndarray, quad: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(quad.reshape(-1, 1, 2), h).reshape(-1, 2)


def _card_rect_at(p: np.ndarray) -> np.ndarray:
    """The card's rectangle (``_PLANE_CARD``, turned and moved) nearest the four points ``p``,
    corner by corner, whichever corner of it each point is."""
    fits = []
    centre = p.mean(0)
    for turn in range(4):
        card = np.roll(_PLANE_CARD, -turn, axis=0)
        c = card - card.mean(0)
        u, _, vt = np.linalg.svd(c.T @ (p - centre))
        # Turned only, never mirrored (Kabsch's sign: a mirrored quad fits badly).
        d = np.sign(np.linalg.det(u @ vt)) or 1.0
        rot = (u @ np.diag([1.0, d]) @ vt).T
        fits.append(c @ rot.T + centre)
    return min(fits, key=lambda f: float(np.linalg.norm(f - p, axis=1).sum()))


class ZoneReader:
    """The one reading policy: what referees a game (the tracker), what ``halli-pi read`` and
    ``bench vision`` report, all go through it.

    A zone is read first on its own (with the median card area of the cards known elsewhere
    as a hint); a doubtful reading gets a second look with the card size those cards show
    there (a tilted camera makes near cards larger), which finds a top card whose white runs
    into the cards under it, or a whole card beside an arm."""

    def __init__(
        self,
        profile: Profile | str | None = None,
        *,
        learn: bool = True,
        learn_later: bool = False,
    ) -> None:
        """``learn_later``: what a read in steps (``read_zone_steps``) teaches is learned by
        ``learn_waiting`` (a tracker calls it on a frame with room to spare), or at the latest
        when the profile is next used, not in the read's last step: learning a card's colours
        costs about a read step of its own. The profile every read uses is the same either
        way. Only for frames that are not changed after they are read (the tracker's own
        copies)."""
        if profile is None or isinstance(profile, str):
            profile = load_profile(profile or "classic")
        from halli_pi.vision.table_colours import TableColours

        # The cards it reads teach it this table's colours (table_colours.py).
        self.colours = TableColours(profile) if learn else None
        self._base = profile
        self._learn_later = learn_later
        # Read in steps and not learned from yet, in the order read: (frame, reading).
        self._waiting: list[tuple[np.ndarray, Reading]] = []

    @property
    def profile(self) -> Profile:
        # What earlier reads teach comes first: a lesson left waiting is learned now.
        self.learn_waiting()
        return self.colours.profile() if self.colours is not None else self._base

    def learn_waiting(self, most: int | None = None) -> bool:
        """Learn from the reads that left it waiting (``learn_later``), in the order read:
        all of them, or the first ``most`` (a tracker learns one lesson in a spare frame:
        six cards read at once cost six read steps to learn from); True when any were. The
        rest wait, and are learned before the profile is next used."""
        count = len(self._waiting) if most is None else min(most, len(self._waiting))
        waiting, self._waiting = self._waiting[:count], self._waiting[count:]
        for frame, r in waiting:
            self._learn(frame, r)
        return bool(waiting)

    def _teaches(self, r: Reading) -> bool:
        """The reading ``r`` teaches this table's colours: a card read and checked, or a whole
        outline whose symbols sat between two kinds."""
        if self.colours is None or r.corners is None:
            return False
        return _read_and_checked(r) or r.doubt == Doubt.COLOUR_BETWEEN_KINDS

    def _learn(self, frame: np.ndarray, r: Reading) -> None:
        if self.colours is None or r.corners is None or not self._teaches(r):
            return
        if _read_and_checked(r) and r.card is not None:
            self.colours.observe(_warp(frame, r.corners), r.card)
        else:
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
        pixels too). ``defer_checks``: the costly steps after a first look (the two-cards
        check of a clean card, the second look at a doubtful zone) are left to ``check`` on
        a later frame that shows the same zone; the reading says ``checked=False`` until
        then. The readings come out the same either way."""
        cards = _cards(known)
        hint = float(median_1d(np.array([r.area for r in cards]))) if len(cards) >= 2 else None
        r = _first_read(frame, zone, self.profile, expect_area=hint, defer_checks=defer_checks)
        r = _on_its_pile(zone, r, frame)
        if r.state in _DOUBT and cards:
            if defer_checks:
                return replace(r, checked=False)
            r = _on_its_pile(zone, _second_look(frame, zone, self.profile, cards, r), frame)
            r = _darkest_look(frame, zone, self.profile, cards, r)
        r = _bitten_look(frame, zone, self.profile, r)
        if r.checked:  # else ``check`` looks on a later frame
            r = _beside_a_whole_card(frame, zone, r, self.profile)
        r = _squat_straightened_beside_an_arm(frame, zone, r, cards)
        r = _fanned_from_under_the_top_card(frame, zone, r)
        r = _strayed_beside_a_whole_card(frame, zone, r)
        self._learn(frame, r)
        return face_doubt_named(r)

    def read_zone_steps(
        self, frame: np.ndarray, zone: np.ndarray, known: Sequence[Reading] = ()
    ) -> Steps[Reading]:
        """``read_zone`` in steps (``vision.steps``), for a tracker that spreads a read over
        the still frames it waits for anyway: the same reading, each step one costly part."""
        cards = _cards(known)
        hint = float(median_1d(np.array([r.area for r in cards]))) if len(cards) >= 2 else None
        # The profile this read starts with (asking for it learns what waits: the lessons of
        # this read's checks wait for ``learn_waiting`` too).
        profile = self.profile
        r = yield from read_zone_steps(frame, zone, profile, expect_area=hint)
        if _read_again_in_view(frame, zone, r):
            moved = in_view(zone, frame)
            again = yield from read_zone_steps(frame, moved, self.profile, expect_area=hint)
            r = again if again.state == State.CARD else r
        r = _on_its_pile(zone, r, frame)
        if r.state in _DOUBT and cards:
            yield
            r = _on_its_pile(
                zone, (yield from _second_look_steps(frame, zone, self.profile, cards, r)), frame
            )
            r = yield from _darkest_look_steps(frame, zone, self.profile, cards, r)
        if r.state == State.UNKNOWN:
            yield
            r = _bitten_look(frame, zone, self.profile, r)
        r = yield from _beside_a_whole_card_steps(frame, zone, r, profile)
        r = _squat_straightened_beside_an_arm(frame, zone, r, cards)
        r = _fanned_from_under_the_top_card(frame, zone, r)
        r = _strayed_beside_a_whole_card(frame, zone, r)
        if not self._learn_later:
            self._learn(frame, r)
        elif self._teaches(r):
            self._waiting.append((frame, r))
        return face_doubt_named(r)

    def check(
        self, frame: np.ndarray, zone: np.ndarray, reading: Reading, known: Sequence[Reading] = ()
    ) -> Reading:
        """The steps a deferred read left out, on a frame that shows the same (still) zone
        with the same cards ``known`` elsewhere."""
        if reading.checked:
            return reading
        if reading.state in _DOUBT:
            cards = _cards(known)
            r = _on_its_pile(zone, _second_look(frame, zone, self.profile, cards, reading), frame)
            r = _darkest_look(frame, zone, self.profile, cards, r)
            r = _bitten_look(frame, zone, self.profile, r)
            r = part_fitted_to_a_guess(frame, zone, self.profile, r, cards)
        else:
            r = _on_its_pile(zone, check_reading(frame, zone, reading, self.profile), frame)
        r = _beside_a_whole_card(frame, zone, r, self.profile)
        r = _strayed_beside_a_whole_card(frame, zone, r)
        self._learn(frame, r)
        return face_doubt_named(r)

    def _second_looks(
        self,
        frame: np.ndarray,
        zones: Sequence[np.ndarray],
        readings: list[Reading],
        steep: dict[int, Reading],
    ) -> list[Reading]:
        """The doubtful ``readings`` looked at again with the cards the others showed (and
        the ``steep`` cards of other zones not read yet), while that finds more cards; a card
        read at the size its zone guesses, with no other card to say it, is held against the
        cards read since (``_smaller_than_the_others``), and so is one read at the size one
        other card's perspective predicts."""
        seen_before = -1
        # The zones read at a size known loosely: the size their own outline guesses, or
        # one other card's perspective
        guessed: set[int] = set()
        for _ in zones:  # each pass but the last finds a card more, or it stops
            seen = [r for r in readings if r.state == State.CARD and r.dims is not None]
            if len(seen) == seen_before or not any(r.state in _DOUBT for r in readings):
                break
            seen_before = len(seen)
            looked = [
                (seen + _others(steep, i, readings), r.state in _DOUBT)
                for i, r in enumerate(readings)
            ]
            guessed |= {i for i, (known, again) in enumerate(looked) if again and len(known) < 2}
            readings = [
                _on_its_pile(z, _second_look(frame, z, self.profile, known, r), frame)
                if again
                else r
                for z, r, (known, again) in zip(zones, readings, looked, strict=True)
            ]
        return [
            _smaller_than_the_others(frame, z, self.profile, r, readings) if i in guessed else r
            for i, (z, r) in enumerate(zip(zones, readings, strict=True))
        ]

    def read(self, frame: np.ndarray, zones: Sequence[np.ndarray]) -> list[Reading]:
        """Read every zone of a frame: first each on its own, then the doubtful ones again
        with the cards the others showed (and again while that finds more cards to learn the
        size and the table's plane from: on a steep tilt, a card found so may be what fixes
        the plane a far card is read in); a card much smaller or larger than the others is a
        fragment."""
        readings = [_on_its_pile(z, _first_read(frame, z, self.profile), frame) for z in zones]
        if not _cards(readings):
            # No card read at the first looks: a lone card's box that low light bit into is
            # the one size the second looks may be told (a little short, but surer than a
            # guess; Deluxe dark 2174250: seat 4 read so, seat 0 read then at its size).
            # Where cards were read whole, it waits for the end (``_bitten_look``).
            readings = [
                _bitten_look(frame, z, self.profile, r)
                for z, r in zip(zones, readings, strict=True)
            ]
        for r in readings:
            self._learn(frame, r)
        readings = self._second_looks(frame, zones, readings, {})
        if not _cards(readings):
            # No card read, by any look: the steep outlines read strictly tell the second
            # looks the size and squeeze of cards (never claimed themselves: a zone is read
            # by its own looks).
            steep = _steep_cards(frame, zones, readings, self.profile)
            if steep:
                readings = self._second_looks(frame, zones, readings, steep)
        # Once no look finds a card more: the last look, on the darkest channel's edges.
        cards = _cards(readings)
        readings = [
            _darkest_look(frame, z, self.profile, cards, r)
            for z, r in zip(zones, readings, strict=True)
        ]
        readings = [
            _bitten_look(frame, z, self.profile, r) for z, r in zip(zones, readings, strict=True)
        ]
        readings = [
            _beside_a_whole_card(frame, z, r, self.profile)
            for z, r in zip(zones, readings, strict=True)
        ]
        cards = _cards(readings)
        readings = [
            _squat_straightened_beside_an_arm(frame, z, r, [c for c in cards if c is not r])
            for z, r in zip(zones, readings, strict=True)
        ]
        cards = _cards(readings)
        readings = [
            _beside_a_heap_under_another_card(frame, z, r, [c for c in cards if c is not r])
            for z, r in zip(zones, readings, strict=True)
        ]
        readings = [
            _off_the_middle_by_a_heap(frame, z, r) for z, r in zip(zones, readings, strict=True)
        ]
        readings = [
            _fanned_from_under_the_top_card(frame, z, r)
            for z, r in zip(zones, readings, strict=True)
        ]
        readings = consistent_sizes(readings)
        readings = [
            part_fitted_to_a_guess(frame, z, self.profile, r, [c for c in readings if c is not r])
            for z, r in zip(zones, readings, strict=True)
        ]
        readings = [
            _strayed_beside_a_whole_card(frame, z, r) for z, r in zip(zones, readings, strict=True)
        ]
        return [face_doubt_named(r) for r in readings]


def part_fitted_to_a_guess(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    r: Reading,
    others: Sequence[Reading],
) -> Reading:
    """``r``, or what a look beyond the zone's guess of the size reads (a doubt when it
    reads no card) when ``r`` is a card claimed on an outline fitted squat to that guess
    (``zone._squat_fitted_to_a_guess``) and no card is read among the ``others``. Such an
    outline may frame part of a card, one side across its face, or a whole card a tilted
    camera squeezed: the cards read elsewhere tell which, held against its size
    (``consistent_sizes``, ``_smaller_than_the_others``); with none read, only the whole
    card found at a size known well beyond the guess does. Judged once every zone is read:
    until then its size leads the other zones' looks, as any card's does. Tuning phone_dim
    clone seed 2273003 seat 2: a 3 strawberry + 1 plum framed so on its lower row (0.82),
    read 1 strawberry + 1 plum, no other card read. Seed 965031: seat 0, a 3 banana + 1 lime
    framed so on its upper half (0.82), read 2 banana, lent seat 2 the size its whole
    1 strawberry + 3 lime was found at, and was then too small beside it (doubted at once,
    seat 2 was left unread). Tuning tilt_hard deluxe seed 2289001 seat 1: a 1 strawberry
    squeezed to 0.82, four cards read beside it, a card."""
    if r.state != State.CARD or r.why != SQUAT_FITTED_TO_A_GUESS or _cards(others):
        return r
    whole = run(_beyond_the_zone_guess_steps(frame, zone, profile))
    if whole is not None:
        return whole
    return Reading.of_doubt(Doubt.SQUAT_FITTED_OUTLINE, corners=r.corners, area=r.area)


def face_doubt_named(r: Reading) -> Reading:
    """The reading the policy gives for ``r``: where no look read a whole card and a search
    framed the card's outline, its face doubted (``Reading.framed``), that doubt, which says
    why the card was not read (a reflection over its face, say), where "no whole card" says
    its outline was not found. Named last: every look the policy makes where no whole card
    was read is made all the same. The state is the same (unknown) either way."""
    if r.doubt is Doubt.NO_WHOLE_CARD and r.framed is not None:
        return r.framed
    return r


# Doubts a card's read raises about its print that a look with the size the other cards show
# raises where a look at the zone's guess read a card: the symbols there are cut, smaller
# than others, or off the places a whole card prints them, so the card read at the guess was
# part of one (``_smaller_than_the_others``). Or a reflection over the face of the whole card
# found at their size: the guess framed the part beside it, and the symbols the reflection
# washes out lie in the rest (tuning night, clone, seed 326501 seat 1: a 3 banana + 1 plum,
# its plum and third banana under a lamp's reflection, framed round the two bananas beside it
# at 0.75 of the other card's size and read 2 banana).
_PRINT_NOT_A_WHOLE_CARD_S = frozenset(
    {
        Doubt.SYMBOL_SMALLER_THAN_OTHERS,
        Doubt.SYMBOL_CUT_BY_OUTLINE,
        Doubt.LARGE_BLOB_CUT,
        Doubt.SYMBOLS_OFF_CENTRE,
        Doubt.OFF_THE_PRINT_LAYOUT,
        Doubt.SYMBOL_WITHOUT_PARTNER,
        Doubt.BLOB_BETWEEN_COUNTS,
        Doubt.GLARE_OVER_FACE,
    }
)


# Doubts of a card's count raised on its whole card's outline, framed and checked: a
# reflection washed one of its symbols out. Where its count cannot be trusted, that outline
# still says a card's size at its place, as a card read does (``_smaller_than_the_others``;
# check seed 375502, style tilt_hard, clone: seat 5, a 3 banana + 1 plum so doubted, is what
# holds the far seat 2's small 1 banana + 3 lime against the perspective of two cards, not
# the size of seat 0's near card alone, at which no whole card is found there).
_WHOLE_CARD_FRAMED_UNDER = frozenset({Doubt.PALE_PRINT_AT_A_PARTNER_S_PLACE})


def _framed_whole(readings: Sequence[Reading]) -> list[Reading]:
    """The readings doubted for one of ``_WHOLE_CARD_FRAMED_UNDER`` that carry the outline."""
    return [
        r
        for r in readings
        if r.doubt in _WHOLE_CARD_FRAMED_UNDER and r.corners is not None and r.dims is not None
    ]


def _smaller_than_the_others(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile,
    r: Reading,
    readings: Sequence[Reading],
) -> Reading:
    """``r``, a card a second look framed with no card read elsewhere (at the size the
    zone's outline guesses, to three tenths), or a doubt when it is smaller than the other
    ``readings``' cards predict at its place (``card_dims_at``) by more than
    ``Tuning.guessed_size_least`` and a second look with their size reads another card, or
    doubts the print it frames for one whole card's (``_PRINT_NOT_A_WHOLE_CARD_S``; a look
    that finds no whole card or an arm there says nothing of that print): so loose a size
    lets the outline frame part of a card, one side across its face (tuning night clone
    seed 316002 seat 0: a 3 strawberry + 1 lime framed at 0.85 of the others' size without
    its two strawberries, read 1 strawberry + 1 lime; at their size, a symbol cut smaller
    than the others). A whole card that the few cards read misjudge as small reads the same
    at their size, or is not found there. Larger is left alone: a card is not smaller than
    its outline.

    Beside one other card, its size as it is: that card's perspective, from corners a pixel
    or so off, can predict a size well off (own tilt_hard seed 1655002 seat 4: a 4 banana
    framed round two of its bananas at 0.47 of the one card's area, the size its perspective
    predicted there, read 2 banana; at that card's own size, 4 banana)."""
    others = [c for c in _cards(readings) + _framed_whole(readings) if c is not r]
    if r.state != State.CARD or r.corners is None or not others:
        return r
    one = others[0].dims if len(others) == 1 else None  # that one card's size as it is
    short, long_ = one or card_dims_at(others, zone)
    if math.sqrt(r.area / (short * long_)) >= T.guessed_size_least:
        return r
    if one is not None:
        again, _ = run(_loose_look_steps(frame, zone, profile, others, search_dims=(short, long_)))
    else:
        again = _second_look(frame, zone, profile, others, r)
    if again.state == State.CARD and again.card == r.card:
        return r
    if (
        again.state != State.CARD
        and again.doubt not in _PRINT_NOT_A_WHOLE_CARD_S
        and not _far_smaller(r, card_dims_at(others, zone))
    ):
        return r  # no whole card, or an arm, at their size: nothing said of the print framed
    return Reading.of_doubt(
        Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE, corners=r.corners, area=r.area
    )


def _far_smaller(r: Reading, predicted: tuple[float, float]) -> bool:
    """``r``'s outline is smaller than ``Tuning.far_smaller_least`` of the side the other
    cards predict at its place (``predicted``, short by long; beside one other card, from
    that card's perspective, which a tilted camera's far card matches where the other card's
    size as it is does not): too small for a whole card, so a look at their size that finds
    no whole card does not excuse it."""
    short, long_ = predicted
    return math.sqrt(r.area / (short * long_)) < T.far_smaller_least


def _steep_cards(
    frame: np.ndarray,
    zones: Sequence[np.ndarray],
    readings: Sequence[Reading],
    profile: Profile,
) -> dict[int, Reading]:
    """For a frame whose first looks read no card: the cards the doubtful zones show on the
    outline of a white a steep tilt squeezed past the usual one (``zone.steep_outline``),
    read strictly, by zone. A camera at the table's side, tilted 35 to 50 degrees, squeezes
    every card so: with no card read, no second look had a size or a squeeze to find any
    (tuning tilt_hard own seed 900036: three clear top cards, none read; with the one such
    outline there, a 5 lime, all three)."""
    found = {}
    for i, (zone, r) in enumerate(zip(zones, readings, strict=True)):
        if r.state not in _DOUBT:
            continue
        quad = steep_outline(frame, zone)
        if quad is None:
            continue
        got = read_card_image(_warp(frame, quad), profile, strict_edge=True)
        if got.state == State.CARD:
            area = abs(float(cv2.contourArea(quad)))
            found[i] = Reading(State.CARD, got.card, got.confidence, quad, area, "steep")
    if not found:
        found = _sheared_cards(frame, zones, readings, profile)
    return found


def _sheared_cards(
    frame: np.ndarray,
    zones: Sequence[np.ndarray],
    readings: Sequence[Reading],
    profile: Profile,
) -> dict[int, Reading]:
    """``_steep_cards`` where no zone shows a steep outline of white either: the cards the
    doubtful zones show on sheared outlines found on edges (``zone.sheared_outlines_at``),
    read strictly, by zone. Under a camera at the table's side each top card's white runs
    into the cards under it, and no outline of white frames one (tuning tilt_hard own seeds
    930621 and 930628: four and five clear top cards, none read; with one such card, all)."""
    found = {}
    for i, (zone, r) in enumerate(zip(zones, readings, strict=True)):
        if r.state != State.UNKNOWN:
            continue
        for quad in sheared_outlines_at(frame, zone):
            got = read_card_image(_warp(frame, quad), profile, strict_edge=True, one_size=True)
            if got.state == State.CARD:
                area = abs(float(cv2.contourArea(quad)))
                found[i] = Reading(State.CARD, got.card, got.confidence, quad, area, "sheared")
                break
    return found


def _others(steep: dict[int, Reading], seat: int, readings: Sequence[Reading]) -> list[Reading]:
    """The ``steep`` cards (``_steep_cards``) another zone's look may learn from: those of
    other zones not read yet (a zone read is known by its reading)."""
    return [r for i, r in steep.items() if i != seat and readings[i].state != State.CARD]


def _squat_straightened_beside_an_arm(
    frame: np.ndarray, zone: np.ndarray, r: Reading, others: Sequence[Reading]
) -> Reading:
    """``r``, or ``Doubt.ARM_ACROSS_A_SQUAT_OUTLINE`` when it claims a card whose outline,
    with the squeeze the ``others`` show there undone (``straightener_at``), is squatter than
    a card's (``Tuning.squat_straightened``) and an arm comes into the zone
    (``Tuning.foreign_occluded``): the first look's check (``zone._squat_beside_an_arm``) on
    the outline as a tilted camera's squeeze leaves it, where a sleeve cut the card short
    along its long side and the squeeze made the part in view look a card's proportions
    (tuning tilt_hard scans seed 910025 seat 0: a 3 lime under a sleeve, 0.67 in the image,
    0.86 straightened, read as 2 lime). Where no squeeze is seen, the first look judged it."""
    if r.state != State.CARD or r.corners is None or not others:
        return r
    straighten = straightener_at(others, zone)
    if straighten is None:
        return r
    quad = np.asarray(r.corners, np.float64).reshape(4, 2) @ np.asarray(straighten).T
    short, long_ = _dims_of(quad.astype(np.float32))
    if short < T.squat_straightened * long_:
        return r
    look = first_look(frame, np.asarray(zone, np.float32).reshape(-1, 2))
    if look is None or _foreign_fraction(look.crop, look.local, look.white) < T.foreign_occluded:
        return r
    return Reading.of_doubt(Doubt.ARM_ACROSS_A_SQUAT_OUTLINE, corners=r.corners, area=r.area)


def _beside_a_heap_under_another_card(
    frame: np.ndarray, zone: np.ndarray, r: Reading, others: Sequence[Reading]
) -> Reading:
    """``r``, or ``Doubt.HEAP_AT_THE_MIDDLE_UNDER_ANOTHER_CARD`` when it claims a card well off
    the zone's middle (``Tuning.whole_beside_off_centre`` widths or more), the middle outside
    its outline on a heap of card white not its own (``Tuning.heap_at_the_middle`` of its
    area or more), and that heap runs up against a card read in another zone: a card over
    the pile may hide its top card's outline, and the one whole card in view be the pile's
    bottom card fanned out beside it (tuning offzone, clone, seed 324000 seat 1: a 1 banana
    + 2 lime at the middle, its corner under the next pile's card, read as the 2 lime + 1
    plum under it). The covered cards a top card off its place leaves at the middle lie
    under that card, clear of other piles."""
    if not others:
        return r
    looked = _looked_at_off_the_middle(frame, zone, r, T.whole_beside_off_centre)
    if looked is None:
        return r
    look, quad = looked
    origin = np.asarray(look.origin, np.float32)
    heap = _white_at_the_middle(look.white, look.local, quad)
    if heap is None:
        return r
    near = cv2.dilate(heap, np.ones((5, 5), np.uint8))
    for other in others:
        over = np.zeros_like(heap)
        cv2.fillPoly(over, [np.round(other.outline - origin).astype(np.int32)], 1)
        if cv2.countNonZero(near & over):
            return Reading.of_doubt(
                Doubt.HEAP_AT_THE_MIDDLE_UNDER_ANOTHER_CARD, corners=r.corners, area=r.area
            )
    return r


def _off_the_middle_by_a_heap(frame: np.ndarray, zone: np.ndarray, r: Reading) -> Reading:
    """``r``, or a doubt when it claims a card off the zone's middle by a heap of other cards:
    over covered cards another card lies over too (``Tuning.same_heap_off_centre`` widths off
    or more, ``_another_card_on_the_same_heap``), or lying alone on the table far off
    (``Tuning.alone_off_centre`` or more, ``_alone_beside_a_heap``). The zone's first look and
    its blobs of white are taken once for both."""
    least = min(T.same_heap_off_centre, T.alone_off_centre)
    looked = _looked_at_off_the_middle(frame, zone, r, least)
    if looked is None:
        return r
    look, quad = looked
    blobs = _white_blobs_around(look.white, quad)
    if blobs is None:
        return r
    labels, own, against = blobs
    if against:  # other cards' white against it: it lies on a pile
        doubt = _another_card_on_the_same_heap(labels, own, against, quad)
        doubt = doubt or _beside_the_heap_at_the_middle(look, labels, own, quad)
    elif _off_centre(quad, look.local) >= T.alone_off_centre:
        doubt = _alone_beside_a_heap(labels, own, quad)
    else:
        doubt = None
    if doubt is None:
        return r
    return Reading.of_doubt(doubt, corners=r.corners, area=r.area)


def _alone_beside_a_heap(labels: np.ndarray, own: int, quad: np.ndarray) -> Doubt | None:
    """``Doubt.ALONE_BESIDE_A_HEAP`` for a card far off the zone's middle that lies alone on
    the table (its white, blob ``own`` of ``labels``, with no other card's within
    ``Tuning.alone_margin`` of its outline ``quad``), when other cards' white in the read
    area comes to ``Tuning.heap_beside_a_lone_card`` of its area or more: a top card lies on
    its pile, and the heap beside it is the pile whose top card the look did not find (offzone,
    clone, seed 1699016 seat 4: a 3 banana + 1 strawberry alone on the table 0.96 widths off,
    the pile's 3 banana + 1 lime at the zone's edge under it, read 3 banana + 1 strawberry)."""
    others = int(np.count_nonzero(labels)) - int(np.count_nonzero(labels == own))
    if others < T.heap_beside_a_lone_card * cv2.contourArea(quad):
        return None
    return Doubt.ALONE_BESIDE_A_HEAP


def _beside_the_heap_at_the_middle(
    look: FirstLook, labels: np.ndarray, own: int, quad: np.ndarray
) -> Doubt | None:
    """``Doubt.ALONE_BESIDE_A_HEAP`` for a card whose outline ``quad`` leaves the zone's
    middle outside it on a heap of other cards' white (``_white_at_the_middle``) apart from
    its own, spread over ``Tuning.heap_beside_spread`` of a card or more, when other cards'
    white lies against its sides (``_sides_against_other_white``) along no more than
    ``Tuning.heap_beside_touch`` of them: the card lies beside the heap, not over covered
    cards, which run under a top card along much of its sides or join its white (scans,
    offzone, seed 2334013 seat 5: a 2 plum on top over its heap, the heap its own white,
    other white along 0.09 of its sides). The heap is the pile whose top card the look did
    not find (its white merged with the card under it), and the one read a covered card
    lying whole beside it (tuning offzone, Deluxe, seed 2151009 seat 0: a 5 strawberry
    beside the pile's 5 banana, read 5 strawberry)."""
    heap = _white_at_the_middle(look.white, look.local, quad)
    if heap is None or np.any(heap[labels == own]):
        return None  # no heap, or the card's own white runs on into it: it lies over it
    contours, _ = cv2.findContours(heap, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    spread = cv2.contourArea(cv2.convexHull(np.vstack(contours)))
    if spread < T.heap_beside_spread * cv2.contourArea(quad):
        return None  # no more than a card at the middle: a covered card, not a pile's top
    if _sides_against_other_white(labels, own, quad) > T.heap_beside_touch:
        return None
    return Doubt.ALONE_BESIDE_A_HEAP


def _sides_against_other_white(labels: np.ndarray, own: int, quad: np.ndarray) -> float:
    """The share of points along the sides of the outline ``quad`` (their ends left out: the
    corners round off) with white of a blob of ``labels`` other than ``own`` within
    ``Tuning.alone_margin`` of its short side (as ``_white_blobs_around`` takes a card's
    neighbours)."""
    other = ((labels != 0) & (labels != own)).astype(np.uint8)
    reach = 2 * round(T.alone_margin * _dims_of(quad)[0]) + 1
    near = cv2.dilate(other, np.ones((reach, reach), np.uint8))
    ts = np.linspace(0.05, 0.95, 40, dtype=np.float32)[:, None]
    pts = np.concatenate([quad[i] + ts * (quad[(i + 1) % 4] - quad[i]) for i in range(4)])
    xy = np.round(pts).astype(np.int32)
    h, w = near.shape
    seen = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
    if not seen.any():
        return 0.0
    return float(np.count_nonzero(near[xy[seen, 1], xy[seen, 0]])) / int(np.count_nonzero(seen))


def _white_blobs_around(
    white: np.ndarray, quad: np.ndarray
) -> tuple[np.ndarray, int, set[int]] | None:
    """The blobs of card ``white`` (labels), the one the outline ``quad`` holds most of (its
    own), and the others within ``Tuning.alone_margin`` of the outline (the cards its own
    lies against); None when the white holds fewer than two blobs or none in the outline."""
    count, labels = cv2.connectedComponents(white)
    inside = np.zeros(white.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 1)
    within = np.bincount(labels[inside > 0], minlength=count)
    if count < 3 or within[1:].max() == 0:
        return None
    own = int(np.argmax(within[1:])) + 1
    reach = 2 * round(T.alone_margin * _dims_of(quad)[0]) + 1
    around = labels[cv2.dilate(inside, np.ones((reach, reach), np.uint8)) > 0]
    return labels, own, {int(b) for b in np.unique(around)} - {0, own}


def _another_card_on_the_same_heap(
    labels: np.ndarray, own: int, under: set[int], quad: np.ndarray
) -> Doubt | None:
    """``Doubt.ANOTHER_CARD_ON_THE_SAME_HEAP`` for a card off the zone's middle lying
    over covered cards (its white, blob ``own`` of ``labels``, against the blobs ``under``;
    its outline ``quad``), when another card's white lies over those same cards apart from
    it (``_a_card_on_top``): two cards lie over the heap, neither over the other, and either
    may be the pile's top card (tuning offzone, clone, seed 1725001 seat 0: a 2 banana + 1
    strawberry fanned out 0.89 widths off, the pile's 2 banana + 2 plum beside it over the
    same covered card, read 2 banana + 1 strawberry). A top card off its place has only
    covered cards beside it, and their white is cut by the cards over them."""
    card_area = cv2.contourArea(quad)
    for blob in range(1, int(labels.max()) + 1):
        if blob == own or blob in under:
            continue
        mask = (labels == blob).astype(np.uint8)
        touching = set(np.unique(labels[cv2.dilate(mask, np.ones((5, 5), np.uint8)) > 0]))
        if touching & under and _a_card_on_top(labels, blob, card_area):
            return Doubt.ANOTHER_CARD_ON_THE_SAME_HEAP
    return None


def _a_card_on_top(labels: np.ndarray, blob: int, card_area: float) -> bool:
    """The white blob ``blob`` of ``labels`` is a card with nothing over it: as large as
    ``Tuning.top_beside_white`` of a card (``card_area``) or more, filling
    ``Tuning.top_beside_fill`` of its smallest rectangle, with no more than
    ``Tuning.top_beside_clear`` of that rectangle other cards' white (a covered card's white
    is cut by the card over it, which lies in its rectangle)."""
    mask = (labels == blob).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contour = max(contours, key=cv2.contourArea)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, [contour], -1, 1, -1)
    size = cv2.countNonZero(filled)
    if size < T.top_beside_white * card_area:
        return False
    rect = np.zeros_like(mask)
    box = cv2.boxPoints(cv2.minAreaRect(contour))
    cv2.fillPoly(rect, [np.round(box).astype(np.int32)], 1)
    room = max(cv2.countNonZero(rect), 1)
    others = int(np.count_nonzero((labels != 0) & (labels != blob) & (rect > 0)))
    return size >= T.top_beside_fill * room and others <= T.top_beside_clear * room


def _looked_at_off_the_middle(
    frame: np.ndarray, zone: np.ndarray, r: Reading, least: float
) -> tuple[FirstLook, np.ndarray] | None:
    """The zone's first look and the outline of the card ``r`` claims in its pixels, when
    that card lies ``least`` card widths or more off the zone's middle; else None. The
    distance is judged first, in frame pixels: the look at the zone is paid for only by a
    card off its place."""
    if r.state != State.CARD or r.corners is None:
        return None
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    corners = np.asarray(r.corners, np.float32).reshape(4, 2)
    if _off_centre(corners, zone) < least:
        return None
    look = first_look(frame, zone)
    if look is None:
        return None
    return look, corners - np.asarray(look.origin, np.float32)


def _white_at_the_middle(
    white: np.ndarray, local: np.ndarray, quad: np.ndarray
) -> np.ndarray | None:
    """The blob of card ``white`` (a 0/1 mask) at the middle of the zone ``local``, when the
    middle lies outside the outline ``quad`` and the blob is not the outline's own and
    covers ``Tuning.heap_at_the_middle`` of its area or more; else None."""
    middle = local.mean(0)
    x, y = int(round(float(middle[0]))), int(round(float(middle[1])))
    h, w = white.shape
    if _inside(middle, quad) or not (0 <= x < w and 0 <= y < h):
        return None
    _, labels = cv2.connectedComponents(white)
    at = int(labels[y, x])
    if at == 0:
        return None  # print or table at the middle, no white
    blob = (labels == at).astype(np.uint8)
    inside = np.zeros_like(blob)
    cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 1)
    if cv2.countNonZero(blob & inside) > cv2.countNonZero(blob) // 2:
        return None  # the outline's own white, reaching past it
    if cv2.countNonZero(blob) < T.heap_at_the_middle * cv2.contourArea(quad):
        return None
    return blob


def _read_again_in_view(frame: np.ndarray, zone: np.ndarray, r: Reading) -> bool:
    """A zone's first look read no card and nothing over it (unknown), and the zone runs past
    the frame's border: it is read again moved into view (``in_view``), and a card read so
    is kept. Read where it is drawn, the pile lies at the read area's side, its white beside
    cut-off covered cards at the border (tuning style ``edge``: "no whole card"); a reading
    as drawn that found a card or an arm stands."""
    if r.state != State.UNKNOWN:
        return False
    z = np.asarray(zone, np.float32).reshape(-1, 2)
    return not np.array_equal(in_view(z, frame), z)


def _first_read(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    expect_area: float | None = None,
    defer_checks: bool = False,
) -> Reading:
    """``read_zone`` of ``zone``, read again moved into view when ``_read_again_in_view``."""

    def read(z: np.ndarray) -> Reading:
        return read_zone(frame, z, profile, expect_area=expect_area, defer_checks=defer_checks)

    r = read(zone)
    if not _read_again_in_view(frame, zone, r):
        return r
    again = read(in_view(zone, frame))
    return again if again.state == State.CARD else r


def in_view(zone: np.ndarray, frame: np.ndarray) -> np.ndarray:
    """``zone`` (frame pixels) moved into the frame by as much as it runs past the frame's
    border, up to ``Tuning.into_view_most`` of its width (or height): where a pile drawn
    round by a zone past the border (a camera placed a little off the layout) lies, in the
    part in view (a card there was judged "off the pile": tuning style ``edge``). The zone is
    read where it is drawn; where its pile lies is judged by this, and a zone whose reading
    found nothing is read here again (``_read_again_in_view``). A zone within the frame is as
    it is."""
    z = np.asarray(zone, np.float32).reshape(-1, 2)
    lo, hi = z.min(0), z.max(0)
    end = np.array([frame.shape[1] - 1, frame.shape[0] - 1], np.float32)
    over = np.maximum(0.0, -lo) - np.maximum(0.0, hi - end)
    if not over.any():
        return z
    most = T.into_view_most * (hi - lo)
    return (z + np.clip(over, -most, most)).astype(np.float32)


def _read_and_checked(r: Reading) -> bool:
    return r.state == State.CARD and r.checked and r.card is not None


def _cards(known: Sequence[Reading]) -> list[Reading]:
    return [r for r in known if r.state == State.CARD and r.corners is not None]


def read_zones(
    frame: np.ndarray, zones: Sequence[np.ndarray], profile: Profile | None = None
) -> list[Reading]:
    """Read every zone of a frame with the one reading policy (``ZoneReader``)."""
    return ZoneReader(profile).read(frame, zones)


def _second_look(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    first: Reading | None = None,
) -> Reading:
    return run(_second_look_steps(frame, zone, profile, seen, first))


def _second_look_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    first: Reading | None = None,
    evened: bool = False,
) -> Steps[Reading]:
    """Another look at a zone whose ``first`` reading was a doubt, with the card size the
    cards ``seen`` elsewhere show. It may find the card; it never finds the pile gone: a
    zone whose first look showed a pile or an arm is not empty because a look at another
    scale (which lights and smooths the read area otherwise, in low light) found no white.
    ``evened``: a look at the frame with the read area's light evened out already (no
    other is made then)."""
    r, straightened = yield from _second_look_claim_steps(frame, zone, profile, seen)
    if r.doubt is Doubt.NO_WHOLE_CARD and seen:
        squeezed = straightener_at(seen, zone) is not None
        if _plane_worth_a_look(squeezed, seen, zone):
            # A steep tilt shears a far card past what a straightened view undoes, and too
            # few cards read give a tilted camera's card size loosely: looked at once more in
            # the table's plane, which the cards read fix. (Only where no whole card was
            # found: a doubt about a card found, or an arm seen, stands.)
            yield
            plane = yield from _rectified_look_steps(frame, zone, profile, seen)
            if plane is not None and _plane_card_stands(frame, squeezed, plane):
                yield  # the face read again on the frame as it is, a step of its own
                r, straightened = _plane_face_as_it_is(frame, profile, plane), True
    if not evened and r.state != State.CARD and _unlit(r, first):
        # No card white found, or white but no whole card, where the light changes across
        # the read area (a window's from one side, and its wash): looked at once more with
        # that light evened out (``zone.evened_around``), as a whole second look; only a
        # card it reads stands (its checks made on the evened view), and only when its face,
        # read again on the frame as it is, shows the same card: the evening finds the
        # outline, but it darkens the light a reflection's doubts rest on (tuning lamp
        # 930204 seat 5, own art: a 3 strawberry under a reflection read 2 on the evened
        # view, ``GLARE_OVER_FACE`` on the frame).
        lit = evened_around(frame, zone)
        if lit is not None:
            yield
            again = yield from _second_look_steps(lit, zone, profile, seen, first, evened=True)
            if again.state == State.CARD and again.corners is not None:
                yield
                face = read_card_image(
                    _warp(frame, again.corners), profile or load_profile("classic")
                )
                if face.state == State.CARD and face.card == again.card:
                    return again
                if face.doubt is not None:
                    return Reading.of_doubt(face.doubt, corners=again.corners, area=again.area)
    return (
        yield from _second_look_checked_steps(frame, zone, profile, seen, first, r, straightened)
    )


def _second_look_checked_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    first: Reading | None,
    r: Reading,
    straightened: bool,
) -> Steps[Reading]:
    """What a second look's reading ``r`` (made in a view ``straightened`` for a tilted
    camera, or not) gives, after the ``first`` look: a card it claims meets the checks of a
    card the first look doubted."""
    if r.state == State.EMPTY and first is not None and first.state in _DOUBT:
        return first
    if r.doubt is Doubt.ARM_OVER_EMPTY_ZONE and first is not None and first.state == State.UNKNOWN:
        # The same holds for "no card; an arm": that look found no white, where the first
        # saw a card it could not read (in low light, an unlit second look made the pile
        # seem gone and its table "an arm").
        return first
    if first is not None and _covered_card_claimed_again(r, first):
        # The first look saw another card's white over this card's side: the card over it
        # is the pile's top card, whatever size a second look outlines it at
        # (offzone, scans, seed 310001 seat 3: a 1 strawberry fanned out whole beside its
        # pile, the 3 banana on top over its side, read 1 strawberry on the second look).
        return first
    if first is not None and _edge_across_claimed_again(frame, r, first):
        # The first look saw another card's straight side across this very card's face, and
        # the outline the second look claims has another card's side across it: that card
        # lies over it and is the pile's top card (offzone, own art, seed 2214228 seat 1: a
        # 1 strawberry under the top card's corner, read 1 strawberry for the 3 plum on top,
        # whose other corner the next pile's cards hide).
        return Reading.of_doubt(Doubt.ANOTHER_CARD_OVER_IT, corners=r.corners, area=r.area)
    if first is not None and _other_of_two_cards_claimed(zone, r, first):
        # The first look saw two whole cards in the zone, either of them on top, and read
        # one lying off the zone's middle: a second look that claims the other has not told
        # which lies on top (offzone, own art, seed 2354002 seat 2: the 2 lime on top read
        # and doubted beside a 5 banana whose side runs under its corner, which the second
        # look claimed).
        return first
    if r.state == State.CARD and r.why == "refined" and first is not None:
        yield  # the search beside each side is a step of its own
        if (yield from _whole_card_against_a_side_steps(frame, r, profile)):
            # The first look doubted the zone, and the second look refined an outline onto
            # a whole card with another whole card against one of its sides, no other
            # card's side across it: which of the two is on top is not clear (offzone,
            # Deluxe, seed 2384001 seat 2: the 2 lime under the pile's silver 5 lime but
            # for its corner, claimed for it).
            return Reading.of_doubt(Doubt.TWO_CARDS_EITHER_ON_TOP, corners=r.corners, area=r.area)
    if _strayed_beside_arm(zone, r, first):
        # The first look saw an arm over the pile, and the card found now lies away from
        # the zone's middle: the pile's top card may be under the arm, and the card in
        # view one that strayed from under it (as the first look holds it, zone.py).
        return Reading.of_doubt(Doubt.ARM_AND_STRAYED_CARD, corners=r.corners, area=r.area)
    if _side_within_beside_an_arm(frame, r, first):
        # The first look saw an arm over the pile, and the outline of white the second look
        # claims has another card's side within it: the pile's top card, partly under the
        # arm, lies over a covered card, and the outline took in the part of each in view
        # (rotated, clone, seed 2511002 seat 3: a 3 banana + 1 plum under an arm, its upper
        # side across a covered card's lime, outlined with it and read 2 banana + 1 lime,
        # 0.43 widths off the middle at 0.45).
        return Reading.of_doubt(Doubt.SIDE_WITHIN_IT, corners=r.corners, area=r.area)
    if (
        r.state == State.CARD
        and (r.why not in EDGE_FOUND or _squat_on_edges(r))
        and (straightened or _size_unsure(seen, zone))
    ):
        # A card the first look doubted, claimed now on the outline of its white (not one
        # found with all four sides whole on edges), in a view straightened for a tilted
        # camera or with a size too few cards predicted: another card's side across it
        # says it is a covered card in nearly full view beside the top card (a steep tilt
        # squeezes the top card past a first look's outline), or an outline across the top
        # card's face that a size too small let in (tuning dark clone seed 710004 seat 4:
        # two cards read, a card's upper half with a covered card's plum beside it claimed).
        # (Not for views left as they are with the size a plane over three cards or more
        # fits: there the check doubted a few cards read right on tuning scenes, and no
        # wrong one.)
        yield
        doubt = _not_its_own_outline(frame, r.outline)
        if doubt is not None:
            found = yield from _on_its_edges_steps(frame, zone, profile, r)
            if found is not None:
                return found
            return Reading.of_doubt(doubt, corners=r.corners, area=r.area)
    if _loosely_outlined(r):
        # A card claimed on a loose outline of white, all of it short of a card's shape:
        # white that ran on past the top card's side into a card under it may have been
        # outlined across both, another card's side within it (tuning cloth, clone, seed
        # 1702007 seat 5: a 1 banana + 1 lime under a lamp and the banana of the card under
        # it, outlined together at 0.31, read 2 banana). The top card found on its edges
        # alone stands.
        yield
        if side_within(frame, r.outline):
            found = yield from _on_its_edges_steps(frame, zone, profile, r)
            if found is not None:
                return found
            return Reading.of_doubt(Doubt.SIDE_WITHIN_IT, corners=r.corners, area=r.area)
    if _framed_beside_the_middle(zone, r):
        # A card framed well off the zone's middle with the size other cards show, another
        # card's side across it: the part of a covered card in view beside the top card,
        # whatever found it (its sides on edges: the top card's side is one).
        yield
        if covered_outline(frame, r.outline):
            return Reading.of_doubt(Doubt.ANOTHER_CARD_OVER_IT, corners=r.corners, area=r.area)
        if side_within(frame, r.outline) or _side_within_in_pieces(frame, r.outline):
            return Reading.of_doubt(Doubt.SIDE_WITHIN_IT, corners=r.corners, area=r.area)
        if straightened and _side_across_the_top_face(frame, r):
            return Reading.of_doubt(Doubt.SIDE_OVER_A_FACE, corners=r.corners, area=r.area)
    return r


def _whole_card_against_a_side_steps(
    frame: np.ndarray, r: Reading, profile: Profile | None
) -> Steps[bool]:
    """Another whole card of the size of the card ``r`` claims lies against one of its
    sides: a card-sized outline on edges all round, its centre within a card of the place
    one card across that side, reading another card (strictly; drawn in a little where
    the strict read says it cuts a shape, ``outlines._read_within``), with no other card's
    side across it (``covered_outline``). The search around the card alone
    (``outlines._another_card_across_steps``) keeps the placements the card read itself
    fills best, and misses a silver five against it, whose sides on another silver card
    step little (offzone, Deluxe, seed 2384001 seat 2)."""
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    short, long_ = _dims_of(quad)
    h, w = frame.shape[:2]
    centre = quad.mean(0)
    # The view the search looks at: every place one card across a side, and a card's
    # length round it (the edges' distances near a placement's sides need the margin).
    x0, y0 = np.maximum(np.floor(centre - 2.5 * long_), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(centre + 2.5 * long_), (w, h)).astype(int)
    crop = frame[y0:y1, x0:x1]
    origin = np.array([x0, y0], np.float32)
    local = quad - origin
    profile = profile or load_profile("classic")
    for a, b in zip(local, np.roll(local, -1, axis=0), strict=True):
        along = float(np.linalg.norm(b - a))
        outward = np.array([b[1] - a[1], a[0] - b[0]], np.float32) / max(along, 1.0)
        if float(np.dot(outward, (a + b) / 2 - local.mean(0))) < 0:
            outward = -outward
        across = long_ if along < 0.5 * (short + long_) else short
        beside = (local + outward * across).astype(np.float32)
        yield
        for found in card_outlines(
            crop, (short, long_), T.against_size_tol, limit=3, within=beside
        ):
            other = found.astype(np.float32)
            shared, _ = cv2.intersectConvexConvex(other, local)
            if shared > T.beside_overlap * cv2.contourArea(local):
                continue  # the card read itself, or one over it
            corners = _order(other) + origin
            yield
            got = read_card_image(_warp(frame, corners), profile, strict_edge=True, one_size=True)
            if got.doubt in _CUT_AT_ITS_SIDE:
                got = _read_within(frame, corners, profile)
            another = got.state == State.CARD and got.card != r.card
            if another and not covered_outline(frame, corners):
                return True
    return False


def _side_across_the_top_face(frame: np.ndarray, r: Reading) -> bool:
    """The card ``r`` a second look framed beside the zone's middle on its white (not found
    on edges), in a view straightened for a tilted camera or in the table's plane, has a side
    on no step (``outlines.side_over_a_face`` at ``Tuning.plane_side_step_least``, as for a
    plane's card no squeeze explains): the card-sized rectangle took in the part in view of
    a covered card and the top card's lower part, one side across the top card's face. Check
    seed tilt_hard, clone, scene 355500 seat 0: a 1 lime + 2 plum on top, framed with the
    two bananas of the card under it, the side between its plums at 0.107 of the strongest
    side's step, read 2 banana + 1 lime + 1 plum; the top card's own side across the outline
    runs into those bananas, so no check of a side within it saw it. Right cards so framed:
    0.20 and up (tuning seed 2045000, every style: three, scan offzone 2286000 seat 1 the
    least; check seed 103500: two, 0.25 and up)."""
    if r.why in EDGE_FOUND:
        return False
    quad = np.asarray(r.outline, np.float32).reshape(4, 2)
    return side_over_a_face(frame, quad, T.plane_side_step_least)


def _side_within_in_pieces(frame: np.ndarray, quad: np.ndarray) -> bool:
    """``search.side_within_in_pieces``: another card's side within the outline ``quad`` as
    segments on one line that a symbol breaks."""
    # The search module reads zones with this policy: imported where it is used.
    from halli_pi.vision.reader.search import side_within_in_pieces

    return side_within_in_pieces(frame, quad)


# Doubts that say a look found no card white in a zone, or white but no whole card: a light
# that changes across the read area may be why (``_second_look_steps``'s evened look).
_UNLIT = frozenset(
    {
        Doubt.NO_WHOLE_CARD,
        Doubt.FACES_WITHOUT_WHITE,
        Doubt.UNLIKE_TABLE_NO_ARM_SEEN,
        Doubt.BRIGHT_WITHIN_NO_ARM_SEEN,
    }
)


def _unlit(r: Reading, first: Reading | None) -> bool:
    """The second look ``r``, or the ``first`` look when ``r`` names no doubt, found no card
    white or no whole card. A second look that doubted what it found for another reason (a
    reflection over the face, say) is not looked at again evened: the evening darkens the
    very light that doubt rests on (tuning lamp 930204 seat 5, a 3 strawberry whose
    ``GLARE_OVER_FACE`` an evened look read past as 2 strawberry)."""
    if r.doubt is not None:
        return r.doubt in _UNLIT
    return first is not None and first.doubt in _UNLIT


def _squat_on_edges(r: Reading) -> bool:
    """The outline of the card ``r`` claims, found on edges, is nearly square in the frame
    (its short side ``Tuning.squat_on_edges`` of its long one or more): a second look's
    outline refined onto the edges of part of a card (tuning steep clone seed 279004 seat 3,
    the top card's upper half, 0.94, read as 2 strawberry without its 2 plum) is looked at
    for another card's side across it as an outline of white is."""
    if r.corners is None:
        return False
    short, long_ = _dims_of(np.asarray(r.corners, np.float32).reshape(4, 2))
    return short >= T.squat_on_edges * long_


def _loosely_outlined(r: Reading) -> bool:
    """The card ``r`` claims was outlined on its white (not found on edges) with a confidence
    below ``Tuning.loose_outline_confidence``: the white's outline is far from a card's
    rectangle, and may take in part of another card."""
    return (
        r.state == State.CARD
        and r.why not in EDGE_FOUND
        and r.confidence < T.loose_outline_confidence
    )


def _framed_beside_the_middle(zone: np.ndarray, r: Reading) -> bool:
    """A card a second look claims lies ``Tuning.framed_off_centre`` card widths or more from
    the zone's middle: a pile's top card lies nearer it, a covered card beside it (a top card
    of another look than white, a silver five, lets a second look frame the covered card's
    part in view with the size the other cards show: tuning pale Deluxe seed 248001 seat 4,
    a 5 banana read as 2 lime, 0.93 from the middle). A card ``Tuning.off_the_pile`` away
    or more is left to ``_on_its_pile``, which doubts it anyway."""
    if r.state != State.CARD or r.corners is None:
        return False
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    off = _off_centre(quad, np.asarray(zone, np.float32).reshape(-1, 2))
    return T.framed_off_centre <= off < T.off_the_pile


def _rectified_look_steps(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None, seen: Sequence[Reading]
) -> Steps[Reading | None]:
    """A look at ``zone`` in the table's plane (``table_plane`` of the cards ``seen``), where
    the top card is a rectangle of a card's size: its reading when it is a card, else None."""
    plane = table_plane(seen)
    if plane is None:
        return None
    area = float(np.median([r.area for r in seen]))
    short = math.sqrt(area * CARD_ASPECT)
    # Fixed by too few cards around the table, the plane may misjudge the card's size here:
    # looked at again with its scale changed (``Tuning.few_cards_plane_scales``).
    few = _plane_at(seen, zone, np.zeros(len(seen))) is None
    for scale in (1.0, *(T.few_cards_plane_scales if few else T.fitted_plane_scales)):
        if scale != 1.0:
            yield
        r = yield from read_zone_steps(
            frame,
            zone,
            profile,
            expect_area=area,
            expect_dims=(short, short / CARD_ASPECT),
            rectify=np.diag([1 / scale, 1 / scale, 1.0]) @ plane,
        )
        if r.state == State.CARD:
            return r
    return None


def _plane_worth_a_look(squeezed: bool, seen: Sequence[Reading], zone: np.ndarray) -> bool:
    """A second look at ``zone`` that found no whole card is made once more in the table's
    plane: where the cards ``seen`` show a tilted camera's squeeze there (``squeezed``:
    ``straightener_at`` gives one), or (with ``Tuning.plane_when_size_unsure``) where they
    are too few to fit its change of size."""
    return squeezed or (T.plane_when_size_unsure and _size_unsure(seen, zone))


def _plane_card_stands(frame: np.ndarray, squeezed: bool, plane: Reading) -> bool:
    """A card the look in the table's plane read stands; where the cards read show no
    squeeze there (not ``squeezed``: the look made only because the size they give is
    unsure), only when no side of its outline lies over a face
    (``outlines.side_over_a_face``): with no tilt to undo, the plane's card-sized rectangle
    may be laid across a pile, its sides over the top card's face (tuning night, clone, seed
    275003 seat 0 on a fresh guard's seeds, 31000: a 1 lime + 1 plum read as 1 plum, the
    outline's side between the two symbols).
    A side over a face is judged there by a step a little larger than elsewhere
    (``Tuning.plane_side_step_least``): the plane's size, fixed loosely, lets the search
    frame part of a card, one side across its face on a dim view's noise."""
    if squeezed or plane.corners is None:
        return True
    quad = np.asarray(plane.corners, np.float32).reshape(4, 2)
    return not side_over_a_face(frame, quad, T.plane_side_step_least)


# Doubts a card's face read gives about what kind a symbol is: its colour between two kinds,
# or its print, seen through a reflection, of another kind's hue.
_KIND_DOUBTS = frozenset(
    {
        Doubt.COLOUR_BETWEEN_KINDS,
        Doubt.HUE_OF_THE_OTHER_KIND,
        Doubt.PALE_REST_OF_ANOTHER_HUE,
        Doubt.UNWASHED_PART_OF_SEVERAL_HUES,
    }
)


def _plane_face_as_it_is(frame: np.ndarray, profile: Profile | None, plane: Reading) -> Reading:
    """The card the look in the table's plane read, unless (on a deck of mixed cards) its
    face, read again on the frame as it is at the plane's outline, reads another card, or
    doubts what kind a symbol is (``_KIND_DOUBTS``): then that doubt, or
    ``Doubt.FACE_AS_IT_IS_READS_OTHERWISE``. The rectified view resamples the face and takes
    its white from the view around it: under a lamp's reflection a clone's lime, washed
    towards the bananas' yellow, passed there for a banana (tuning lamp, clone, seed 2374000
    seat 2: a 2 banana + 1 lime read 3 banana; on the frame as it is the lime's colour lies
    between the two kinds). Another doubt of the frame's read, about the light over the
    whole face, is not held against the plane's card: the plane's look judged that light on
    its own view (on Deluxe cards, tuning lamp seed 2180002 seat 1, a 2 strawberry under a
    reflection read right in the plane is "glare over the face" on the frame as it is)."""
    if profile is None or not profile.mixed:
        # Only for a deck whose cards show several kinds (a clone's), whose kinds sit near
        # each other in colour: a one-kind deck's card read in the plane in the dark (tuning
        # night, own art, seed 1650001 seat 2, a 1 strawberry) reads "colour between kinds"
        # on the frame as it is.
        return plane
    if plane.corners is None or _low_light_at(frame, plane.corners):
        # In low light the plane's view was smoothed and lifted: the frame as it is shows
        # the print through the sensor's noise, no fair second read (on scans, tuning dark
        # seed 258001 seat 0, a 2 strawberry read right in the plane is "colour between
        # kinds" on the noisy frame).
        return plane
    face = read_card_image(_warp(frame, plane.corners), profile)
    if face.state == State.CARD and face.card != plane.card:
        doubt = Doubt.FACE_AS_IT_IS_READS_OTHERWISE
    elif face.doubt in _KIND_DOUBTS:
        doubt = face.doubt
    else:
        return plane
    return Reading.of_doubt(doubt, corners=plane.corners, area=plane.area)


def _low_light_at(frame: np.ndarray, corners: np.ndarray) -> bool:
    """The frame around the outline ``corners`` is one a read smooths or lifts for low light
    (``light.steady``)."""
    quad = np.asarray(corners, np.float32).reshape(-1, 2)
    x0, y0, x1, y1 = zone_bbox(quad, (frame.shape[1], frame.shape[0]))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    return steady(np.ascontiguousarray(frame[y0:y1, x0:x1]), exposure(frame)) is not None


def _not_its_own_outline(frame: np.ndarray, quad: np.ndarray) -> Doubt | None:
    """Why the outline of card white ``quad`` a second look claimed may not be the card's own:
    another card's side across it, or a side of it over a face, on no edge (the white of the
    top card it runs on to). A window's light lifts both cards' faces to the sensor's top and
    leaves the shadow of the top card's side across a covered card too faint to be seen:
    only the side running on over the top card's face says so (tuning window, scan deck,
    seed 1650001 seat 2: a 1 strawberry on top, landscape, over a 2 strawberry whose upper
    third shows; the outline of the covered card, its lower part on the top card's face,
    read 2 strawberry). Only on a face so lit: in dim light every side's step is faint, and
    the weakest's share of the strongest says nothing (tuning night, own art, the same seed
    and seat: the top card's own outline, its sides' steps 20 levels at most).
    On a dim face (``Tuning.dim_face``), faint as they are, a top card's sides still step
    down to what is beyond them; a side past which the view is as bright as the face or
    brighter at every offset, the step at its largest ``Tuning.dim_side_step_most`` of the
    strongest side's or less, runs across a face that goes on past it (a guard seed's
    phone_dim, clone, scene 340501 seat 3: a 2 banana + 2 strawberry, a lamp's reflection
    over its strawberries, framed round its bananas at the one other card's size and read
    2 banana; the face past that side lit by the reflection)."""
    if covered_outline(frame, quad):
        return Doubt.ANOTHER_CARD_OVER_IT
    level = _percentile_u8(brightest(_warp(frame, quad)), 60)
    if level >= T.clipped_face and side_over_a_face(frame, quad, T.lit_side_step_least):
        return Doubt.SIDE_OVER_A_FACE
    if level <= T.dim_face and side_over_a_face(frame, quad, T.dim_side_step_most, down=True):
        return Doubt.SIDE_OVER_A_FACE
    return None


def _on_its_edges_steps(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None, doubted: Reading
) -> Steps[Reading | None]:
    """The card in ``zone`` found again on its edges alone, with the size of the outline
    ``doubted`` (another card's side seemed to cross it): a card-sized rectangle whose four
    sides all lie on edges, read strictly. An outline of card white that runs a few pixels
    past the top card takes in the sides of the cards under it, which then seem to cross it
    (tuning rotated, tilt, lamp and strays scenes: a top card in full view doubted so); the
    top card itself shows all four sides, a covered card does not. The reading when it is a
    card, else None."""
    yield
    got = yield from read_zone_steps(
        frame, zone, profile, search_dims=doubted.dims, edges_only=True
    )
    return got if got.state == State.CARD and got.why in EDGE_FOUND else None


def _darkest_look(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    r: Reading,
) -> Reading:
    return run(_darkest_look_steps(frame, zone, profile, seen, r))


def _darkest_look_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    r: Reading,
) -> Steps[Reading]:
    """The last look at a zone whose looks, with the cards ``seen`` elsewhere, all found no
    whole card (``r``): the card found on the edges of each pixel's darkest channel alone
    (``outlines.search_darkest_steps``), with the size those cards show there (searched
    loosely, then as known), meeting a second look's checks and ``_on_its_pile``; ``r`` when
    none is found. Made before a later look on the brightest channel's edges, it framed a
    neighbour where that look frames the top card (tuning dark, scans, seed 1686001 seat 2);
    made in a second look that more cards found later make again, it changed the cards
    those looks knew, and a zone read right before was lost (guard seed 82500, Deluxe noise
    313502 seat 2)."""
    if r.doubt is not Doubt.NO_WHOLE_CARD or not seen:
        return r
    yield
    got = yield from read_zone_steps(
        frame, zone, profile, search_dims=card_dims_at(seen, zone), darkest=True
    )
    if got.state != State.CARD:
        return r
    checked = yield from _second_look_checked_steps(frame, zone, profile, seen, r, got, False)
    return _on_its_pile(zone, checked, frame)


def _bitten_look(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None, r: Reading
) -> Reading:
    """The look after every other at a zone no look read a card in (``r`` unknown): a lone
    card whose white low light bit into, framed on that white's box where the first look's
    other outlines find no card (``zone.read_zone(..., bitten=True)``); ``r`` when none is
    read. After the second looks, not in the first: the box frames the white, which the dim
    light bit into short of the rim, so it is a little smaller than the card (Deluxe dark
    338501 seat 4: 0.95 and 0.97 of the card's sides); read at the first look, that size is
    what the other zones' second looks are told, and a card they read at the size the
    second look's own outline of that card gives was lost (seats 1 and 2)."""
    if r.state != State.UNKNOWN:
        return r
    got = read_zone(frame, zone, profile, bitten=True)
    if got.state != State.CARD:
        return r
    return _on_its_pile(zone, got, frame)


def _size_unsure(seen: Sequence[Reading], zone: np.ndarray) -> bool:
    """The card size a second look at ``zone`` used came from cards ``seen`` too few to fit
    a tilted camera's change of size over the image (one or two, or all near one line): it
    may be a fifth or more off there. (Not a look with no card seen at all, whose loose
    size is the zone's: a later look with the cards it finds reads the zone again; there
    the check doubted a card read right on a tuning dark scene, own seed 206508 seat 4.)"""
    return bool(seen) and _plane_at(seen, zone, np.zeros(len(seen))) is None


def _covered_card_claimed_again(r: Reading, first: Reading) -> bool:
    """The second look ``r`` claims the card whose whole outline the ``first`` look found
    with a side under another card, its centre within ``Tuning.same_card_apart`` of that
    outline's short side from the first outline's. (Second looks judge their outline's
    sides for no card over them, where they do judge its corners: a corner a first look
    doubted and a second look's outline shows clear may have been a first outline fitted a
    little past the card's white, as on phone_dim, own art, seed 306002 seat 0.)"""
    if first.doubt not in _SIDE_UNDER_ANOTHER_CARD or first.corners is None:
        return False
    if r.state != State.CARD or r.corners is None:
        return False
    return _same_card(r.corners, first.corners)


# A first look's doubts for a side of its whole outline under another card: that card's
# corner over the side, or its side along the outline into a corner (``zone``'s
# ``_side_along_into_a_corner``: offzone, own art and Deluxe, seed 2481501 seat 3, the
# covered 1 strawberry claimed again at the size the other cards show).
_SIDE_UNDER_ANOTHER_CARD = frozenset({Doubt.SIDE_UNDER_ANOTHER_CARD, Doubt.SIDE_ACROSS_A_CORNER})


def _edge_across_claimed_again(frame: np.ndarray, r: Reading, first: Reading) -> bool:
    """The second look ``r`` claims the card whose outline the ``first`` look read and
    doubted for another card's edge across its face (``Doubt.EDGE_ACROSS``), its centre
    within ``Tuning.same_card_apart`` of that outline's short side from the first's, and
    another card's side crosses the outline it claims (``covered_outline``), the two
    outlines' areas within ``Tuning.same_outline_area`` of each other. A second
    look's outline a pixel or two off the first's can leave the covering card's side in the
    border a face is read without, but the side across the outline is still seen."""
    if first.doubt is not Doubt.EDGE_ACROSS or first.corners is None:
        return False
    if r.state != State.CARD or r.corners is None or not _same_card(r.corners, first.corners):
        return False
    if min(r.area, first.area) < T.same_outline_area * max(r.area, first.area):
        return False  # not the first look's outline again: the first ran past this card
    return covered_outline(frame, r.corners)


def _same_card(now: np.ndarray, before: np.ndarray) -> bool:
    """The outlines ``now`` and ``before`` frame one card: their centres lie within
    ``Tuning.same_card_apart`` of ``before``'s short side."""
    b = np.asarray(before, np.float32).reshape(4, 2)
    n = np.asarray(now, np.float32).reshape(4, 2)
    return float(np.linalg.norm(n.mean(0) - b.mean(0))) < T.same_card_apart * _dims_of(b)[0]


def _other_of_two_cards_claimed(zone: np.ndarray, r: Reading, first: Reading) -> bool:
    """The second look ``r`` claims a card apart from the one the ``first`` look read and
    doubted for another whole card beside it (``Doubt.TWO_CARDS_EITHER_ON_TOP``): its
    centre ``Tuning.same_card_apart`` of that outline's short side or more from the first
    outline's, so it is the other card of the two. Not where the first look's card lay over
    the zone's middle (within ``Tuning.two_cards_first_over_the_middle`` card widths): that
    is a covered card fanned over the pile, and a card found beside it the pile's top card,
    pushed off (clone offzone, seed 2256000 seat 1)."""
    if first.doubt is not Doubt.TWO_CARDS_EITHER_ON_TOP or first.corners is None:
        return False
    if r.state != State.CARD or r.corners is None:
        return False
    before = np.asarray(first.corners, np.float32).reshape(4, 2)
    if _off_centre(before, np.asarray(zone, np.float32).reshape(-1, 2)) < (
        T.two_cards_first_over_the_middle
    ):
        return False
    return not _same_card(r.corners, before)


def _strayed_beside_arm(zone: np.ndarray, r: Reading, first: Reading | None) -> bool:
    """A card claimed by a second look at a zone whose ``first`` look saw an arm over it,
    lying further from the zone's middle than a pile's top card does
    (``Tuning.strayed_off_centre``). A first look that saw no card white and no arm, only
    something brighter than the table within the read area, counts as one that saw an arm:
    an arm the colour of the table is not seen come from outside, and may hide the top card
    of a pile whose covered cards show beside it."""
    if first is None or r.state != State.CARD:
        return False
    if first.state != State.OCCLUDED and first.doubt is not Doubt.BRIGHT_WITHIN_NO_ARM_SEEN:
        return False
    if r.corners is None:
        return False
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    return _off_centre(quad, np.asarray(zone, np.float32).reshape(-1, 2)) > T.strayed_off_centre


# A first look's doubts for an arm seen over the pile (its colour unlike the table's, or skin).
_ARM_OVER_THE_PILE = frozenset({Doubt.ARM_OVER_PILE, Doubt.SKIN_OVER_PILE})


def _side_within_beside_an_arm(frame: np.ndarray, r: Reading, first: Reading | None) -> bool:
    """A card claimed by a second look, on the outline of its white (not found on edges), at
    a zone whose ``first`` look saw an arm over the pile, with another card's side within
    that outline (``outlines.side_within``). Under an arm the top card's own outline is cut
    short, and the white in view may be that card's part and a covered card's beside it,
    outlined as one card whatever its place in the zone; a top card's face has no other
    card's side within it."""
    if first is None or first.doubt not in _ARM_OVER_THE_PILE:
        return False
    if r.state != State.CARD or r.corners is None or r.why in EDGE_FOUND:
        return False
    return side_within(frame, np.asarray(r.corners, np.float32).reshape(4, 2))


def _on_its_pile(zone: np.ndarray, r: Reading, frame: np.ndarray) -> Reading:
    """``r``, or a doubt when it claims a card that lies off the pile ``zone`` is drawn round:
    its centre ``Tuning.off_the_pile`` card widths or more from the zone's middle, which then
    lies outside its outline however it is turned. (A zone's pile is under its middle; a
    card away from it, even whole and with nothing seen over the pile, may be a covered card
    strayed from under a top card that something the colour of the table hides.) A zone
    that runs past the frame's border is judged by its middle moved into view (``in_view``):
    its pile lies in the part the frame shows."""
    if r.state != State.CARD or r.corners is None:
        return r
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    off = _off_centre(quad, in_view(zone, frame))
    if off < T.off_the_pile:
        return r
    if off < T.alone_off_the_pile and _alone_in_the_zone(frame, zone, quad):
        return r
    return Reading.of_doubt(Doubt.CARD_OFF_THE_PILE, corners=r.corners, area=r.area)


def _fanned_from_under_the_top_card(frame: np.ndarray, zone: np.ndarray, r: Reading) -> Reading:
    """``r``, or ``Doubt.CARD_OFF_THE_PILE`` when it claims a card whose white runs on past one
    of its sides to the zone's middle, about a card beyond that side, most of a card of it
    (``_white_on_to_the_middle``), or part of a card of it with another card's corner over
    that side (``_a_corner_over_the_side``). Judged once every look is done: the card so
    doubted is whole, and its size still tells the other zones' second looks a card's size."""
    if r.state != State.CARD or r.corners is None:
        return r
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    if _off_centre(quad, in_view(zone, frame)) < T.heap_past_a_side_off_centre:
        return r
    joined = _white_on_to_the_middle(frame, zone, quad)
    if joined is None:
        return r
    side, beyond = joined
    if beyond < T.heap_past_a_side_white and not (
        beyond >= T.corner_over_the_side_white and _a_corner_over_the_side(frame, quad, side)
    ):
        return r
    return Reading.of_doubt(Doubt.CARD_OFF_THE_PILE, corners=r.corners, area=r.area)


def _white_on_to_the_middle(
    frame: np.ndarray, zone: np.ndarray, quad: np.ndarray
) -> tuple[np.ndarray, float] | None:
    """The card outlined by ``quad`` (frame pixels), ``Tuning.heap_past_a_side_off_centre``
    card widths or more off the zone's middle, has that middle about a card beyond one of its
    sides (``Tuning.heap_past_a_side_reach`` times the way from its centre to that side, or
    more), and its card white runs on past its outline over the middle (the middle within the
    white's outer contour): that side (its two ends, frame pixels) and the white beyond the
    outline, a share of its area; None when not so. With ``Tuning.heap_past_a_side_white``
    of its area or more beyond it, a card lies against that side over the middle, joined to
    it in one white, and the one outlined is a covered card fanned out from under it (a whole
    card's side laid along its own hides little of it). Check seed 118500's scenes: Deluxe
    noise, seed 349501 seat 4, the silver 5 banana on top, the 2 plum under it 1.08 widths
    off, the middle 2.15 times the way out past its side, white beyond 1.02 of it, read 2
    plum (excused as a pile pushed off alone: its white is no card's alone). A top card
    pushed off over its heap has less of the heap's white beyond it (0.71 at most
    measured)."""
    mid = in_view(zone, frame).mean(0)
    corners = _order(quad)
    centre = corners.mean(0)
    sides = list(zip(corners, np.roll(corners, -1, axis=0), strict=True))
    reaches = [
        float(
            np.dot(mid - centre, (a + b) / 2 - centre)
            / np.dot((a + b) / 2 - centre, (a + b) / 2 - centre)
        )
        for a, b in sides
    ]
    if max(reaches) < T.heap_past_a_side_reach:
        return None
    held = _its_white(frame, zone, quad)
    if held is None:
        return None
    origin, local, labels, inside, own_label = held
    own = (labels == own_label).astype(np.uint8)
    contours, _ = cv2.findContours(own, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(own)
    cv2.drawContours(filled, contours, -1, 1, -1)
    x, y = (int(round(float(v))) for v in mid - origin)
    h, w = own.shape
    if not (0 <= x < w and 0 <= y < h) or not filled[y, x] or inside[y, x]:
        return None
    reach_px = 2 * round(T.alone_margin * _dims_of(local)[0]) + 1
    grown = cv2.dilate(inside, np.ones((reach_px, reach_px), np.uint8))
    beyond = int(np.count_nonzero(own & (grown == 0)))
    side = np.array(sides[int(np.argmax(reaches))], np.float32)
    return side, beyond / max(float(cv2.contourArea(local)), 1.0)


def _a_corner_over_the_side(frame: np.ndarray, quad: np.ndarray, side: np.ndarray) -> bool:
    """Another card's corner lies over ``side`` of the card outlined by ``quad`` (frame
    pixels): a straight edge (``cv2.createLineSegmentDetector``, in a copy where the card's
    short side is ``Tuning.corner_over_the_side_copy`` pixels) that comes in from beyond
    that side, crosses it steeply (``Tuning.corner_over_the_side_angle`` degrees or more)
    and ends inside the outline ``Tuning.corner_over_the_side_depth`` of the short side
    deep or more, up to ``Tuning.corner_over_the_side_deepest``, with card white on both
    sides of it there: the side of the card over this one that runs into its corner, this
    card's face on one hand and the covering card's on the other. The sides of the cards
    under a top card stop at its edge: they run no deeper into its outline than the outline
    is off."""
    from halli_pi.vision.reader.search import _sides_copy  # search imports this module

    q = np.asarray(quad, np.float32).reshape(4, 2)
    copy = _sides_copy(frame, q, copy_short=T.corner_over_the_side_copy, pad=0.5)
    if copy is None:
        return False
    grey, local, face, segments = copy
    # The side's two ends are two of the outline's corners: the same corners in the copy.
    a, b = (local[int(np.argmin(np.linalg.norm(q - end, axis=1)))] for end in side)
    short = _dims_of(local)[0]
    u = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
    out = _outward_normal(a, b, local.mean(0))
    poly = local.reshape(-1, 1, 2)
    for s in segments:
        p, e = s[:2].astype(np.float32), s[2:].astype(np.float32)
        length = float(np.linalg.norm(e - p))
        if length < T.corner_over_the_side_length * short:
            continue
        v = (e - p) / length
        if math.degrees(math.acos(min(1.0, abs(float(v @ u))))) < T.corner_over_the_side_angle:
            continue
        if float((p - a) @ out) < float((e - a) @ out):
            p, e, v = e, p, -v  # p beyond the side, e the end inside
        if float((p - a) @ out) <= 0.0 or float((e - a) @ out) >= 0.0:
            continue  # not across the side
        cross = p + v * (float((p - a) @ out) / float(-(v @ out)))
        along = float((cross - a) @ u) / max(float(np.linalg.norm(b - a)), 1e-6)
        if not 0.0 <= along <= 1.0:
            continue
        depth = float(cv2.pointPolygonTest(poly, (float(e[0]), float(e[1])), True))
        if not (
            T.corner_over_the_side_depth * short <= depth <= T.corner_over_the_side_deepest * short
        ):
            continue
        # Card white on both sides of the edge where it runs inside: this card's face and
        # the covering card's.
        middle = (cross + e) / 2
        n = np.array([-v[1], v[0]], np.float32)
        look = T.corner_over_the_side_look * short
        sides_of_it = np.array([middle + n * look, middle - n * look], np.float32)
        got = cv2.remap(
            grey,
            sides_of_it[:, :1],
            sides_of_it[:, 1:],
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        if float(got.min()) >= T.corner_over_the_side_level * face:
            return True
    return False


def _alone_in_the_zone(frame: np.ndarray, zone: np.ndarray, quad: np.ndarray) -> bool:
    """The zone's read area holds no card white but that of the card outlined by ``quad``
    (frame pixels), up to ``Tuning.alone_in_zone_white`` of its area: no pile lies at the
    zone's middle whose top card the look missed, and the card is the pile, pushed off
    its place. (A stray beside a pile has that pile's white beside it.)"""
    held = _its_white(frame, zone, quad)
    if held is None:
        return False
    _, local, labels, _, own = held
    others = int(np.count_nonzero(labels)) - int(np.count_nonzero(labels == own))
    return others < T.alone_in_zone_white * cv2.contourArea(local)


def _its_white(
    frame: np.ndarray, zone: np.ndarray, quad: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The zone's first look at the card outlined by ``quad`` (frame pixels): the look's
    origin in the frame, the outline in the look's pixels, the look's card white labelled by
    piece, the outline's inside as a mask and the label of the piece of white most of the
    outline holds; None where the look finds no white, or none within the outline (not the
    look that found the card)."""
    look = first_look(frame, np.asarray(zone, np.float32).reshape(-1, 2))
    if look is None:
        return None
    origin = np.asarray(look.origin, np.float32)
    local = quad - origin
    count, labels = cv2.connectedComponents(look.white)
    inside = np.zeros(look.white.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(local).astype(np.int32)], 1)
    within = np.bincount(labels[inside > 0], minlength=count)
    if count < 2 or within[1:].max() == 0:
        return None
    return origin, local, labels, inside, int(np.argmax(within[1:])) + 1


def _beside_a_whole_card(
    frame: np.ndarray, zone: np.ndarray, r: Reading, profile: Profile
) -> Reading:
    """``_beside_a_whole_card_steps`` run to its end at once."""
    return run(_beside_a_whole_card_steps(frame, zone, r, profile))


def _beside_a_whole_card_steps(
    frame: np.ndarray, zone: np.ndarray, r: Reading, profile: Profile
) -> Steps[Reading]:
    """``r``, or a doubt when it claims a card ``Tuning.whole_beside_off_centre`` card widths
    or more from the zone's middle (where the frame shows it) with another whole card against
    it, of its size and read strictly (``search._two_cards_near``, whole cards looked at too):
    a covered card nearly whole in view, cut straight along the top card's side, looks as
    whole as the top card beside it, and which of the two is on top is not clear. Nearer the
    middle, the first look's two-cards check stands."""
    # search.py reads zones through this module: imported here, when a card is checked.
    from halli_pi.vision.reader.search import _two_cards_near

    if r.state != State.CARD or r.corners is None:
        return r
    quad = np.asarray(r.corners, np.float32).reshape(4, 2)
    if _off_centre(quad, in_view(zone, frame)) < T.whole_beside_off_centre:
        return r
    yield  # the search for another card is a step of its own
    if not _two_cards_near(frame, quad, profile, exposure(frame), whole_too=True):
        return r
    return Reading.of_doubt(Doubt.WHOLE_CARD_BESIDE_IT, corners=r.corners, area=r.area)


def _strayed_beside_a_whole_card(frame: np.ndarray, zone: np.ndarray, r: Reading) -> Reading:
    """``r``, or ``Doubt.WHOLE_CARD_BESIDE_IT`` when it claims a card off the zone's middle
    with a whole card against one of its sides over the middle
    (``_whole_card_over_the_middle``), or ``Doubt.SIDE_WITHIN_IT`` when a search fitted it
    there with that card's side inside its outline (``_under_a_side_along_it``). Judged
    last, on a card every other check let stand: a card another check doubts keeps that
    check's doubt."""
    if r.state != State.CARD or r.corners is None:
        return r
    if _under_a_side_along_it(frame, zone, r):
        return Reading.of_doubt(Doubt.SIDE_WITHIN_IT, corners=r.corners, area=r.area)
    if not _whole_card_over_the_middle(frame, zone, np.asarray(r.corners, np.float32)):
        return r
    return Reading.of_doubt(Doubt.WHOLE_CARD_BESIDE_IT, corners=r.corners, area=r.area)


def _under_a_side_along_it(frame: np.ndarray, zone: np.ndarray, r: Reading) -> bool:
    """A card a search fitted (``r.why`` "searched") off the zone's middle, the middle about
    a card beyond one of its sides (``side_towards_the_middle``), with another card's side
    running inside its outline along that side (``outlines.side_along_within``), judged
    where a low light's noise is smoothed as a read smooths it (``light.steady``; in the
    noise the edges are specks): a covered card strayed out from under the top card, its
    outline fitted at a card's size over a strip of that card. Tuning dark, Deluxe, seed
    349501 seat 4: the 2 plum under the silver 5 banana at the middle, the five's side
    0.1 of the short side inside the plum's outline along a third of it, read 2 plum; no
    outline of the five's was found on its faint edges over the white cards under it."""
    if r.why != "searched" or r.corners is None:
        return False
    quad = _order(np.asarray(r.corners, np.float32).reshape(4, 2))
    towards = side_towards_the_middle(quad, in_view(zone, frame).mean(0))
    if towards is None:
        return False
    x0, y0, x1, y1 = zone_bbox(quad, (frame.shape[1], frame.shape[0]))
    px, py = (x1 - x0) // 2, (y1 - y0) // 2  # room round it for the working copy
    x0, y0 = max(x0 - px, 0), max(y0 - py, 0)
    x1, y1 = min(x1 + px, frame.shape[1]), min(y1 + py, frame.shape[0])
    area = np.ascontiguousarray(frame[y0:y1, x0:x1])
    lifted = steady(area, exposure(frame))
    seen = area if lifted is None else lifted[0]
    return side_along_within(seen, quad - np.array([x0, y0], np.float32), towards)


def _whole_card_over_the_middle(frame: np.ndarray, zone: np.ndarray, quad: np.ndarray) -> bool:
    """The card outlined by ``quad`` (frame pixels) lies off the zone's middle with a whole
    card against one of its sides over the middle (``outlines.whole_card_over_the_middle``):
    an outline on edges all round (``card_outlines``, at ``Tuning.against_size_tol``) in the
    place one card across that side, no other card's side across it (``covered_outline``).
    It need not read: a strict read of an outline on a silver face a pixel off may doubt it
    (check seed 349501, Deluxe steep seat 4: the 2 plum strayed out from under the silver 5
    banana on top, its outline cut along the five's side, read 2 plum; the five's outline
    "cuts a shape")."""
    short, long_ = _dims_of(quad)
    h, w = frame.shape[:2]
    corners = _order(quad)
    centre = corners.mean(0)
    mid = in_view(zone, frame).mean(0)
    towards = side_towards_the_middle(corners, mid)
    if towards is None:
        return False
    x0, y0 = np.maximum(np.floor(centre - 2.5 * long_), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(centre + 2.5 * long_), (w, h)).astype(int)
    origin = np.array([x0, y0], np.float32)
    local = (corners - origin).astype(np.float32)
    beside = (local + 2 * towards).astype(np.float32)
    found = [
        o.astype(np.float32)
        for o in card_outlines(
            frame[y0:y1, x0:x1], (short, long_), T.against_size_tol, limit=3, within=beside
        )
    ]
    found = [o for o in found if not covered_outline(frame, _order(o) + origin)]
    return whole_card_over_the_middle(local, found, mid - origin)


def _second_look_claim_steps(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None, seen: Sequence[Reading]
) -> Steps[tuple[Reading, bool]]:
    """The second look's reading, and whether it was made in a view straightened for a
    tilted camera."""
    if len(seen) >= 2:
        dims = card_dims_at(seen, zone)
        straighten = straightener_at(seen, zone)
        r = yield from read_zone_steps(
            frame, zone, profile, expect_dims=dims, straighten=straighten, steep=True
        )
        if r.state in _DOUBT and _plane_at(seen, zone, np.zeros(len(seen))) is None:
            # Too few cards around the table to fit a tilted camera's change of size: the
            # size may be well off here (by a fifth or more for most such cards on tuning
            # tilt scenes). Looked at again as with one card: the strict outline search,
            # over a looser size.
            yield
            area = dims[0] * dims[1]
            found = yield from _loose_look_steps(
                frame, zone, profile, seen, search_dims=dims, expect_area=area
            )
            if found[0].state == State.CARD:
                return found
            again = yield from _as_the_cards_are_steps(frame, zone, profile, seen, dims)
            if again is not None:
                return again
        return r, straighten is not None
    if seen:
        # One clean card: its size (carried here by its perspective) is good enough for the
        # strict outline search, not for the looser fit to a corner.
        dims = card_dims_at(seen, zone)
        looked = yield from _loose_look_steps(frame, zone, profile, seen, search_dims=dims)
        if looked[0].state == State.CARD:
            return looked
        again = yield from _as_the_cards_are_steps(frame, zone, profile, seen, dims)
        return looked if again is None else again
    # No clean card to learn the size from: guess it from the zone, loosely.
    dims = _zone_guess(zone)
    r = yield from read_zone_steps(frame, zone, profile, expect_dims=dims, dims_tol=0.3)
    if r.doubt is Doubt.NO_WHOLE_CARD:
        whole = yield from _beyond_the_zone_guess_steps(frame, zone, profile)
        if whole is not None:
            return whole, False
    return r, False


def _zone_guess(zone: np.ndarray) -> tuple[float, float]:
    """The card's size (short, long side) the zone's own size guesses, loosely."""
    side = math.sqrt(abs(float(cv2.contourArea(np.asarray(zone, np.float32)))))
    short = side * CARD_SHORT_PER_ZONE_SIDE
    return short, short / CARD_ASPECT


def _beyond_the_zone_guess_steps(
    frame: np.ndarray, zone: np.ndarray, profile: Profile | None
) -> Steps[Reading | None]:
    """The card a look at sizes a little beyond the zone's guess reads, or None."""
    dims = _zone_guess(zone)
    for scale in T.zone_guess_scales:
        # The zone's guess may be a fifth off (a zone drawn tight round a pile, a phone
        # held nearer): sizes a little beyond it are looked at as a size known as well as
        # a card read elsewhere gives it, which lets the search excuse a side a reflection
        # washes out (``Tuning.washed_size_tol``).
        yield
        guessed = yield from read_zone_steps(
            frame, zone, profile, expect_dims=(dims[0] * scale, dims[1] * scale)
        )
        if guessed.state == State.CARD:
            return guessed
    return None


def _as_the_cards_are_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    dims: tuple[float, float],
) -> Steps[tuple[Reading, bool] | None]:
    """The strict outline search once more, over the size the few cards ``seen`` show as
    they are (their median), when their perspective predicted ``dims`` some way from it
    (``Tuning.sizes_apart``): a few cards' corners, a pixel or so off, misjudge a flat
    table's perspective, and the search placed over one size finds an outline the other
    misses. The reading when it is a card, else None."""
    sizes = np.array([r.dims for r in seen], np.float64)
    as_they_are = (float(np.median(sizes[:, 0])), float(np.median(sizes[:, 1])))
    apart = 0.5 * abs(math.log(as_they_are[0] * as_they_are[1] / (dims[0] * dims[1])))
    if apart < T.sizes_apart:
        return None  # the same search again
    yield
    # As the first search: the area a hint for the first look's outlines with two cards or
    # more, not with one.
    area = as_they_are[0] * as_they_are[1] if len(seen) >= 2 else None
    found = yield from _loose_look_steps(
        frame, zone, profile, seen, search_dims=as_they_are, expect_area=area
    )
    return found if found[0].state == State.CARD else None


def _loose_look_steps(
    frame: np.ndarray,
    zone: np.ndarray,
    profile: Profile | None,
    seen: Sequence[Reading],
    *,
    search_dims: tuple[float, float] | None,
    expect_area: float | None = None,
) -> Steps[tuple[Reading, bool]]:
    """A look with a card size known loosely (from one or two cards): the strict outline
    search over the view as it is, then, when that finds no card and the cards ``seen``
    show a tilted camera's squeeze, over the view with it undone (the search places
    card-shaped rectangles: a sheared card fits none). (Straightened at once, a view whose
    squeeze those few cards misjudge lost cards the view as it is read.) The reading, and
    whether it was made straightened."""
    r = yield from read_zone_steps(
        frame, zone, profile, expect_area=expect_area, search_dims=search_dims, steep=True
    )
    straighten = straightener_at(seen, zone)
    if r.state == State.CARD or straighten is None:
        return r, False
    yield
    s = yield from read_zone_steps(
        frame,
        zone,
        profile,
        expect_area=expect_area,
        search_dims=search_dims,
        straighten=straighten,
        steep=True,
    )
    return (s, True) if s.state == State.CARD else (r, False)

"""From frames to reveal events: one tracker per seat zone.

A zone's top card is accepted only when it reads the same over ``settle`` still frames (no
motion in the zone); its Reveal carries the time of the FIRST frame that showed it, found by
reading back through the frames kept since the zone started changing. While something moves
over a zone it is ``occluded`` and the last accepted card stands. A pile taken away is
``empty``. Every accepted change is one event; a flicker (a hand passing over, a misread that
does not settle) is none. A new card equal to the old one is told apart by its outline having
moved. An outline shorter than a card in that zone is a card cut by something lying still over
it: it must stand still much longer before it counts.

Cheap per frame: each zone is compared, downscaled, with the previous frame (motion) and with
the frame last read (change); the full reader only runs on zones that changed and then stood
still. A zone back as it looked when its card was accepted (a hand passed over it) shows that
card again without a read. Six zones at 640x480 cost well under a millisecond on a quiet
frame.

Bounded per frame: a read runs in steps (``ZoneReader.read_zone_steps``: the first look, the
face's read, then each edge search and strict read of its checks), on a copy of the frame
that started it, over the still frames that follow (a card waits ``settle`` still frames
anyway). A frame runs one later step or up to three first looks (``frame_units``), so no
frame carries a whole costly read; the reading is the one the plain read gives on the first
frame. The bound is in steps, not in time, so the same frames give the same events on any
machine.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from halli_pi.cards import Card
from halli_pi.rules.events import Reveal
from halli_pi.vision.layout import margin_box
from halli_pi.vision.reader import (
    Profile,
    Reading,
    State,
    ZoneReader,
    card_dims_at,
    load_profile,
)

_SCALE = 4  # downscale factor of the change gate
_DIFF = 18  # grey-level difference that counts as a changed pixel (noise stays below)
_MOTION_FRAC = 0.004  # share of changed pixels that is motion
_EMPTY_SETTLE = 5  # times the settle frames before a pile counts as taken away
# Share of the card's pixels changed that makes the same face a new card. A hand's shadow at
# the card's edge changes up to ~0.2 but mostly less; a new card landing on the same face
# changes from ~0.15 up. 0.1 keeps every bench reveal and cuts the phantoms by about half.
_NEW_FRAC = 0.1
# How much shorter than a card in its zone a top card's side may be read. Cards read whole in
# the same zone differ by under 3% (where they land, the outline's fit); an outline cut short
# by an arm over the card's end misses a sixth of the card or more.
_CUT_FRAC = 0.1
# What the cheap look at a zone found in a frame (``Tracker._gate``).
_MOVING, _CHANGED, _READING, _SAME, _QUIET = "moving", "changed", "reading", "same", "quiet"
_STARTED = "started"  # changed, and its new read began in this frame
# Read steps a frame may run, in units: a first look (a zone's white and its outlines, about
# 1.5 ms on a desktop core) is one unit, every later step (the face's read, one edge
# search, or one strict card read: 4 to 7 ms) three. So a frame runs one later step, or up
# to three first looks. Two later steps in a frame put the frame p99 of rendered films over
# 10 ms, and a first look beside a later step made the slowest frames (films of seeds 0-4:
# p99 9.2 ms, against 8.9 ms alone, with the same reveals, 4 frames after the card is shown
# at the median).
_FRAME_UNITS = 3
_FIRST_LOOK_UNITS = 1
_LATER_STEP_UNITS = 3
# Lessons of finished reads (a card's colours, ``ZoneReader.learn_waiting``) learned in a frame
# with no read step: one costs about a first look (its card image's symbols are kept from its
# read), so a frame learns as many as it could run first looks. The six cards of a game's
# start learned in one frame made it the slowest of a film (24 ms).
_LESSONS_PER_FRAME = _FRAME_UNITS // _FIRST_LOOK_UNITS


@dataclass
class ZoneView:
    """What a zone shows now: the accepted pile top and the live state."""

    seat: int
    state: State  # live: card / empty / occluded / unknown
    card: Card | None  # the last accepted top card (stands while occluded)
    since: float | None  # time of the frame that first showed the accepted card


@dataclass
class _Zone:
    seat: int
    zone: np.ndarray
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 of the read area in the frame
    local: np.ndarray  # the zone relative to the box
    prev: np.ndarray | None = None  # small grey of the previous frame
    stable: np.ndarray | None = None  # small grey of the frame last read
    accepted: Reading | None = None  # last accepted reading (CARD or EMPTY)
    accepted_t: float | None = None
    accepted_small: np.ndarray | None = None  # how the zone looked when it was accepted
    live: State = State.UNKNOWN
    candidate: Reading | None = None  # the reading waiting to settle
    still: int = 0  # still frames that showed the candidate
    moved: bool = False  # something moved here since the last acceptance
    history: deque = field(default_factory=lambda: deque(maxlen=300))  # (t, small grey)
    # A read under way, in steps, of the frame last read.
    job: Generator[None, None, Reading] | None = None
    job_frames: int = 0  # still frames since (and with) the frame the read is of
    job_steps: int = 0  # steps of it run so far
    waiting: int = 0  # frames this zone wanted a read step and had none


def _same(a: Reading, b: Reading) -> bool:
    return a.state == b.state and a.card == b.card


class Tracker:
    """Trackers for all seat zones of one table; feed it every frame with its time."""

    def __init__(
        self,
        zones: Sequence[np.ndarray],
        frame_size: tuple[int, int],
        profile: Profile | None = None,
        *,
        settle: int = 3,
        frame_units: int = _FRAME_UNITS,
    ) -> None:
        self.profile = profile or load_profile("classic")
        # What a read teaches of this table's colours is learned on a frame with room to
        # spare (a frame with no read step), not in the read's last step.
        self.reader = ZoneReader(self.profile, learn_later=True)
        # OpenCV builds its 8-bit Lab tables on the first conversion to Lab (about 0.2 s on
        # a desktop core): at start, not in the first frame a card is read in.
        cv2.cvtColor(np.zeros((1, 1, 3), np.uint8), cv2.COLOR_BGR2Lab)
        # The same for numpy's percentile, whose first call imports numpy's masked arrays
        # (about 0.1 s: it made the first card read of a game its slowest frame).
        np.percentile(np.zeros(2, np.float32), 50)
        self.settle = settle
        w, h = frame_size
        self.zones: list[_Zone] = []
        for seat, z in enumerate(zones):
            z = np.asarray(z, np.float32).reshape(-1, 2)
            box = _on_grid(margin_box(z, (w, h), 0.2), (w, h))
            local = (z - np.array(box[:2], np.float32)).astype(np.float32)
            self.zones.append(_Zone(seat, z, box, local))
        self.reads = 0  # read steps run, for the benchmark
        # A zone left over is read on the next frame (it is still then, or it would not need
        # a read): this bounds the worst frame's cost. One step runs in every frame that
        # has one to run, whatever it costs.
        self.frame_units = frame_units
        self._units = 0  # units of read steps spent in this frame
        self._copy: np.ndarray | None = None  # this frame, kept for reads that outlive it
        self._turn = 0

    # -- per frame --------------------------------------------------------------------------

    def update(self, frame: np.ndarray, t: float) -> list[Reveal]:
        """Feed one frame and its session time; the reveals it completes (usually none)."""
        self._units = 0
        self._copy = None
        # Start at another zone each frame, so a read budget spent is fair to every seat.
        n = len(self.zones)
        self._turn = (self._turn + 1) % max(n, 1)
        order = [self.zones[(self._turn + k) % n] for k in range(n)]
        grey = _grey(frame)
        seen = {id(z): self._gate(z, _small_grey_in(grey, z.box), t) for z in order}
        # The zone that has waited longest for a step goes first (in turn among equals): a
        # card turned is not held up behind zones a hand keeps moving over.
        wanting = [z for z in order if seen[id(z)] in (_CHANGED, _READING)]
        for z in sorted(wanting, key=lambda z: -z.waiting):
            if not self._may_step(z):
                z.waiting += 1
                continue
            z.waiting = 0
            if seen[id(z)] == _CHANGED:
                seen[id(z)] = _STARTED
            self._advance(z, frame)
        if self._units == 0:
            # No read step in this frame: room for a few lessons of what finished reads
            # teach (the rest wait for the next spare frames, or the next read's start).
            self.reader.learn_waiting(_LESSONS_PER_FRAME)
        events = []
        for z in order:
            # A zone that changed and found no room this frame is read on the next.
            if seen[id(z)] in (_STARTED, _READING, _SAME):
                ev = self._settle(z)
                if ev is not None:
                    events.append(ev)
        return events

    def view(self) -> list[ZoneView]:
        return [
            ZoneView(
                z.seat,
                z.live,
                z.accepted.card if z.accepted is not None else None,
                z.accepted_t,
            )
            for z in self.zones
        ]

    def settled_until(self, t: float) -> float:
        """The time up to which every zone has reported all its reveals, at the frame of time
        ``t``: a zone that is changing (a hand over it, a card settling) holds the mark at the
        first frame of its change, since a card it accepts later is stamped no earlier."""
        marks = [z.history[0][0] for z in self.zones if z.history]
        return min(marks) - 1e-6 if marks else t

    def covered_seats(self) -> list[int]:
        """The seats whose pile cannot be seen right now (a hand over it, no reading yet)."""
        return [z.seat for z in self.zones if z.live in (State.OCCLUDED, State.UNKNOWN)]

    def _expect_area(self) -> float | None:
        areas = [
            z.accepted.area
            for z in self.zones
            if z.accepted is not None and z.accepted.state == State.CARD
        ]
        return float(np.median(areas)) if len(areas) >= 2 else None

    def _card_dims(self, z: _Zone) -> tuple[float, float] | None:
        """The (short, long) size a card has in ``z``: the zone's own last card's (the same
        place under the camera, so the same size and perspective), else what the cards of
        two other zones or more predict here; None when nothing shows it yet."""
        own = z.accepted
        if own is not None and own.state == State.CARD and own.dims is not None:
            return own.dims
        others = [
            o.accepted
            for o in self.zones
            if o is not z
            and o.accepted is not None
            and o.accepted.state == State.CARD
            and o.accepted.corners is not None
        ]
        if len(others) >= 2:
            # The kept readings' corners are frame coordinates: so is ``z.zone``.
            return card_dims_at(others, z.zone)
        return None

    def _may_step(self, z: _Zone) -> bool:
        """This frame may run the next read step of ``z`` (or the first look of a new read):
        none ran yet, or the frame's units cover it."""
        cost = _LATER_STEP_UNITS if z.job is not None and z.job_steps else _FIRST_LOOK_UNITS
        return self._units == 0 or self._units + cost <= self.frame_units

    def _start(self, z: _Zone, frame: np.ndarray) -> None:
        """Begin reading ``z`` as this frame shows it. The same policy as `halli-pi read` and
        the benchmark, knowing the cards accepted in the other zones; in steps, on a copy of
        the frame (a camera may hand the same buffer back with the next frame)."""
        if self._copy is None:
            self._copy = frame.copy()
        z.job = self.reader.read_zone_steps(self._copy, z.zone, self._known(z))
        z.job_frames = z.job_steps = 0

    def _step(self, z: _Zone) -> Reading | None:
        """One step of the read under way in ``z``: its reading once it is done."""
        self._units += _LATER_STEP_UNITS if z.job_steps else _FIRST_LOOK_UNITS
        z.job_steps += 1
        self.reads += 1
        assert z.job is not None, "a read step asked of a zone with no read under way"
        try:
            next(z.job)
        except StopIteration as done:
            z.job = None
            return done.value
        return None

    def _known(self, z: _Zone) -> list[Reading]:
        return [o.accepted for o in self.zones if o is not z and o.accepted is not None]

    def _gate(self, z: _Zone, small: np.ndarray, t: float) -> str:
        """The cheap look at ``z`` every frame (``small``: its box's ``_small_grey_in``):
        motion (``_MOVING``), a change since the frame last read (``_CHANGED``), a read under
        way (``_READING``), the candidate seen again (``_SAME``, also when the zone is back as
        its accepted card was read), or nothing to do (``_QUIET``)."""
        limit = _MOTION_FRAC * small.size
        motion = z.prev is not None and _changed(small, z.prev) > limit
        z.prev = small
        changed = z.stable is None or _changed(small, z.stable) > limit
        if motion or changed or z.candidate is not None or z.job is not None:
            # A change is under way: keep the frames, to find the first that showed the card.
            z.history.append((t, small))
        if motion:
            z.moved = True
            z.live = State.OCCLUDED
            z.candidate, z.still, z.job, z.waiting = None, 0, None, 0
            return _MOVING
        if changed and _looks_accepted(z, small, limit):
            # The pile is back as it looked when its card was accepted (a hand passed over
            # it and left): the read of that look is this look's reading. It settles like a
            # read, and a pile that changed under the hand looks different, so is read.
            z.job, z.stable = None, z.accepted_small
            z.candidate, z.still = z.accepted, 1
            return _SAME
        if changed:
            z.job = None  # a read under way was of other pixels
            return _CHANGED
        if z.job is not None:
            z.job_frames += 1  # the read is of this frame's pixels too
            return _READING
        if z.candidate is None:
            return _QUIET
        z.still += 1  # the same pixels as the frame read: the same reading
        return _SAME

    def _advance(self, z: _Zone, frame: np.ndarray) -> None:
        """One read step for ``z``: the first look of a new read of this frame, or the next
        step of the read under way; a finished read becomes the candidate."""
        if z.job is None:
            z.stable = z.prev  # this frame's small grey: the frame read
            self._start(z, frame)
            z.job_frames = 1
        reading = self._step(z)
        if reading is None:
            return
        if z.candidate is not None and _same(reading, z.candidate):
            z.still += z.job_frames
        else:
            z.candidate, z.still = reading, z.job_frames

    def _settle(self, z: _Zone) -> Reveal | None:
        """After this frame's steps: ``z``'s live state, and its reveal once the candidate has
        stood still long enough."""
        if z.job is not None:
            z.live = State.OCCLUDED if z.moved else State.UNKNOWN
            return None  # its next steps run on the next still frames
        c = z.candidate
        if c is None:
            return None
        if c.state in (State.OCCLUDED, State.UNKNOWN):
            z.live = c.state
            return None
        need = self.settle
        if c.state == State.EMPTY and z.accepted is not None and z.accepted.state == State.CARD:
            # A pile gone, or a hand lying flat over all of it? Only a long stillness says
            # the pile was taken away; a hand moves again before then.
            need = self.settle * _EMPTY_SETTLE
        elif c.state == State.CARD and _cut_short(c, self._card_dims(z)):
            # An outline shorter than a card here is a card cut by something lying still over
            # it (an arm, its shadow), not a new top card: only a long stillness makes it one
            # (so a wrong size learned once cannot lock the zone).
            need = self.settle * _EMPTY_SETTLE
        if z.still < need:
            z.live = State.OCCLUDED if z.moved else c.state
            return None
        return self._accept(z, c)

    def _accept(self, z: _Zone, c: Reading) -> Reveal | None:
        z.live = c.state
        prev = z.accepted
        # The same face again is a new card only if the pile looks different now, in its
        # structure and in the top card's outline: a card put down never lands exactly on the
        # last one; a hand (or its shadow) that passed leaves the pile as it was.
        is_new = (
            prev is None
            or not _same(c, prev)
            or (
                z.moved
                and z.accepted_small is not None
                and z.stable is not None
                and _changed_in_card(z, z.stable, z.accepted_small, prev) > _NEW_FRAC
                and _outline_moved(c, prev)
            )
        )
        z.candidate, z.still, z.moved = None, 0, False
        z.accepted_small = z.stable
        if not is_new:
            z.history.clear()
            return None
        z.accepted = c
        z.accepted_t = self._first_shown(z, c)
        z.history.clear()
        if c.state == State.CARD and c.card is not None:
            return Reveal(z.accepted_t, z.seat, c.card)
        return None

    def _first_shown(self, z: _Zone, c: Reading) -> float:
        """The earliest kept frame from which on the zone looks as it does now (the accepted
        card, nothing over it): back through the frames since the change began, by the same
        cheap pixel comparison as the change gate."""
        if not z.history or z.stable is None:
            return 0.0
        limit = _MOTION_FRAC * z.stable.size
        first = z.history[-1][0]
        for t, small in reversed(z.history):
            if _changed(small, z.stable) > limit:
                break
            first = t
        return first


def _on_grid(box: tuple[int, int, int, int], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """``box`` grown to whole cells of the change gate's grid (``_SCALE`` pixels), within the
    frame's whole cells: its small grey is then a part of the frame's."""
    x0, y0, x1, y1 = box
    w, h = (v // _SCALE * _SCALE for v in size)
    return (
        x0 // _SCALE * _SCALE,
        y0 // _SCALE * _SCALE,
        min(w, -(-x1 // _SCALE) * _SCALE),  # rounded up
        min(h, -(-y1 // _SCALE) * _SCALE),
    )


def _grey(frame: np.ndarray) -> np.ndarray:
    """The frame in grey, on the gate's whole cells. The whole frame at once: one conversion
    of the contiguous frame took 0.07 ms where six of the zones' boxes (60 % of its pixels,
    each a strided part) took 0.19 ms (rendered films of seeds 500-505, 640x480)."""
    h, w = (v // _SCALE * _SCALE for v in frame.shape[:2])
    return cv2.cvtColor(frame[:h, :w], cv2.COLOR_BGR2GRAY)


def _small_grey(frame: np.ndarray) -> np.ndarray:
    """The frame in grey, each ``_SCALE`` x ``_SCALE`` cell averaged to one pixel: what the
    change gate compares."""
    return _shrink(_grey(frame))


def _shrink(grey: np.ndarray) -> np.ndarray:
    """Each ``_SCALE`` x ``_SCALE`` cell of ``grey`` (whole cells) averaged to one pixel."""
    h, w = grey.shape[:2]
    return cv2.resize(grey, (w // _SCALE, h // _SCALE), interpolation=cv2.INTER_AREA)


def _small_grey_in(grey: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """``_small_grey`` of the part ``box`` (a box on the gate's grid, as ``_on_grid`` makes
    it) of a frame whose ``_grey`` is ``grey``: the same values as that part of the whole
    frame's, since each small pixel is its own cell's, for the zones' boxes alone (they
    cover about 60 % of a 640x480 frame for six seats). A new array: the zone keeps it, not
    the whole frame."""
    x0, y0, x1, y1 = box
    return _shrink(grey[y0:y1, x0:x1])


def _looks_accepted(z: _Zone, small: np.ndarray, limit: float) -> bool:
    """``small`` (the zone's small grey) shows the pile as it was when its reading was
    accepted, by the change gate's own measure."""
    return z.accepted_small is not None and _changed(small, z.accepted_small) <= limit


def _changed_in_card(z: _Zone, a: np.ndarray, b: np.ndarray, card: Reading) -> float:
    """Share of the old top card's outline whose pixels changed (a hand beside the pile
    does not count)."""
    if card.corners is None:
        return 1.0
    mask = np.zeros(a.shape, np.uint8)
    quad = (card.corners - np.array(z.box[:2], np.float32)) / _SCALE
    cv2.fillPoly(mask, [np.rint(quad).astype(np.int32)], 255)
    inside = cv2.countNonZero(mask)
    if inside == 0:
        return 1.0
    # Compare structure, not brightness: a shadow passing over the pile changes its light,
    # a new card changes where the edges and symbols are.
    diff = cv2.absdiff(_structure(a), _structure(b))
    diff = cv2.threshold(diff, _DIFF, 255, cv2.THRESH_BINARY)[1].astype(np.uint8)
    return cv2.countNonZero(cv2.bitwise_and(diff, mask)) / inside


def _cut_short(c: Reading, dims: tuple[float, float] | None) -> bool:
    """A side of the reading's outline is shorter than a card's here by more than
    ``_CUT_FRAC``. Only shorter: something over a card can hide a part of it, never make it
    larger (an outline too large is one run into a card under it, the face read is fine)."""
    if dims is None or c.dims is None:
        return False
    return any(got < want * (1.0 - _CUT_FRAC) for got, want in zip(c.dims, dims, strict=True))


def _outline_moved(a: Reading, b: Reading, tol: float = 3.0) -> bool:
    """The top card's outline is somewhere else (both read whole)."""
    if a.corners is None or b.corners is None:
        return True
    shift = np.abs(np.sort(a.corners, axis=0) - np.sort(b.corners, axis=0)).max()
    return float(shift) > tol


def _structure(small: np.ndarray) -> np.ndarray:
    s = small.astype(np.float32)
    return cv2.absdiff(s, cv2.GaussianBlur(s, (0, 0), 2.0))


def _changed(a: np.ndarray, b: np.ndarray) -> int:
    return int(cv2.countNonZero(cv2.threshold(cv2.absdiff(a, b), _DIFF, 255, cv2.THRESH_BINARY)[1]))

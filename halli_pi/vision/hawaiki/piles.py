"""From frames to Hawaiki pile observations: the three discard piles, tracked frame by frame.

A session loop feeds every frame with its time (``PileTracker.update``) and gets back the
observations it completes, usually none:

- ``PLAY``: a new card covers a pile. ``t`` is the start of the occlusion burst that ended
  with it (HAWAIKI.md P17: a press while reaching is "before" the card), ``seen_t`` when the
  new top was first read. ``to_log()`` is the session log's ``play`` event.
- ``ASK_PLAY``: the same card as before is on top after a hand was over the pile, and its pose
  hardly changed: a twin laid exactly on its twin (a pair), or a hand that only hovered. The
  camera cannot tell; the page asks ("Did Ana lay a 5 red on pile 0?"), once per reach, about
  the likeliest pile, unless the reach laid or took back a card the camera saw. ``prior`` says
  what makes a twin likely (the print inside the card changed, an announcement held).
- ``RETRACT``: the card the last play covered shows again where it lay: the play was taken
  back. ``to_log()`` is the ``retract`` event. A card read at last where an older card of the
  pile lay (take-backs the camera could not read on the way) is no play either: a take-back
  when every card between was its twin (for the rules the covered card shows again), else
  the page asks (``prior`` "a card beneath shows again").
- ``UNREADABLE``: after a hand left, the top stays unreadable (``doubt`` says why), or another
  hand came before the change a first hand made could be read and the card then read does
  not lie where the camera last saw the pile's outline: the page asks what that hand laid
  rather than the referee guessing. A card read later where it lay before the second hand is
  the first hand's play, stamped at its time (``seen_t`` of the question is before it).
- ``DEALT``: while a round is being dealt (``expect_deal``), a pile's first card; once all
  three are in, ``dealt()`` gives the ``deal`` event's piles.
- ``STOCK_EMPTY`` / ``STOCK_BACK``: with a ``stock`` zone (the draw pile), it was seen empty,
  or a stack of card backs lies there again. Only presence is read, never a count (draws are
  accounted, not seen): an empty stock prompts a person to reshuffle (P16).

A person's answers come back to the tracker: ``confirm_play`` (yes, a twin was laid: kept
beneath the top where it was laid, even under later plays) and ``name_top`` (the card the
camera could not read), so a later take-back or reading of those cards is no new play.

A pile's top is accepted only when it reads the same, in the same pose, over ``settle`` still
frames; a hand passing over leaves the accepted top as it was. Cheap per frame: each zone is
compared, downscaled, with the previous frame (motion) and with the frame last accepted
(change); the reader runs only on zones that changed and then stood still.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

import cv2
import numpy as np

from halli_pi.rules.hawaiki.cards import HCard
from halli_pi.vision.hawaiki.doubts import AnyDoubt
from halli_pi.vision.hawaiki.model import load_hawaiki_profile
from halli_pi.vision.hawaiki.reader import PileReading, read_pile
from halli_pi.vision.layout import margin_box
from halli_pi.vision.reader import Profile, State
from halli_pi.vision.reader.doubts import Doubt

_SCALE = 4  # downscale factor of the change gate
_DIFF = 18  # grey-level difference that counts as a changed pixel (sensor noise stays below)
_MOTION_FRAC = 0.004  # share of changed pixels that is motion
_HAND_FRAMES = 2  # frames of motion over a pile that make a hand, not a flicker
# A new card on its twin: the new top's pose against the old one's. Cards laid by hand land
# turned by several degrees or shifted by a tenth of a card; the outline's own jitter between
# two reads of one card stays under 1.5 degrees and 3 % of its short side.
POSE_SHIFT = 0.06  # centre shift, as a share of the card's short side
POSE_TURN = 3.0  # degrees
# The same card read again after a hand: its outline's sides against the accepted top's. Two
# reads of one card differ by under 3 %; an arm across the card cuts an outline short by far
# more, and a card partly outlined has no pose to judge a twin by.
POSE_SIZE = 0.06
# Another card read with a side this much shorter than both the pile's top and the table's
# cards is part of a card: an arm the table's colour across the top hides its end and a pip
# with it (a wide tuning film: a 3 read as a 2 on an outline 20 % short, a phantom play).
# Whole outlines of a table's cards differ by under 6 %; something over a card can hide a
# part of it, never make it larger.
PART_SHORT = 0.10
# Share of the card's pixels whose structure changed that says the print is another copy's
# (the twin's pips lie a little differently) when the pose did not move.
PRINT_CHANGED = 0.08
# At most this share of changed structure and the pile looks as it did when a top settled:
# the same card where it lay, not a copy of it (a hand that only hovered changed none of it
# on the tuning films). A copy laid in its place differs by more than twice that (a careful
# twin on the tuning films: 1.6 % or more; the card beneath a twin: 4.6 %).
PRINT_SAME = 0.005
_UNREADABLE_READS = 12  # still reads of a doubtful top before the page is asked
_REACH_OVER = 6  # still frames after which an unsettled pile no longer holds a reach open


class PileEventKind(StrEnum):
    PLAY = "play"
    ASK_PLAY = "ask_play"
    RETRACT = "retract"
    UNREADABLE = "unreadable"
    DEALT = "dealt"
    STOCK_EMPTY = "stock_empty"
    STOCK_BACK = "stock_back"


@dataclass(frozen=True)
class PileEvent:
    kind: PileEventKind
    pile: int
    # PLAY, ASK_PLAY, RETRACT, UNREADABLE: start of the occlusion burst; else when it was seen
    t: float
    card: HCard | None = None
    seen_t: float | None = None  # when the new top was first read (UNREADABLE: given up on)
    # ASK_PLAY: what makes a twin likely ("print changed", "announced"; else "a hand over it")
    prior: str = ""
    doubt: AnyDoubt | None = None  # UNREADABLE: why

    def to_log(self) -> dict[str, Any] | None:
        """The session log's input event (HAWAIKI.md §1.1) for a sure play or a take-back;
        None for what a person must confirm first."""
        if self.kind == PileEventKind.PLAY and self.card is not None:
            event: dict[str, Any] = {
                "type": "play",
                "t": self.t,
                "pile": self.pile,
                "card": str(self.card),
            }
            if self.seen_t is not None:
                event["seen_t"] = self.seen_t
            return event
        if self.kind == PileEventKind.RETRACT:
            return {"type": "retract", "t": self.t, "pile": self.pile}
        return None


@dataclass(frozen=True)
class PileView:
    """What a pile shows now: the accepted top, the live state and the top's reading."""

    pile: int
    state: State  # live: card / empty / occluded / unknown
    card: HCard | None  # the last accepted top (stands while a hand is over the pile)
    since: float | None  # when the accepted top was first read
    confidence: float
    corners: np.ndarray | None


@dataclass(frozen=True)
class _Held:
    """A change that stood in view unsettled (its top unread, or read two ways) when another
    hand came over the pile: an arm crossing it on its way to another pile, or the next
    player. The camera keeps its time and the outline it saw: a card later read in that very
    place lay there before the second hand and is stamped at the first (P17); anything else
    leaves the first change to a person."""

    t: float  # start of the first change
    # The last frame the pile stood in view before the second hand: a question about the
    # first change was given up on then (a play of the second hand is later).
    until: float
    outline: PileReading | None  # the last whole outline read before the second hand
    asked: bool  # UNREADABLE was already reported for it
    doubt: AnyDoubt | None


_MAX_OPEN_ASKS = 8  # questions per pile kept for a late answer; older ones were answered
_What = TypeVar("_What")  # what a question remembers of the card it is about


@dataclass
class _Pile:
    pile: int
    zone: np.ndarray
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 of the gate's area in the frame
    prev: np.ndarray | None = None  # small grey of the previous frame
    accepted_small: np.ndarray | None = None  # how the pile looked when its top was accepted
    stack: list[PileReading] = field(default_factory=list)  # accepted tops, latest last
    accepted_t: float | None = None
    live: State = State.UNKNOWN
    burst_t: float | None = None  # first frame of the change under way
    hand: int = 0  # motion frames in the change under way
    candidate: PileReading | None = None
    candidate_t: float | None = None
    still: int = 0  # agreeing still reads of the candidate
    doubtful: int = 0  # still reads that were doubtful, since the hand left
    asked: bool = False  # UNREADABLE already reported for this change
    seen_still: int = 0  # still reads in a row with no hand over the pile
    quiet: int = 0  # frames since the last motion over the pile
    dealing: bool = True
    outline: PileReading | None = None  # the last whole outline read in view, this change
    # A change another hand interrupted before it settled (see ``_Held``).
    held: _Held | None = None
    # Plays the page was asked about, by the ask's time: (how many tops lay in the stack
    # then, the top read after the hand), so a late "yes" puts the twin where it was laid.
    open_asks: dict[float, tuple[int, PileReading]] = field(default_factory=dict)
    # Tops the page was asked to name (``UNREADABLE``), by the ask's time: (how many tops lay
    # in the stack under it then, the outline the camera saw of it, if any).
    open_reads: dict[float, tuple[int, PileReading | None]] = field(default_factory=dict)
    named: bool = False  # the top is a card a person named, not yet read by the camera
    doubt: AnyDoubt | None = None  # why the last read in this change was no card
    still_t: float = 0.0  # the last frame with no motion over the pile
    armless: int = 0  # still reads in a row that saw no arm over the pile

    # The top as the camera last saw it settle. After a question the stack's top keeps the
    # card's pose before the hand until a person answers; the card seen since (a twin laid
    # almost exactly on it, perhaps) is what a later hand's change is judged against.
    seen: PileReading | None = None
    # How the pile looked when each top in the stack (or asked about) settled, by the
    # reading's id, with the reading itself: a twin taken back shows the look of the card
    # beneath again. Holding the reading keeps its id from going to another reading made
    # later (a card a person names), which would then take this look for its own: what a
    # film decided would hang on where earlier work left free memory.
    looks: dict[int, tuple[PileReading, np.ndarray]] = field(default_factory=dict)

    @property
    def top(self) -> PileReading | None:
        return self.stack[-1] if self.stack else None

    @property
    def seen_top(self) -> PileReading | None:
        """The top to judge a pose change against: the last settled reading of the stack's
        top card, else the stack's top."""
        top = self.top
        if top is None or self.seen is None or self.seen.card != top.card:
            return top
        return self.seen


class PileTracker:
    """The three (or any number of) pile zones of a Hawaiki table; feed it every frame."""

    def __init__(
        self,
        zones: Sequence[np.ndarray],
        frame_size: tuple[int, int],
        profile: Profile | None = None,
        *,
        settle: int = 3,
        stock: np.ndarray | None = None,
    ) -> None:
        self.profile = profile or load_hawaiki_profile()
        self.settle = settle
        self.reads = 0  # full reads done, for the benchmark
        self._announced = False
        # A hand that left a pile's top as it was, in the same pose, may have laid a twin
        # exactly on its twin: the page is asked (HAWAIKI.md §3). One question per reach,
        # once every pile is still (an arm reaching for one pile crosses others), about the
        # pile with the strongest evidence; none when the reach laid or took back a card the
        # camera saw, which is what the hand was there for.
        self._waiting_asks: dict[int, tuple[PileEvent, tuple[bool, bool, int], PileReading]] = {}
        self._reach_explained = False
        self._late: set[int] = set()  # this frame's plays of an earlier reach (``_Held``)
        self._reach_start: float | None = None  # the first motion of the reach under way
        w, h = frame_size
        self.piles: list[_Pile] = []
        for i, z in enumerate(zones):
            z = np.asarray(z, np.float32).reshape(-1, 2)
            box = margin_box(z, (w, h), 0.1)
            self.piles.append(_Pile(i, z, box))
        self.stock = None if stock is None else _Stock.around(stock, (w, h))

    # -- what the session loop tells the tracker --------------------------------------------

    def expect_deal(self) -> None:
        """A new round is being dealt: each pile's next top is a discard of the deal
        (``DEALT``), not a play."""
        for p in self.piles:
            p.dealing = True
            p.stack.clear()
            p.held, p.named, p.seen = None, False, None
            p.open_asks.clear()
            p.open_reads.clear()

    def hold_announcement(self, held: bool) -> None:
        """The seat to act holds an announcement that may claim a pair (a named ``pair``, or
        a generic one, P2), or no longer does: an unchanged top after a hand over a pile is
        then likely a twin laid on its twin, the question's first reason (HAWAIKI.md §3)."""
        self._announced = held

    def dealing(self, pile: int) -> bool:
        """Whether ``pile``'s next top is still a discard of the deal."""
        return self.piles[pile].dealing

    def dealt(self) -> list[HCard] | None:
        """The three discards once every pile shows its dealt card, else None."""
        tops = [p.top.card if p.top is not None else None for p in self.piles]
        if any(p.dealing for p in self.piles) or any(c is None for c in tops):
            return None
        return [c for c in tops if c is not None]

    # -- per frame --------------------------------------------------------------------------

    def update(self, frame: np.ndarray, t: float) -> list[PileEvent]:
        """Feed one frame and its session time; the observations it completes."""
        events: list[PileEvent] = []
        for p in self.piles:
            events += self._update_pile(p, frame, t)
        if self.stock is not None:
            seen = self.stock.update(frame, t, self.settle)
            if seen is not None:
                events.append(seen)
        if self._reach_start is None and any(p.quiet == 0 for p in self.piles):
            self._reach_start = t  # the first hand of a new reach
        if any(self._explains_reach(e) for e in events):
            self._reach_explained = True
        self._late.clear()
        # The reach is over when every pile is settled, already asked about, or unsettled
        # with no hand over it for a while (a top the camera cannot read waits for a person,
        # not for the next hand).
        if all(p.burst_t is None or p.asked or p.quiet >= _REACH_OVER for p in self.piles):
            # A pile that settled only now may ask about an earlier reach's hand (one its
            # reach did not wait for): that question is that reach's own, not this one's.
            start = t if self._reach_start is None else self._reach_start
            waiting = list(self._waiting_asks.values())
            chosen = [w for w in waiting if w[0].t < start]
            this_reach = [w for w in waiting if w[0].t >= start]
            if this_reach and not self._reach_explained:
                chosen.append(max(this_reach, key=lambda w: w[1]))
            for ask, _, top in chosen:
                events.append(ask)
                asked = self.piles[ask.pile]
                _remember(asked.open_asks, ask.t, (len(asked.stack), top))
            self._waiting_asks.clear()
            self._reach_explained = False
            self._reach_start = None
        return events

    def _explains_reach(self, e: PileEvent) -> bool:
        """Whether ``e`` is what the reach under way came for: a card laid or taken back
        since the reach began. A play of an earlier hand reported only now (its pile settled
        as the next hand came, or a held change told at last) explains nothing of this reach:
        a twin laid exactly on its twin in it must still be asked about."""
        if e.kind not in (PileEventKind.PLAY, PileEventKind.RETRACT) or id(e) in self._late:
            return False
        return self._reach_start is not None and e.t >= self._reach_start

    def view(self) -> list[PileView]:
        out = []
        for p in self.piles:
            top = p.top
            out.append(
                PileView(
                    p.pile,
                    p.live,
                    top.card if top is not None else None,
                    p.accepted_t,
                    top.confidence if top is not None else 0.0,
                    top.corners if top is not None else None,
                )
            )
        return out

    def settled_until(self, t: float) -> float:
        """The time up to which every pile has reported what it saw, at the frame of time
        ``t``. A pile in a change (a hand over it, a card settling) holds the mark just before
        the change's first frame: the play it may still report is stamped then (P17). A pile
        already asked about (the page asks a person) no longer holds it."""
        marks = [p.burst_t for p in self.piles if p.burst_t is not None and not p.asked]
        # A held change may still be read as a play at its time.
        marks += [p.held.t for p in self.piles if p.held is not None and not p.held.asked]
        # An ask waiting for every pile to be still will be about a play at its time.
        marks += [ask.t for ask, _, _ in self._waiting_asks.values()]
        return min(marks) - 1e-6 if marks else t

    def covered_piles(self) -> list[int]:
        """The piles the camera cannot see right now (a hand over them, nothing read yet)."""
        return [p.pile for p in self.piles if p.live in (State.OCCLUDED, State.UNKNOWN)]

    def _card_short(self) -> float | None:
        sides = [p.top.short_side for p in self.piles if p.top is not None and p.top.short_side]
        return float(np.median(sides)) if sides else None

    def _small(self, p: _Pile, frame: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = p.box
        grey = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
        size = (max(1, (x1 - x0) // _SCALE), max(1, (y1 - y0) // _SCALE))
        return cv2.resize(grey, size, interpolation=cv2.INTER_AREA)

    def _update_pile(self, p: _Pile, frame: np.ndarray, t: float) -> list[PileEvent]:
        small = self._small(p, frame)
        limit = _MOTION_FRAC * small.size
        motion = p.prev is not None and _changed(small, p.prev) > limit
        p.prev = small
        changed = p.accepted_small is None or _changed(small, p.accepted_small) > limit
        if (motion or changed) and p.burst_t is None:
            p.burst_t = t
        events: list[PileEvent] = []
        # The pile stood in view since the last hand: it read so ``settle`` times in a row, or
        # no arm over it for ``_REACH_OVER`` still reads, whatever they saw (reads that
        # flicker between a doubted outline and no whole card, or a twin whose outline is
        # not the size of the card it covers). The hand that came before has left: the next
        # one is a new visit, and a card it lays is its play, not the earlier hand's.
        stood = p.seen_still >= self.settle or p.armless >= _REACH_OVER
        if motion and (p.asked or stood):
            # A hand again after the pile stood in view, unsettled (its reads disagreed or
            # were doubted) or asked about: a new burst, whose start is the next play's time.
            # The change under way is held, not forgotten (``_Held``). (A hand resting over a
            # pile stands still too, but the pile reads occluded under it: the same burst.)
            events += self._hold(p)
            p.burst_t, p.hand, p.asked, p.outline = t, 0, False, None
        p.quiet = 0 if motion else p.quiet + 1
        if not motion:
            p.still_t = t
        if motion:
            p.seen_still = p.armless = 0
        if motion:
            p.hand += 1
            p.live = State.OCCLUDED
            p.candidate, p.still, p.doubtful = None, 0, 0
            return events
        if p.burst_t is None:
            return events  # quiet, and as accepted
        if not changed and p.hand < _HAND_FRAMES and not p.dealing and p.held is None:
            # Back as it was after a flicker (light, a shadow's edge): nothing happened.
            self._settled(p, small)
            return events
        self.reads += 1
        r = read_pile(frame, p.zone, self.profile, card_short=self._card_short())
        tops = [q.top for q in self.piles if q.top is not None]
        if r.state == State.CARD and _cut_short(r, None if p.dealing else p.top, tops):
            if _joined_with_twin(r, p.top):
                # The top card read again, outlined larger than it lay: a twin laid a little
                # turned on its twin, their white one piece. Right for the face, no pose.
                r = replace(r, fitted=True, why=JOINED_TWIN)
            else:
                r = PileReading(State.UNKNOWN, doubt=Doubt.NO_WHOLE_CARD, why="outline cut short")
        # The pile stood in view when it read as a card or empty, or as a whole outline whose
        # face is doubted; a top with no whole outline may be a hand resting over it, the same
        # visit.
        in_view = r.state in (State.CARD, State.EMPTY) or (
            r.state == State.UNKNOWN and r.corners is not None
        )
        p.seen_still = p.seen_still + 1 if in_view else 0
        p.armless = p.armless + 1 if r.state != State.OCCLUDED else 0
        if in_view and r.corners is not None:
            p.outline = r
        if r.state != State.CARD:
            p.live = r.state
            p.candidate, p.still = None, 0
            if r.state == State.EMPTY:
                return events
            p.doubt = r.doubt
            p.doubtful += 1
            if p.doubtful >= _UNREADABLE_READS and not p.asked:
                p.asked = True
                events += self._unreadable(p, t)
            return events
        if p.candidate is not None and _same_pose(r, p.candidate):
            p.still += 1
        else:
            if p.candidate is not None:
                p.doubtful += 1  # read two ways in a row: a top that flickers is doubtful too
            p.candidate, p.candidate_t, p.still = r, t, 1
        p.live = State.OCCLUDED if p.hand else State.CARD
        if p.doubtful >= _UNREADABLE_READS and not p.asked:
            p.asked = True
            events += self._unreadable(p, t)
        if p.still < self.settle:
            return events
        return events + self._accept(p, r, small, t)

    def _hold(self, p: _Pile) -> list[PileEvent]:
        """Another hand comes over a pile whose change has not settled: hold that change
        (``_Held``). A change already held whose place the pile no longer shows is left to a
        person first: the camera holds one."""
        if p.dealing or p.burst_t is None:
            return []
        out: list[PileEvent] = []
        held = p.held
        if held is not None:
            if _same_place(p.outline, held.outline):
                return []  # the same unsettled top since the first change: it stays held
            out += self._ask_held(p, held)
        p.held = _Held(p.burst_t, p.still_t, p.outline, p.asked, p.doubt)
        return out

    def _ask_held(self, p: _Pile, held: _Held) -> list[PileEvent]:
        """The held change cannot be told from what followed: the page asks what it laid."""
        p.held = None
        if held.asked:
            return []  # the page is asking already
        _remember(p.open_reads, held.t, (len(p.stack), held.outline))
        kind = PileEventKind.UNREADABLE
        return [PileEvent(kind, p.pile, held.t, None, held.until, doubt=held.doubt)]

    def _unreadable(self, p: _Pile, t: float) -> list[PileEvent]:
        """The top stays unreadable: the page asks what lies on it, for the held change (if
        any) and for this one, each a hand's visit a person can answer for."""
        out: list[PileEvent] = []
        if p.held is not None and not _same_place(p.outline, p.held.outline):
            out += self._ask_held(p, p.held)
        start = p.burst_t if p.burst_t is not None else t
        if p.held is not None:
            if p.held.asked:
                return out  # still the held change's top, which the page is asking about
            start = p.held.t  # still the held change's top: one question, at its time
            p.held = replace(p.held, asked=True)
        _remember(p.open_reads, start, (len(p.stack), p.outline))
        return out + [PileEvent(PileEventKind.UNREADABLE, p.pile, start, None, t, doubt=p.doubt)]

    def _accept(self, p: _Pile, r: PileReading, small: np.ndarray, t: float) -> list[PileEvent]:
        burst_t = p.burst_t if p.burst_t is not None else t
        events: list[PileEvent] = []
        held, p.held = p.held, None
        old = p.seen_top
        second: float | None = None  # the later hand's visit, when the first one laid the card
        if held is not None:
            if old is not None and _same_pose(r, old):
                pass  # the first change left the top as it was: judged with the second hand
            elif old is not None and held.outline is not None and _same_pose(held.outline, old):
                # Before the second hand the camera saw the old top where it lay (an arm only
                # crossed it): the new card came with the second hand, even laid in that place.
                pass
            elif _same_place(r, held.outline):
                # It lay there before the second hand: the first change's card.
                second, burst_t = burst_t, held.t
            else:
                events += self._ask_held(p, held)
        seen_t = p.candidate_t
        hand_frames = p.hand
        hand = hand_frames >= _HAND_FRAMES or held is not None
        judged = self._judge(p, r, small, t, burst_t, seen_t, hand, hand_frames)
        if second is not None and hand_frames >= _HAND_FRAMES:
            # The second hand left the first hand's card as it was, as a twin laid exactly on
            # it would: asked like any such hand. The first hand's play, reported late, does
            # not explain the second hand's reach.
            self._late.update(id(e) for e in judged)
            prior = "announced" if self._announced else "a hand over it"
            ask = PileEvent(PileEventKind.ASK_PLAY, p.pile, second, r.card, seen_t, prior)
            self._waiting_asks[p.pile] = (ask, (False, self._announced, hand_frames), r)
        return events + judged

    def _judge(
        self,
        p: _Pile,
        r: PileReading,
        small: np.ndarray,
        t: float,
        burst_t: float,
        seen_t: float | None,
        hand: bool,
        hand_frames: int,
    ) -> list[PileEvent]:
        """The settled top ``r`` against the pile's stack: a deal, a play, a take-back, an
        ask, or nothing."""
        old = p.seen_top
        before = p.accepted_small
        covered = p.stack[-2] if len(p.stack) >= 2 else None
        named, p.named = p.named, False
        last, p.seen = p.seen, r
        self._remember_look(p, r, small)
        self._settled(p, small)
        p.live = State.CARD
        if p.dealing:
            p.dealing = False
            p.stack = [r]
            p.accepted_t = seen_t
            return [PileEvent(PileEventKind.DEALT, p.pile, seen_t or t, r.card, seen_t)]
        if named and old is not None and r.card == old.card and old.corners is None:
            # The card a person named, read at last: its pose is known now. (Named where the
            # camera had seen its outline, it is judged by that pose like any top.)
            p.stack[-1] = r
            return []
        if r.why == JOINED_TWIN and old is not None:
            # The same card on an outline joined with the card beneath: a twin laid a little
            # turned, or the top's outline run into the stack's. Its pose is not known now, so
            # no later hand is judged by it (a play is never read from it): a person is asked.
            p.stack[-1] = r
            if hand:
                self._ask_twin(p, r, small, before, old, burst_t, seen_t, hand_frames)
            return []
        same_top = old is not None and r.card == old.card and _same_pose(r, old)
        if (
            covered is not None
            and _same_pose(r, covered)
            and (not same_top or _looks_back(p, small, covered, p.stack[-1]))
            and not _twins_of_unknown_pose(r, covered, p.stack[-1])
        ):
            # The covered card shows again where it lay: a take-back (of a twin too, when it
            # lay turned on the card it covered, or in its pose but another printed copy).
            p.stack.pop()
            p.accepted_t = seen_t
            return [PileEvent(PileEventKind.RETRACT, p.pile, burst_t, r.card, seen_t)]
        if old is not None and r.card != old.card and not hand:
            # No hand came over the pile, so no card was laid: the top read another way (a
            # change of light, an outline found at last) is no play. The top stays as it was
            # accepted; a hand's visit is what a play is credited to.
            return []
        if hand and old is not None and r.card != old.card:
            deeper = _shown_again(p, r)
            if deeper is not None:
                return self._taken_back_unread(p, r, deeper, burst_t, seen_t, hand_frames)
        if old is None or r.card != old.card:
            return [self._played(p, r, burst_t, seen_t)]
        if hand and (back := self._twin_taken_back(p, r, small, last)) is not None:
            p.accepted_t = seen_t
            return [PileEvent(PileEventKind.RETRACT, p.pile, burst_t, back.card, seen_t)]
        if not hand:
            p.stack[-1] = r  # the same card, nudged by light or a shadow: nothing was laid
            return []
        if not (r.fitted or old.fitted) and not _same_pose(r, old):
            return [self._played(p, r, burst_t, seen_t)]  # a twin laid turned
        # Nothing the camera can tell from a hand that laid nothing: a person is asked.
        self._ask_twin(p, r, small, before, old, burst_t, seen_t, hand_frames)
        return []

    def _ask_twin(
        self,
        p: _Pile,
        r: PileReading,
        small: np.ndarray,
        before: np.ndarray | None,
        old: PileReading,
        burst_t: float,
        seen_t: float | None,
        hand_frames: int,
    ) -> None:
        """The same card on top after a hand, and no pose to tell a twin by: a person is
        asked, once the reach is over (``update``). The print inside the card changing (the
        twin's pips lie a little differently) and a held announcement make a twin likelier."""
        printed = before is not None and _print_changed(p, small, before, old) > PRINT_CHANGED
        prior = "print changed" if printed else "announced" if self._announced else "a hand over it"
        ask = PileEvent(PileEventKind.ASK_PLAY, p.pile, burst_t, r.card, seen_t, prior)
        self._waiting_asks[p.pile] = (ask, (printed, self._announced, hand_frames), r)

    def _twin_taken_back(
        self, p: _Pile, r: PileReading, small: np.ndarray, last: PileReading | None
    ) -> PileReading | None:
        """The twin asked about last, not yet answered, taken back by this hand: the pile
        shows the card beneath it again, as it looked before the twin, and no longer the
        twin's print. The twin that came and went (a late "yes" no longer puts it in the
        stack); else None."""
        if not p.open_asks or p.top is None:
            return None
        key = max(p.open_asks)
        depth, twin = p.open_asks[key]
        under = p.top
        seen_twin = last is not None and _same_pose(last, twin)  # nothing else settled since
        if not seen_twin or depth != len(p.stack) or not _same_pose(r, under):
            return None
        if not _looks_back(p, small, under, twin):
            return None
        del p.open_asks[key]
        return twin

    def _taken_back_unread(
        self,
        p: _Pile,
        r: PileReading,
        k: int,
        burst_t: float,
        seen_t: float | None,
        hand_frames: int,
    ) -> list[PileEvent]:
        """The top read at last is the card the stack holds at ``k``, where it lay, under the
        covered card: the cards above it were taken back while the camera could not read the
        pile (a take-back onto a twin it could not read, then another). It is no new card.
        When every card between is its twin, the covered card shows again, as far as the
        rules tell cards apart: a take-back of the top. Otherwise the camera cannot say what
        the referee should undo: the page asks (a person says no card landed)."""
        twins = all(q.card == r.card for q in p.stack[k + 1 : -1])
        p.stack = p.stack[: k + 1]
        p.accepted_t = seen_t
        if twins:
            return [PileEvent(PileEventKind.RETRACT, p.pile, burst_t, r.card, seen_t)]
        prior = "a card beneath shows again"
        ask = PileEvent(PileEventKind.ASK_PLAY, p.pile, burst_t, r.card, seen_t, prior)
        self._waiting_asks[p.pile] = (ask, (False, self._announced, hand_frames), r)
        return []

    def _remember_look(self, p: _Pile, r: PileReading, small: np.ndarray) -> None:
        """Keep how the pile looks with ``r`` settled, and the looks of the readings still in
        its stack or asked about."""
        p.looks[id(r)] = (r, small)
        keep = {id(q) for q in p.stack} | {id(q) for _, q in p.open_asks.values()} | {id(r)}
        keep |= {id(q) for _, _, q in self._waiting_asks.values()}
        for k in [k for k in p.looks if k not in keep]:
            del p.looks[k]

    def _played(self, p: _Pile, r: PileReading, burst_t: float, seen_t: float | None) -> PileEvent:
        p.stack.append(r)
        p.accepted_t = seen_t
        return PileEvent(PileEventKind.PLAY, p.pile, burst_t, r.card, seen_t)

    def confirm_play(self, pile: int, t: float | None = None) -> None:
        """A person confirmed the play asked about at time ``t`` (default: the last one asked
        about the pile): a new card lies on its twin. The twin is kept beneath it where it was
        laid, even when later plays lie over it by now (a person answers a moment later), so
        a take-back of the new card shows a card already known, not another play."""
        p = self.piles[pile]
        if not p.open_asks:
            return
        if t is None:
            t = max(p.open_asks)
        key = min(p.open_asks, key=lambda k: abs(k - t))
        depth, top = p.open_asks.pop(key)
        if 0 < depth <= len(p.stack) and p.stack[depth - 1].card == top.card:
            p.stack.insert(depth, top)
            _laid_beneath_later_asks(p, key, depth)

    def name_top(self, pile: int, card: HCard, t: float | None = None) -> None:
        """A person named the card the hand whose visit started at ``t`` (default: the last
        one asked about) laid on ``pile``, whose top the camera could not read
        (``UNREADABLE``). It goes where it was laid, under later plays if any; on top, the
        camera's reading of that card later, in its place, is no new play."""
        p = self.piles[pile]
        depth, outline = len(p.stack), p.outline
        key = t if t is not None else float("inf")
        if p.open_reads:
            key = max(p.open_reads) if t is None else min(p.open_reads, key=lambda k: abs(k - t))
            depth, outline = p.open_reads.pop(key)
            if p.held is not None and abs(p.held.t - key) < 1e-6:
                p.held = None  # a person said what the held change laid
        corners = outline.corners if outline is not None else None
        named = PileReading(State.CARD, card, 1.0, corners, why="named by a person")
        if p.dealing:
            p.dealing = False
            p.stack = [named]
            depth = 1
        elif depth >= len(p.stack):
            p.stack.append(named)
            _laid_beneath_later_asks(p, key, len(p.stack) - 1)
            depth = len(p.stack)
        else:
            p.stack.insert(depth, named)
            _laid_beneath_later_asks(p, key, depth)
        if depth == len(p.stack):
            p.named, p.seen = True, None
            p.accepted_t = t

    def asked_stack(self, pile: int, t: float | None = None) -> list[HCard]:
        """The cards ``pile`` held, bottom first, when the page was asked to name its top
        after the hand whose visit started at ``t`` (default: the last one asked about): the
        top that hand found, and the card beneath it that a take-back shows again."""
        p = self.piles[pile]
        depth = len(p.stack)
        if p.open_reads:
            key = max(p.open_reads) if t is None else min(p.open_reads, key=lambda k: abs(k - t))
            depth = p.open_reads[key][0]
        return [r.card for r in p.stack[:depth] if r.card is not None]

    def name_take_back(self, pile: int, t: float | None = None) -> None:
        """A person said the hand whose visit started at ``t`` took the top it found back off
        ``pile`` (the camera could not read the card beneath showing again): that top leaves
        the stack, so the camera's later reading of the card beneath is no new play and no
        second take-back."""
        p = self.piles[pile]
        depth = len(p.stack)
        if p.open_reads:
            key = max(p.open_reads) if t is None else min(p.open_reads, key=lambda k: abs(k - t))
            depth = p.open_reads.pop(key)[0]
            if p.held is not None and abs(p.held.t - key) < 1e-6:
                p.held = None  # a person said what the held change was
        if not 2 <= depth <= len(p.stack):
            return
        del p.stack[depth - 1]
        if depth - 1 == len(p.stack):  # the card beneath is the top again, where it lay
            p.named, p.seen = False, None
            p.accepted_t = t

    def _settled(self, p: _Pile, small: np.ndarray) -> None:
        p.accepted_small = small
        p.burst_t = None
        p.hand = 0
        p.candidate, p.candidate_t, p.still, p.doubtful, p.asked = None, None, 0, 0, False
        p.seen_still = p.armless = 0
        p.outline, p.doubt = None, None


# The stock: is a stack of card backs there, or only the table? An empty spot looks like the
# table around it; a stack of backs (whatever their print) does not.
_STOCK_RING = 0.35  # the table around the zone, as a share of its size
_STOCK_FAR = 40.0  # colour distance (BGR) from the table's colour that is not the table
_STOCK_EMPTY_SHARE = 0.15  # at most this share of the zone unlike the table: empty


@dataclass
class _Stock:
    box: tuple[int, int, int, int]
    inside: np.ndarray  # bool mask of the zone in the downscaled box
    ring: np.ndarray  # bool mask of the table around it
    prev: np.ndarray | None = None
    state: PileEventKind | None = None  # what was last reported
    candidate: PileEventKind | None = None
    still: int = 0

    @classmethod
    def around(cls, zone: np.ndarray, size: tuple[int, int]) -> _Stock:
        zone = np.asarray(zone, np.float32).reshape(-1, 2)
        box = margin_box(zone, size, _STOCK_RING)
        x0, y0, x1, y1 = box
        shape = (max(1, (y1 - y0) // _SCALE), max(1, (x1 - x0) // _SCALE))
        quad = (zone - np.array([x0, y0], np.float32)) / _SCALE
        filled = np.zeros(shape, np.uint8)
        cv2.fillPoly(filled, [np.rint(quad).astype(np.int32)], 255)
        # A margin of a few pixels on each side of the zone's edge belongs to neither: a stack
        # laid a little askew overhangs its zone.
        inner = cv2.erode(filled, np.ones((3, 3), np.uint8)) > 0
        outer = cv2.dilate(filled, np.ones((5, 5), np.uint8)) == 0
        return cls(box, inner, outer)

    def update(self, frame: np.ndarray, t: float, settle: int) -> PileEvent | None:
        x0, y0, x1, y1 = self.box
        small = cv2.resize(
            frame[y0:y1, x0:x1], self.inside.shape[::-1], interpolation=cv2.INTER_AREA
        )
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        moving = self.prev is not None and _changed(grey, self.prev) > _MOTION_FRAC * grey.size
        self.prev = grey
        if moving:  # a hand drawing or gathering cards: look again once it is still
            self.candidate, self.still = None, 0
            return None
        seen = PileEventKind.STOCK_EMPTY if self._looks_empty(small) else PileEventKind.STOCK_BACK
        if seen != self.candidate:
            self.candidate, self.still = seen, 0
        self.still += 1
        if self.still < settle or seen == self.state:
            return None
        first = self.state is None
        self.state = seen
        if first and seen == PileEventKind.STOCK_BACK:
            return None  # a stock there from the start is no news
        return PileEvent(seen, -1, t)

    def _looks_empty(self, small: np.ndarray) -> bool:
        pixels = small.reshape(-1, 3).astype(np.float32)
        table = np.median(pixels[self.ring.reshape(-1)], axis=0)
        inside = pixels[self.inside.reshape(-1)]
        if not len(inside):
            return False
        far = np.linalg.norm(inside - table, axis=1) > _STOCK_FAR
        return float(far.mean()) <= _STOCK_EMPTY_SHARE

    @property
    def empty(self) -> bool | None:
        """Whether the stock was last seen empty (None: not seen still yet)."""
        return None if self.state is None else self.state == PileEventKind.STOCK_EMPTY


def pose_change(a: PileReading, b: PileReading) -> tuple[float, float]:
    """(centre shift as a share of the card's short side, turn in degrees) from ``b`` to
    ``a``; a card turned by half a turn is the same pose (its outline is the same)."""
    if a.corners is None or b.corners is None:
        return (math.inf, math.inf)
    short = max(a.short_side or 1.0, 1.0)
    shift = float(np.linalg.norm(a.corners.mean(0) - b.corners.mean(0))) / short
    return (shift, _turn(_long_axis(a.corners), _long_axis(b.corners)))


def _remember(asks: dict[float, Any], t: float, what: Any) -> None:
    """Keep what a question was about, by its time, for a person's answer; the oldest go
    (answered long ago, or dismissed: the tracker is not told)."""
    asks[t] = what
    while len(asks) > _MAX_OPEN_ASKS:
        del asks[min(asks)]


def _laid_beneath_later_asks(p: _Pile, key: float, depth: int) -> None:
    """A card a person answered for (asked at time ``key``) now lies at ``depth`` of the
    stack. A question asked later about a card laid on it counted the stack without it (it
    was not answered yet): that card lies one deeper. Else two careful twins confirmed late
    stand in the stack in the wrong order, and the next hand over them is judged against the
    wrong look (a rough tuning film: an arm crossing them taken for a take-back)."""
    _one_deeper(p.open_asks, key, depth)
    _one_deeper(p.open_reads, key, depth)


def _one_deeper(questions: dict[float, tuple[int, _What]], key: float, depth: int) -> None:
    """The questions asked after time ``key`` about a card at ``depth`` or above it: one
    deeper in the stack."""
    for later, (d, what) in list(questions.items()):
        if later > key and d >= depth:
            questions[later] = (d + 1, what)


def _looks_back(p: _Pile, small: np.ndarray, under: PileReading, over: PileReading) -> bool:
    """The pile looks again as it did when ``under`` settled, and not as when ``over`` (the
    same card on it, in its pose) did: ``over`` was taken off."""
    a, b = _look_of(p, under), _look_of(p, over)
    if a is None or b is None or a is b:
        return False
    return (
        _print_changed(p, small, a, under) <= PRINT_SAME
        and _print_changed(p, small, b, over) > 2 * PRINT_SAME
    )


def _look_of(p: _Pile, r: PileReading) -> np.ndarray | None:
    """How the pile looked when ``r`` itself settled (None: never remembered for it)."""
    kept = p.looks.get(id(r))
    return kept[1] if kept is not None and kept[0] is r else None


def _shown_again(p: _Pile, r: PileReading) -> int | None:
    """Where in the stack, below the covered card, lies the card ``r`` shows again, in the
    very pose it lay in (None: nowhere)."""
    for k in range(len(p.stack) - 3, -1, -1):
        if _same_pose(r, p.stack[k]):
            return k
    return None


def _twins_of_unknown_pose(r: PileReading, covered: PileReading, top: PileReading) -> bool:
    """The top lies on its twin and one of the outlines a take-back is told by was fitted (or
    joined with a twin): right for the face, too loose for the pose. Only the pose tells the
    covered twin from the top here, so it says nothing (a rough tuning film: an arm crossing
    a stack of twins was taken for a take-back)."""
    return covered.card == top.card and (r.fitted or covered.fitted or top.fitted)


def _same_place(a: PileReading | None, b: PileReading | None) -> bool:
    """Two outlines in the same pose, whatever card each was read as (or none)."""
    if a is None or b is None:
        return False
    shift, turn = pose_change(a, b)
    return shift <= POSE_SHIFT and turn <= POSE_TURN


def _same_pose(a: PileReading, b: PileReading) -> bool:
    if a.card != b.card:
        return False
    shift, turn = pose_change(a, b)
    return shift <= POSE_SHIFT and turn <= POSE_TURN


def _sides(corners: np.ndarray) -> tuple[float, float]:
    """(short, long) sides of an outline whose first edge is a short side."""
    e = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    return (e[0] + e[2]) / 2, (e[1] + e[3]) / 2


JOINED_TWIN = "outline joined with its twin beneath"


def _joined_with_twin(r: PileReading, top: PileReading | None) -> bool:
    """The top card read again on an outline no side of which is shorter than the accepted
    top's (by more than ``POSE_SIZE``): larger, as the white of a twin laid a little turned on
    its twin is one piece (a scripted wide tuning table: 3 of 9 such twins went unnoticed, the
    next hand came before the page was asked to read the pile). An arm across a card cuts its
    outline shorter instead."""
    if top is None or r.card != top.card or r.corners is None or top.corners is None:
        return False
    sides, was = _sides(r.corners), _sides(top.corners)
    return all(x >= y * (1 - POSE_SIZE) for x, y in zip(sides, was, strict=True))


def _cut_short(r: PileReading, top: PileReading | None, table: list[PileReading]) -> bool:
    """The top card read again with an outline of another size than the accepted top's (an
    arm across it cuts it short, or joins it): only part of the card was outlined. Unless
    it has the size of the table's cards (the tops of every pile): then the accepted outline
    was the loose one. Another card is cut short only when its outline is shorter than both
    (``_part_of_a_card``). Fitted outlines have the table's size by construction and say
    nothing here."""
    if top is None or r.fitted or r.corners is None or top.corners is None:
        return False
    if r.card != top.card:
        return _part_of_a_card(r, top, table)
    if top.fitted:
        return False

    def differs(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return any(abs(x / max(y, 1.0) - 1) > POSE_SIZE for x, y in zip(a, b, strict=True))

    sides = _sides(r.corners)
    if not differs(sides, _sides(top.corners)):
        return False
    whole = [_sides(t.corners) for t in table if t.corners is not None and not t.fitted]
    if not whole:
        return True
    typical = (
        float(np.median([w[0] for w in whole])),
        float(np.median([w[1] for w in whole])),
    )
    return differs(sides, typical)


def _part_of_a_card(r: PileReading, top: PileReading, table: list[PileReading]) -> bool:
    """A side of ``r``'s outline is shorter than the pile's top's and than the table's cards'
    (the median of every pile's top, this one's among them) by more than ``PART_SHORT``: the
    part of a card an arm left in view, whose face may read as a card of fewer pips."""
    assert r.corners is not None and top.corners is not None
    sides = _sides(r.corners)
    sizes = [_sides(t.corners) for t in table if t.corners is not None] or [_sides(top.corners)]
    typical = (
        float(np.median([s[0] for s in sizes])),
        float(np.median([s[1] for s in sizes])),
    )

    def shorter(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return any(x < y * (1 - PART_SHORT) for x, y in zip(a, b, strict=True))

    return shorter(sides, _sides(top.corners)) and shorter(sides, typical)


def _long_axis(corners: np.ndarray) -> float:
    """The direction of the card's long sides, in degrees modulo 180."""
    c = np.asarray(corners, np.float64)
    # The first edge is a short side, so the second and fourth are the long ones.
    v = (c[2] - c[1]) + (c[3] - c[0])
    return math.degrees(math.atan2(v[1], v[0])) % 180.0


def _turn(a: float, b: float) -> float:
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def _print_changed(p: _Pile, a: np.ndarray, b: np.ndarray, card: PileReading) -> float:
    """Share of the card's pixels whose structure (edges, print) changed, light aside."""
    if card.corners is None or a.shape != b.shape:
        return 0.0
    filled = np.zeros(a.shape, np.uint8)
    quad = (card.corners - np.array(p.box[:2], np.float32)) / _SCALE
    cv2.fillPoly(filled, [np.rint(quad).astype(np.int32)], 255)
    mask: np.ndarray = cv2.erode(filled, np.ones((3, 3), np.uint8))  # not the card's own edge
    inside = cv2.countNonZero(mask)
    if inside == 0:
        return 0.0
    change = cv2.absdiff(_structure(a), _structure(b))
    diff: np.ndarray = cv2.threshold(change, _DIFF, 255, cv2.THRESH_BINARY)[1].astype(np.uint8)
    return cv2.countNonZero(cv2.bitwise_and(diff, mask)) / inside


def _structure(small: np.ndarray) -> np.ndarray:
    s = small.astype(np.float32)
    return cv2.absdiff(s, cv2.GaussianBlur(s, (0, 0), 2.0))


def _changed(a: np.ndarray, b: np.ndarray) -> int:
    diff = cv2.absdiff(a, b)
    return int(cv2.countNonZero(cv2.threshold(diff, _DIFF, 255, cv2.THRESH_BINARY)[1]))

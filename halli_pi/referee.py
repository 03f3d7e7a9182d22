"""The referee: bell presses and camera reveals merged on one clock, ruled, and fanned out.

Two streams reach the referee late by different amounts. A press arrives within a millisecond
of its edge; a reveal only once the tracker has accepted the card, a few frames after the first
frame that showed it (and it is stamped with that first frame). So the referee holds every input
event in a heap and releases it to the engine only when both streams have reported everything
up to its time (a watermark): the engine sees events in time order, and the log replays to
exactly what the table saw.

A burst of presses is usually ruled the moment its window closes: the five has lain on the
table for hundreds of milliseconds and vision has long caught up. When a zone was still
settling or covered by a hand at the press, the ring is ruled at once on the table as accepted
so far and marked *provisional*; when vision catches up the ruling is *confirmed*, or
*corrected* and announced, before anyone gathers the piles. If vision cannot catch up in time
(a hand stays over a pile, the camera is gone), the press is ruled void with the reason
"cannot see …": the referee never guesses.

Every ruling is committed to the store in its own transaction before it is shown.

A Hawaiki game (shared/HAWAIKI.md) goes through the same referee: its plays come from the camera
like reveals, its presses from the buttons, and what only a person can say (a designation, a
pass, a count) through `submit`. It has no bursts and nothing provisional: each input is ruled
once it is released in time order, and its merci timers fire once time has passed them.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from halli_pi.cards import Card
from halli_pi.errors import InputError
from halli_pi.rules import GameStart, Press, Reveal, Ruling
from halli_pi.rules.events import End, Notice
from halli_pi.rules.hawaiki.engine import HawaikiGame
from halli_pi.rules.hawaiki.events import HawaikiRuling
from halli_pi.rules.session import Session, SessionInput, SessionOutput

# What the referee is fed and decides, over both game families.
InputEvent = SessionInput
OutputEvent = SessionOutput
AnyRuling = Ruling | HawaikiRuling

log = logging.getLogger(__name__)


class Status(StrEnum):
    FINAL = "final"  # ruled on a settled table
    PROVISIONAL = "provisional"  # ruled while vision was catching up; may still change
    CONFIRMED = "confirmed"  # a provisional ruling that vision agreed with
    CORRECTED = "corrected"  # a provisional ruling replaced once vision caught up


@dataclass(frozen=True)
class Decision:
    """A ruling as announced: with its id in the store and what became of it."""

    ruling: AnyRuling
    status: Status
    players: tuple[str, ...]
    id: int | None = None  # the store's ruling id (None without a store)
    replaces: int | None = None  # for a correction: the provisional ruling it replaces
    evidence: str | None = None  # path of the evidence image, once written

    def to_json(self) -> dict[str, Any]:
        obj = self.ruling.to_json()
        obj.update(id=self.id, status=str(self.status), names=list(self.players))
        if self.replaces is not None:
            obj["replaces"] = self.replaces
        obj["evidence"] = self.evidence
        return obj


class RefereeListener:
    """What the referee tells the lights, the terminal, the web page. A listener overrides
    the methods it cares about; the rest do nothing."""

    urgent = False  # told of a decision before the evidence image is drawn (the lights)

    def on_first_press(self, press: Press) -> None:
        """A press reached the referee (its presser's light goes on at once)."""

    def on_decision(self, decision: Decision) -> None:
        """A ruling was made, confirmed or corrected (and committed to the log)."""

    # The events below are either family's (`OutputEvent`, `InputEvent`); typed loosely so
    # that a listener written for one family may name that family's events alone.
    def on_output(self, event: Any) -> None:
        """An elimination, a game's end, a Hawaiki round's end, a notice."""

    def on_input(self, event: Any) -> None:
        """An input event reached the engine (in time order)."""

    def on_input_corrected(self, corrected: tuple[Any, Any]) -> None:
        """An input already told was replaced (a credit, a corrected card): (old, new)."""


class RulingLog(Protocol):
    """What the referee needs of the log (halli_pi.store.Store has it): every input, ruling and
    output committed before it is shown, and corrections kept beside what they replace."""

    def record_inputs(
        self, session_id: int, events: Sequence[InputEvent]
    ) -> Sequence[int | None]: ...

    def record_output(self, session_id: int, event: OutputEvent) -> int | None: ...

    def record_ruling(
        self, session_id: int, ruling: AnyRuling, *, status: str = ...
    ) -> int | None: ...

    def confirm_ruling(self, ruling_id: int) -> None: ...

    def correct_ruling(self, ruling_id: int, ruling: AnyRuling, *, reason: str) -> int | None: ...

    def correct_input(self, event_id: int, event: InputEvent, *, reason: str) -> int | None: ...


class NoRulingLog:
    """A referee without a log (a test, a bench): nothing is written, and nothing has an id."""

    def record_inputs(self, session_id: int, events: Sequence[InputEvent]) -> list[None]:
        return [None for _ in events]

    def record_output(self, session_id: int, event: OutputEvent) -> None:
        return None

    def record_ruling(self, session_id: int, ruling: AnyRuling, *, status: str = "final") -> None:
        return None

    def confirm_ruling(self, ruling_id: int) -> None:
        return None

    def correct_ruling(self, ruling_id: int, ruling: AnyRuling, *, reason: str) -> None:
        return None

    def correct_input(self, event_id: int, event: InputEvent, *, reason: str) -> None:
        return None


# Writes the evidence image of a decision and gives its path (None when there is none).
EvidenceWriter = Callable[["Decision"], "str | Path | None"]


@dataclass
class _Pending:
    """A burst the referee has announced provisionally and waits to confirm."""

    id: int | None
    ruling: Ruling


@dataclass
class RefereeStats:
    decisions: int = 0
    provisional: int = 0
    corrected: int = 0
    blind: int = 0  # presses ruled void because the referee could not see
    late_reveals: int = 0  # reveals that came after the referee had moved past their time


@dataclass
class Referee:
    """Joins the streams. Thread-safe: presses, vision updates and ticks may come from
    different threads; every method takes the one lock and does sub-millisecond work."""

    store: RulingLog | None = None  # halli_pi.store.Store; None keeps no log
    session_id: int | None = None  # the log's session (needed with a store)
    listeners: list[RefereeListener] = field(default_factory=list)
    # The evidence photo of a decision: halli_pi.runtime.lights_and_evidence.evidence_writer.
    evidence: EvidenceWriter | None = None
    # How long a press may wait for vision to catch up before it is ruled "cannot see".
    vision_timeout_s: float = 1.5
    # Presses reach us this long after their edge at worst (lgpio delivers ~0.5 ms late).
    bell_latency_s: float = 0.002

    def __post_init__(self) -> None:
        if self.store is not None and self.session_id is None:
            raise ValueError("a referee with a store needs the store's session_id")
        self.ruling_log: RulingLog = NoRulingLog() if self.store is None else self.store
        self._session = -1 if self.session_id is None else self.session_id
        self.engine = Session()
        self.stats = RefereeStats()
        self._lock = threading.RLock()
        self._heap: list[tuple[float, int, InputEvent]] = []
        self._seq = itertools.count()
        self._last_seq = -1
        self._told: set[int] = set()  # held inputs a person gave (refused, not fatal)
        self._vision_mark = float("-inf")  # vision has reported everything up to here
        self._released_to = float("-inf")  # the engine has been fed everything up to here
        self._blind_reason: str | None = None  # what vision cannot see right now
        self._provisional: dict[float, _Pending] = {}  # by burst start
        # What was fed and ruled, for re-judging after a person corrects an input.
        self._fed: list[tuple[InputEvent, int | None]] = []  # (event, store id)
        self._ruled: list[tuple[AnyRuling, int | None]] = []  # final rulings (ruling, store id)
        self._unrecorded: list[int] = []  # positions in _fed not yet written to the store
        # Held inputs already written because a provisional ruling was shown on them: by heap
        # seq, the store id and the event as written.
        self._prelogged: dict[int, tuple[int, InputEvent]] = {}

    # --- the streams -----------------------------------------------------------------------

    def new_game(self, game: GameStart) -> None:
        with self._lock:
            self._push(game)
            # A new game is a person's decision, not a sensor's: rule it now.
            self._release(game.t, force_vision=True)

    def press(self, press: Press) -> None:
        """A bell press (edge time of the first contact). Lights the presser's light at once."""
        with self._lock:
            if press.t < self._released_to:
                # The bell is never this late (a press older than the watermark): keep it in the
                # log at the earliest time still open, and say so.
                log.warning(
                    "press at %.6f s came after %.6f s was ruled", press.t, self._released_to
                )
                press = dataclasses.replace(press, t=self._released_to)
            self._push(press)
            for listener in self.listeners:
                _tell(listener.on_first_press, press)

    def vision(
        self, reveals: Sequence[InputEvent], settled_until: float, blind: str | None = None
    ) -> None:
        """Accepted reveals (a Hawaiki table's plays and take-backs), and the time up to which
        every zone is settled (all its reveals reported). `blind` says what cannot be seen right
        now ("Bo's pile is covered")."""
        with self._lock:
            for reveal in reveals:
                if reveal.t < self._released_to:
                    self.stats.late_reveals += 1
                    log.warning(
                        "reveal at %.6f s accepted after %.6f s was ruled; logged late",
                        reveal.t,
                        self._released_to,
                    )
                    reveal = dataclasses.replace(reveal, t=self._released_to)
                self._push(reveal)
            self._vision_mark = max(self._vision_mark, settled_until)
            self._blind_reason = blind

    def submit(self, event: InputEvent) -> None:
        """An input only a person can give (from the page or a keyboard): a Hawaiki
        designation, pass, count, named announcement, thanks, a confirmed play. It is ruled in
        time order with the camera's and the buttons' events, at the next tick. Given after
        that time was ruled, it is logged at the earliest time still open, like a late press."""
        with self._lock:
            if self.engine.game is None:
                raise InputError("no game is being played", field="type")
            self.engine.check_family(event)
            if event.t < self._released_to:
                log.info(
                    "%s at %.6f s given after %.6f s was ruled: logged then",
                    event.type,
                    event.t,
                    self._released_to,
                )
                event = dataclasses.replace(event, t=self._released_to)
            self._push(event)
            self._told.add(self._last_seq)

    def snapshot(self) -> Any:
        """The table as the engine of the game under way sees it (for screens and lights)."""
        with self._lock:
            return self.engine.snapshot()

    @property
    def hawaiki(self) -> bool:
        """A Hawaiki game is being refereed."""
        return self.engine.hawaiki

    def end(self, t: float) -> None:
        with self._lock:
            self._push(End(t))
            self._release(float("inf"), force_vision=True)

    def tick(self, now: float) -> None:
        """Rule whatever can be ruled at session time `now`."""
        with self._lock:
            bell_mark = now - self.bell_latency_s
            # Hawaiki's presses are thanks and announcements: one voided because a hand hid a
            # pile would cost its presser a card. They wait for the camera instead (the ruling
            # pauses, HAWAIKI.md §3) and the screens say what it cannot see.
            lagging = self._vision_mark < bell_mark - self.vision_timeout_s
            if lagging and not self.engine.hawaiki:
                self._go_blind(bell_mark - self.vision_timeout_s)
            self._release(min(bell_mark, self._vision_mark))
            self._announce_provisional(bell_mark)

    def next_deadline(self) -> float | None:
        """Session time of the next burst close (for a loop that sleeps until then)."""
        with self._lock:
            if self.engine.hawaiki:
                return self._hawaiki_deadline()
            closes = self.engine.burst_closes_at
            presses = [t for t, _, e in self._heap if isinstance(e, Press)]
            first = min(presses) if presses else None
            game = self.engine.game
            if first is not None and game is not None and not isinstance(game, HawaikiGame):
                window = game.options.window_ms / 1000.0
                closes = min(closes or float("inf"), first + window)
            return None if closes is None else closes + self.bell_latency_s

    def _hawaiki_deadline(self) -> float | None:
        """Hawaiki: the next timer (a merci window, a double-press wait), which fires once time
        is strictly past it (a thanks at the deadline is in time), or the first press held."""
        due = self.engine.next_deadline
        wakes = [] if due is None else [due + 1e-6]
        presses = [t for t, _, e in self._heap if isinstance(e, Press)]
        if presses:
            wakes.append(min(presses))
        return min(wakes) + self.bell_latency_s if wakes else None

    # --- inside ----------------------------------------------------------------------------

    def _push(self, event: InputEvent) -> None:
        self._last_seq = next(self._seq)
        heapq.heappush(self._heap, (event.t, self._last_seq, event))

    def _release(self, mark: float, *, force_vision: bool = False) -> None:
        """Feed the engine every held event up to `mark`, in time order."""
        while self._heap and self._heap[0][0] <= mark:
            _, seq, event = heapq.heappop(self._heap)
            if seq not in self._told:
                self._feed(event, seq)
                continue
            self._told.discard(seq)
            if self.engine.hawaiki:
                # The timers due before it are ruled first, so that a refusal loses none.
                self._handle(self.engine.advance(event.t))
            try:
                self._feed(event, seq)
            except InputError as err:
                # A person's input the game cannot take (a seat it does not have): it is not
                # logged, and the screens say why, rather than the referee stopping.
                notice = Notice(event.t, None, f"{event.type} refused: {err.message}", "refused")
                for listener in self.listeners:
                    _tell(listener.on_output, notice)
        self._flush_inputs()
        if mark > self._released_to:
            self._released_to = mark
        if mark != float("inf"):
            self._handle(self.engine.advance(mark))
        if force_vision:
            self._vision_mark = max(self._vision_mark, mark)

    def _feed(self, event: InputEvent, seq: int | None = None) -> None:
        outputs = self.engine.feed(event)
        # What the event closed (a burst whose window ended before it, the game a new game
        # ends) is logged before the event itself, so the log stays in time order.
        earlier = len(outputs) if isinstance(event, GameStart) else 0
        while earlier < len(outputs) and outputs[earlier].t < event.t:
            earlier += 1
        if isinstance(event, GameStart):
            # The previous game's last outputs belong to it: recorded before the new game.
            self._handle(outputs[:earlier])
            self._remember(event, seq)
        else:
            # Pending before anything is written for it: if the disk refuses the earlier
            # outputs, the event the engine has taken is still waiting to be logged. (Its row
            # may then come before theirs; the log is read in time order, and theirs is earlier.)
            self._remember(event, seq)
            self._handle(outputs[:earlier])
        for listener in self.listeners:
            _tell(listener.on_input, event)
        self._handle(outputs[earlier:])

    def _remember(self, event: InputEvent, seq: int | None) -> None:
        """Keep a fed event, with its store id when it was logged already (else pending).

        Inputs are written in one transaction per release (or before any output, so the log
        keeps its order): one commit instead of one per reveal."""
        logged = None if seq is None else self._prelogged.pop(seq, None)
        if logged is None:
            self._unrecorded.append(len(self._fed))
            self._fed.append((event, None))
            return
        input_id, written = logged
        if written != event:
            # Ruled "cannot see" since it was written: the log says what was judged.
            self._flush_inputs()
            corrected = self.ruling_log.correct_input(input_id, event, reason=_event_reason(event))
            self._fed.append((event, corrected))
            return
        self._fed.append((event, input_id))

    def _go_blind(self, until: float) -> None:
        """Vision has not caught up for too long: presses up to `until` cannot be judged."""
        reason = f"cannot see the table: {self._blind_reason or 'the camera is not keeping up'}"
        held, self._heap = self._heap, []
        for t, seq, event in held:
            if isinstance(event, Press) and t <= until and event.void is None:
                self.stats.blind += 1
                event = dataclasses.replace(event, void=reason)
            heapq.heappush(self._heap, (t, seq, event))
        self._vision_mark = until

    def _announce_provisional(self, bell_mark: float) -> None:
        """A burst whose window has closed while vision lags: rule it on the table so far."""
        if self.engine.hawaiki:
            return  # no bursts: each Hawaiki input is ruled when released, never before
        closes = self.next_deadline()
        if closes is None or closes > bell_mark or self._vision_mark >= closes:
            return  # no window has closed yet, or vision has caught up: the ruling is final
        trial = self.engine.copy()
        outputs: list[OutputEvent] = []
        for t, _, event in sorted(self._heap):
            if t > bell_mark:
                break
            outputs += trial.feed(event)
        outputs += trial.advance(bell_mark)
        for out in outputs:
            if isinstance(out, Ruling):
                start = min(p.t for p in out.presses)
                if start in self._provisional:
                    continue
                # The presses it rules on go to the log first: after a hard kill the log
                # still replays to the ruling people saw.
                self._prelog(bell_mark)
                pending = _Pending(
                    self.ruling_log.record_ruling(self._session, out, status="provisional"), out
                )
                self._provisional[start] = pending
                self.stats.provisional += 1
                self._announce(Decision(out, Status.PROVISIONAL, self._players(), pending.id))

    def _prelog(self, until: float) -> None:
        """Write the held inputs up to `until` (after every input already fed)."""
        self._flush_inputs()
        held = sorted(
            (t, seq, e) for t, seq, e in self._heap if t <= until and seq not in self._prelogged
        )
        if not held:
            return
        ids = self.ruling_log.record_inputs(self._session, [e for _, _, e in held])
        for (_, seq, event), input_id in zip(held, ids, strict=True):
            if input_id is not None:  # without a log the input is simply fed later
                self._prelogged[seq] = (input_id, event)

    def _flush_inputs(self) -> None:
        if not self._unrecorded:
            return
        positions = self._unrecorded
        # Dropped from the pending list only once the store has committed them: a write the
        # disk refuses leaves them pending, so nothing the referee has ruled on is lost.
        ids = self.ruling_log.record_inputs(self._session, [self._fed[i][0] for i in positions])
        self._unrecorded = []
        for position, input_id in zip(positions, ids, strict=True):
            self._fed[position] = (self._fed[position][0], input_id)

    def _handle(self, outputs: list[OutputEvent]) -> None:
        if outputs:
            self._flush_inputs()
        for out in outputs:
            if isinstance(out, Ruling | HawaikiRuling):
                self._final(out)
            else:
                self.ruling_log.record_output(self._session, out)
                for listener in self.listeners:
                    _tell(listener.on_output, out)

    def _final(self, ruling: AnyRuling) -> None:
        start = min((p.t for p in ruling.presses), default=None)
        pending = None if start is None else self._provisional.pop(start, None)
        players = self._players()
        if pending is None:
            rid = self.ruling_log.record_ruling(self._session, ruling)
            self._ruled.append((ruling, rid))
            self._announce(Decision(ruling, Status.FINAL, players, rid))
        elif _same_ruling(pending.ruling, ruling):
            if pending.id is not None:
                self.ruling_log.confirm_ruling(pending.id)
            self._ruled.append((ruling, pending.id))
            self._announce(Decision(ruling, Status.CONFIRMED, players, pending.id))
        else:
            self.stats.corrected += 1
            rid = None
            if pending.id is not None:
                rid = self.ruling_log.correct_ruling(
                    pending.id, ruling, reason="vision caught up: " + ruling.reason
                )
            self._ruled.append((ruling, rid))
            self._announce(Decision(ruling, Status.CORRECTED, players, rid, pending.id))

    # --- a person corrects the record ------------------------------------------------------

    def credit(self, ruling_id: int | None, seat: int, *, reason: str | None = None) -> None:
        """Say who rang a shared bell's press that the bell could not attribute.

        `ruling_id` None credits the latest uncredited ruling. The press is re-logged with the
        seat and the game is judged again from it."""
        with self._lock:
            game = self._seat_of_game(seat)
            if self.engine.hawaiki:
                raise InputError("a Hawaiki game has no shared-bell ring to credit", field="ruling")
            target = None
            for ruling, rid in reversed(self._ruled):
                if not (isinstance(ruling, Ruling) and ruling.uncredited):
                    continue
                if ruling_id is None or rid == ruling_id:
                    target = ruling
                    break
            if target is None:
                which = "no uncredited ruling" if ruling_id is None else f"ruling {ruling_id}"
                raise InputError(f"{which} waits for a credit", field="ruling")
            press_t = next(p.t for p in target.presses if p.seat is None and p.verdict == "correct")
            index = next(
                i
                for i, (e, _) in enumerate(self._fed)
                if isinstance(e, Press) and e.seat is None and e.t == press_t
            )
            old = self._fed[index][0]
            assert isinstance(old, Press)  # found as a press above
            name = game.players[seat]
            self._amend(index, Press(old.t, seat, old.source), reason or f"credited to {name}")

    def correct_card(self, seat: int, card: Card, t: float | None = None) -> None:
        """A misread card: the latest reveal of `seat` (at or before `t`) was really `card`."""
        with self._lock:
            game = self._seat_of_game(seat)
            if self.engine.hawaiki:
                raise InputError(
                    "a Hawaiki game's cards are on piles, not seats: confirm or take back a play",
                    field="card",
                )
            game.ruleset.tally_of(card)
            index = None
            for i in range(len(self._fed) - 1, -1, -1):
                event = self._fed[i][0]
                if isinstance(event, GameStart):
                    break
                if isinstance(event, Reveal) and event.seat == seat and (t is None or event.t <= t):
                    index = i
                    break
            if index is None:
                raise InputError(
                    f"{game.players[seat]} has revealed no card to correct", field="seat"
                )
            old = self._fed[index][0]
            assert isinstance(old, Reveal)  # found as a reveal above
            if old.card == card:
                raise InputError(f"that reveal already reads {card}", field="card")
            self._amend(index, Reveal(old.t, seat, card), f"card read as {old.card} was {card}")

    def _seat_of_game(self, seat: object) -> Any:
        """The game being played, after checking `seat` is one of its seats."""
        game = self.engine.game
        if game is None:
            raise InputError("no game is being played", field="seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n:
            raise InputError(f"{seat!r} is not a seat of this game (0..{game.n - 1})", field="seat")
        return game

    def _amend(self, index: int, event: InputEvent, reason: str) -> None:
        """Replace one fed input and judge the session again; announce rulings that change."""
        old_event, old_id = self._fed[index]
        trial = Session()
        outputs: list[OutputEvent] = []
        for i, (fed, _) in enumerate(self._fed):
            outputs += trial.feed(event if i == index else fed)
        if self._released_to != float("inf"):
            outputs += trial.advance(self._released_to)  # close the bursts the engine had closed
        if old_id is not None:
            self.ruling_log.correct_input(old_id, event, reason=reason)
        self._fed[index] = (event, old_id)
        for listener in self.listeners:
            _tell(listener.on_input_corrected, (old_event, event))
        self.engine = trial
        new_rulings = [o for o in outputs if isinstance(o, Ruling | HawaikiRuling)]
        players = self._players()
        for position, ruling in enumerate(new_rulings):
            if position >= len(self._ruled):
                break
            old, rid = self._ruled[position]
            if _same_ruling(old, ruling) and old.reason == ruling.reason:
                continue
            new_id = rid
            if rid is not None:
                new_id = self.ruling_log.correct_ruling(rid, ruling, reason=reason)
            self._ruled[position] = (ruling, new_id)
            self.stats.corrected += 1
            self._announce(Decision(ruling, Status.CORRECTED, players, new_id, rid))

    def _announce(self, decision: Decision) -> None:
        self.stats.decisions += decision.status is not Status.CONFIRMED
        # The lights first (a listener marked urgent), then the evidence image, then the rest:
        # the verdict light must not wait for a JPEG to be drawn and written.
        urgent = [li for li in self.listeners if li.urgent]
        for listener in urgent:
            _tell(listener.on_decision, decision)
        if self.evidence is not None:
            try:
                path = self.evidence(decision)
            except Exception:  # evidence is a nicety; a failed JPEG must never stop a ruling
                log.exception("could not write the evidence image")
                path = None
            if path is not None:
                decision = Decision(
                    decision.ruling,
                    decision.status,
                    decision.players,
                    decision.id,
                    decision.replaces,
                    str(path),
                )
        for listener in self.listeners:
            if listener not in urgent:
                _tell(listener.on_decision, decision)

    def _players(self) -> tuple[str, ...]:
        game = self.engine.game
        return () if game is None else game.players


def ruling_start(ruling: AnyRuling) -> float:
    """When a ruling's matter began: its first press, or its own time when no press was ruled
    (a Hawaiki play, designation or timer)."""
    presses = ruling.presses
    return min(p.t for p in presses) if presses else float(ruling.t)


def _event_reason(event: InputEvent) -> str:
    void = getattr(event, "void", None)
    return void if isinstance(void, str) and void else "held input judged as it stood"


def _same_ruling(a: AnyRuling, b: AnyRuling) -> bool:
    return (
        a.winner == b.winner
        and [(p.seat, p.verdict) for p in a.presses] == [(p.seat, p.verdict) for p in b.presses]
        and a.cards == b.cards
    )


def _tell(method: Callable[[Any], None], event: Any) -> None:
    """Tell one listener; a broken screen or page must never stop the referee."""
    try:
        method(event)
    except Exception:
        owner = getattr(method, "__self__", method)
        log.exception("listener %s failed in %s", type(owner).__name__, method.__name__)

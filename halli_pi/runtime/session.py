"""One table being refereed: the referee with its listeners, and the steps every input takes.

`halli-pi run` and the demo differ only in where frames come from (a camera, or a simulated
table rendered), which pins the bell is on (the Pi's, or gpiozero's mock pins) and which clock
rules (the wall clock, or the simulated one). Everything after that is here, written once:

- the per-edge step: a press captured by the bell goes to the referee (its light goes on);
- the per-frame step: the table reader reads the frame (the card tracker for Halli Galli,
  the pile tracker for Hawaiki: runtime/table_readers.py), the frame is kept for the evidence,
  the referee hears what was seen and how far vision has settled, rules what it can, and the
  page's camera view is refreshed now and then;
- the ticks between frames: at each burst's close or timer's deadline, on whichever clock the
  table runs; what follows the clock (the seat lights' countdown) is told the time after each.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from halli_pi.errors import InputError
from halli_pi.referee import Referee, RefereeListener
from halli_pi.rules.events import Press
from halli_pi.rules.session import SessionInput
from halli_pi.runtime.table_readers import Ask, CardReader, PileReader, TableReader

if TYPE_CHECKING:
    import numpy as np

    from halli_pi.evidence import FrameRing
    from halli_pi.rules.hawaiki.cards import HCard
    from halli_pi.runtime.page import PagePublisher
    from halli_pi.vision.tracker import Tracker

log = logging.getLogger(__name__)

# How often the page's camera view is refreshed: a JPEG a quarter second keeps a phone's view
# live without the encoding costing the vision thread frames.
FRAME_PUBLISH_S = 0.25
# How long the referee's own loop sleeps at most between ticks on the wall clock.
REFEREE_POLL_S = 0.02


class PressGate(Protocol):
    """What may stand between the bell and the referee: a shared bell's presses held until
    the camera names the hand (``runtime.camera_bell``)."""

    def hold(self, press: Press) -> bool: ...  # True: kept, handed on later by `ready`
    def ready(self, now: float) -> list[Press]: ...
    def tick_cap(self, now: float) -> float: ...  # the referee is not ruled past a held edge


class TableSession:
    """The referee of one table and what it is fed through; see the module's docstring."""

    def __init__(
        self,
        referee: Referee,
        ring: FrameRing,
        *,
        tracker: Tracker | None = None,
        reader: TableReader | None = None,
        names: tuple[str, ...] = (),
    ) -> None:
        self.referee = referee
        self.ring = ring  # the recent frames, for the evidence image of a ruling
        # What reads the table: a card tracker (given as `tracker`) or the pile reader.
        self.reader: TableReader | None = CardReader(tracker) if tracker is not None else reader
        self.names = names  # the players, for saying whose pile cannot be seen
        self.publisher: PagePublisher | None = None
        self.gate: PressGate | None = None
        self.frame_ms = 0.0  # the reader's work on the last frame, for the figures
        # Told the session time after every tick (the lights' countdowns follow the clock).
        self.clocked: list[Callable[[float], None]] = []
        self._last_publish = float("-inf")
        self._page_failed = False
        self._tick_started: float | None = None
        self.now = 0.0  # the session time of the last tick (a control's time on a simulated clock)
        self._asked: set[tuple[str, int, float]] = set()  # (kind, pile, time) asked on the page
        self._kept_for: set[tuple[int, float]] = set()  # questions whose frame the ring keeps

    @property
    def tracker(self) -> Tracker | None:
        """The card tracker, when Halli Galli's cards are read (None otherwise)."""
        return self.reader.tracker if isinstance(self.reader, CardReader) else None

    @tracker.setter
    def tracker(self, tracker: Tracker) -> None:
        """A new card tracker (a new game's deck)."""
        self.reader = CardReader(tracker)

    # --- listeners -------------------------------------------------------------------------

    def listen(self, listener: RefereeListener) -> None:
        """Tell `listener` what the referee decides (lights, terminal, speech, page)."""
        self.referee.listeners.append(listener)

    def show_page(self, publisher: PagePublisher) -> None:
        """The page shows this table: its rulings, and its camera view every few frames."""
        publisher.attach(self.referee)
        self.publisher = publisher
        self.listen(publisher)

    # --- the per-edge step -----------------------------------------------------------------

    def press(self, press: Press) -> None:
        """A press the bell captured (its edge time) reaches the referee, or the gate first."""
        if self.gate is not None and self.gate.hold(press):
            return
        self.referee.press(press)

    # --- the per-frame step ----------------------------------------------------------------

    def frame(self, t: float, image: np.ndarray, now: float | None = None) -> list[SessionInput]:
        """One camera frame of session time `t`, with the referee then ruled up to `now`
        (the clock's time when the frame was read; `t` itself on a simulated clock)."""
        reader = self.reader
        if reader is None:
            raise RuntimeError("a frame came before the session had a table reader")
        start = time.perf_counter()
        seen = list(reader.update(image, t))
        self.frame_ms = (time.perf_counter() - start) * 1000.0
        self.ring.push(t, image, reader.readings())
        self._keep_doubted_frames()
        # While a doubted play is asked, the reader holds its watermark at the doubted hand's
        # time: what came after is ruled only once a person has answered.
        self.referee.vision(seen, reader.settled_until(t), self.blind_reason())
        self.tick(t if now is None else now)
        if self.publisher is not None:
            show = t - self._last_publish >= FRAME_PUBLISH_S
            if show:
                self._last_publish = t
            try:
                self._ask_the_page(self.publisher)
                if show:
                    self.publisher.show_camera(t, image, reader.views(), reader.polygons())
            except Exception:  # the page is a view: it must never stop the camera's step
                if not self._page_failed:  # said once, not four times a second
                    log.exception("the page could not show the camera view")
                self._page_failed = True
        return seen

    # --- doubted plays, asked on the page ---------------------------------------------------

    def _keep_doubted_frames(self) -> None:
        """A doubted play is ruled when a person answers, perhaps after the ring of recent
        frames has moved on: the frame before its hand is kept for its evidence photo."""
        if not isinstance(self.reader, PileReader):
            return
        for ask in list(self.reader.asks):
            if ask.kind in ("play", "unreadable") and (ask.pile, ask.t) not in self._kept_for:
                self._kept_for.add((ask.pile, ask.t))
                self.ring.keep(ask.t)
        if len(self._kept_for) > 64:  # only the open questions' keys need remembering
            self._kept_for = {(a.pile, a.t) for a in self.reader.asks}

    def _ask_the_page(self, publisher: PagePublisher) -> None:
        """The pile reader's questions are asked on the page as they come (a doubted play, a
        top it cannot read, an empty draw pile); one answered elsewhere (the terminal, a round
        that ended) is taken off the page."""
        if not isinstance(self.reader, PileReader):
            return
        open_now = {(a.kind, a.pile, a.t): a for a in list(self.reader.asks)}
        for key, ask in open_now.items():
            if key not in self._asked:
                _ask(publisher, ask)
        still_asked = {(kind, pile) for kind, pile, _ in open_now}
        for kind, pile, _ in self._asked - open_now.keys():
            if (kind, pile) not in still_asked:
                publisher.withdraw(kind, pile)
        self._asked = set(open_now)

    def play_confirmed(self, pile: int) -> None:
        """A person confirmed on the page the play asked about `pile` (the referee was given
        it as a `play` control): the pile reader closes the question, keeping the twin."""
        if isinstance(self.reader, PileReader):
            self.reader.confirmed(pile)

    def play_dismissed(self, pile: int) -> None:
        """A person said on the page that nothing was laid on `pile`: the question is dropped
        and the ruling, held at the doubted hand, goes on."""
        if isinstance(self.reader, PileReader):
            # The question may have gone meanwhile (a round ended): nothing is left to drop.
            with contextlib.suppress(InputError):
                self.reader.dismiss(pile)

    def top_named(self, pile: int, card: HCard) -> None:
        """A person named on the page the card on `pile`, whose top the camera cannot read:
        the pile reader makes it the play it stood for (or the dealt card) for the referee."""
        if not isinstance(self.reader, PileReader):
            raise InputError("no camera reads this table's piles: nothing asks", field="pile")
        self.reader.lay(pile, card, tell=self.told)

    def taken_back(self, pile: int, card: HCard | None) -> None:
        """A person said on the page that the top of `pile`, which the camera cannot read, was
        taken back: the pile reader makes it the `retract` for the referee (or refuses it)."""
        if not isinstance(self.reader, PileReader):
            raise InputError("no camera reads this table's piles: nothing asks", field="pile")
        self.reader.take_back(pile, card, tell=self.told)

    def reshuffled(self) -> None:
        """A person said on the page that the draw pile was rebuilt: no more prompting."""
        if isinstance(self.reader, PileReader):
            self.reader.reshuffled()

    def told(self, events: Sequence[SessionInput]) -> None:
        """What a person gave (on the page, the keyboard; a simulated table's people)."""
        for event in events:
            self.referee.submit(event)

    def blind_reason(self) -> str | None:
        """Whose pile the camera cannot see right now, or None when it sees them all."""
        if self.reader is None:
            return None
        return self.reader.blind_reason(self.names)

    def camera_lost(self, reason: str) -> None:
        """Until the camera is back, every press is ruled "cannot see the table"."""
        self.referee.vision([], float("-inf"), blind=reason)

    def camera_back(self) -> None:
        self.referee.vision([], float("-inf"), blind=None)

    # --- ticks -----------------------------------------------------------------------------

    def tick(self, now: float) -> None:
        """Rule what can be ruled at session time `now`."""
        self.now = max(self.now, now)
        if self.gate is not None:
            for press in self.gate.ready(now):
                self.referee.press(press)
            now = self.gate.tick_cap(now)
        self._tick_started = time.perf_counter()
        try:
            self.referee.tick(now)
        finally:
            self._tick_started = None
        for follower in self.clocked:
            follower(now)

    def tick_ms(self) -> float | None:
        """How long the tick under way has run (a listener times its verdict with it)."""
        started = self._tick_started
        return None if started is None else (time.perf_counter() - started) * 1000.0

    def tick_until(self, t: float) -> None:
        """On a simulated clock: tick at every burst close up to `t`, as the referee's own
        loop would wake at each on the wall clock."""
        deadline = self.referee.next_deadline()
        while deadline is not None and deadline <= t:
            self.tick(deadline)
            after = self.referee.next_deadline()
            if after == deadline:
                break
            deadline = after

    def keep_ruling(self, now: Callable[[], float], stop: threading.Event) -> None:
        """On the wall clock, until `stop`: sleep to the next burst close and rule it."""
        while not stop.is_set():
            deadline = self.referee.next_deadline()
            wait = REFEREE_POLL_S
            if deadline is not None:
                wait = min(REFEREE_POLL_S, max(0.0, deadline - now()))
            if stop.wait(wait):
                return
            self.tick(now())


def _ask(publisher: PagePublisher, ask: Ask) -> None:
    """One of the pile reader's questions, asked on the page in its own form."""
    if ask.kind == "play":
        publisher.ask_play(ask.t, ask.pile, ask.card, seen_t=ask.seen_t, prior=ask.why)
    elif ask.kind == "unreadable":
        publisher.ask_top(ask.t, ask.pile, dealt=ask.dealt, why=ask.why, seen_t=ask.seen_t)
    elif ask.kind == "reshuffle":
        publisher.ask_reshuffle(ask.t)

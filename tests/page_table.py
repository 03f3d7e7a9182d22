"""A table for the page's tests: the real referee, through the real table session and page
publisher, with the page's controls acting on it (halli_pi.runtime.page.RefereeControls).

It is fed what the camera and the bell feed the referee: reveals with the camera's watermark,
and presses. A test plays them by hand, as at the table::

    table = PageTable(["Ana", "Bo"], script=False)
    table.reveal(0, "3 plum", at=1.0); table.reveal(1, "2 plum", at=2.0); table.press(1, at=2.4)
    table.settle()          # the burst's window closes: the ruling reaches the page

or from a simulated game (halli_pi.simulation.game): ``table.play(until_ruling=True)``. The camera's
picture of the piles is the renderer's, kept for the evidence photos and shown on the page.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from halli_pi.cards import Card, parse_card
from halli_pi.evidence import FrameRing
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.rules.events import End, InputEvent
from halli_pi.runtime.lights_and_evidence import evidence_writer
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.runtime.session import TableSession
from halli_pi.simulation.game import simulate_game
from halli_pi.store import Store
from halli_pi.vision.reader import State
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, render_scene
from halli_pi.vision.tracker import ZoneView
from halli_pi.web.hub import Hub

SETTLE_S = 0.01  # how long after a burst's close the table's time is taken on to


# The camera's picture is drawn from the piles' tops and the number of seats alone, and the
# page's tests replay the same simulated games fixture after fixture: of the 329 pictures the
# web app's tests drew, 74 differed. The last ones drawn are kept for the tests of a worker
# (under 1 MB each), read-only; every camera shot takes a copy of its own.
@lru_cache(maxsize=48)
def piles_picture(tops: tuple[Card | None, ...], n_seats: int) -> np.ndarray:
    """The renderer's picture of one card (or none) face up on each seat of ``n_seats``."""
    seats = [SeatState(pile=() if c is None else (c,)) for c in tops]
    image = render_scene(seats, default_zones(n_seats, IMAGE_SIZE), seed=1).frame
    image.flags.writeable = False
    return image


class _Count(RefereeListener):
    def __init__(self) -> None:
        self.decisions = 0

    def on_decision(self, decision: Decision) -> None:
        self.decisions += 1


class PageTable:
    """See the module's docstring."""

    def __init__(
        self,
        players: list[str],
        *,
        seed: int = 3,
        shared_bell: bool = False,
        script: bool = True,
        frames: bool = True,
        provisional_every: int = 0,
    ) -> None:
        self.store = Store.memory()
        self.now = 0.0
        session_id = self.store.begin_session(name="page")
        self.referee = Referee(store=self.store, session_id=session_id)
        self.zones = default_zones(len(players), IMAGE_SIZE)
        self.ring = FrameRing(capacity=64)
        self.session = TableSession(self.referee, self.ring, names=tuple(players))
        self.hub = Hub(controls=RefereeControls(self.referee, lambda: self.now))
        self.publisher = PagePublisher(self.hub)
        self.session.show_page(self.publisher)
        self.frames = frames
        # Every so many bursts the camera is still settling when the window closes: the ring
        # is ruled provisionally, and confirmed when time goes on.
        self.provisional_every = provisional_every
        self._bursts_seen: set[float] = set()
        if frames:
            self.referee.evidence = evidence_writer(self.store, session_id, self.ring, self.zones)
        self._count = _Count()
        self.session.listen(self._count)
        names = tuple(players)
        if script:
            sim = simulate_game(len(names), seed, names=names, shared_bell=shared_bell)
            start, self.script = sim.events[0], list(sim.events[1:])
        else:
            start, self.script = GameStart(0.0, "classic", names, {}), []
        assert isinstance(start, GameStart)
        self._next = 0
        self.referee.new_game(start)
        self._camera(start.t)

    @property
    def engine(self):
        return self.referee.engine

    # --- by hand ---------------------------------------------------------------------------

    def reveal(self, seat: int, card: str, at: float) -> None:
        self._feed(Reveal(at, seat, parse_card(card)))

    def press(self, seat: int | None, at: float, source: str = "button") -> None:
        self._feed(Press(at, seat, source))

    def settle(self) -> None:
        """Time passes until the open burst's window has closed and it is ruled."""
        deadline = self.referee.next_deadline()
        if deadline is not None:
            self._run_to(max(self.now, deadline + SETTLE_S))

    # --- from the simulated game -----------------------------------------------------------

    def step(self) -> bool:
        """Feed the next input of the simulated game; False when there is none left."""
        if self._next >= len(self.script):
            self.settle()
            return False
        event = self.script[self._next]
        if self._run_to(event.t):
            self._next += 1
            self._feed(event)
        return True

    def play(self, *, until_ruling: bool = False) -> None:
        """Play on until the next ruling reached the page, or to the game's end."""
        start = self._count.decisions
        while self.step():
            if until_ruling and self._count.decisions > start:
                return

    # --- inside ----------------------------------------------------------------------------

    def _feed(self, event: InputEvent) -> None:
        self._run_to(event.t)
        if isinstance(event, Reveal):
            # The camera reports the card with everything settled up to its frame.
            self.referee.vision([event], event.t)
            self.session.tick(event.t)
            self._camera(event.t)
        elif isinstance(event, Press):
            self.session.press(event)
        elif isinstance(event, End):
            self.referee.end(event.t)

    def _run_to(self, t: float) -> bool:
        """The camera keeps the table settled while time passes; bursts close on their time.
        False when a burst was ruled while the camera was still settling (provisionally): it
        catches up the next time the table's time goes on."""
        deadline = self.referee.next_deadline()
        while deadline is not None and deadline <= t:
            if self._camera_lags(deadline):
                self.now = max(self.now, deadline + SETTLE_S)
                self.session.tick(self.now)  # the bell's time has passed, the camera's has not
                return False
            self._at(deadline)
            after = self.referee.next_deadline()
            if after == deadline:
                break
            deadline = after
        self._at(t)
        return True

    def _camera_lags(self, deadline: float) -> bool:
        if deadline in self._bursts_seen:
            return False
        self._bursts_seen.add(deadline)
        every = self.provisional_every
        return bool(every) and len(self._bursts_seen) % every == 0

    def _at(self, t: float) -> None:
        self.now = max(self.now, t)
        self.referee.vision([], t)
        self.session.tick(t)

    def _camera(self, t: float) -> None:
        """The camera's picture of the piles: kept for the evidence, shown on the page."""
        if not self.frames:
            return
        snapshot = self.engine.snapshot()
        tops = [p["top"] for p in snapshot["players"]] if snapshot else []
        cards = [None if top is None else parse_card(top) for top in tops]
        image = piles_picture(tuple(cards), len(self.zones)).copy()
        views = [
            ZoneView(seat, State.EMPTY if c is None else State.CARD, c, None)
            for seat, c in enumerate(cards)
        ]
        readings = {
            v.seat: (str(v.state), None if v.card is None else str(v.card), None) for v in views
        }
        self.ring.push(t, image, readings)
        self.publisher.show_camera(t, image, views, self.zones)

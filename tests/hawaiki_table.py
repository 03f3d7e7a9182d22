"""A Hawaiki table for the page's and the log's tests: the real referee (ruleset ``hawaiki``)
recording to a real store, the real page publisher and hub, and the page's controls acting on
the referee (halli_pi.runtime.page.RefereeControls).

It is fed what the table feeds the referee: plays and take-backs as the camera reports them,
presses from the buttons, and what only a person says through ``submit``. A test plays a
simulated game (halli_pi.simulation.hawaiki_game) or its own script::

    table = HawaikiTable(["Ana", "Bo", "Cy"], piles=("5 red", "2 blue", "7 green"))
    table.press(0, at=1.0)                   # Ana announces
    table.play(0, "5 blue", at=1.5)          # and lays a card on pile 0
    table.run_to(1.6)                        # time passes: the referee rules what came

The clock is the table's: ``run_to`` releases every event up to that time and fires the merci
timers that fell due before it, as a replay of the log would.
"""

from __future__ import annotations

from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules.events import End, GameStart, Press
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart, Play, Retract
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.simulation.hawaiki_game import simulate_hawaiki
from halli_pi.store import Store
from halli_pi.web.hub import Hub


class Seen(RefereeListener):
    """Everything the referee told its listeners, as JSON (what a page would get)."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []
        self.outputs: list[dict] = []

    def on_decision(self, decision: Decision) -> None:
        self.decisions.append(decision)
        self.outputs.append(decision.ruling.to_json())

    def on_output(self, event) -> None:
        self.outputs.append(event.to_json())


class HawaikiTable:
    def __init__(
        self,
        players: list[str] | None = None,
        *,
        piles: tuple[str, str, str] | None = None,
        hands: tuple[int, ...] | None = None,
        options: dict | None = None,
        store: Store | None = None,
        session_name: str = "hawaiki",
        seed: int | None = None,
    ) -> None:
        self.store = store if store is not None else Store.memory()
        self.session_id = self.store.begin_session(name=session_name)
        self.referee = Referee(store=self.store, session_id=self.session_id)
        # The bell's edges come with no delay here: the ruled time is exactly the table's.
        self.referee.bell_latency_s = 0.0
        self.now = 0.0
        self.confirmed: list[int] = []  # piles whose doubted play a person confirmed
        self.controls = RefereeControls(
            self.referee, lambda: self.now, on_play_confirmed=self.confirmed.append
        )
        self.hub = Hub(controls=self.controls, store=self.store)
        self.publisher = PagePublisher(self.hub, self.referee)
        self.seen = Seen()
        self.referee.listeners += [self.publisher, self.seen]
        self.script: list = []
        if seed is not None:
            sim = simulate_hawaiki(len(players or "abc"), seed, names=tuple(players or ()) or None)
            start, self.script = sim.events[0], list(sim.events[1:])
        else:
            names = tuple(players or ("Ana", "Bo", "Cy"))
            tops = None if piles is None else tuple(parse_hcard(c) for c in piles)
            start = HawaikiStart(
                0.0, "hawaiki", names, dict(options or {}), None, None, hands, tops
            )
        assert isinstance(start, GameStart)
        self.start = start
        self.referee.new_game(start)

    @property
    def snapshot(self) -> dict:
        return self.referee.engine.snapshot()

    # --- by hand ---------------------------------------------------------------------------

    def press(self, seat: int, at: float) -> None:
        self.run_to(at)
        self.referee.press(Press(at, seat, "button"))
        self.run_to(at)

    def play(self, pile: int, card: str, at: float, seat: int | None = None) -> None:
        self.feed(Play(at, pile, parse_hcard(card), seat))

    def run_to(self, t: float) -> None:
        """Time passes to ``t``: the camera has reported everything up to it."""
        self.now = max(self.now, t)
        self.referee.vision([], self.now)
        self.referee.tick(self.now)

    # --- from the simulated game -----------------------------------------------------------

    def feed(self, event) -> None:
        self.run_to(event.t)
        if isinstance(event, Play | Retract):
            self.referee.vision([event], event.t)
        elif isinstance(event, Press):
            self.referee.press(event)
        elif isinstance(event, End):
            self.referee.end(event.t)
            return
        else:
            self.referee.submit(event)  # what only a person says: the page's controls
        self.run_to(event.t)

    def play_script(self, until: int | None = None) -> None:
        """Feed the simulated game's events (the first ``until`` of them, or all)."""
        script, self.script = self.script[:until], self.script[until:] if until else []
        for event in script:
            self.feed(event)

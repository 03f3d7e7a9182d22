"""The demo: a whole simulated table through the real pipeline, with no hardware at all.

Simulated players play a game (halli_pi.simulation.game). Its table is *rendered* into camera frames
that go through the card reader and the zone tracker — no shortcut around vision — and its
presses go through gpiozero's MockFactory pins and the bell's edge capture. The referee joins
the two streams, rules, lights the mock LEDs, writes the store and the evidence, and the
terminal view (or the JSON session log, headless) shows what happened.

Time is the simulated session clock. Headless, the demo runs as fast as the machine can;
live, it is paced to the wall clock times `speed`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from halli_pi.referee import Decision, Referee, RefereeListener, Status
from halli_pi.rules.events import GameOver, GameStart, InputEvent, OutputEvent, Press, Reveal
from halli_pi.runtime.lights_and_evidence import LightsListener, evidence_writer
from halli_pi.runtime.session import TableSession
from halli_pi.simulation.game import SimulatedGame, simulate_game

if TYPE_CHECKING:
    from halli_pi.runtime.page import PagePublisher
    from halli_pi.vision.tracker import Tracker

FPS = 30.0  # frames per second of the simulated camera (a Pi camera's usual rate)
ARM_BEFORE_REVEAL_S = 0.25  # the hand turning a card hides the pile this long before it lands


@dataclass
class DemoFigures:
    """What the demo measured of its own pipeline."""

    now: float = 0.0  # the simulated session time reached
    frames: int = 0
    frame_ms: list[float] = field(default_factory=list)  # vision work per frame
    verdict_ms: list[float] = field(default_factory=list)  # window close -> ruling shown
    decisions: int = 0
    provisional: int = 0
    corrected: int = 0
    blind: int = 0
    reveals_seen: int = 0
    reveals_played: int = 0


class SimulatedTable:
    """What the camera sees over a simulated game: piles as the timeline says, and an arm over
    a pile just before each card lands on it. Frames of the same state are rendered once."""

    def __init__(self, game: SimulatedGame, zones: list[np.ndarray], seed: int) -> None:
        from halli_pi.vision.render import SeatState, random_look

        self._seat_state = SeatState
        self.zones = zones
        self.seed = seed
        self.look = random_look(np.random.default_rng(seed), hard=False)
        self.timeline = game.timeline
        self._times = [t for t, _ in self.timeline]
        self.reveals = sorted((e.t, e.seat) for e in game.events if isinstance(e, Reveal))
        self._cache: dict[Any, np.ndarray] = {}

    def state_at(self, t: float) -> tuple:
        import bisect

        i = max(0, bisect.bisect_right(self._times, t) - 1)
        piles = self.timeline[i][1]
        j = bisect.bisect_right(self.reveals, (t + ARM_BEFORE_REVEAL_S, 99))
        arms = {seat for rt, seat in self.reveals[max(0, j - 3) : j] if rt > t}
        return tuple(
            self._seat_state(pile=tuple(pile[-4:]), arm=seat in arms)
            for seat, pile in enumerate(piles)
        )

    def frame_at(self, t: float) -> np.ndarray:
        from halli_pi.vision.render import render_scene

        state = self.state_at(t)
        frame = self._cache.get(state)
        if frame is None:
            if len(self._cache) > 16:  # a few states recur (arm up, arm down); keep memory low
                self._cache.clear()
            frame = render_scene(state, self.zones, self.seed, look=self.look).frame
            self._cache[state] = frame
        return frame


class Collector(RefereeListener):
    """Keeps the session log as the referee writes it: inputs, and final outputs."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.decisions: list[Decision] = []
        self.outputs: list[OutputEvent] = []

    def on_input(self, event: InputEvent) -> None:
        self.lines.append(event.to_json())

    def on_decision(self, decision: Decision) -> None:
        self.decisions.append(decision)
        if decision.status is not Status.PROVISIONAL:
            self.lines.append(decision.ruling.to_json())

    def on_output(self, event: OutputEvent) -> None:
        self.outputs.append(event)
        if event.type != "notice":
            self.lines.append(event.to_json())


def run_demo(
    *,
    seed: int = 7,
    players: int = 4,
    ruleset: str = "classic",
    games: int = 1,
    speed: float | None = None,
    listeners: Sequence[RefereeListener] = (),
    store: Any = None,
    on_frame: Callable[[float, np.ndarray, Tracker], None] | None = None,
    on_referee: Callable[[Referee], None] | None = None,
    publisher: PagePublisher | None = None,
    max_reveals: int = 3000,
    bell: str = "buttons",
) -> tuple[Collector, DemoFigures, Referee]:
    """Play `games` simulated games through vision, the mock bell and the referee.

    `speed` None runs as fast as possible (headless); otherwise simulated seconds per wall
    second. `on_frame(t, frame, tracker)` sees every frame the cards are read in (the terminal
    view); `publisher` shows the table on the page. `bell` "shared": one bell on the table, the
    camera names who rang (halli_pi.simulation.demo_shared_bell).
    """
    import cv2

    from halli_pi.bell.fake import FakeBell, demo_table
    from halli_pi.bell.signals import Signals
    from halli_pi.clock import SessionClock
    from halli_pi.evidence import FrameRing
    from halli_pi.vision.render import IMAGE_SIZE, default_zones

    cv2.setNumThreads(1)
    zones = default_zones(players, IMAGE_SIZE)
    if bell not in ("buttons", "shared"):
        raise ValueError(f"bell {bell!r}: buttons or shared")
    config = demo_table(
        players, buttons=bell == "buttons", shared="switch" if bell == "shared" else None
    )
    clock = SessionClock(start_ns=0, now_ns=lambda: 0)
    fake = FakeBell(config, clock=clock, order_hold_ms=0.0)
    # The lights run on the simulated clock, stepped once a frame.
    signals = Signals(config, fake.factory, threaded=False, now_ns=lambda: round(figures.now * 1e9))
    collector = Collector()
    figures = DemoFigures()
    ring = FrameRing(capacity=32, copy=False)
    session = store.begin_session(name="demo", config={"seed": seed}) if store else None
    referee = Referee(store=store, session_id=session)
    table = TableSession(referee, ring)

    def verdict_shown() -> None:
        ms = table.tick_ms()
        if ms is not None:
            figures.verdict_ms.append(ms)

    for listener in (LightsListener(signals, verdict_shown), collector, *listeners):
        table.listen(listener)
    if publisher is not None:
        table.show_page(publisher)
    if store is not None and session is not None:
        referee.evidence = evidence_writer(store, session, ring, zones)
    shared = None
    if bell == "shared":
        from halli_pi.bell_camera import hands_evidence_writer
        from halli_pi.simulation.demo_shared_bell import SharedBellRig

        shared = SharedBellRig(zones, IMAGE_SIZE)
        table.listen(shared)
        if store is not None and session is not None:
            referee.evidence = hands_evidence_writer(
                store, session, shared.credits, shared.frames, referee.evidence
            )
    if on_referee is not None:
        on_referee(referee)

    t0 = 0.0
    sims = []
    for g in range(games):
        sim = simulate_game(players, seed + g, ruleset, start_t=t0, max_reveals=max_reveals)
        sims.append(sim)
        t0 = sim.events[-1].t + 2.0
    rig = _Rig(zones, fake, signals, table, figures, speed, on_frame)
    try:
        for index, sim in enumerate(sims):
            if shared is not None:
                from halli_pi.simulation.demo_shared_bell import play_shared

                play_shared(rig, shared, sim, seed + index, last=index == len(sims) - 1)
            else:
                _play(rig, sim, seed + index, last=index == len(sims) - 1)
    finally:
        fake.close()
        signals.close()
    figures.provisional = referee.stats.provisional
    figures.corrected = referee.stats.corrected
    figures.blind = referee.stats.blind
    figures.decisions = referee.stats.decisions
    return collector, figures, referee


@dataclass
class _Rig:
    """Everything a demo game is played through: pins, lights, referee, evidence, figures."""

    zones: list[np.ndarray]
    fake: Any  # FakeBell on MockFactory pins
    signals: Any
    table: TableSession
    figures: DemoFigures
    speed: float | None
    on_frame: Callable[[float, np.ndarray, Tracker], None] | None
    wall_start: float = field(default_factory=time.perf_counter)


def _play(rig: _Rig, sim: SimulatedGame, seed: int, *, last: bool) -> None:
    """One simulated game: its frames through the tracker, its presses through the pins."""
    from halli_pi.rules import get_ruleset
    from halli_pi.vision.reader import load_profile
    from halli_pi.vision.tracker import Tracker

    table, figures, fake = rig.table, rig.figures, rig.fake
    game = sim.events[0]
    assert isinstance(game, GameStart)
    scene = SimulatedTable(sim, rig.zones, seed)
    # The reader's model for the game's deck (the Twist model is the one `teach` makes).
    tracker = Tracker(rig.zones, (640, 480), load_profile(get_ruleset(game.ruleset).deck))
    table.tracker, table.names = tracker, game.players
    presses = [e for e in sim.events if isinstance(e, Press)]
    end_t = sim.events[-1].t
    table.referee.new_game(game)
    figures.reveals_played += sum(isinstance(e, Reveal) for e in sim.events)

    k = int(np.ceil(game.t * FPS))
    p = 0
    while True:
        t = round(k / FPS, 6)
        if t > end_t:
            break
        # Presses due before this frame reach the bell's pins, in time order, with the
        # referee ruled up to each one (as its own loop would, waking at each deadline).
        while p < len(presses) and presses[p].t <= t:
            press = presses[p]
            table.tick_until(press.t)
            fake.press(press.seat, at=press.t, hold_ms=60.0, bounces=3)
            for captured in fake.take():
                table.press(captured)
            p += 1
        table.tick_until(t)
        if rig.speed:
            _sleep_until(rig.wall_start, t / rig.speed)
        frame = scene.frame_at(t)
        figures.now = t
        rig.signals.tick()
        reveals = table.frame(t, frame)
        figures.frame_ms.append(table.frame_ms)
        figures.frames += 1
        figures.reveals_seen += len(reveals)
        if rig.on_frame is not None:
            rig.on_frame(t, frame, tracker)
        k += 1
    finish_game(table, end_t, last=last)


def finish_game(table: TableSession, end_t: float, *, last: bool) -> None:
    """The simulated game's end: every burst ruled, vision settled, the session ended."""
    table.tick_until(end_t)
    table.referee.vision([], end_t)
    table.tick(end_t)
    if last:
        table.referee.end(end_t)


def _sleep_until(wall_start: float, offset: float) -> None:
    delay = wall_start + offset - time.perf_counter()
    if delay > 0:
        time.sleep(delay)


def standings(collector: Collector) -> list[str]:
    from halli_pi.runtime.terminal_view import standings_line

    lines = []
    names: tuple[str, ...] = ()
    for line in collector.lines:
        if line["type"] == "game":
            names = tuple(line["players"])
    for out in collector.outputs:
        if isinstance(out, GameOver):
            lines.append(standings_line(out, list(names)))
    return lines

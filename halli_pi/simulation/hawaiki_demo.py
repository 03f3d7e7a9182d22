"""The Hawaiki demo: a whole simulated game through the real pipeline, with no hardware.

Simulated players play a Hawaiki game (halli_pi.simulation.hawaiki_game): who lays what, who
announces, who thanks. That game is then played *at a table*: its three discard piles are
rendered into camera frames (vision/hawaiki/render), with a hand over a pile for each card laid
or taken back, and read by the real pile tracker; its button presses go through gpiozero's
MockFactory pins and the bell's edge capture; what the players say on the phone and what a
person confirms (designations, passes, a reshuffle, a play the camera doubted) reach the
referee as the page would give them. The one table session (runtime/session.py) joins it all,
as it does for Halli Galli and for `halli-pi run`.

The referee decides on what the camera and the buttons gave it, not on the simulation: its
log replays to its own rulings, and `figures.as_simulated` says how many rulings came out as the
simulated game's engine had them (times differ by up to a frame, so a thanks on the edge of its
window may differ).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from halli_pi.referee import Referee, RefereeListener
from halli_pi.rules.events import End, Press
from halli_pi.rules.hawaiki.cards import HCard
from halli_pi.rules.hawaiki.events import (
    Deal,
    HawaikiGameOver,
    HawaikiRuling,
    HawaikiStart,
    Play,
    Retract,
)
from halli_pi.runtime.session import TableSession
from halli_pi.runtime.table_readers import PileReader
from halli_pi.simulation.demo import FPS, Collector
from halli_pi.simulation.hawaiki_game import SimulatedHawaiki, simulate_hawaiki

if TYPE_CHECKING:
    from pathlib import Path

    from halli_pi.runtime.page import PagePublisher
    from halli_pi.vision.hawaiki.render import PileState, Placed

REACH_S = 0.2  # a hand is over the pile this long before the card lies on it
LEAVE_S = 0.15  # and stays this long after
DEAL_S = 0.5  # hands over all three piles while a round is dealt
CAREFUL_PAIR = 0.3  # share of twins laid almost exactly on their twin (the camera may ask)
ANSWER_S = 1.0  # a person answers the page's question this long after it was asked
SHOWN_CARDS = 3  # cards drawn per pile (those deeper are hidden under them)
# The camera cannot tell whose hand laid a card, so the demo's players never lay out of turn;
# and a double press for "merci beaucoup" needs a button that re-arms quickly.
DEMO_HABITS = {"out_of_turn": 0.0}
BUTTON_HOLD_MS = 40.0
BUTTON_REARM_MS = 40.0


@dataclass
class HawaikiFigures:
    """What the demo measured of its own pipeline."""

    now: float = 0.0  # the simulated session time reached
    frames: int = 0
    frame_ms: list[float] = field(default_factory=list)
    presses: int = 0  # button presses captured on the mock pins
    told: int = 0  # inputs given as the page or a person would
    plays_laid: int = 0
    plays_read: int = 0  # plays the camera reported without asking
    retracts_laid: int = 0
    retracts_read: int = 0
    deals: int = 0  # rounds the camera read the deal of
    asks: int = 0  # questions the camera left to a person
    confirmed: int = 0  # of which a person confirmed a play, or named the card laid
    rulings: int = 0
    as_simulated: int = 0  # rulings (subject, verdict, seat) as the simulated game had them
    simulated: int = 0  # rulings the simulated game had


class HawaikiTable:
    """What the camera sees over a simulated game: the piles as the game left them at each
    moment, and a hand over a pile while a card is laid on it or taken back."""

    def __init__(self, sim: SimulatedHawaiki, seed: int) -> None:
        from halli_pi.vision.hawaiki.render import PileState, pile_zones, tuning_look

        self.look = tuning_look(seed)
        self.zones = pile_zones(self.look)
        self.seed = seed
        self._rng = np.random.default_rng(seed)
        empty: tuple[PileState, ...] = (PileState(), PileState(), PileState())
        self._changes: list[tuple[float, tuple[PileState, ...]]] = [(float("-inf"), empty)]
        self.arms: list[tuple[float, float, int]] = []  # (from, to, pile)
        self.laid: list[tuple[float, int, HCard]] = []  # every card laid: the truth
        self._cache: dict[Any, np.ndarray] = {}
        piles = empty
        for event in sim.events:
            dealt = event.piles if isinstance(event, HawaikiStart | Deal) else None
            if dealt is not None:
                piles = self._deal(event.t, dealt)
            elif isinstance(event, Play):
                piles = self._lay(piles, event)
            elif isinstance(event, Retract):
                piles = self._take_back(piles, event)
        self._times = [t for t, _ in self._changes]

    def _deal(self, t: float, cards: Sequence[HCard]) -> tuple[PileState, ...]:
        from halli_pi.vision.hawaiki.render import PileState, Placed

        for k in range(3):
            self.arms.append((t, t + DEAL_S, k))
        piles = tuple(
            PileState((Placed(c, angle=float(self._rng.uniform(-30, 30))),)) for c in cards
        )
        self._changes.append((t + DEAL_S / 2, piles))
        return piles

    def _lay(self, piles: tuple[PileState, ...], play: Play) -> tuple[PileState, ...]:
        from halli_pi.vision.hawaiki.render import lay

        pile = piles[play.pile]
        twin = pile.top == play.card
        careful = twin and bool(self._rng.random() < CAREFUL_PAIR)
        placed: Placed = lay(pile, play.card, self._rng, careful=careful)
        new = replace(pile, cards=(pile.cards + (placed,))[-SHOWN_CARDS:])
        self.arms.append((play.t, play.t + REACH_S + LEAVE_S, play.pile))
        self.laid.append((play.t, play.pile, play.card))
        piles = tuple(new if k == play.pile else p for k, p in enumerate(piles))
        self._changes.append((play.t + REACH_S, piles))
        return piles

    def _take_back(self, piles: tuple[PileState, ...], back: Retract) -> tuple[PileState, ...]:
        pile = piles[back.pile]
        new = replace(pile, cards=pile.cards[:-1])
        self.arms.append((back.t, back.t + REACH_S + LEAVE_S, back.pile))
        piles = tuple(new if k == back.pile else p for k, p in enumerate(piles))
        self._changes.append((back.t + REACH_S, piles))
        return piles

    def state_at(self, t: float) -> tuple[PileState, ...]:
        i = bisect.bisect_right(self._times, t) - 1
        piles = self._changes[i][1]
        over = {k for start, end, k in self.arms if start <= t < end}
        return tuple(replace(p, arm=k in over) for k, p in enumerate(piles))

    def frame_at(self, t: float, index: int) -> np.ndarray:
        """The camera's frame: still tables are drawn once; a hand reaching to lay a card
        moves from one frame to the next."""
        from halli_pi.vision.hawaiki.render import render_piles

        state = self.state_at(t)
        moving = any(p.arm for p in state)
        if moving:
            # The renderer changes a hand's shape every fourth frame.
            return render_piles(state, self.seed, look=self.look, frame=index * 4).frame
        frame = self._cache.get(state)
        if frame is None:
            if len(self._cache) > 16:
                self._cache.clear()
            frame = render_piles(state, self.seed, look=self.look).frame
            self._cache[state] = frame
        return frame

    def truly_laid(self, pile: int, t: float) -> HCard | None:
        """The card laid on `pile` by the hand whose visit started about `t` (a person looking
        at the table), or None when that hand laid nothing."""
        for laid_t, k, card in self.laid:
            if k == pile and abs(laid_t - t) <= REACH_S + LEAVE_S:
                return card
        return None


def run_hawaiki_demo(
    *,
    seed: int = 7,
    players: int = 4,
    tokens: int | None = None,
    speed: float | None = None,
    listeners: Sequence[RefereeListener] = (),
    ruling_log: Any = None,
    session_id: int | None = None,
    on_frame: Callable[[float, np.ndarray, PileReader], None] | None = None,
    on_referee: Callable[[Referee], None] | None = None,
    on_session: Callable[[TableSession], None] | None = None,
    publisher: PagePublisher | None = None,
    max_events: int = 20_000,
) -> tuple[Collector, HawaikiFigures, Referee]:
    """Play one simulated Hawaiki game through the camera, the mock buttons and the referee.

    `ruling_log`: the store the referee commits to (evidence photos with it), in session
    `session_id`; `speed` None
    runs as fast as possible, otherwise simulated seconds per wall second; `on_frame(t, frame,
    reader)` sees every frame (the terminal view)."""
    import cv2

    from halli_pi.bell.fake import FakeBell, demo_table
    from halli_pi.bell.signals import Signals
    from halli_pi.clock import SessionClock
    from halli_pi.evidence import FrameRing
    from halli_pi.runtime.lights_and_evidence import evidence_writer
    from halli_pi.runtime.seat_lights import HawaikiLights
    from halli_pi.vision.hawaiki.piles import PileTracker
    from halli_pi.vision.render import IMAGE_SIZE

    cv2.setNumThreads(1)
    sim = simulate_hawaiki(players, seed, tokens=tokens, habits=DEMO_HABITS, max_events=max_events)
    scene = HawaikiTable(sim, seed)
    config = demo_table(players, rearm_ms=BUTTON_REARM_MS)
    clock = SessionClock(start_ns=0, now_ns=lambda: 0)
    fake = FakeBell(config, clock=clock, order_hold_ms=0.0)
    figures = HawaikiFigures()
    signals = Signals(config, fake.factory, threaded=False, now_ns=lambda: round(figures.now * 1e9))
    collector = Collector()
    referee = Referee(store=ruling_log, session_id=session_id)
    reader = PileReader(PileTracker(scene.zones, IMAGE_SIZE), referee.snapshot)
    ring = FrameRing(capacity=32, copy=False)
    table = TableSession(referee, ring, reader=reader)
    if ruling_log is not None and session_id is not None:
        # Each ruling's evidence photo: the piles as the camera saw them when its matter began.
        labels = reader.zone_labels(())
        zones = [zone for _, _, zone in labels]
        referee.evidence = evidence_writer(ruling_log, session_id, ring, zones, labels=labels)
    lights = HawaikiLights(signals, referee.snapshot, waiting=lambda: bool(reader.asks))
    table.listen(lights)
    table.clocked.append(lights.update)
    for listener in (collector, *listeners):
        table.listen(listener)
    if publisher is not None:
        table.show_page(publisher)
    if on_referee is not None:
        on_referee(referee)
    if on_session is not None:
        on_session(table)

    game = sim.events[0]
    assert isinstance(game, HawaikiStart)
    table.names = game.players
    presses = [e for e in sim.events if isinstance(e, Press)]
    told = [
        e
        for e in sim.events
        if not isinstance(e, Press | Play | Retract | Deal | HawaikiStart | End)
    ]
    end_t = sim.events[-1].t
    figures.plays_laid = len(scene.laid)
    figures.retracts_laid = sum(isinstance(e, Retract) for e in sim.events)
    # The game is a person's decision (who plays); the deal is what the camera reads.
    referee.new_game(replace(game, piles=None))
    wall_start = time.perf_counter()
    asked_at: dict[int, float] = {}  # pile -> when its question was first seen
    k = int(np.floor(game.t * FPS)) - 3
    p = q = 0
    try:
        while True:
            t = round(k / FPS, 6)
            if t > end_t:
                break
            # What is due before this frame reaches the referee in time order: the presses
            # through the pins, what people say on the page as they say it.
            while True:
                next_press = presses[p].t if p < len(presses) else float("inf")
                next_told = told[q].t if q < len(told) else float("inf")
                if min(next_press, next_told) > t:
                    break
                table.tick_until(min(next_press, next_told))
                if next_press <= next_told:
                    press = presses[p]
                    fake.press(press.seat, at=press.t, hold_ms=BUTTON_HOLD_MS, bounces=3)
                    for captured in fake.take():
                        figures.presses += 1
                        table.press(captured)
                    p += 1
                else:
                    table.told([told[q]])
                    figures.told += 1
                    q += 1
            table.tick_until(t)
            if speed:
                delay = wall_start + t / speed - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
            frame = scene.frame_at(t, k)
            figures.now = t
            seen = table.frame(t, frame)
            signals.tick()
            figures.frame_ms.append(table.frame_ms)
            figures.frames += 1
            figures.plays_read += sum(isinstance(e, Play) for e in seen)
            figures.retracts_read += sum(isinstance(e, Retract) for e in seen)
            _answer(table, reader, scene, figures, asked_at, t)
            if on_frame is not None:
                on_frame(t, frame, reader)
            k += 1
        table.tick_until(end_t)
        referee.vision([], end_t)
        table.tick(end_t)
        referee.end(end_t)
    finally:
        fake.close()
        signals.close()
    figures.deals = reader.deals
    _compare(figures, collector, sim)
    return collector, figures, referee


def _answer(
    table: TableSession,
    reader: PileReader,
    scene: HawaikiTable,
    figures: HawaikiFigures,
    asked_at: dict[int, float],
    t: float,
) -> None:
    """A person at the table answers the page's questions, a moment after they are asked."""
    for ask in list(reader.asks):
        first = asked_at.setdefault(ask.pile, t)
        if first == t:
            figures.asks += 1
        if t - first < ANSWER_S:
            continue
        del asked_at[ask.pile]
        truth = scene.truly_laid(ask.pile, ask.t)
        if ask.kind == "play" and truth == ask.card:
            table.told([reader.confirm(ask.pile)])
            figures.confirmed += 1
        elif ask.kind == "unreadable" and truth is not None:
            table.told(reader.lay(ask.pile, truth))  # the person reads the card for it
            figures.confirmed += 1
        else:
            reader.dismiss(ask.pile)


def _compare(figures: HawaikiFigures, collector: Collector, sim: SimulatedHawaiki) -> None:
    def key(r: HawaikiRuling) -> tuple[str, str, int | None]:
        return (r.subject, r.verdict, r.seat)

    ours = [key(d.ruling) for d in collector.decisions if isinstance(d.ruling, HawaikiRuling)]
    theirs = [key(r) for r in sim.outputs if isinstance(r, HawaikiRuling)]
    figures.rulings, figures.simulated = len(ours), len(theirs)
    figures.as_simulated = sum(a == b for a, b in zip(ours, theirs, strict=False))


def summary(figures: HawaikiFigures) -> list[str]:
    """The demo's figures, a line each."""
    ms = sorted(figures.frame_ms) or [0.0]
    return [
        f"frames {figures.frames}, vision {ms[len(ms) // 2]:.1f} ms median, "
        f"{ms[int(len(ms) * 0.99)]:.1f} ms p99 per frame",
        f"button presses {figures.presses}, inputs from the page/people {figures.told}",
        f"plays laid {figures.plays_laid}, read {figures.plays_read}, "
        f"asked {figures.asks} (a card laid, by a person: {figures.confirmed}); "
        f"take-backs {figures.retracts_laid}, read {figures.retracts_read}; deals {figures.deals}",
        f"rulings {figures.rulings} ({figures.as_simulated} in order as simulated, "
        f"of {figures.simulated})",
    ]


def demo_command(
    args: Any,
    join_league: Callable[[Path], Any] | None = None,
    leave: Callable[[Any, Any], None] | None = None,
) -> int:
    """`halli-pi demo --ruleset hawaiki`: one game at a simulated table, live in the terminal
    (or headless), recorded in the store like a Halli Galli game (evidence photos included);
    `--log FILE` also writes the session's export there, which `halli-pi replay` rules again.
    `join_league(db)` gives the league the table publishes to (or None), checked before any
    game; `leave(league, args)` lets its outbox empty at the end."""
    import json
    import sys
    import tempfile
    from pathlib import Path

    from halli_pi.errors import InputError
    from halli_pi.store import Store

    if not 2 <= args.players <= 6:
        raise InputError(f"--players {args.players}: a Hawaiki table has 2 to 6 seats")
    if args.bell != "buttons":
        raise InputError(
            "--bell shared: a shared bell cannot referee Hawaiki (thanks are personal)"
        )
    if args.tokens is not None and args.tokens < 1:
        raise InputError(f"--tokens {args.tokens}: at least one")
    with tempfile.TemporaryDirectory(prefix="halli-pi-demo-") as tmp:
        db = args.db or Path(tmp) / "demo.sqlite3"
        league = join_league(db) if join_league is not None else None
        store = Store(db, durable=False)
        server = history = None
        try:
            session = store.begin_session(name="demo", config={"seed": args.seed})
            controls = _PageAnswers()
            publisher = None
            if args.web:
                from halli_pi.runtime.page import announce_page, serve_page

                history = store.open_reader()
                publisher, server = serve_page(
                    controls, history, host=args.host, port=args.port, pin=args.pin
                )
                announce_page(server.url, args.host, args.pin, headless=False)
            joined = None if league is None else league.join
            collector, figures = _play_demo(args, store, session, publisher, controls, joined)
            if args.log:
                _write_export(store, session, args.log)
        finally:
            if league is not None and leave is not None:
                leave(league, args)
            if server is not None:
                server.stop()
            if history is not None:
                history.close()
            store.close()
    if args.json:
        for obj in collector.lines:
            sys.stdout.write(json.dumps(obj) + "\n")
        return 0
    names = [line for line in collector.lines if line["type"] == "game"][0]["players"]
    for out in collector.outputs:
        if isinstance(out, HawaikiGameOver):
            print(out.narrate(lambda s: "nobody" if s is None else names[s]).strip())
    for line in summary(figures):
        print(line)
    if args.log:
        print(f"session log: {args.log} (replay it with `halli-pi replay {args.log}`)")
    return 0


def _write_export(store: Any, session: int, path: Any) -> None:
    """The session's export (the session-log format, shared/SPEC.md §1) written to `path`."""
    from halli_pi.errors import InputError
    from halli_pi.store.export import write_jsonl

    try:
        with open(path, "w", encoding="utf-8") as out:
            write_jsonl(store.export_session(session, outputs=True), out)
    except OSError as err:
        raise InputError(f"cannot write the session log: {err.strerror}", where=str(path)) from None


class _PageAnswers:
    """The page's controls in the Hawaiki demo: the simulated table plays itself, but a person
    watching may answer the camera's questions (a doubted play: yes or no; a top it cannot
    read: the card) before the simulated person does; every other control says the demo plays
    itself."""

    def __init__(self) -> None:
        self.controls: Any = None  # RefereeControls, once the demo's table is set up

    def join(self, table: TableSession) -> None:
        from halli_pi.runtime.page import RefereeControls

        self.controls = RefereeControls(
            table.referee,
            lambda: table.now,
            on_play_confirmed=table.play_confirmed,
            on_play_dismissed=table.play_dismissed,
            on_top_named=table.top_named,
            on_taken_back=table.taken_back,
        )

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        from halli_pi.errors import InputError

        raise InputError("the demo's table plays itself: controls work with `halli-pi run`")

    new_game = credit = correct_card = end_game = _refuse

    def hawaiki(self, kind: str, fields: dict[str, Any]) -> None:
        if kind != "play" or self.controls is None:
            self._refuse()
        self.controls.hawaiki(kind, fields)

    def dismiss_play(self, pile: int) -> None:
        if self.controls is not None:
            self.controls.dismiss_play(pile)

    def name_top(self, pile: Any, card: Any) -> None:
        if self.controls is None:
            self._refuse()
        self.controls.name_top(pile, card)

    def take_back_top(self, pile: Any, card: Any = None) -> None:
        if self.controls is None:
            self._refuse()
        self.controls.take_back_top(pile, card)


def _play_demo(
    args: Any,
    ruling_log: Any,
    session: int | None,
    publisher: Any,
    answers: _PageAnswers,
    join_league: Callable[[Referee], None] | None = None,
) -> tuple[Collector, HawaikiFigures]:
    speed = args.speed if args.web or not args.headless else None
    if args.headless:
        collector, figures, _ = run_hawaiki_demo(
            seed=args.seed,
            players=args.players,
            tokens=args.tokens,
            speed=speed,
            ruling_log=ruling_log,
            session_id=session,
            publisher=publisher,
            on_session=answers.join,
            on_referee=join_league,
        )
        return collector, figures
    from rich.console import Console
    from rich.live import Live

    from halli_pi.runtime.terminal_view import TableView

    referee: list[Referee] = []

    def joined(r: Referee) -> None:
        referee.append(r)
        if join_league is not None:
            join_league(r)

    view = TableView(lambda: referee[0].snapshot() if referee else None)
    view.title = f"halli-pi demo: seed {args.seed}, hawaiki, speed x{args.speed:g}"
    with Live(view.render(), console=Console(), refresh_per_second=8) as live:
        clock = [0.0]
        view.clock = lambda: clock[0]
        asks: list[Any] = []
        view.questions = lambda: asks

        def on_frame(t: float, frame: np.ndarray, reader: PileReader) -> None:
            clock[0] = t
            asks[:] = reader.asks
            view.zones = {v.pile: {"state": str(v.state)} for v in reader.tracker.view()}
            live.update(view.render())

        collector, figures, _ = run_hawaiki_demo(
            seed=args.seed,
            players=args.players,
            tokens=args.tokens,
            speed=speed,
            listeners=[view],
            ruling_log=ruling_log,
            session_id=session,
            on_frame=on_frame,
            on_referee=joined,
            on_session=answers.join,
            publisher=publisher,
        )
        live.update(view.render())
    return collector, figures

"""The demo with one real bell (``halli-pi demo --bell shared``): the camera names the hand.

The simulated players play as usual (their presses have seats), but the table has one bell:
each press is a hand rendered reaching from its seat's side and striking the bell at the press
time, and only the bell's switch (a mock pin) reaches the referee, with no seat. The camera's
frames, rendered at the bell zone's rate (``BELL_FPS``), go through the hand tracker, which
names the seat; the card tracker reads every other frame (the table's 30 fps). Now and then a
hand rests near the bell, or a player reaches and pulls back, without ringing.

When the camera cannot say who rang, the ruling waits for a credit as at a real table; the
simulated table's person then credits the true ringer a second later, as someone would on the
page or the terminal, so the game goes on.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from halli_pi.bell_camera import BellFrames, CameraCredits
from halli_pi.referee import Decision, RefereeListener, Status
from halli_pi.rules.events import GameStart, Press, Reveal, Ruling

BELL_FPS = 60.0  # the bell zone's frame rate (DESIGN: the camera at 640x480, 60 fps)
TABLE_EVERY = 2  # the card tracker reads every second frame: the table's 30 fps
PERSON_DELAY_S = 1.0  # how long the simulated table takes to credit an uncredited ring


class SharedBellRig(RefereeListener):
    """What the shared-bell demo adds to the rig: the bell, the hand tracker, held presses."""

    def __init__(self, zones: list[np.ndarray], size: tuple[int, int]) -> None:
        from halli_pi.vision.hands import HandTracker
        from halli_pi.vision.render_hands import bell_spot

        self.bell = bell_spot(size)
        self.hands = HandTracker(size, zones, self.bell.zone())
        self.credits = CameraCredits(self.hands)
        self.frames = BellFrames()
        self.uncredited: list[tuple[float, int | None]] = []  # (press time, ruling id)

    def on_decision(self, decision: Decision) -> None:
        """A listener: an uncredited ring is credited by the simulated person a second later."""
        ruling = decision.ruling
        if (
            isinstance(ruling, Ruling)
            and ruling.uncredited
            and decision.status is not Status.PROVISIONAL
        ):
            first = min(pv.t for pv in decision.ruling.presses)
            self.uncredited.append((first, decision.id))


class ArmsOverTable:
    """The arms of a simulated game around the bell: one per press, and some that do not ring."""

    def __init__(self, events: list[Any], zones: list[np.ndarray], bell: Any, seed: int) -> None:
        from halli_pi.vision.render_hands import PULLBACK, REST, RING, Reach, random_reach

        rng = np.random.default_rng([seed, 13])
        self.bell = bell
        self.reaches: list[Reach] = []
        self.ringers: list[tuple[float, int]] = []
        for e in events:
            if isinstance(e, Press) and e.seat is not None:
                self.reaches.append(random_reach(rng, e.seat, zones[e.seat], bell, RING, e.t))
                self.ringers.append((e.t, e.seat))
            elif isinstance(e, Reveal) and rng.random() < 0.12:
                seat = int(rng.integers(len(zones)))
                if rng.random() < 0.5:
                    self.reaches.append(
                        random_reach(rng, seat, zones[seat], bell, PULLBACK, e.t + 0.5)
                    )
                else:
                    rest = random_reach(rng, seat, zones[seat], bell, REST, e.t + 2.0)
                    self.reaches.append(Reach(**{**rest.__dict__, "t_start": e.t + 0.2}))
        self.reaches.sort(key=lambda r: r.t_start)

    def active(self, t: float) -> list[Any]:
        return [r for r in self.reaches if r.t_start - 0.5 <= t <= r.t_strike + 1.5]

    def draw(self, base: np.ndarray, t: float) -> np.ndarray:
        from halli_pi.vision.render_hands import draw_arms

        active = self.active(t)
        return draw_arms(base, self.bell, active, t, noise=0.0) if active else base

    def ringer_at(self, t: float) -> int | None:
        best = min(self.ringers, key=lambda r: abs(r[0] - t), default=None)
        return best[1] if best is not None and abs(best[0] - t) < 0.01 else None


def play_shared(rig: Any, shared: SharedBellRig, sim: Any, seed: int, *, last: bool) -> None:
    """One simulated game with one bell: the bell's switch through its pin, the frames and the
    held presses through the same gate as at a real table (``runtime.camera_bell``), then the
    referee."""
    from halli_pi.rules import get_ruleset
    from halli_pi.runtime.camera_bell import CameraBell
    from halli_pi.simulation.demo import SimulatedTable, _sleep_until, finish_game
    from halli_pi.vision.reader import load_profile
    from halli_pi.vision.render_hands import draw_bell
    from halli_pi.vision.tracker import Tracker

    table, figures, fake = rig.table, rig.figures, rig.fake
    referee = table.referee
    game = sim.events[0]
    assert isinstance(game, GameStart)
    scene = SimulatedTable(sim, rig.zones, seed)
    arms = ArmsOverTable(sim.events, rig.zones, shared.bell, seed)
    tracker = Tracker(rig.zones, (640, 480), load_profile(get_ruleset(game.ruleset).deck))
    table.tracker, table.names = tracker, game.players
    # The shared bell's presses wait at the gate for the camera, as at `run`.
    gate = CameraBell(
        table, shared.hands, table_every=TABLE_EVERY, credits=shared.credits, frames=shared.frames
    )
    presses = [e for e in sim.events if isinstance(e, Press)]
    end_t = sim.events[-1].t
    referee.new_game(game)
    figures.reveals_played += sum(isinstance(e, Reveal) for e in sim.events)
    # The table with the bell drawn on it, by what the table shows (an object's id would do
    # only while the frame lives: a new frame may take a freed one's id and its stale picture).
    bases: dict[tuple[Any, ...], np.ndarray] = {}

    k = int(np.ceil(game.t * BELL_FPS))
    p = 0
    try:
        while True:
            t = round(k / BELL_FPS, 6)
            if t > end_t:
                break
            while p < len(presses) and presses[p].t <= t:
                table.tick_until(presses[p].t)
                fake.press(None, at=presses[p].t, hold_ms=60.0, bounces=3)
                for captured in fake.take():
                    table.press(captured)  # held at the gate until the camera answers
                p += 1
            if rig.speed:
                _sleep_until(rig.wall_start, t / rig.speed)
            table_frame = scene.frame_at(t)
            state = scene.state_at(t)
            base = bases.get(state)
            if base is None:
                if len(bases) > 16:
                    bases.clear()
                base = bases[state] = draw_bell(table_frame, shared.bell)
            frame = arms.draw(base, t)
            table.tick_until(t)
            reveals = gate.frame(t, frame, now=t)
            figures.frame_ms.append(gate.frame_ms)
            figures.frames += 1
            figures.now = t
            rig.signals.tick()
            if reveals is not None:
                figures.frame_ms[-1] += table.frame_ms
                figures.reveals_seen += len(reveals)
                if rig.on_frame is not None:
                    rig.on_frame(t, frame, tracker)
            _person_credits(referee, shared, arms, t)
            k += 1
        for press in gate.ready(end_t + 1.0):  # the wait for frames is over: on they go
            referee.press(press)
    finally:
        table.gate = None
    finish_game(table, end_t, last=False)
    _person_credits(referee, shared, arms, end_t + PERSON_DELAY_S)
    if last:
        referee.end(end_t)


def _person_credits(referee: Any, shared: SharedBellRig, arms: ArmsOverTable, now: float) -> None:
    """The simulated table's person credits a ring the camera left open (the true ringer)."""
    from halli_pi.errors import InputError

    due = [u for u in shared.uncredited if u[0] + PERSON_DELAY_S <= now]
    if not due:
        return
    shared.uncredited = [u for u in shared.uncredited if u[0] + PERSON_DELAY_S > now]
    for at, ruling_id in due:
        seat = arms.ringer_at(at)
        if seat is None:
            continue
        # Already credited, or the game moved on: nothing waits any more.
        with contextlib.suppress(InputError):
            referee.credit(ruling_id, seat, reason="credited at the table")

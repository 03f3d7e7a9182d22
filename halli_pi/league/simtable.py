"""Simulated tables for the league's tests and bench: a real referee, a real store, games from
the simulator, fed as the camera and the bell would feed them (vision settled up to each event,
ticks between events), so the listener sees exactly what a table's listeners see."""

from __future__ import annotations

from pathlib import Path

from halli_pi.referee import Referee
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.rules.events import End, InputEvent
from halli_pi.simulation.game import simulate_game
from halli_pi.store import Store


def session_events(seed: int, games: int = 2, players: int = 4) -> list[InputEvent]:
    """Several simulated games in one session (one `end`, at the very end), names varying with
    the seed so players meet at different tables."""
    from halli_pi.simulation.game import NAMES

    events: list[InputEvent] = []
    t = 0.0
    for g in range(games):
        shift = (seed + g) % len(NAMES)
        names = tuple((NAMES * 2)[shift : shift + players])
        game = simulate_game(players=players, seed=seed * 101 + g, names=names, start_t=t)
        body = [e for e in game.events if not isinstance(e, End)]
        events += body
        t = body[-1].t + 2.0
    events.append(End(t))
    return events


class SimulatedTable:
    """One table: a store in `db_path`, a referee with `listeners`, fed one event at a time."""

    def __init__(self, db_path: Path, listeners: list | None = None) -> None:
        self.store = Store(db_path)
        self.session_id = self.store.begin_session(name="league simulation")
        self.referee = Referee(store=self.store, session_id=self.session_id)
        self.referee.listeners.extend(listeners or [])

    def feed(self, event: InputEvent) -> None:
        referee = self.referee
        # Everything before this event has been reported by both streams.
        referee.vision([], event.t)
        referee.tick(event.t)
        if isinstance(event, GameStart):
            referee.new_game(event)
        elif isinstance(event, Reveal):
            referee.vision([event], event.t)
        elif isinstance(event, Press):
            referee.press(event)
        elif isinstance(event, End):
            referee.end(event.t)
        else:
            raise TypeError(f"the simulated table cannot feed {event!r}")

    def log(self) -> list[dict]:
        """The table's own session log, inputs only (what `export` writes)."""
        return self.store.export_session(self.session_id)

    def close(self) -> None:
        self.store.close()

"""The soak: many simulated games through the engine and the event log, checking as they go.

Each game is played by the simulator, fed again through a fresh ``Engine`` step by step and
recorded in a SQLite store as the referee records a table (every input event and every ruling
in its own transaction). Then, per game:

- the outputs equal the simulator's own (the engine is deterministic);
- cards are conserved: every ruling's ``cards`` add up to the deck, unless an impossible reveal
  (a card from a seat with no hidden cards) was flagged earlier in that game;
- the game exported from the store as a session log (shared/SPEC.md §1) replays to the same
  output events as were recorded, and the exported outputs are those same events.

Figures: games and events per second, rulings, resident memory at the start and the end.
"""

from __future__ import annotations

import io
import json
import os
import resource
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from halli_pi.cards import deck
from halli_pi.rules import Engine, GameStart, Notice, Reveal, Ruling, get_ruleset
from halli_pi.store import Store


def rss_mb() -> float:
    """Resident memory now, in MB (from /proc; the peak from getrusage where /proc is absent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_rss_mb()


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


@dataclass
class SoakReport:
    games: int = 0
    events: int = 0
    rulings: int = 0
    outputs: int = 0
    conservation_checks: int = 0
    impossible_reveals: int = 0
    replayed_games: int = 0
    seconds: float = 0.0
    rss_start_mb: float = 0.0
    rss_end_mb: float = 0.0
    rss_peak_mb: float = 0.0
    db_mb: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def figures(self) -> dict[str, Any]:
        s = max(self.seconds, 1e-9)
        return {
            "games": self.games,
            "events": self.events,
            "rulings": self.rulings,
            "outputs": self.outputs,
            "conservation_checks": self.conservation_checks,
            "impossible_reveals": self.impossible_reveals,
            "replayed_games": self.replayed_games,
            "failures": len(self.failures),
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / s, 2),
            "events_per_s": round(self.events / s, 1),
            "rss_start_mb": round(self.rss_start_mb, 1),
            "rss_end_mb": round(self.rss_end_mb, 1),
            "rss_peak_mb": round(self.rss_peak_mb, 1),
            "db_mb": round(self.db_mb, 1),
        }


def _json_outputs(outputs: list[Any]) -> list[dict[str, Any]]:
    # Notices are for people and are not exported (not a SPEC type): compare the rest.
    return [o.to_json() for o in outputs if not isinstance(o, Notice)]


def _deck_size(start: GameStart) -> int:
    if start.cards is not None:
        return sum(start.cards)
    return len(deck(get_ruleset(start.ruleset).deck))


def record_game(store: Store, session_id: int, events: list[Any]) -> list[Any]:
    """Feed a game's input events through a fresh engine and record each step as the referee
    does. Returns every output event, in order."""
    engine = Engine()
    outputs: list[Any] = []
    for event in events:
        step = engine.feed(event)
        store.record_step(session_id, event, step)
        outputs += step
    closes = engine.burst_closes_at
    if closes is not None:  # a log that stops mid-burst: rule it, as replay does
        tail = engine.advance(closes)
        for out in tail:
            store.record_output(session_id, out)
        outputs += tail
    return outputs


def _impossible(notice: Notice) -> bool:
    """A reveal the engine flagged as adding a card no deck accounts for."""
    code = getattr(notice, "code", None)
    if code is not None and code != "note":
        return code == "impossible_reveal"
    return "but revealed" in notice.message  # engines without notice codes


def check_conservation(events: list[Any], outputs_by_event: list[list[Any]]) -> tuple[int, int]:
    """(rulings checked, impossible reveals seen); raises AssertionError on a lost card."""
    checked = impossible = 0
    size: int | None = None
    flagged = False
    for event, outs in zip(events, outputs_by_event, strict=True):
        if isinstance(event, GameStart):
            size, flagged = _deck_size(event), False
        for out in outs:
            if isinstance(out, Notice) and isinstance(event, Reveal) and _impossible(out):
                flagged = True
                impossible += 1
            elif isinstance(out, Ruling) and size is not None and not flagged:
                checked += 1
                if sum(out.cards) != size:
                    raise AssertionError(
                        f"cards not conserved at t={out.t}: {list(out.cards)} add up to "
                        f"{sum(out.cards)}, the deck has {size}"
                    )
    return checked, impossible


def _replay_exported(store: Store, session_id: int, number: int) -> tuple[list, list]:
    """(outputs exported with the game, outputs of replaying its exported input events)."""
    from halli_pi.replay import replay
    from halli_pi.sessionlog import read_events

    lines = store.export_session(session_id, game=number, outputs=True)
    text = io.StringIO("".join(json.dumps(obj) + "\n" for obj in lines))
    exported_outputs = [
        obj for obj in lines if obj["type"] not in ("game", "reveal", "press", "end")
    ]
    replayed = [o for _, outs in replay(read_events(text, f"game {number}")) for o in outs]
    return exported_outputs, _json_outputs(replayed)


def soak(
    games: int,
    *,
    seed: int = 1,
    players: tuple[int, ...] = (2, 3, 4, 5, 6),
    rulesets: tuple[str, ...] = ("classic", "classic-leaflet", "twist"),
    games_per_session: int = 10,
    db_path: str | Path | None = None,
    progress: Callable[[SoakReport], None] | None = None,
    progress_every: int = 500,
) -> SoakReport:
    """Play ``games`` simulated games (game i: seed ``seed + i``, players and ruleset cycling)."""
    from halli_pi.simulation.game import simulate_game

    report = SoakReport(rss_start_mb=rss_mb())
    with tempfile.TemporaryDirectory(prefix="halli-pi-soak-") as tmp:
        path = Path(db_path) if db_path is not None else Path(tmp) / "soak.db"
        # durable=False: a soak measures the log, not the SD card's fsync.
        with Store(path, durable=False) as store:
            started = time.perf_counter()
            session_id = number = 0
            start_t = 0.0
            for i in range(games):
                if i % games_per_session == 0:
                    session_id = store.begin_session(name=f"soak {seed}+{i}")
                    number, start_t = 0, 0.0
                game_seed = seed + i
                n = players[i % len(players)]
                ruleset = rulesets[(i // len(players)) % len(rulesets)]
                what = f"game {i} (seed {game_seed}, {n} players, {ruleset})"
                try:
                    sim = simulate_game(n, game_seed, ruleset, start_t=start_t)
                    number += 1
                    start_t = sim.events[-1].t + 1.0
                    engine = Engine()
                    per_event = [engine.feed(e) for e in sim.events]
                    outputs = record_game(store, session_id, sim.events)
                    if _json_outputs(outputs) != _json_outputs(sim.outputs):
                        raise AssertionError("the engine ruled differently on the same events")
                    checked, impossible = check_conservation(sim.events, per_event)
                    exported, replayed = _replay_exported(store, session_id, number)
                    if exported != _json_outputs(outputs):
                        raise AssertionError("the exported outputs differ from those recorded")
                    if replayed != exported:
                        raise AssertionError("replay of the exported log differs")
                except Exception as err:  # a soak reports every failure and carries on
                    report.failures.append(f"{what}: {type(err).__name__}: {err}")
                    continue
                report.games += 1
                report.replayed_games += 1
                report.events += len(sim.events)
                report.outputs += len(outputs)
                report.rulings += sum(isinstance(o, Ruling) for o in outputs)
                report.conservation_checks += checked
                report.impossible_reveals += impossible
                if progress is not None and (i + 1) % progress_every == 0:
                    report.seconds = time.perf_counter() - started
                    report.rss_end_mb = rss_mb()
                    progress(report)
            report.seconds = time.perf_counter() - started
        report.db_mb = (
            sum(os.path.getsize(p) for p in path.parent.glob(path.name + "*") if p.is_file())
            / 2**20
        )
    report.rss_end_mb = rss_mb()
    report.rss_peak_mb = peak_rss_mb()
    return report

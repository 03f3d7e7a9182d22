"""``halli-pi bench league``: many simulated tables, one Mosquitto, one hall.

Three phases, on a Mosquitto of our own (a free loopback port, a temporary folder) and the
hall as its own process (``halli-pi hall``), as a club would run it:

1. the tables play their games before they connect (Wi-Fi down): every event waits in the
   tables' outboxes (the tables' own cost per event is timed here: the outbox append);
2. the tables connect all at once and empty their outboxes; halfway through the broker is
   stopped and started again. Figures: events per second from the tables to the hall's store,
   events lost and events doubled (the hall's store against every table's own log), and the
   copies the broker delivered twice that the hall dropped;
3. the tables play on at a table's pace (one event per table per half second), the
   latency from a table queueing an event to the hall having stored it: p50 and p99.

The hall's memory (resident now and peak) is read from its process at the end. Last, the
hall's own ceiling: every message taken again by a hall in this process with no broker (stored
and replayed, one core), and replayed from its store as at a start.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HELP = "league figures: events/s through MQTT, publish-to-hall latency, loss, hall memory"
PACE_S = 0.5  # a real table reports an event every half second or so


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=8, help="simulated tables (default 8)")
    parser.add_argument("--games", type=int, default=1, help="games per table in phase 1")
    parser.add_argument("--live-seconds", type=float, default=10.0, help="length of phase 3")
    parser.add_argument("--seed", type=int, default=1)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def _wait(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"bench league: timed out waiting for {what}")
        time.sleep(0.02)


class _HallProcess:
    def __init__(self, folder: Path, broker_port: int) -> None:
        from halli_pi.league.broker import free_port

        self.port = free_port()
        self.db = folder / "hall.sqlite3"
        config = folder / "hall.toml"
        config.write_text(
            f'[hall]\nbroker = "mqtt://127.0.0.1:{broker_port}"\nleague = "bench"\n'
            f'db = "{self.db.name}"\nport = {self.port}\n'
        )
        self.log = open(folder / "hall.log", "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "halli_pi", "hall", "--config", str(config)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        _wait(lambda: self._board(quiet=True).get("following"), 30, "the hall to subscribe")

    def _board(self, quiet: bool = False) -> dict[str, Any]:
        url = f"http://127.0.0.1:{self.port}/api/scoreboard"
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:  # noqa: S310
                return json.loads(answer.read())
        except OSError:
            if self.process.poll() is not None:
                raise RuntimeError("the hall process exited; see its log") from None
            if quiet:
                return {}
            raise

    def board(self) -> dict[str, Any]:
        return self._board()

    def memory_mb(self) -> tuple[float, float]:
        fields = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def run(args: argparse.Namespace) -> dict:
    import logging

    from halli_pi.errors import InputError
    from halli_pi.league.broker import LocalBroker
    from halli_pi.league.config import parse_league
    from halli_pi.league.outbox import Outbox
    from halli_pi.league.publisher import Publisher
    from halli_pi.league.simtable import SimulatedTable, session_events

    # The reconnect warnings of fifty tables across the broker restart are the point, not news.
    logging.getLogger("halli_pi.league").setLevel(logging.ERROR)
    if args.tables < 1:
        raise InputError(f"must be 1 or more, got {args.tables}", field="--tables")
    with tempfile.TemporaryDirectory(prefix="halli-pi-league-") as tmp:
        root = Path(tmp)
        broker = LocalBroker(root / "broker")
        broker.start()
        hall = None
        tables: list[Any] = []
        try:
            hall = _HallProcess(root, broker.port)
            section = {"broker": f"mqtt://127.0.0.1:{broker.port}", "league": "bench"}
            logs = []
            for i in range(args.tables):
                db = root / f"t{i}.sqlite3"
                table = SimulatedTable(db)
                config = parse_league({**section, "table": f"t{i}"}, "bench")
                publisher = Publisher(config, Outbox(db), table.session_id)
                table.referee.listeners.append(publisher)
                tables.append((table, publisher))
                events = session_events(args.seed * 1000 + i, games=args.games + 1, players=4)
                logs.append(events)

            # Phase 1: play the first games into the outboxes; time the tables' own cost.
            append_ms: list[float] = []
            split = [len(e) * args.games // (args.games + 1) for e in logs]
            for (table, publisher), events, cut in zip(tables, logs, split, strict=True):
                publisher.outbox.append = _timed(publisher.outbox.append, append_ms)
                for event in events[:cut]:
                    table.feed(event)
            queued = sum(p.outbox.pending() for _, p in tables)
            logged = sum(_seq(p) for _, p in tables)

            # Phase 2: everyone connects at once; the broker restarts halfway.
            began = time.monotonic()
            for _, publisher in tables:
                publisher.start(client_id=f"bench-{publisher.config.table}")
            _wait(lambda: hall.board()["held"] >= logged // 2, 600, "half the events")
            half_s = time.monotonic() - began
            half = hall.board()["held"]
            broker.restart()
            restarted_at = time.monotonic()
            _wait(lambda: hall.board()["held"] >= logged, 600, "every event at the hall")
            flood_s = time.monotonic() - began
            recovered_s = time.monotonic() - restarted_at

            # Phase 3: play on at a table's pace and time each event to the hall.
            live_from = time.time()
            ticks = max(1, int(args.live_seconds / PACE_S))
            start = time.monotonic()
            for tick in range(ticks):
                for (table, _), events, cut in zip(tables, logs, split, strict=True):
                    if cut + tick < len(events):
                        table.feed(events[cut + tick])
                pause = start + (tick + 1) * PACE_S - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
            total = sum(_seq(p) for _, p in tables)
            _wait(lambda: hall.board()["held"] >= total, 600, "the live events at the hall")
            numbered = [_seq(p) for _, p in tables]
            for _, publisher in tables:
                publisher.close(flush_timeout=30)
            board = hall.board()
            rss, peak = hall.memory_mb()
            hall.stop()
            hall = None
            lost, doubled, latencies = _audit(root / "hall.sqlite3", tables, numbered, live_from)
            alone, rebuild = _hall_alone(root / "hall.sqlite3", root / "again.sqlite3")
        finally:
            if hall is not None:
                hall.stop()
            for table, _ in tables:
                table.close()
            broker.stop()
    return {
        "tables": args.tables,
        "events_logged": total,
        "events_queued_while_offline": queued,
        # Up to the restart: the broker and the hall at full stretch.
        "events_per_s": round(half / half_s, 1),
        # All of phase 2, the restart and the tables' reconnect back-off included.
        "events_per_s_with_restart": round(logged / flood_s, 1),
        "broker_restart_recovery_s": round(recovered_s, 2),
        "events_lost": lost,
        "events_doubled": doubled,
        "redeliveries_dropped_by_hall": board["duplicates"],
        "live_events": len(latencies),
        "live_rate_events_per_s": round(args.tables / PACE_S, 1),
        "publish_to_hall_p50_ms": round(_pct(latencies, 0.5) * 1000, 2),
        "publish_to_hall_p99_ms": round(_pct(latencies, 0.99) * 1000, 2),
        # What the league adds to the referee's thread per event: one outbox transaction.
        "table_outbox_append_p50_ms": round(statistics.median(append_ms), 3),
        "table_outbox_append_p99_ms": round(_pct(append_ms, 0.99), 3),
        "mismatches": sum(t["mismatches"] for t in board["tables"]),
        "hall_alone_msgs_per_s": round(alone, 1),
        "hall_replay_at_start_msgs_per_s": round(rebuild, 1),
        "hall_rss_mb": round(rss, 1),
        "hall_rss_peak_mb": round(peak, 1),
    }


def _timed(append: Any, into: list[float]) -> Any:
    def timed(*args: Any) -> Any:
        before = time.perf_counter()
        try:
            return append(*args)
        finally:
            into.append((time.perf_counter() - before) * 1000)

    return timed


def _seq(publisher: Any) -> int:
    """How many log messages the table has numbered so far."""
    return publisher.outbox.numbered(publisher.session)


def _audit(
    db: Path, tables: list[Any], numbered: list[int], live_from: float
) -> tuple[int, int, list[float]]:
    """Events lost and doubled (the hall's store against each table's own log), and the
    latencies of the events queued after `live_from`."""
    lost = doubled = 0
    latencies: list[float] = []
    with sqlite3.connect(db) as conn:
        for (table, publisher), count in zip(tables, numbered, strict=True):
            rows = conn.execute(
                "SELECT seq, payload, received_at FROM messages WHERE tbl=? AND session=?",
                (publisher.config.table, publisher.session),
            ).fetchall()
            messages = [json.loads(payload) for _, payload, _ in rows]
            stored = [m["event"] for m in messages if m["kind"] == "input"]
            own = table.log()
            held = {json.dumps(e, sort_keys=True) for e in stored}
            lost += sum(1 for e in own if json.dumps(e, sort_keys=True) not in held)
            doubled += len(stored) - len(held)
            lost += count - len(rows)  # messages numbered that never reached the hall
            for (_, _, received), message in zip(rows, messages, strict=True):
                if message["at"] >= live_from:
                    latencies.append(received - message["at"])
    return lost, doubled, latencies


def _hall_alone(db: Path, scratch: Path) -> tuple[float, float]:
    """The hall without broker or tables, on this process's one core: messages per second
    taken (each stored and replayed, as from the broker) and replayed from its store at start."""
    from halli_pi.league.hall.hall import Hall
    from halli_pi.league.hall.store import HallStore

    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT tbl, payload FROM messages ORDER BY tbl, session, seq"
        ).fetchall()
    store = HallStore(scratch)
    hall = Hall(store, "bench")
    began = time.perf_counter()
    for table, payload in rows:
        hall.receive(f"halli-pi/bench/{table}/log", payload.encode())
    alone = len(rows) / (time.perf_counter() - began)
    store.close()
    began = time.perf_counter()
    store = HallStore(scratch)
    Hall(store, "bench")
    rebuild = len(rows) / (time.perf_counter() - began)
    store.close()
    return alone, rebuild


def text(figures: dict) -> str:
    width = max(len(k) for k in figures)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in figures.items())

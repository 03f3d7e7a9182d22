"""``halli-pi soak --faults``: simulated games through the live referee while things go wrong.

The games are fed to a real ``Referee`` recording into a SQLite log, with the page's real server
(uvicorn, its guards, the hub on the log's read-only connection) in front. While they play:

- phones: threads fetching ``/api/stats`` and ``/api/history`` over HTTP without pause;
- a wrong-PIN storm, rotating ``X-Forwarded-For`` as if from many addresses;
- a flood: bodies declared at 250 MB, and more sockets than the server keeps;
- a full disk (SQLite's page limit) during a game, then space again;
- camera loss: for a stretch, vision reports nothing and says it is blind;
- a killed writer: a second process referees with provisional rulings and is ``kill -9``-ed.

It prints what survived: rulings recorded and the rulings the exported logs replay to, the
verdict latency (the referee's tick that rules) under load, what the guards refused, and the
memory at the start and the end.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from halli_pi.referee import Referee, RefereeListener
from halli_pi.rules import GameStart, Press, Reveal, Ruling
from halli_pi.rules.events import End
from halli_pi.simulation.soak import peak_rss_mb, rss_mb

PIN = "591736"


@dataclass
class FaultReport:
    games: int = 0
    rulings_recorded: int = 0
    rulings_replayed: int = 0
    verdicts: list[float] = field(default_factory=list)  # seconds per ruling tick
    stats_requests: int = 0
    stats_busy: int = 0  # 503 while the flood held every socket slot
    stats_errors: int = 0  # connections cut (past the socket cap during the flood)
    pin_guesses: int = 0
    pin_guesses_accepted: int = 0
    pin_locked_out: int = 0
    big_bodies_refused: int = 0
    sockets_closed_at_cap: int = 0
    disk_full_errors: int = 0
    inputs_lost_to_disk_full: int = 0
    blind_presses_void: int = 0
    killed_writer_rulings: int = 0
    killed_writer_replayed: int = 0
    rss_start_mb: float = 0.0
    rss_end_mb: float = 0.0
    rss_peak_mb: float = 0.0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.verdicts)

        def pct(q: float) -> float | None:
            if not ordered:
                return None
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

        return {
            "games": self.games,
            "rulings_recorded": self.rulings_recorded,
            "rulings_replayed": self.rulings_replayed,
            "verdict_median_ms": pct(0.5),
            "verdict_p99_ms": pct(0.99),
            "verdict_max_ms": None if not ordered else round(ordered[-1] * 1000, 2),
            "stats_requests": self.stats_requests,
            "stats_busy_503": self.stats_busy,
            "stats_errors": self.stats_errors,
            "pin_guesses": self.pin_guesses,
            "pin_guesses_accepted": self.pin_guesses_accepted,
            "pin_locked_out": self.pin_locked_out,
            "big_bodies_refused": self.big_bodies_refused,
            "sockets_closed_at_cap": self.sockets_closed_at_cap,
            "disk_full_errors": self.disk_full_errors,
            "inputs_lost_to_disk_full": self.inputs_lost_to_disk_full,
            "blind_presses_void": self.blind_presses_void,
            "killed_writer_rulings": self.killed_writer_rulings,
            "killed_writer_replayed": self.killed_writer_replayed,
            "rss_start_mb": round(self.rss_start_mb, 1),
            "rss_end_mb": round(self.rss_end_mb, 1),
            "rss_peak_mb": round(self.rss_peak_mb, 1),
            "seconds": round(self.seconds, 1),
            "failures": len(self.failures),
        }


# -- the table ----------------------------------------------------------------------------------


class _Counter(RefereeListener):
    def __init__(self) -> None:
        self.decisions = 0

    def on_decision(self, decision: Any) -> None:
        self.decisions += 1


def play(referee: Any, events: list[Any], report: FaultReport, *, blind: tuple | None = None):
    """Feed a game's events to the referee in time order, as camera and bell would. ``blind``:
    (from_t, to_t) during which the camera is lost."""
    counter = next(li for li in referee.listeners if isinstance(li, _Counter))
    for event in events:
        t = event.t
        lost = blind is not None and blind[0] <= t < blind[1]
        if isinstance(event, GameStart):
            referee.new_game(event)
        elif isinstance(event, End):
            referee.end(t)
            continue
        elif isinstance(event, Reveal):
            if lost:
                continue  # the camera does not see it
            referee.vision([event], t)
        elif isinstance(event, Press):
            if lost:
                referee.vision([], float("-inf"), blind="the camera is lost (fault soak)")
            else:
                referee.vision([], t)
            referee.press(event)
        before = counter.decisions
        started = time.perf_counter()
        referee.tick(t + 0.1)
        if counter.decisions > before:
            report.verdicts.append(time.perf_counter() - started)
    last = events[-1].t + 3.0
    if not isinstance(events[-1], End):
        referee.vision([], last)
        referee.tick(last)


def _replayed_rulings(store: Any, session_id: int) -> tuple[int, int]:
    """(rulings standing in the exported log, rulings its input events replay to)."""
    from halli_pi.replay import outputs_of
    from halli_pi.sessionlog import event_from_json

    log = store.export_session(session_id, outputs=True)
    recorded = sum(1 for o in log if o["type"] == "ruling")
    inputs = [event_from_json(o) for o in log if o["type"] in ("game", "reveal", "press", "end")]
    replayed = sum(isinstance(o, Ruling) for o in outputs_of(e for e in inputs if e is not None))
    return recorded, replayed


# -- the guests ---------------------------------------------------------------------------------


_PHONES = """
import json, sys
from halli_pi.simulation.fault_soak import phones_until_stdin_closes
print(json.dumps(phones_until_stdin_closes(int(sys.argv[1]), int(sys.argv[2]))), flush=True)
"""


def phones_until_stdin_closes(port: int, phones: int) -> dict[str, int]:
    """(In a child process, as phones are other machines.) ``phones`` threads fetching stats and
    history without pause until standard input closes; returns the answers by status."""
    stop = threading.Event()
    counts: dict[str, int] = {}
    lock = threading.Lock()

    def phone() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        paths = ("/api/stats", "/api/history")
        i = 0
        while not stop.is_set():
            i += 1
            try:
                conn.request("GET", paths[i % 2])
                res = conn.getresponse()
                res.read()
                key = str(res.status)
            except (OSError, http.client.HTTPException):
                key = "error"
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            with lock:
                counts[key] = counts.get(key, 0) + 1
            if key != "200":
                stop.wait(0.05)  # a real page retries after a moment, not in a tight loop
        conn.close()

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(phones)]
    for t in threads:
        t.start()
    sys.stdin.read()
    stop.set()
    for t in threads:
        t.join(15)
    return counts


def _pin_storm(port: int, report: FaultReport, guesses: int) -> None:
    for i in range(guesses):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request(
                "POST",
                "/api/end",
                body="{}",
                headers={
                    "Content-Type": "application/json",
                    "X-Table-Pin": f"{(i * 7919) % 1_000_000:06d}",
                    "X-Forwarded-For": f"10.{i % 250}.{i // 250 % 250}.9",
                },
            )
            status = conn.getresponse().status
        except (OSError, http.client.HTTPException):
            continue
        finally:
            conn.close()
        if status in (200, 403, 429):  # a 503 (every socket slot taken) was no guess at all
            report.pin_guesses += 1
            report.pin_guesses_accepted += status == 200
            report.pin_locked_out += status == 429


def _storm_then_flood(port: int, report: FaultReport) -> None:
    _pin_storm(port, report, 60)
    _flood(port, report, 4, 100)


def closed_by_server(socks: list[socket.socket], enough: int, seconds: float) -> set[int]:
    """Which of ``socks`` the server has closed (an empty read or a reset), polled until
    ``enough`` are or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    closed: set[int] = set()
    while time.monotonic() < deadline and len(closed) < enough:
        for i, s in enumerate(socks):
            if i in closed:
                continue
            s.settimeout(0.01)
            try:
                if s.recv(1) == b"":
                    closed.add(i)
            except TimeoutError:
                pass
            except OSError:
                closed.add(i)
    return closed


def _flood(port: int, report: FaultReport, bodies: int, sockets: int) -> None:
    for _ in range(bodies):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                b"POST /api/end HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                b"\r\nContent-Length: 250000000\r\n\r\n"
            )
            answer = sock.recv(64)
            report.big_bodies_refused += answer.startswith(b"HTTP/1.1 413")
    opened = []
    try:
        for _ in range(sockets):
            opened.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        # Past the server's cap (80 of 100 kept), a fifth are closed.
        closed = closed_by_server(opened, enough=sockets // 5, seconds=5.0)
        report.sockets_closed_at_cap = len(closed)
    finally:
        for s in opened:
            s.close()


# -- the killed writer --------------------------------------------------------------------------

_CHILD = """
import sys
from halli_pi.simulation.fault_soak import provisional_then_wait
provisional_then_wait(sys.argv[1])
"""


def provisional_then_wait(db: str) -> None:
    """(In a child process.) Referee until a provisional ruling is shown, say so, then wait to
    be killed."""
    from halli_pi.cards import parse_card
    from halli_pi.referee import Status
    from halli_pi.store import Store

    store = Store(db, durable=False)
    shown = []

    class Shown(RefereeListener):
        def on_decision(self, decision: Any) -> None:
            if decision.status is Status.PROVISIONAL:
                shown.append(decision)

    referee = Referee(store=store, session_id=store.begin_session(name="killed"))
    referee.listeners.append(Shown())
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    t = 1.0
    for _ in range(5):
        referee.vision([Reveal(t, 0, parse_card("5 banana"))], t + 0.5)
        referee.vision([], t + 0.9)
        referee.press(Press(t + 0.95, 1))
        referee.tick(t + 1.1)  # the window closes while vision lags: provisional
        t += 3.0
        referee.vision([], t - 0.5)
        referee.tick(t - 0.4)
    referee.vision([Reveal(t, 2, parse_card("1 lime"))], t + 0.5)
    referee.press(Press(t + 0.95, 2))
    referee.tick(t + 1.1)
    print(f"provisional {len(shown)}", flush=True)
    signal.pause()


def _killed_writer(folder: Path, report: FaultReport) -> None:
    from halli_pi.store import Store

    db = folder / "killed.db"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None  # asked for as a pipe
        line = child.stdout.readline()
        if not line.startswith("provisional"):
            report.failures.append(f"killed writer: the child said {line!r}")
            return
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with Store(db, readonly=True) as store:
        [session] = store.sessions()
        recorded, replayed = _replayed_rulings(store, session.id)
    report.killed_writer_rulings = recorded
    report.killed_writer_replayed = replayed
    if recorded != replayed:
        report.failures.append(f"killed writer: {recorded} rulings logged, {replayed} replayed")


# -- the run ------------------------------------------------------------------------------------


def fault_soak(games: int = 12, *, seed: int = 1, phones: int = 4) -> FaultReport:
    from halli_pi.runtime.page import RefereeControls
    from halli_pi.simulation.game import simulate_game
    from halli_pi.store import Store, StoreWriteError
    from halli_pi.web.app import serve
    from halli_pi.web.hub import Hub

    report = FaultReport(rss_start_mb=rss_mb())
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="halli-pi-faults-") as tmp:
        folder = Path(tmp)
        store = Store(folder / "halli-pi.db", durable=False)
        reader = store.open_reader()
        table = _Table(store)
        # The controls act on whichever referee the table has now (it forwards to it).
        controls = RefereeControls(cast(Referee, table), lambda: 0.0)
        hub = Hub(controls=controls, store=reader)
        table.on_ruling = hub.figures_changed  # the page's figures are refreshed per ruling
        server = serve(hub, port=0, pin=PIN)
        guests = subprocess.Popen(
            [sys.executable, "-c", _PHONES, str(server.port), str(phones)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        sessions: list[tuple[int, bool]] = []  # (session, its log was cut by the full disk)
        try:
            for i in range(games):
                sim = simulate_game(2 + i % 4, seed + i)
                events = [e for e in sim.events if not isinstance(e, End)]
                referee = table.restart(f"fault soak game {i + 1}")
                fault = i % 4
                if fault == 1:  # a wrong-PIN storm, then a flood, while this game plays
                    guest = threading.Thread(
                        target=_storm_then_flood, args=(server.port, report), daemon=True
                    )
                    guest.start()
                    play(referee, events, report)
                    guest.join(120)
                elif fault == 2:  # the camera is lost for a stretch of this game
                    middle = (events[0].t + events[-1].t) / 2
                    before = referee.stats.blind
                    play(referee, events, report, blind=(middle - 20, middle + 20))
                    report.blind_presses_void += referee.stats.blind - before
                elif fault == 3:  # the disk fills mid-game: the service would stop there
                    _full_disk_game(store, referee, events, report, StoreWriteError)
                    sessions.append((referee.session_id, True))
                    report.games += 1
                    continue
                else:
                    play(referee, events, report)
                referee.end(events[-1].t + 5.0)
                sessions.append((referee.session_id, False))
                report.games += 1
        finally:
            answers, _ = guests.communicate("", timeout=60)
            server.stop()
        counts = json.loads(answers or "{}")
        report.stats_requests = sum(counts.values())
        report.stats_busy = counts.get("503", 0)
        report.stats_errors = report.stats_requests - counts.get("200", 0) - report.stats_busy
        for session, cut in sessions:
            recorded, replayed = _replayed_rulings(store, session)
            report.rulings_recorded += recorded
            report.rulings_replayed += replayed if not cut else min(replayed, recorded)
            # A log cut by the full disk may hold the inputs of one ruling whose own write was
            # refused (never shown): its replay may rule once more, never less.
            if replayed < recorded or (not cut and replayed != recorded):
                report.failures.append(
                    f"session {session}: {recorded} rulings logged, its export replays {replayed}"
                )
        reader.close()
        store.close()
        _killed_writer(folder, report)
    if report.pin_guesses_accepted:
        report.failures.append(f"{report.pin_guesses_accepted} wrong PINs were accepted")
    if report.inputs_lost_to_disk_full:
        report.failures.append(f"{report.inputs_lost_to_disk_full} inputs lost to the full disk")
    report.seconds = time.monotonic() - started
    report.rss_end_mb = rss_mb()
    report.rss_peak_mb = peak_rss_mb()
    return report


class _Table:
    """The referee of the game being played; a restart makes a new one on a new session (as
    systemd restarting the service would)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.referee: Any = None
        self.on_ruling: Any = None

    def restart(self, name: str) -> Any:

        table = self

        class Told(RefereeListener):
            def on_decision(self, decision: Any) -> None:
                if table.on_ruling is not None:
                    table.on_ruling()

        session = self.store.begin_session(name=name)
        self.referee = Referee(store=self.store, session_id=session, listeners=[_Counter(), Told()])
        return self.referee

    def __getattr__(self, name: str) -> Any:  # the page's controls act on the current referee
        return getattr(self.referee, name)


def _full_disk_game(store, referee, events, report, write_error) -> None:
    """Fill the disk a third into the game and play on until the log refuses a write; then
    make space and let the referee write what it still holds: nothing it took in is lost."""
    third = max(1, len(events) // 3)
    play(referee, events[:third], report)
    conn = store._conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count={pages}")
    stopped_at = None
    try:
        for index in range(third, len(events)):
            try:
                play(referee, [events[index]], report)
            except write_error:
                report.disk_full_errors += 1
                stopped_at = index
                break
    finally:
        conn.execute("PRAGMA max_page_count=1073741823")
    if stopped_at is None:
        return  # the game fitted in the pages left
    referee.tick(events[stopped_at].t + 0.1)  # space again: the pending inputs are written
    released = [e for e in events[: stopped_at + 1] if e.t <= referee._released_to]
    logged = store.input_events(referee.session_id)
    report.inputs_lost_to_disk_full += max(0, len(released) - len(logged))

"""The hall's state: takes league messages (from the subscriber, or from its store at start)
and answers what the page shows. Thread-safe: paho's thread writes, the page's reads."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from halli_pi import strictjson
from halli_pi.errors import InputError
from halli_pi.league import topics
from halli_pi.league.hall.replay import SessionReplay
from halli_pi.league.hall.standings import dispute_reasons, fastest_rings, standings
from halli_pi.league.hall.store import HallStore

log = logging.getLogger(__name__)
FORMAT = 1
MAX_PAYLOAD = 256_000  # bytes: a session-log event is a few hundred
PROGRESS_EVERY = 10_000


class Hall:
    def __init__(
        self,
        store: HallStore,
        league: str,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """`progress` is told how many stored messages have been replayed, every
        PROGRESS_EVERY (a service feeds its watchdog with it)."""
        self.store = store
        self.league = league
        self.replays: dict[tuple[str, str], SessionReplay] = {}
        self.states: dict[str, dict[str, Any]] = {}
        self.received = 0  # new log messages since this hall started
        self.held = 0  # log messages in the store (rebuilt at start, plus received)
        self.duplicates = 0  # log messages received again (dropped)
        self.rejected: deque[str] = deque(maxlen=200)  # what was refused, and why
        self.latencies_s: deque[float] = deque(maxlen=200_000)  # queued at the table -> stored
        self.following = False  # subscribed at the broker right now (the subscriber says)
        self.trouble: str | None = None  # the latest store failure, for the page
        self._lock = threading.RLock()
        self._rebuild(progress)

    def _rebuild(self, progress: Callable[[int], None] | None) -> None:
        """Replay everything this hall has stored (a restarted hall is where it was)."""
        with self._lock:
            for table, session, seq, payload in self.store.messages():
                self._replay(table, session).offer(seq, json.loads(payload))
                self.held += 1
                if progress is not None and self.held % PROGRESS_EVERY == 0:
                    progress(self.held)
            for table, payload in self.store.states():
                self.states[table] = json.loads(payload)

    def _replay(self, table: str, session: str) -> SessionReplay:
        key = (table, session)
        replay = self.replays.get(key)
        if replay is None:
            replay = self.replays[key] = SessionReplay(table, session)
        return replay

    # --- taking messages ------------------------------------------------------------------

    def receive(self, topic: str, payload: bytes) -> None:
        """One MQTT message. A bad one is refused with the topic and field named (and kept in
        `rejected` for the page); it never stops the hall."""
        try:
            self._receive(topic, payload)
        except InputError as err:
            message = str(err.located(f"topic {topic}"))
            log.warning("refused a league message: %s", message)
            with self._lock:
                self.rejected.append(message)

    def _receive(self, topic: str, payload: bytes) -> None:
        parsed = topics.parse(topic)
        if parsed is None or parsed[0] != self.league:
            raise InputError(f"not a topic of league {self.league!r}")
        _, table, kind = parsed
        obj = _decode(payload)
        if obj.get("table") != table:
            raise InputError(
                f"says table {obj.get('table')!r} on table {table}'s topic", field="table"
            )
        if kind == "state":
            with self._lock:
                self.store.set_state(table, json.dumps(obj))
                self.states[table] = obj
            return
        session, seq = _session(obj), _seq(obj)
        if obj.get("kind") not in ("input", "output", "correction"):
            raise InputError(
                f"must be 'input', 'output' or 'correction', got {obj.get('kind')!r}", field="kind"
            )
        if obj["kind"] == "correction" and not isinstance(obj.get("replaces"), dict):
            raise InputError("must be the input event corrected", field="replaces")
        event = obj.get("event")
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise InputError("must be a session-log event (an object with a type)", field="event")
        with self._lock:
            if not self.store.add(table, session, seq, json.dumps(obj)):
                self.duplicates += 1
                return
            self.received += 1
            self.held += 1
            at = obj.get("at")
            if isinstance(at, int | float):
                self.latencies_s.append(time.time() - at)
            self._replay(table, session).offer(seq, obj)

    # --- what the page shows --------------------------------------------------------------

    def scoreboard(self) -> dict[str, Any]:
        with self._lock:
            replays = list(self.replays.values())
            games = [(r.table, g) for r in replays for g in r.games]
            resolved = self.store.resolved()
            return {
                "league": self.league,
                "following": self.following,
                "trouble": self.trouble,
                "tables": self._tables(replays),
                "standings": [line.to_json() for line in standings(g for _, g in games)],
                # Games the standings leave out until a gap before them is filled.
                "uncounted": [gap for r in replays for gap in _gaps(r)],
                "fastest": [ring.__dict__ for ring in fastest_rings(games)],
                "disputed": self._disputed(replays, resolved),
                "received": self.received,
                "held": self.held,
                "duplicates": self.duplicates,
                "rejected": list(self.rejected)[-20:],
            }

    def _tables(self, replays: list[SessionReplay]) -> list[dict[str, Any]]:
        names = sorted({r.table for r in replays} | set(self.states))
        out = []
        for name in names:
            mine = [r for r in replays if r.table == name]
            state = self.states.get(name, {})
            out.append(
                {
                    "table": name,
                    "state": state,
                    "games": sum(len(r.games) for r in mine),
                    "finished": sum(1 for r in mine for g in r.games if g.over is not None),
                    "mismatches": sum(len(r.mismatches) for r in mine),
                    # Messages held back by a missing seq: the broker lost one, or it is late.
                    "waiting": sum(len(r.waiting) for r in mine),
                    "gaps": [gap for r in mine for gap in _gaps(r)],
                    "gaps_filled": sum(r.gaps_filled for r in mine),
                    "behind": _behind(state, self.replays.get((name, str(state.get("session"))))),
                    "errors": [e for r in mine for e in r.errors],
                }
            )
        return out

    def _disputed(self, replays: list[SessionReplay], resolved: dict[str, str]) -> list[dict]:
        out = []
        for replay in replays:
            for rid, ruling in replay.table_decisions.items():
                reasons = dispute_reasons(ruling)
                if reasons:
                    out.append(self._dispute(replay, rid, ruling, reasons, resolved))
            for m in replay.mismatches:
                theirs = m.table or {}
                entry = self._dispute(replay, theirs.get("id"), theirs, [m.what], resolved)
                entry["hall"] = m.hall
                out.append(entry)
        return out

    def _dispute(
        self,
        replay: SessionReplay,
        rid: Any,
        ruling: dict[str, Any],
        reasons: list[str],
        resolved: dict[str, str],
    ) -> dict[str, Any]:
        ident = f"{replay.table}/{replay.session[:8]}/{rid}"
        return {
            "id": ident,
            "table": replay.table,
            "ruling": rid,
            "t": ruling.get("t"),
            "reason": ruling.get("reason"),
            "why": reasons,
            "names": ruling.get("names"),
            "evidence": bool(ruling.get("evidence")) and isinstance(rid, int),
            "resolved": resolved.get(ident),
        }

    def page_url(self, table: str) -> str | None:
        with self._lock:
            url = self.states.get(table, {}).get("page_url")
        return url if isinstance(url, str) else None


def _gaps(replay: SessionReplay) -> list[dict[str, Any]]:
    """The session's gap, if it has one: the seqs missing, and the game held back from its
    start (that game and every later one wait for them)."""
    game = replay.held_game()
    if game is None:
        return []
    return [
        {
            "table": replay.table,
            "session": replay.session,
            "missing": [list(run) for run in replay.missing()],
            "game": game,
            "waiting": len(replay.waiting),
        }
    ]


def _behind(state: dict[str, Any], replay: SessionReplay | None) -> int:
    """Log messages the table's latest state says it has numbered that this hall has not seen:
    in flight, or lost after the last one that came (a gap nothing follows yet)."""
    seq = state.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        return 0
    seen = 0 if replay is None else max([replay.next_seq - 1, *replay.waiting])
    return max(0, seq - seen)


def _decode(payload: bytes) -> dict[str, Any]:
    if len(payload) > MAX_PAYLOAD:
        raise InputError(f"{len(payload)} bytes; a league message is at most {MAX_PAYLOAD}")
    try:
        obj = strictjson.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise InputError(f"not valid JSON: {err}") from None
    if not isinstance(obj, dict):
        raise InputError(f"must be a JSON object, got {type(obj).__name__}")
    if obj.get("format") != FORMAT:
        raise InputError(
            f"message format {obj.get('format')!r}; this hall reads {FORMAT}", field="format"
        )
    return obj


def _session(obj: dict[str, Any]) -> str:
    session = obj.get("session")
    if not topics.valid_name(session):
        raise InputError(f"must be a session id, got {session!r}", field="session")
    assert isinstance(session, str)
    return session


def _seq(obj: dict[str, Any]) -> int:
    seq = obj.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
        raise InputError(f"must be a whole number >= 1, got {seq!r}", field="seq")
    return seq

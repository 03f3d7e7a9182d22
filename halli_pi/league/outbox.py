"""The outbox: league messages the broker has not acknowledged, in the table's SQLite file.

A row is written in its own transaction when the referee reports the event (after the store
has logged it), and deleted only when the broker's PUBACK for it arrives. A broker restart, a
Wi-Fi drop or a reboot therefore loses nothing; a row whose PUBACK was lost is sent again, with
the same (table, session, seq), and the hall drops the copy.

Its tables (``league_*``) live beside the store's but belong to this module: they are created
only when a table is configured for a league, never by the review commands, and the store's
migrations never see them.

The sequence number is per league session (a random id made when the publisher attaches), so
a database that is wiped, or a session id that repeats on another Pi, never collides in the
hall.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from halli_pi.errors import HalliPiError

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS league_sessions (
        session TEXT PRIMARY KEY,           -- random id: the hall's dedup key with table, seq
        store_session INTEGER,              -- the store's session id, for people
        next_seq INTEGER NOT NULL,
        started_at REAL NOT NULL
    )""",
    # kind 'log': one session-log event; 'state': the latest table state (only the newest
    # unsent one is kept: a state replaces the one before).
    """CREATE TABLE IF NOT EXISTS league_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('log', 'state')),
        topic TEXT NOT NULL,
        payload TEXT NOT NULL
    )""",
)


class OutboxError(HalliPiError):
    """The outbox cannot be written: the disk refused, or the file is not usable."""


@dataclass(frozen=True)
class Row:
    id: int
    kind: str
    topic: str
    payload: bytes


class Outbox:
    """Appends and acknowledges league messages. Thread-safe: the referee appends, the MQTT
    thread reads and deletes, each call under one lock on one connection."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            # check_same_thread off: the referee's thread appends, the sender's reads; the
            # lock below serialises them.
            self._conn = sqlite3.connect(self.path, timeout=10.0, check_same_thread=False)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            with self._conn:
                for statement in SCHEMA:
                    self._conn.execute(statement)
        except sqlite3.DatabaseError as err:
            raise OutboxError(f"{self.path}: cannot keep the league outbox here: {err}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def new_session(self, store_session: int | None) -> str:
        session = uuid.uuid4().hex
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT INTO league_sessions VALUES (?, ?, 1, ?)",
                (session, store_session, time.time()),
            )
        return session

    def append(
        self, session: str, topic: str, message: dict[str, Any], state: tuple[str, dict] | None
    ) -> int:
        """Queue one log message (its seq is assigned here, in the same transaction) and,
        optionally, the table's state after it. Returns the seq."""
        with self._lock:
            try:
                with self._conn:
                    (seq,) = self._conn.execute(
                        "UPDATE league_sessions SET next_seq=next_seq+1 WHERE session=?"
                        " RETURNING next_seq-1",
                        (session,),
                    ).fetchone()
                    message = {**message, "session": session, "seq": seq}
                    self._conn.execute(
                        "INSERT INTO league_outbox (session, seq, kind, topic, payload)"
                        " VALUES (?, ?, 'log', ?, ?)",
                        (session, seq, topic, _dumps(message)),
                    )
                    if state is not None:
                        state_topic, body = state
                        # Only the newest state matters to anyone: drop the older ones (one the
                        # MQTT client holds already goes out anyway; its PUBACK finds no row).
                        self._conn.execute(
                            "DELETE FROM league_outbox WHERE kind='state' AND topic=?",
                            (state_topic,),
                        )
                        self._conn.execute(
                            "INSERT INTO league_outbox (session, seq, kind, topic, payload)"
                            " VALUES (?, ?, 'state', ?, ?)",
                            (session, seq, state_topic, _dumps({**body, "seq": seq})),
                        )
            except sqlite3.Error as err:
                raise OutboxError(
                    f"{self.path}: the league outbox refused a write: {err}"
                ) from None
            return int(seq)

    def take(self, after: int, limit: int) -> list[Row]:
        """Rows after id `after`, oldest first, at most `limit`."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, kind, topic, payload FROM league_outbox WHERE id>? ORDER BY id LIMIT ?",
                (after, limit),
            ).fetchall()
        return [Row(r[0], r[1], r[2], r[3].encode()) for r in rows]

    def acknowledge(self, ids: list[int]) -> None:
        """The broker has these rows: forget them."""
        if not ids:
            return
        with self._lock:
            try:
                with self._conn:
                    self._conn.executemany(
                        "DELETE FROM league_outbox WHERE id=?", [(i,) for i in ids]
                    )
            except sqlite3.Error as err:
                # Kept, so sent again later: the hall drops the copy by its seq.
                raise OutboxError(f"{self.path}: cannot clear acknowledged rows: {err}") from None

    def numbered(self, session: str) -> int:
        """How many log messages `session` has numbered so far."""
        with self._lock:
            row = self._conn.execute(
                "SELECT next_seq - 1 FROM league_sessions WHERE session=?", (session,)
            ).fetchone()
        return 0 if row is None else int(row[0])

    def pending(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM league_outbox").fetchone()[0])


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), allow_nan=False)

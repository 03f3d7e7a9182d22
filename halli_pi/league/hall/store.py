"""The hall's own SQLite file: every league message received, once.

(table, session, seq) is the primary key, so a message the broker delivers twice (a PUBACK
lost, a table that restarted before clearing its outbox) is stored once: ``add`` says whether
it was new. Each message is committed before the MQTT client acknowledges it to the broker, so
a hall killed mid-game loses nothing the broker handed over.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from halli_pi.errors import HalliPiError

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS messages (
        tbl TEXT NOT NULL,
        session TEXT NOT NULL,
        seq INTEGER NOT NULL,
        payload TEXT NOT NULL,
        received_at REAL NOT NULL,
        PRIMARY KEY (tbl, session, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS states (
        tbl TEXT PRIMARY KEY,
        payload TEXT NOT NULL,
        received_at REAL NOT NULL
    )""",
    # What a person at the hall settled (PIN): a disputed ruling looked at and dismissed.
    """CREATE TABLE IF NOT EXISTS resolved (
        dispute TEXT PRIMARY KEY,
        note TEXT NOT NULL,
        at REAL NOT NULL
    )""",
)


class HallStoreError(HalliPiError):
    """The hall's database cannot be opened or written."""


class HallStore:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, timeout=10.0, check_same_thread=False)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            with self._conn:
                for statement in SCHEMA:
                    self._conn.execute(statement)
        except (OSError, sqlite3.DatabaseError) as err:
            raise HallStoreError(
                f"{self.path}: cannot use it as the hall's database: {err}"
            ) from None
        self._lock = threading.Lock()
        # Read once: the page asks on every refresh, and must answer even if the disk fails.
        self._resolved = dict(self._conn.execute("SELECT dispute, note FROM resolved").fetchall())

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def add(self, table: str, session: str, seq: int, payload: str) -> bool:
        """Keep one log message; False if it was here already (a duplicate). Raises
        HallStoreError when the disk refuses (then nothing of it was kept)."""
        try:
            with self._lock, self._conn:
                cur = self._conn.execute(
                    "INSERT OR IGNORE INTO messages VALUES (?, ?, ?, ?, ?)",
                    (table, session, seq, payload, time.time()),
                )
                return cur.rowcount == 1
        except sqlite3.Error as err:
            raise HallStoreError(f"{self.path}: cannot keep a message of {table}: {err}") from None

    def set_state(self, table: str, payload: str) -> None:
        try:
            with self._lock, self._conn:
                self._conn.execute(
                    "INSERT OR REPLACE INTO states VALUES (?, ?, ?)", (table, payload, time.time())
                )
        except sqlite3.Error as err:
            raise HallStoreError(f"{self.path}: cannot keep the state of {table}: {err}") from None

    def messages(self) -> Iterator[tuple[str, str, int, str]]:
        """Every stored message, by table, session and seq (for rebuilding at start)."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT tbl, session, seq, payload FROM messages ORDER BY tbl, session, seq"
            ).fetchall()
        yield from rows

    def states(self) -> list[tuple[str, str]]:
        with self._lock:
            return self._conn.execute("SELECT tbl, payload FROM states ORDER BY tbl").fetchall()

    def resolve(self, dispute: str, note: str) -> None:
        try:
            with self._lock, self._conn:
                self._conn.execute(
                    "INSERT OR REPLACE INTO resolved VALUES (?, ?, ?)", (dispute, note, time.time())
                )
                self._resolved[dispute] = note
        except sqlite3.Error as err:
            raise HallStoreError(f"{self.path}: cannot note the dispute settled: {err}") from None

    def resolved(self) -> dict[str, str]:
        with self._lock:
            return dict(self._resolved)

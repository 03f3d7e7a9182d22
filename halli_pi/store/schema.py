"""The log's tables, and the numbered migrations that build them.

Migrations are recorded in ``schema_migrations`` in the same transaction that applies them, so
a database is never half-migrated. Append migrations, never edit one that has shipped.
"""

from __future__ import annotations

from halli_pi.store.connection import StoreConnection, locked
from halli_pi.store.errors import StoreError
from halli_pi.store.records import now

MIGRATIONS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        1,
        "sessions, games, players, input events, rulings, rings, outcomes, corrections, evidence",
        (
            """CREATE TABLE sessions (
                id INTEGER PRIMARY KEY,
                started_at TEXT NOT NULL,          -- wall clock, for people only
                name TEXT,
                config TEXT,                       -- JSON: what the referee ran with
                ended_t REAL                       -- session clock at `end`, NULL while open
            )""",
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                number INTEGER NOT NULL,           -- 1, 2, ... within the session
                t REAL NOT NULL,
                ruleset TEXT NOT NULL,
                options TEXT NOT NULL,             -- JSON object
                players TEXT NOT NULL,             -- JSON list of names
                cards TEXT,                        -- JSON list, or NULL: the ruleset's deal
                UNIQUE (session_id, number)
            )""",
            """CREATE TABLE players (
                game_id INTEGER NOT NULL REFERENCES games(id),
                seat INTEGER NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (game_id, seat)
            )""",
            # seq orders every row of a session (inputs and outputs) as the referee recorded it.
            """CREATE TABLE input_events (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                game_id INTEGER REFERENCES games(id),
                seq INTEGER NOT NULL,
                t REAL NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('game', 'reveal', 'press', 'end')),
                seat INTEGER,
                data TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'final' CHECK (status IN ('final', 'corrected')),
                replaces INTEGER REFERENCES input_events(id)
            )""",
            "CREATE INDEX input_events_by_session ON input_events (session_id, seq)",
            """CREATE TABLE rulings (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                game_id INTEGER REFERENCES games(id),
                seq INTEGER NOT NULL,
                t REAL NOT NULL,
                winner INTEGER,
                status TEXT NOT NULL CHECK (status IN ('provisional', 'final', 'corrected')),
                reason TEXT NOT NULL DEFAULT '',
                data TEXT NOT NULL,
                evidence TEXT,                     -- path relative to the database's folder
                replaces INTEGER REFERENCES rulings(id),
                recorded_at TEXT NOT NULL
            )""",
            "CREATE INDEX rulings_by_session ON rulings (session_id, seq)",
            "CREATE INDEX rulings_by_game ON rulings (game_id)",
            # One row per press of a ruling, for stats without parsing JSON.
            """CREATE TABLE rings (
                ruling_id INTEGER NOT NULL REFERENCES rulings(id),
                idx INTEGER NOT NULL,
                seat INTEGER,
                player TEXT,
                t REAL NOT NULL,
                verdict TEXT NOT NULL,
                reaction_ms REAL,
                anticipation INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (ruling_id, idx)
            )""",
            """CREATE TABLE outcomes (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                game_id INTEGER REFERENCES games(id),
                seq INTEGER NOT NULL,
                t REAL NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('eliminated', 'game_over', 'notice')),
                seat INTEGER,
                data TEXT NOT NULL
            )""",
            "CREATE INDEX outcomes_by_session ON outcomes (session_id, seq)",
            """CREATE TABLE corrections (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                kind TEXT NOT NULL,                -- 'ruling', 'credit', 'input'
                target TEXT NOT NULL CHECK (target IN ('rulings', 'input_events')),
                original_id INTEGER NOT NULL,
                corrected_id INTEGER NOT NULL,
                original TEXT NOT NULL,
                corrected TEXT NOT NULL,
                reason TEXT NOT NULL,
                recorded_at TEXT NOT NULL
            )""",
            """CREATE TABLE evidence (
                id INTEGER PRIMARY KEY,
                ruling_id INTEGER NOT NULL REFERENCES rulings(id),
                press_t REAL,
                frame_t REAL,
                path TEXT NOT NULL
            )""",
            "CREATE INDEX evidence_by_ruling ON evidence (ruling_id)",
        ),
    ),
    (
        2,
        "rulings remember being provisional, and when they were settled",
        (
            # A confirmed provisional ruling is the same row, so without this the figure "how
            # often was a ruling provisional" would be lost on confirmation.
            "ALTER TABLE rulings ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE rulings ADD COLUMN settled_at TEXT",
            "UPDATE rulings SET provisional=1 WHERE status='provisional'",
        ),
    ),
    (
        3,
        "Hawaiki sessions: its input events (deal, play, announce, ...) and its round ends",
        # SQLite cannot change a CHECK in place: each table is rebuilt and takes the old one's
        # name (sqlite.org/lang_altertable.html: foreign keys off, checked before the commit).
        (
            """CREATE TABLE input_events_v3 (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                game_id INTEGER REFERENCES games(id),
                seq INTEGER NOT NULL,
                t REAL NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('game', 'reveal', 'press', 'end', 'deal',
                    'announce', 'play', 'retract', 'designate', 'merci', 'pass', 'draw',
                    'count', 'reshuffle')),
                seat INTEGER,
                data TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'final' CHECK (status IN ('final', 'corrected')),
                replaces INTEGER REFERENCES input_events(id)
            )""",
            "INSERT INTO input_events_v3 SELECT id, session_id, game_id, seq, t, type, seat,"
            " data, status, replaces FROM input_events",
            "DROP TABLE input_events",
            "ALTER TABLE input_events_v3 RENAME TO input_events",
            "CREATE INDEX input_events_by_session ON input_events (session_id, seq)",
            """CREATE TABLE outcomes_v3 (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions(id),
                game_id INTEGER REFERENCES games(id),
                seq INTEGER NOT NULL,
                t REAL NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('eliminated', 'game_over', 'notice',
                    'round_over')),
                seat INTEGER,
                data TEXT NOT NULL
            )""",
            "INSERT INTO outcomes_v3 SELECT id, session_id, game_id, seq, t, type, seat, data"
            " FROM outcomes",
            "DROP TABLE outcomes",
            "ALTER TABLE outcomes_v3 RENAME TO outcomes",
            "CREATE INDEX outcomes_by_session ON outcomes (session_id, seq)",
        ),
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


class SchemaMixin(StoreConnection):
    """Opening a store checks (read-only) or migrates (writer) its schema."""

    def _check_schema(self) -> None:
        """A read-only open changes nothing: a file without our tables is refused, not given
        them, and one that needs migrating is left for a writer to migrate."""
        known = self._conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'"
        ).fetchone()
        if known is None:
            raise StoreError(f"{self.path}: not a halli-pi database (it has no halli-pi tables)")
        current = self.schema_version()
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: schema version {current} is newer than this program's "
                f"{SCHEMA_VERSION}; upgrade halli-pi"
            )
        if current < SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: schema version {current} is older than this program's "
                f"{SCHEMA_VERSION}; `halli-pi run` (or `demo --db`) upgrades it, then read it"
            )

    def _migrate(self) -> None:
        with self.transaction() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
        current = self.schema_version()
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: schema version {current} is newer than this program's "
                f"{SCHEMA_VERSION}; upgrade halli-pi"
            )
        if current == SCHEMA_VERSION:
            return
        # A table rebuilt under a new name would break the rows that point into it while the
        # old one is dropped; the keys are checked as a whole before each migration commits.
        # (The pragma is a no-op inside a transaction: it is set around them.)
        self._conn.execute("PRAGMA foreign_keys=OFF")
        try:
            for version, name, statements in MIGRATIONS:
                if version <= current:
                    continue
                with self.transaction() as db:
                    # Another process (the service, a review command) may have just applied
                    # it: BEGIN IMMEDIATE made us wait for it, so look again before applying.
                    if self.schema_version() >= version:
                        continue
                    for stmt in statements:
                        db.execute(stmt)
                    broken = db.execute("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise StoreError(
                            f"{self.path}: migration {version} would leave {len(broken)} "
                            f"row(s) pointing nowhere (first: {tuple(broken[0])}); not applied"
                        )
                    db.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES (?, ?, ?)",
                        (version, name, now()),
                    )
        finally:
            self._conn.execute("PRAGMA foreign_keys=ON")

    @locked
    def schema_version(self) -> int:
        row = self._conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    @locked
    def migrations(self) -> list[tuple[int, str, str]]:
        rows = self._conn.execute(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        )
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

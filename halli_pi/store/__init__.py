"""The event log: every session, game, input event and ruling in one SQLite file.

The referee writes here what it saw and what it decided; ``halli-pi log/show/export/stats`` read
it back. Rules of the house:

- stdlib ``sqlite3`` in WAL mode, so the live web page and the review commands can read while
  the referee writes.
- Each ruling is committed in its own transaction before ``record_ruling`` returns its id, and
  the referee shows a verdict only after that: a hard kill never loses a ruling a person saw.
- Nothing is overwritten. A provisional ruling that vision later corrects, a misread card, a
  shared-bell press credited afterwards: the original row stays (status ``corrected``), the new
  row says what it ``replaces``, and a ``corrections`` row keeps both side by side. The session
  log (shared/SPEC.md §1) that ``export_session`` writes holds the rows still standing.
- Schema migrations are numbered and recorded in ``schema_migrations`` in the same transaction
  that applies them, so a database is never half-migrated.

Events may be given as the engine's event objects (anything with ``to_json()``) or as SPEC JSON
dicts; the store keeps the JSON text as given, so an export replays byte-for-byte the same values.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from halli_pi.errors import HalliPiError, InputError

R = TypeVar("R")
DB_NAME = "halli-pi.db"
EVIDENCE_DIR = "evidence"
INPUT_TYPES = frozenset({"game", "reveal", "press", "end"})
OUTCOME_TYPES = frozenset({"eliminated", "game_over", "notice"})
# What `export --outputs` writes: the SPEC's output events. Notices are kept in the database
# for people, but they are not a SPEC type, so other readers of the log never see them.
SPEC_OUTPUT_TYPES = frozenset({"ruling", "eliminated", "game_over"})


class StoreError(HalliPiError):
    """The database cannot be used: missing, not ours, newer than this program, misused."""


class StoreWriteError(StoreError):
    """A write the disk refused: full, read-only, or gone. Nothing of it was committed."""


class NotFound(InputError):
    """A session, game or ruling id that is not in the database."""


class RulingStatus(StrEnum):
    PROVISIONAL = "provisional"  # ruled while a zone was occluded or settling; may change
    FINAL = "final"
    CORRECTED = "corrected"  # superseded by a later row that ``replaces`` it


# ---------------------------------------------------------------------------------------------
# Where the data lives


def data_dir() -> Path:
    """The data directory: HALLI_PI_DATA_DIR, else systemd's StateDirectory, else the user's.

    systemd sets ``STATE_DIRECTORY`` (``/var/lib/halli-pi`` for the service; a colon-separated
    list when the unit names several) so the service needs no path in its config.
    """
    explicit = os.environ.get("HALLI_PI_DATA_DIR")
    if explicit:
        return Path(explicit)
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    import platformdirs

    return Path(platformdirs.user_data_dir("halli-pi"))


def default_db_path() -> Path:
    return data_dir() / DB_NAME


SERVICE_DATA_DIR = Path("/var/lib/halli-pi")  # systemd's StateDirectory=halli-pi


def review_db_path() -> Path:
    """The database the review commands read by default: the data directory's, or, when that
    has none and no variable says otherwise, the service's (a person at the Pi reviewing the
    evening the service recorded)."""
    path = default_db_path()
    if path.exists() or os.environ.get("HALLI_PI_DATA_DIR") or os.environ.get("STATE_DIRECTORY"):
        return path
    service = SERVICE_DATA_DIR / DB_NAME
    return service if service.exists() else path


# ---------------------------------------------------------------------------------------------
# Schema: append migrations, never edit one that has shipped.

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
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


# ---------------------------------------------------------------------------------------------
# Rows handed back to readers


@dataclass(frozen=True, slots=True)
class SessionInfo:
    id: int
    started_at: str
    name: str | None
    ended_t: float | None
    games: int
    rulings: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    session_id: int
    number: int
    t: float
    ruleset: str
    options: dict[str, Any]
    players: tuple[str, ...]
    rulings: int
    over: bool


@dataclass(frozen=True, slots=True)
class RulingRecord:
    id: int
    session_id: int
    game_id: int | None
    game_number: int | None
    t: float
    winner: int | None
    status: RulingStatus
    reason: str
    data: dict[str, Any]
    evidence: tuple[Path, ...]  # absolute paths, the main image first
    replaces: int | None
    replaced_by: int | None
    players: tuple[str, ...]
    was_provisional: bool = False  # ruled provisionally at first (then confirmed or corrected)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "someone (shared bell)"
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return f"seat {seat}"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    rings: int
    correct: int
    wrong: int
    tie: int
    void: int
    anticipations: int
    mean_reaction_ms: float | None
    median_reaction_ms: float | None
    fastest_ms: float | None
    fastest_ruling: int | None


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    player: str
    cards: int | None
    winner: bool


# ---------------------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _as_json(event: Any) -> dict[str, Any]:
    if isinstance(event, Mapping):
        return dict(event)
    to_json = getattr(event, "to_json", None)
    if to_json is None:
        raise StoreError(f"cannot record {event!r}: neither a dict nor an event with to_json()")
    return to_json()


def _locked(method: Callable[..., R]) -> Callable[..., R]:
    """Readers take the store's lock too: one connection must not read mid-way through another
    thread's transaction."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


def _dumps(obj: Any) -> str:
    # repr-exact floats: t must come back identical for replay to match. NaN and infinities are
    # refused: a bare NaN in the log would make every export unreadable as JSON.
    try:
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except ValueError as err:
        raise StoreError(f"cannot record {obj!r}: {err} (numbers must be finite)") from None


class WalSyncer:
    """fsync the WAL file shortly after commits, on a thread of its own.

    With ``synchronous=NORMAL`` a WAL commit is in the OS's hands once it returns: a killed
    process loses nothing. To survive a pulled plug too without paying an fsync (milliseconds
    on an SD card) between a press and its verdict light, this flushes the WAL ``delay``
    seconds after a commit, one fsync for every commit in that span. fsync on any descriptor
    of a file flushes all of its written pages.
    """

    def __init__(self, wal: Path, delay: float = 0.25) -> None:
        self.wal = wal
        self.delay = delay
        self.syncs = 0
        self._pending = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="halli-pi-wal-sync", daemon=True)
        self._thread.start()

    def poke(self) -> None:
        """A commit happened: sync soon."""
        self._pending.set()

    def _run(self) -> None:
        while True:
            self._pending.wait()
            if self._stopping:
                return
            time.sleep(self.delay)  # gather the commits of a burst into one fsync
            self._pending.clear()  # commits after this point get another round
            self.sync()

    def sync(self) -> None:
        try:
            fd = os.open(self.wal, os.O_RDONLY)
        except OSError:
            return  # no WAL yet, or it was checkpointed away: nothing to flush
        try:
            os.fsync(fd)
            self.syncs += 1
        except OSError:
            pass
        finally:
            os.close(fd)

    def close(self) -> None:
        self._stopping = True
        self._pending.set()
        self._thread.join(timeout=2.0)
        self.sync()


def _check_path(path: Path, *, create: bool, readonly: bool) -> None:
    """Say plainly what is wrong with a --db path before SQLite says it obscurely."""
    if path.is_dir():
        raise StoreError(f"{path}: is a folder; give the database file (e.g. {path / DB_NAME})")
    if not path.exists():
        if not create:
            raise StoreError(f"no database at {path} (nothing recorded yet, or pass --db PATH)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                f"{path.parent}: cannot create the data folder ({err.strerror or err})"
            ) from None
    if readonly:
        return
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        # SQLite needs the folder too: the WAL and its index live beside the file.
        raise StoreError(f"{folder}: the folder is read-only; the referee cannot record there")
    if path.exists() and not os.access(path, os.W_OK):
        raise StoreError(f"{path}: the database is read-only; the referee cannot record there")


def _connect(path: Path | None, *, readonly: bool) -> tuple[sqlite3.Connection, Path | None]:
    """A connection, and a scratch folder to remove on close (or None)."""
    # isolation_level=None: we say BEGIN/COMMIT ourselves, so a transaction means what it says.
    kwargs: dict[str, Any] = {"isolation_level": None, "check_same_thread": False, "timeout": 10.0}
    if path is None:
        return sqlite3.connect(":memory:", **kwargs), None
    if not readonly:
        return sqlite3.connect(str(path), **kwargs), None
    if os.access(path.parent, os.W_OK | os.X_OK):
        # WAL lets this read-only connection see every commit while the referee writes on.
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, **kwargs), None
    # A folder we may not write to (a copy on a read-only card, another user's data): SQLite
    # cannot make the WAL index there. Nobody can be writing there either, so the file is read
    # as immutable; when a WAL with commits not yet in the file lies beside it, the two are
    # read from a scratch copy instead, so no ruling in it is missed.
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        import shutil
        import tempfile

        scratch = Path(tempfile.mkdtemp(prefix="halli-pi-read-"))
        shutil.copy2(path, scratch / path.name)
        shutil.copy2(wal, scratch / wal.name)
        uri = (scratch / path.name).as_uri()
        return sqlite3.connect(f"{uri}?mode=ro", uri=True, **kwargs), scratch
    uri = path.resolve().as_uri()
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, **kwargs), None


def _open_failure(path: Path | None, err: sqlite3.DatabaseError) -> str:
    text = str(err)
    if "readonly" in text or "read-only" in text:
        return f"{path}: the database is read-only; the referee cannot record there ({text})"
    if "disk is full" in text or "disk I/O" in text:
        return f"{path}: cannot write the database: {text}"
    return f"{path}: not a halli-pi database ({text})"


class Store:
    """The SQLite event log. ``Store(path)`` opens or creates a file; ``Store.memory()`` for tests.

    Durability, for a ruling ``record_ruling`` has returned:
    - always: a killed or crashed process loses nothing (WAL, ``synchronous=NORMAL``);
    - ``durable=True`` (default, the service): a pulled plug loses at most the last
      ``sync_delay`` seconds, flushed by a ``WalSyncer`` thread off the verdict's path;
    - ``sync="full"``: every commit waits for the card (``synchronous=FULL``; 4 ms median and
      13 ms p99 on a VM disk, more on an SD card: too slow between a press and its light).

    One Store may be shared by threads (a lock serialises it); a reader in another thread or
    process can also open its own Store on the same file, since WAL lets it read while the
    referee writes.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        create: bool = True,
        durable: bool = True,
        sync: str | None = None,
        sync_delay: float = 0.25,
        readonly: bool = False,
    ) -> None:
        self._memory = str(path) == ":memory:"
        self.path: Path | None = None if self._memory else Path(path)
        self.readonly = readonly and not self._memory
        sync = sync or ("soon" if durable else "normal")
        if sync not in ("full", "soon", "normal"):
            raise StoreError(f"sync must be 'full', 'soon' or 'normal', got {sync!r}")
        if self.path is not None:
            _check_path(self.path, create=create and not self.readonly, readonly=self.readonly)
        self._lock = threading.RLock()  # one writer at a time within this process
        self._depth = 0
        self._owner: int | None = None
        self._seq: dict[int, int] = {}
        self._game: dict[int, tuple[int, tuple[str, ...]] | None] = {}
        self._syncer: WalSyncer | None = None
        self._scratch: Path | None = None
        try:
            self._conn, self._scratch = _connect(self.path, readonly=self.readonly)
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: cannot open the database ({err})") from None
        self._conn.row_factory = sqlite3.Row
        try:
            if self.readonly:
                self._check_schema()
            else:
                if not self._memory:
                    mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                    if mode.lower() != "wal":
                        raise StoreError(f"{self.path}: cannot use WAL mode (got {mode!r})")
                self._conn.execute(f"PRAGMA synchronous={'FULL' if sync == 'full' else 'NORMAL'}")
                self._conn.execute("PRAGMA foreign_keys=ON")
                self._migrate()
        except sqlite3.DatabaseError as err:
            self._close_connection()
            raise StoreError(_open_failure(self.path, err)) from None
        except BaseException:
            self._close_connection()
            raise
        if sync == "soon" and self.path is not None and not self.readonly:
            self._syncer = WalSyncer(self.path.with_name(self.path.name + "-wal"), sync_delay)

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

    def open_reader(self) -> Store:
        """A read-only Store on the same file, with its own connection and lock: the page's
        history and stats read there, so a long query never holds up a ruling being recorded
        (WAL lets a reader see the last commit while the writer goes on). A memory store has
        no second connection to offer and returns itself."""
        if self.path is None:
            return self
        return Store(self.path, readonly=True)

    @classmethod
    def memory(cls) -> Store:
        return cls(":memory:", durable=False)

    @classmethod
    def open_default(cls, *, create: bool = True) -> Store:
        return cls(default_db_path(), create=create)

    # -- life -------------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._syncer is not None:
                self._syncer.close()
                self._syncer = None
            self._close_connection()

    def _close_connection(self) -> None:
        self._conn.close()
        if self._scratch is not None:
            import shutil

            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def evidence_dir(self) -> Path:
        """Where evidence JPEGs go: ``evidence/<database file name>/`` beside the database, so
        two databases in one folder never write the same ``session-0001`` photos (a temp folder
        per process for a memory store). Rows keep paths relative to the database's folder, so
        photos recorded before this layout are still found where they are."""
        if self.path is None:
            import tempfile

            return Path(tempfile.gettempdir()) / f"halli-pi-memory-{os.getpid()}" / EVIDENCE_DIR
        return self.path.parent / EVIDENCE_DIR / self.path.name

    # -- transactions -----------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing. Nested uses become savepoints inside the outer transaction.

        A write the disk refuses (full, read-only, gone) rolls back and raises StoreWriteError
        naming the file: the caller keeps what it meant to write and can say so."""
        with self._lock:
            if self._depth == 0:
                self._write("BEGIN IMMEDIATE")
                begin, commit, rollback = None, "COMMIT", "ROLLBACK"
            else:
                name = f"sp{self._depth}"
                begin = f"SAVEPOINT {name}"
                commit, rollback = f"RELEASE {name}", f"ROLLBACK TO {name}; RELEASE {name}"
                self._write(begin)
            self._depth += 1
            self._owner = threading.get_ident()
            try:
                yield self._conn
                if self._depth == 1:
                    self._write(commit)
            except BaseException as err:
                self._depth -= 1
                self._roll_back(rollback)
                if self._depth == 0:
                    # Cached seq/game counters may have run ahead of what was rolled back.
                    self._seq.clear()
                    self._game.clear()
                if isinstance(err, sqlite3.OperationalError):
                    raise self._write_error(err) from None
                raise
            else:
                self._depth -= 1
                if self._depth > 0:
                    self._write(commit)
                elif self._syncer is not None:
                    self._syncer.poke()

    def _write(self, statement: str) -> None:
        try:
            self._conn.execute(statement)
        except sqlite3.OperationalError as err:
            raise self._write_error(err) from None

    def _roll_back(self, rollback: str) -> None:
        for stmt in rollback.split("; "):
            try:
                self._conn.execute(stmt)
            except sqlite3.Error:
                # SQLite may have rolled back already (a full disk ends the transaction itself).
                break

    def _write_error(self, err: sqlite3.OperationalError) -> StoreWriteError:
        where = self.path or "the memory database"
        return StoreWriteError(f"{where}: cannot record: {err}")

    @property
    def in_transaction(self) -> bool:
        """True inside a transaction opened by this thread."""
        return self._depth > 0 and self._owner == threading.get_ident()

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
        for version, name, statements in MIGRATIONS:
            if version <= current:
                continue
            with self.transaction() as db:
                # Another process (the service, a review command) may have just applied it:
                # BEGIN IMMEDIATE made us wait for it, so look again before applying.
                if self.schema_version() >= version:
                    continue
                for stmt in statements:
                    db.execute(stmt)
                db.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (version, name, _now()),
                )

    @_locked
    def schema_version(self) -> int:
        row = self._conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    @_locked
    def migrations(self) -> list[tuple[int, str, str]]:
        rows = self._conn.execute(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        )
        return [tuple(r) for r in rows]

    # -- writing ----------------------------------------------------------------------------

    def begin_session(
        self, *, name: str | None = None, config: Mapping[str, Any] | None = None
    ) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO sessions (started_at, name, config) VALUES (?, ?, ?)",
                (_now(), name, None if config is None else _dumps(dict(config))),
            )
            sid = int(cur.lastrowid)
        self._seq[sid] = 0
        self._game[sid] = None
        return sid

    def _next_seq(self, session_id: int) -> int:
        if session_id not in self._seq:
            row = self._conn.execute(
                "SELECT MAX(m) FROM (SELECT MAX(seq) AS m FROM input_events WHERE session_id=?1"
                " UNION ALL SELECT MAX(seq) FROM rulings WHERE session_id=?1"
                " UNION ALL SELECT MAX(seq) FROM outcomes WHERE session_id=?1)",
                (session_id,),
            ).fetchone()
            self._seq[session_id] = int(row[0] or 0)
        self._seq[session_id] += 1
        return self._seq[session_id]

    def _current_game(self, session_id: int) -> tuple[int, tuple[str, ...]] | None:
        if session_id not in self._game:
            self._require_session(session_id)
            row = self._conn.execute(
                "SELECT id, players FROM games WHERE session_id=? ORDER BY number DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            self._game[session_id] = (
                None if row is None else (row["id"], tuple(json.loads(row["players"])))
            )
        return self._game[session_id]

    def _require_session(self, session_id: int) -> None:
        row = self._conn.execute("SELECT 1 FROM sessions WHERE id=?", (session_id,)).fetchone()
        if row is None:
            raise NotFound(f"no session {session_id} in the database")

    def record_input(self, session_id: int, event: Any) -> int:
        """Record one input event (SPEC §1); a ``game`` event opens a new game. Returns its id."""
        with self.transaction():
            return self._insert_input(session_id, _as_json(event))

    def record_inputs(self, session_id: int, events: Iterable[Any]) -> list[int]:
        """Several input events in one transaction (an import, a simulated game)."""
        with self.transaction():
            return [self._insert_input(session_id, _as_json(e)) for e in events]

    def _insert_input(self, session_id: int, obj: dict[str, Any], replaces: int | None = None):
        kind = obj.get("type")
        if kind not in INPUT_TYPES:
            raise StoreError(f"not an input event type: {kind!r} in {obj!r}")
        t = float(obj["t"])
        game = self._current_game(session_id)
        db = self._conn
        if kind == "game" and replaces is None:
            players = tuple(str(p) for p in obj["players"])
            number = db.execute(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE session_id=?",
                (session_id,),
            ).fetchone()[0]
            cur = db.execute(
                "INSERT INTO games (session_id, number, t, ruleset, options, players, cards)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    number,
                    t,
                    str(obj["ruleset"]),
                    _dumps(obj.get("options") or {}),
                    _dumps(list(players)),
                    None if obj.get("cards") is None else _dumps(list(obj["cards"])),
                ),
            )
            game = (int(cur.lastrowid), players)
            db.executemany(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(game[0], seat, name) for seat, name in enumerate(players)],
            )
            self._game[session_id] = game
        if replaces is not None:
            old = db.execute(
                "SELECT seq, game_id FROM input_events WHERE id=?", (replaces,)
            ).fetchone()
            seq, game_id = old["seq"], old["game_id"]
        else:
            seq, game_id = self._next_seq(session_id), None if game is None else game[0]
        cur = db.execute(
            "INSERT INTO input_events (session_id, game_id, seq, t, type, seat, data, replaces)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, game_id, seq, t, kind, obj.get("seat"), _dumps(obj), replaces),
        )
        if kind == "end":
            db.execute("UPDATE sessions SET ended_t=? WHERE id=?", (t, session_id))
        return int(cur.lastrowid)

    def record_ruling(
        self,
        session_id: int,
        ruling: Any,
        *,
        status: RulingStatus | str = RulingStatus.FINAL,
        evidence: str | Path | None = None,
    ) -> int:
        """Commit one ruling in its own transaction and return its id.

        Show the verdict only after this returns: then no ruling a person saw can be lost.
        """
        if self.in_transaction:
            raise StoreError("record_ruling commits on its own; call it outside a transaction")
        status = RulingStatus(status)
        if status is RulingStatus.CORRECTED:
            raise StoreError("a new ruling cannot be recorded as corrected; use correct_ruling")
        with self.transaction():
            return self._insert_ruling(session_id, _as_json(ruling), status, evidence)

    def _insert_ruling(
        self,
        session_id: int,
        obj: dict[str, Any],
        status: RulingStatus,
        evidence: str | Path | None,
        replaces: int | None = None,
    ) -> int:
        if obj.get("type", "ruling") != "ruling":
            raise StoreError(f"not a ruling: {obj!r}")
        obj = {"type": "ruling", **obj}
        db = self._conn
        if replaces is not None:
            old = db.execute("SELECT seq, game_id FROM rulings WHERE id=?", (replaces,)).fetchone()
            seq, game_id = old["seq"], old["game_id"]
            players = self._players(game_id)
        else:
            game = self._current_game(session_id)
            seq = self._next_seq(session_id)
            game_id, players = (None, ()) if game is None else game
        cur = db.execute(
            "INSERT INTO rulings (session_id, game_id, seq, t, winner, status, reason, data,"
            " evidence, replaces, recorded_at, provisional)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                game_id,
                seq,
                float(obj["t"]),
                obj.get("winner"),
                str(status),
                str(obj.get("reason") or ""),
                _dumps(obj),
                None if evidence is None else self._rel(evidence),
                replaces,
                _now(),
                int(status is RulingStatus.PROVISIONAL),
            ),
        )
        rid = int(cur.lastrowid)
        rows = []
        for idx, p in enumerate(obj.get("presses") or ()):
            seat = p.get("seat")
            name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
            rows.append(
                (
                    rid,
                    idx,
                    seat,
                    name,
                    float(p["t"]),
                    str(p["verdict"]),
                    p.get("reaction_ms"),
                    int(bool(p.get("anticipation"))),
                )
            )
        db.executemany(
            "INSERT INTO rings (ruling_id, idx, seat, player, t, verdict, reaction_ms,"
            " anticipation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        return rid

    def _players(self, game_id: int | None) -> tuple[str, ...]:
        if game_id is None:
            return ()
        rows = self._conn.execute(
            "SELECT name FROM players WHERE game_id=? ORDER BY seat", (game_id,)
        )
        return tuple(r[0] for r in rows)

    def confirm_ruling(self, ruling_id: int) -> None:
        """Vision caught up and agrees: a provisional ruling becomes final (same row)."""
        with self.transaction() as db:
            row = self._ruling_row(ruling_id)
            if row["status"] == RulingStatus.CORRECTED:
                raise StoreError(f"ruling {ruling_id} was corrected; confirm its replacement")
            db.execute(
                "UPDATE rulings SET status='final', settled_at=COALESCE(settled_at, ?) WHERE id=?",
                (_now(), ruling_id),
            )

    def correct_ruling(
        self,
        ruling_id: int,
        ruling: Any,
        *,
        reason: str,
        kind: str = "ruling",
        evidence: str | Path | None = None,
    ) -> int:
        """Replace a ruling (vision caught up and disagrees; a press credited by hand).

        The original stays with status ``corrected``; the new one is final, takes the original's
        place in the log, and a ``corrections`` row keeps both. Returns the new ruling's id.
        """
        if self.in_transaction:
            raise StoreError("correct_ruling commits on its own; call it outside a transaction")
        obj = _as_json(ruling)
        with self.transaction() as db:
            old = self._ruling_row(ruling_id)
            if old["status"] == RulingStatus.CORRECTED:
                raise StoreError(f"ruling {ruling_id} was already corrected")
            if evidence is None and old["evidence"] is not None:
                evidence = self._abs(old["evidence"])
            new_id = self._insert_ruling(
                old["session_id"], obj, RulingStatus.FINAL, evidence, replaces=ruling_id
            )
            db.execute(
                "UPDATE rulings SET status='corrected', settled_at=? WHERE id=?",
                (_now(), ruling_id),
            )
            self._insert_correction(
                old["session_id"], kind, "rulings", ruling_id, new_id, old["data"], obj, reason
            )
            return new_id

    def credit_press(self, ruling_id: int, ruling: Any, *, reason: str) -> int:
        """A shared bell's unattributed press credited by a person: a correction of kind credit."""
        return self.correct_ruling(ruling_id, ruling, reason=reason, kind="credit")

    def correct_input(self, event_id: int, event: Any, *, reason: str) -> int:
        """A misread input (a card read wrong): the original stays, the correction takes its
        place in the log."""
        obj = _as_json(event)
        with self.transaction() as db:
            old = db.execute("SELECT * FROM input_events WHERE id=?", (event_id,)).fetchone()
            if old is None:
                raise NotFound(f"no input event {event_id} in the database")
            if old["status"] == "corrected":
                raise StoreError(f"input event {event_id} was already corrected")
            if obj.get("type") != old["type"]:
                raise StoreError(
                    f"a correction keeps the event's type: {old['type']!r}, got {obj.get('type')!r}"
                )
            new_id = self._insert_input(old["session_id"], obj, replaces=event_id)
            db.execute("UPDATE input_events SET status='corrected' WHERE id=?", (event_id,))
            self._insert_correction(
                old["session_id"],
                "input",
                "input_events",
                event_id,
                new_id,
                old["data"],
                obj,
                reason,
            )
            return new_id

    def _insert_correction(
        self,
        session_id: int,
        kind: str,
        target: str,
        original_id: int,
        corrected_id: int,
        original: str,
        corrected: dict[str, Any],
        reason: str,
    ) -> None:
        self._conn.execute(
            "INSERT INTO corrections (session_id, kind, target, original_id, corrected_id,"
            " original, corrected, reason, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                kind,
                target,
                original_id,
                corrected_id,
                original,
                _dumps(corrected),
                reason,
                _now(),
            ),
        )

    def record_output(self, session_id: int, event: Any) -> int:
        """Record an ``eliminated``, ``game_over`` or ``notice``; a ``ruling`` goes to
        record_ruling (which it is forwarded to, as final)."""
        obj = _as_json(event)
        kind = obj.get("type")
        if kind == "ruling":
            return self.record_ruling(session_id, obj)
        if kind not in OUTCOME_TYPES:
            raise StoreError(f"not an output event type: {kind!r} in {obj!r}")
        with self.transaction() as db:
            game = self._current_game(session_id)
            cur = db.execute(
                "INSERT INTO outcomes (session_id, game_id, seq, t, type, seat, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    None if game is None else game[0],
                    self._next_seq(session_id),
                    float(obj["t"]),
                    kind,
                    obj.get("seat"),
                    _dumps(obj),
                ),
            )
            return int(cur.lastrowid)

    def record_step(self, session_id: int, event: Any, outputs: Iterable[Any]) -> list[int]:
        """Record one input event and what the engine answered to it (``engine.feed(event)``).

        Outputs are recorded one by one, each ruling committed on its own. For a ``game`` event
        they go first: what a new game's start produces (a burst closed, ``game_over``) belongs
        to the game it ends. Returns the ids of the outputs, in order.
        """
        outputs = list(outputs)
        is_game = _as_json(event).get("type") == "game"
        ids: list[int] = []
        if not is_game:
            self.record_input(session_id, event)
        ids += [self.record_output(session_id, out) for out in outputs]
        if is_game:
            self.record_input(session_id, event)
        return ids

    def add_evidence(
        self,
        ruling_id: int,
        path: str | Path,
        *,
        press_t: float | None = None,
        frame_t: float | None = None,
    ) -> None:
        """Link an evidence image to a ruling. The first one linked is the ruling's main image."""
        with self.transaction() as db:
            row = self._ruling_row(ruling_id)
            rel = self._rel(path)
            db.execute(
                "INSERT INTO evidence (ruling_id, press_t, frame_t, path) VALUES (?, ?, ?, ?)",
                (ruling_id, press_t, frame_t, rel),
            )
            if row["evidence"] is None:
                db.execute("UPDATE rulings SET evidence=? WHERE id=?", (rel, ruling_id))

    def _rel(self, path: str | Path) -> str:
        # Relative to the database's folder, so a copied data directory still finds its images.
        p = Path(path)
        if self.path is not None:
            try:
                return str(p.resolve().relative_to(self.path.parent.resolve()))
            except ValueError:
                pass
        return str(p)

    def _abs(self, stored: str) -> Path:
        p = Path(stored)
        if p.is_absolute() or self.path is None:
            return p
        return self.path.parent / p

    # -- reading ----------------------------------------------------------------------------

    def _ruling_row(self, ruling_id: int) -> sqlite3.Row:
        row = self._conn.execute("SELECT * FROM rulings WHERE id=?", (ruling_id,)).fetchone()
        if row is None:
            raise NotFound(f"no ruling {ruling_id} in the database")
        return row

    @_locked
    def sessions(self) -> list[SessionInfo]:
        rows = self._conn.execute(
            "SELECT s.id, s.started_at, s.name, s.ended_t,"
            " (SELECT COUNT(*) FROM games g WHERE g.session_id=s.id) AS games,"
            " (SELECT COUNT(*) FROM rulings r WHERE r.session_id=s.id"
            "   AND r.status!='corrected') AS rulings"
            " FROM sessions s ORDER BY s.id"
        )
        return [SessionInfo(**dict(r)) for r in rows]

    @_locked
    def session(self, session_id: int) -> SessionInfo:
        for s in self.sessions():
            if s.id == session_id:
                return s
        raise NotFound(f"no session {session_id} in the database")

    _GAME_SELECT = (
        "SELECT g.*, (SELECT COUNT(*) FROM rulings r WHERE r.game_id=g.id"
        "   AND r.status!='corrected') AS n_rulings,"
        " EXISTS (SELECT 1 FROM outcomes o WHERE o.game_id=g.id AND o.type='game_over')"
        "   AS over FROM games g"
    )

    @staticmethod
    def _game_from_row(r: sqlite3.Row) -> GameInfo:
        return GameInfo(
            id=r["id"],
            session_id=r["session_id"],
            number=r["number"],
            t=r["t"],
            ruleset=r["ruleset"],
            options=json.loads(r["options"]),
            players=tuple(json.loads(r["players"])),
            rulings=r["n_rulings"],
            over=bool(r["over"]),
        )

    def _game_info(self, game_id: int) -> GameInfo:
        row = self._conn.execute(f"{self._GAME_SELECT} WHERE g.id=?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id} in the database")
        return self._game_from_row(row)

    @_locked
    def games(self, session_id: int | None = None) -> list[GameInfo]:
        if session_id is not None:
            self._require_session(session_id)
        rows = self._conn.execute(
            f"{self._GAME_SELECT} WHERE (?1 IS NULL OR g.session_id=?1) ORDER BY g.id",
            (session_id,),
        )
        return [self._game_from_row(r) for r in rows]

    @_locked
    def game(self, session_id: int, number: int) -> GameInfo:
        self._require_session(session_id)
        row = self._conn.execute(
            "SELECT id FROM games WHERE session_id=? AND number=?", (session_id, number)
        ).fetchone()
        if row is None:
            raise NotFound(f"session {session_id} has no game {number}")
        return self._game_info(row[0])

    @_locked
    def rulings(
        self,
        *,
        session_id: int | None = None,
        game_id: int | None = None,
        include_corrected: bool = True,
    ) -> list[RulingRecord]:
        rows = self._conn.execute(
            "SELECT id FROM rulings WHERE (?1 IS NULL OR session_id=?1)"
            " AND (?2 IS NULL OR game_id=?2) AND (?3 OR status!='corrected') ORDER BY seq, id",
            (session_id, game_id, int(include_corrected)),
        )
        return [self.ruling(r[0]) for r in rows.fetchall()]

    @_locked
    def ruling(self, ruling_id: int) -> RulingRecord:
        row = self._ruling_row(ruling_id)
        number = None
        if row["game_id"] is not None:
            number = self._conn.execute(
                "SELECT number FROM games WHERE id=?", (row["game_id"],)
            ).fetchone()[0]
        later = self._conn.execute(
            "SELECT id FROM rulings WHERE replaces=? ORDER BY id DESC LIMIT 1", (ruling_id,)
        ).fetchone()
        # A correction keeps showing the images of the ruling(s) it replaces.
        chain = [ruling_id]
        back = row["replaces"]
        while back is not None and back not in chain:
            chain.append(back)
            back = self._ruling_row(back)["replaces"]
        paths = [row["evidence"]] if row["evidence"] else []
        for rid in chain:
            for (p,) in self._conn.execute(
                "SELECT path FROM evidence WHERE ruling_id=? ORDER BY id", (rid,)
            ):
                if p not in paths:
                    paths.append(p)
        return RulingRecord(
            id=row["id"],
            session_id=row["session_id"],
            game_id=row["game_id"],
            game_number=number,
            t=row["t"],
            winner=row["winner"],
            status=RulingStatus(row["status"]),
            reason=row["reason"],
            data=json.loads(row["data"]),
            evidence=tuple(self._abs(p) for p in paths),
            replaces=row["replaces"],
            replaced_by=None if later is None else later[0],
            players=self._players(row["game_id"]),
            was_provisional=bool(row["provisional"]),
        )

    @_locked
    def corrections(self, session_id: int | None = None) -> list[dict[str, Any]]:
        rows = self._conn.execute(
            "SELECT * FROM corrections WHERE (?1 IS NULL OR session_id=?1) ORDER BY id",
            (session_id,),
        )
        out = []
        for r in rows:
            d = dict(r)
            d["original"] = json.loads(d["original"])
            d["corrected"] = json.loads(d["corrected"])
            out.append(d)
        return out

    @_locked
    def input_events(self, session_id: int, *, game_id: int | None = None) -> list[dict]:
        """The standing input events of a session (or one game), in recorded order."""
        self._require_session(session_id)
        rows = self._conn.execute(
            "SELECT data FROM input_events WHERE session_id=? AND status!='corrected'"
            " AND (?2 IS NULL OR game_id=?2) ORDER BY seq",
            (session_id, game_id),
        )
        return [json.loads(r[0]) for r in rows]

    @_locked
    def export_session(
        self,
        session_id: int,
        *,
        game: int | None = None,
        outputs: bool = False,
        notices: bool = False,
    ) -> list[dict[str, Any]]:
        """The session log (shared/SPEC.md §1) as a list of JSON objects.

        ``game`` is the game's number within the session (1, 2, ...); ``outputs`` adds the
        rulings (those still standing: never a corrected one), eliminations and game ends.
        Lines are in non-decreasing ``t``; equal times keep the order they were recorded in.
        """
        self._require_session(session_id)
        game_id = None if game is None else self.game(session_id, game).id
        where = "session_id=?1 AND (?2 IS NULL OR game_id=?2)"
        args = (session_id, game_id)
        rows: list[tuple[float, int, str]] = list(
            self._conn.execute(
                f"SELECT t, seq, data FROM input_events WHERE {where} AND status!='corrected'",
                args,
            )
        )
        if outputs:
            rows += self._conn.execute(
                f"SELECT t, seq, data FROM rulings WHERE {where} AND status!='corrected'", args
            ).fetchall()
            types = SPEC_OUTPUT_TYPES | ({"notice"} if notices else set())
            rows += [
                r
                for r in self._conn.execute(
                    f"SELECT t, seq, data, type FROM outcomes WHERE {where}", args
                )
                if r[3] in types
            ]
        rows.sort(key=lambda r: (r[0], r[1]))
        return [json.loads(r[2]) for r in rows]

    # -- stats ------------------------------------------------------------------------------

    @_locked
    def player_stats(self, *, session_id: int | None = None) -> list[PlayerStats]:
        """Per player (by name, across games): rings by verdict, reaction times of correct rings.

        Reaction time is the engine's ``reaction_ms``: from the reveal that made the five to the
        press. Anticipations (implausibly fast) are counted apart and left out of the times.
        """
        # Counted by SQLite and only the reaction times fetched: a season of history (tens of
        # thousands of rulings) is summed in tens of milliseconds, not a second of Python.
        where = (
            " FROM rings g JOIN rulings r ON r.id=g.ruling_id"
            " WHERE r.status!='corrected' AND g.player IS NOT NULL"
            " AND (?1 IS NULL OR r.session_id=?1)"
        )
        counts = self._conn.execute(
            "SELECT g.player, SUM(g.verdict='correct'), SUM(g.verdict='wrong'),"
            " SUM(g.verdict='tie'), SUM(g.verdict='void'), SUM(g.anticipation!=0)"
            f"{where} GROUP BY g.player",
            (session_id,),
        ).fetchall()
        times: dict[str, list[float]] = {}
        best: dict[str, tuple[float, int]] = {}
        for player, reaction, rid in self._conn.execute(
            f"SELECT g.player, g.reaction_ms, g.ruling_id{where} AND g.anticipation=0"
            " AND g.verdict IN ('correct', 'tie') AND g.reaction_ms IS NOT NULL"
            " ORDER BY g.player, g.reaction_ms, r.id, g.idx",
            (session_id,),
        ):
            mine = times.setdefault(player, [])
            if not mine:
                best[player] = (reaction, rid)  # the smallest, earliest ruling first on ties
            mine.append(reaction)
        out = []
        for player, correct, wrong, tie, void, ant in counts:
            mine = times.get(player, [])
            median = None
            if mine:
                mid = len(mine) // 2
                median = mine[mid] if len(mine) % 2 else (mine[mid - 1] + mine[mid]) / 2
            fastest = best.get(player)
            out.append(
                PlayerStats(
                    player=player,
                    rings=correct + wrong + tie + void,
                    correct=correct,
                    wrong=wrong,
                    tie=tie,
                    void=void,
                    anticipations=ant,
                    mean_reaction_ms=sum(mine) / len(mine) if mine else None,
                    median_reaction_ms=median,
                    fastest_ms=None if fastest is None else fastest[0],
                    fastest_ruling=None if fastest is None else fastest[1],
                )
            )
        out.sort(key=lambda s: (-s.correct, s.wrong, s.player))
        return out

    @_locked
    def fastest_ring(self, *, session_id: int | None = None) -> tuple[str, float, int] | None:
        """(player, reaction_ms, ruling id) of the fastest correct ring that was not anticipated."""
        row = self._conn.execute(
            "SELECT g.player, g.reaction_ms, g.ruling_id FROM rings g"
            " JOIN rulings r ON r.id=g.ruling_id WHERE r.status!='corrected'"
            " AND g.verdict='correct' AND g.anticipation=0 AND g.reaction_ms IS NOT NULL"
            " AND g.player IS NOT NULL AND (?1 IS NULL OR r.session_id=?1)"
            " ORDER BY g.reaction_ms, g.ruling_id LIMIT 1",
            (session_id,),
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2])

    @_locked
    def ruling_figures(self, *, session_id: int | None = None) -> dict[str, int]:
        """How often rulings were provisional, and how often vision's second look changed one.

        ``rulings``: standing rulings; ``provisional``: first ruled provisionally;
        ``confirmed``/``corrected``/``open``: what became of those; ``credited``: shared-bell
        presses credited by hand.
        """
        row = self._conn.execute(
            "SELECT"
            " COALESCE(SUM(status!='corrected'), 0),"
            " COALESCE(SUM(provisional=1), 0),"
            " COALESCE(SUM(provisional=1 AND status='final'), 0),"
            " COALESCE(SUM(provisional=1 AND status='corrected'), 0),"
            " COALESCE(SUM(status='provisional'), 0)"
            " FROM rulings WHERE (?1 IS NULL OR session_id=?1)",
            (session_id,),
        ).fetchone()
        credited = self._conn.execute(
            "SELECT COUNT(*) FROM corrections WHERE kind='credit'"
            " AND (?1 IS NULL OR session_id=?1)",
            (session_id,),
        ).fetchone()[0]
        keys = ("rulings", "provisional", "confirmed", "corrected", "open")
        return {**dict(zip(keys, (int(v) for v in row), strict=True)), "credited": int(credited)}

    @_locked
    def standings(self, game_id: int) -> list[Standing]:
        """Cards per seat at the game's end (or after its last ruling while it runs), best first."""
        players = self._players(game_id)
        if not players:
            raise NotFound(f"no game {game_id} in the database")
        over = self._conn.execute(
            "SELECT data FROM outcomes WHERE game_id=? AND type='game_over' ORDER BY seq DESC"
            " LIMIT 1",
            (game_id,),
        ).fetchone()
        winners: set[int] = set()
        cards: list[int] | None = None
        if over is not None:
            obj = json.loads(over[0])
            cards, winners = obj.get("cards"), set(obj.get("winners") or ())
        else:
            last = self._conn.execute(
                "SELECT data FROM rulings WHERE game_id=? AND status!='corrected'"
                " ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if last is not None:
                cards = json.loads(last[0]).get("cards")
        table = [
            Standing(
                seat=seat,
                player=name,
                cards=None if not cards or seat >= len(cards) else cards[seat],
                winner=seat in winners,
            )
            for seat, name in enumerate(players)
        ]
        table.sort(key=lambda s: (not s.winner, -(s.cards if s.cards is not None else -1), s.seat))
        return table


def write_jsonl(objects: Iterable[Mapping[str, Any]], out: Any) -> int:
    """Write JSON objects one per line; returns how many."""
    n = 0
    for obj in objects:
        out.write(json.dumps(obj) + "\n")  # ASCII escapes: safe on any terminal encoding
        n += 1
    return n

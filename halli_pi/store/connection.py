"""Opening the database and keeping what it is told: paths checked, WAL, read-only readers,
transactions (savepoints when nested), and the WAL flushed soon after each commit.

Durability, for a ruling ``record_ruling`` has returned:
- always: a killed or crashed process loses nothing (WAL, ``synchronous=NORMAL``);
- ``durable=True`` (default, the service): a pulled plug loses at most the last
  ``sync_delay`` seconds, flushed by a ``WalSyncer`` thread off the verdict's path;
- ``sync="full"``: every commit waits for the card (``synchronous=FULL``; 4 ms median and
  13 ms p99 on a VM disk, more on an SD card: too slow between a press and its light).
"""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from halli_pi import paths
from halli_pi.store.errors import StoreError, StoreWriteError

R = TypeVar("R")


def locked(method: Callable[..., R]) -> Callable[..., R]:
    """Readers take the store's lock too: one connection must not read mid-way through another
    thread's transaction."""

    @functools.wraps(method)
    def wrapper(self: StoreConnection, *args: Any, **kwargs: Any) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


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
        # Asked again after every round: a close() during the gathering sleep set the event
        # the clear() below takes back, and the thread waited for a commit that never came
        # (close() then waited out its join's 2 s).
        while not self._stopping:
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
        raise StoreError(
            f"{path}: is a folder; give the database file (e.g. {path / paths.DB_NAME})"
        )
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


class StoreConnection:
    """One connection to the log and its lock; the other parts of the store build on it.

    One store may be shared by threads (a lock serialises it); a reader in another thread or
    process can also open its own store on the same file, since WAL lets it read while the
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
        # The writer's cached counters live here because a rolled-back transaction must drop
        # them: they may have run ahead of what was undone.
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

    # The schema part (halli_pi.store.schema) says what opening checks and migrates.

    def _check_schema(self) -> None:
        raise NotImplementedError

    def _migrate(self) -> None:
        raise NotImplementedError

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

    @property
    def evidence_dir(self) -> Path:
        """Where evidence JPEGs go (see ``paths.evidence_dir``). Rows keep paths relative to
        the database's folder, so photos recorded before this layout are still found."""
        return paths.evidence_dir(self.path)

    # -- transactions -----------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing. Nested uses become savepoints inside the outer transaction.

        A write the disk refuses (full, read-only, gone) rolls back and raises StoreWriteError
        naming the file: the caller keeps what it meant to write and can say so."""
        with self._lock:
            if self._depth == 0:
                self._write("BEGIN IMMEDIATE")
                commit, rollback = "COMMIT", "ROLLBACK"
            else:
                name = f"sp{self._depth}"
                commit, rollback = f"RELEASE {name}", f"ROLLBACK TO {name}; RELEASE {name}"
                self._write(f"SAVEPOINT {name}")
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

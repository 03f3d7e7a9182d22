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

``Store`` is put together from one part per concern, each a module of this package:

- ``connection``: opening, WAL, read-only readers, transactions, durability (``WalSyncer``);
- ``schema``: the tables and their numbered migrations;
- ``writes``: sessions, events, rulings, corrections, evidence;
- ``queries``: sessions, games and rulings read back;
- ``stats``: per-player figures and standings (Halli Galli's);
- ``hawaiki``: Hawaiki's figures and standings (tokens), kept apart from Halli Galli's;
- ``export``: the session log as SPEC JSON lines.

Where the database lives is ``halli_pi.paths``' business; its names are re-exported here.
"""

from __future__ import annotations

from halli_pi.paths import (
    DB_NAME,
    EVIDENCE_DIR,
    SERVICE_DATA_DIR,
    data_dir,
    default_db_path,
    review_db_path,
)
from halli_pi.store.connection import StoreConnection, WalSyncer
from halli_pi.store.errors import NotFound, RulingStatus, StoreError, StoreWriteError
from halli_pi.store.export import SPEC_OUTPUT_TYPES, ExportMixin, write_jsonl
from halli_pi.store.records import (
    GameInfo,
    HawaikiPlayerStats,
    PlayerStats,
    RulingRecord,
    SessionInfo,
    Standing,
)
from halli_pi.store.schema import MIGRATIONS, SCHEMA_VERSION, SchemaMixin
from halli_pi.store.stats import StatsMixin
from halli_pi.store.writes import INPUT_TYPES, OUTCOME_TYPES, WritesMixin

__all__ = [
    "DB_NAME",
    "EVIDENCE_DIR",
    "INPUT_TYPES",
    "MIGRATIONS",
    "OUTCOME_TYPES",
    "SCHEMA_VERSION",
    "SERVICE_DATA_DIR",
    "SPEC_OUTPUT_TYPES",
    "GameInfo",
    "HawaikiPlayerStats",
    "NotFound",
    "PlayerStats",
    "RulingRecord",
    "RulingStatus",
    "SessionInfo",
    "Standing",
    "Store",
    "StoreConnection",
    "StoreError",
    "StoreWriteError",
    "WalSyncer",
    "data_dir",
    "default_db_path",
    "review_db_path",
    "write_jsonl",
]


class Store(WritesMixin, StatsMixin, ExportMixin, SchemaMixin):
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

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

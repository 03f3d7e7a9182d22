"""The referee's log through faults: a full disk, a hard kill while a ruling is provisional."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from halli_pi.cards import parse_card
from halli_pi.referee import Referee, RefereeListener, Status
from halli_pi.replay import outputs_of
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.sessionlog import event_from_json
from halli_pi.store import Store, StoreError, StoreWriteError


class Heard(RefereeListener):
    def __init__(self) -> None:
        self.decisions = []

    def on_decision(self, decision) -> None:
        self.decisions.append(decision)


def make(store: Store) -> tuple[Referee, Heard, int]:
    heard = Heard()
    session = store.begin_session()
    ref = Referee(store=store, session_id=session, listeners=[heard])
    ref.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    return ref, heard, session


def fill_the_disk(store: Store) -> None:
    """SQLite's own page limit: every write past it fails with SQLITE_FULL, as on a full card."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages}")


def free_the_disk(store: Store) -> None:
    store._conn.execute("PRAGMA max_page_count=1073741823")


def replayed_rulings(log: list[dict]) -> list:
    inputs = [event_from_json(o) for o in log if o["type"] in ("game", "reveal", "press", "end")]
    return [o for o in outputs_of(inputs) if o.type == "ruling"]


def test_a_full_disk_keeps_the_reveals_pending_until_they_are_saved(tmp_path: Path) -> None:
    store = Store(tmp_path / "h.db", durable=False)
    ref, heard, session = make(store)
    fill_the_disk(store)
    # Ones and twos, never a five: a long stretch of reveals and no ruling to commit them early.
    reveals = [Reveal(1.0 + i * 0.01, i % 3, parse_card(f"{1 + i % 2} plum")) for i in range(400)]
    ref.vision(reveals, 20.0)
    with pytest.raises(StoreWriteError, match="full"):
        ref.tick(20.5)
    free_the_disk(store)
    ref.tick(20.6)  # the next release writes what the disk refused before
    logged = [e for e in store.export_session(session) if e["type"] == "reveal"]
    assert [e["t"] for e in logged] == [r.t for r in reveals]
    store.close()


def test_a_provisional_ruling_replays_from_the_log_after_a_hard_kill(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    store = Store(path, durable=False)
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.9)  # vision lags behind the bell
    ref.press(Press(2.4, 1))
    ref.press(Press(2.41, 2))
    ref.tick(2.5)
    [shown] = heard.decisions
    assert shown.status is Status.PROVISIONAL
    # kill -9 now: the process is gone, only what was committed is on disk.
    with Store(path, readonly=True) as after:
        log = after.export_session(session, outputs=True)
    recorded = [o for o in log if o["type"] == "ruling"]
    replayed = replayed_rulings(log)
    assert len(recorded) == len(replayed) == 1
    assert [p.seat for p in replayed[0].presses] == [p["seat"] for p in recorded[0]["presses"]]
    assert replayed[0].winner == recorded[0]["winner"] == 1
    store.close()


def test_a_press_logged_for_a_provisional_ruling_is_not_logged_twice(tmp_path: Path) -> None:
    store = Store(tmp_path / "h.db", durable=False)
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("3 plum"))], 1.9)
    ref.press(Press(2.4, 2))
    ref.tick(2.5)
    ref.vision([Reveal(2.0, 1, parse_card("2 plum"))], 2.6)  # vision catches up: a correction
    ref.tick(2.7)
    assert [d.status for d in heard.decisions] == [Status.PROVISIONAL, Status.CORRECTED]
    log = store.export_session(session, outputs=True)
    assert [o["t"] for o in log if o["type"] == "press"] == [2.4]
    assert [r.winner for r in replayed_rulings(log)] == [2]
    store.close()


def test_a_read_only_database_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "h.db"
    Store(path, durable=False).close()
    # Permission bits do not stop root, so the test says what a read-only card would.
    monkeypatch.setattr("os.access", lambda p, mode: Path(p) != path)
    with pytest.raises(StoreError, match="the database is read-only"):
        Store(path)


def test_a_read_only_folder_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "h.db"
    monkeypatch.setattr("os.access", lambda p, mode: Path(p) != tmp_path)
    with pytest.raises(StoreError, match="the folder is read-only"):
        Store(path)


def test_a_folder_given_as_the_database_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        Store(tmp_path)


def test_review_reads_never_give_another_applications_file_our_tables(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE notes (text TEXT)")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="not a halli-pi database"):
        Store(path, readonly=True)
    raw = sqlite3.connect(path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    raw.close()
    assert tables == {"notes"}


def _read_only_folder(monkeypatch, folder: Path) -> None:
    real = os.access
    # Permission bits do not stop root: the test says what a read-only card would.
    monkeypatch.setattr("os.access", lambda p, mode: False if Path(p) == folder else real(p, mode))


def test_review_reads_a_log_in_a_read_only_folder(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "h.db"
    with Store(path, durable=False) as store:
        store.begin_session(name="evening")
    _read_only_folder(monkeypatch, tmp_path)
    with Store(path, readonly=True) as store:
        assert [s.name for s in store.sessions()] == ["evening"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.db"]  # nothing created beside it


def test_review_of_a_read_only_copy_still_sees_the_commits_in_its_wal(tmp_path, monkeypatch):
    import shutil

    live = tmp_path / "live"
    live.mkdir()
    writer = Store(live / "h.db", durable=False)
    writer._conn.execute("PRAGMA wal_autocheckpoint=0")  # the commits stay in the WAL
    sid = writer.begin_session(name="in the wal")
    copy = tmp_path / "card"
    copy.mkdir()
    for name in ("h.db", "h.db-wal"):
        shutil.copy2(live / name, copy / name)
    writer.close()
    _read_only_folder(monkeypatch, copy)
    with Store(copy / "h.db", readonly=True) as store:
        assert [s.id for s in store.sessions()] == [sid]
    assert sorted(p.name for p in copy.iterdir()) == ["h.db", "h.db-wal"]


def test_a_provisional_press_later_ruled_blind_is_logged_as_judged(tmp_path: Path) -> None:
    store = Store(tmp_path / "h.db", durable=False)
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.9, blind="Bo's pile is covered")
    ref.press(Press(2.4, 2))
    ref.tick(2.5)  # provisional: its press is logged now
    assert heard.decisions[0].status is Status.PROVISIONAL
    for step in range(30):  # vision never catches up: the press is ruled "cannot see"
        ref.tick(2.6 + step * 0.1)
    final = heard.decisions[-1]
    assert final.status is Status.CORRECTED
    assert final.ruling.presses[0].verdict == "void"
    log = store.export_session(session, outputs=True)
    [press] = [o for o in log if o["type"] == "press"]
    assert press["void"].startswith("cannot see the table")
    recorded = [o for o in log if o["type"] == "ruling"]
    replayed = replayed_rulings(log)
    assert [r.winner for r in replayed] == [r["winner"] for r in recorded]
    assert [p.verdict for p in replayed[0].presses] == ["void"]
    store.close()


def test_an_input_whose_earlier_ruling_could_not_be_written_stays_pending(
    tmp_path: Path, monkeypatch
) -> None:
    store = Store(tmp_path / "h.db", durable=False)
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.2)
    ref.tick(1.3)
    ref.press(Press(1.4, 1))
    # The next reveal reaches the engine after the burst's window closed: feeding it closes
    # the burst, and the ruling is written first; the disk refuses that write.
    ref.vision([Reveal(2.0, 2, parse_card("1 lime"))], 2.4)
    real = Store.record_inputs

    def refused(self, session_id, events):
        raise StoreWriteError(f"{self.path}: cannot record: database or disk is full")

    monkeypatch.setattr(Store, "record_inputs", refused)
    with pytest.raises(StoreWriteError):
        ref.tick(2.5)
    monkeypatch.setattr(Store, "record_inputs", real)
    ref.tick(2.6)  # space again: what the referee took in is written
    logged = [(e["type"], e["t"]) for e in store.export_session(session) if e["type"] != "game"]
    assert logged == [("reveal", 1.0), ("press", 1.4), ("reveal", 2.0)]
    store.close()

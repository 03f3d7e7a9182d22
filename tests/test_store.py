"""The event log: transactions, migrations, rulings that survive a kill, corrections, export."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from halli_pi import store as store_mod
from halli_pi.rules import End, GameStart, Press, Reveal
from halli_pi.rules.events import Eliminated, GameOver
from halli_pi.store import NotFound, RulingStatus, Store, StoreError
from halli_pi.store import schema as schema_mod

REPO = Path(__file__).resolve().parent.parent


def ruling(t: float, winner: int | None, presses, cards, reason: str = "r") -> dict:
    return {
        "type": "ruling",
        "t": t,
        "winner": winner,
        "presses": [
            {"seat": s, "t": pt, "verdict": v, **({"reaction_ms": ms} if ms is not None else {})}
            for s, pt, v, ms in presses
        ],
        "cards": cards,
        "reason": reason,
    }


GAME = {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["Ana", "Bo", "Cy"]}


@pytest.fixture
def db(tmp_path: Path) -> Store:
    s = Store(tmp_path / "h.db", durable=False)
    yield s
    s.close()


def test_file_store_is_wal_and_records_its_migrations(tmp_path: Path):
    path = tmp_path / "sub" / "h.db"
    with Store(path) as s:
        assert s.schema_version() == store_mod.SCHEMA_VERSION
        assert [m[0] for m in s.migrations()] == [m[0] for m in store_mod.MIGRATIONS]
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()
    with Store(path) as s:  # opening again applies nothing twice
        assert len(s.migrations()) == len(store_mod.MIGRATIONS)


def test_a_failing_migration_leaves_no_trace(tmp_path: Path, monkeypatch):
    path = tmp_path / "h.db"
    Store(path).close()
    bad = (99, "half a migration", ("CREATE TABLE extra (x INTEGER)", "CREATE TABLE broken ("))
    monkeypatch.setattr(schema_mod, "MIGRATIONS", store_mod.MIGRATIONS + (bad,))
    monkeypatch.setattr(schema_mod, "SCHEMA_VERSION", 99)
    with pytest.raises(StoreError):
        Store(path)
    raw = sqlite3.connect(path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    versions = [r[0] for r in raw.execute("SELECT version FROM schema_migrations")]
    raw.close()
    assert "extra" not in tables
    assert 99 not in versions


def test_a_newer_database_is_refused(tmp_path: Path):
    path = tmp_path / "h.db"
    Store(path).close()
    raw = sqlite3.connect(path)
    raw.execute("INSERT INTO schema_migrations VALUES (999, 'future', 'x')")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="newer"):
        Store(path)


def test_missing_database_is_an_error_when_not_creating(tmp_path: Path):
    with pytest.raises(StoreError, match="no database"):
        Store(tmp_path / "absent.db", create=False)
    assert not (tmp_path / "absent.db").exists()


def test_transaction_rolls_back_everything_on_error():
    s = Store.memory()
    sid = s.begin_session()
    with pytest.raises(RuntimeError), s.transaction():
        s.record_input(sid, GAME)
        with s.transaction():  # nested: a savepoint inside
            s.record_input(sid, {"type": "reveal", "t": 1.0, "seat": 0, "card": "2 lime"})
        raise RuntimeError("boom")
    assert s.export_session(sid) == []
    assert s.games(sid) == []
    # And the store goes on working, with numbering intact.
    s.record_input(sid, GAME)
    assert [g.number for g in s.games(sid)] == [1]


def test_nested_savepoint_rolls_back_alone():
    s = Store.memory()
    sid = s.begin_session()
    with s.transaction():
        s.record_input(sid, GAME)
        with pytest.raises(ValueError), s.transaction():
            s.record_input(sid, {"type": "reveal", "t": 1.0, "seat": 0, "card": "2 lime"})
            raise ValueError
    assert [e["type"] for e in s.export_session(sid)] == ["game"]


def test_record_ruling_refuses_to_run_inside_a_transaction():
    s = Store.memory()
    sid = s.begin_session()
    with pytest.raises(StoreError, match="own"), s.transaction():
        s.record_ruling(sid, ruling(1.0, None, [], [1, 1, 1]))


def test_a_ruling_is_committed_when_record_ruling_returns(db: Store):
    sid = db.begin_session()
    db.record_input(sid, GAME)
    rid = db.record_ruling(sid, ruling(2.0, 1, [(1, 2.0, "correct", 321.0)], [18, 20, 18]))
    other = sqlite3.connect(db.path)  # a second connection sees it at once
    row = other.execute("SELECT status, winner FROM rulings WHERE id=?", (rid,)).fetchone()
    other.close()
    assert row == ("final", 1)


def test_game_event_opens_a_game_with_players(db: Store):
    sid = db.begin_session(name="evening")
    db.record_input(sid, {**GAME, "options": {"window_ms": 60}, "cards": [20, 18, 18]})
    (g,) = db.games(sid)
    assert (g.number, g.ruleset, g.players, g.options) == (
        1,
        "classic",
        ("Ana", "Bo", "Cy"),
        {"window_ms": 60},
    )
    assert db.session(sid).name == "evening"


def test_outputs_of_a_new_game_event_belong_to_the_game_it_ends(db: Store):
    sid = db.begin_session()
    db.record_step(sid, GameStart(0.0, "classic", ("Ana", "Bo")), [])
    over = GameOver(9.0, (1,), (20, 36), "a new game was started")
    db.record_step(sid, GameStart(9.0, "classic", ("Ana", "Bo")), [over])
    g1, g2 = db.games(sid)
    assert g1.over and not g2.over
    lines = db.export_session(sid, outputs=True)
    assert [x["type"] for x in lines] == ["game", "game_over", "game"]
    assert [x["type"] for x in db.export_session(sid, game=1, outputs=True)] == [
        "game",
        "game_over",
    ]


def test_export_keeps_values_exact_and_time_ordered(db: Store):
    sid = db.begin_session()
    events = [
        GameStart(0.0, "classic", ("Ana", "Bo")),
        Reveal(1.000001, 0, store_mod_card("3 strawberry")),
        Reveal(2.123457, 1, store_mod_card("2 strawberry")),
        Press(2.5000007, 1, "button"),
        Press(2.5400001, 0, "button"),
        End(4.0),
    ]
    for e in events[:-1]:
        db.record_input(sid, e)
    # The burst's ruling is decided after a later press was recorded; the log is still in t order.
    db.record_ruling(sid, ruling(2.5000007, 1, [(1, 2.5000007, "correct", 376.55)], [28, 28]))
    db.record_input(sid, events[-1])
    lines = db.export_session(sid, outputs=True)
    assert [x["t"] for x in lines] == sorted(x["t"] for x in lines)
    inputs = db.export_session(sid)
    assert inputs == [e.to_json() for e in events]
    text = "".join(json.dumps(x) + "\n" for x in inputs)
    assert [json.loads(line)["t"] for line in io.StringIO(text)][3] == 2.5000007
    assert db.session(sid).ended_t == 4.0


def store_mod_card(text: str):
    from halli_pi.cards import parse_card

    return parse_card(text)


def test_provisional_ruling_confirmed_stays_one_row(db: Store):
    sid = db.begin_session()
    db.record_input(sid, GAME)
    rid = db.record_ruling(
        sid, ruling(1.0, 0, [(0, 1.0, "correct", 400.0)], [20, 18, 18]), status="provisional"
    )
    assert db.ruling(rid).status is RulingStatus.PROVISIONAL
    db.confirm_ruling(rid)
    assert db.ruling(rid).status is RulingStatus.FINAL
    assert db.ruling(rid).was_provisional
    assert len(db.rulings(session_id=sid)) == 1
    figures = db.ruling_figures(session_id=sid)
    assert (figures["provisional"], figures["confirmed"], figures["corrected"]) == (1, 1, 0)


def test_corrected_ruling_keeps_both_and_log_holds_the_final(db: Store):
    sid = db.begin_session()
    db.record_input(sid, GAME)
    first = ruling(1.0, 0, [(0, 1.0, "correct", 400.0)], [20, 18, 18], "exactly 5 lime")
    rid = db.record_ruling(sid, first, status=RulingStatus.PROVISIONAL)
    db.add_evidence(rid, db.evidence_dir / "x.jpg", press_t=1.0, frame_t=0.98)
    fixed = ruling(1.0, None, [(0, 1.0, "wrong", None)], [16, 20, 20], "4 lime is not 5")
    new = db.correct_ruling(rid, fixed, reason="vision caught up: Bo's card was 1 lime, not 2")
    old_rec, new_rec = db.ruling(rid), db.ruling(new)
    assert old_rec.status is RulingStatus.CORRECTED and old_rec.replaced_by == new
    assert new_rec.status is RulingStatus.FINAL and new_rec.replaces == rid
    assert new_rec.evidence and new_rec.evidence[0].name == "x.jpg"
    (c,) = db.corrections(sid)
    assert (
        c["kind"] == "ruling" and c["original"]["winner"] == 0 and c["corrected"]["winner"] is None
    )
    rulings = [x for x in db.export_session(sid, outputs=True) if x["type"] == "ruling"]
    assert rulings == [fixed]
    with pytest.raises(StoreError, match="already corrected"):
        db.correct_ruling(rid, fixed, reason="again")
    assert db.ruling_figures() == {
        "rulings": 1,
        "provisional": 1,
        "confirmed": 0,
        "corrected": 1,
        "open": 0,
        "credited": 0,
    }
    # Stats count the standing ruling only.
    (ana,) = [p for p in db.player_stats() if p.player == "Ana"]
    assert (ana.correct, ana.wrong) == (0, 1)


def test_shared_bell_credit_is_a_correction_of_kind_credit(db: Store):
    sid = db.begin_session()
    db.record_input(sid, GAME)
    db.record_input(sid, {"type": "press", "t": 1.0, "seat": None, "source": "bell"})
    rid = db.record_ruling(sid, ruling(1.0, None, [(None, 1.0, "correct", 300.0)], [18, 19, 19]))
    credited = ruling(1.0, 2, [(2, 1.0, "correct", 300.0)], [14, 14, 28])
    new = db.credit_press(rid, credited, reason="credited to Cy from the terminal")
    assert db.ruling(new).winner == 2
    assert [c["kind"] for c in db.corrections(sid)] == ["credit"]
    assert db.player_stats()[0].player == "Cy"


def test_misread_card_corrected_in_place_in_the_log(db: Store):
    sid = db.begin_session()
    db.record_input(sid, GAME)
    eid = db.record_input(sid, {"type": "reveal", "t": 1.0, "seat": 0, "card": "2 lime"})
    db.record_input(sid, {"type": "reveal", "t": 2.0, "seat": 1, "card": "1 plum"})
    db.correct_input(
        eid, {"type": "reveal", "t": 1.0, "seat": 0, "card": "3 lime"}, reason="misread"
    )
    cards = [x.get("card") for x in db.export_session(sid)]
    assert cards == [None, "3 lime", "1 plum"]
    (c,) = db.corrections(sid)
    assert (c["original"]["card"], c["corrected"]["card"]) == ("2 lime", "3 lime")
    with pytest.raises(StoreError, match="type"):
        db.correct_input(eid + 1, {"type": "press", "t": 1.0, "seat": 0}, reason="x")


def test_unknown_ids_are_not_found():
    s = Store.memory()
    with pytest.raises(NotFound):
        s.ruling(7)
    with pytest.raises(NotFound):
        s.export_session(3)
    sid = s.begin_session()
    with pytest.raises(NotFound):
        s.export_session(sid, game=2)
    with pytest.raises(NotFound):
        s.record_input(sid + 1, GAME)


def test_stats_count_rings_and_reaction_times():
    s = Store.memory()
    sid = s.begin_session()
    s.record_input(sid, GAME)
    s.record_ruling(
        sid,
        ruling(1.0, 1, [(0, 0.9, "wrong", None), (1, 1.0, "correct", 350.0)], [16, 22, 18]),
    )
    s.record_ruling(sid, ruling(5.0, 1, [(1, 5.0, "correct", 250.0)], [14, 26, 16]))
    r = ruling(9.0, 0, [(0, 9.0, "correct", 60.0), (2, 9.01, "void", None)], [30, 14, 12])
    r["presses"][0]["anticipation"] = True
    s.record_ruling(sid, r)
    s.record_output(sid, Eliminated(9.0, 2, "no cards"))
    s.record_output(sid, GameOver(9.5, (0,), (30, 26, 0), "done"))
    stats = {p.player: p for p in s.player_stats(session_id=sid)}
    assert (stats["Bo"].correct, stats["Bo"].wrong, stats["Bo"].fastest_ms) == (2, 0, 250.0)
    assert stats["Bo"].mean_reaction_ms == 300.0 and stats["Bo"].median_reaction_ms == 300.0
    assert (stats["Ana"].correct, stats["Ana"].wrong, stats["Ana"].anticipations) == (1, 1, 1)
    assert stats["Ana"].fastest_ms is None  # an anticipation is not a reaction time
    assert stats["Cy"].void == 1
    assert s.fastest_ring()[:2] == ("Bo", 250.0)
    table = s.standings(s.games(sid)[0].id)
    assert [(x.player, x.cards, x.winner) for x in table] == [
        ("Ana", 30, True),
        ("Bo", 26, False),
        ("Cy", 0, False),
    ]


def test_data_dir_from_environment(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("HALLI_PI_DATA_DIR", str(tmp_path / "a"))
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "b"))
    assert store_mod.data_dir() == tmp_path / "a"
    monkeypatch.delenv("HALLI_PI_DATA_DIR")
    monkeypatch.setenv("STATE_DIRECTORY", f"{tmp_path / 'b'}:{tmp_path / 'c'}")
    assert store_mod.default_db_path() == tmp_path / "b" / store_mod.DB_NAME
    monkeypatch.delenv("STATE_DIRECTORY")
    assert store_mod.data_dir().name == "halli-pi"


def test_a_recorded_simulated_game_replays_from_its_export(db: Store):
    from halli_pi.replay import outputs_of
    from halli_pi.sessionlog import read_events
    from halli_pi.simulation.game import simulate_game
    from halli_pi.simulation.soak import record_game

    sid = db.begin_session()
    sim = simulate_game(4, seed=11)
    outputs = record_game(db, sid, sim.events)
    exported = db.export_session(sid)
    text = io.StringIO("".join(json.dumps(x) + "\n" for x in exported))
    events = [e for _, e in read_events(text, "export")]
    assert events == sim.events
    again = [o.to_json() for o in outputs_of(events) if o.type != "notice"]
    assert again == [o.to_json() for o in outputs if o.type != "notice"]
    assert len(db.rulings(session_id=sid)) == sum(o.type == "ruling" for o in outputs) > 0


CHILD = r"""
import sys
from halli_pi.store import Store
s = Store(sys.argv[1])
sid = s.begin_session()
s.record_input(sid, {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["Ana", "Bo"]})
i = 0
while True:
    i += 1
    t = float(i)
    s.record_input(sid, {"type": "press", "t": t, "seat": i % 2})
    rid = s.record_ruling(sid, {"type": "ruling", "t": t, "winner": None,
        "presses": [{"seat": i % 2, "t": t, "verdict": "wrong"}], "cards": [28, 28],
        "reason": f"ring {i}"})
    print(rid, flush=True)  # "shown": only after record_ruling returned
"""


def test_hard_kill_loses_no_ruling_already_returned(tmp_path: Path):
    path = tmp_path / "kill.db"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    shown = []
    try:
        for line in child.stdout:
            shown.append(int(line))
            if len(shown) >= 40:
                break
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert len(shown) >= 40
    with Store(path) as s:
        stored = {r.id for r in s.rulings()}
        assert set(shown) <= stored
        assert s.ruling(shown[-1]).reason == f"ring {len(shown)}"


def test_durable_store_flushes_the_wal_soon_after_a_commit(tmp_path: Path):
    import time

    s = Store(tmp_path / "h.db", sync_delay=0.01)
    assert s._syncer is not None and s._syncer.syncs == 0
    sid = s.begin_session()
    s.record_input(sid, GAME)
    deadline = time.monotonic() + 5.0
    while s._syncer.syncs == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert s._syncer.syncs >= 1
    s.close()
    assert Store(tmp_path / "h.db", durable=False).games(sid)[0].players == ("Ana", "Bo", "Cy")


def test_a_store_closed_while_its_wal_sync_gathers_commits_closes_at_once(tmp_path: Path):
    import time

    s = Store(tmp_path / "h.db", sync_delay=0.3)
    syncer = s._syncer
    assert syncer is not None
    s.record_input(s.begin_session(), GAME)  # the syncer sleeps 0.3 s to gather more
    time.sleep(0.1)
    start = time.monotonic()
    s.close()
    # Its thread ends after its round (0.2 s more); it did not wait for a commit past close(),
    # which waited out its join's 2 s.
    assert time.monotonic() - start < 1.0 and not syncer._thread.is_alive()


def test_sync_mode_is_checked(tmp_path: Path):
    with pytest.raises(StoreError, match="sync"):
        Store(tmp_path / "h.db", sync="sometimes")
    with Store(tmp_path / "f.db", sync="full") as s:
        assert s._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_version_1_database_is_migrated_in_place(tmp_path: Path, monkeypatch):
    path = tmp_path / "old.db"
    monkeypatch.setattr(schema_mod, "MIGRATIONS", store_mod.MIGRATIONS[:1])
    monkeypatch.setattr(schema_mod, "SCHEMA_VERSION", 1)
    with Store(path, durable=False) as old:
        sid = old.begin_session()
        old.record_input(sid, GAME)
    raw = sqlite3.connect(path)  # a provisional ruling as version 1 wrote it
    raw.execute(
        "INSERT INTO rulings (session_id, game_id, seq, t, status, data, recorded_at)"
        " VALUES (?, 1, 2, 1.0, 'provisional', ?, 'then')",
        (sid, json.dumps(ruling(1.0, None, [], [18, 19, 19]))),
    )
    raw.commit()
    rid = raw.execute("SELECT MAX(id) FROM rulings").fetchone()[0]
    raw.close()
    monkeypatch.undo()
    with Store(path, durable=False) as new:
        assert new.schema_version() == store_mod.SCHEMA_VERSION >= 2
        assert new.ruling(rid).was_provisional
        assert new.ruling_figures()["open"] == 1


def test_a_migration_another_process_just_applied_is_not_applied_again(tmp_path, monkeypatch):
    path = tmp_path / "race.db"
    Store(path, durable=False).close()  # "the other process" migrated the file
    real = Store.schema_version
    calls = []

    def stale_first(self):  # our first look came before the other process committed
        calls.append(1)
        return 0 if len(calls) == 1 else real(self)

    monkeypatch.setattr(Store, "schema_version", stale_first)
    with Store(path, durable=False) as s:
        monkeypatch.undo()
        assert [m[0] for m in s.migrations()] == [m[0] for m in store_mod.MIGRATIONS]


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path: Path):
    path = tmp_path / "notes.db"
    path.write_text("this is not sqlite, just some text that happens to be long enough" * 20)
    with pytest.raises(StoreError, match="not a halli-pi database"):
        Store(path)

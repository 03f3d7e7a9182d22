"""`halli-pi log`, `show`, `export`, `stats` over a database recorded from simulated games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from halli_pi.cli import main
from halli_pi.evidence import EvidenceKeeper
from halli_pi.simulation.game import simulate_game
from halli_pi.simulation.soak import record_game
from halli_pi.store import Store


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict:
    """Two games in one session, evidence for the first ruling, as the referee would leave it."""
    path = tmp_path_factory.mktemp("db") / "halli-pi.db"
    with Store(path, durable=False) as store:
        sid = store.begin_session(name="test table")
        first = simulate_game(3, seed=5)
        outputs = record_game(store, sid, first.events)
        second = simulate_game(2, seed=6, start_t=first.events[-1].t + 1.0)
        outputs += record_game(store, sid, second.events)
        rulings = store.rulings(session_id=sid)
        keeper = EvidenceKeeper(
            store.evidence_dir, [(0, "Ana", [[10, 10], [100, 10], [100, 100], [10, 100]])]
        )
        r0 = rulings[0]
        press_t = r0.data["presses"][0]["t"]  # the ruling's t is when its burst closed
        keeper.push(press_t - 0.03, np.zeros((120, 160, 3), np.uint8), {0: ("card", "5 lime", 0.9)})
        presses = [(r0.name(p["seat"]), p["t"], p["verdict"]) for p in r0.data["presses"]]
        for f in keeper.write(sid, r0.id, presses, reason=r0.reason):
            store.add_evidence(r0.id, f.path, press_t=f.press_t, frame_t=f.frame_t)
    return {
        "db": str(path),
        "session": sid,
        "first": first,
        "second": second,
        "outputs": outputs,
        "ruling": r0.id,
        "rulings": rulings,
    }


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_log_lists_sessions_then_a_sessions_rulings(recorded, capsys):
    code, out, _ = run(capsys, "log", "--db", recorded["db"])
    assert code == 0
    assert f"session {recorded['session']} test table" in out and "2 game(s)" in out
    code, out, _ = run(capsys, "log", str(recorded["session"]), "--db", recorded["db"])
    assert code == 0
    assert "game 1: classic, Ana, Bo, Cy" in out and "game 2: classic, Ana, Bo" in out
    assert out.count("ruling ") == len(recorded["rulings"])
    assert recorded["rulings"][0].reason in out


def test_show_prints_reason_press_times_and_evidence(recorded, capsys, tmp_path: Path):
    rid = recorded["ruling"]
    copy = tmp_path / "evidence.jpg"
    code, out, _ = run(capsys, "show", str(rid), "--db", recorded["db"], "-o", str(copy))
    assert code == 0
    rec = recorded["rulings"][0]
    assert rec.reason in out
    assert "first: " in out
    assert f"{rec.data['presses'][0]['t']:.6f} s" in out
    assert "evidence: " in out and "ruling-" in out and copy.read_bytes()[:2] == b"\xff\xd8"


def test_show_names_who_was_first_and_by_how_much(tmp_path: Path, capsys):
    db = tmp_path / "h.db"
    with Store(db) as s:
        sid = s.begin_session()
        s.record_input(
            sid, {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["Ana", "Bo"]}
        )
        presses = [
            {"seat": 1, "t": 3.0, "verdict": "correct", "reaction_ms": 420.0},
            {"seat": 0, "t": 3.0123, "verdict": "void", "note": "after the first correct press"},
        ]
        rid = s.record_ruling(
            sid,
            {"t": 3.0, "winner": 1, "presses": presses, "cards": [20, 36], "reason": "5 lime"},
            status="provisional",
        )
        s.confirm_ruling(rid)
    code, out, _ = run(capsys, "show", str(rid), "--db", str(db))
    assert code == 0
    assert "provisional, then confirmed" in out
    assert "first: Bo, by 12.300 ms over Ana" in out
    assert "evidence: none recorded" in out
    code, _, err = run(capsys, "show", str(rid), "--db", str(db), "-o", str(tmp_path / "x.jpg"))
    assert code == 2 and "no evidence" in err


def test_export_replays_to_the_recorded_rulings(recorded, capsys, tmp_path: Path):
    out_file = tmp_path / "session.jsonl"
    code, _, _ = run(
        capsys, "export", str(recorded["session"]), "--db", recorded["db"], "-o", str(out_file)
    )
    assert code == 0
    lines = [json.loads(x) for x in out_file.read_text().splitlines()]
    assert {x["type"] for x in lines} == {"game", "reveal", "press", "end"}
    events = recorded["first"].events + recorded["second"].events
    assert lines == [e.to_json() for e in events]
    code, out, _ = run(capsys, "replay", str(out_file), "--json")
    assert code == 0
    replayed = [json.loads(x) for x in out.splitlines()]
    want = [o.to_json() for o in recorded["outputs"] if o.type != "notice"]
    assert replayed == want


def test_export_one_game_with_outputs(recorded, capsys):
    code, out, _ = run(
        capsys,
        "export",
        str(recorded["session"]),
        "--game",
        "2",
        "--outputs",
        "--db",
        recorded["db"],
    )
    assert code == 0
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines[0]["type"] == "game" and lines[0]["players"] == ["Ana", "Bo"]
    assert sum(x["type"] == "game" for x in lines) == 1
    assert any(x["type"] == "ruling" for x in lines)
    assert [x["t"] for x in lines] == sorted(x["t"] for x in lines)


def test_stats_counts_rings_per_player(recorded, capsys):
    code, out, _ = run(capsys, "stats", "--db", recorded["db"], "--json")
    assert code == 0
    stats = json.loads(out)
    players = {p["player"]: p for p in stats["players"]}
    assert set(players) == {"Ana", "Bo", "Cy"}
    correct = sum(
        p.verdict == "correct" and p.seat is not None
        for o in recorded["outputs"]
        if o.type == "ruling"
        for p in o.presses
    )
    assert sum(p["correct"] for p in players.values()) == correct
    assert stats["fastest"]["reaction_ms"] == min(
        p["fastest_ms"] for p in players.values() if p["fastest_ms"] is not None
    )
    assert len(stats["games"]) == 2 and all(g["over"] for g in stats["games"])
    assert stats["rulings"]["rulings"] == len(recorded["rulings"])
    assert stats["rulings"]["provisional"] == 0
    code, out, _ = run(capsys, "stats", "--db", recorded["db"])
    assert code == 0 and "fastest ring: " in out and "Ana" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["show", "99999"], "no ruling 99999"),
        (["export", "424242"], "no session 424242"),
        (["export", "1", "--game", "9"], "has no game 9"),
        (["log", "77"], "no session 77"),
        (["stats", "--session", "55"], "no session 55"),
    ],
)
def test_unknown_ids_are_clear_errors_with_exit_2(recorded, capsys, argv, message):
    code, out, err = run(capsys, *argv, "--db", recorded["db"])
    assert code == 2
    assert err.startswith("halli-pi: error: ") and message in err


def test_a_missing_database_is_a_clear_error(tmp_path: Path, capsys):
    code, _, err = run(capsys, "log", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "no database at" in err
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize("command", ["log", "export 1", "show 1", "stats"])
def test_review_commands_never_give_another_applications_file_our_tables(tmp_path, capsys, command):
    import sqlite3

    path = tmp_path / "photos.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE albums (name TEXT)")
    raw.commit()
    raw.close()
    code, _, err = run(capsys, *command.split(), "--db", str(path))
    assert code == 2 and "not a halli-pi database" in err
    raw = sqlite3.connect(path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    raw.close()
    assert tables == {"albums"}


def test_review_commands_change_nothing_in_the_file(recorded, capsys):
    import hashlib

    before = hashlib.sha256(Path(recorded["db"]).read_bytes()).hexdigest()
    for command in (["log"], ["stats", "--json"], ["export", str(recorded["session"])]):
        code, _, _ = run(capsys, *command, "--db", recorded["db"])
        assert code == 0
    assert hashlib.sha256(Path(recorded["db"]).read_bytes()).hexdigest() == before


@pytest.mark.parametrize("command", [["demo", "--headless", "--games", "1"], ["log"]])
def test_a_folder_given_as_db_is_a_clear_error(tmp_path, capsys, command):
    code, _, err = run(capsys, *command, "--db", str(tmp_path))
    assert code == 2
    assert f"halli-pi: error: {tmp_path}: is a folder" in err and "Traceback" not in err

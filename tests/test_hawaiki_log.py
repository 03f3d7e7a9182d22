"""Hawaiki sessions in the log: recorded by the real referee, listed by `log`, shown by `show`,
written by `export` so that `replay` rules the same, counted by `stats`; and kept apart from
Halli Galli's sessions in the same database."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hawaiki_table import HawaikiTable

from halli_pi.cli import main
from halli_pi.replay import outputs_of
from halli_pi.rules.hawaiki.events import Count
from halli_pi.sessionlog import read_events
from halli_pi.simulation.game import simulate_game
from halli_pi.simulation.soak import record_game
from halli_pi.store import Store
from halli_pi.store import schema as schema_mod

NAMES = ["Ana", "Bo", "Cy"]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict:
    """A Halli Galli game and a whole simulated Hawaiki game (same player names), each in its
    own session of one database, the Hawaiki one played through the real referee."""
    path = tmp_path_factory.mktemp("db") / "halli-pi.db"
    with Store(path, durable=False) as store:
        hg = store.begin_session(name="halli galli")
        record_game(store, hg, simulate_game(3, seed=5, names=tuple(NAMES)).events)
        table = HawaikiTable(NAMES, seed=5, store=store, session_name="hawaiki")
        script = [table.start, *table.script]
        table.play_script()
        rulings = store.rulings(session_id=table.session_id)
    return {
        "db": str(path),
        "hg": hg,
        "hw": table.session_id,
        "seen": table.seen.outputs,
        "rulings": rulings,
        "script": script,
    }


def ruled(recorded: dict, subject: str, verdict: str):
    """The first standing ruling of that subject and verdict."""
    return next(
        r
        for r in recorded["rulings"]
        if r.data["subject"] == subject and r.data["verdict"] == verdict
    )


def count(rulings: list[dict], subject: str, verdict: str) -> int:
    return sum(r["subject"] == subject and r["verdict"] == verdict for r in rulings)


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert err == "" or code != 0, err
    return code, out


def test_the_referee_records_every_ruling_and_round(recorded):
    rows = [r.data for r in recorded["rulings"]]
    seen = [o for o in recorded["seen"] if o["type"] == "ruling"]
    assert rows == seen and len(rows) > 100
    assert {r["subject"] for r in rows} >= {"play", "merci", "announce", "designate"}
    with Store(recorded["db"], readonly=True) as store:
        rounds = store.round_results(recorded["hw"])
    assert rounds and all(r["type"] == "round_over" for _, r in rounds)


def test_export_replays_to_the_same_rulings(recorded, tmp_path, capsys):
    out = tmp_path / "hawaiki.jsonl"
    code, _ = run(capsys, "export", str(recorded["hw"]), "--db", recorded["db"], "-o", str(out))
    assert code == 0
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["ruleset"] == "hawaiki"
    events = [e for _, e in read_events(lines, "hawaiki.jsonl")]
    assert [e.to_json() for e in events] == [e.to_json() for e in recorded["script"]]
    replayed = [o.to_json() for o in outputs_of(events)]
    assert replayed == recorded["seen"]
    # `--outputs` writes what the referee ruled, round ends included, in the log's order.
    code, text = run(capsys, "export", str(recorded["hw"]), "--db", recorded["db"], "--outputs")
    written = [json.loads(line) for line in text.splitlines()]
    outputs = [o for o in written if o["type"] in ("ruling", "round_over", "game_over")]
    assert outputs == replayed


def test_replay_of_the_export_on_the_command_line(recorded, tmp_path, capsys):
    out = tmp_path / "hawaiki.jsonl"
    run(capsys, "export", str(recorded["hw"]), "--db", recorded["db"], "-o", str(out))
    code, text = run(capsys, "replay", str(out), "--json")
    assert code == 0
    assert [json.loads(line) for line in text.splitlines()] == recorded["seen"]


def test_log_lists_hawaiki_rulings_and_rounds(recorded, capsys):
    code, out = run(capsys, "log", str(recorded["hw"]), "--db", recorded["db"])
    assert code == 0
    assert "game 1: hawaiki, Ana, Bo, Cy" in out
    assert "play combo: " in out and "merci in_time: " in out and "designate ok: " in out
    assert "round 1 over" in out and "tokens Ana -" in out
    # The round's end comes after the ruling of the card that ended it.
    lines = out.splitlines()
    first_round = next(i for i, line in enumerate(lines) if "round 1 over" in line)
    assert "ruling" in lines[first_round - 1]


def test_show_a_play_with_its_covered_card_and_combination(recorded, capsys):
    combo = ruled(recorded, "play", "combo")
    code, out = run(capsys, "show", str(combo.id), "--db", recorded["db"])
    assert code == 0
    card, covered = combo.reason.split(" lays ")[1].split(" (pile")[0].split(" on ")
    pile = combo.reason.split("(pile ")[1].split(")")[0]
    assert f"the play: {card} on pile {pile}, covering {covered}" in out
    assert f"combination: {' and '.join(combo.data['combos'])} (announced and formed)" in out
    assert "hands (accounted): Ana ≈ " in out
    assert "evidence: none recorded" in out
    missed = ruled(recorded, "merci", "missed")
    code, out = run(capsys, "show", str(missed.id), "--db", recorded["db"])
    assert "decided: merci missed" in out and "draws: " in out


def test_stats_for_hawaiki_are_its_own(recorded, capsys):
    code, out = run(capsys, "stats", "--db", recorded["db"], "--json")
    assert code == 0
    stats = json.loads(out)
    hawaiki = {p["player"]: p for p in stats["hawaiki"]}
    assert set(hawaiki) == set(NAMES)
    rulings = [r.data for r in recorded["rulings"]]
    for seat, name in enumerate(NAMES):
        mine = [r for r in rulings if r["seat"] == seat]
        expect = {
            "announced": count(mine, "play", "combo"),
            "missed": count(mine, "play", "unannounced"),
            "thanks_missed": count(mine, "merci", "missed"),
        }
        assert {k: hawaiki[name][k] for k in expect} == expect
    rounds = [o for o in recorded["seen"] if o["type"] == "round_over"]
    last = {o["round"]: o for o in rounds}  # a count re-issues a round: the last one stands
    assert sum(p["rounds_won"] for p in hawaiki.values()) == len(last)
    for seat, name in enumerate(NAMES):
        assert hawaiki[name]["tokens_lost"] == sum(o["tokens_lost"][seat] for o in last.values())
    over = next(o for o in recorded["seen"] if o["type"] == "game_over")
    assert [hawaiki[NAMES[s]]["games_won"] for s in over["winners"]] == [1] * len(over["winners"])
    # The Hawaiki game's standings are its tokens.
    game = next(g for g in stats["games"] if g["ruleset"] == "hawaiki")
    assert [s["tokens"] for s in game["standings"] if s["winner"]] == [max(over["tokens"])]
    code, text = run(capsys, "stats", "--db", recorded["db"])
    assert "Hawaiki" in text and "tokens lost" in text and " tokens (winner)" in text
    # The table's columns, under their groups: combinations, then thanks.
    lines = text.splitlines()
    at = lines.index("Hawaiki")
    assert lines[at + 1].split() == ["combinations", "thanks"]
    assert lines[at + 1].index("combinations") == lines[at + 2].index("announced")
    assert lines[at + 1].index("thanks") == lines[at + 2].index("in time")
    fields = [
        "games",
        "games_won",
        "rounds_won",
        "tokens_lost",
        "announced",
        "missed",
        "false_announcements",
        "thanks_in_time",
        "thanks_missed",
        "wrong_words",
    ]
    for line in lines[at + 3 : at + 3 + len(NAMES)]:
        name, *numbers = line.split()
        assert [int(n) for n in numbers] == [hawaiki[name][f] for f in fields]


def test_the_two_games_do_not_mix(recorded, tmp_path):
    """Halli Galli's ring figures are the same with or without a Hawaiki session beside them
    (the same names play both), and Hawaiki's figures hold no Halli Galli session."""
    with Store(recorded["db"], readonly=True) as both:
        rings = both.player_stats()
        figures = both.ruling_figures()
        hawaiki = both.hawaiki_stats()
        assert both.hawaiki_stats(session_id=recorded["hg"]) == []
        assert both.player_stats(session_id=recorded["hw"]) == []
    with Store(tmp_path / "only.db", durable=False) as alone:
        sid = alone.begin_session(name="halli galli")
        record_game(alone, sid, simulate_game(3, seed=5, names=tuple(NAMES)).events)
        assert alone.player_stats() == rings and alone.ruling_figures() == figures
        assert alone.hawaiki_stats() == []
    assert sum(p.thanks_in_time for p in hawaiki) > 0 and sum(p.correct for p in rings) > 0


def test_a_database_from_before_hawaiki_is_migrated(tmp_path, monkeypatch):
    """A log written before Hawaiki (schema 2), with a corrected input pointing at another row,
    opens, keeps every row, and then takes a Hawaiki session."""
    path = tmp_path / "old.db"
    with monkeypatch.context() as m:
        m.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:2])
        m.setattr(schema_mod, "SCHEMA_VERSION", 2)
        with Store(path, durable=False) as old:
            sid = old.begin_session(name="old")
            record_game(old, sid, simulate_game(2, seed=3).events)
            reveal = old._conn.execute(
                "SELECT id, data FROM input_events WHERE type='reveal' ORDER BY id LIMIT 1"
            ).fetchone()
            event = json.loads(reveal["data"])
            event["card"] = "1 plum" if event["card"] != "1 plum" else "2 plum"
            old.correct_input(reveal["id"], event, reason="misread")
            before = old.export_session(sid)
    with Store(path, durable=False) as new:
        assert new.schema_version() == schema_mod.SCHEMA_VERSION
        assert new.export_session(sid) == before
        assert new.corrections(sid)[0]["original_id"] == reveal["id"]
        table = HawaikiTable(NAMES, piles=("5 red", "2 blue", "7 green"), store=new)
        table.press(0, at=1.0)
        table.play(0, "5 blue", at=1.5)
        table.run_to(2.0)
        kinds = [e["type"] for e in new.export_session(table.session_id)]
        assert kinds == ["game", "press", "play"]
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA foreign_key_check").fetchall() == []
    check.close()


def test_a_round_recounted_counts_once(tmp_path):
    """A count before the next deal re-issues the round's result: the stats and the standings
    take the counted one, and `log` lists both."""
    with Store(tmp_path / "h.db", durable=False) as store:
        table = HawaikiTable(
            NAMES, piles=("3 red", "4 blue", "7 green"), hands=(1, 4, 2), store=store
        )
        table.play(0, "3 yellow", at=1.0)  # Ana's last card: the round ends by accounting
        table.feed(Count(2.0, 1, 6))  # Bo held 6, not 4
        table.run_to(2.5)
        first, recount = (r for _, r in store.round_results(table.session_id))
        assert (first["hands_source"], recount["hands_source"]) == ("accounted", "counted")
        assert recount["tokens_lost"] == [0, 6, 2]
        stats = {p.player: p for p in store.hawaiki_stats()}
        assert [stats[n].tokens_lost for n in NAMES] == [0, 6, 2]
        assert [stats[n].rounds_won for n in NAMES] == [1, 0, 0]
        game = store.games(table.session_id)[0]
        tokens = {s.player: s.tokens for s in store.standings(game.id)}
        assert tokens == {"Ana": 10, "Bo": 4, "Cy": 8}

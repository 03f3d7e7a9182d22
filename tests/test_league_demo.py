"""`halli-pi demo --league FILE`: the simulated table publishes to the league of the file's
`[league]` section, as `run` does with a table config's, and the hall follows it."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3

from league_support import LEAGUE, RunningHall, games_from_log, running_broker, wait_until

from halli_pi.cli import main
from halli_pi.league.hall.standings import standings

# Short games: a whole game is all the league needs (seed 11 plays 50 cards in 62 simulated
# seconds where seed 3 plays 92 in 119; Hawaiki's seed 24 lays 12 cards in 20 s, seed 3 21 in 47).
CLASSIC_SEED = "11"
HAWAIKI_SEED = "24"


def demo(*args: str, seed: str = CLASSIC_SEED) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["demo", "--headless", "--json", "--seed", seed, "--players", "3", *args])
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_demo_publishes_to_the_league_of_its_file_and_the_hall_agrees(tmp_path, caplog):
    with running_broker(tmp_path / "broker") as broker:
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        league = tmp_path / "league.toml"
        # Only [league] is read: the other tables of a real table's config may be there.
        league.write_text(
            '[game]\nplayers = ["not", "read"]\n\n'
            f'[league]\nbroker = "mqtt://127.0.0.1:{broker.port}"\n'
            f'league = "{LEAGUE}"\ntable = "demo-table"\n'
        )
        db = tmp_path / "demo.sqlite3"
        code, log = demo("--db", str(db), "--league", str(league))
        assert code == 0
        with sqlite3.connect(db) as conn:
            (numbered,) = conn.execute("SELECT SUM(next_seq - 1) FROM league_sessions").fetchone()
            assert conn.execute("SELECT COUNT(*) FROM league_outbox").fetchone()[0] == 0
        assert numbered > len(log) // 2  # inputs and outputs went out, not just a few
        wait_until(lambda: hall.hall.held == numbered, what=f"{numbered} messages at the hall")
        board = hall.hall.scoreboard()
        hall.stop()
    # Leaving the broker at the end is a goodbye, not a lost connection.
    assert not [r.message for r in caplog.records if "lost the broker" in r.message]
    (table,) = board["tables"]
    assert table["table"] == "demo-table" and table["finished"] == 1
    assert table["mismatches"] == 0 and table["waiting"] == 0 and table["errors"] == []
    assert board["standings"] == [line.to_json() for line in standings(games_from_log(log))]


def test_a_bad_league_file_stops_the_demo_before_any_game(tmp_path, capsys):
    league = tmp_path / "league.toml"
    league.write_text('[league]\nbroker = "mqtt://127.0.0.1"\nleague = "friday"\n')
    db = tmp_path / "demo.sqlite3"
    code, log = demo("--db", str(db), "--league", str(league))
    err = capsys.readouterr().err
    assert code == 2 and log == [] and not db.exists()
    assert str(league) in err and "league.table" in err and "missing" in err
    league.write_text("[game]\n")
    assert demo("--league", str(league))[0] == 2
    assert "no [league] table" in capsys.readouterr().err


def test_a_hawaiki_demo_publishes_too_and_the_hall_replays_it(tmp_path):
    with running_broker(tmp_path / "broker") as broker:
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        league = tmp_path / "league.toml"
        league.write_text(
            f'[league]\nbroker = "mqtt://127.0.0.1:{broker.port}"\n'
            f'league = "{LEAGUE}"\ntable = "hawaiki-table"\n'
        )
        db = tmp_path / "demo.sqlite3"
        code, log = demo(
            "--ruleset",
            "hawaiki",
            "--tokens",
            "2",
            "--db",
            str(db),
            "--league",
            str(league),
            seed=HAWAIKI_SEED,
        )
        assert code == 0 and log[0]["ruleset"] == "hawaiki"
        with sqlite3.connect(db) as conn:
            (numbered,) = conn.execute("SELECT SUM(next_seq - 1) FROM league_sessions").fetchone()
            assert conn.execute("SELECT COUNT(*) FROM league_outbox").fetchone()[0] == 0
        assert numbered > len(log) // 2
        wait_until(lambda: hall.hall.held == numbered, what=f"{numbered} messages at the hall")
        board = hall.hall.scoreboard()
        hall.stop()
    (table,) = board["tables"]
    assert table["table"] == "hawaiki-table" and table["finished"] == 1
    assert table["mismatches"] == 0 and table["errors"] == []

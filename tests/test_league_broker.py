"""The league against a real Mosquitto: simulated tables publish, the broker restarts
mid-game, the hall restarts, and the hall still has every event once and the standings the
tables' own logs give."""

from __future__ import annotations

import json
import sqlite3

from league_support import (
    RunningHall,
    games_from_log,
    league_section,
    running_broker,
    wait_until,
)

from halli_pi.league import attach_league
from halli_pi.league.hall.standings import standings
from halli_pi.league.simtable import SimulatedTable, session_events


def hall_events(db, table: str, session: str) -> list[tuple[int, dict]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT seq, payload FROM messages WHERE tbl=? AND session=? ORDER BY seq",
            (table, session),
        ).fetchall()
    return [(seq, json.loads(payload)) for seq, payload in rows]


def test_tables_through_broker_and_hall_restarts_lose_and_double_nothing(tmp_path):
    with running_broker(tmp_path / "broker") as broker:
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        names = ["t1", "t2", "t3"]
        tables, publishers, logs = [], [], []
        for i, name in enumerate(names):
            table = SimulatedTable(tmp_path / f"{name}.sqlite3")
            publisher = attach_league(league_section(broker, name), table.store.path, table.referee)
            assert publisher is not None
            tables.append(table)
            publishers.append(publisher)
            logs.append(session_events(seed=3 + i, games=2, players=3 + i % 2))
        longest = max(len(events) for events in logs)

        def play(start: int, stop: int) -> None:
            for step in range(start, stop):
                for table, events in zip(tables, logs, strict=True):
                    if step < len(events):
                        table.feed(events[step])

        third = longest // 3
        play(0, third)
        broker.stop()  # mid-game: the tables keep playing into their outboxes
        play(third, third + 40)
        broker.start()
        play(third + 40, 2 * third)
        hall.stop()  # the hall goes away; the broker queues for its session
        play(2 * third, 2 * third + 40)
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        play(2 * third + 40, longest)
        for publisher in publishers:
            assert publisher.close(flush_timeout=30.0), "the broker never took the outbox"

        expected = {}
        for name, table, publisher in zip(names, tables, publishers, strict=True):
            with sqlite3.connect(table.store.path) as conn:
                (last,) = conn.execute(
                    "SELECT next_seq - 1 FROM league_sessions WHERE session=?",
                    (publisher.session,),
                ).fetchone()
                assert conn.execute("SELECT COUNT(*) FROM league_outbox").fetchone()[0] == 0
            expected[name] = (publisher.session, last)
        total = sum(last for _, last in expected.values())
        wait_until(lambda: hall.hall.held == total, what=f"the hall to hold {total} messages")
        board = hall.hall.scoreboard()
        hall.stop()

    for name, table in zip(names, tables, strict=True):
        session, last = expected[name]
        stored = hall_events(tmp_path / "hall.sqlite3", name, session)
        assert [seq for seq, _ in stored] == list(range(1, last + 1))  # none lost, none twice
        inputs = [m["event"] for _, m in stored if m["kind"] == "input"]
        assert inputs == table.log()  # every event of the table's own log, in its order
    own_games = [g for table in tables for g in games_from_log(table.log())]
    assert sum(1 for g in own_games if g.over is not None) >= len(tables)
    assert board["standings"] == [line.to_json() for line in standings(own_games)]
    assert all(t["mismatches"] == 0 and t["waiting"] == 0 for t in board["tables"])
    assert not board["rejected"]
    for table in tables:
        table.close()


def test_the_hall_command_follows_a_table_and_stops_cleanly_on_sigterm(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    from halli_pi.league.broker import free_port

    with running_broker(tmp_path / "broker") as broker:
        port = free_port()
        config = tmp_path / "hall.toml"
        config.write_text(
            f'[hall]\nbroker = "mqtt://127.0.0.1:{broker.port}"\nleague = "friday"\n'
            f'port = {port}\npin = "4711"\n'
        )
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        process = subprocess.Popen(
            [sys.executable, "-m", "halli_pi", "hall", "--config", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        try:

            def board() -> dict:
                url = f"http://127.0.0.1:{port}/api/scoreboard"
                try:
                    with urllib.request.urlopen(url, timeout=2) as answer:
                        return json.loads(answer.read())
                except OSError:
                    assert process.poll() is None, process.stderr.read().decode()
                    return {}

            wait_until(lambda: board().get("following"), what="the hall to follow the league")
            table = SimulatedTable(tmp_path / "t1.sqlite3")
            section = league_section(broker, "t1")
            publisher = attach_league(section, table.store.path, table.referee)
            for event in session_events(seed=9, games=1, players=3):
                table.feed(event)
            numbered = publisher.outbox.numbered(publisher.session)
            assert publisher.close(flush_timeout=30.0)
            wait_until(lambda: board().get("held") == numbered, what="the table's events")
            final = board()
            assert final["tables"][0]["finished"] == 1 and final["standings"]
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stderr.close()
        table.close()


def test_the_demo_table_through_vision_and_the_broker_agrees_with_the_hall(tmp_path):
    """The demo (rendered frames, the card reader, provisional rulings confirmed or corrected
    once vision catches up) joined to a league the way a session joins: the hall's replay
    agrees with every standing ruling the table made."""
    from halli_pi.simulation.demo import run_demo
    from halli_pi.store import Store

    with running_broker(tmp_path / "broker") as broker:
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        db = tmp_path / "demo.sqlite3"
        store = Store(db)
        joined = []
        _, figures, referee = run_demo(
            seed=11,  # a short whole game: 50 cards where seed 3 plays 92
            players=3,
            store=store,
            on_referee=lambda ref: joined.append(
                attach_league(league_section(broker, "demo"), db, ref)
            ),
        )
        (publisher,) = joined
        numbered = publisher.outbox.numbered(publisher.session)
        assert publisher.close(flush_timeout=30.0)
        wait_until(lambda: hall.hall.held == numbered, what="the demo's events at the hall")
        board = hall.hall.scoreboard()
        hall.stop()
        stored = hall_events(tmp_path / "hall.sqlite3", "demo", publisher.session)
        inputs = [m["event"] for _, m in stored if m["kind"] == "input"]
        assert inputs == store.export_session(referee.session_id)
        store.close()
    (table,) = board["tables"]
    assert figures.provisional > 0  # rulings made before vision caught up were compared too
    assert figures.decisions > 0 and table["finished"] == 1
    assert table["mismatches"] == 0 and table["errors"] == []

"""The league without a broker: the publisher's outbox handed to the hall by hand, so order,
duplicates, gaps, bad messages, mismatches and a restart can be set up exactly."""

from __future__ import annotations

import json
import sqlite3

import pytest

from halli_pi.league import attach_league
from halli_pi.league.config import parse_league
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStore
from halli_pi.league.outbox import Outbox
from halli_pi.league.publisher import Publisher
from halli_pi.league.simtable import SimulatedTable, session_events
from halli_pi.store import Store

LEAGUE = "friday"


def played_table(tmp_path, name="t1", seed=5, games=2):
    """A simulated session through a real referee, published to an outbox (no sender)."""
    section = {"broker": "mqtt://127.0.0.1", "league": LEAGUE, "table": name}
    table = SimulatedTable(tmp_path / f"{name}.sqlite3")
    publisher = Publisher(parse_league(section, "test"), Outbox(table.store.path), 1)
    table.referee.listeners.append(publisher)
    for event in session_events(seed=seed, games=games, players=3):
        table.feed(event)
    rows = publisher.outbox.take(0, 1_000_000)
    return table, publisher, rows


def log_rows(rows):
    return [r for r in rows if r.kind == "log"]


def test_the_outbox_holds_every_log_event_in_order_numbered_from_one(tmp_path):
    table, publisher, rows = played_table(tmp_path)
    messages = [json.loads(r.payload) for r in log_rows(rows)]
    assert [m["seq"] for m in messages] == list(range(1, len(messages) + 1))
    assert {m["session"] for m in messages} == {publisher.session}
    assert [m["event"] for m in messages if m["kind"] == "input"] == table.log()
    outputs = [m["event"] for m in messages if m["kind"] == "output"]
    assert any(o["type"] == "game_over" for o in outputs)
    assert all(
        o["status"] in ("final", "provisional", "confirmed", "corrected")
        for o in outputs
        if o["type"] == "ruling"
    )
    # Only the newest state waits to be sent: one state row, reflecting the last event.
    states = [r for r in rows if r.kind == "state"]
    assert len(states) == 1 and json.loads(states[0].payload)["seq"] == messages[-1]["seq"]
    assert json.loads(states[0].payload)["ended"] is True


def test_acknowledged_rows_go_and_the_rest_stay(tmp_path):
    _, publisher, rows = played_table(tmp_path, games=1)
    before = publisher.outbox.pending()
    publisher.outbox.acknowledge([rows[0].id, rows[1].id])
    assert publisher.outbox.pending() == before - 2
    reopened = Outbox(publisher.outbox.path)  # a reboot: the rest is still there
    assert reopened.pending() == before - 2


def test_without_a_league_section_nothing_is_created(tmp_path):
    store = Store(tmp_path / "t.sqlite3")
    referee = type("R", (), {"listeners": [], "session_id": 1})()
    assert attach_league(None, store.path, referee) is None
    assert referee.listeners == []
    with sqlite3.connect(store.path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert not any(n.startswith("league_") for n in names)
    store.close()


def deliver(hall, rows, order=None):
    for row in order if order is not None else rows:
        hall.receive(row.topic, row.payload)


def test_duplicates_and_any_order_give_the_same_games_as_in_order(tmp_path):
    _, _, rows = played_table(tmp_path)
    logs = log_rows(rows)
    straight = Hall(HallStore(tmp_path / "a.sqlite3"), LEAGUE)
    deliver(straight, rows)
    shuffled = Hall(HallStore(tmp_path / "b.sqlite3"), LEAGUE)
    import random

    twice = logs + logs[::3]
    random.Random(1).shuffle(twice)
    deliver(shuffled, twice)
    assert shuffled.duplicates == len(logs[::3])
    assert shuffled.held == straight.held == len(logs)
    a, b = straight.scoreboard(), shuffled.scoreboard()
    assert a["standings"] == b["standings"] and a["standings"]
    assert a["tables"][0]["mismatches"] == 0 and b["tables"][0]["waiting"] == 0


def test_a_missing_message_holds_back_what_follows_until_it_comes(tmp_path):
    _, _, rows = played_table(tmp_path, games=1)
    logs = log_rows(rows)
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    deliver(hall, logs[:10] + logs[11:])
    table = hall.scoreboard()["tables"][0]
    assert table["waiting"] == len(logs) - 11 and table["finished"] == 0
    deliver(hall, [logs[10]])
    table = hall.scoreboard()["tables"][0]
    assert table["waiting"] == 0 and table["finished"] == 1


def test_a_ruling_the_replay_does_not_give_is_flagged_and_not_believed(tmp_path):
    _, _, rows = played_table(tmp_path, games=1)
    honest = Hall(HallStore(tmp_path / "honest.sqlite3"), LEAGUE)
    deliver(honest, rows)
    tampered = []
    changed = False
    for row in rows:
        message = json.loads(row.payload)
        event = message.get("event", {})
        if not changed and event.get("type") == "ruling" and event.get("winner") is not None:
            event["cards"] = [c + 1 for c in event["cards"]]  # the table claims other counts
            changed = True
        tampered.append((row.topic, json.dumps(message).encode()))
    assert changed
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    for topic, payload in tampered:
        hall.receive(topic, payload)
    board = hall.scoreboard()
    assert board["tables"][0]["mismatches"] == 1
    assert any("otherwise" in " ".join(d["why"]) for d in board["disputed"])
    assert board["standings"] == honest.scoreboard()["standings"]


@pytest.mark.parametrize(
    ("topic", "payload", "words"),
    [
        ("halli-pi/other/t1/log", b"{}", "not a topic of league 'friday'"),
        ("halli-pi/friday/t1/log", b"\xff", "not valid JSON"),
        ("halli-pi/friday/t1/log", b"[1]", "must be a JSON object"),
        ("halli-pi/friday/t1/log", b'{"format": 9, "table": "t1"}', "field 'format'"),
        ("halli-pi/friday/t1/log", b'{"format": 1, "table": "t2"}', "field 'table'"),
        (
            "halli-pi/friday/t1/log",
            b'{"format": 1, "table": "t1", "session": "s", "seq": 0}',
            "field 'seq'",
        ),
        (
            "halli-pi/friday/t1/log",
            b'{"format": 1, "table": "t1", "session": "s", "seq": 1, "kind": "x"}',
            "field 'kind'",
        ),
    ],
)
def test_bad_messages_are_refused_naming_topic_and_field(tmp_path, topic, payload, words):
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    hall.receive(topic, payload)
    assert hall.held == 0
    (refusal,) = hall.scoreboard()["rejected"]
    assert refusal.startswith(f"topic {topic}") and words in refusal


def test_an_input_the_engine_refuses_is_located_and_stops_that_session_only(tmp_path):
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)

    def send(table, seq, event):
        message = {
            "format": 1,
            "table": table,
            "session": "s1",
            "seq": seq,
            "kind": "input",
            "event": event,
        }
        hall.receive(f"halli-pi/{LEAGUE}/{table}/log", json.dumps(message).encode())

    send("bad", 1, {"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"]})
    send("bad", 2, {"type": "reveal", "t": 1, "seat": 7, "card": "3 lime"})
    send("good", 1, {"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"]})
    tables = {t["table"]: t for t in hall.scoreboard()["tables"]}
    (error,) = tables["bad"]["errors"]
    assert "table bad, session s1, seq 2" in error and "seat" in error
    assert tables["good"]["errors"] == [] and tables["good"]["games"] == 1


def test_a_restarted_hall_rebuilds_the_same_board_from_its_store(tmp_path):
    _, _, rows = played_table(tmp_path)
    store = HallStore(tmp_path / "h.sqlite3")
    hall = Hall(store, LEAGUE)
    deliver(hall, rows)
    board = hall.scoreboard()
    store.close()
    again = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    rebuilt = again.scoreboard()
    assert again.received == 0 and again.held == board["held"]
    for key in ("standings", "fastest", "disputed", "tables"):
        assert rebuilt[key] == board[key]


def test_a_hawaiki_table_is_replayed_and_counted_too(tmp_path):
    from halli_pi.replay import replay
    from halli_pi.simulation.hawaiki_game import simulate_hawaiki

    game = simulate_hawaiki(players=3, seed=4)
    located = ((f"event {i}", e) for i, e in enumerate(game.events))
    messages = []
    for event, outputs in replay(located):
        if event is not None:
            messages.append(("input", event.to_json()))
        for out in outputs:
            obj = out.to_json()
            if obj["type"] == "ruling":
                obj["status"] = "final"
            messages.append(("output", obj))
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    for seq, (kind, event) in enumerate(messages, start=1):
        message = {
            "format": 1,
            "table": "island",
            "session": "s1",
            "seq": seq,
            "kind": kind,
            "event": event,
        }
        hall.receive(f"halli-pi/{LEAGUE}/island/log", json.dumps(message).encode())
    board = hall.scoreboard()
    (table,) = board["tables"]
    assert table["errors"] == [] and table["mismatches"] == 0
    assert table["finished"] == 1
    assert sum(line["points"] for line in board["standings"]) >= 1
    assert {line["player"] for line in board["standings"]} == set(game.players)
    # The comparison is real for Hawaiki too: a ruling claimed otherwise is flagged.
    tampered = Hall(HallStore(tmp_path / "t.sqlite3"), LEAGUE)
    changed = False
    for seq, (kind, event) in enumerate(messages, start=1):
        if not changed and kind == "output" and event["type"] == "ruling":
            event = {**event, "cards": [c + 1 for c in event["cards"]]}
            changed = True
        message = {
            "format": 1,
            "table": "island",
            "session": "s1",
            "seq": seq,
            "kind": kind,
            "event": event,
        }
        tampered.receive(f"halli-pi/{LEAGUE}/island/log", json.dumps(message).encode())
    assert changed and tampered.scoreboard()["tables"][0]["mismatches"] == 1


def test_a_message_the_disk_refuses_is_not_acknowledged_to_the_broker(tmp_path):
    from types import SimpleNamespace

    from halli_pi.league.config import BrokerConfig
    from halli_pi.league.hall.subscriber import Subscriber

    _, _, rows = played_table(tmp_path, games=1)
    store = HallStore(tmp_path / "h.sqlite3")
    hall = Hall(store, LEAGUE)
    subscriber = Subscriber(hall, BrokerConfig("127.0.0.1", 1), "test-hall")
    acked = []
    client = SimpleNamespace(ack=lambda mid, qos: acked.append(mid))

    def deliver_one(mid, row):
        message = SimpleNamespace(topic=row.topic, payload=row.payload, mid=mid, qos=1)
        subscriber._on_message(client, None, message)

    deliver_one(1, rows[0])
    store._conn.close()  # the disk goes away under the hall
    deliver_one(2, rows[1])
    assert acked == [1] and "cannot keep" in hall.scoreboard()["trouble"]
    hall.store = HallStore(tmp_path / "h.sqlite3")  # back again: the broker redelivers
    deliver_one(3, rows[1])
    assert acked == [1, 3] and hall.held == 2


def test_a_league_needs_the_log_in_a_file_and_names_the_config():
    from halli_pi.errors import ConfigError

    referee = type("R", (), {"listeners": [], "session_id": 1})()
    section = {"broker": "mqtt://127.0.0.1", "league": LEAGUE, "table": "t1"}
    with pytest.raises(ConfigError) as caught:
        attach_league(section, None, referee, where="table.toml")
    assert caught.value.where == "table.toml" and "outbox" in caught.value.message
    assert referee.listeners == []


def test_a_press_credited_by_hand_is_judged_again_by_the_hall(tmp_path):
    """A shared bell nobody was credited for; a person credits the ring at the table. With the
    referee telling its listeners of the corrected input, the hall
    judges the game again and agrees with the table's corrected rulings."""
    from halli_pi.referee import Referee
    from halli_pi.rules.events import End
    from halli_pi.simulation.game import simulate_game

    game = simulate_game(players=3, seed=5, shared_bell=True, credit_rate=0.0)
    table = SimulatedTable(tmp_path / "t1.sqlite3")
    table.referee = Referee(store=table.store, session_id=table.session_id)
    section = {"broker": "mqtt://127.0.0.1", "league": LEAGUE, "table": "t1"}
    publisher = Publisher(parse_league(section, "test"), Outbox(table.store.path), 1)
    table.referee.listeners.append(publisher)
    credits = 0
    for event in game.events:
        if isinstance(event, End):
            break
        table.feed(event)
        waiting = [r for r, _ in table.referee._ruled if r.uncredited]
        if waiting and credits < 3:
            table.referee.credit(None, 0)  # the person says seat 0 rang first
            credits += 1
    table.feed(game.events[-1])
    assert credits == 3
    rows = publisher.outbox.take(0, 1_000_000)
    assert sum(json.loads(r.payload).get("kind") == "correction" for r in rows) == credits
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), LEAGUE)
    deliver(hall, rows)
    board = hall.scoreboard()
    (summary,) = board["tables"]
    assert summary["errors"] == [] and summary["mismatches"] == 0
    # The same standings as the table's own log, which holds the credited presses.
    from league_support import games_from_log

    from halli_pi.league.hall.standings import standings

    own = [line.to_json() for line in standings(games_from_log(table.log()))]
    assert board["standings"] == own
    # Without the corrections the hall would disagree: the checks above could fail. (Each
    # correction is swapped for a notice, so the sequence stays whole.)
    blind = Hall(HallStore(tmp_path / "blind.sqlite3"), LEAGUE)
    for row in rows:
        message = json.loads(row.payload)
        if message.get("kind") == "correction":
            t = message["event"]["t"]
            message = {**message, "kind": "output", "event": {"type": "notice", "t": t}}
            message.pop("replaces")
        blind.receive(row.topic, json.dumps(message).encode())
    assert blind.scoreboard()["tables"][0]["mismatches"] >= credits

"""A hole in a table's seqs (a broker that dropped messages, a session that expired): the hall
replays nothing past it, says which seqs are missing and which game waits for them, leaves
that game out of the standings, and goes on when the missing messages arrive late."""

from __future__ import annotations

import json

from league_support import (
    LEAGUE,
    RunningHall,
    broker_config,
    games_from_log,
    running_broker,
    wait_until,
)

from halli_pi.league.config import parse_league
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.standings import standings
from halli_pi.league.hall.store import HallStore
from halli_pi.league.mqtt import connect, make_client
from halli_pi.league.outbox import Outbox
from halli_pi.league.publisher import Publisher
from halli_pi.league.simtable import SimulatedTable, session_events

TABLE = "t1"


def played_messages(tmp_path) -> tuple[list[tuple[str, bytes]], list[dict]]:
    """A table's two games as the publisher queues them, never sent: (topic, payload) of each
    log message in seq order, and the table's own session log."""
    section = {"broker": "mqtt://127.0.0.1:1", "league": LEAGUE, "table": TABLE}
    table = SimulatedTable(tmp_path / "table.sqlite3")
    outbox = Outbox(table.store.path)
    table.referee.listeners.append(Publisher(parse_league(section, "test"), outbox, None))
    for event in session_events(seed=5, games=2, players=3):
        table.feed(event)
    rows = [r for r in outbox.take(0, 100_000) if r.kind == "log"]
    log = table.log()
    outbox.close()
    table.close()
    return [(r.topic, r.payload) for r in rows], log


def publish(client, messages: list[tuple[str, bytes]]) -> None:
    for topic, payload in messages:
        client.publish(topic, payload, qos=1).wait_for_publish(timeout=10)


def test_a_hole_holds_its_game_back_until_the_missing_messages_come(tmp_path):
    messages, log = played_messages(tmp_path)
    seqs = [json.loads(payload)["seq"] for _, payload in messages]
    assert seqs == list(range(1, len(messages) + 1))
    second = [
        i
        for i, (_, payload) in enumerate(messages)
        if json.loads(payload)["event"]["type"] == "game"
    ][1]
    hole = range(second + 5, second + 8)  # three messages inside the second game
    own = games_from_log(log)
    assert len(own) == 2 and all(g.over is not None for g in own)

    with running_broker(tmp_path / "broker") as broker:
        hall = RunningHall(tmp_path / "hall.sqlite3", broker)
        client = make_client(broker_config(broker), "test-table-with-a-hole")
        connect(client, broker_config(broker), persistent=False)
        wait_until(client.is_connected, what="the table's client to connect")
        try:
            publish(client, [m for i, m in enumerate(messages) if i not in hole])
            arrived = len(messages) - len(hole)
            wait_until(lambda: hall.hall.held == arrived, what=f"{arrived} messages at the hall")
            board = hall.hall.scoreboard()
            (table,) = board["tables"]
            first, last = seqs[hole[0]], seqs[hole[-1]]
            gap = {
                "table": TABLE,
                "missing": [[first, last]],
                "game": 2,
                "waiting": len(messages) - 1 - hole[-1],
            }
            assert [{k: g[k] for k in gap} for g in table["gaps"]] == [gap]
            assert board["uncounted"] == table["gaps"]
            # Only the first game counts: nothing past the hole was judged on a guess.
            assert table["finished"] == 1 and table["mismatches"] == 0
            assert board["standings"] == [line.to_json() for line in standings(own[:1])]
            assert board["standings"] != [line.to_json() for line in standings(own)]
            # A hall started again from its store finds the same gap.
            again = HallStore(tmp_path / "hall.sqlite3")
            assert Hall(again, LEAGUE).scoreboard()["uncounted"] == board["uncounted"]
            again.close()

            publish(client, [messages[i] for i in reversed(hole)])  # late, and out of order
            wait_until(lambda: hall.hall.held == len(messages), what="the late messages")
            board = hall.hall.scoreboard()
        finally:
            client.disconnect()
            client.loop_stop()
            hall.stop()
    (table,) = board["tables"]
    assert table["gaps"] == [] and board["uncounted"] == [] and table["gaps_filled"] == 1
    assert table["finished"] == 2 and table["mismatches"] == 0 and table["errors"] == []
    assert board["standings"] == [line.to_json() for line in standings(own)]


def test_the_page_says_which_seqs_are_missing_and_what_is_not_counted(tmp_path):
    """Drawn by chromium: the table's card and the standings both name the gap."""
    import os

    import pytest

    from halli_pi.league.hall.web import serve
    from halli_pi.web.browser import CHROMIUM_ARGS, find_chromium

    executable = find_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        executable = None
    if executable is None:
        reason = "no chromium with Playwright here (Debian: apt-get install chromium)"
        if os.environ.get("HALLI_PI_REQUIRE_BROWSER") == "1":
            pytest.fail(f"HALLI_PI_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    store = HallStore(tmp_path / "hall.sqlite3")
    hall = Hall(store, LEAGUE)
    game = {"type": "game", "t": 0, "ruleset": "classic", "players": ["Ana", "Bo"]}
    for seq, event in ((1, game), (3, {"type": "end", "t": 9.0})):  # seq 2 never came
        message = {"format": 1, "table": TABLE, "session": "s1", "seq": seq, "kind": "input"}
        payload = json.dumps({**message, "event": event}).encode()
        hall.receive(f"halli-pi/{LEAGUE}/{TABLE}/log", payload)
    server = serve(hall, "127.0.0.1", 0, None)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(10_000)
            page.goto(server.url)
            page.wait_for_selector("#uncounted p")
            uncounted = page.locator("#uncounted").inner_text()
            card = page.locator("#tables").inner_text()
            browser.close()
    finally:
        server.stop()
        store.close()
    assert "Not counted: t1, seq 2 missing (session s1): game 1 on" in uncounted
    assert "gap: seq 2 missing" in card and "1 message(s) held" in card


def test_messages_the_tables_state_has_numbered_and_the_hall_lacks_are_counted(tmp_path):
    """A hole at the very end has nothing after it to show it; the table's state says how far
    it has numbered, so the page can say what has not come."""
    store = HallStore(tmp_path / "hall.sqlite3")
    hall = Hall(store, LEAGUE)

    def log_message(seq: int, event: dict) -> None:
        message = {"format": 1, "table": TABLE, "session": "s1", "seq": seq, "kind": "input"}
        payload = json.dumps({**message, "event": event}).encode()
        hall.receive(f"halli-pi/{LEAGUE}/{TABLE}/log", payload)

    def behind() -> int:
        (table,) = hall.scoreboard()["tables"]
        return table["behind"]

    log_message(1, {"type": "game", "t": 0, "ruleset": "classic", "players": ["Ana", "Bo"]})
    state = {"format": 1, "table": TABLE, "session": "s1", "seq": 2, "players": ["Ana", "Bo"]}
    hall.receive(f"halli-pi/{LEAGUE}/{TABLE}/state", json.dumps(state).encode())
    assert behind() == 1
    log_message(2, {"type": "end", "t": 9.0})
    assert behind() == 0
    store.close()

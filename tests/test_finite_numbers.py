"""NaN and Infinity go nowhere: not into a game from the page, not into the log, not out of it."""

from __future__ import annotations

import math

import pytest
from starlette.testclient import TestClient

from halli_pi.errors import InputError
from halli_pi.referee import Referee
from halli_pi.rules import GameStart
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.store import Store, StoreError
from halli_pi.web.app import create_app
from halli_pi.web.hub import Hub

PIN = {"X-Table-Pin": "246813"}


@pytest.fixture
def page():
    store = Store.memory()
    referee = Referee(store=store, session_id=store.begin_session())
    hub = Hub(controls=RefereeControls(referee, lambda: 9.0, seats=3), store=store)
    referee.listeners.append(PagePublisher(hub, referee))
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    with TestClient(create_app(hub, pin="246813")) as client:
        yield referee, client


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_new_game_with_a_non_finite_option_is_refused(page, value):
    referee, client = page
    body = '{"players": ["A", "B", "C"], "options": {"window_ms": ' + value + "}}"
    res = client.post("/api/game", content=body, headers=PIN | {"Content-Type": "application/json"})
    assert res.status_code == 400
    assert referee.engine.game.players == ("Ana", "Bo", "Cy")  # nothing changed


def test_the_controls_refuse_a_non_finite_option_given_in_code(page):
    referee, _ = page
    controls = RefereeControls(referee, lambda: 9.0, seats=3)
    with pytest.raises(InputError, match="options.tie_ms"):
        controls.new_game(["A", "B", "C"], "classic", {"tie_ms": math.inf})


def test_a_new_game_needs_a_player_per_seat_of_the_layout(page):
    referee, client = page
    res = client.post("/api/game", json={"players": [f"P{i}" for i in range(8)]}, headers=PIN)
    assert res.status_code == 400 and "3 seats" in res.json()["error"]
    assert referee.engine.game.players == ("Ana", "Bo", "Cy")
    res = client.post("/api/game", json={"players": ["Dee", "Eli", "Fay"]}, headers=PIN)
    assert res.status_code == 200, res.text
    assert referee.engine.game.players == ("Dee", "Eli", "Fay")


def test_the_log_refuses_a_non_finite_number_instead_of_writing_a_bare_nan():
    store = Store.memory()
    sid = store.begin_session()
    game = {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["A", "B"]}
    with pytest.raises(StoreError, match="finite"):
        store.record_input(sid, game | {"options": {"window_ms": math.nan}})
    assert store.export_session(sid) == []

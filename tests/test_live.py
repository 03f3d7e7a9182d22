"""The page's controls acting on the real referee: credit, correct a card, new game, refusals."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from halli_pi.cards import parse_card
from halli_pi.referee import Referee
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.store import Store
from halli_pi.web.app import create_app
from halli_pi.web.hub import Hub

PIN = {"X-Table-Pin": "2468"}


@pytest.fixture
def table():
    store = Store.memory()
    referee = Referee(store=store, session_id=store.begin_session())
    hub = Hub(controls=RefereeControls(referee, lambda: 9.0), store=store)
    referee.listeners.append(PagePublisher(hub, referee))
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    referee.vision([Reveal(1.0, 0, parse_card("3 plum")), Reveal(2.0, 1, parse_card("1 plum"))], 3)
    referee.press(Press(2.4, 2))
    referee.press(Press(2.6, None, "bell"))
    referee.tick(2.7)
    with TestClient(create_app(hub, pin="2468")) as client:
        yield referee, hub, client


def test_a_misread_card_corrected_from_the_page_rejudges_the_ring(table) -> None:
    referee, hub, client = table
    [wrong, _] = hub.state["rulings"]
    assert wrong["winner"] is None and wrong["presses"][0]["verdict"] == "wrong"
    assert client.post("/api/correct", json={"seat": 1, "card": "2 plum"}).status_code == 403
    answer = client.post("/api/correct", json={"seat": 1, "card": "2 plum"}, headers=PIN)
    assert answer.status_code == 200, answer.text
    assert referee.engine.snapshot()["players"][2]["cards"] == 12  # Cy won the piles after all
    corrected = [r for r in hub.state["rulings"] if r["status"] == "corrected"]
    assert corrected and corrected[0]["winner"] == 2 and corrected[0]["replaces"] == wrong["id"]


def test_bad_control_requests_change_nothing(table) -> None:
    referee, _, client = table
    before = referee.engine.snapshot()
    for path, body in [
        ("/api/correct", {"seat": 1, "card": "7 kiwi"}),
        ("/api/correct", {"seat": 9, "card": "1 lime"}),
        ("/api/credit", {"ruling_id": 999, "seat": 1}),
        ("/api/game", {"players": ["Solo"], "ruleset": "classic"}),
        ("/api/game", {"players": ["A", "B"], "ruleset": "snap"}),
    ]:
        answer = client.post(path, json=body, headers=PIN)
        assert answer.status_code in (400, 422), (path, body, answer.text)
        assert answer.json()  # a message a person can read
    assert referee.engine.snapshot() == before


def test_new_game_and_end_from_the_page(table) -> None:
    referee, _, client = table
    answer = client.post(
        "/api/game", json={"players": ["Di", "Ed"], "ruleset": "twist"}, headers=PIN
    )
    assert answer.status_code == 200, answer.text
    assert referee.engine.game.players == ("Di", "Ed")
    assert client.post("/api/end", json={}, headers=PIN).status_code == 200
    assert referee.engine.game.over

"""Every endpoint of the page's server, with bad input and without the PIN."""

from __future__ import annotations

import json
import socket

import httpx2
import pytest
from page_table import PageTable
from starlette.testclient import TestClient

from halli_pi.errors import ConfigError
from halli_pi.web.app import create_app, make_pin, qr_text, serve
from halli_pi.web.hub import Hub

PIN = "2468"
OK = {"X-Table-Pin": PIN}


@pytest.fixture
def table():
    table = PageTable(["Ana", "Bo", "Cy"], seed=3)
    table.play(until_ruling=True)
    return table


@pytest.fixture
def client(table):
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c


def post(client, url, body=None, headers=None, **kw):
    return client.post(url, json=body if body is not None else {}, headers=headers or {}, **kw)


# -- read-only views ------------------------------------------------------------------------


def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "/static/app.js" in page.text and "/events" not in page.text.split("<script")[0]
    for name, kind in (("app.js", "javascript"), ("app.css", "text/css")):
        res = client.get(f"/static/{name}")
        assert res.status_code == 200 and kind in res.headers["content-type"]
    # Offline on a Pi: nothing may come from another host.
    for text in (page.text, client.get("/static/app.js").text, client.get("/static/app.css").text):
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text


def test_state(client, table):
    snap = client.get("/api/state").json()
    assert snap["type"] == "snapshot" and snap["controls"] is True
    assert snap["game"]["players"] == ["Ana", "Bo", "Cy"]
    table_view = snap["state"]["table"]
    assert [p["name"] for p in table_view["players"]] == ["Ana", "Bo", "Cy"]
    assert {"totals", "fives", "turn"} <= set(table_view)
    (r,) = snap["rulings"]
    assert r["id"] == 1 and r["names"] == ["Ana", "Bo", "Cy"] and r["evidence"] == "/evidence/1.jpg"


def test_history_and_stats_without_a_store(client, table):
    table.play()  # to the end of the game
    games = client.get("/api/history").json()["games"]
    assert len(games) == 1 and games[0]["over"] and games[0]["winners"]
    assert sorted(s["name"] for s in games[0]["standings"]) == ["Ana", "Bo", "Cy"]
    assert games[0]["standings"][0]["rank"] == 1
    stats = client.get("/api/stats").json()
    names = {p["name"] for p in stats["players"]}
    assert names <= {"Ana", "Bo", "Cy"} and names
    for p in stats["players"]:
        assert {"correct", "wrong", "median_ms", "fastest_ms", "reactions_ms"} <= set(p)
    assert stats["fastest"] is None or stats["fastest"]["name"] in names


def test_frame_and_evidence(client):
    frame = client.get("/frame.jpg")
    assert frame.status_code == 200 and frame.headers["content-type"] == "image/jpeg"
    assert frame.content[:2] == b"\xff\xd8" and frame.headers["cache-control"] == "no-store"
    ev = client.get("/evidence/1.jpg")
    assert ev.status_code == 200 and ev.content[:2] == b"\xff\xd8"
    missing = client.get("/evidence/999.jpg")
    assert missing.status_code == 404 and "999" in missing.json()["error"]
    bad = client.get("/evidence/..%2Fsecret.jpg")
    assert bad.status_code == 404


def test_no_frame_yet_is_a_clear_404():
    with TestClient(create_app(Hub(), pin=PIN)) as c:
        res = c.get("/frame.jpg")
    assert res.status_code == 404 and res.json()["error"] == "no camera frame yet"


# -- controls: the PIN ----------------------------------------------------------------------

CONTROLS = [
    ("/api/game", {"players": ["Ana", "Bo"], "ruleset": "classic"}),
    ("/api/credit", {"ruling_id": 1, "seat": 0}),
    ("/api/correct", {"seat": 0, "card": "2 plum"}),
    ("/api/end", {}),
]


@pytest.mark.parametrize("url,body", CONTROLS)
def test_controls_refused_without_or_with_a_wrong_pin(client, table, url, body):
    before = client.get("/api/state").json()
    res = post(client, url, body)
    assert res.status_code == 403 and "PIN" in res.json()["error"]
    res = post(client, url, body, headers={"X-Table-Pin": "0000"})
    assert res.status_code == 403 and res.json()["error"] == "wrong table PIN"
    res = post(client, url, body | {"pin": "24680"})
    assert res.status_code == 403
    assert client.get("/api/state").json() == before  # nothing changed
    assert table.referee.stats.corrected == 0 and not table.engine.game.over


def test_server_without_a_pin_is_read_only(table):
    with TestClient(create_app(table.hub, pin=None)) as c:
        res = c.post("/api/end", json={"pin": ""}, headers={"X-Table-Pin": "anything"})
    assert res.status_code == 403 and "no table PIN" in res.json()["error"]
    assert not table.engine.game.over


def test_pin_as_a_body_field(client, table):
    res = post(client, "/api/end", {"pin": PIN})
    assert res.status_code == 200 and res.json() == {"ok": True}
    assert table.engine.game.over


def test_too_many_wrong_pins_locks_out_then_the_right_one_still_waits(client):
    codes = [
        post(client, "/api/end", headers={"X-Table-Pin": f"{i:04d}"}).status_code for i in range(8)
    ]
    assert codes == [403] * 8
    res = post(client, "/api/end", headers=OK)
    assert res.status_code == 429 and "wait" in res.json()["error"]


def test_presses_without_a_pin_do_not_lock_out(client, table):
    for _ in range(20):
        assert post(client, "/api/end").status_code == 403
    assert post(client, "/api/end", headers=OK).status_code == 200


def test_no_referee_controls_is_503():
    with TestClient(create_app(Hub(), pin=PIN)) as c:
        res = c.post("/api/end", json={}, headers=OK)
    assert res.status_code == 503


# -- controls: allowed, and bad input that changes nothing ------------------------------------


def test_new_game(client, table):
    res = post(client, "/api/game", {"players": "Dee, Eli", "ruleset": "twist"}, OK)
    assert res.status_code == 200, res.text
    snap = client.get("/api/state").json()
    assert snap["game"]["players"] == ["Dee", "Eli"] and snap["game"]["ruleset"] == "twist"
    assert snap["rulings"] == []
    # The game that was running ended with standings, and both are in the history.
    games = client.get("/api/history").json()["games"]
    assert [g["players"] for g in games] == [["Dee", "Eli"], ["Ana", "Bo", "Cy"]]
    assert games[1]["over"]


@pytest.mark.parametrize(
    "body,status,words",
    [
        ({"players": ["Ana"], "ruleset": "classic"}, 400, "players"),
        ({"players": ["Ana", "Bo"], "ruleset": "poker"}, 400, "poker"),
        ({"players": ["Ana", "Bo"], "options": {"speed": 2}}, 400, "speed"),
        ({"players": ["Ana", "Bo"], "options": {"tie_ms": -1}}, 400, "tie_ms"),
        ({"players": ["Ana", "Ana"]}, 422, "differ"),
        ({"players": ["Ana", ""]}, 422, "not a name"),
        ({"players": []}, 422, "players"),
        ({"ruleset": "classic"}, 422, "players"),
        ({"players": ["Ana", "Bo"], "options": [1]}, 422, "options"),
        ({"players": ["x" * 41, "Bo"]}, 422, "too long"),
    ],
)
def test_new_game_bad_input_changes_nothing(client, body, status, words):
    before = client.get("/api/state").json()
    res = post(client, "/api/game", body, OK)
    assert res.status_code == status, res.text
    assert words in res.json()["error"]
    assert client.get("/api/state").json() == before


def test_credit_a_shared_bell_press():
    table = PageTable(["Ana", "Bo"], script=False, frames=False)
    hub = table.hub
    table.reveal(0, "3 plum", at=1.0)
    table.reveal(1, "2 plum", at=2.0)
    table.press(None, at=2.4, source="bell")
    table.settle()
    (r,) = hub.state["rulings"]
    assert r["uncredited"] and r["winner"] is None
    with TestClient(create_app(hub, pin=PIN)) as c:
        assert post(c, "/api/credit", {"ruling_id": r["id"], "seat": 5}, OK).status_code == 400
        assert post(c, "/api/credit", {"ruling_id": 77, "seat": 1}, OK).status_code == 400
        assert post(c, "/api/credit", {"ruling_id": "x", "seat": 1}, OK).status_code == 422
        assert post(c, "/api/credit", {"seat": 1}, OK).status_code == 422
        assert post(c, "/api/credit", {"ruling_id": True, "seat": 1}, OK).status_code == 422
        assert hub.state["rulings"][0] == r  # nothing changed so far
        res = post(c, "/api/credit", {"ruling_id": r["id"], "seat": 1}, OK)
        assert res.status_code == 200, res.text
        again = post(c, "/api/credit", {"ruling_id": r["id"], "seat": 1}, OK)
    (credited,) = hub.state["rulings"]
    assert credited["winner"] == 1 and credited["status"] == "corrected"
    assert "Bo" in credited["reason"] and credited["presses"][0]["seat"] == 1
    assert again.status_code == 400 and "waits for a credit" in again.json()["error"]
    assert table.referee.stats.corrected == 1


def test_correct_a_card():
    table = PageTable(["Ana", "Bo", "Cy"], script=False)
    table.reveal(0, "3 plum", at=1.0)
    table.reveal(1, "1 plum", at=2.0)  # misread: it is a 2 plum
    table.press(2, at=2.4)
    table.settle()
    seat = 1
    with TestClient(create_app(table.hub, pin=PIN)) as client:
        [wrong] = client.get("/api/state").json()["rulings"]
        assert wrong["presses"][0]["verdict"] == "wrong"
        check_card_corrections(client, table, seat, wrong)


def check_card_corrections(client, table, seat, wrong):
    for body, status in [
        ({"seat": seat, "card": "12 plum"}, 400),
        ({"seat": seat, "card": "3 pineapple"}, 400),
        ({"seat": seat, "card": "2 red hat"}, 400),  # a Twist card on a classic table
        ({"seat": 9, "card": "2 plum"}, 400),
        ({"seat": seat}, 422),
        ({"seat": seat, "card": 3}, 422),
        ({"seat": seat, "card": "2 plum", "t": "soon"}, 422),
    ]:
        res = post(client, "/api/correct", body, OK)
        assert res.status_code == status, (body, res.text)
        assert res.json()["error"]
    assert table.referee.stats.corrected == 0
    res = post(client, "/api/correct", {"seat": seat, "card": "2 plum", "t": None}, OK)
    assert res.status_code == 200, res.text
    assert table.referee.stats.corrected == 1
    corrected = client.get("/api/state").json()["rulings"][-1]
    assert corrected["status"] == "corrected" and corrected["replaces"] == wrong["id"]
    assert corrected["presses"][0]["verdict"] == "correct" and "5 plum" in corrected["reason"]


def test_end_game(client, table):
    assert post(client, "/api/end", {}, OK).status_code == 200
    assert client.get("/api/state").json()["game_over"]["winners"]
    res = post(client, "/api/end", {}, OK)
    assert res.status_code == 400 and "no game is being played" in res.json()["error"]


@pytest.mark.parametrize(
    "content,ctype,words",
    [
        (b"{not json", "application/json", "not valid JSON"),
        (b"[1, 2]", "application/json", "JSON object"),
        (b"players=Ana", "application/x-www-form-urlencoded", "send JSON"),
        (b'{"players": ["Ana", "Bo"]}', "text/plain", "send JSON"),
    ],
)
def test_bodies_that_are_not_json_objects(client, content, ctype, words):
    res = client.post("/api/game", content=content, headers=OK | {"Content-Type": ctype})
    assert res.status_code == 400 and words in res.json()["error"]


def test_wrong_methods_and_paths(client):
    assert client.get("/api/game").status_code == 405
    assert client.post("/api/state").status_code == 405
    assert client.get("/nowhere").status_code == 404


# -- the real server: live stream, binding, QR -------------------------------------------------


def read_events(lines, n: int) -> list[dict]:
    events = []
    for line in lines:
        if line.startswith("data: "):
            events.append(json.loads(line[6:]))
            if len(events) == n:
                break
    return events


def test_serve_streams_a_snapshot_then_live_events(table):
    server = serve(table.hub, port=0, pin=PIN)
    try:
        assert server.url.startswith("http://127.0.0.1:") and server.host == "127.0.0.1"
        with (
            httpx2.Client(timeout=10) as http,
            http.stream("GET", server.url + "events") as res,
        ):
            assert res.headers["content-type"].startswith("text/event-stream")
            lines = res.iter_lines()
            (snap,) = read_events(lines, 1)
            assert snap["type"] == "snapshot" and snap["rulings"][0]["id"] == 1
            table.play(until_ruling=True)
            events = []
            while not any(e["type"] == "ruling" for e in events):
                events += read_events(lines, 1)
            ruling = next(e for e in events if e["type"] == "ruling")
            assert ruling["id"] == 2 and ruling["names"] == ["Ana", "Bo", "Cy"]
            # A control through the real server, then its effect on the stream.
            ok = http.post(server.url + "api/end", json={}, headers=OK)
            assert ok.status_code == 200
            while not any(e["type"] == "game_over" for e in events):
                events += read_events(lines, 1)
    finally:
        server.stop()
    with pytest.raises(httpx2.TransportError):
        httpx2.get(server.url + "api/state", timeout=2)


def test_serve_refuses_a_port_in_use():
    hub = Hub()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(ConfigError, match=f"127.0.0.1:{port}"):
            serve(hub, port=port)


def test_qr_text_and_pin():
    text = qr_text("http://192.168.1.20:8080/")
    lines = text.splitlines()
    assert len(lines) > 10 and all(len(line) == len(lines[0]) for line in lines[:-1])
    assert set(text) <= set("█▀▄ \n")
    pin = make_pin()
    assert len(pin) == 6 and pin.isdigit()

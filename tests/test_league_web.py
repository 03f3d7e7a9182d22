"""The hall's page, its PIN-guarded control, evidence thumbnails fetched from a table's page,
the `hall` command and its service unit."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PIL import Image
from starlette.testclient import TestClient

from halli_pi.cli import main
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStore
from halli_pi.league.hall.web import create_app

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "halli-pi-hall.service"
PIN = "4711"


def disputed_hall(tmp_path, page_url):
    """A hall with one table session whose one ruling is a tie (a disputed ruling)."""
    hall = Hall(HallStore(tmp_path / "h.sqlite3"), "friday")
    state = {"format": 1, "table": "t1", "page_url": page_url, "players": ["A", "B"]}
    hall.receive("halli-pi/friday/t1/state", json.dumps(state).encode())
    ruling = {
        "type": "ruling",
        "t": 2.05,
        "winner": None,
        "cards": [28, 28],
        "reason": "tie",
        "presses": [
            {"seat": 0, "t": 2.0, "verdict": "tie"},
            {"seat": 1, "t": 2.001, "verdict": "tie"},
        ],
        "id": 3,
        "status": "final",
        "evidence": True,
    }
    for seq, (kind, event) in enumerate(
        [
            ("input", {"type": "game", "t": 0, "ruleset": "classic", "players": ["A", "B"]}),
            ("output", ruling),
        ],
        start=1,
    ):
        message = {
            "format": 1,
            "table": "t1",
            "session": "s1",
            "seq": seq,
            "kind": kind,
            "event": event,
        }
        hall.receive("halli-pi/friday/t1/log", json.dumps(message).encode())
    return hall


@pytest.fixture
def table_page():
    """A stand-in for a table's page: serves one evidence photo at /evidence/3.jpg."""
    photo = io.BytesIO()
    Image.new("RGB", (1280, 960), (200, 30, 30)).save(photo, "JPEG")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            if self.path == "/evidence/3.jpg":
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.end_headers()
                self.wfile.write(photo.getvalue())
            else:
                self.send_error(404)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_page_and_the_scoreboard(tmp_path, table_page):
    hall = disputed_hall(tmp_path, table_page)
    with TestClient(create_app(hall, pin=PIN)) as client:
        page = client.get("/")
        assert page.status_code == 200 and "/hall.js" in page.text
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert client.get("/hall.js").status_code == 200
        board = client.get("/api/scoreboard").json()
    (dispute,) = board["disputed"]
    assert dispute["why"] == ["a tie"] and dispute["evidence"] is True
    assert board["tables"][0]["state"]["players"] == ["A", "B"]


def test_a_thumbnail_is_fetched_from_the_table_and_shrunk(tmp_path, table_page):
    hall = disputed_hall(tmp_path, table_page)
    with TestClient(create_app(hall)) as client:
        answer = client.get("/thumb/t1/3.jpg")
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/jpeg"
        assert Image.open(io.BytesIO(answer.content)).size[0] <= 320
        missing = client.get("/thumb/t1/4.jpg")
        assert missing.status_code == 502 and "answered 404" in missing.json()["error"]
        assert client.get("/thumb/nobody/3.jpg").status_code == 404


def test_a_table_page_that_is_gone_is_said_plainly(tmp_path):
    hall = disputed_hall(tmp_path, "http://127.0.0.1:9")
    with TestClient(create_app(hall)) as client:
        answer = client.get("/thumb/t1/3.jpg")
    assert answer.status_code == 502 and "cannot be reached" in answer.json()["error"]


def test_settling_a_dispute_needs_the_hall_pin(tmp_path, table_page):
    hall = disputed_hall(tmp_path, table_page)
    dispute = hall.scoreboard()["disputed"][0]["id"]
    body = {"dispute": dispute, "note": "video checked"}
    with TestClient(create_app(hall, pin=PIN)) as client:
        assert client.post("/api/resolve", json=body).status_code == 403
        wrong = client.post("/api/resolve", json=body, headers={"X-Hall-Pin": "0000"})
        assert wrong.status_code == 403 and "wrong" in wrong.json()["error"]
        assert hall.scoreboard()["disputed"][0]["resolved"] is None
        ok = client.post("/api/resolve", json=body, headers={"X-Hall-Pin": PIN})
        assert ok.status_code == 200
    assert hall.scoreboard()["disputed"][0]["resolved"] == "video checked"
    with TestClient(create_app(hall, pin=None)) as client:  # no PIN set: controls are off
        assert client.post("/api/resolve", json={**body, "pin": PIN}).status_code == 403


def test_the_hall_command_prints_the_board_from_its_database(tmp_path, table_page, capsys):
    hall = disputed_hall(tmp_path, table_page)
    hall.store.close()
    config = tmp_path / "hall.toml"
    config.write_text('[hall]\nbroker = "mqtt://127.0.0.1"\nleague = "friday"\ndb = "h.sqlite3"\n')
    assert main(["hall", "--config", str(config), "--show"]) == 0
    board = json.loads(capsys.readouterr().out)
    assert board["league"] == "friday" and board["held"] == 2
    config.write_text('[hall]\nbroker = "mqtt://127.0.0.1"\nleague = "friday"\ndb = "no.db"\n')
    assert main(["hall", "--config", str(config), "--show"]) == 2
    assert "no hall database" in capsys.readouterr().err
    assert not (tmp_path / "no.db").exists()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_rates_the_hall_unit_at_most_3():
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= 3.0, result.stdout


def test_the_hall_page_in_a_real_browser(tmp_path, table_page):
    """Drawn by chromium: standings, a dispute's photo on demand, settled with the PIN."""
    import os

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
    hall = disputed_hall(tmp_path, table_page)
    closing = {
        "format": 1,
        "table": "t1",
        "session": "s1",
        "seq": 3,
        "kind": "input",
        "event": {"type": "end", "t": 9.0},
    }
    hall.receive("halli-pi/friday/t1/log", json.dumps(closing).encode())
    expected = [line["player"] for line in hall.scoreboard()["standings"]]
    assert len(expected) == 2  # the table packed up: its game is over in the replay
    server = serve(hall, "127.0.0.1", 0, PIN)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(10_000)
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(server.url)
            page.wait_for_selector("#standings tbody tr")
            rows = page.locator("#standings tbody tr")
            names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(rows.count())]
            assert names == expected
            assert "t1" in page.locator("#tables").inner_text()
            page.click("#disputed button:has-text('photo')")
            photo = page.locator("#disputed img")
            # The thumbnail is fetched from the table's page through the hall and drawn.
            deadline = time.monotonic() + 10
            while photo.evaluate("img => img.naturalWidth") == 0:
                assert time.monotonic() < deadline, "the thumbnail never loaded"
                time.sleep(0.05)
            page.fill("#pin", PIN)
            page.click("#disputed button:has-text('looked at')")
            page.wait_for_selector("#disputed li.resolved")
            browser.close()
            assert errors == []
    finally:
        server.stop()

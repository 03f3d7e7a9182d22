"""`halli-pi run` refereeing Hawaiki: a table config with `ruleset = "hawaiki"`, a layout with
the three `piles` zones, mock pins and recorded frames, through the one table session,
recorded in the store."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from halli_pi.cli import main
from halli_pi.replay import outputs_of
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.sessionlog import read_events
from halli_pi.store import Store, StoreError
from halli_pi.vision.hawaiki.layout import layout_json
from halli_pi.vision.hawaiki.render import PileState, Placed, pile_zones, render_piles, tuning_look
from halli_pi.vision.render import IMAGE_SIZE

CONFIG = """
[game]
players = ["Ana", "Bo", "Cy"]
ruleset = "hawaiki"

[gpio]
pin_factory = "mock"

[[seats]]
button = 5
led_green = 6
led_red = 13

[[seats]]
button = 12
led_green = 16
led_red = 20

[[seats]]
button = 17
led_green = 27
led_red = 22

[camera]
source = "folder:frames"
layout = "layout.json"
"""
DEALT = ("5 red", "7 purple", "6 green")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """The frames, rendered once for the module: the deal, then a hand lays 2 red on pile 0."""
    look = tuning_look(3)
    folder = tmp_path_factory.mktemp("hawaiki-run")
    (folder / "layout.json").write_text(json.dumps(layout_json(pile_zones(look), IMAGE_SIZE)))
    frames = folder / "frames"
    frames.mkdir()
    piles = [
        PileState((Placed(parse_hcard(card), angle=-8.0 + 6.0 * k),))
        for k, card in enumerate(DEALT)
    ]
    laid = replace(
        piles[0], cards=piles[0].cards + (Placed(parse_hcard("2 red"), 0.05, 0.02, 25.0),)
    )
    film = (
        [(piles, False)] * 15
        + [(piles, True)] * 6  # a hand over pile 0
        + [([laid, *piles[1:]], True)] * 4  # the card lies under the hand
        + [([laid, *piles[1:]], False)] * 40
    )
    for index, (state, arm) in enumerate(film):
        shown = [replace(p, arm=arm and k == 0) for k, p in enumerate(state)]
        image = render_piles(shown, 3, look=look, frame=index * 4).frame
        cv2.imwrite(str(frames / f"{index:04d}.png"), image)
    return folder


@pytest.fixture
def table_dir(rendered: Path, tmp_path: Path) -> Path:
    """A config, a pile layout and the frames, in a folder of the test's own to change."""
    table = tmp_path / "table"
    shutil.copytree(rendered, table)
    (table / "table.toml").write_text(CONFIG)
    return table


def _rulings_in(db: Path) -> int:
    """How many rulings the running referee has recorded so far (none while the log is made)."""
    try:
        with Store(db, readonly=True) as store:
            sessions = store.sessions()
            return len(store.rulings(session_id=sessions[0].id)) if sessions else 0
    except StoreError:
        return 0  # not there yet, or its tables are being made


def _await_rulings(process: subprocess.Popen, db: Path, count: int, deadline: float) -> None:
    """Wait until the running referee has recorded ``count`` rulings; it must stay up."""
    while _rulings_in(db) < count:
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)


def _stop(process: subprocess.Popen) -> None:
    """Stop the referee as systemd does (SIGTERM) and wait for it to close its log."""
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)


def test_run_referees_hawaiki_from_the_camera_and_its_log_replays(table_dir: Path, capsys) -> None:
    db = table_dir / "log.sqlite3"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "halli_pi",
            "run",
            "--config",
            str(table_dir / "table.toml"),
            "--db",
            str(db),
            "--headless",
            "--no-web",
        ],
        cwd=table_dir,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        deadline = time.monotonic() + 60
        _await_rulings(process, db, 1, deadline)
        _stop(process)
    finally:
        if process.poll() is None:
            process.kill()
    err = process.stderr.read()
    assert process.returncode == 0, err
    # The store is the log: its export is the session log, and replays to the same rulings.
    with Store(db) as store:
        [session] = store.sessions()
        events = store.export_session(session.id, outputs=True)
        [record] = store.rulings(session_id=session.id)
    assert [e["type"] for e in events][:2] == ["game", "deal"] and events[-1]["type"] == "end"
    assert events[0]["ruleset"] == "hawaiki" and events[1]["piles"] == list(DEALT)
    [play] = [e for e in events if e["type"] == "play"]
    assert (play["pile"], play["card"]) == (0, "2 red")
    [ruling] = [e for e in events if e["type"] == "ruling"]
    assert (ruling["subject"], ruling["verdict"], ruling["seat"]) == ("play", "legal", 0)
    # A play has no press: its evidence photo is of the piles when the hand came.
    assert record.evidence and record.evidence[0].exists()
    log = table_dir / "session.jsonl"
    assert main(["export", str(session.id), "--db", str(db), "--output", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--json"]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [ruling]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _page(url: str, body: dict | None = None) -> tuple[int, dict]:
    """GET (or POST ``body`` with the table PIN) on the running table's page."""
    headers = {"Content-Type": "application/json", "X-Table-Pin": PAGE_PIN}
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers if body is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


PAGE_PIN = "246813"


def test_run_serves_the_hawaiki_page_and_its_controls_reach_the_log(table_dir: Path) -> None:
    """The page of a real run: the piles the camera read, hands as accounted, and a person's
    pass from the phone, ruled and logged as HAWAIKI.md's `pass` (a bad one refused)."""
    # The referee rules a person's input once the camera has seen past it: the recording
    # goes on (the table as it was left) long enough for the phone's answer to be seen.
    frames = sorted((table_dir / "frames").iterdir())
    for k in range(300):
        shutil.copy(frames[-1], frames[-1].with_name(f"{len(frames) + k:04d}.png"))
    port = _free_port()
    config = table_dir / "table.toml"
    config.write_text(CONFIG + f'\n[web]\nport = {port}\npin = "{PAGE_PIN}"\n')
    db = table_dir / "log.sqlite3"
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "halli_pi", "run", "--config", str(config), "--db", str(db)],
        cwd=table_dir,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        deadline = time.monotonic() + 60
        _await_rulings(process, db, 1, deadline)  # Ana's 2 red, read by the camera
        table = _page(f"{base}/api/state")[1]["state"]["table"]
        assert table["tops"] == ["2 red", *DEALT[1:]] and table["to_act"] == 1
        assert [(p["name"], p["hand"], p["tokens"]) for p in table["players"]] == [
            ("Ana", 5, 10),
            ("Bo", 6, 10),
            ("Cy", 6, 10),
        ]
        assert table["hands_source"] == "accounted"
        bad = _page(f"{base}/api/hawaiki/pass", {"seat": 3})
        assert bad[0] == 400 and "field 'seat'" in bad[1]["error"]
        assert _page(f"{base}/api/hawaiki/pass", {"seat": 1}) == (200, {"ok": True})
        _await_rulings(process, db, 2, deadline)
        _stop(process)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, process.stderr.read()
    with Store(db) as store:
        [session] = store.sessions()
        events = store.export_session(session.id, outputs=True)
    [passed] = [e for e in events if e["type"] == "pass"]
    assert set(passed) == {"type", "t", "seat"} and passed["seat"] == 1
    rulings = [e for e in events if e["type"] == "ruling"]
    assert [(r["subject"], r["verdict"], r["seat"]) for r in rulings] == [
        ("play", "legal", 0),
        ("pass", "pass", 1),
    ]
    inputs = [json.dumps(e) for e in events if e["type"] not in ("ruling", "round_over")]
    replayed = outputs_of([e for _, e in read_events(inputs, "run")])
    assert [o.to_json() for o in replayed if o.type == "ruling"] == rulings


def test_a_layout_without_piles_is_an_error_naming_the_file_and_the_field(
    table_dir: Path, capsys
) -> None:
    layout = table_dir / "layout.json"
    obj = json.loads(layout.read_text())
    del obj["piles"]
    layout.write_text(json.dumps(obj))
    code = main(["run", "--config", str(table_dir / "table.toml"), "--no-web", "--headless"])
    assert code == 2
    err = capsys.readouterr().err
    assert "layout.json" in err and "'piles'" in err and "Traceback" not in err


def test_a_hawaiki_config_checks_its_players_and_its_options(table_dir: Path, capsys) -> None:
    config = table_dir / "table.toml"
    config.write_text(
        CONFIG.replace(
            'ruleset = "hawaiki"', 'ruleset = "hawaiki"\noptions = {merci_window_s = "soon"}'
        )
    )
    assert main(["run", "--config", str(config), "--no-web", "--headless"]) == 2
    err = capsys.readouterr().err
    assert "table.toml" in err and "merci_window_s" in err

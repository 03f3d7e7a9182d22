"""`halli-pi run` refereeing Hawaiki: a table config with `ruleset = "hawaiki"`, a layout with
the three `piles` zones, mock pins and recorded frames, through the one table session,
recorded in the store."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from halli_pi.cli import main
from halli_pi.rules.hawaiki.cards import parse_hcard
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
        while not _rulings_in(db):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
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

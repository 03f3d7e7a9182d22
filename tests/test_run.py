"""`halli-pi run` on a table with mock pins and recorded frames: start, rule, stop cleanly."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import cv2
import pytest

from halli_pi.cards import parse_card
from halli_pi.store import Store, StoreError
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, random_look, render_scene

CONFIG = """
[game]
players = ["Ana", "Bo", "Cy"]
ruleset = "classic"

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


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """A layout and a folder of frames in which Ana then Bo turn a card, made once a module."""
    import numpy as np

    folder = tmp_path_factory.mktemp("run-table")

    zones = default_zones(3, IMAGE_SIZE)
    layout = {
        "image_size": list(IMAGE_SIZE),
        "seats": [
            {"seat": i, "name": n, "zone": z.tolist()}
            for i, (n, z) in enumerate(zip(["Ana", "Bo", "Cy"], zones, strict=True))
        ],
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    frames = folder / "frames"
    frames.mkdir()
    look = random_look(np.random.default_rng(1), hard=False)
    states = [
        (SeatState(), SeatState(), SeatState()),
        (SeatState(pile=(parse_card("3 plum"),)), SeatState(), SeatState()),
        (
            SeatState(pile=(parse_card("3 plum"),)),
            SeatState(pile=(parse_card("1 lime"),)),
            SeatState(),
        ),
    ]
    index = 0
    for state in states:
        image = render_scene(state, zones, 1, look=look).frame
        for _ in range(20):
            cv2.imwrite(str(frames / f"{index:04d}.png"), image)
            index += 1
    return folder


@pytest.fixture
def table_dir(rendered: Path, tmp_path: Path) -> Path:
    """A config, the layout and the frames, in a folder of the test's own to change."""
    table = tmp_path / "table"
    shutil.copytree(rendered, table)
    (table / "table.toml").write_text(CONFIG)
    return table


def _until(check: Callable[[], bool], seconds: float) -> bool:
    """Ask `check` again and again until it holds (True) or the deadline passes (False)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _drain(stream: IO[str]) -> list[str]:
    """Read the process's stderr in the background so a full pipe never blocks it; the list
    fills as lines come."""
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(stream), daemon=True).start()
    return lines


def _reveals_in(db: Path) -> list[tuple[int, str]]:
    """The reveals the running referee has logged so far (none while the log is not made)."""
    try:
        with Store(db, readonly=True) as store:
            sessions = store.sessions()
            events = store.input_events(sessions[0].id) if sessions else []
    except StoreError:
        return []  # not there yet, or its tables are being made
    return [(e["seat"], e["card"]) for e in events if e["type"] == "reveal"]


def test_run_reads_the_table_and_stops_on_sigterm(table_dir: Path) -> None:
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
        deadline = time.monotonic() + 30
        lines = []
        for line in process.stderr:
            lines.append(line)
            if "ready in" in line or time.monotonic() > deadline:
                break
        assert any("ready in" in line for line in lines), "".join(lines)
        # The folder's frames are read at their own rate: stop once both cards are in the log.
        rest = _drain(process.stderr)
        assert _until(lambda: len(_reveals_in(db)) == 2, 30), "".join(lines + rest)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, "".join(lines + rest)
    with Store(db) as store:
        [session] = store.sessions()
        log = store.export_session(session.id)
    types = [e["type"] for e in log]
    assert types[0] == "game" and types[-1] == "end"  # the log is complete after SIGTERM
    reveals = [(e["seat"], e["card"]) for e in log if e["type"] == "reveal"]
    assert reveals == [(0, "3 plum"), (1, "1 lime")]


def test_run_without_a_layout_says_what_to_do(tmp_path: Path, capsys) -> None:
    from halli_pi.cli import main

    (tmp_path / "table.toml").write_text(CONFIG.replace('layout = "layout.json"\n', ""))
    code = main(["run", "--config", str(tmp_path / "table.toml"), "--no-web", "--headless"])
    assert code == 2
    assert "no table layout" in capsys.readouterr().err


def _start_run(table_dir: Path, db: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
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
            *extra,
        ],
        cwd=table_dir,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def _wait_for(lines: list[str], stream, words: str, seconds: float) -> bool:
    """Read stderr lines until one holds ``words`` (True) or the deadline passes."""
    deadline = time.monotonic() + seconds
    for line in stream:
        lines.append(line)
        if words in line:
            return True
        if time.monotonic() > deadline:
            return False
    return False


def test_a_camera_folder_that_goes_away_is_reported_and_reopened(table_dir: Path) -> None:
    import shutil

    db = table_dir / "log.sqlite3"
    frames = table_dir / "frames"
    kept = table_dir / "kept-frames"
    shutil.copytree(frames, kept)
    process = _start_run(table_dir, db)
    lines: list[str] = []
    try:
        assert _wait_for(lines, process.stderr, "ready in", 30), "".join(lines)
        shutil.rmtree(frames)
        assert _wait_for(lines, process.stderr, "the camera is lost", 20), "".join(lines)
        shutil.copytree(kept, frames)
        assert _wait_for(lines, process.stderr, "the camera is back", 20), "".join(lines)
        assert process.poll() is None  # still refereeing
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    rest = process.stderr.read()
    assert process.returncode == 0, "".join(lines) + rest
    assert "Traceback" not in "".join(lines) + rest


def test_a_log_that_refuses_writes_stops_the_referee_with_a_clear_error(
    table_dir: Path, monkeypatch, capsys
) -> None:
    """A full disk: the referee thread's write fails; the main loop stops feeding the
    watchdog and `run` exits 2 naming the file, instead of refereeing on without a log."""
    from halli_pi.cli import main
    from halli_pi.runtime import notify
    from halli_pi.store import StoreWriteError

    real = Store.record_inputs
    calls = []

    def full_after_the_game(self, session_id, events):
        calls.append(1)
        if len(calls) > 1:
            raise StoreWriteError(f"{self.path}: cannot record: database or disk is full")
        return real(self, session_id, events)

    pings = []
    monkeypatch.setattr(Store, "record_inputs", full_after_the_game)
    monkeypatch.setattr(notify.Watchdog, "tick", lambda self: pings.append(time.monotonic()))
    monkeypatch.chdir(table_dir)
    started = time.monotonic()
    code = main(
        [
            "run",
            "--config",
            str(table_dir / "table.toml"),
            "--db",
            str(table_dir / "log.sqlite3"),
            "--headless",
            "--no-web",
            "--duration",
            "30",
        ]
    )
    stopped = time.monotonic()
    err = capsys.readouterr().err
    assert code == 2, err
    assert "halli-pi: error:" in err and "database or disk is full" in err
    assert "Traceback" not in err
    assert stopped - started < 20  # it stopped on the failure, not at the end of --duration
    assert pings and max(pings) < stopped


def test_serving_beyond_this_machine_warns_and_headless_logs_the_url_and_pin(caplog) -> None:
    import logging

    from halli_pi.runtime.page import announce_page

    with caplog.at_level(logging.WARNING):
        announce_page("http://192.0.2.7:8080/", "0.0.0.0", "482913", headless=True)
    text = caplog.text
    assert "served beyond this machine (0.0.0.0)" in text
    assert "http://192.0.2.7:8080/" in text and "482913" in text
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        announce_page("http://127.0.0.1:8080/", "127.0.0.1", "111111", headless=True)
    assert "beyond" not in caplog.text and "111111" in caplog.text
    assert "digits" not in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        announce_page("http://127.0.0.1:8080/", "127.0.0.1", "2468", headless=True)
    assert "the table PIN has 4 digits" in caplog.text


def test_run_refuses_a_reader_model_it_cannot_load_by_the_configs_key(
    tmp_path: Path, capsys
) -> None:
    from halli_pi.cli import main

    (tmp_path / "layout.json").write_text("{}")
    bad = CONFIG.replace('layout = "layout.json"\n', 'layout = "layout.json"\nmodel = "nosuch"\n')
    (tmp_path / "table.toml").write_text(bad)
    code = main(["run", "--config", str(tmp_path / "table.toml"), "--no-web", "--headless"])
    assert code == 2
    err = capsys.readouterr().err
    assert "[camera] model" in err and "nosuch" in err


def test_run_reads_with_the_rulesets_deck_unless_the_config_names_a_model() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from halli_pi.config import CameraConfig
    from halli_pi.runtime.run_loop import resolve

    args = SimpleNamespace(
        players=None,
        ruleset=None,
        camera="folder:x",
        layout="l.json",
        db=None,
        no_web=True,
        host=None,
        port=None,
        speak=False,
        headless=True,
        duration=None,
        mock_pins=True,
    )
    import tomllib

    from halli_pi.config import parse_config

    config = parse_config(tomllib.loads(CONFIG))
    assert resolve(config, args).model == "classic"
    args.ruleset = "twist"
    assert resolve(config, args).model == "twist"
    clone = replace(config, camera=CameraConfig("folder:x", None, "clone"))
    assert resolve(clone, args).model == "clone"


def test_run_with_a_shared_bell_and_a_bell_zone_lets_the_camera_name_who_rang(
    table_dir: Path,
) -> None:
    config = (table_dir / "table.toml").read_text()
    config = config.replace("[camera]", '[[bell]]\nkind = "switch"\npin = 4\n\n[camera]')
    (table_dir / "table.toml").write_text(config)
    layout = json.loads((table_dir / "layout.json").read_text())
    layout["bell"] = {"zone": [[280, 200], [360, 200], [360, 280], [280, 280]]}
    (table_dir / "layout.json").write_text(json.dumps(layout))
    db = table_dir / "log.sqlite3"
    process = _start_run(table_dir, db)
    lines: list[str] = []
    try:
        assert _wait_for(lines, process.stderr, "ready in", 30), "".join(lines)
        assert any("camera names who rang the shared bell (60 fps)" in ln for ln in lines)
        # The folder's frames go through the hand tracker and on to the card reader.
        rest = _drain(process.stderr)
        assert _until(lambda: len(_reveals_in(db)) == 2, 30), "".join(lines + rest)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, "".join(lines + rest)

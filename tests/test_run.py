"""`halli-pi run` on a table with mock pins and recorded frames: start, rule, stop cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest

from halli_pi.cards import parse_card
from halli_pi.store import Store
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


@pytest.fixture
def table_dir(tmp_path: Path) -> Path:
    """A config, a layout and a folder of frames in which Ana then Bo turn a card."""
    import numpy as np

    zones = default_zones(3, IMAGE_SIZE)
    layout = {
        "image_size": list(IMAGE_SIZE),
        "seats": [
            {"seat": i, "name": n, "zone": z.tolist()}
            for i, (n, z) in enumerate(zip(["Ana", "Bo", "Cy"], zones, strict=True))
        ],
    }
    (tmp_path / "layout.json").write_text(json.dumps(layout))
    (tmp_path / "table.toml").write_text(CONFIG)
    frames = tmp_path / "frames"
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
    return tmp_path


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
        time.sleep(2.0)  # the folder's frames are read at their own rate
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, process.stderr.read()
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

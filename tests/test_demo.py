"""The demo end to end: rendered frames through vision, mock pins through the bell, the
referee, and a session log that replays to the same rulings."""

from __future__ import annotations

import json

import pytest

from halli_pi.cli import main
from halli_pi.replay import outputs_of
from halli_pi.sessionlog import event_from_json

OUTPUT_TYPES = ("ruling", "eliminated", "game_over")


@pytest.fixture(scope="module")
def demo_log(tmp_path_factory) -> list[dict]:
    import contextlib
    import io

    db = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            # seed 11: a short whole game (50 cards in 62 simulated seconds; seed 3 plays 92)
            ["demo", "--headless", "--json", "--seed", "11", "--players", "3", "--db", str(db)]
        )
    assert code == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_demo_plays_a_whole_game(demo_log) -> None:
    types = [line["type"] for line in demo_log]
    assert types[0] == "game" and types[-1] in ("end", "game_over")
    assert types.count("game_over") == 1
    assert types.count("reveal") > 20 and types.count("ruling") > 3
    times = [line["t"] for line in demo_log]
    assert times == sorted(times)  # the session log is in time order


def test_replay_of_the_demo_log_gives_the_same_rulings(demo_log) -> None:
    inputs = [e for e in (event_from_json(line) for line in demo_log) if e is not None]
    replayed = [o.to_json() for o in outputs_of(inputs) if o.type in OUTPUT_TYPES]
    logged = [line for line in demo_log if line["type"] in OUTPUT_TYPES]
    assert replayed == logged


def test_presses_went_through_the_bell_with_their_stamps(demo_log) -> None:
    presses = [line for line in demo_log if line["type"] == "press"]
    assert presses and all(p["source"] == "button" for p in presses)


def test_demo_refuses_bad_options(capsys) -> None:
    assert main(["demo", "--players", "9", "--headless"]) == 2
    assert "--players 9" in capsys.readouterr().err


def test_the_winner_s_light_shows_the_verdict() -> None:
    from halli_pi.bell.signals import Colour
    from halli_pi.referee import RefereeListener, Status
    from halli_pi.runtime.lights_and_evidence import LightsListener
    from halli_pi.simulation.demo import run_demo

    seen = []

    class Watch(RefereeListener):
        def on_decision(self, decision) -> None:
            if decision.status is Status.FINAL and decision.ruling.winner is not None:
                seen.append(lights.signals.colour(decision.ruling.winner))

    lights = None

    def grab(referee) -> None:
        nonlocal lights
        lights = next(li for li in referee.listeners if isinstance(li, LightsListener))

    # 22 cards: four final rulings with a winner (30 cards gave six, for 1.6 times the CPU)
    run_demo(seed=3, players=3, listeners=[Watch()], on_referee=grab, max_reveals=22)
    assert len(seen) >= 3 and all(colour is Colour.GREEN for colour in seen)


def test_a_twist_table_is_read_with_the_taught_twist_model() -> None:
    from halli_pi.simulation.demo import run_demo
    from halli_pi.simulation.game import simulate_game

    collector, figures, _ = run_demo(seed=5, players=3, ruleset="twist", max_reveals=40)
    played = [e for e in simulate_game(3, 5, "twist", max_reveals=40).events if e.type == "reveal"]
    seen = [line for line in collector.lines if line["type"] == "reveal"]
    assert figures.reveals_played == len(played)
    # Every card the camera accepted is the card that was turned (none invented, none misread).
    turned = {(e.seat, str(e.card)) for e in played}
    assert seen and all((line["seat"], line["card"]) in turned for line in seen)
    assert len(seen) >= 0.9 * len(played)


def test_sigterm_ends_the_demo_cleanly_and_removes_its_temporary_folder(tmp_path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    from halli_pi.store import Store, StoreError

    db = tmp_path / "kept.sqlite3"
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "halli_pi", "demo", "--headless", "--web", "--port", "0"]
    err_path = tmp_path / "stderr.txt"  # a file, not a pipe nobody reads: it never fills
    # Seed 6: the first press 1.25 simulated seconds in (the default seed 7's 15.5), so its
    # ruling is in the log within a second of play, mid-game (the test's CPU 3.3 -> 1.7 s).
    with open(err_path, "w") as err_file:
        process = subprocess.Popen(
            [*args, "--seed", "6", "--games", "50", "--db", str(db)],
            env=env,
            stderr=err_file,
            text=True,
        )
    try:
        deadline = time.monotonic() + 30
        # wait until a ruling is in the log, so the session is open mid-game
        while time.monotonic() < deadline:
            try:
                with Store(db, readonly=True) as s:
                    if s.sessions() and s.sessions()[0].rulings:
                        break
            except StoreError:
                pass  # not there yet, or its tables are being made
            time.sleep(0.1)
        temp = [p for p in tmp_path.iterdir() if p.name.startswith("halli-pi-demo-")]
        assert temp, "the demo should have made its temporary folder"
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    err = err_path.read_text()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("halli-pi-demo-")]
    with Store(db, readonly=True) as s:
        [session] = s.sessions()
    assert session.ended_t is not None  # the session was closed in the log

"""A running table with one shared bell: the bell's switch on mock pins, rendered frames through
the camera gate (runtime.camera_bell), the camera's credit on the logged press."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from halli_pi.bell.fake import FakeBell, demo_table
from halli_pi.clock import SessionClock
from halli_pi.evidence import FrameRing
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules.events import GameStart, Press
from halli_pi.runtime.camera_bell import BELL_FPS, CameraBell, attach, camera_fps
from halli_pi.runtime.session import TableSession
from halli_pi.store import Store
from halli_pi.vision.hands import HandTracker
from halli_pi.vision.layout import layout_from_zones
from halli_pi.vision.reader import load_profile
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, random_look, render_scene
from halli_pi.vision.render_hands import RING, bell_spot, draw_arms, draw_bell, random_reach
from halli_pi.vision.tracker import Tracker

NAMES = ("Ana", "Bo", "Cy")


class _Decisions(RefereeListener):
    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def on_decision(self, decision: Decision) -> None:
        self.seen.append(decision)


def _table(tmp_path, seed: int = 4):
    zones = default_zones(len(NAMES), IMAGE_SIZE)
    bell = bell_spot(IMAGE_SIZE)
    look = random_look(np.random.default_rng(seed), hard=False)
    base = render_scene([SeatState(()) for _ in NAMES], zones, seed, look=look).frame
    store = Store(tmp_path / "log.sqlite3")
    session = store.begin_session(name="table", config={"players": list(NAMES)})
    referee = Referee(store=store, session_id=session)
    tracker = Tracker(zones, IMAGE_SIZE, load_profile("classic"))
    table = TableSession(referee, FrameRing(capacity=32), tracker=tracker, names=NAMES)
    decisions = _Decisions()
    table.listen(decisions)
    clock = SessionClock()
    # The bell's switch on mock pins, its presses handed to the session as `run` does.
    config = demo_table(len(NAMES), buttons=False, shared="switch")
    fake = FakeBell(config, clock=clock, order_hold_ms=0.0, on_press=table.press)
    referee.new_game(GameStart(0.0, "classic", NAMES, {}))
    return zones, bell, draw_bell(base, bell), store, session, table, decisions, fake


def test_a_shared_ring_goes_to_the_referee_with_the_seat_the_camera_names(tmp_path) -> None:
    zones, bell, base, store, session, table, decisions, fake = _table(tmp_path)
    gate = CameraBell(table, HandTracker(IMAGE_SIZE, zones, bell.zone()))
    strike = 1.0
    ring = random_reach(np.random.default_rng(5), 2, zones[2], bell, RING, strike)
    rng = np.random.default_rng(0)
    pressed = False
    k = 0
    while (t := 0.5 + k / BELL_FPS) < 2.0:
        if not pressed and t >= strike:
            fake.press(None, at=strike, hold_ms=60.0, bounces=3)
            pressed = True
            # Held: the referee hears nothing of it, and is not ruled past its edge.
            assert gate.tick_cap(t) == strike and decisions.seen == []
        gate.frame(t, draw_arms(base, bell, [ring], t, rng=rng), now=t)
        k += 1
    table.tick_until(3.0)
    store.close()
    with Store(tmp_path / "log.sqlite3") as again:
        presses = [e for e in again.export_session(session) if e["type"] == "press"]
    assert len(presses) == 1
    assert presses[0]["seat"] == 2 and presses[0]["source"] == "camera"
    assert presses[0]["t"] == pytest.approx(strike, abs=1e-6)
    assert 0.5 < presses[0]["confidence"] <= 1.0
    ruled = [pv.seat for d in decisions.seen for pv in d.ruling.presses]
    assert ruled and set(ruled) == {2}
    # The card tracker read every second frame, the hands every frame.
    assert gate.table_every == 2 and len(table.ring) > 0


def test_with_no_frames_a_held_ring_goes_on_uncredited_for_a_person(tmp_path) -> None:
    zones, bell, base, store, session, table, decisions, fake = _table(tmp_path)
    gate = CameraBell(table, HandTracker(IMAGE_SIZE, zones, bell.zone()), timeout_s=0.3)
    for k in range(30):
        t = k / BELL_FPS
        gate.frame(t, base, now=t)
    fake.press(None, at=0.6, hold_ms=60.0)  # then the camera is gone
    table.tick(0.8)
    assert decisions.seen == []  # still waiting for frames past the edge
    table.tick(0.95)  # the wait is over: on to the referee as it came
    table.tick_until(3.0)
    # No seat: the ring is ruled as the bell's, and a person says who rang if it won.
    assert decisions.seen and [pv.seat for pv in decisions.seen[-1].ruling.presses] == [None]
    store.close()


def test_a_seat_buttons_press_passes_the_gate() -> None:
    class _Table:
        gate = None

    zones = default_zones(2, IMAGE_SIZE)
    bell = bell_spot(IMAGE_SIZE)
    gate = CameraBell(_Table(), HandTracker(IMAGE_SIZE, zones, bell.zone()))  # type: ignore[arg-type]
    assert gate.hold(Press(1.0, 1, "button")) is False
    assert gate.hold(Press(1.0, None, "switch")) is True
    assert gate.tick_cap(5.0) == 1.0


def test_the_camera_runs_at_the_bells_rate_only_when_it_credits_the_bell() -> None:
    assert camera_fps("picamera2", True) == BELL_FPS
    assert camera_fps("folder:frames", True) == BELL_FPS
    assert camera_fps("video:game.mp4", True) is None  # a video keeps its own rate
    assert camera_fps("picamera2", False) is None


def test_attach_needs_a_shared_bell_and_a_bell_zone(tmp_path, caplog) -> None:
    zones, bell, base, store, session, table, decisions, fake = _table(tmp_path)
    layout = layout_from_zones(IMAGE_SIZE, zones, NAMES, bell=bell.zone())
    assert attach(table, False, layout) is None and table.gate is None
    assert attach(table, True, dataclasses.replace(layout, bell=None)) is None
    assert "no bell zone" in caplog.text and table.gate is None
    gate = attach(table, True, layout)
    assert gate is not None and table.gate is gate
    store.close()

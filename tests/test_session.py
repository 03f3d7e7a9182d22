"""The table session: the per-frame step, the page's camera view pacing, ticks on a clock."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.evidence import FrameRing
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules import GameStart, Press
from halli_pi.runtime.page import PagePublisher
from halli_pi.runtime.session import FRAME_PUBLISH_S, TableSession
from halli_pi.vision.reader import load_profile
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, render_scene
from halli_pi.vision.tracker import Tracker
from halli_pi.web.hub import Hub

NAMES = ("Ana", "Bo", "Cy")
FPS = 30.0


class CameraViews(PagePublisher):
    """The real publisher, noting when it refreshed the page's camera view."""

    def __init__(self, hub: Hub) -> None:
        super().__init__(hub)
        self.shown: list[float] = []

    def show_camera(self, t, image, views, polygons) -> None:
        self.shown.append(t)
        super().show_camera(t, image, views, polygons)


@pytest.fixture
def table():
    zones = default_zones(len(NAMES), IMAGE_SIZE)
    referee = Referee()
    tracker = Tracker(zones, IMAGE_SIZE, load_profile("classic"))
    session = TableSession(referee, FrameRing(capacity=4), tracker=tracker, names=NAMES)
    referee.new_game(GameStart(0.0, "classic", NAMES, {}))
    return session, zones


def frame_of(zones, piles):
    seats = [SeatState(pile=tuple(parse_card(c) for c in pile)) for pile in piles]
    return render_scene(seats, zones, seed=1).frame


def test_the_page_s_camera_view_is_refreshed_at_the_one_pace(table) -> None:
    session, zones = table
    hub = Hub()
    publisher = CameraViews(hub)
    session.show_page(publisher)
    image = frame_of(zones, [[], [], []])
    for k in range(int(2 * FPS)):
        session.frame(round(k / FPS, 6), image)
    gaps = [b - a for a, b in zip(publisher.shown, publisher.shown[1:], strict=False)]
    assert publisher.shown[0] == 0.0 and len(publisher.shown) >= 6
    assert all(FRAME_PUBLISH_S <= gap < FRAME_PUBLISH_S + 1 / FPS + 1e-6 for gap in gaps)
    # What the page got is the zones as the tracker reads them, with the frame's size.
    state = hub.state["state"]
    assert state["image_size"] == list(IMAGE_SIZE)
    assert [z["seat"] for z in state["zones"]] == [0, 1, 2]
    assert hub.frame[0] is not None


def test_a_pile_not_yet_seen_is_named_and_a_settled_table_is_not(table) -> None:
    session, zones = table
    image = frame_of(zones, [["3 plum"], [], ["1 lime"]])
    # Before any frame no pile has been seen: every seat is named.
    assert session.tracker.covered_seats() == [0, 1, 2]
    assert session.blind_reason() == f"{NAMES[0]}, {NAMES[1]}, {NAMES[2]}' piles are covered"
    seen = []
    for k in range(0, 30):
        t = round(k / FPS, 6)
        seen += session.frame(t, image)
        if session.tracker.settled_until(t) == t:
            break  # every zone has reported all it will: the watermark is the frame's time
    else:
        pytest.fail("the tracker never settled on a still table")
    assert session.blind_reason() is None and session.tracker.covered_seats() == []
    assert sorted((r.seat, str(r.card)) for r in seen) == [(0, "3 plum"), (2, "1 lime")]


def test_ticks_on_a_simulated_clock_rule_each_burst_when_its_window_closes(table) -> None:
    session, _ = table
    heard: list[tuple[Decision, float | None]] = []

    class Timed(RefereeListener):
        def on_decision(self, decision: Decision) -> None:
            heard.append((decision, session.tick_ms()))

    session.listen(Timed())
    session.referee.vision([], 10.0)
    session.press(Press(1.0, 0))
    session.tick_until(1.0)
    assert heard == []  # the window is still open
    session.tick_until(5.0)
    [(decision, ms)] = heard
    assert decision.ruling.presses[0].seat == 0 and decision.ruling.winner is None
    assert ms is not None and ms >= 0.0  # ruled inside a tick, which the lights time
    assert session.tick_ms() is None

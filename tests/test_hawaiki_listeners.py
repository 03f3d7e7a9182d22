"""The referee's listeners at a Hawaiki table, where most rulings have no press (a play, a
designation, a thanks missed at its deadline): each gets its evidence photo, its terminal line,
and is said aloud only when it costs someone a card."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from rich.console import Console

from halli_pi.bell_camera import BellFrames, hands_evidence_writer
from halli_pi.evidence import FrameRing
from halli_pi.referee import Decision, Referee, RefereeListener
from halli_pi.rules.events import Press
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart, Play
from halli_pi.runtime.lights_and_evidence import evidence_writer
from halli_pi.runtime.speech import sentence
from halli_pi.runtime.terminal_view import TableView
from halli_pi.store import Store

NAMES = ("Ana", "Bo", "Cy")
ZONES = [
    np.array([[10 + 100 * k, 10], [90 + 100 * k, 10], [90 + 100 * k, 90], [10 + 100 * k, 90]])
    for k in range(3)
]


class Decisions(RefereeListener):
    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def on_decision(self, decision: Decision) -> None:
        self.seen.append(decision)


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "log.sqlite3", durable=False)
    session = store.begin_session(name="hawaiki")
    referee = Referee(store=store, session_id=session)
    referee.bell_latency_s = 0.0
    ring = FrameRing(8)
    for k in range(10):  # a frame every tenth of a second, each a shade lighter
        ring.push(k / 10, np.full((120, 320, 3), k, np.uint8))
    labels = [(k, f"pile {k}", ZONES[k]) for k in range(3)]
    photos = evidence_writer(store, session, ring, ZONES, labels=labels)
    # As at a shared-bell table: the hands' photo is added to a ring's ruling, the table's kept.
    referee.evidence = hands_evidence_writer(
        store, session, SimpleNamespace(answers={}), BellFrames(), photos
    )
    view = TableView(referee.snapshot)
    decisions = Decisions()
    referee.listeners += [view, decisions]
    tops = tuple(parse_hcard(c) for c in ("5 red", "5 blue", "3 green"))
    referee.new_game(HawaikiStart(0.0, "hawaiki", NAMES, {}, piles=tops))
    yield SimpleNamespace(store=store, session=session, referee=referee, view=view, seen=decisions)
    store.close()


def test_a_play_without_a_press_gets_its_photo_and_its_terminal_line(table) -> None:
    table.referee.vision([Play(0.55, 2, parse_hcard("3 red"))], 0.55)
    table.referee.tick(0.65)
    [decision] = table.seen.seen
    assert decision.ruling.presses == () and decision.ruling.subject == "play"
    assert decision.evidence is not None  # the page and the hall are given the photo too
    [record] = table.store.rulings(session_id=table.session)
    assert record.evidence and record.evidence[0].exists()
    # The photo is the frame before the hand came (0.5 s), not the one of the ruling's tick.
    [(press_t, frame_t)] = table.store._conn.execute(
        "SELECT press_t, frame_t FROM evidence WHERE ruling_id=?", (record.id,)
    ).fetchall()
    assert (press_t, frame_t) == (0.55, 0.5)
    console = Console(width=120, record=True, color_system=None)
    console.print(table.view.render())
    assert "Ana lays 3 red on 3 green" in console.export_text()
    assert sentence(decision) is None  # a legal play is not worth saying aloud


def test_a_thanks_missed_at_its_deadline_is_said_aloud(table) -> None:
    table.referee.press(Press(0.9, 0, "button"))  # Ana announces: a brelan of fives
    table.referee.vision([Play(1.2, 2, parse_hcard("5 green"))], 1.2)
    table.referee.tick(1.3)
    table.referee.vision([], 20.0)
    table.referee.tick(20.0)  # nobody thanked: Bo and Cy each miss their "merci"
    missed = [d for d in table.seen.seen if d.ruling.verdict == "missed"]
    assert missed and all(d.ruling.presses == () for d in missed)
    assert [sentence(d) for d in missed] == [d.ruling.reason for d in missed]
    records = {r.id: r for r in table.store.rulings(session_id=table.session)}
    assert all(records[d.id].evidence for d in missed)

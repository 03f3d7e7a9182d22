"""A play the camera doubts, asked on the page at a table: the one table session joins the
pile reader, the real referee, the real page publisher and hub, and the page's controls. The
phone's yes or no reaches the pile reader and the referee, and the ruling waits at the
doubted hand's time until someone answers."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from starlette.testclient import TestClient

from halli_pi.evidence import FrameRing
from halli_pi.referee import Referee
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart
from halli_pi.runtime.hawaiki_keyboard import execute
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.runtime.session import TableSession
from halli_pi.runtime.table_readers import PileReader
from halli_pi.store import Store
from halli_pi.vision.hawaiki.piles import PileEvent, PileEventKind, PileView
from halli_pi.vision.reader import State
from halli_pi.web.app import create_app
from halli_pi.web.hub import Hub

PIN = "2468"
OK = {"X-Table-Pin": PIN}
PILES = ("3 red", "4 blue", "7 green")  # Ana is to act
ZONES = [
    [[10 + 100 * k, 10], [90 + 100 * k, 10], [90 + 100 * k, 90], [10 + 100 * k, 90]]
    for k in range(3)
]
FRAME = np.zeros((120, 320, 3), np.uint8)
# The camera saw a hand over pile 2 at 0.8 s and 7 green on top after it: a twin, or nothing?
DOUBT = PileEvent(PileEventKind.ASK_PLAY, 2, 0.8, parse_hcard("7 green"), 0.95, "announced")
# Then Bo lays 3 blue on pile 0 at 1.1 s, which the camera reads for sure.
LATER = PileEvent(PileEventKind.PLAY, 0, 1.1, parse_hcard("3 blue"), 1.25)
HANDS = [(0.8, 1.0), (1.1, 1.3)]  # (from, to): the hands over the piles, until reported


class ScriptedTracker:
    """The pile tracker's side of the reader, scripted: what each frame reports."""

    def __init__(self, script: dict[float, list[PileEvent]]) -> None:
        self.script = script
        self.confirmed: list[int] = []  # piles whose twin the tracker was told to keep
        self.piles = [SimpleNamespace(pile=k, zone=np.array(z, float)) for k, z in enumerate(ZONES)]

    def update(self, image, t: float) -> list[PileEvent]:
        return self.script.pop(round(t, 3), [])

    def dealt(self):
        return None

    def hold_announcement(self, held: bool) -> None:
        pass

    def expect_deal(self) -> None:
        pass

    def settled_until(self, t: float) -> float:
        # While a hand is over a pile, what the camera saw from the hand's arrival is not yet
        # reported: its watermark stays before it.
        return min([start - 1e-6 for start, end in HANDS if start <= t < end] + [t])

    def confirm_play(self, pile: int, t: float | None = None) -> None:
        self.confirmed.append(pile)

    def covered_piles(self) -> list[int]:
        return []

    def view(self) -> list[PileView]:
        return [
            PileView(k, State.CARD, parse_hcard(c), 0.0, 0.9, None) for k, c in enumerate(PILES)
        ]


class Table:
    def __init__(self) -> None:
        self.store = Store.memory()
        session = self.store.begin_session(name="hawaiki")
        self.referee = Referee(store=self.store, session_id=session)
        self.tracker = ScriptedTracker({1.0: [DOUBT], 1.3: [LATER]})
        self.reader = PileReader(self.tracker, self.referee.snapshot)
        self.session = TableSession(
            self.referee, FrameRing(8), reader=self.reader, names=("Ana", "Bo", "Cy")
        )
        controls = RefereeControls(
            self.referee,
            lambda: self.session.now,
            on_play_confirmed=self.session.play_confirmed,
            on_play_dismissed=self.session.play_dismissed,
        )
        self.hub = Hub(controls=controls, store=self.store)
        self.session.show_page(PagePublisher(self.hub))
        tops = tuple(parse_hcard(c) for c in PILES)
        names = ("Ana", "Bo", "Cy")
        self.referee.new_game(HawaikiStart(0.0, "hawaiki", names, {}, None, None, None, tops))
        self.t = 0.0

    def frames_to(self, end: float) -> None:
        while self.t < end - 1e-9:
            self.t = round(self.t + 0.1, 3)
            self.session.frame(self.t, FRAME)

    def plays_ruled(self) -> list[tuple[float, int, int]]:
        """(time, seat, pile) of each play ruled, in the order they were ruled."""
        rulings = self.store.export_session(1, outputs=True)
        plays = {e["t"]: e["pile"] for e in rulings if e["type"] == "play"}
        return [
            (e["t"], e["seat"], plays[e["t"]])
            for e in rulings
            if e["type"] == "ruling" and e["subject"] == "play"
        ]


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def client(table):
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c


def questions(client) -> list[dict]:
    return client.get("/api/state").json()["questions"]


def test_a_doubted_play_is_asked_on_the_page_and_the_ruling_waits_for_the_answer(client, table):
    table.frames_to(2.0)
    [asked] = questions(client)
    assert asked["text"] == "Did Ana lay a 7 green on pile 2?"
    assert (asked["pile"], asked["t"], asked["seen_t"], asked["why"]) == (2, 0.8, 0.95, "announced")
    # The camera is sure of Bo's later play, but it is not ruled before the doubted hand is.
    assert table.plays_ruled() == []

    body = {k: asked[k] for k in ("pile", "card", "t", "seen_t")}
    assert client.post("/api/hawaiki/play", json=body, headers=OK).status_code == 200
    table.frames_to(2.2)
    assert questions(client) == [] and table.reader.asks == []
    assert table.tracker.confirmed == [2]  # the pile reader keeps the twin beneath
    # Ana's confirmed play is ruled at its time, then Bo's after it, in the table's order.
    assert table.plays_ruled() == [(0.8, 0, 2), (1.1, 1, 0)]


def test_a_doubted_play_denied_on_the_page_lets_the_ruling_go_on(client, table):
    table.frames_to(2.0)
    assert len(questions(client)) == 1
    assert client.post("/api/hawaiki/dismiss", json={"pile": 2}, headers=OK).status_code == 200
    assert table.reader.asks == []  # the pile reader heard the no as well
    table.frames_to(2.2)
    assert table.tracker.confirmed == []
    assert table.plays_ruled() == [(1.1, 0, 0)]  # nothing on pile 2: Ana laid on pile 0


def test_an_answer_at_the_terminal_takes_the_question_off_the_page(client, table):
    table.frames_to(2.0)
    assert len(questions(client)) == 1
    said = execute("yes 2", table.session, table.reader, lambda: table.session.now, 3)
    assert said == "7 green laid on pile 2"
    table.frames_to(2.2)
    assert questions(client) == []
    assert table.plays_ruled() == [(0.8, 0, 2), (1.1, 1, 0)]


def test_the_camera_view_of_the_piles_reaches_the_page_from_the_table(client, table):
    table.frames_to(0.5)
    zones = client.get("/api/state").json()["state"]["zones"]
    assert [(z["pile"], z["seat"], z["card"]) for z in zones] == [
        (0, None, "3 red"),
        (1, None, "4 blue"),
        (2, None, "7 green"),
    ]
    assert zones[1]["zone"] == [[110.0, 10.0], [190.0, 10.0], [190.0, 90.0], [110.0, 90.0]]


def test_the_demo_page_takes_a_doubted_play_answer_and_refuses_the_rest(table):
    """The demo's table plays itself, but a person watching may answer the camera first."""
    from halli_pi.errors import InputError
    from halli_pi.simulation.hawaiki_demo import _PageAnswers

    answers = _PageAnswers()
    answers.join(table.session)
    table.frames_to(2.0)
    with pytest.raises(InputError, match="plays itself"):
        answers.hawaiki("pass", {"seat": 0})
    answers.dismiss_play(2)
    assert table.reader.asks == []
    table.frames_to(2.2)
    assert table.plays_ruled() == [(1.1, 0, 0)]

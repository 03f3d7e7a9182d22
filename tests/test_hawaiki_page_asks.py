"""A play the camera doubts, asked on the page at a table: the one table session joins the
pile reader, the real referee, the real page publisher and hub, and the page's controls. The
phone's yes or no reaches the pile reader and the referee, and the ruling waits at the
doubted hand's time until someone answers."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest
from starlette.testclient import TestClient

from halli_pi.errors import InputError
from halli_pi.evidence import FrameRing
from halli_pi.referee import Referee
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart
from halli_pi.runtime.hawaiki_keyboard import execute
from halli_pi.runtime.page import PagePublisher, RefereeControls
from halli_pi.runtime.session import TableSession
from halli_pi.runtime.table_readers import Ask, PileReader
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

    def __init__(self, script: dict[float, list[PileEvent]], *, dealing: bool = False) -> None:
        self.script = script
        self.confirmed: list[int] = []  # piles whose twin the tracker was told to keep
        self.named: list[tuple[int, str, float | None]] = []  # tops a person named
        self.taken_back: list[tuple[int, float | None]] = []  # tops a person said went back
        # The cards each pile held, bottom first, when the page was asked to name its top.
        self.stacks: dict[int, list[str]] = {}
        # Dealing: the piles whose dealt card the camera read (or a person named) are the
        # deal, once all three are known. Otherwise round 1 lies on the piles already.
        self.tops: dict[int, str] | None = {} if dealing else None
        self.piles = [SimpleNamespace(pile=k, zone=np.array(z, float)) for k, z in enumerate(ZONES)]

    def update(self, image, t: float) -> list[PileEvent]:
        events = self.script.pop(round(t, 3), [])
        for ev in events:
            if ev.kind == PileEventKind.DEALT and self.tops is not None:
                self.tops[ev.pile] = str(ev.card)
        return events

    def dealt(self):
        if self.tops is None or len(self.tops) < 3:
            return None
        return [parse_hcard(self.tops[k]) for k in range(3)]

    def dealing(self, pile: int) -> bool:
        return self.tops is not None and pile not in self.tops

    def name_top(self, pile: int, card, t: float | None = None) -> None:
        self.named.append((pile, str(card), t))
        if self.tops is not None:
            self.tops.setdefault(pile, str(card))

    def asked_stack(self, pile: int, t: float | None = None) -> list:
        return [parse_hcard(c) for c in self.stacks.get(pile, [])]

    def name_take_back(self, pile: int, t: float | None = None) -> None:
        self.taken_back.append((pile, t))

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
    """The table of these tests; `script`: what the camera reports at each frame's time;
    `dealt`: whether round 1 is on the piles already (else the camera reads the deal)."""

    def __init__(self, script: dict | None = None, *, dealt: bool = True) -> None:
        self.store = Store.memory()
        session = self.store.begin_session(name="hawaiki")
        self.referee = Referee(store=self.store, session_id=session)
        self.tracker = ScriptedTracker(
            {1.0: [DOUBT], 1.3: [LATER]} if script is None else script, dealing=not dealt
        )
        self.reader = PileReader(self.tracker, self.referee.snapshot)
        self.session = TableSession(
            self.referee, FrameRing(8), reader=self.reader, names=("Ana", "Bo", "Cy")
        )
        controls = RefereeControls(
            self.referee,
            lambda: self.session.now,
            on_play_confirmed=self.session.play_confirmed,
            on_play_dismissed=self.session.play_dismissed,
            on_top_named=self.session.top_named,
            on_taken_back=self.session.taken_back,
            on_reshuffled=self.session.reshuffled,
        )
        self.hub = Hub(controls=controls, store=self.store)
        self.session.show_page(PagePublisher(self.hub))
        tops = tuple(parse_hcard(c) for c in PILES) if dealt else None
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


def name_top(client, pile: int, card: str):
    return client.post("/api/hawaiki/top", json={"pile": pile, "card": card}, headers=OK)


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


# The camera cannot read what a hand left on pile 2 at 0.8 s (glare): a person names it.
UNREAD = PileEvent(PileEventKind.UNREADABLE, 2, 0.8, None, 0.95)


def logged_inputs(table: Table) -> list[dict]:
    return [e for e in table.store.export_session(1) if e["type"] != "game"]


@pytest.fixture
def unread():
    """A table whose camera cannot read pile 2's new top, and a phone on its page."""
    table = Table({1.0: [UNREAD], 1.3: [LATER]})
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c, table


def test_a_top_the_camera_cannot_read_is_named_on_the_page_and_ruled_at_its_time(unread):
    client, table = unread
    table.frames_to(2.0)
    [asked] = questions(client)
    assert asked["kind"] == "unreadable" and (asked["pile"], asked["t"]) == (2, 0.8)
    assert asked["text"] == "Which card did Ana lay on pile 2? The camera cannot read it."
    assert table.plays_ruled() == []  # the ruling waits at the hand's time for the answer

    res = client.post("/api/hawaiki/top", json={"pile": 2, "card": "5 green"}, headers=OK)
    assert res.status_code == 200, res.text
    assert questions(client) == [] and table.reader.asks == []
    assert table.tracker.named == [(2, "5 green", 0.8)]  # its later reading is no new play
    table.frames_to(2.2)
    # The play HAWAIKI.md names, stamped at the hand's visit, then Bo's after it.
    assert logged_inputs(table)[0] == {
        "type": "play",
        "t": 0.8,
        "pile": 2,
        "card": "5 green",
        "seen_t": 0.95,
    }
    assert table.plays_ruled() == [(0.8, 0, 2), (1.1, 1, 0)]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"pile": 5, "card": "5 green"}, "pile"),  # no such pile
        ({"pile": "2", "card": "5 green"}, "pile"),
        ({"pile": 0, "card": "5 green"}, "pile"),  # nothing asked about pile 0
        ({"pile": 2, "card": "8 green"}, "card"),  # not a Hawaiki card
        ({"pile": 2, "card": "5 strawberry"}, "card"),
        ({"pile": 2}, "card"),
    ],
)
def test_a_bad_name_for_a_top_is_refused_naming_the_field_and_loses_nothing(unread, body, field):
    client, table = unread
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json=body, headers=OK)
    assert res.status_code == 400 and f"field '{field}'" in res.json()["error"]
    assert [q["pile"] for q in questions(client)] == [2]  # still asked
    assert len(table.reader.asks) == 1 and table.tracker.named == []
    table.frames_to(2.2)
    assert logged_inputs(table) == []
    # The right answer still reaches the referee, and what waited is ruled after it.
    ok = client.post("/api/hawaiki/top", json={"pile": 2, "card": "5 green"}, headers=OK)
    assert ok.status_code == 200
    table.frames_to(2.4)
    assert table.plays_ruled() == [(0.8, 0, 2), (1.1, 1, 0)]


def test_naming_a_top_needs_the_pin(unread):
    client, table = unread
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, "card": "5 green"})
    assert res.status_code == 403
    assert len(table.reader.asks) == 1


def test_a_hand_that_only_hovered_over_an_unreadable_pile_is_dismissed_on_the_page(unread):
    client, table = unread
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/dismiss", json={"pile": 2}, headers=OK)
    assert res.status_code == 200, res.text
    assert table.reader.asks == [] and questions(client) == []
    table.frames_to(2.2)
    assert table.tracker.named == []
    assert table.plays_ruled() == [(1.1, 0, 0)]  # nothing on pile 2: Ana laid on pile 0


def test_a_dealt_card_the_camera_cannot_read_is_named_on_the_page_and_completes_the_deal():
    dealt = [
        PileEvent(PileEventKind.DEALT, k, 0.3, parse_hcard(c), 0.3)
        for k, c in ((0, "3 red"), (1, "4 blue"))
    ]
    unread = PileEvent(PileEventKind.UNREADABLE, 2, 0.2, None, 0.4)
    table = Table({0.5: [*dealt, unread]}, dealt=False)
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        table.frames_to(1.0)
        [asked] = questions(c)
        assert asked["dealt"] is True
        assert asked["text"] == "Which card was dealt on pile 2? The camera cannot read it."
        # A dealt card is there: "nothing was laid" is no answer to it.
        no = c.post("/api/hawaiki/dismiss", json={"pile": 2}, headers=OK)
        assert no.status_code == 400 and "field 'pile'" in no.json()["error"]
        assert len(table.reader.asks) == 1
        assert (
            c.post("/api/hawaiki/top", json={"pile": 2, "card": "7 green"}, headers=OK).status_code
            == 200
        )
        table.frames_to(1.2)
        # No play: the named card completes the deal, which is all the log gets.
        assert [(e["type"], e.get("piles")) for e in logged_inputs(table)] == [
            ("deal", ["3 red", "4 blue", "7 green"])
        ]
        assert c.get("/api/state").json()["state"]["table"]["tops"] == list(PILES)
        assert questions(c) == []


def test_an_empty_draw_pile_is_asked_on_the_page_and_the_reshuffle_reaches_the_reader():
    empty = PileEvent(PileEventKind.STOCK_EMPTY, -1, 0.5)
    table = Table({0.5: [empty]})
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        table.frames_to(0.6)
        [asked] = questions(c)
        assert asked["kind"] == "reshuffle" and "draw pile is empty" in asked["text"]
        assert c.post("/api/hawaiki/reshuffle", json={}, headers=OK).status_code == 200
        assert table.reader.asks == []  # no more prompting (the seats stop blinking)
        table.frames_to(0.8)
        assert questions(c) == []
        assert [e["type"] for e in logged_inputs(table)] == ["reshuffle"]


def test_the_log_of_the_page_s_answers_replays_to_the_same_rulings(unread):
    from halli_pi.replay import outputs_of
    from halli_pi.sessionlog import read_events

    client, table = unread
    table.frames_to(2.0)
    assert (
        client.post("/api/hawaiki/top", json={"pile": 2, "card": "5 green"}, headers=OK).status_code
        == 200
    )
    table.frames_to(2.2)
    # Cy is to act after Bo's card, and passes (draws one).
    assert client.post("/api/hawaiki/pass", json={"seat": 2}, headers=OK).status_code == 200
    table.frames_to(2.4)
    exported = [json.dumps(e) for e in table.store.export_session(1)]
    ruled = [e for e in table.store.export_session(1, outputs=True) if e["type"] == "ruling"]
    assert [(r["subject"], r["verdict"], r["seat"]) for r in ruled] == [
        ("play", "unannounced", 0),  # 3, 4, 5: a suite Ana did not announce
        ("play", "unannounced", 1),  # 3, 4, 5 again
        ("pass", "pass", 2),
    ]
    replayed = [o.to_json() for o in outputs_of([e for _, e in read_events(exported, "page")])]
    assert [o for o in replayed if o["type"] == "ruling"] == ruled


def test_the_demo_page_takes_a_named_top():
    from halli_pi.simulation.hawaiki_demo import _PageAnswers

    table = Table({1.0: [UNREAD]})
    answers = _PageAnswers()
    answers.join(table.session)
    table.frames_to(2.0)
    answers.name_top(2, "5 green")
    table.frames_to(2.2)
    assert table.plays_ruled() == [(0.8, 0, 2)]


# Ana lays 5 blue on pile 2's 7 green at 0.5 s (illegal: the referee wants it back); at 0.8 s a
# hand comes over pile 2 and the camera cannot read what it left: Ana took the card back, so
# 7 green shows again. Then she lays 3 blue on pile 0 at 1.1 s, which the camera reads.
ILLEGAL = PileEvent(PileEventKind.PLAY, 2, 0.5, parse_hcard("5 blue"), 0.5)


@pytest.fixture
def taken():
    """A table whose pile 2 awaits a take-back the camera could not read, and a phone."""
    table = Table({0.5: [ILLEGAL], 1.0: [UNREAD], 1.3: [LATER]})
    table.tracker.stacks[2] = ["7 green", "5 blue"]  # the camera saw 5 blue laid on 7 green
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c, table


def rulings(table: Table) -> list[tuple[str, str, int | None]]:
    ruled = table.store.export_session(1, outputs=True)
    return [(r["subject"], r["verdict"], r["seat"]) for r in ruled if r["type"] == "ruling"]


@pytest.mark.parametrize("body", [{"taken_back": True}, {"taken_back": True, "card": "7 green"}])
def test_a_top_taken_back_is_said_on_the_page_and_logged_as_a_retract(taken, body):
    client, table = taken
    table.frames_to(2.0)
    [asked] = questions(client)
    assert (asked["kind"], asked["pile"]) == ("unreadable", 2)
    assert table.referee.snapshot()["awaiting_take_back"] == [False, False, True]

    res = client.post("/api/hawaiki/top", json={"pile": 2, **body}, headers=OK)
    assert res.status_code == 200, res.text
    assert questions(client) == [] and table.reader.asks == []
    # The tracker drops the taken-back card: its later reading of 7 green is no new play.
    assert table.tracker.taken_back == [(2, 0.8)] and table.tracker.named == []
    table.frames_to(2.2)
    assert [(e["type"], e["t"], e["pile"]) for e in logged_inputs(table)] == [
        ("play", 0.5, 2),
        ("retract", 0.8, 2),  # at the hand's visit, as HAWAIKI.md names it: no play
        ("play", 1.1, 0),
    ]
    assert rulings(table) == [("play", "illegal", 0), ("retract", "ok", 0), ("play", "legal", 0)]
    state = table.referee.snapshot()
    assert state["tops"] == ["3 blue", "4 blue", "7 green"]
    assert state["awaiting_take_back"] == [False, False, False]


def test_the_log_of_a_take_back_said_on_the_page_replays_to_the_same_rulings(taken):
    from halli_pi.replay import outputs_of
    from halli_pi.sessionlog import read_events

    client, table = taken
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, "taken_back": True}, headers=OK)
    assert res.status_code == 200, res.text
    table.frames_to(2.4)
    exported = [json.dumps(e) for e in table.store.export_session(1)]
    ruled = [e for e in table.store.export_session(1, outputs=True) if e["type"] == "ruling"]
    assert [r["subject"] for r in ruled] == ["play", "retract", "play"]
    replayed = [o.to_json() for o in outputs_of([e for _, e in read_events(exported, "page")])]
    assert [o for o in replayed if o["type"] == "ruling"] == ruled


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        # The older card named as a play would log a play no one made.
        ({"card": "7 green"}, 400, "pile 2: 7 green is the card beneath 5 blue"),
        # The card awaiting its take-back is still there: the hand laid nothing.
        ({"card": "5 blue"}, 400, "5 blue is the card that awaits its take-back"),
        # A pile awaiting a take-back takes no new card.
        ({"card": "5 green"}, 400, "pile 2 awaits the take-back of 5 blue: 5 green cannot"),
        # A take-back shows the card beneath again, not another.
        ({"card": "2 red", "taken_back": True}, 400, "pile 2: 2 red is not the card beneath"),
        ({"card": "2 strawberry", "taken_back": True}, 400, "field 'card'"),
        ({"taken_back": "yes"}, 422, "field 'taken_back'"),
    ],
)
def test_an_answer_that_contradicts_the_camera_is_refused_and_loses_nothing(
    taken, body, status, said
):
    client, table = taken
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, **body}, headers=OK)
    assert res.status_code == status and said in res.json()["error"], res.text
    assert [q["pile"] for q in questions(client)] == [2]  # still asked
    assert table.tracker.named == [] and table.tracker.taken_back == []
    table.frames_to(2.2)
    assert [e["type"] for e in logged_inputs(table)] == ["play"]  # the illegal card, only


def test_an_illegal_card_named_where_no_take_back_is_awaited_is_ruled_and_awaits_its_own(unread):
    """HAWAIKI.md P12: an illegal card is ruled, and must be taken back; the page names what
    lies on the pile, so a named card that matches neither the value nor the colour of the
    top is logged and ruled illegal as the camera's reading would be (refusing it would leave
    a card on the pile the referee never heard of), and the pile then awaits its take-back."""
    client, table = unread
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, "card": "2 red"}, headers=OK)
    assert res.status_code == 200, res.text
    assert table.tracker.named == [(2, "2 red", 0.8)]  # its later reading is no new play
    table.frames_to(2.2)
    assert [(e["type"], e["t"], e["pile"]) for e in logged_inputs(table)][0] == ("play", 0.8, 2)
    assert rulings(table)[0] == ("play", "illegal", 0)
    state = table.referee.snapshot()
    assert state["tops"][2] == "2 red" and state["awaiting_take_back"] == [False, False, True]


def test_a_take_back_is_refused_where_no_card_awaits_one(unread):
    client, table = unread
    table.tracker.stacks[2] = ["3 green", "7 green"]
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, "taken_back": True}, headers=OK)
    assert res.status_code == 400
    assert "pile 2 awaits no take-back" in res.json()["error"]
    assert len(table.reader.asks) == 1 and table.tracker.taken_back == []
    table.frames_to(2.2)
    assert logged_inputs(table) == []


def test_a_take_back_is_refused_when_the_camera_knows_no_card_beneath(taken):
    client, table = taken
    table.tracker.stacks[2] = ["5 blue"]  # the camera never saw what 5 blue covered
    table.frames_to(2.0)
    res = client.post("/api/hawaiki/top", json={"pile": 2, "taken_back": True}, headers=OK)
    assert res.status_code == 400 and "knows no card beneath 5 blue" in res.json()["error"]
    assert len(table.reader.asks) == 1
    # Nor when the camera saw another top than the referee holds: it cannot tell what went.
    table.tracker.stacks[2] = ["7 green", "6 green"]
    res = client.post("/api/hawaiki/top", json={"pile": 2, "taken_back": True}, headers=OK)
    assert res.status_code == 400 and "the camera saw 6 green on top" in res.json()["error"]
    assert len(table.reader.asks) == 1 and table.tracker.taken_back == []


def test_a_take_back_typed_at_the_terminal_is_a_retract(taken):
    client, table = taken
    table.frames_to(2.0)
    with pytest.raises(InputError, match="not the card beneath"):
        execute("back 2 1 red", table.session, table.reader, lambda: table.session.now, 3)
    said = execute("back 2 7 green", table.session, table.reader, lambda: table.session.now, 3)
    assert said == "the top of pile 2 was taken back"
    table.frames_to(2.2)
    assert questions(client) == []
    assert [e["type"] for e in logged_inputs(table)] == ["play", "retract", "play"]


def test_the_terminal_asks_whether_an_unreadable_top_was_taken_back():
    ask = Ask("unreadable", 2, 0.8, why="glare")
    asked = "pile 2 cannot be read (glare): what lies on top, or was it taken back?"
    assert ask.question() == asked

"""What a person types at a Hawaiki table's terminal reaches the referee as the input it means;
a slip is answered in the terminal and never reaches the log."""

from __future__ import annotations

import pytest

from halli_pi.errors import InputError
from halli_pi.evidence import FrameRing
from halli_pi.referee import Referee
from halli_pi.rules.events import Press
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart, Play
from halli_pi.runtime.hawaiki_keyboard import execute
from halli_pi.runtime.session import TableSession
from halli_pi.runtime.table_readers import Ask, PileReader
from halli_pi.simulation.demo import Collector
from halli_pi.vision.hawaiki.piles import PileTracker
from halli_pi.vision.hawaiki.render import pile_zones, tuning_look
from halli_pi.vision.render import IMAGE_SIZE

NAMES = ("Ana", "Bo", "Cy")


@pytest.fixture
def table():
    referee = Referee()
    collector = Collector()
    referee.listeners.append(collector)
    session = TableSession(referee, FrameRing(capacity=2))
    cards = tuple(parse_hcard(c) for c in ("5 red", "6 blue", "3 green"))
    referee.new_game(HawaikiStart(0.0, "hawaiki", NAMES, {}, piles=cards))
    tracker = PileTracker(pile_zones(tuning_look(1)), IMAGE_SIZE)
    reader = PileReader(tracker, referee.snapshot)
    return referee, session, reader, collector


def rule_to(referee: Referee, t: float) -> None:
    referee.vision([], t)
    referee.tick(t + 0.01)


def test_a_designation_typed_at_the_terminal_is_ruled(table) -> None:
    referee, session, reader, collector = table
    referee.press(Press(0.5, 0, "button"))
    referee.vision([Play(1.0, 2, parse_hcard("7 green"))], 1.0)  # a suite: Ana designates
    rule_to(referee, 1.5)
    assert execute("designate 0 2", session, reader, lambda: 2.0, 3).startswith("told")
    rule_to(referee, 2.5)
    [ruling] = [d.ruling for d in collector.decisions if d.ruling.subject == "designate"]
    assert (ruling.verdict, ruling.draws) == ("ok", ((2, 1),))


def test_a_doubted_play_confirmed_is_ruled_at_its_time(table) -> None:
    referee, session, reader, collector = table
    reader.asks.append(Ask("play", 1, 1.0, parse_hcard("6 blue"), 1.3, "print changed"))
    assert reader.settled_until(5.0) < 1.0  # the ruling waits for the answer
    assert execute("yes 1", session, reader, lambda: 4.0, 3) == "6 blue laid on pile 1"
    rule_to(referee, 4.5)
    [play] = [line for line in collector.lines if line["type"] == "play"]
    assert (play["t"], play["pile"], play["card"]) == (1.0, 1, "6 blue")
    assert reader.asks == [] and reader.settled_until(5.0) == 5.0


@pytest.mark.parametrize(
    "line",
    [
        "designate 0",
        "designate 0 7",
        "designate 0 0",
        "designate 1 2 1",
        "pass 3",
        "count 1 x",
        "announce 0 flush",
        "yes 4",
        "laid 3 5 red",
        "laid 1 5 pink",
    ],
)
def test_a_slip_is_refused_before_it_reaches_the_referee(table, line) -> None:
    referee, session, reader, collector = table
    with pytest.raises(InputError):
        execute(line, session, reader, lambda: 2.0, 3)
    rule_to(referee, 3.0)
    assert [e["type"] for e in collector.lines] == ["game"]


def test_an_input_the_game_cannot_take_is_refused_and_the_referee_goes_on(table) -> None:
    from halli_pi.rules.hawaiki.events import Pass

    referee, session, reader, collector = table
    session.told([Pass(1.0, 5)])  # no seat 5 at this table (the page checked nothing)
    rule_to(referee, 1.5)
    [notice] = [o for o in collector.outputs if o.type == "notice"]
    assert "pass refused" in notice.message and "5" in notice.message
    session.told([Pass(2.0, 0)])
    rule_to(referee, 2.5)
    assert [e["type"] for e in collector.lines] == ["game", "pass", "ruling"]


def test_a_top_the_camera_cannot_read_is_named_by_a_person_and_ruled_at_its_time(table) -> None:
    referee, session, reader, collector = table
    reader.asks.append(Ask("unreadable", 2, 1.0, seen_t=1.5, why="glare"))
    assert reader.settled_until(5.0) < 1.0  # the ruling waits for the answer
    with pytest.raises(InputError):
        execute("laid 2 9 red", session, reader, lambda: 4.0, 3)  # not a Hawaiki card
    assert execute("laid 2 3 yellow", session, reader, lambda: 4.0, 3) == "3 yellow laid on pile 2"
    rule_to(referee, 4.5)
    [play] = [line for line in collector.lines if line["type"] == "play"]
    assert (play["t"], play["pile"], play["card"]) == (1.0, 2, "3 yellow")
    [ruling] = [d.ruling for d in collector.decisions if d.ruling.subject == "play"]
    assert (ruling.verdict, ruling.seat) == ("legal", 0)


def test_a_named_top_reaches_the_referee_before_the_camera_may_rule_past_its_hand(table) -> None:
    """The page and the keyboard answer from their own threads: while the play is being told,
    the camera's thread cannot read a watermark past the hand the question held it at."""
    import threading

    referee, session, reader, collector = table
    reader.asks.append(Ask("unreadable", 2, 1.0, seen_t=1.5, why="glare"))
    marks: list[float] = []
    waiter = threading.Thread(target=lambda: marks.append(reader.settled_until(5.0)))

    def tell(events) -> None:
        waiter.start()
        waiter.join(0.2)
        assert waiter.is_alive() and marks == []  # the camera's side waits for the answer
        session.told(events)

    [play] = reader.lay(2, parse_hcard("3 yellow"), tell=tell)
    waiter.join(5.0)
    assert marks == [5.0] and play.t == 1.0
    rule_to(referee, 4.5)
    [logged] = [line for line in collector.lines if line["type"] == "play"]
    assert logged["t"] == 1.0

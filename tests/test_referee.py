"""The referee joining the streams: watermark, provisional rulings, never guessing."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.referee import Referee, RefereeListener, Status
from halli_pi.replay import outputs_of
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.rules.events import Verdict
from halli_pi.sessionlog import event_from_json
from halli_pi.store import Store


class Recorder(RefereeListener):
    def __init__(self) -> None:
        self.decisions = []
        self.first = []
        self.outputs = []

    def on_decision(self, decision) -> None:
        self.decisions.append(decision)

    def on_first_press(self, press) -> None:
        self.first.append(press)

    def on_output(self, event) -> None:
        self.outputs.append(event)


def make(store=None):
    heard = Recorder()
    session = store.begin_session() if store else None
    ref = Referee(store=store, session_id=session, listeners=[heard])
    ref.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    return ref, heard, session


def test_a_settled_table_is_ruled_final_when_the_window_closes() -> None:
    ref, heard, _ = make()
    ref.vision([Reveal(1.0, 0, parse_card("3 plum")), Reveal(2.0, 1, parse_card("2 plum"))], 2.1)
    ref.vision([], 3.0)
    ref.press(Press(2.5, 2))
    assert heard.first == [Press(2.5, 2)]  # the light goes on before any verdict
    ref.tick(2.53)
    assert heard.decisions == []  # the window (50 ms) is still open
    ref.tick(2.56)
    [decision] = heard.decisions
    assert decision.status is Status.FINAL
    assert decision.ruling.winner == 2 and decision.ruling.reason.startswith("Cy correct")


def test_press_order_is_by_stamp_not_arrival() -> None:
    ref, heard, _ = make()
    ref.vision([Reveal(1.0, 0, parse_card("5 lime"))], 3.0)
    ref.press(Press(1.5003, 2))  # arrives first, pressed later
    ref.press(Press(1.5, 1))
    ref.tick(1.6)
    [decision] = heard.decisions
    assert decision.ruling.winner == 1
    assert [p.verdict for p in decision.ruling.presses] == [Verdict.CORRECT, Verdict.VOID]


def test_provisional_ruling_is_corrected_when_vision_catches_up() -> None:
    store = Store.memory()
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("3 plum"))], 1.9)
    # Bo's card was turned at 2.0 but the tracker has not accepted it yet (still settling).
    ref.press(Press(2.4, 2))
    ref.tick(2.5)
    [provisional] = heard.decisions
    assert provisional.status is Status.PROVISIONAL
    assert provisional.ruling.presses[0].verdict is Verdict.WRONG  # 3 plum is not 5, so far
    ref.vision([Reveal(2.0, 1, parse_card("2 plum"))], 2.6)
    ref.tick(2.7)
    corrected = heard.decisions[-1]
    assert corrected.status is Status.CORRECTED and corrected.replaces == provisional.id
    assert corrected.ruling.winner == 2
    # The database keeps both; the session log holds the final one and replays to it.
    assert store.ruling(provisional.id).status == "corrected"
    log = store.export_session(session)
    replayed = [o for o in outputs_of(event_from_json(obj) for obj in log) if o.type == "ruling"]
    assert replayed[0].winner == 2


def test_provisional_ruling_is_confirmed_when_vision_agrees() -> None:
    ref, heard, _ = make(Store.memory())
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.9)
    ref.press(Press(2.4, 1))
    ref.tick(2.5)
    ref.vision([], 2.6)
    ref.tick(2.7)
    assert [d.status for d in heard.decisions] == [Status.PROVISIONAL, Status.CONFIRMED]
    assert heard.decisions[1].id == heard.decisions[0].id


def test_a_press_it_cannot_see_is_void_not_guessed() -> None:
    ref, heard, _ = make()
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.2, blind="Bo's pile is covered")
    ref.press(Press(1.4, 2))
    for step in range(40):  # vision never catches up: a hand stays over a pile
        ref.tick(1.45 + step * 0.1)
    final = [d for d in heard.decisions if d.status is not Status.PROVISIONAL]
    assert final, "the referee must rule in the end"
    press = final[-1].ruling.presses[0]
    assert press.verdict is Verdict.VOID
    assert "cannot see the table: Bo's pile is covered" in press.note
    assert ref.stats.blind == 1


def test_every_ruling_shown_is_already_in_the_store() -> None:
    store = Store.memory()
    seen_in_store = []

    class Checker(RefereeListener):
        def on_decision(self, decision) -> None:
            seen_in_store.append(store.ruling(decision.id).winner == decision.ruling.winner)

    ref, _, _ = make(store)
    ref.listeners.append(Checker())
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 3.0)
    ref.press(Press(1.4, 2))
    ref.tick(1.5)
    assert seen_in_store == [True]


def test_crediting_a_shared_bell_press_rejudges_it() -> None:
    store = Store.memory()
    ref, heard, session = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("5 lime"))], 3.0)
    ref.press(Press(1.4, None, "bell"))
    ref.tick(1.5)
    [uncredited] = heard.decisions
    assert uncredited.ruling.uncredited and uncredited.ruling.winner is None
    ref.credit(None, 1)
    corrected = heard.decisions[-1]
    assert corrected.status is Status.CORRECTED and corrected.ruling.winner == 1
    assert corrected.ruling.cards == (9, 11, 10)
    assert ref.engine.snapshot()["players"][1]["hidden"] == 11
    # The log keeps both; the exported session log carries the credited press.
    presses = [e for e in store.export_session(session) if e["type"] == "press"]
    assert presses == [{"type": "press", "t": 1.4, "seat": 1, "source": "bell"}]


def test_correcting_a_misread_card_rejudges_the_ring() -> None:
    store = Store.memory()
    ref, heard, _ = make(store)
    ref.vision([Reveal(1.0, 0, parse_card("3 plum")), Reveal(2.0, 1, parse_card("1 plum"))], 3.0)
    ref.press(Press(2.4, 2))
    ref.tick(2.5)
    assert heard.decisions[0].ruling.presses[0].verdict is Verdict.WRONG
    ref.correct_card(1, parse_card("2 plum"))
    fixed = heard.decisions[-1]
    assert fixed.status is Status.CORRECTED and fixed.ruling.winner == 2
    assert store.ruling(heard.decisions[0].id).status == "corrected"


def test_bad_corrections_change_nothing() -> None:
    import pytest

    from halli_pi.errors import InputError

    ref, heard, _ = make(Store.memory())
    with pytest.raises(InputError, match="no uncredited ruling"):
        ref.credit(None, 1)
    with pytest.raises(InputError, match="not a seat"):
        ref.correct_card(9, parse_card("1 lime"))
    with pytest.raises(InputError, match="has revealed no card"):
        ref.correct_card(0, parse_card("1 lime"))
    assert heard.decisions == []


def test_it_recovers_when_the_camera_comes_back() -> None:
    ref, heard, _ = make()
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 1.2)
    ref.vision([], float("-inf"), blind="the camera is lost (no frame for 2 s)")
    ref.press(Press(1.4, 2))
    for step in range(30):
        ref.tick(1.45 + step * 0.1)
    assert "the camera is lost" in heard.decisions[-1].ruling.presses[0].note
    # Frames return: the next ring is judged on the table again.
    ref.vision([Reveal(5.0, 1, parse_card("1 lime"))], 6.0, blind=None)
    ref.press(Press(5.6, 0))
    ref.tick(5.7)
    last = heard.decisions[-1]
    assert last.status is Status.FINAL and last.ruling.winner == 0
    assert last.ruling.reason == "Ana correct: exactly 5 banana: 5 (Ana)"


def test_a_bounce_storm_on_a_button_makes_one_press_and_the_referee_goes_on() -> None:
    from halli_pi.bell.fake import FakeBell
    from halli_pi.clock import SessionClock

    ref, heard, _ = make()
    ref.vision([Reveal(1.0, 0, parse_card("5 banana"))], 10.0)
    with FakeBell(seats=3, clock=SessionClock(start_ns=0, now_ns=lambda: 0)) as bell:
        bell.storm(1, at=1.3, rate_hz=1000.0, duration_s=1.0)
        presses = bell.take()
    assert presses == [Press(1.3, 1, "button")]
    for press in presses:
        ref.press(press)
    ref.tick(2.5)
    [decision] = heard.decisions
    assert decision.ruling.winner == 1

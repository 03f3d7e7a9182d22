"""Lights and buzzer: the first presser at once, then verdicts by colour and by rhythm."""

from __future__ import annotations

import pytest

from halli_pi.bell import Colour, Signals, demo_table
from halli_pi.config import LightPins, parse_config
from halli_pi.rules.events import PressVerdict, Ruling, Verdict

MS = 1_000_000


@pytest.fixture
def now():
    return [1_000 * MS]


@pytest.fixture
def signals(factory, now):
    s = Signals(demo_table(4), factory, now_ns=lambda: now[0], threaded=False, hold_s=3.0)
    yield s
    s.close()


def leds(factory, seat):
    """(green, red) pin states of a demo-table seat."""
    green, red = {0: (6, 13), 1: (16, 20), 2: (27, 22), 3: (24, 25)}[seat]
    return int(factory.pin(green).state), int(factory.pin(red).state)


def ruling(*presses, winner=None, uncredited=False):
    verdicts = tuple(PressVerdict(seat, 5.0 + i * 0.001, v) for i, (seat, v) in enumerate(presses))
    return Ruling(5.05, winner, verdicts, (10, 10, 10, 10), "test", uncredited=uncredited)


def test_kids_mode_lights_the_first_presser_only(signals, factory):
    signals.first_press(2)
    signals.first_press(0)  # a later press of the same burst: stays dark
    assert leds(factory, 2) == (1, 1)  # amber, steady
    assert leds(factory, 0) == (0, 0)
    assert signals.showing(2) == "rang" and signals.showing(0) == "off"


def test_verdicts_by_colour_and_rhythm(signals, factory, now):
    signals.first_press(2)
    signals.show_ruling(
        ruling((2, Verdict.CORRECT), (0, Verdict.WRONG), (1, Verdict.VOID), winner=2)
    )
    assert [signals.showing(s) for s in range(4)] == ["wrong", "off", "correct", "off"]
    assert leds(factory, 2) == (1, 0) and leds(factory, 0) == (0, 1)
    now[0] += 150 * MS  # wrong flashes 100 ms on, 100 ms off; correct stays on
    signals.showing(0), signals.showing(2)
    assert leds(factory, 0) == (0, 0) and leds(factory, 2) == (1, 0)
    now[0] += 100 * MS
    signals.showing(0)
    assert leds(factory, 0) == (0, 1)
    now[0] += 3_000 * MS  # after hold_s everything is dark again
    assert signals.showing(2) == "off" and signals.showing(0) == "off"
    assert leds(factory, 2) == (0, 0) and leds(factory, 0) == (0, 0)


def test_a_tie_is_amber_double_blink(signals, factory, now):
    signals.show_ruling(ruling((1, Verdict.TIE), (3, Verdict.TIE)))
    seen = []
    for step in range(0, 1000, 50):  # one 1 s cycle sampled every 50 ms
        now[0] = 1_000 * MS + step * MS
        signals.showing(1)
        seen.append(signals.colour(1))
    on = [c is Colour.AMBER for c in seen]
    # on 150, off 150, on 150, off 550
    assert on == [True] * 3 + [False] * 3 + [True] * 3 + [False] * 11


def test_a_repeat_press_does_not_hide_the_seat_verdict(signals):
    signals.show_ruling(ruling((0, Verdict.WRONG), (0, Verdict.VOID)))
    assert signals.showing(0) == "wrong"


def test_no_first_press_light_outside_kids_mode(factory, now):
    s = Signals(demo_table(4, kids=False), factory, now_ns=lambda: now[0], threaded=False)
    try:
        s.first_press(1)
        assert s.showing(1) == "off"
    finally:
        s.close()


def test_shared_bell_status_light_and_buzzer(factory, now):
    config = demo_table(3, buttons=False, shared="switch")
    s = Signals(config, factory, now_ns=lambda: now[0], threaded=False)
    try:
        s.first_press(None)
        assert s.showing("status") == "rang"
        s.show_ruling(ruling((None, Verdict.CORRECT), uncredited=True))
        assert s.showing("status") == "uncredited"
        s.show_ruling(ruling((None, Verdict.WRONG)))
        assert s.showing("status") == "wrong"
        assert s.buzzer is not None
        s.clear()
        assert s.showing("status") == "off"
    finally:
        s.close()
    assert Signals.overall(ruling((1, Verdict.TIE), (2, Verdict.TIE))) == "tie"


def test_rgb_and_single_leds(factory, now):
    config = parse_config(
        {
            "seats": [{"rgb": [17, 27, 22]}, {"led_green": 5, "led_red": 6}],
            "bell": [{"kind": "switch", "pin": 4}],
            "signals": {"status": {"led": 12}},
        }
    )
    s = Signals(config, factory, now_ns=lambda: now[0], threaded=False)
    try:
        s.show(0, "wrong")
        assert [factory.pin(p).state for p in (17, 27, 22)] == [1, 0, 0]
        s.show(0, "tie")
        assert [factory.pin(p).state for p in (17, 27, 22)] == [1, 1, 0]
        s.show("status", "correct")
        assert factory.pin(12).state == 1
    finally:
        s.close()
    assert all(factory.pin(p).state == 0 for p in (17, 27, 22, 12))


def test_the_thread_runs_the_patterns(factory):
    import time

    s = Signals(demo_table(2), factory, hold_s=0.2)
    try:
        s.show_ruling(ruling((0, Verdict.CORRECT), winner=0))
        assert leds(factory, 0) == (1, 0)
        deadline = time.monotonic() + 5.0
        while leds(factory, 0) != (0, 0) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert leds(factory, 0) == (0, 0)
    finally:
        s.close()


def test_light_pins_are_listed():
    assert list(LightPins(rgb=(1, 2, 3)).pins()) == [("rgb[0]", 1), ("rgb[1]", 2), ("rgb[2]", 3)]


def test_tick_runs_the_patterns_without_the_thread(signals, factory, now):
    signals.show_ruling(ruling((3, Verdict.WRONG)))
    assert leds(factory, 3) == (0, 1)
    now[0] += 120 * MS
    signals.tick()
    assert leds(factory, 3) == (0, 0)

"""Table stories on gpiozero's MockFactory: presses with exact stamps, whole presses, the engine."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from halli_pi.bell import Bell, FakeBell, demo_table
from halli_pi.bell.factory import open_pin_factory
from halli_pi.cards import parse_card
from halli_pi.clock import SessionClock
from halli_pi.config import parse_config
from halli_pi.errors import HardwareError
from halli_pi.rules import Engine, GameStart, Press, Reveal, Verdict


@pytest.fixture
def bell(factory):
    with FakeBell(seats=4, factory=factory) as fake:
        yield fake


def test_presses_come_out_in_stamp_order_not_callback_order(bell):
    bell.press(seat=2, at=5.0005)  # its callback runs first
    bell.press(seat=0, at=5.0000)
    bell.press(seat=3, at=5.00025)
    assert [(p.seat, p.t) for p in bell.presses()] == [
        (0, pytest.approx(5.0, abs=1e-9)),
        (3, pytest.approx(5.00025, abs=1e-9)),
        (2, pytest.approx(5.0005, abs=1e-9)),
    ]
    assert {p.source for p in bell.presses()} == {"button"}


def test_bounces_are_swallowed_and_the_first_contact_is_kept(bell):
    bell.press(seat=1, at=2.0, bounces=9, bounce_us=300)
    (press,) = bell.presses()
    assert press == Press(pytest.approx(2.0, abs=1e-9), 1, "button")
    assert bell.bell.swallowed(seat=1) == 11  # 9 bounces, the contact closing again, release


def test_a_second_press_counts_once_the_button_rearmed(bell):
    bell.press(seat=1, at=2.0, hold_ms=60)
    bell.press(seat=1, at=2.1, hold_ms=60)  # 40 ms after release: still locked out
    bell.press(seat=1, at=2.4, hold_ms=60)  # 240 ms after the last edge: a new press
    assert [round(p.t, 6) for p in bell.presses()] == [2.0, 2.4]


def test_whole_presses_the_gpiozero_way(bell):
    bell.drive_low(seat=3)
    bell.drive_high(seat=3)
    (press,) = bell.presses()
    assert press.seat == 3 and 0 <= press.t < 5.0  # stamped now on the session clock


def test_a_bounce_storm_is_one_press_and_one_warning(bell):
    warnings = []
    bell.bell._on_warning = warnings.append
    assert bell.storm(seat=0, at=1.0) == 1000
    assert [p.seat for p in bell.presses()] == [0]
    assert len(warnings) == 1 and "chatters" in warnings[0] and "BCM 5" in warnings[0]


def test_a_stuck_button_is_one_press_and_a_warning(bell):
    bell.press(seat=2, at=1.0, release=False)
    clock = bell.clock
    bell.bell.release(clock.to_monotonic_ns(2.0))
    assert bell.bell.warnings == []
    bell.bell.release(clock.to_monotonic_ns(4.5))
    bell.bell.release(clock.to_monotonic_ns(9.0))
    assert [p.seat for p in bell.presses()] == [2]
    (warning,) = bell.bell.warnings
    assert "seat 2 button (BCM 17) held for 3.5 s" in warning


def test_a_shared_bell_rings_with_no_seat(factory):
    with FakeBell(shared="piezo", factory=factory) as fake:
        fake.strike(at=3.25, rings=30)
        (press,) = fake.presses()
        assert press.seat is None and press.source == "piezo"
        assert press.t == pytest.approx(3.25, abs=1e-9)
        assert fake.bell.swallowed(kind="piezo") == 59


def test_the_order_hold_releases_by_the_clock(factory):
    now = [0]
    clock = SessionClock(start_ns=0, now_ns=lambda: now[0])
    with FakeBell(demo_table(4, order_hold_ms=2.0), factory=factory, clock=clock) as fake:
        got = []
        fake.bell._on_press = got.append
        fake.press(seat=1, at=1.0005)
        fake.press(seat=0, at=1.0)
        assert fake.bell.release(clock.to_monotonic_ns(1.0015)) == []
        now[0] = clock.to_monotonic_ns(1.002)
        assert [p.seat for p in fake.bell.release()] == [0]
        assert [p.seat for p in fake.bell.release(clock.to_monotonic_ns(1.003))] == [1]
        assert [p.seat for p in got] == [0, 1]


def test_the_bell_thread_delivers_to_the_queue(factory):
    with FakeBell(seats=2, factory=factory) as fake:
        fake.bell.start()
        fake.press(seat=1, at=fake.clock.now())
        press = fake.bell.get(timeout=2.0)
        assert press is not None and press.seat == 1
        assert fake.bell.get(timeout=0.01) is None


def _engine_with_five() -> Engine:
    engine = Engine()
    engine.feed(GameStart(0.0, "classic", ("Ana", "Bo", "Cy", "Di")))
    engine.feed(Reveal(1.0, 0, parse_card("2 strawberry")))
    engine.feed(Reveal(1.5, 1, parse_card("3 strawberry")))
    return engine


@pytest.mark.parametrize(
    ("gap_s", "winner", "verdicts"),
    [
        (0.0005, 3, [Verdict.CORRECT, Verdict.VOID]),  # 0.5 ms: the earlier edge wins
        (0.00005, None, [Verdict.TIE, Verdict.TIE]),  # 50 us: inside tie_ms (0.1 ms)
    ],
)
def test_close_calls_through_the_engine(bell, gap_s, winner, verdicts):
    engine = _engine_with_five()
    bell.press(seat=1, at=5.0 + gap_s, bounces=4)  # the later edge's callback first
    bell.press(seat=3, at=5.0, bounces=6)
    for press in bell.presses():
        engine.feed(press)
    (ruling,) = engine.advance(6.0)
    assert ruling.winner == winner
    assert [p.seat for p in ruling.presses] == [3, 1]
    assert [p.verdict for p in ruling.presses] == verdicts


def test_a_pin_that_cannot_be_opened_says_which(factory):
    config = parse_config({"seats": [{"button": 5}, {"button": 12}]})

    class Refusing(MockFactory):
        def pin(self, name, *args, **kwargs):
            if name == 12:
                raise PermissionError("/dev/gpiochip0: permission denied")
            return super().pin(name, *args, **kwargs)

    with pytest.raises(HardwareError, match=r"cannot open BCM 12 for the seat 1 button.*denied"):
        Bell(config, Refusing())


def test_no_pi_here_says_so(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    try:
        import lgpio  # noqa: F401

        pytest.skip("lgpio is installed: this may be a Pi")
    except ImportError:
        pass
    with pytest.raises(HardwareError, match="cannot open the lgpio pin factory"):
        open_pin_factory("lgpio")


def test_the_factory_is_chosen_by_keyword_or_environment(monkeypatch):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert type(open_pin_factory()).__name__ == "MockFactory"
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY")
    assert type(open_pin_factory("mock")).__name__ == "MockFactory"


class HeldDown(MockPin):
    """A pin whose button is held down: the pull-up cannot raise it."""

    def _set_pull(self, value):
        self._pull = value


def test_a_button_pressed_at_start_is_said_and_does_not_ring(factory):
    factory.pin(5, pin_class=HeldDown).drive_low()  # seat 0's button, held before the bell opens
    with FakeBell(seats=2, factory=factory) as fake:
        assert "reads pressed already" in fake.bell.warnings[0]
        fake.drive_high(seat=0)
        assert fake.presses() == []


def test_a_factory_without_edge_stamps_is_said(factory):
    from halli_pi.clock import CallbackTicks

    bell = Bell(demo_table(2), factory, tick_clock=CallbackTicks())
    try:
        assert "callback time" in bell.warnings[0]
    finally:
        bell.close()


def _stories():
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "bell" / "stories.toml"
    return tomllib.loads(path.read_text())["story"]


@pytest.mark.parametrize("story", _stories(), ids=lambda s: s["name"])
def test_table_stories(bell, story):
    for p in story["presses"]:
        bell.press(
            p.get("seat"),
            at=p["at"],
            bounces=p.get("bounces", 0),
            bounce_us=p.get("bounce_us", 150.0),
            hold_ms=p.get("hold_ms", 80.0),
        )
    got = [(p.seat, round(p.t, 7)) for p in bell.presses()]
    assert got == [(seat, at) for seat, at in story["expect"]]

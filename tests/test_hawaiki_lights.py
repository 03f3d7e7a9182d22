"""Hawaiki's seat lights on gpiozero's mock pins: whose turn it is, who owes a "merci" (blinking
faster as the deadline nears), a table waiting for a person, and the flash of a verdict; driven
by the real referee's rulings and the session clock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from halli_pi.bell.fake import BUZZER_PIN, SEAT_PINS, demo_table
from halli_pi.bell.signals import Signals
from halli_pi.referee import Referee
from halli_pi.rules.events import Press
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart, Play
from halli_pi.runtime.seat_lights import HawaikiLights, seat_lights, thanks_period_ms

NAMES = ("Ana", "Bo", "Cy")
STEP_S = 0.01  # the lights are sampled every 10 ms of session time


class Table:
    """A referee with a Hawaiki game dealt, and the lights on mock pins, on one clock."""

    def __init__(self, factory, piles: tuple[str, ...]) -> None:
        self.now = 0.0
        config = replace(demo_table(len(NAMES)), buzzer=BUZZER_PIN)
        self.signals = Signals(
            config, factory, threaded=False, now_ns=lambda: round(self.now * 1e9)
        )
        self.factory = factory
        self.referee = Referee()
        self.lights = HawaikiLights(self.signals, self.referee.snapshot)
        self.referee.listeners.append(self.lights)
        cards = tuple(parse_hcard(c) for c in piles)
        self.referee.new_game(HawaikiStart(0.0, "hawaiki", NAMES, {}, piles=cards))

    def run_to(self, t: float) -> None:
        """The session clock moves to `t`: the camera has seen everything, timers fire."""
        self.now = t
        self.referee.vision([], t)
        self.referee.tick(t + self.referee.bell_latency_s)
        self.lights.update(t)
        self.signals.tick()

    def led(self, seat: int) -> tuple[int, int]:
        """(green, red) as the seat's pins are driven."""
        _, green, red = SEAT_PINS[seat]
        return (int(self.factory.pin(green).state), int(self.factory.pin(red).state))

    def samples(self, seat: int, start: float, seconds: float) -> list[tuple[int, int]]:
        out = []
        for k in range(round(seconds / STEP_S)):
            self.run_to(round(start + k * STEP_S, 6))
            out.append(self.led(seat))
        return out


def buzzed(table: Table) -> bool:
    """Whether the buzzer's pin went high (gpiozero's mock pin keeps its history)."""
    return any(state for _, state in table.factory.pin(BUZZER_PIN).states)


def changes(samples: list[tuple[int, int]]) -> int:
    return sum(a != b for a, b in zip(samples, samples[1:], strict=False))


@pytest.fixture
def brelan(factory):
    """Ana announces with her button and lays 5 green on 3 green: a brelan of fives, so Bo and
    Cy each draw a card and owe a "merci" within 5 s (deadline 6.2 s), and Ana plays again."""
    table = Table(factory, ("5 red", "5 blue", "3 green"))
    table.run_to(0.5)
    table.referee.press(Press(1.0, 0, "button"))
    table.referee.vision([Play(1.2, 2, parse_hcard("5 green"))], 1.2)
    table.run_to(1.25)
    snap = table.referee.snapshot()
    assert [p["owes_thanks"] for p in snap["players"]] == [0, 1, 1]
    yield table
    table.signals.close()  # the buzzer's beep thread is joined here, not at collection


def test_the_seat_to_act_shows_steady_green_and_the_others_are_dark(factory) -> None:
    table = Table(factory, ("5 red", "5 blue", "3 green"))
    seat0 = table.samples(0, 0.1, 1.0)
    assert set(seat0) == {(1, 0)}  # green, never blinking
    assert set(table.samples(1, 1.1, 0.5)) == {(0, 0)}


def test_an_accepted_press_flashes_green_then_the_light_tells_the_turn(brelan) -> None:
    assert not buzzed(brelan)  # a brelan announced and formed costs no one a card
    # Ana's announcement (1.0 s) was accepted: quick green flashes for 0.6 s, then steady.
    flashing = brelan.samples(0, 1.3, 0.29)
    assert (0, 0) in flashing and (1, 0) in flashing
    assert set(brelan.samples(0, 1.7, 0.5)) == {(1, 0)}  # she plays again


def test_a_thanks_owed_blinks_amber_faster_as_its_deadline_nears(brelan) -> None:
    early = brelan.samples(1, 1.3, 1.0)  # 4.9 s to 3.9 s left
    late = brelan.samples(1, 5.2, 1.0)  # the last second
    assert set(early) == set(late) == {(1, 1), (0, 0)}  # amber, on and off
    assert changes(late) >= 2 * changes(early) > 0
    assert thanks_period_ms(4.9) > thanks_period_ms(2.0) > thanks_period_ms(0.1)


def test_a_missed_thanks_flashes_red_at_the_deadline_then_the_light_goes_dark(brelan) -> None:
    brelan.run_to(6.2)  # a thanks at the deadline would still be in time
    assert brelan.lights.shown[1].name == "thanks"
    red = brelan.samples(1, 6.21, 0.5)  # the timer rules "missed": +1 card, a red flash
    assert (0, 1) in red and (1, 1) not in red and (1, 0) not in red
    assert buzzed(brelan)  # with a short buzz
    assert set(brelan.samples(1, 7.0, 0.5)) == {(0, 0)}
    verdicts = [p["owes_thanks"] for p in brelan.referee.snapshot()["players"]]
    assert verdicts == [0, 0, 0]


def test_a_card_to_take_back_makes_every_seat_blink_together(factory) -> None:
    table = Table(factory, ("5 red", "5 blue", "3 green"))
    table.run_to(0.5)
    table.referee.vision([Play(1.0, 0, parse_hcard("2 yellow"))], 1.0)  # illegal
    table.run_to(1.1)
    together = []
    for k in range(100):
        table.run_to(round(1.1 + k * STEP_S, 6))
        together.append(tuple(table.led(s) for s in range(3)))
    assert all(len(set(leds)) == 1 for leds in together)  # the same on every seat
    assert {leds[0] for leds in together} == {(1, 1), (0, 0)}  # blinking amber


def test_the_lights_follow_the_snapshot_and_the_clock_alone() -> None:
    snap = {
        "ruleset": "hawaiki",
        "playing": True,
        "to_act": 2,
        "designations": None,
        "awaiting_take_back": [False, False, False],
        "players": [
            {"seat": 0, "owes_thanks": 2, "thanks_due": 10.0},
            {"seat": 1, "owes_thanks": 0, "thanks_due": None},
            {"seat": 2, "owes_thanks": 0, "thanks_due": None},
        ],
    }
    lights = seat_lights(snap, 6.0)
    assert [lights[s].name for s in range(3)] == ["thanks", "off", "turn"]
    assert seat_lights(snap, 9.5)[0].period_ms < lights[0].period_ms
    flashed = seat_lights(snap, 6.0, flashes={2: ("penalty", 6.5)})
    assert (
        flashed[2].name == "penalty"
        and seat_lights(snap, 6.5, flashes={2: ("penalty", 6.5)})[2].name == "turn"
    )
    assert {light.name for light in seat_lights(snap, 6.0, waiting=True).values()} == {
        "thanks",
        "person",
    }

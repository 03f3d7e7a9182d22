"""Hawaiki's seat lights (HAWAIKI.md §3): whose turn it is, who owes a "merci" and how long is
left, when the table waits for a person, and a flash for each accepted or penalised press.

What each seat shows is a pure function of the referee's snapshot and the session time
(`seat_lights`), so it follows the same clock as the rulings: in a replay, in the demo's
simulated time, or at the table. `HawaikiLights` is the referee listener that drives the
bell's `Signals` with it, stepped by the session after every tick.

========== ======= ==========================================================
meaning    colour  rhythm
========== ======= ==========================================================
your turn  green   steady
owe merci  amber   blinking, faster as the deadline nears (400 ms to 100 ms)
a person   amber   slow blink, every seat together (designation, take-back,
                   a play the camera doubts)
accepted   green   quick flashes for `FLASH_S`
penalty    red     quick flashes for `FLASH_S` (a card for a missed or wrong
                   thanks, a false announcement), and a short buzz when the
                   table has a buzzer
========== ======= ==========================================================

A flash shows over the rest; a thanks owed over a person awaited; that over the turn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from halli_pi.bell.signals import Colour, Pattern
from halli_pi.referee import Decision, RefereeListener, Status
from halli_pi.rules.hawaiki.events import HawaikiRuling

FLASH_S = 0.6
PENALTY_BUZZ_S = 0.25  # a short buzz with a penalty card's red flash (HAWAIKI.md §3)
THANKS_SLOWEST_MS = 400  # a blink period with a whole window left
THANKS_FASTEST_MS = 100  # at the deadline
THANKS_STEP_MS = 20  # the period changes in steps, so the pattern is not restarted every frame
MS_PER_SECOND_LEFT = 60  # the period shortens by this much per second nearer the deadline
PENALTIES = frozenset({"missed", "wrong_words", "false_announce"})
ACCEPTED = frozenset({"noted", "in_time"})


@dataclass(frozen=True)
class SeatLight:
    """What one seat's light shows: a pattern name, and a blink period where it has one."""

    name: str  # "off", "turn", "thanks", "person", "accepted", "penalty"
    period_ms: int = 0

    @property
    def pattern(self) -> str:
        return f"{self.name}-{self.period_ms}" if self.name == "thanks" else self.name


def thanks_period_ms(seconds_left: float) -> int:
    """The blink period of a seat that owes a thanks, with `seconds_left` to its deadline."""
    left = max(0.0, seconds_left)
    period = THANKS_FASTEST_MS + MS_PER_SECOND_LEFT * left
    period = min(float(THANKS_SLOWEST_MS), period)
    return int(round(period / THANKS_STEP_MS) * THANKS_STEP_MS)


def seat_lights(
    snapshot: dict[str, Any] | None,
    now: float,
    *,
    waiting: bool = False,
    flashes: dict[int, tuple[str, float]] | None = None,
) -> dict[int, SeatLight]:
    """Each seat's light at session time `now`. `waiting`: the table waits for a person for
    something the snapshot does not hold (a question the camera asked); `flashes`: per seat,
    (name, until) of a flash under way."""
    if snapshot is None or snapshot.get("ruleset") != "hawaiki":
        return {}
    person = waiting or bool(snapshot.get("designations")) or any(snapshot["awaiting_take_back"])
    lights: dict[int, SeatLight] = {}
    for player in snapshot["players"]:
        seat = player["seat"]
        flash = (flashes or {}).get(seat)
        if flash is not None and now < flash[1]:
            lights[seat] = SeatLight(flash[0])
        elif player["owes_thanks"] and player["thanks_due"] is not None:
            lights[seat] = SeatLight("thanks", thanks_period_ms(player["thanks_due"] - now))
        elif person:
            lights[seat] = SeatLight("person")
        elif snapshot["to_act"] == seat and snapshot["playing"]:
            lights[seat] = SeatLight("turn")
        else:
            lights[seat] = SeatLight("off")
    return lights


def pattern_of(light: SeatLight) -> Pattern:
    """The bell's blink pattern for a light."""
    if light.name == "thanks":
        half = max(1, light.period_ms // 2)
        return Pattern(light.pattern, ((Colour.AMBER, half), (Colour.OFF, half)))
    steps = {
        "off": ((Colour.OFF, 1000),),
        "turn": ((Colour.GREEN, 1000),),
        "person": ((Colour.AMBER, 500), (Colour.OFF, 500)),
        "accepted": ((Colour.GREEN, 80), (Colour.OFF, 80)),
        "penalty": ((Colour.RED, 80), (Colour.OFF, 80)),
    }[light.name]
    return Pattern(light.pattern, steps)


class HawaikiLights(RefereeListener):
    """Drives the seat lights from the referee's decisions and the session clock."""

    urgent = True  # a verdict's flash comes before the evidence image and the screens

    def __init__(
        self,
        signals: Any,
        snapshot: Callable[[], dict[str, Any] | None],
        *,
        waiting: Callable[[], bool] = lambda: False,
    ) -> None:
        self.signals = signals
        self.snapshot = snapshot
        self.waiting = waiting  # the table waits for a person (the camera's questions)
        self.now = float("-inf")
        self.shown: dict[int, SeatLight] = {}
        self._flashes: dict[int, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def on_decision(self, decision: Decision) -> None:
        if decision.status is Status.CONFIRMED:
            return
        ruling = decision.ruling
        if not isinstance(ruling, HawaikiRuling):
            return
        verdict = ruling.verdict
        start = max(self.now, float(ruling.t))
        with self._lock:
            if verdict in PENALTIES and ruling.seat is not None:
                self._flashes[ruling.seat] = ("penalty", start + FLASH_S)
                self._buzz()
            elif verdict in ACCEPTED:
                for press in ruling.presses:
                    if press.seat is not None and press.verdict == "correct":
                        self._flashes[press.seat] = ("accepted", start + FLASH_S)
        self.update(max(self.now, float(ruling.t)))

    def _buzz(self) -> None:
        # gpiozero's own beep runs in its background thread; the ruling does not wait for it.
        buzzer = getattr(self.signals, "buzzer", None)
        if buzzer is not None:
            buzzer.beep(on_time=PENALTY_BUZZ_S, off_time=0.0, n=1, background=True)

    def update(self, now: float) -> None:
        """Show what each seat's light should show at session time `now`."""
        # Read before taking this lock: the referee calls in holding its own (a decision),
        # and the two are never to be taken the other way round.
        snap, waiting = self.snapshot(), self.waiting()
        with self._lock:
            self.now = max(self.now, now)
            self._flashes = {s: f for s, f in self._flashes.items() if f[1] > self.now}
            wanted = seat_lights(snap, self.now, waiting=waiting, flashes=self._flashes)
            for seat, light in wanted.items():
                if self.shown.get(seat) == light:
                    continue
                self.shown[seat] = light
                self.signals.patterns.setdefault(light.pattern, pattern_of(light))
                self.signals.show(seat, light.pattern)

"""Lights and buzzer: who rang first, then the verdict, told apart by colour AND by rhythm.

Per seat a green + red LED pair or an RGB LED; for a shared bell one status light (a single
LED, a pair, or RGB) and an optional buzzer. Every verdict has its own blink pattern so a
colour-blind player (or a single-colour status LED) can tell them apart:

========== ======= ============================================ =============================
meaning    colour  rhythm                                       buzzer
========== ======= ============================================ =============================
rang first amber   steady on, until the verdict (about 50 ms)   --
correct    green   steady on for ``hold_s``                     one short beep
wrong      red     fast flashing, 5 per second                  one long buzz
tie        amber   double blink, pause (blink-blink ... )       two short beeps
uncredited amber   slow blink, once a second, until credited    --
void/other off     dark                                         --
========== ======= ============================================ =============================

Kids mode: the first presser's light comes on at once (well within a few ms of the edge) and
the other seats stay dark; then each press shows its verdict.

All lights run from one small thread that sleeps until the next change; the first step of a
pattern is set synchronously, so a test (or a player) sees it at once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from halli_pi.config import LightPins, TableConfig
from halli_pi.errors import HardwareError
from halli_pi.rules.events import Ruling, Verdict

log = logging.getLogger(__name__)


class Colour(Enum):
    OFF = (0, 0)  # (green, red)
    GREEN = (1, 0)
    RED = (0, 1)
    AMBER = (1, 1)


@dataclass(frozen=True, slots=True)
class Pattern:
    name: str
    steps: tuple[tuple[Colour, int], ...]  # (colour, milliseconds), repeated
    duration_ms: int | None = None  # None: until replaced or cleared


def patterns(hold_s: float) -> dict[str, Pattern]:
    hold = round(hold_s * 1000)
    return {
        "rang": Pattern("rang", ((Colour.AMBER, 1000),)),
        "correct": Pattern("correct", ((Colour.GREEN, 1000),), hold),
        "wrong": Pattern("wrong", ((Colour.RED, 100), (Colour.OFF, 100)), hold),
        "tie": Pattern(
            "tie",
            ((Colour.AMBER, 150), (Colour.OFF, 150), (Colour.AMBER, 150), (Colour.OFF, 550)),
            hold,
        ),
        "uncredited": Pattern("uncredited", ((Colour.AMBER, 500), (Colour.OFF, 500))),
        "off": Pattern("off", ((Colour.OFF, 1000),), 0),
    }


BUZZ = {  # (on ms, off ms) pairs
    "correct": ((150, 0),),
    "wrong": ((600, 0),),
    "tie": ((120, 120), (120, 0)),
}

VERDICT_PATTERN = {
    Verdict.CORRECT: "correct",
    Verdict.WRONG: "wrong",
    Verdict.TIE: "tie",
    Verdict.VOID: "off",
}


class _Light:
    """One physical light; ``set(colour)`` maps the colour onto whatever LEDs it has."""

    def __init__(self, pins: LightPins, factory: Any, active_high: bool, what: str) -> None:
        from gpiozero import LED, RGBLED

        self.devices: list[Any] = []
        self.kind = "single"
        try:
            if pins.rgb is not None:
                self.kind = "rgb"
                r, g, b = pins.rgb
                self.rgb = RGBLED(r, g, b, active_high=active_high, pwm=False, pin_factory=factory)
                self.devices.append(self.rgb)
            else:
                self.green = self.red = self.single = None
                if pins.green is not None:
                    self.green = LED(pins.green, active_high=active_high, pin_factory=factory)
                    self.devices.append(self.green)
                if pins.red is not None:
                    self.red = LED(pins.red, active_high=active_high, pin_factory=factory)
                    self.devices.append(self.red)
                if pins.led is not None:
                    self.single = LED(pins.led, active_high=active_high, pin_factory=factory)
                    self.devices.append(self.single)
                self.kind = "pair" if self.single is None else "single"
        except Exception as err:
            self.close()
            raise HardwareError(
                f"cannot open the {what} light: {type(err).__name__}: {err}"
            ) from None
        self.colour = Colour.OFF

    def set(self, colour: Colour) -> None:
        self.colour = colour
        g, r = colour.value
        if self.kind == "rgb":
            # Without PWM an RGB LED shows amber as red + green (it looks yellow-orange).
            self.rgb.value = (r, g, 0)
            return
        if self.green is not None:
            self.green.value = g
        if self.red is not None:
            self.red.value = r
        if self.single is not None:
            self.single.value = 1 if colour is not Colour.OFF else 0
        if self.kind == "pair" and (self.green is None or self.red is None):
            # A status "pair" with one LED only: it still blinks the rhythm.
            led = self.green if self.green is not None else self.red
            if led is not None:  # a light's pins are checked by the config: one LED at least
                led.value = 1 if colour is not Colour.OFF else 0

    def close(self) -> None:
        for device in reversed(self.devices):
            try:
                device.close()
            except Exception as err:  # keep closing the rest
                log.debug("closing %r: %s", device, err)
        self.devices.clear()


@dataclass(slots=True)
class _Running:
    pattern: Pattern
    start_ns: int
    applied: Colour | None = None


class Signals:
    """Per-seat lights, a status light and a buzzer, driven by presses and rulings."""

    def __init__(
        self,
        config: TableConfig,
        factory: Any,
        *,
        kids: bool | None = None,
        hold_s: float | None = None,
        now_ns: Callable[[], int] = time.monotonic_ns,
        threaded: bool = True,
    ) -> None:
        self.config = config
        self.kids = config.kids if kids is None else kids
        self.patterns = patterns(config.signal_hold_s if hold_s is None else hold_s)
        self._now_ns = now_ns
        self._cond = threading.Condition()
        self._running: dict[int | str, _Running] = {}
        self._first_shown = False
        self.lights: dict[int | str, _Light] = {}
        self.buzzer: Any = None
        self._buzz_thread: threading.Thread | None = None
        self._stop = False
        try:
            for seat in config.seats:
                if seat.light is not None:
                    self.lights[seat.seat] = _Light(
                        seat.light, factory, config.leds_active_high, f"seat {seat.seat}"
                    )
            if config.status_light is not None:
                self.lights["status"] = _Light(
                    config.status_light, factory, config.leds_active_high, "status"
                )
            if config.buzzer is not None:
                from gpiozero import Buzzer

                try:
                    self.buzzer = Buzzer(config.buzzer, pin_factory=factory)
                except Exception as err:
                    raise HardwareError(
                        f"cannot open the buzzer on BCM {config.buzzer}: {err}"
                    ) from None
        except BaseException:
            self.close()
            raise
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="signals", daemon=True)
            self._thread.start()

    # --- what the referee calls --------------------------------------------------------------

    def first_press(self, seat: int | None) -> None:
        """A press just came in: in kids mode light the first presser (or the status light)."""
        if not self.kids:
            return
        with self._cond:
            if self._first_shown:
                return
            self._first_shown = True
            if seat is not None and seat in self.lights:
                self._show(seat, "rang")
            elif "status" in self.lights:
                self._show("status", "rang")

    def show_ruling(self, ruling: Ruling) -> None:
        """Each press's seat shows its verdict; the status light and buzzer the table's."""
        shown: dict[int | str, str] = {}  # keyed like `lights`: seats, and "status"
        for pv in ruling.presses:
            # A seat's first press that counted decides its light (a repeat is void).
            if pv.seat is not None and shown.get(pv.seat, "off") == "off":
                shown[pv.seat] = VERDICT_PATTERN[Verdict(pv.verdict)]
        overall = self.overall(ruling)
        with self._cond:
            self._first_shown = False
            for key in self.lights:
                if key == "status":
                    self._show(key, overall)
                else:
                    self._show(key, shown.get(key, "off"))
        self._buzz(overall)

    @staticmethod
    def overall(ruling: Ruling) -> str:
        verdicts = {Verdict(p.verdict) for p in ruling.presses}
        if ruling.uncredited:
            return "uncredited"
        if ruling.winner is not None or Verdict.CORRECT in verdicts:
            return "correct"
        if Verdict.TIE in verdicts:
            return "tie"
        if Verdict.WRONG in verdicts:
            return "wrong"
        return "off"

    def show(self, key: int | str, name: str) -> None:
        """Run one named pattern on one light (check-wiring, a credit from the web page)."""
        with self._cond:
            self._show(key, name)

    def clear(self) -> None:
        """Every light off, buzzer silent; the next press is a first press again."""
        with self._cond:
            self._first_shown = False
            for key in self.lights:
                self._show(key, "off")
        if self.buzzer is not None:
            self.buzzer.off()

    def showing(self, key: int | str) -> str:
        """The pattern a light is running ("off" when dark)."""
        with self._cond:
            running = self._running.get(key)
            if running is None:
                return "off"
            self._step(key, running, self._now_ns())
            return running.pattern.name if key in self._running else "off"

    def tick(self) -> None:
        """Bring every light up to date now (for a caller that runs without the thread)."""
        with self._cond:
            now = self._now_ns()
            for key, running in list(self._running.items()):
                self._step(key, running, now)

    def colour(self, key: int | str) -> Colour:
        return self.lights[key].colour

    # --- pattern player --------------------------------------------------------------------

    def _show(self, key: int | str, name: str) -> None:
        if key not in self.lights:
            return
        running = _Running(self.patterns[name], self._now_ns())
        self._running[key] = running
        self._step(key, running, running.start_ns)
        self._cond.notify_all()

    def _step(self, key: int | str, running: _Running, now: int) -> int | None:
        """Apply the colour due at ``now``; return when it next changes (None: finished)."""
        pattern = running.pattern
        elapsed_ms = (now - running.start_ns) / 1e6
        if pattern.duration_ms is not None and elapsed_ms >= pattern.duration_ms:
            colour, next_ns = Colour.OFF, None
            del self._running[key]
        else:
            cycle = sum(ms for _, ms in pattern.steps)
            k, pos = divmod(elapsed_ms, cycle)
            edge = 0
            colour = Colour.OFF
            for colour, ms in pattern.steps:  # noqa: B007 (the last colour is used below)
                edge += ms
                if pos < edge:
                    break
            next_ns = running.start_ns + round((k * cycle + edge) * 1e6)
            if pattern.duration_ms is not None:
                next_ns = min(next_ns, running.start_ns + pattern.duration_ms * 1_000_000)
        if running.applied is not colour:
            running.applied = colour
            self.lights[key].set(colour)
        return next_ns

    def _run(self) -> None:
        with self._cond:
            while not self._stop:
                now = self._now_ns()
                due = [
                    self._step(key, running, now) for key, running in list(self._running.items())
                ]
                due_ns = [d for d in due if d is not None]
                wait = 1.0 if not due_ns else max(0.0, (min(due_ns) - now) / 1e9)
                self._cond.wait(wait)

    def _buzz(self, name: str) -> None:
        if self.buzzer is None or name not in BUZZ:
            return
        beeps = BUZZ[name]

        def run() -> None:
            for on_ms, off_ms in beeps:
                if self._stop:
                    return
                self.buzzer.on()
                time.sleep(on_ms / 1000)
                self.buzzer.off()
                time.sleep(off_ms / 1000)

        self._buzz_thread = threading.Thread(target=run, name="buzzer", daemon=True)
        self._buzz_thread.start()

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        thread = getattr(self, "_thread", None)
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2.0)
        if self._buzz_thread is not None:
            self._buzz_thread.join(timeout=2.0)
        for light in reversed(list(self.lights.values())):
            try:
                light.set(Colour.OFF)
            except Exception as err:
                log.debug("switching off: %s", err)
            light.close()
        self.lights.clear()
        if self.buzzer is not None:
            self.buzzer.close()
            self.buzzer = None

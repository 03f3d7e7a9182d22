"""The wiring check at the table: every button, light and bell input answered for, one by one.

1. Buttons: press each seat's button when asked; it shows the seat it heard, the edge time on
   the session clock and how many bounce edges were swallowed. A different seat answering
   means two wires are swapped.
2. Lights: each LED (and the buzzer) comes on in turn; answer whether you saw (heard) it.
3. Bell: strike the shared bell; it shows the comparator's (or switch's) first edge, the ring
   edges swallowed and, with an MCP3008 fitted, the strike's peak amplitude, for setting the
   comparator's threshold trimmer.

With ``mock=True`` the same check runs on gpiozero's MockFactory with a scripted table (presses
with bounces, a ringing strike, an ADC reading), so it can be tried, and tested, without a Pi.
``halli-pi check-wiring`` is the command in front of it.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from halli_pi.bell.signals import Colour

if TYPE_CHECKING:
    from gpiozero import Factory

    from halli_pi.bell.fake import FakeBell
    from halli_pi.bell.ring import Bell
    from halli_pi.bell.signals import Signals
    from halli_pi.config import RingSource, TableConfig


@dataclass(frozen=True, slots=True)
class CheckResult:
    item: str
    ok: bool
    detail: str


class Actor:
    """What happens at the table between prompts: a person (does nothing here) or a script."""

    def before_press(self, source: RingSource) -> None:
        """The check now waits for this source to ring."""

    def answer(self, question: str, check: Callable[[], bool]) -> str | None:
        """An answer to a yes/no question, or None to ask the person."""
        return None


class ScriptedTable(Actor):
    """The ``--mock`` table: presses the asked-for button with bounces, strikes the bell."""

    def __init__(self, fake: FakeBell, adc: Any = None, seed: int = 1) -> None:
        self.fake = fake
        self.adc = adc
        self.rng = random.Random(seed)

    def before_press(self, source: RingSource) -> None:
        now = self.fake.clock.now()
        if source.seat is None:
            if self.adc is not None and source.mcp3008 is not None:
                self.adc.channels[source.mcp3008.channel] = 1.82
            self.fake.strike(now, rings=self.rng.randrange(8, 20))
        else:
            self.fake.press(source.seat, now, bounces=self.rng.randrange(2, 9), hold_ms=5.0)

    def answer(self, question: str, check: Callable[[], bool]) -> str | None:
        return "y" if check() else "n"


class WiringCheck:
    """The three steps, writing to ``out`` and asking through ``ask``."""

    def __init__(
        self,
        config: TableConfig,
        bell: Bell,
        signals: Signals,
        *,
        out: TextIO,
        ask: Callable[[str], str | None],
        actor: Actor | None = None,
        adc: Callable[[int, int], Any] | None = None,
        timeout_s: float = 30.0,
    ) -> None:
        self.config = config
        self.bell = bell
        self.signals = signals
        self.out = out
        self.ask_person = ask
        self.actor = actor or Actor()
        self.open_adc = adc
        self.timeout_s = timeout_s
        self.results: list[CheckResult] = []

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def record(self, item: str, ok: bool, detail: str) -> None:
        self.results.append(CheckResult(item, ok, detail))
        self.say(f"    {'ok  ' if ok else 'FAIL'} {item}: {detail}")

    def ask(self, question: str, check: Callable[[], bool]) -> bool | None:
        reply = self.actor.answer(question, check)
        if reply is None:
            reply = self.ask_person(f"  {question} [Y/n] ")
        else:
            self.say(f"  {question} [Y/n] {reply}")
        if reply is None:
            return None  # no answer at all (input closed)
        return reply.strip().lower() in ("", "y", "yes", "j", "ja")

    def run(self) -> list[CheckResult]:
        self.bell.start()
        sources = self.bell.sources
        buttons = [s for s in sources if s.seat is not None]
        bells = [s for s in sources if s.seat is None]
        steps = (bool(buttons), bool(self.signals.lights or self.signals.buzzer), bool(bells))
        total = sum(steps)
        n = 0
        if buttons:
            n += 1
            self.say(f"Step {n}/{total}: buttons. Press each button when asked.")
            for source in buttons:
                self.check_source(source)
        if steps[1]:
            n += 1
            self.say(f"Step {n}/{total}: lights. Watch each light as it comes on.")
            self.check_lights()
        if bells:
            n += 1
            self.say(f"Step {n}/{total}: the bell. Strike the bell when asked.")
            for source in bells:
                self.check_source(source)
        failed = [r for r in self.results if not r.ok]
        self.say(
            f"Summary: {len(self.results) - len(failed)} ok, {len(failed)} failed"
            + (": " + ", ".join(r.item for r in failed) if failed else "")
        )
        return self.results

    # --- inputs ------------------------------------------------------------------------------

    def check_source(self, source: RingSource) -> None:
        if source.seat is not None:
            name = (
                self.config.players[source.seat] if source.seat < len(self.config.players) else ""
            )
            item = f"seat {source.seat} button"
            self.say(f"  {item} ({name}, BCM {source.pin}): press it now ...")
        else:
            item = f"bell {source.kind}"
            self.say(f"  {item} (BCM {source.pin}): strike the bell now ...")
        self.drain()
        self.actor.before_press(source)
        deadline = time.monotonic() + self.timeout_s
        while True:
            left = deadline - time.monotonic()
            press = self.bell.get(timeout=max(0.0, left)) if left > 0 else None
            if press is None:
                self.record(item, False, f"nothing rang within {self.timeout_s:g} s")
                return
            ring = self.bell.rings[-1]
            if ring.source == source:
                break
            self.say(
                f"    heard {ring.source.name} (BCM {ring.source.pin}) instead: wires swapped? "
                f"press the one asked for"
            )
        amplitude = self.sample_amplitude(source)
        self.settle(source)
        capture = self.bell.captures[self.bell.sources.index(source)]
        stamp = "exact edge stamp" if self.bell.ticks.exact else "callback time, not exact"
        detail = (
            f"{'seat ' + str(press.seat) if press.seat is not None else 'shared bell'}, "
            f"edge at t={press.t:.6f} s ({stamp}), {capture.swallowed} bounce edges swallowed"
        )
        if amplitude is not None:
            detail += f", peak {amplitude * 3.3:.2f} V ({amplitude:.0%} of full scale)"
        self.record(item, True, detail)

    def drain(self) -> None:
        while self.bell.get(timeout=0) is not None:
            pass

    def settle(self, source: RingSource) -> None:
        """Wait until the input has re-armed, so its bounces are all counted."""
        capture = self.bell.captures[self.bell.sources.index(source)]
        end = time.monotonic() + min(3.0, self.timeout_s)
        while time.monotonic() < end:
            last = capture.last_edge_ns
            quiet = last is not None and self.bell.clock.now_ns() - last >= capture.rearm_ns
            if quiet and not capture.active:
                return
            time.sleep(0.01)

    def sample_amplitude(self, source: RingSource) -> float | None:
        if source.mcp3008 is None or self.open_adc is None:
            return None
        adc = self.open_adc(source.mcp3008.channel, source.mcp3008.select)
        try:
            peak = 0.0
            end = time.monotonic() + 0.3
            while time.monotonic() < end:
                peak = max(peak, float(adc.value))
            return peak
        finally:
            adc.close()

    # --- outputs -----------------------------------------------------------------------------

    def check_lights(self) -> None:
        for key, light in self.signals.lights.items():
            label = f"seat {key}" if key != "status" else "status light"
            colours = [Colour.GREEN, Colour.RED] if light.kind != "single" else [Colour.AMBER]
            for colour in colours:
                what = "on" if light.kind == "single" else colour.name.lower()
                light.set(colour)
                seen = self.ask(
                    f"{label} {what} (pins {self.pins_of(key)}): is it lit {what}?",
                    functools.partial(self.lit, light, colour),
                )
                light.set(Colour.OFF)
                self.judge(f"{label} {what}", seen)
        if self.signals.buzzer is not None:
            self.signals.buzzer.on()
            heard = self.ask(
                f"buzzer (BCM {self.config.buzzer}): do you hear it?",
                lambda: bool(self.signals.buzzer.value),
            )
            self.signals.buzzer.off()
            self.judge("buzzer", heard)

    def judge(self, item: str, answer: bool | None) -> None:
        if answer is None:
            self.record(item, False, "no answer (input closed)")
        else:
            self.record(item, answer, "seen" if answer else "not seen: check wiring.md")

    def pins_of(self, key: int | str) -> str:
        # Signals keys its lights by seat number, and the status light by the name "status".
        pins = self.config.status_light if isinstance(key, str) else self.config.seats[key].light
        if pins is None:
            return "none in the config"
        return ", ".join(f"{k} BCM {p}" for k, p in pins.pins())

    @staticmethod
    def lit(light: Any, colour: Colour) -> bool:
        """What the pins say (the mock's stand-in for a person's eyes)."""
        g, r = colour.value
        if light.kind == "rgb":
            return tuple(light.rgb.value) == (r, g, 0)
        if light.kind == "single":
            return bool(light.single.value)
        return bool(light.green.value) == bool(g) and bool(light.red.value) == bool(r)


def check_wiring(
    config: TableConfig,
    factory: Factory,
    *,
    out: TextIO,
    inp: TextIO | None = None,
    mock: bool = False,
    timeout_s: float = 30.0,
    seed: int = 1,
) -> list[CheckResult]:
    """Run the whole check on ``factory`` (a MockFactory with ``mock=True``)."""
    from halli_pi.bell.fake import FakeBell, mock_mcp3008
    from halli_pi.bell.ring import Bell
    from halli_pi.bell.signals import Signals
    from halli_pi.clock import SessionClock

    clock = SessionClock()
    adc_mock = None
    actor: Actor | None = None
    fake = None
    if mock:
        selects = {b.mcp3008.select for b in config.bells if b.mcp3008 is not None}
        if selects:
            adc_mock = mock_mcp3008(factory, select=min(selects))
        fake = FakeBell(config, factory=factory, clock=clock)
        bell = fake.bell
        actor = ScriptedTable(fake, adc_mock, seed)
    else:
        bell = Bell(config, factory, clock)

    def ask(question: str) -> str | None:
        print(question, end="", file=out, flush=True)
        if inp is None:
            return None
        line = inp.readline()
        if not line:
            print(file=out)
            return None
        return line

    def open_adc(channel: int, select: int) -> Any:
        from halli_pi.bell.factory import open_mcp3008

        return open_mcp3008(factory, channel, select)

    signals = None
    try:
        signals = Signals(config, factory, threaded=False)
        check = WiringCheck(
            config,
            bell,
            signals,
            out=out,
            ask=ask,
            actor=actor,
            adc=open_adc,
            timeout_s=timeout_s,
        )
        kind = type(factory).__name__
        if mock:
            stamps = "scripted edges with exact stamps"
        elif bell.ticks.exact:
            stamps = "kernel edge stamps"
        else:
            stamps = "callback-time stamps only, not the edge"
        where = config.path if config.path is not None else "built-in mock table"
        print(f"halli-pi check-wiring: {where}; pins from {kind} ({stamps})", file=out)
        return check.run()
    finally:
        if signals is not None:
            signals.close()
        bell.close()
        if adc_mock is not None:
            adc_mock.close()

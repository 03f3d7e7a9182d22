"""A scriptable table bell on gpiozero's MockFactory, so tests read like a game at the table.

    bell = FakeBell(seats=4)
    bell.press(seat=2, at=5.0005)           # exact edge stamps, injected at the pin's when_changed
    bell.press(seat=0, at=5.0000, bounces=6)
    bell.presses()                          # -> [Press(5.0, 0, "button"), Press(5.0005, 2, ...)]
    bell.drive_low(seat=1); bell.drive_high(seat=1)   # a whole press the gpiozero way (now)

Everything goes through the real path: MockFactory pins -> ``Bell`` (lockout, clock, order).
Stamps are session seconds; they become the pin's ``ticks`` exactly as the mock factory's own
(``time.monotonic()`` seconds), so scripted and driven presses share one clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from halli_pi.bell.ring import Bell
from halli_pi.clock import NS, SessionClock
from halli_pi.config import LightPins, Mcp3008, RingSource, Seat, SourceKind, TableConfig
from halli_pi.rules.events import Press

# A free-pin plan for up to six seats (see wiring.md): button, green LED, red LED.
SEAT_PINS = (
    (5, 6, 13),
    (12, 16, 20),
    (17, 27, 22),
    (23, 24, 25),
    (19, 26, 21),
    (4, 18, 7),  # BCM 7 is SPI CE1: free while no MCP3008 is fitted
)
BELL_PIN = 4
STATUS_PINS = (19, 26)
BUZZER_PIN = 18


def demo_table(
    players: int = 4,
    *,
    buttons: bool = True,
    shared: str | None = None,
    mcp3008_channel: int | None = None,
    kids: bool = True,
    rearm_ms: float = 150.0,
    order_hold_ms: float = 2.0,
) -> TableConfig:
    """A table config for the mock, on the pin plan of wiring.md.

    ``buttons``: a button and a green + red LED per seat. ``shared="switch"``/``"piezo"``
    adds a shared bell on BCM 4 with a status light (green BCM 19, red BCM 26) and a buzzer
    on BCM 18; ``mcp3008_channel`` gives the piezo an ADC channel (SPI0, CE0).
    """
    names = tuple(("Ana", "Bo", "Cy", "Di", "Ed", "Flo")[:players])
    if not 2 <= players <= len(SEAT_PINS):
        raise ValueError(f"the demo table has pins for 2..{len(SEAT_PINS)} seats")
    if buttons and shared is not None and players > 4:
        raise ValueError("the demo pin plan fits a shared bell beside at most 4 seat buttons")
    seats: tuple[Seat, ...] = ()
    if buttons:
        seats = tuple(
            Seat(i, names[i], b, LightPins(green=g, red=r), rearm_ms)
            for i, (b, g, r) in enumerate(SEAT_PINS[:players])
        )
    bells: tuple[RingSource, ...] = ()
    status = buzzer = None
    if shared is not None:
        adc = None if mcp3008_channel is None else Mcp3008(mcp3008_channel, 0)
        bells = (
            RingSource(SourceKind(shared), BELL_PIN, None, rearm_ms, mcp3008=adc, key="bell[0]"),
        )
        status = LightPins(green=STATUS_PINS[0], red=STATUS_PINS[1])
        buzzer = BUZZER_PIN
    return TableConfig(
        None,
        names,
        seats=seats,
        bells=bells,
        buzzer=buzzer,
        status_light=status,
        kids=kids,
        rearm_ms=rearm_ms,
        order_hold_ms=order_hold_ms,
    )


class FakeBell:
    """A ``Bell`` on mock pins with methods that script the world."""

    def __init__(
        self,
        config: TableConfig | None = None,
        *,
        seats: int = 4,
        shared: str | None = None,
        factory: Any = None,
        clock: SessionClock | None = None,
        **bell_kwargs: Any,
    ) -> None:
        from gpiozero.pins.mock import MockFactory

        self.config = config or demo_table(seats, buttons=shared is None, shared=shared)
        self.factory = factory or MockFactory()
        self.clock = clock or SessionClock()
        self.bell = Bell(self.config, self.factory, self.clock, **bell_kwargs)
        self._last_at: dict[int, float] = {}

    # --- finding pins ------------------------------------------------------------------------

    def source(self, seat: int | None = None, kind: str | None = None) -> RingSource:
        """The ring source of a seat's button, or of the shared bell (seat None)."""
        for s in self.bell.sources:
            if s.seat == seat and (kind is None or s.kind == kind):
                return s
        if seat is None:
            raise KeyError("this table has no shared bell")
        raise KeyError(f"seat {seat} has no button on this table")

    def pin(self, seat: int | None = None, kind: str | None = None) -> Any:
        return self.factory.pin(self.source(seat, kind).pin)

    # --- scripting edges ---------------------------------------------------------------------

    def ticks(self, at: float) -> float:
        """The mock factory's ticks (monotonic seconds) for session time ``at``."""
        return (self.clock.start_ns + round(at * NS)) / NS

    def edge(self, seat: int | None, at: float, pressed: bool, *, kind: str | None = None) -> None:
        """One edge with an exact stamp, delivered like the pin factory delivers it."""
        source = self.source(seat, kind)
        pin = self.factory.pin(source.pin)
        level = (not pressed) if source.active_low else pressed
        pin._change_state(level)  # keep the mock's idea of the level in step
        callback = pin.when_changed
        if callback is not None:
            callback(self.ticks(at), level)
        self._last_at[source.pin] = at

    def press(
        self,
        seat: int | None = None,
        at: float | None = None,
        *,
        hold_ms: float = 80.0,
        bounces: int = 0,
        bounce_us: float = 150.0,
        release: bool = True,
        kind: str | None = None,
    ) -> None:
        """A whole press: first contact at ``at`` (session s), bounces, release after hold_ms."""
        at = self.clock.now() if at is None else at
        self.edge(seat, at, True, kind=kind)
        t = at
        for i in range(bounces):
            t += bounce_us / 1e6
            self.edge(seat, t, i % 2 == 1, kind=kind)  # open, close, open, ...
        if bounces % 2 == 1:
            t += bounce_us / 1e6
            self.edge(seat, t, True, kind=kind)
        if release:
            self.edge(seat, at + hold_ms / 1000, False, kind=kind)

    def storm(
        self, seat: int | None, at: float, *, rate_hz: float = 1000.0, duration_s: float = 1.0
    ) -> int:
        """A bounce storm: edges alternating at ``rate_hz`` for ``duration_s``; returns edges."""
        n = round(rate_hz * duration_s)
        for i in range(n):
            self.edge(seat, at + i / rate_hz, i % 2 == 0)
        if n % 2 == 1:
            self.edge(seat, at + n / rate_hz, False)
            n += 1
        return n

    def strike(self, at: float, *, rings: int = 12, ring_hz: float = 500.0) -> None:
        """The shared bell struck: the comparator toggles while the bell rings above threshold."""
        for i in range(rings * 2):
            self.edge(None, at + i / (2 * ring_hz), i % 2 == 0)

    def drive_low(self, seat: int | None = None) -> None:
        """Close the contact now, the gpiozero way (MockPin.drive_low, stamped now)."""
        self.pin(seat).drive_low()

    def drive_high(self, seat: int | None = None) -> None:
        """Open the contact now (MockPin.drive_high)."""
        self.pin(seat).drive_high()

    # --- reading back ------------------------------------------------------------------------

    def presses(self) -> list[Press]:
        """Every press so far, in stamp order (held ones are released at once)."""
        self.bell.flush()
        return [r.press for r in self.bell.rings]

    def take(self) -> list[Press]:
        """The presses released since the last take()."""
        out = []
        self.bell.flush()
        while not self.bell.queue.empty():
            out.append(self.bell.queue.get_nowait())
        return out

    def close(self) -> None:
        self.bell.close()

    def __enter__(self) -> FakeBell:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def mock_mcp3008(factory: Any, select: int = 0) -> Any:
    """A simulated MCP3008 on the mock factory's SPI pins; set ``.channels[i]`` in volts.

    gpiozero's own MCP3008 class then reads it over (software) SPI, exactly as on the Pi.
    """
    from gpiozero.pins.mock import MockSPIDevice

    # gpiozero ships no types, so its mock SPI device is Any to the checker.
    class MockMCP3008(MockSPIDevice):  # type: ignore[misc]
        vref = 3.3
        bits = 10
        rx_buf: list[int]  # the bits the host sent, kept by MockSPIDevice

        def __init__(self) -> None:
            super().__init__(11, 10, 9, 8 if select == 0 else 7, pin_factory=factory)
            self.channels = [0.0] * 8
            self.phase = "idle"

        def on_start(self) -> None:
            super().on_start()
            self.phase = "idle"

        def on_bit(self) -> None:
            # The host sends a start bit, single/diff, 3 channel bits; then clocks the answer.
            if self.phase == "idle":
                if self.rx_buf[-1]:
                    self.phase, self.rx_buf = "mode", []
            elif self.phase == "mode":
                self.single = bool(self.rx_buf[-1])
                self.phase, self.rx_buf = "channel", []
            elif self.phase == "channel":
                if len(self.rx_buf) == 3:
                    channel = self.rx_word()
                    volts = min(max(self.channels[channel], 0.0), self.vref)
                    code = min(round(volts / self.vref * (2**self.bits - 1)), 2**self.bits - 1)
                    # a sample bit and a null bit, then the 10-bit result (MSB first)
                    self.tx_word(code, self.bits + 2)
                    self.phase = "result"
            elif self.phase == "result" and not self.tx_buf:
                self.phase, self.rx_buf = "idle", []

    return MockMCP3008()


def pins_of(config: TableConfig) -> Iterable[int]:
    """Every pin a table config uses (for tests that look at the mock's pins)."""
    for s in config.seats:
        if s.button is not None:
            yield s.button
        if s.light is not None:
            yield from (p for _, p in s.light.pins())
    for b in config.bells:
        yield b.pin

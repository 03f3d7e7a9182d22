"""The table config (TOML): who plays, which pins ring and light, camera, web page.

Found at ``--config FILE``, else ``/etc/halli-pi/table.toml`` (the system-wide file a service
reads), else ``table.toml`` in the user's config directory (platformdirs). A documented example
is ``examples/table.toml``; the pins are explained in ``wiring.md``.

Reading is strict: every problem is a ``ConfigError`` naming the file, the key
(``seats[2].button``) and what to do about it; the CLI prints it and exits 2. Pins are BCM
numbers on the 40-pin header (2..27); pins that I2C, SPI (the MCP3008) or the UART need are
refused when those are in use, and no pin may be used twice.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from halli_pi import paths
from halli_pi.errors import ConfigError, InputError

# Where config files are looked for is paths' business; these names stay importable from here.
from halli_pi.paths import CONFIG_NAME as CONFIG_NAME
from halli_pi.paths import SYSTEM_CONFIG as SYSTEM_CONFIG
from halli_pi.paths import user_config_path as user_config_path
from halli_pi.rules.rulesets import MAX_PLAYERS, MIN_PLAYERS

HAWAIKI = "hawaiki"  # the ruleset of the other family a table can referee (HAWAIKI.md)

HEADER_PINS = range(2, 28)  # BCM numbers usable on the 40-pin header
I2C_PINS = {2: "I2C1 SDA", 3: "I2C1 SCL"}
SPI_PINS = {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
UART_PINS = {14: "UART TXD", 15: "UART RXD"}
ID_PINS = {0: "ID_SD (HAT EEPROM / camera I2C)", 1: "ID_SC (HAT EEPROM / camera I2C)"}

DEFAULT_REARM_MS = 150.0
DEFAULT_STUCK_S = 3.0
DEFAULT_ORDER_HOLD_MS = 0.0  # the referee orders by its own watermark; >0 makes the bell do it
MAX_SEATS = MAX_PLAYERS  # the rules say how many seats a table may have


class SourceKind(StrEnum):
    BUTTON = "button"  # one push-button per seat: says who and when
    SWITCH = "switch"  # a switch in the shared bell: when, not who
    PIEZO = "piezo"  # a contact mic on the shared bell through a comparator: when, not who


@dataclass(frozen=True, slots=True)
class LightPins:
    """One light: a green and a red LED, an RGB LED, or (status light only) a single LED."""

    green: int | None = None
    red: int | None = None
    rgb: tuple[int, int, int] | None = None
    led: int | None = None

    def pins(self) -> Iterator[tuple[str, int]]:
        for key in ("green", "red", "led"):
            value = getattr(self, key)
            if value is not None:
                yield key, value
        if self.rgb is not None:
            for i, pin in enumerate(self.rgb):
                yield f"rgb[{i}]", pin


@dataclass(frozen=True, slots=True)
class Mcp3008:
    channel: int  # 0..7
    select: int = 0  # chip select: 0 = CE0 (BCM 8), 1 = CE1 (BCM 7)


@dataclass(frozen=True, slots=True)
class RingSource:
    """One input that rings: a seat's button, or a shared bell's switch or piezo."""

    kind: SourceKind
    pin: int
    seat: int | None  # None for a shared bell
    rearm_ms: float = DEFAULT_REARM_MS
    active_low: bool = True  # buttons and switches close to ground; the comparator pulls low
    pull: str = "up"  # "up", "down" or "floating"
    mcp3008: Mcp3008 | None = None
    key: str = ""  # where it came from in the file, e.g. "seats[2]" or "bell[0]"

    @property
    def name(self) -> str:
        if self.seat is not None:
            return f"seat {self.seat} {self.kind}"
        return f"bell {self.kind}"


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    name: str
    button: int | None
    light: LightPins | None
    rearm_ms: float = DEFAULT_REARM_MS


@dataclass(frozen=True, slots=True)
class CameraConfig:
    source: str | None = None  # frame source spec, e.g. "picamera2:0", "v4l2:/dev/video0"
    layout: Path | None = None  # table layout JSON (SPEC §2), relative to the config file
    model: str | None = None  # the card reader's model (None: the ruleset's deck)


@dataclass(frozen=True, slots=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8080
    pin: str = ""  # PIN code the page asks for before it changes anything ("" = none)
    proxy: str = ""  # a reverse proxy's address whose X-Forwarded-For is believed ("" = none)
    hosts: tuple[str, ...] = ()  # more names phones reach the page by (besides this machine's)


@dataclass(frozen=True, slots=True)
class TableConfig:
    path: Path | None
    players: tuple[str, ...]
    ruleset: str = "classic"
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = ()
    bells: tuple[RingSource, ...] = ()
    buzzer: int | None = None
    status_light: LightPins | None = None
    kids: bool = True
    signal_hold_s: float = 3.0
    leds_active_high: bool = True
    pin_factory: str | None = None
    rearm_ms: float = DEFAULT_REARM_MS
    stuck_s: float = DEFAULT_STUCK_S
    order_hold_ms: float = DEFAULT_ORDER_HOLD_MS
    i2c: bool = False
    uart: bool = False
    camera: CameraConfig = CameraConfig()
    web: WebConfig = WebConfig()
    # The raw [league] table (checked at load), or None: the session hands it to the league.
    league: dict[str, Any] | None = None

    @property
    def spi(self) -> bool:
        return any(b.mcp3008 is not None for b in self.bells)

    def ring_sources(self) -> tuple[RingSource, ...]:
        """Every input that rings: seat buttons in seat order, then the shared bell's."""
        buttons = tuple(
            RingSource(
                SourceKind.BUTTON, s.button, s.seat, s.rearm_ms, key=f"seats[{s.seat}].button"
            )
            for s in self.seats
            if s.button is not None
        )
        return buttons + self.bells


# --- finding and loading ---------------------------------------------------------------------


def find_config(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The config file to read: ``explicit``, else the system file, else the user's."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(
                "no such file; check the path given to --config", where=str(path), field=None
            )
        return path
    searched = paths.config_search_path()
    for path in searched:
        if path.is_file():
            return path
    raise ConfigError(
        f"no table config found (looked for {' and '.join(str(p) for p in searched)}); copy "
        "examples/table.toml to one of them and set your pins, or pass --config FILE"
    )


def load_config(explicit: str | os.PathLike[str] | None = None) -> TableConfig:
    """Find and read the table config; every problem is a ConfigError."""
    path = find_config(explicit)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"not valid TOML: {err}", where=str(path)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read it: {err}", where=str(path)) from None
    return parse_config(data, where=str(path), path=path)


def parse_config(
    data: dict[str, Any], *, where: str = "table config", path: Path | None = None
) -> TableConfig:
    """Check and convert the parsed TOML of a table config."""
    return _Reader(data, where, path).read()


# --- reading ---------------------------------------------------------------------------------

SECTIONS = {
    "game": {"players", "ruleset", "options"},
    "gpio": {"pin_factory", "rearm_ms", "stuck_s", "order_hold_ms", "i2c", "uart"},
    "signals": {"kids", "hold_s", "buzzer", "status", "active_high"},
    "camera": {"source", "layout", "model"},
    "web": {"host", "port", "pin", "proxy", "hosts"},
}
PIN_FACTORIES = ("lgpio", "rpigpio", "pigpio", "native", "mock")


@dataclass(frozen=True, slots=True)
class _Buses:
    """Which buses are in use, so their pins are refused to buttons and lights."""

    i2c: bool
    uart: bool
    spi: bool  # an MCP3008 on a [[bell]]


@dataclass(frozen=True, slots=True)
class _Gpio:
    rearm_ms: float
    pin_factory: str | None
    stuck_s: float
    order_hold_ms: float


@dataclass(frozen=True, slots=True)
class _Game:
    players: tuple[str, ...]
    ruleset: str
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Signals:
    buzzer: int | None
    status: LightPins | None
    kids: bool
    hold_s: float
    active_high: bool


class _Fields:
    """Typed getters for one file: each problem names the key and the fix."""

    def __init__(self, where: str) -> None:
        self.where = where

    def error(self, key: str | None, message: str) -> ConfigError:
        return ConfigError(message, where=self.where, field=key)

    def table(self, obj: dict[str, Any], key: str, name: str) -> dict[str, Any]:
        value = obj.get(name, {})
        if not isinstance(value, dict):
            raise self.error(key, f"must be a table ([{key}]), got {value!r}")
        return value

    def known(self, obj: dict[str, Any], key: str, names: set[str]) -> None:
        for name in obj:
            if name not in names:
                where = f"{key}.{name}" if key else name
                raise self.error(
                    where,
                    f"unknown key {name!r}; known here: {', '.join(sorted(names))} "
                    "(see examples/table.toml)",
                )

    def number(
        self, obj: dict[str, Any], key: str, name: str, default: float, *, low: float = 0.0
    ) -> float:
        value = obj.get(name, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)  # TOML has nan and inf; no setting means either
            or value < low
        ):
            raise self.error(f"{key}.{name}", f"must be a number >= {low:g}, got {value!r}")
        return float(value)

    def flag(self, obj: dict[str, Any], key: str, name: str, default: bool) -> bool:
        value = obj.get(name, default)
        if not isinstance(value, bool):
            raise self.error(f"{key}.{name}", f"must be true or false, got {value!r}")
        return value

    def text(self, obj: dict[str, Any], key: str, name: str, default: str | None) -> str | None:
        value = obj.get(name, default)
        if value is not None and not isinstance(value, str):
            raise self.error(f"{key}.{name}", f"must be a string in quotes, got {value!r}")
        return value

    def names(self, obj: dict[str, Any], key: str, name: str) -> tuple[str, ...]:
        value = obj.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.error(f"{key}.{name}", f"must be a list of names in quotes, got {value!r}")
        return tuple(v.strip().lower() for v in value)


class _Pins:
    """Hands out BCM pins: each on the header, not reserved by a bus in use, used once.

    It is made from the buses in use, so no pin can be read before they are known.
    """

    def __init__(self, fields: _Fields, buses: _Buses) -> None:
        self.fields = fields
        self.buses = buses
        self.used: dict[int, str] = {}  # pin -> the key that uses it

    def pin(self, value: Any, key: str) -> int:
        """A BCM pin number that exists on the header, is free, and is not reserved."""
        error = self.fields.error
        if isinstance(value, bool) or not isinstance(value, int):
            raise error(key, f"must be a BCM pin number (2..27), got {value!r}")
        if value in ID_PINS:
            raise error(
                key,
                f"BCM {value} is {ID_PINS[value]}, reserved for the HAT EEPROM and the camera; "
                "choose a free pin from the table in wiring.md",
            )
        if value not in HEADER_PINS:
            raise error(
                key,
                f"BCM {value} does not exist on the Pi's 40-pin header (BCM 2..27); "
                "use the BCM number, not the physical pin number (see wiring.md)",
            )
        for on, pins, what, fix in (
            (self.buses.i2c, I2C_PINS, "I2C is enabled", "or set gpio.i2c = false"),
            (self.buses.spi, SPI_PINS, "SPI is in use by the MCP3008", "or remove the mcp3008"),
            (self.buses.uart, UART_PINS, "the UART is enabled", "or set gpio.uart = false"),
        ):
            if on and value in pins:
                raise error(
                    key,
                    f"BCM {value} is {pins[value]} and {what}; choose another pin {fix}",
                )
        if value in self.used:
            raise error(
                key,
                f"BCM {value} is already used by {self.used[value]}; every input and light "
                "needs its own pin: choose a free one (see wiring.md)",
            )
        self.used[value] = key
        return value

    def light(self, obj: dict[str, Any], key: str, *, single_ok: bool) -> LightPins | None:
        error = self.fields.error
        green = obj.get("led_green", obj.get("green"))
        red = obj.get("led_red", obj.get("red"))
        rgb = obj.get("rgb")
        led = obj.get("led")
        if rgb is not None and (green is not None or red is not None):
            raise error(f"{key}.rgb", "give either rgb = [r, g, b] or led_green/led_red, not both")
        if led is not None and not single_ok:
            raise error(f"{key}.led", "a seat's light is led_green + led_red, or rgb")
        if rgb is not None:
            if not isinstance(rgb, list) or len(rgb) != 3:
                raise error(f"{key}.rgb", f"must be three BCM pins [red, green, blue], got {rgb!r}")
            pins = tuple(self.pin(p, f"{key}.rgb[{i}]") for i, p in enumerate(rgb))
            return LightPins(rgb=(pins[0], pins[1], pins[2]))
        gname = "led_green" if "led_green" in obj else "green"
        rname = "led_red" if "led_red" in obj else "red"
        g = None if green is None else self.pin(green, f"{key}.{gname}")
        r = None if red is None else self.pin(red, f"{key}.{rname}")
        single = None if led is None else self.pin(led, f"{key}.led")
        if g is None and r is None and single is None:
            return None
        return LightPins(green=g, red=r, led=single)


class _Reader(_Fields):
    """One reader per section; ``read`` says the order, and the pins come after the buses."""

    def __init__(self, data: dict[str, Any], where: str, path: Path | None) -> None:
        super().__init__(where)
        self.data = data
        self.path = path

    def read(self) -> TableConfig:
        sections = self.sections()
        gpio_raw = sections["gpio"]
        bells_raw = self.bell_tables()
        buses = self.buses(gpio_raw, bells_raw)
        pins = _Pins(self, buses)
        gpio = self.gpio(gpio_raw)
        seats, bells = self.inputs(pins, bells_raw, gpio.rearm_ms)
        game = self.game(sections["game"], seats)
        seats = tuple(replace(s, name=s.name or game.players[s.seat]) for s in seats)
        signals = self.signals(pins, sections["signals"])
        camera = self.camera(sections["camera"])
        web = self.web(sections["web"])
        league = self.league()
        return TableConfig(
            path=self.path,
            players=game.players,
            ruleset=game.ruleset,
            options=game.options,
            seats=seats,
            bells=bells,
            buzzer=signals.buzzer,
            status_light=signals.status,
            kids=signals.kids,
            signal_hold_s=signals.hold_s,
            leds_active_high=signals.active_high,
            pin_factory=gpio.pin_factory,
            rearm_ms=gpio.rearm_ms,
            stuck_s=gpio.stuck_s,
            order_hold_ms=gpio.order_hold_ms,
            i2c=buses.i2c,
            uart=buses.uart,
            camera=camera,
            web=web,
            league=league,
        )

    def sections(self) -> dict[str, dict[str, Any]]:
        """The top-level tables, each with only the keys it knows."""
        self.known(self.data, "", set(SECTIONS) | {"seats", "bell", "league"})
        tables = {name: self.table(self.data, name, name) for name in SECTIONS}
        for name, keys in SECTIONS.items():
            self.known(tables[name], name, keys)
        return tables

    def league(self) -> dict[str, Any] | None:
        """The [league] table as written, checked now so a bad one stops the start, not a game."""
        raw = self.data.get("league")
        if raw is None:
            return None
        from halli_pi.league.config import parse_league  # only a table in a league needs it

        parse_league(raw, self.where, self.path.parent if self.path else None)
        return dict(raw)

    def bell_tables(self) -> list[Any]:
        raw = self.data.get("bell", [])
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.error("bell", "must be one or more [[bell]] tables")
        return raw

    def buses(self, gpio: dict[str, Any], bells_raw: list[Any]) -> _Buses:
        return _Buses(
            i2c=self.flag(gpio, "gpio", "i2c", False),
            uart=self.flag(gpio, "gpio", "uart", False),
            spi=any(isinstance(b, dict) and "mcp3008" in b for b in bells_raw),
        )

    def gpio(self, gpio: dict[str, Any]) -> _Gpio:
        rearm = self.number(gpio, "gpio", "rearm_ms", DEFAULT_REARM_MS)
        factory = self.text(gpio, "gpio", "pin_factory", None) or None
        if factory is not None and factory.lower() not in PIN_FACTORIES:
            raise self.error(
                "gpio.pin_factory",
                f"unknown pin factory {factory!r}; use lgpio (any Pi, the only one on a Pi 5), "
                "rpigpio, pigpio, native or mock, or leave it out to let gpiozero choose",
            )
        return _Gpio(
            rearm_ms=rearm,
            pin_factory=factory.lower() if factory else None,
            stuck_s=self.number(gpio, "gpio", "stuck_s", DEFAULT_STUCK_S, low=0.1),
            order_hold_ms=self.number(gpio, "gpio", "order_hold_ms", DEFAULT_ORDER_HOLD_MS),
        )

    # inputs: [[seats]] and [[bell]]

    def inputs(
        self, pins: _Pins, bells_raw: list[Any], rearm: float
    ) -> tuple[tuple[Seat, ...], tuple[RingSource, ...]]:
        seats = self.seats(pins, self.data.get("seats", []), rearm)
        bells = tuple(self.bell(pins, b, f"bell[{i}]", rearm) for i, b in enumerate(bells_raw))
        if not seats and not bells:
            raise self.error(
                "seats",
                "nothing rings: add a [[seats]] table with button = <BCM pin> per seat, "
                'or a [[bell]] table with kind = "switch" or "piezo"',
            )
        for s in seats:
            if s.button is None and not bells:
                raise self.error(
                    f"seats[{s.seat}].button",
                    f"seat {s.seat} has no input; add button = <BCM pin>, or add a shared "
                    "[[bell]] so the seat's lights can show verdicts for it",
                )
        return seats, bells

    def seats(self, pins: _Pins, raw: Any, rearm: float) -> tuple[Seat, ...]:
        if not isinstance(raw, list):
            raise self.error("seats", "must be [[seats]] tables, one per seat in play order")
        if len(raw) > MAX_SEATS:
            raise self.error("seats", f"{len(raw)} seats; the table takes at most {MAX_SEATS}")
        out = []
        for i, s in enumerate(raw):
            key = f"seats[{i}]"
            if not isinstance(s, dict):
                raise self.error(key, "must be a table with button = <BCM pin> and lights")
            self.known(
                s, key, {"seat", "name", "button", "led_green", "led_red", "rgb", "rearm_ms"}
            )
            if "seat" in s and s["seat"] != i:
                raise self.error(
                    f"{key}.seat",
                    f"is {s['seat']!r} but this is [[seats]] number {i} (from 0); list the "
                    "seats in play order, clockwise from the player left of the dealer",
                )
            name = self.text(s, key, "name", None)
            button = None if "button" not in s else pins.pin(s["button"], f"{key}.button")
            light = pins.light(s, key, single_ok=False)
            if (
                light is not None
                and light.rgb is None
                and (light.green is None or light.red is None)
            ):
                missing = "led_red" if light.red is None else "led_green"
                raise self.error(
                    f"{key}.{missing}",
                    "a seat light needs both led_green and led_red (or one rgb = [r, g, b])",
                )
            out.append(Seat(i, name or "", button, light, self.number(s, key, "rearm_ms", rearm)))
        return tuple(out)

    def bell(self, pins: _Pins, b: Any, key: str, rearm: float) -> RingSource:
        if not isinstance(b, dict):
            raise self.error(key, "must be a table with kind and pin")
        self.known(b, key, {"kind", "pin", "rearm_ms", "active", "pull", "mcp3008"})
        kind_raw: Any = b.get("kind")
        try:
            kind = SourceKind(kind_raw)
        except ValueError:
            kind = None
        if kind is None or kind is SourceKind.BUTTON:
            raise self.error(
                f"{key}.kind",
                f'unknown bell source kind {kind_raw!r}; use kind = "switch" (a contact in '
                'the bell) or kind = "piezo" (contact mic through a comparator); seat '
                "buttons go in [[seats]] as button = <BCM pin>",
            )
        if "pin" not in b:
            raise self.error(f"{key}.pin", "missing: the BCM pin the switch or comparator drives")
        pin = pins.pin(b["pin"], f"{key}.pin")
        active = b.get("active", "low")
        if active not in ("low", "high"):
            raise self.error(f"{key}.active", f'must be "low" or "high", got {active!r}')
        pull = b.get("pull", "up" if active == "low" else "down")
        if pull not in ("up", "down", "floating"):
            raise self.error(f"{key}.pull", f"must be up, down or floating, got {pull!r}")
        adc = None
        if "mcp3008" in b:
            m = b["mcp3008"]
            if not isinstance(m, dict):
                raise self.error(f"{key}.mcp3008", "must be { channel = 0..7, select = 0 or 1 }")
            self.known(m, f"{key}.mcp3008", {"channel", "select"})
            channel: Any = m.get("channel")
            select: Any = m.get("select", 0)
            if isinstance(channel, bool) or channel not in range(8):
                raise self.error(f"{key}.mcp3008.channel", f"must be 0..7, got {channel!r}")
            if isinstance(select, bool) or select not in (0, 1):
                raise self.error(
                    f"{key}.mcp3008.select",
                    f"must be 0 (CE0, BCM 8) or 1 (CE1, BCM 7), got {select!r}",
                )
            if kind is not SourceKind.PIEZO:
                raise self.error(
                    f"{key}.mcp3008",
                    'an ADC reads a piezo\'s amplitude; use it with kind = "piezo"',
                )
            adc = Mcp3008(channel, select)
        return RingSource(
            kind,
            pin,
            None,
            self.number(b, key, "rearm_ms", rearm),
            active_low=active == "low",
            pull=pull,
            mcp3008=adc,
            key=key,
        )

    # [game]

    def game(self, game: dict[str, Any], seats: tuple[Seat, ...]) -> _Game:
        return _Game(self.players(game, seats), self.ruleset(game), self.options(game))

    def players(self, game: dict[str, Any], seats: tuple[Seat, ...]) -> tuple[str, ...]:
        raw = game.get("players")
        if raw is None:
            if not seats:
                raise self.error(
                    "game.players",
                    "missing: with a shared bell and no [[seats]], list the players, "
                    'e.g. players = ["Ana", "Bo", "Cy"]',
                )
            return tuple(s.name or f"Seat {s.seat + 1}" for s in seats)
        if not isinstance(raw, list) or not all(isinstance(p, str) and p.strip() for p in raw):
            raise self.error("game.players", f"must be a list of names in quotes, got {raw!r}")
        low, high = (2, 6) if game.get("ruleset") == HAWAIKI else (MIN_PLAYERS, MAX_PLAYERS)
        if not low <= len(raw) <= high:
            raise self.error("game.players", f"{len(raw)} players; a game needs {low} to {high}")
        if seats and len(seats) != len(raw):
            raise self.error(
                "game.players",
                f"{len(raw)} players but {len(seats)} [[seats]]; give one [[seats]] per player "
                "in the same order",
            )
        return tuple(raw)

    def ruleset(self, game: dict[str, Any]) -> str:
        from halli_pi.rules import RULESETS

        name = game.get("ruleset", "classic")
        if name not in RULESETS and name != HAWAIKI:
            known = ", ".join([*RULESETS, HAWAIKI])
            raise self.error("game.ruleset", f"unknown ruleset {name!r}; use one of {known}")
        return name

    def options(self, game: dict[str, Any]) -> dict[str, Any]:
        from halli_pi.rules import Options
        from halli_pi.rules.hawaiki import HawaikiOptions

        raw = game.get("options", {})
        if isinstance(raw, dict):
            for name, value in raw.items():
                if isinstance(value, float) and not math.isfinite(value):
                    raise self.error(
                        f"game.options.{name}", f"must be a finite number, got {value}"
                    )
        try:
            # Each game checks its own options (Hawaiki's merci window, Halli Galli's window).
            if game.get("ruleset") == HAWAIKI:
                HawaikiOptions.from_json(raw)
            else:
                Options.from_json(raw)
        except InputError as err:
            raise self.error(f"game.{err.field or 'options'}", err.message) from None
        return dict(raw)

    # [signals], [camera], [web]

    def signals(self, pins: _Pins, signals: dict[str, Any]) -> _Signals:
        buzzer = None
        if "buzzer" in signals:
            buzzer = pins.pin(signals["buzzer"], "signals.buzzer")
        status_raw = signals.get("status")
        status = None
        if status_raw is not None:
            if not isinstance(status_raw, dict):
                raise self.error(
                    "signals.status",
                    "must be a table: { led = P }, { green = P, red = P } or { rgb = [R, G, B] }",
                )
            self.known(status_raw, "signals.status", {"led", "green", "red", "rgb"})
            status = pins.light(status_raw, "signals.status", single_ok=True)
        return _Signals(
            buzzer=buzzer,
            status=status,
            kids=self.flag(signals, "signals", "kids", True),
            hold_s=self.number(signals, "signals", "hold_s", 3.0),
            active_high=self.flag(signals, "signals", "active_high", True),
        )

    def camera(self, camera: dict[str, Any]) -> CameraConfig:
        layout = self.text(camera, "camera", "layout", None)
        layout_path = None
        if layout:
            layout_path = Path(layout)
            if not layout_path.is_absolute() and self.path is not None:
                layout_path = self.path.parent / layout_path
        return CameraConfig(
            self.text(camera, "camera", "source", None) or None,
            layout_path,
            self.text(camera, "camera", "model", None) or None,
        )

    def web(self, web: dict[str, Any]) -> WebConfig:
        port = web.get("port", 8080)
        if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
            raise self.error("web.port", f"must be a TCP port 1..65535, got {port!r}")
        web_pin = web.get("pin", "")
        if isinstance(web_pin, int) and not isinstance(web_pin, bool):
            web_pin = str(web_pin)
        if not isinstance(web_pin, str) or (web_pin and not web_pin.isdigit()):
            raise self.error("web.pin", f"must be a PIN of digits in quotes, got {web_pin!r}")
        return WebConfig(
            host=self.text(web, "web", "host", "127.0.0.1") or "127.0.0.1",
            port=port,
            pin=web_pin,
            proxy=self.text(web, "web", "proxy", "") or "",
            hosts=self.names(web, "web", "hosts"),
        )

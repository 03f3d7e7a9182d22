"""The ``[league]`` section of a table config, and the hall's own config (``[hall]``).

Both are parsed from the raw TOML table, so the table config's loader only hands the section
over. Every error names the key and the file it came from. Secrets never sit in an error or a
log line: a password is read from the config (or from ``password_file``, which keeps it out of
a file people pass around) and goes nowhere but the broker.

    [league]
    broker = "mqtts://broker.club.lan:8883"   # mqtt:// (plain) or mqtts:// (TLS)
    league = "friday"
    table = "table-3"
    username = "table-3"
    password_file = "/etc/halli-pi/broker-password"
    ca_file = "/etc/halli-pi/club-ca.pem"     # TLS: the broker's CA (else the system's)
    page_url = "http://table-3.local:8080"    # where the hall fetches evidence thumbnails
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from halli_pi.errors import ConfigError
from halli_pi.league.topics import valid_name

SCHEMES = {"mqtt": (1883, False), "mqtts": (8883, True)}
BROKER_KEYS = frozenset(
    {"broker", "username", "password", "password_file", "ca_file", "cert_file", "key_file"}
)


@dataclass(frozen=True)
class BrokerConfig:
    host: str
    port: int
    tls: bool = False
    username: str | None = None
    password: str | None = None
    ca_file: Path | None = None  # None with TLS: the system's certificate authorities
    cert_file: Path | None = None  # a client certificate, when the broker asks for one
    key_file: Path | None = None

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"

    def __repr__(self) -> str:  # never show the password
        return f"BrokerConfig({self.url}, user={self.username!r})"


@dataclass(frozen=True)
class LeagueConfig:
    """A table's part in a league."""

    broker: BrokerConfig
    league: str
    table: str
    page_url: str | None = None
    # Rows handed to the MQTT client before their PUBACK: bounds memory while the broker is away.
    window: int = 200


@dataclass(frozen=True)
class HallConfig:
    broker: BrokerConfig
    league: str
    client_id: str  # fixed: the broker keeps the hall's session (and its queue) under it
    db: Path
    host: str = "127.0.0.1"
    port: int = 8090
    pin: str | None = None  # the hall's controls; without one they are refused


class _Section:
    """Reads keys of one TOML table, naming `[name] key` and the file in every error."""

    def __init__(self, data: Any, name: str, where: str, known: frozenset[str]) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(f"[{name}] must be a table, got {type(data).__name__}", where=where)
        self.data, self.name, self.where = data, name, where
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(
                f"unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})",
                where=where,
                field=name,
            )

    def error(self, key: str, message: str) -> ConfigError:
        return ConfigError(message, where=self.where, field=f"{self.name}.{key}")

    def text(self, key: str, default: str | None = None, *, required: bool = False) -> str | None:
        value = self.data.get(key, default)
        if value is None:
            if required:
                raise self.error(key, "missing")
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"must be a non-empty string, got {value!r}")
        return value

    def name_key(self, key: str, default: str | None = None) -> str:
        value = self.text(key, default, required=True)
        if not valid_name(value):
            raise self.error(
                key, f"{value!r} is not a usable name (1-64 letters, digits, '-', '_', '.')"
            )
        assert value is not None
        return value

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(key, f"must be a whole number {low}-{high}, got {value!r}")
        return value

    def path(self, key: str, base: Path | None) -> Path | None:
        value = self.text(key)
        if value is None:
            return None
        path = Path(value)
        if not path.is_absolute() and base is not None:
            path = base / path
        if not path.is_file():
            raise self.error(key, f"no such file: {path}")
        return path


def _broker(section: _Section, base: Path | None) -> BrokerConfig:
    url = section.text("broker", required=True)
    assert url is not None
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise section.error("broker", f"{url!r}: the scheme must be mqtt:// or mqtts://")
    try:
        port = parts.port
    except ValueError:
        raise section.error("broker", f"{url!r}: the port is not a number 1-65535") from None
    if not parts.hostname:
        raise section.error("broker", f"{url!r} names no host")
    if parts.username or parts.password:
        # A URL ends up in logs and on pages: credentials have keys of their own.
        raise section.error("broker", "put the user name and password in their own keys")
    if parts.path not in ("", "/") or parts.query:
        raise section.error("broker", f"{url!r}: only mqtt(s)://host[:port]")
    default_port, tls = SCHEMES[parts.scheme]
    password = section.text("password")
    password_file = section.path("password_file", base)
    if password is not None and password_file is not None:
        raise section.error("password_file", "give either password or password_file, not both")
    if password_file is not None:
        try:
            password = password_file.read_text(encoding="utf-8").strip()
        except OSError as err:
            raise section.error("password_file", f"cannot read {password_file}: {err}") from None
    username = section.text("username")
    if password is not None and username is None:
        raise section.error("username", "missing (a password needs a user name)")
    files = {k: section.path(k, base) for k in ("ca_file", "cert_file", "key_file")}
    if not tls and any(files.values()):
        key = next(k for k, v in files.items() if v is not None)
        raise section.error(key, "TLS files need an mqtts:// broker URL")
    if (files["cert_file"] is None) != (files["key_file"] is None):
        raise section.error("key_file", "a client certificate needs both cert_file and key_file")
    return BrokerConfig(
        parts.hostname,
        port or default_port,
        tls,
        username,
        password,
        ca_file=files["ca_file"],
        cert_file=files["cert_file"],
        key_file=files["key_file"],
    )


def parse_league(data: Any, where: str, base: Path | None = None) -> LeagueConfig:
    """The table config's ``[league]`` table. `where` names the config file; relative file
    paths are taken from `base` (the config's folder)."""
    known = BROKER_KEYS | {"league", "table", "page_url", "window", "accept_commands"}
    section = _Section(data, "league", where, known)
    if section.data.get("accept_commands", False) is not False:
        # Said plainly rather than ignored: someone expecting remote control would be misled.
        raise section.error(
            "accept_commands", "a table takes no commands from the broker (it subscribes to none)"
        )
    page_url = section.text("page_url")
    if page_url is not None and urlsplit(page_url).scheme not in ("http", "https"):
        raise section.error("page_url", f"{page_url!r} must be an http:// or https:// URL")
    return LeagueConfig(
        broker=_broker(section, base),
        league=section.name_key("league"),
        table=section.name_key("table"),
        page_url=page_url.rstrip("/") if page_url else None,
        window=section.integer("window", 200, 1, 10_000),
    )


def parse_hall(data: Any, where: str, base: Path | None = None) -> HallConfig:
    """The hall config's ``[hall]`` table (broker keys as in ``[league]``)."""
    known = BROKER_KEYS | {"league", "client_id", "db", "host", "port", "pin"}
    section = _Section(data, "hall", where, known)
    league = section.name_key("league")
    db = section.text("db", "hall.sqlite3")
    assert db is not None
    db_path = Path(db)
    if not db_path.is_absolute() and base is not None:
        db_path = base / db_path
    pin = section.text("pin")
    if pin is not None and (not pin.isdigit() or not 4 <= len(pin) <= 12):
        raise section.error("pin", "must be 4-12 digits")
    return HallConfig(
        broker=_broker(section, base),
        league=league,
        client_id=section.name_key("client_id", f"halli-pi-hall-{league}"),
        db=db_path,
        host=section.text("host", "127.0.0.1") or "127.0.0.1",
        port=section.integer("port", 8090, 1, 65535),
        pin=pin,
    )


def load_hall_config(path: Path) -> HallConfig:
    """The hall config file: a TOML file with a ``[hall]`` table."""
    data = _read_toml(path)
    if "hall" not in data:
        raise ConfigError("no [hall] table", where=str(path))
    return parse_hall(data["hall"], str(path), path.parent)


def load_league_section(path: Path) -> dict[str, Any]:
    """The ``[league]`` table of a TOML file, checked, as ``attach_league`` takes it: a
    table's config will do (its other tables are not read), or a file with only that table
    (the demo's, on a machine with no pins to configure)."""
    data = _read_toml(path)
    if "league" not in data:
        raise ConfigError("no [league] table", where=str(path))
    parse_league(data["league"], str(path), path.parent)
    return dict(data["league"])


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"not valid TOML: {err}", where=str(path)) from None
    except OSError as err:
        raise ConfigError(f"cannot read it: {err.strerror}", where=str(path)) from None
    except UnicodeDecodeError as err:
        raise ConfigError(f"cannot read it: {err}", where=str(path)) from None

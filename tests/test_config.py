"""The table config: the example reads, every mistake names the file, the key and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from halli_pi import config as cfg
from halli_pi import paths
from halli_pi.cli import main
from halli_pi.config import ConfigError, SourceKind, load_config, parse_config

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "bell"
EXAMPLE = REPO / "examples" / "table.toml"


def test_the_example_reads_with_everything_run_needs():
    c = load_config(EXAMPLE)
    assert c.players == ("Ana", "Bo", "Cy", "Di")
    assert c.ruleset == "classic"
    assert c.options == {"window_ms": 50, "tie_ms": 0.1}
    assert [s.button for s in c.seats] == [5, 12, 17, 23]
    assert [s.name for s in c.seats] == ["Ana", "Bo", "Cy", "Di"]
    assert (c.seats[0].light.green, c.seats[0].light.red) == (6, 13)
    (bell,) = c.bells
    assert bell.kind is SourceKind.PIEZO and bell.pin == 4 and bell.seat is None
    assert bell.mcp3008 is not None and bell.mcp3008.channel == 0
    assert c.spi and c.buzzer == 18 and c.status_light.green == 19
    assert c.pin_factory == "lgpio" and c.rearm_ms == 150.0
    assert c.camera.source == "picamera2:0"
    assert c.camera.layout == EXAMPLE.parent / "layout.json"
    # No PIN everyone knows and no open port shipped: the page stays on the Pi until asked.
    assert (c.web.host, c.web.port, c.web.pin, c.web.proxy) == ("127.0.0.1", 8080, "", "")
    assert c.web.hosts == ()
    # seat buttons first, in seat order, then the shared bell
    assert [(s.kind, s.seat) for s in c.ring_sources()] == [
        (SourceKind.BUTTON, 0),
        (SourceKind.BUTTON, 1),
        (SourceKind.BUTTON, 2),
        (SourceKind.BUTTON, 3),
        (SourceKind.PIEZO, None),
    ]


def test_a_shared_bell_table_reads():
    c = load_config(DATA / "shared_switch.toml")
    assert c.seats == ()
    assert c.bells[0].kind is SourceKind.SWITCH and c.bells[0].rearm_ms == 120
    assert c.status_light.led == 19 and c.pin_factory == "mock"


@pytest.mark.parametrize(
    ("name", "key", "words"),
    [
        ("duplicate_pin.toml", "seats[1].button", ["BCM 13", "already used", "seats[0].led_red"]),
        ("no_such_pin.toml", "seats[0].button", ["BCM 40", "does not exist", "BCM number"]),
        ("seat_without_input.toml", "seats[1].button", ["no input", "button = <BCM pin>"]),
        ("unknown_kind.toml", "bell[0].kind", ["'microphone'", '"switch"', '"piezo"']),
        ("spi_pin_with_adc.toml", "bell[0].pin", ["BCM 9", "SPI0 MISO", "MCP3008"]),
        ("i2c_pin.toml", "seats[0].button", ["BCM 3", "I2C", "gpio.i2c = false"]),
    ],
)
def test_mistakes_name_the_file_the_key_and_the_fix(name, key, words):
    with pytest.raises(ConfigError) as info:
        load_config(DATA / name)
    err = info.value
    assert err.where == str(DATA / name)
    assert err.field == key
    text = str(err)
    assert text.startswith(str(DATA / name))
    for word in words:
        assert word in text


def test_broken_toml_says_where():
    with pytest.raises(ConfigError, match=r"not valid TOML.*line 1"):
        load_config(DATA / "broken.toml")


TWO = [{"button": 5}, {"button": 6}]
AB = {"players": ["A", "B"]}


@pytest.mark.parametrize(
    ("data", "key", "word"),
    [
        ({"seats": [{"button": 1}, {"button": 12}]}, "seats[0].button", "ID_SC"),
        ({"seats": [{"button": "5"}, {"button": 12}]}, "seats[0].button", "BCM pin number"),
        ({"seats": [{"button": 5, "led_green": 6}, {"button": 12}]}, "seats[0].led_red", "both"),
        ({"seats": [{"button": 5}], "game": AB}, "game.players", "1 [[seats]]"),
        ({"seats": TWO, "game": {"ruleset": "snap"}}, "game.ruleset", "snap"),
        ({"seats": TWO, "game": {"options": {"window": 5}}}, "game.options", "unknown option"),
        ({"seats": TWO, "gpio": {"pin_factory": "wiringpi"}}, "gpio.pin_factory", "lgpio"),
        ({"seats": TWO, "colour": 1}, "colour", "unknown key"),
        ({"bell": [{"kind": "switch", "pin": 4}]}, "game.players", "list the players"),
        ({"bell": [{"kind": "switch"}], "game": AB}, "bell[0].pin", "missing"),
        (
            {"bell": [{"kind": "switch", "pin": 4, "mcp3008": {"channel": 0}}], "game": AB},
            "bell[0].mcp3008",
            "piezo",
        ),
        ({"seats": [{"button": 5}, {"button": 14}], "gpio": {"uart": True}}, "seats[1]", "UART"),
        ({"seats": TWO, "web": {"port": 70000}}, "web.port", "65535"),
        ({}, "seats", "nothing rings"),
    ],
)
def test_more_mistakes(data, key, word):
    with pytest.raises(ConfigError) as info:
        parse_config(data, where="t.toml")
    assert info.value.field.startswith(key)
    assert word in str(info.value)


def test_seats_may_be_lights_only_when_a_shared_bell_rings():
    c = parse_config(
        {
            "seats": [{"led_green": 5, "led_red": 6}, {"rgb": [12, 16, 20]}],
            "bell": [{"kind": "switch", "pin": 4}],
        }
    )
    assert [s.button for s in c.seats] == [None, None]
    assert c.seats[1].light.rgb == (12, 16, 20)
    assert [s.kind for s in c.ring_sources()] == [SourceKind.SWITCH]


def test_where_the_config_is_found(tmp_path, monkeypatch):
    system = tmp_path / "etc" / "table.toml"
    user = tmp_path / "user" / "table.toml"
    monkeypatch.setattr(paths, "SYSTEM_CONFIG", system)
    monkeypatch.setattr(paths, "user_config_path", lambda: user)
    with pytest.raises(ConfigError, match="no table config found.*examples/table.toml"):
        cfg.find_config()
    user.parent.mkdir(parents=True)
    user.write_text(EXAMPLE.read_text())
    assert cfg.find_config() == user
    system.parent.mkdir(parents=True)
    system.write_text(EXAMPLE.read_text())
    assert cfg.find_config() == system
    explicit = tmp_path / "mine.toml"
    explicit.write_text(EXAMPLE.read_text())
    assert cfg.find_config(explicit) == explicit
    with pytest.raises(ConfigError, match="no such file"):
        cfg.find_config(tmp_path / "missing.toml")


def test_the_cli_exits_2_with_the_message(capsys):
    assert main(["check-wiring", "--config", str(DATA / "duplicate_pin.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("halli-pi: error: ")
    assert "seats[1].button" in err and "already used" in err


@pytest.mark.parametrize(
    "text,key",
    [
        ("[gpio]\nrearm_ms = nan", "gpio.rearm_ms"),
        ("[gpio]\nstuck_s = inf", "gpio.stuck_s"),
        ("[signals]\nhold_s = -inf", "signals.hold_s"),
        ("[game.options]\nwindow_ms = nan", "game.options.window_ms"),
        ("[game.options]\ntie_ms = inf", "game.options.tie_ms"),
    ],
)
def test_nan_and_infinity_are_refused_by_key(tmp_path, capsys, text, key):
    base = '[game]\nplayers = ["Ana", "Bo"]\n[[seats]]\nbutton = 5\n[[seats]]\nbutton = 6\n'
    path = tmp_path / "t.toml"
    path.write_text(base + text)
    code = main(["run", "--config", str(path), "--no-web", "--headless", "--mock-pins"])
    err = capsys.readouterr().err
    assert code == 2 and f"{path}" in err and key in err, err
    assert "Traceback" not in err


def test_web_hosts_and_proxy_read_and_are_checked(tmp_path):
    base = '[game]\nplayers = ["Ana", "Bo"]\n[[seats]]\nbutton = 5\n[[seats]]\nbutton = 6\n'
    path = tmp_path / "t.toml"
    path.write_text(base + '[web]\nhosts = ["Referee.lan"]\nproxy = "127.0.0.1"\n')
    c = load_config(path)
    assert c.web.hosts == ("referee.lan",) and c.web.proxy == "127.0.0.1"
    path.write_text(base + '[web]\nhosts = "referee.lan"\n')
    with pytest.raises(ConfigError, match="web.hosts"):
        load_config(path)


@pytest.mark.parametrize(
    ("data", "key", "words"),
    [
        # The MCP3008 is declared after the seats and the status light in the file; its bus is
        # still known before either of their pins is read.
        (
            {
                "seats": [{"button": 9}, {"button": 6}],
                "bell": [{"kind": "piezo", "pin": 4, "mcp3008": {"channel": 0}}],
            },
            "seats[0].button",
            ["BCM 9", "SPI0 MISO", "MCP3008"],
        ),
        (
            {
                "signals": {"status": {"led": 3}},
                "seats": [{"button": 5}, {"button": 6}],
                "gpio": {"i2c": True},
            },
            "signals.status.led",
            ["BCM 3", "I2C1 SCL", "gpio.i2c = false"],
        ),
        (
            {
                "signals": {"buzzer": 15},
                "seats": [{"button": 5}, {"button": 6}],
                "gpio": {"uart": True},
            },
            "signals.buzzer",
            ["BCM 15", "UART RXD"],
        ),
    ],
)
def test_bus_pins_are_known_before_any_pin_is_read(data, key, words):
    with pytest.raises(ConfigError) as info:
        parse_config(data, where="t.toml")
    assert info.value.field == key
    for word in words:
        assert word in info.value.message


def test_the_same_pins_are_free_without_the_buses():
    c = parse_config(
        {"signals": {"status": {"led": 3}, "buzzer": 15}, "seats": [{"button": 9}, {"button": 6}]}
    )
    assert [s.button for s in c.seats] == [9, 6]
    assert c.status_light.led == 3 and c.buzzer == 15
    assert not (c.i2c or c.uart or c.spi)


def test_a_league_section_is_kept_and_checked_at_load(tmp_path):
    base = '[game]\nplayers = ["Ana", "Bo"]\n[[seats]]\nbutton = 5\n[[seats]]\nbutton = 6\n'
    path = tmp_path / "t.toml"
    assert load_config(_write(path, base)).league is None
    league = '[league]\nbroker = "mqtt://broker.lan"\nleague = "friday"\ntable = "t3"\n'
    assert load_config(_write(path, base + league)).league == {
        "broker": "mqtt://broker.lan",
        "league": "friday",
        "table": "t3",
    }
    # A table never takes commands from the broker: said when the file is read, not mid-game.
    with pytest.raises(ConfigError, match="accept_commands") as err:
        load_config(_write(path, base + league + "accept_commands = true\n"))
    assert str(path) in str(err.value)


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path

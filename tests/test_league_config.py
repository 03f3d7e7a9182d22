"""The [league] section and the hall's config: what they accept, and errors that say where."""

from __future__ import annotations

import pytest

from halli_pi.errors import ConfigError
from halli_pi.league.config import load_hall_config, parse_league

BASE = {"broker": "mqtt://broker.lan", "league": "friday", "table": "table-3"}


def test_a_plain_section_gives_the_default_port_and_no_tls():
    config = parse_league(BASE, "table.toml")
    assert (config.broker.host, config.broker.port, config.broker.tls) == (
        "broker.lan",
        1883,
        False,
    )
    assert (config.league, config.table) == ("friday", "table-3")


def test_tls_credentials_and_files_are_taken_from_the_config_folder(tmp_path):
    (tmp_path / "ca.pem").write_text("ca")
    (tmp_path / "secret").write_text("hunter22\n")
    section = {
        **BASE,
        "broker": "mqtts://broker.lan",
        "username": "table-3",
        "password_file": "secret",
        "ca_file": "ca.pem",
        "page_url": "http://table-3.local:8080/",
    }
    config = parse_league(section, "table.toml", tmp_path)
    assert config.broker.port == 8883 and config.broker.tls
    assert config.broker.password == "hunter22"
    assert config.broker.ca_file == tmp_path / "ca.pem"
    assert config.page_url == "http://table-3.local:8080"
    assert "hunter22" not in repr(config.broker)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"broker": "http://broker.lan"}, "league.broker", "mqtt:// or mqtts://"),
        ({"broker": "mqtt://u:p@broker.lan"}, "league.broker", "their own keys"),
        ({"broker": "mqtt://broker.lan:99999"}, "league.broker", "port"),
        ({"table": "a/b"}, "league.table", "not a usable name"),
        ({"league": "#"}, "league.league", "not a usable name"),
        ({"table": None}, "league.table", "missing"),
        ({"password": "x"}, "league.username", "needs a user name"),
        ({"ca_file": "ca.pem"}, "league.ca_file", "no such file"),
        ({"accept_commands": True}, "league.accept_commands", "takes no commands"),
        ({"window": 0}, "league.window", "whole number"),
        ({"page_url": "ftp://x"}, "league.page_url", "http"),
        ({"colour": "red"}, "league", "unknown key(s) colour"),
    ],
)
def test_bad_keys_are_named_with_the_file(change, field, words):
    section = {k: v for k, v in {**BASE, **change}.items() if v is not None}
    with pytest.raises(ConfigError) as caught:
        parse_league(section, "club/table.toml")
    assert caught.value.where == "club/table.toml"
    assert caught.value.field == field
    assert words in caught.value.message


def test_tls_files_need_a_tls_url(tmp_path):
    (tmp_path / "ca.pem").write_text("ca")
    with pytest.raises(ConfigError, match="mqtts://"):
        parse_league({**BASE, "ca_file": "ca.pem"}, "t.toml", tmp_path)


def test_the_hall_config_file(tmp_path):
    path = tmp_path / "hall.toml"
    path.write_text('[hall]\nbroker = "mqtt://127.0.0.1:1884"\nleague = "friday"\npin = "4711"\n')
    config = load_hall_config(path)
    assert config.client_id == "halli-pi-hall-friday"
    assert config.db == tmp_path / "hall.sqlite3"
    assert config.pin == "4711" and config.broker.port == 1884
    path.write_text('[hall]\nbroker = "mqtt://h"\nleague = "friday"\npin = "12"\n')
    with pytest.raises(ConfigError, match="hall.pin"):
        load_hall_config(path)
    path.write_text("[hall\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_hall_config(path)

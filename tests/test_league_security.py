"""The league's security against a real Mosquitto: passwords, an access list that keeps each
table to its own topics, and TLS. Nothing a table logged is lost when the broker says no."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from league_support import LEAGUE, RunningHall, require_mosquitto, wait_until

from halli_pi.league import attach_league
from halli_pi.league.broker import LocalBroker
from halli_pi.league.config import BrokerConfig
from halli_pi.league.simtable import SimulatedTable, session_events

USERS = {"t1": "table-one-secret", "hall": "hall-secret"}
# Each table writes only under its own name; the hall reads the league.
ACL = f"pattern write halli-pi/{LEAGUE}/%u/#\nuser hall\ntopic read halli-pi/{LEAGUE}/#\n"


def play(tmp_path, name, section, games=1):
    table = SimulatedTable(tmp_path / f"{name}.sqlite3")
    publisher = attach_league(section, table.store.path, table.referee)
    for event in session_events(seed=2, games=games, players=3):
        table.feed(event)
    return table, publisher


@pytest.fixture
def secured(tmp_path):
    require_mosquitto()
    broker = LocalBroker(tmp_path / "broker", users=USERS, acl=ACL)
    broker.start()
    yield broker
    broker.stop()


def test_with_the_right_password_a_table_reaches_the_hall(tmp_path, secured):
    hall = RunningHall(
        tmp_path / "hall.sqlite3",
        secured,
        config=BrokerConfig("127.0.0.1", secured.port, username="hall", password="hall-secret"),
    )
    section = {
        "broker": f"mqtt://127.0.0.1:{secured.port}",
        "league": LEAGUE,
        "table": "t1",
        "username": "t1",
        "password": "table-one-secret",
    }
    table, publisher = play(tmp_path, "t1", section)
    numbered = publisher.outbox.numbered(publisher.session)
    assert publisher.close(flush_timeout=30.0)
    wait_until(lambda: hall.hall.held == numbered, what="the table's events at the hall")
    hall.stop()
    table.close()


def test_a_wrong_password_sends_nothing_and_keeps_everything(tmp_path, secured):
    section = {
        "broker": f"mqtt://127.0.0.1:{secured.port}",
        "league": LEAGUE,
        "table": "t1",
        "username": "t1",
        "password": "guess",
    }
    table, publisher = play(tmp_path, "t1", section)
    numbered = publisher.outbox.numbered(publisher.session)
    assert not publisher.sender.connected.is_set()
    assert publisher.close(flush_timeout=0.5) is False
    from halli_pi.league.outbox import Outbox

    assert Outbox(table.store.path).pending() == numbered + 1  # every event, and the state
    table.close()


def test_a_table_cannot_publish_as_another_and_keeps_what_was_refused(tmp_path, secured):
    hall = RunningHall(
        tmp_path / "hall.sqlite3",
        secured,
        config=BrokerConfig("127.0.0.1", secured.port, username="hall", password="hall-secret"),
    )
    section = {
        "broker": f"mqtt://127.0.0.1:{secured.port}",
        "league": LEAGUE,
        "table": "t2",  # but logged in as t1
        "username": "t1",
        "password": "table-one-secret",
    }
    table, publisher = play(tmp_path, "t2", section)
    numbered = publisher.outbox.numbered(publisher.session)
    sender = publisher.sender
    wait_until(lambda: sender.refused == numbered, what="the broker to refuse every message")
    assert sender.acknowledged == 0 and publisher.outbox.pending() == numbered + 1
    assert hall.hall.held == 0
    publisher.close(flush_timeout=0.1)
    hall.stop()
    table.close()


def make_certificates(folder):
    """A CA and a certificate for 127.0.0.1 it signed (openssl's command line)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed: no certificates for the TLS test")
    folder.mkdir()
    ca_key, ca, key, csr, cert = (
        folder / n for n in ("ca.key", "ca.pem", "s.key", "s.csr", "s.pem")
    )

    def run(*args):
        subprocess.run([openssl, *map(str, args)], check=True, capture_output=True)

    run(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=test CA",
        "-keyout",
        ca_key,
        "-out",
        ca,
    )
    run(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        key,
        "-out",
        csr,
    )
    (folder / "ext").write_text("subjectAltName=IP:127.0.0.1\n")
    run(
        "x509",
        "-req",
        "-in",
        csr,
        "-CA",
        ca,
        "-CAkey",
        ca_key,
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        folder / "ext",
        "-out",
        cert,
    )
    return ca, cert, key


def test_over_tls_with_the_clubs_ca_and_not_without_it(tmp_path):
    require_mosquitto()
    ca, cert, key = make_certificates(tmp_path / "certs")
    broker = LocalBroker(tmp_path / "broker", tls=(ca, cert, key))
    broker.start()
    try:
        hall = RunningHall(
            tmp_path / "hall.sqlite3",
            broker,
            config=BrokerConfig("127.0.0.1", broker.port, tls=True, ca_file=ca),
        )
        section = {
            "broker": f"mqtts://127.0.0.1:{broker.port}",
            "league": LEAGUE,
            "table": "t1",
            "ca_file": str(ca),
        }
        table, publisher = play(tmp_path, "t1", section)
        numbered = publisher.outbox.numbered(publisher.session)
        assert publisher.close(flush_timeout=30.0)
        wait_until(lambda: hall.hall.held == numbered, what="the table's events over TLS")
        # Without the club's CA the broker's certificate is not trusted: nothing goes out.
        stranger, other = play(tmp_path, "t9", {**section, "table": "t9", "ca_file": None})
        assert not other.sender.connected.is_set()
        assert other.close(flush_timeout=0.5) is False
        hall.stop()
        table.close()
        stranger.close()
    finally:
        broker.stop()

"""The hall's page server against a hostile guest: it stands behind the table page's guards
(body cap, Host allow-list, socket caps) with caps of its own."""

from __future__ import annotations

import socket

import pytest

from halli_pi.league.hall import web as hall_web
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStore
from halli_pi.simulation.fault_soak import closed_by_server
from halli_pi.web.protocol import GuardedH11Protocol


@pytest.fixture
def hall(tmp_path):
    store = HallStore(tmp_path / "hall.sqlite3")
    yield Hall(store, "friday")
    store.close()


@pytest.fixture
def server(hall):
    srv = hall_web.serve(hall, "127.0.0.1", 0, "4711")
    yield srv
    srv.stop()


def ask(port: int, request: bytes) -> bytes:
    """Send a whole request and read the answer until the server closes or has said all."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data or not _complete(data):
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
        return data


def _complete(data: bytes) -> bool:
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.lower().split(b"\r\n"):
        if line.startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def status_of(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1.1 "), answer[:80]
    return int(answer.split(b" ", 2)[1])


def test_a_declared_huge_body_is_refused_with_413(server):
    answer = ask(
        server.port,
        b"POST /api/resolve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 250000000\r\n\r\n{",
    )
    assert status_of(answer) == 413 and b"too large" in answer


def test_another_host_name_is_refused(server):
    ok = ask(server.port, b"GET /api/scoreboard HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    rebound = ask(server.port, b"GET /api/scoreboard HTTP/1.1\r\nHost: evil.example\r\n\r\n")
    assert status_of(ok) == 200 and status_of(rebound) == 400


def test_sockets_past_the_halls_cap_are_closed_and_the_table_pages_caps_stay(hall, monkeypatch):
    table_caps = (GuardedH11Protocol.max_connections, GuardedH11Protocol.per_address)
    monkeypatch.setattr(hall_web, "CONCURRENCY", 4)
    monkeypatch.setattr(hall_web, "SOCKETS", 5)
    monkeypatch.setattr(hall_web, "PER_ADDRESS", 4)
    srv = hall_web.serve(hall, "127.0.0.1", 0, None)
    socks = []
    try:
        for _ in range(20):  # one guest, from 127.0.0.1: 4 sockets kept for it
            socks.append(socket.create_connection(("127.0.0.1", srv.port), timeout=5))
        closed = closed_by_server(socks, enough=16, seconds=5.0)
        assert len(closed) == 16, f"{len(closed)} of 20 sockets closed by the hall, not 16"
        for s in socks:
            s.close()
        # Another address (127.0.0.2 is this machine too) is still answered.
        with socket.create_connection(
            ("127.0.0.1", srv.port), source_address=("127.0.0.2", 0), timeout=5
        ) as phone:
            phone.sendall(b"GET /api/scoreboard HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert phone.recv(12).startswith(b"HTTP/1.1 200")
    finally:
        for s in socks:
            s.close()
        srv.stop()
    assert (GuardedH11Protocol.max_connections, GuardedH11Protocol.per_address) == table_caps

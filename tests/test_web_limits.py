"""The page's server against a hostile guest: big bodies, PIN storms, rebinding, slow headers."""

from __future__ import annotations

import asyncio
import socket
import time

import httpx2
import pytest
from page_table import PageTable
from starlette.testclient import TestClient

from halli_pi.simulation.fault_soak import closed_by_server
from halli_pi.web import app as app_mod
from halli_pi.web.app import create_app, serve
from halli_pi.web.guard import MAX_BODY, PinGuard, Refusal

PIN = "246813"
OK = {"X-Table-Pin": PIN}


@pytest.fixture
def table():
    table = PageTable(["Ana", "Bo", "Cy"], seed=3)
    table.play(until_ruling=True)
    return table


@pytest.fixture
def client(table):
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c


@pytest.fixture
def server(table):
    srv = serve(table.hub, port=0, pin=PIN)
    yield srv
    srv.stop()


def raw_request(port: int, head: bytes, *, timeout: float = 5.0) -> bytes:
    """Send ``head`` (request line and headers, maybe a little body) and read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head)
        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            head, sep, body = data.partition(b"\r\n\r\n")
            if sep:
                length = [
                    int(line.split(b":")[1])
                    for line in head.lower().split(b"\r\n")
                    if line.startswith(b"content-length:")
                ]
                if length and len(body) >= length[0]:
                    break
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
        return data


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


# -- bodies -------------------------------------------------------------------------------------


def test_a_declared_huge_body_is_refused_before_a_byte_of_it_is_read(server):
    head = (
        b"POST /api/end HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"X-Table-Pin: " + PIN.encode() + b"\r\nContent-Length: 250000000\r\n\r\n"
    )
    answer = raw_request(server.port, head)  # no body sent at all: the answer cannot wait for it
    assert status_of(answer) == 413 and b"too large" in answer


def test_a_chunked_body_is_cut_off_at_the_cap(client, table):
    sent = []

    def chunks():
        for _ in range(64):
            sent.append(1)
            yield b" " * 1024

    res = client.post(
        "/api/end", content=chunks(), headers=OK | {"Content-Type": "application/json"}
    )
    assert res.status_code == 413 and "too large" in res.json()["error"]
    assert not table.engine.game.over


def test_a_wrong_pin_is_refused_before_the_body_is_read(server):
    head = (
        b"POST /api/end HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"X-Table-Pin: 000000\r\nContent-Length: " + str(MAX_BODY).encode() + b"\r\n\r\n"
    )
    answer = raw_request(server.port, head)  # the body never comes; the refusal does
    assert status_of(answer) == 403 and b"wrong table PIN" in answer


@pytest.mark.parametrize(
    "content,words",
    [
        (b"[" * 5000 + b"]" * 5000, "nests 5000 deep"),
        (b'{"players": ["A", "B"], "options": {"window_ms": NaN}}', "NaN"),
        (b'{"players": ["A", "B"], "options": {"window_ms": Infinity}}', "Infinity"),
        (b'{"players": ["A", "B"], "options": {"window_ms": 1e999}}', "finite"),
        (b'{"players": "\xff\xfe"}', "not valid JSON"),
    ],
)
def test_bodies_a_parser_would_choke_on_are_400(client, content, words):
    res = client.post(
        "/api/game", content=content, headers=OK | {"Content-Type": "application/json"}
    )
    assert res.status_code == 400 and words in res.json()["error"]


def test_a_huge_evidence_id_is_404_not_500(client):
    res = client.get("/evidence/99999999999999999999999.jpg")
    assert res.status_code == 404 and "whole number" in res.json()["error"]


# -- PIN guessing -------------------------------------------------------------------------------


def test_many_addresses_share_one_table_wide_back_off():
    now = [0.0]
    guard = PinGuard(PIN, tries=8, table_tries=30, clock=lambda: now[0])
    for i in range(30):
        with pytest.raises(Refusal) as wrong:
            guard.check(f"10.0.{i}.1", f"{i:06d}")
        assert wrong.value.status == 403
    with pytest.raises(Refusal) as paused:
        guard.check("10.9.9.9", PIN)  # even the right PIN waits: the table is being guessed at
    assert paused.value.status == 429
    now[0] = 61.0
    guard.check("10.9.9.9", PIN)  # the minute has passed


def test_forwarded_for_does_not_make_a_guesser_many_addresses(server):
    codes = []
    with httpx2.Client(timeout=5) as http:
        for i in range(10):
            res = http.post(
                server.url + "api/end",
                json={},
                headers={"X-Table-Pin": f"{i:06d}", "X-Forwarded-For": f"10.1.{i}.7"},
            )
            codes.append(res.status_code)
    assert codes[:8] == [403] * 8 and codes[8:] == [429, 429]


def test_generated_pins_have_six_digits():
    pins = {app_mod.make_pin() for _ in range(50)}
    assert all(len(p) == 6 and p.isdigit() for p in pins) and len(pins) > 40


# -- where requests come from -------------------------------------------------------------------


def test_another_host_name_is_refused(server):
    with httpx2.Client(timeout=5) as http:
        ok = http.get(server.url + "api/state")
        rebound = http.get(server.url + "api/state", headers={"Host": "evil.example:8080"})
    assert ok.status_code == 200 and rebound.status_code == 400


def test_a_control_posted_from_another_origin_is_refused(server, table):
    with httpx2.Client(timeout=5) as http:
        res = http.post(
            server.url + "api/end", json={}, headers=OK | {"Origin": "http://evil.example"}
        )
        assert res.status_code == 403 and "own page" in res.json()["error"]
        assert not table.engine.game.over
        res = http.post(server.url + "api/end", json={}, headers=OK | {"Origin": server.url[:-1]})
    assert res.status_code == 200


def test_every_answer_forbids_framing_and_foreign_content(client):
    for url in ("/", "/api/state", "/nowhere"):
        res = client.get(url)
        assert res.headers["x-frame-options"] == "DENY"
        csp = res.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp


# -- sockets ------------------------------------------------------------------------------------


def test_live_streams_are_capped(table):
    table.hub.max_clients = 2
    with TestClient(create_app(table.hub, pin=PIN)) as c:

        async def take_two():
            return [table.hub.subscribe() for _ in range(2)]

        loop = asyncio.new_event_loop()
        try:
            subs = loop.run_until_complete(take_two())
            res = c.get("/events")
        finally:
            for sub, _ in subs:
                table.hub.unsubscribe(sub)
            loop.close()
    assert res.status_code == 503 and "too many pages" in res.json()["error"]


def test_half_sent_headers_are_closed_after_the_deadline(table, monkeypatch):
    monkeypatch.setattr(app_mod, "HEADER_TIMEOUT_S", 0.5)
    srv = serve(table.hub, port=0, pin=PIN)
    try:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
            sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            started = time.monotonic()
            deadline = started + 5.0
            closed = False
            while time.monotonic() < deadline:
                sock.sendall(b"a")  # a byte at a time does not keep it open
                sock.settimeout(0.2)
                try:
                    closed = sock.recv(1) == b""
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
                if closed:
                    break
        assert closed and time.monotonic() - started < 3.0
    finally:
        srv.stop()


def test_sockets_past_the_cap_are_closed_at_once(table, monkeypatch):
    from halli_pi.web.protocol import GuardedH11Protocol

    monkeypatch.setattr(app_mod, "MAX_CONNECTIONS", 4)
    srv = serve(table.hub, port=0, pin=PIN)
    # 4, and a few more that get a clean 503; all from one address here
    kept = min(GuardedH11Protocol.max_connections, GuardedH11Protocol.per_address)
    socks = []
    try:
        for _ in range(40):
            socks.append(socket.create_connection(("127.0.0.1", srv.port), timeout=5))
        closed = closed_by_server(socks, enough=40 - kept, seconds=5.0)
        assert kept < 10 and len(closed) == 40 - kept  # the rest closed without a request
        with httpx2.Client(timeout=5) as http:
            for s in socks:
                s.close()
            # and the server still answers once they are gone
            deadline = time.monotonic() + 5.0
            while True:
                res = http.get(srv.url + "api/state")
                if res.status_code == 200 or time.monotonic() > deadline:
                    break
        assert res.status_code == 200
    finally:
        for s in socks:
            s.close()
        srv.stop()


_SERVER_UNDER_128_FILES = """
import resource, sys, tempfile, os
resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))
from halli_pi.web.app import serve
from halli_pi.web.hub import Hub
server = serve(Hub(), port=0, pin="246813")
print(server.port, flush=True)
for line in sys.stdin:  # "write": what an evidence photo needs, while the guests hold sockets
    folder = tempfile.mkdtemp()
    written = 0
    for i in range(10):
        try:
            with open(os.path.join(folder, f"{i}.jpg"), "wb") as f:
                f.write(b"jpeg")
            written += 1
        except OSError as err:
            print("cannot write:", err, flush=True)
    print("written", written, flush=True)
server.stop()
"""


def test_a_socket_flood_under_a_small_file_limit_leaves_room_for_photos():
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-c", _SERVER_UNDER_128_FILES],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    guests = []
    try:
        port = int(child.stdout.readline())
        for _ in range(150):  # more than the 128 descriptors the server may have
            try:
                guests.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                break
        child.stdin.write("write\n")
        child.stdin.flush()
        answer = child.stdout.readline()
        assert answer.strip() == "written 10", answer
    finally:
        for g in guests:
            g.close()
        child.stdin.close()
        child.wait(timeout=20)
    err = child.stderr.read()
    assert "Traceback" not in err and "out of system resource" not in err, err[-2000:]


def test_a_configured_extra_name_is_allowed(table):
    srv = serve(table.hub, port=0, pin=PIN, hosts=("referee.lan",))
    try:
        with httpx2.Client(timeout=5) as http:
            ok = http.get(srv.url + "api/state", headers={"Host": f"referee.lan:{srv.port}"})
            other = http.get(srv.url + "api/state", headers={"Host": f"other.lan:{srv.port}"})
        assert ok.status_code == 200 and other.status_code == 400
    finally:
        srv.stop()


def test_one_address_cannot_take_every_socket(table, monkeypatch):
    from halli_pi.web.protocol import GuardedH11Protocol

    monkeypatch.setattr(app_mod, "MAX_CONNECTIONS", 8)
    srv = serve(table.hub, port=0, pin=PIN)
    assert GuardedH11Protocol.per_address == 4
    hogs = []
    try:
        for _ in range(12):  # one guest, from 127.0.0.1
            hogs.append(socket.create_connection(("127.0.0.1", srv.port), timeout=5))
        closed = closed_by_server(hogs, enough=8, seconds=5.0)
        assert len(closed) == 8  # 4 kept for that guest
        # another address (127.0.0.2 is this machine too) still gets in and is answered
        with socket.create_connection(
            ("127.0.0.1", srv.port), source_address=("127.0.0.2", 0)
        ) as phone:
            phone.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            phone.settimeout(5)
            assert phone.recv(12).startswith(b"HTTP/1.1 200")
    finally:
        for s in hogs:
            s.close()
        srv.stop()

"""systemd notify over a real datagram socket, the watchdog, SIGTERM as a clean shutdown."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest

from halli_pi.runtime.notify import Notifier, Service, ShutdownFlag, Watchdog, watchdog_interval


@pytest.fixture
def listener(tmp_path: Path):
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(2.0)
    yield str(path), sock
    sock.close()


def received(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode().split("\n")


def test_ready_status_watchdog_stopping_reach_the_socket(listener):
    path, sock = listener
    n = Notifier(env={"NOTIFY_SOCKET": path})
    assert n.enabled
    assert n.ready("watching 4 seats")
    assert received(sock) == ["READY=1", "STATUS=watching 4 seats"]
    assert n.watchdog()
    assert received(sock) == ["WATCHDOG=1"]
    assert n.status("game 2")
    assert received(sock) == ["STATUS=game 2"]
    assert n.stopping()
    assert received(sock) == ["STOPPING=1"]
    n.close()


def test_abstract_namespace_address():
    name = f"halli-pi-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(2.0)
    try:
        assert Notifier(f"@{name}").ready()
        assert received(sock) == ["READY=1"]
    finally:
        sock.close()


def test_without_notify_socket_everything_is_a_no_op():
    n = Notifier(env={})
    assert not n.enabled
    assert n.ready("x") is False and n.watchdog() is False and n.stopping() is False


def test_a_vanished_socket_does_not_stop_the_referee(tmp_path: Path):
    n = Notifier(str(tmp_path / "gone"))
    assert n.ready() is False  # swallowed: systemd may be restarting


def test_watchdog_interval_from_environment():
    assert watchdog_interval({"WATCHDOG_USEC": "20000000"}) == 20.0
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "5000000", "WATCHDOG_PID": "1"}) is None
    mine = {"WATCHDOG_USEC": "5000000", "WATCHDOG_PID": str(os.getpid())}
    assert watchdog_interval(mine) == 5.0


def test_watchdog_pings_at_half_the_interval(listener):
    path, sock = listener
    now = [100.0]
    dog = Watchdog(Notifier(path), 10.0, clock=lambda: now[0])
    sent = []
    for step in range(12):  # 0, 1, ... 11 s
        now[0] = 100.0 + step
        sent.append(dog.tick())
    assert [i for i, s in enumerate(sent) if s] == [0, 5, 10]
    assert all(received(sock) == ["WATCHDOG=1"] for _ in range(3))
    assert not Watchdog(Notifier(env={}), 10.0).tick()


def test_sigterm_sets_the_flag_and_the_old_handler_comes_back():
    before = signal.getsignal(signal.SIGTERM)
    with ShutdownFlag() as flag:
        assert not flag.requested
        os.kill(os.getpid(), signal.SIGTERM)
        assert flag.wait(2.0)
        assert flag.received == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before


class Resource:
    def __init__(self, name: str, log: list[str]):
        self.name, self.log = name, log

    def __enter__(self):
        self.log.append(f"open {self.name}")
        return self

    def __exit__(self, *exc):
        self.log.append(f"close {self.name}")


def test_service_releases_in_reverse_order_after_stopping(listener):
    path, sock = listener
    log: list[str] = []
    with Service(Notifier(path), watchdog_interval_s=30.0) as svc:
        svc.enter(Resource("camera", log))
        svc.enter(Resource("bell", log))
        svc.callback(log.append, "flush store")
        svc.ready("ready")
        assert received(sock) == ["READY=1", "STATUS=ready"]
        assert received(sock) == ["WATCHDOG=1"]
        os.kill(os.getpid(), signal.SIGTERM)
        assert svc.wait(10.0), "SIGTERM never reached the service"
        assert svc.stop_requested
    assert log == ["open camera", "open bell", "flush store", "close bell", "close camera"]
    assert received(sock) == ["STOPPING=1", "STATUS=shutting down"]


def test_service_releases_everything_when_the_loop_fails(listener):
    path, sock = listener
    log: list[str] = []
    with pytest.raises(RuntimeError), Service(Notifier(path)) as svc:
        svc.enter(Resource("camera", log))
        raise RuntimeError("camera unplugged")
    assert log == ["open camera", "close camera"]
    assert received(sock) == ["STOPPING=1", "STATUS=stopping after RuntimeError"]

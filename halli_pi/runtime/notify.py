"""Talking to systemd (``Type=notify``) and ending cleanly on SIGTERM.

- ``Notifier`` sends ``READY=1``, ``WATCHDOG=1``, ``STOPPING=1`` and ``STATUS=…`` as datagrams to
  ``NOTIFY_SOCKET`` (a path, or ``@name`` for the abstract namespace). Without ``NOTIFY_SOCKET``
  (a terminal, the tests, the demo) every call is a no-op, so the referee calls it unconditionally.
- ``Watchdog`` pings at half of ``WATCHDOG_USEC`` when the main loop calls ``tick()``: the ping
  comes from the loop itself, never from a helper thread, so a hung loop gets restarted.
- ``ShutdownFlag`` turns SIGTERM/SIGINT into an event the loop polls.
- ``Service`` ties them to an ``ExitStack``: resources entered in order are released in reverse
  order, after ``STOPPING=1``, whatever ended the loop.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager, ExitStack
from types import FrameType, TracebackType
from typing import Any, TypeVar

T = TypeVar("T")


def _address(raw: str) -> str | bytes:
    # '@name' is Linux's abstract namespace: a leading NUL byte on the wire.
    if raw.startswith("@"):
        return b"\0" + raw[1:].encode()
    return raw


class Notifier:
    """sd_notify over a plain datagram socket; a no-op when there is no NOTIFY_SOCKET."""

    def __init__(self, address: str | None = None, *, env: Mapping[str, str] | None = None) -> None:
        environ: Mapping[str, str] = os.environ if env is None else env
        raw = address if address is not None else environ.get("NOTIFY_SOCKET")
        self.address = raw or None
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, *lines: str, **fields: Any) -> bool:
        """Send ``KEY=value`` lines; True if sent. Failures are swallowed: the referee must
        keep running if systemd is restarting or the socket went away."""
        if self.address is None:
            return False
        parts = list(lines) + [f"{k.upper()}={v}" for k, v in fields.items()]
        payload = "\n".join(parts).encode()
        with self._lock:
            try:
                if self._sock is None:
                    self._sock = socket.socket(
                        socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC
                    )
                self._sock.sendto(payload, _address(self.address))
            except OSError:
                self._close()
                return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.notify("READY=1", *(() if status is None else (f"STATUS={status}",)))

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={text}")

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        return self.notify("STOPPING=1", *(() if status is None else (f"STATUS={status}",)))

    def _close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def close(self) -> None:
        with self._lock:
            self._close()


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds systemd waits for a WATCHDOG=1, or None when no watchdog is set for us."""
    env = os.environ if env is None else env
    usec = env.get("WATCHDOG_USEC")
    if not usec:
        return None
    pid = env.get("WATCHDOG_PID")
    if pid and pid.isdigit() and int(pid) != os.getpid():
        return None  # meant for another process (we were started by a wrapper)
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 1e6 if value > 0 else None


class Watchdog:
    """Ping systemd at half its interval, from the loop that must stay alive."""

    def __init__(
        self,
        notifier: Notifier,
        interval: float | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.notifier = notifier
        self.interval = interval if interval is not None else watchdog_interval()
        self._clock = clock
        self._last: float | None = None

    @property
    def enabled(self) -> bool:
        return self.notifier.enabled and self.interval is not None

    def tick(self) -> bool:
        """Call from each pass of the main loop; True when a ping went out."""
        if not self.enabled or self.interval is None:
            return False
        now = self._clock()
        if self._last is not None and now - self._last < self.interval / 2:
            return False
        self._last = now
        return self.notifier.watchdog()


class ShutdownFlag:
    """SIGTERM/SIGINT set a flag instead of killing the process mid-write.

    Use as a context manager; the previous handlers come back on exit. Handlers can only be
    installed from the main thread (Python's rule); elsewhere the flag is still usable by hand.
    """

    def __init__(self, signals: Iterable[int] = (signal.SIGTERM, signal.SIGINT)) -> None:
        self.signals = tuple(signals)
        self.event = threading.Event()
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signum
        self.event.set()

    def install(self) -> ShutdownFlag:
        if threading.current_thread() is threading.main_thread():
            for sig in self.signals:
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def uninstall(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    def request(self) -> None:
        """Ask for a shutdown from code (a test, a 'quit' key)."""
        self.event.set()

    @property
    def requested(self) -> bool:
        return self.event.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Sleep until a shutdown is asked for or ``timeout`` passes; True if asked."""
        return self.event.wait(timeout)

    def __enter__(self) -> ShutdownFlag:
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.uninstall()


class Service(AbstractContextManager["Service"]):
    """The service's life: signals caught, resources released in reverse order, systemd told.

    ::

        with Service() as svc:
            camera = svc.enter(open_camera(...))
            store = svc.enter(Store(path))
            svc.ready("watching 4 seats")
            while not svc.stop_requested:
                ...
                svc.tick()
        # STOPPING=1 was sent, then store and camera closed in that order.
    """

    def __init__(
        self,
        notifier: Notifier | None = None,
        *,
        watchdog_interval_s: float | None = None,
        signals: Iterable[int] = (signal.SIGTERM, signal.SIGINT),
    ) -> None:
        self.notifier = notifier if notifier is not None else Notifier()
        self.watchdog = Watchdog(self.notifier, watchdog_interval_s)
        self.shutdown = ShutdownFlag(signals)
        self.stack = ExitStack()

    def __enter__(self) -> Service:
        self.shutdown.install()
        return self

    def enter(self, cm: AbstractContextManager[T]) -> T:
        """Enter a context manager now; it exits when the service does (last in, first out)."""
        return self.stack.enter_context(cm)

    def callback(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Call ``fn`` at shutdown, in reverse order with everything else."""
        self.stack.callback(fn, *args, **kwargs)

    def ready(self, status: str | None = None) -> None:
        self.notifier.ready(status)
        self.watchdog.tick()

    def status(self, text: str) -> None:
        self.notifier.status(text)

    def tick(self) -> None:
        self.watchdog.tick()

    @property
    def stop_requested(self) -> bool:
        return self.shutdown.requested

    def wait(self, timeout: float) -> bool:
        """Sleep up to ``timeout`` seconds, waking at once on SIGTERM; True if asked to stop."""
        return self.shutdown.wait(timeout)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool | None:
        why = "shutting down" if exc is None else f"stopping after {type(exc).__name__}"
        self.notifier.stopping(why)
        try:
            return self.stack.__exit__(exc_type, exc, tb)
        finally:
            self.shutdown.uninstall()
            self.notifier.close()

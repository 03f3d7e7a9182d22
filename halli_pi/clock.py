"""The one session clock: monotonic nanoseconds in, float seconds since session start out.

Every input event carries ``t`` = seconds since the session started (shared/SPEC.md §1). The
clock underneath is ``CLOCK_MONOTONIC`` (``time.monotonic_ns``): it never jumps when NTP or a
person sets the date, and it is the clock the kernel stamps GPIO edges with and the camera
stamps frames with. ``SessionClock`` holds the start instant and converts both ways.

Edge stamps arrive from gpiozero as ``ticks`` whose meaning depends on the pin factory, so each
factory gets a ``TickClock`` that turns its ticks into monotonic nanoseconds:

* ``LGPIOFactory`` hands over the kernel's edge timestamp (``timestamp_ns / 1e9``, float
  seconds; lgpio sorts each read's events by it). Current lgpio asks with the v2 line API and
  leaves its realtime flag off, so the stamps are ``CLOCK_MONOTONIC``; older lgpio used the v1
  line-event ioctl, whose stamps are ``CLOCK_REALTIME`` on kernels before 5.7. ``KernelTicks``
  tells the two apart on the first edge (an uptime is nowhere near the epoch) and maps
  realtime stamps onto the monotonic clock with an offset sampled once; the log says which.
* ``MockFactory`` hands over ``time.monotonic()`` seconds (``MonotonicTicks``), so the
  scripted fakes and the real clock agree.
* Any other factory (RPi.GPIO, pigpio, native) is stamped at callback time
  (``CallbackTicks``): later than the edge by the callback latency, and the log says so.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

NS = 1_000_000_000


def realtime_offset_ns(
    mono: Callable[[], int] = time.monotonic_ns, real: Callable[[], int] = time.time_ns
) -> int:
    """``CLOCK_REALTIME - CLOCK_MONOTONIC`` now, in ns, from the tightest of a few samples.

    Bracketing one realtime read between two monotonic reads bounds the error by half the
    bracket; a few tries keep a pre-empted sample from spoiling it.
    """
    best: tuple[int, int] | None = None
    for _ in range(5):
        a = mono()
        r = real()
        b = mono()
        if best is None or b - a < best[0]:
            best = (b - a, r - (a + b) // 2)
    assert best is not None
    return best[1]


class SessionClock:
    """Seconds since the session started, on the monotonic clock.

    ``now_ns`` is injectable so a test can run the clock by hand; ``start_ns`` defaults to the
    moment the clock is made.
    """

    def __init__(
        self, start_ns: int | None = None, now_ns: Callable[[], int] = time.monotonic_ns
    ) -> None:
        self._now_ns = now_ns
        self.start_ns = now_ns() if start_ns is None else int(start_ns)

    def now_ns(self) -> int:
        """The monotonic clock now, in ns (not relative to the start)."""
        return self._now_ns()

    def now(self) -> float:
        """Seconds since the session started."""
        return self.to_session(self._now_ns())

    def to_session(self, mono_ns: int) -> float:
        """A monotonic stamp in ns -> seconds since the session started."""
        return (mono_ns - self.start_ns) / NS

    def to_monotonic_ns(self, t: float) -> int:
        """Seconds since the session started -> a monotonic stamp in ns."""
        return self.start_ns + round(t * NS)


class TickClock(Protocol):
    """Turns a pin factory's edge ``ticks`` into monotonic nanoseconds."""

    #: True when the stamp is the kernel's edge time; False when it is only callback time.
    exact: bool

    def to_monotonic_ns(self, ticks: float) -> int: ...


class MonotonicTicks:
    """Ticks that are ``time.monotonic()`` float seconds (gpiozero's MockFactory)."""

    exact = True

    def to_monotonic_ns(self, ticks: float) -> int:
        return round(ticks * NS)


class KernelTicks:
    """Ticks that are the kernel's edge stamp in float seconds (gpiozero's LGPIOFactory).

    The kernel's clock for these stamps is monotonic on current kernels and realtime on old
    ones; the first stamp decides which, by which clock "now" it is closer to.
    """

    exact = True

    def __init__(
        self, mono: Callable[[], int] = time.monotonic_ns, real: Callable[[], int] = time.time_ns
    ) -> None:
        self._mono = mono
        self._real = real
        self._offset_ns: int | None = None  # realtime - monotonic; 0 when stamps are monotonic

    @property
    def realtime(self) -> bool | None:
        """Whether the stamps turned out to be realtime (None until the first edge)."""
        return None if self._offset_ns is None else self._offset_ns != 0

    def to_monotonic_ns(self, ticks: float) -> int:
        ns = round(ticks * NS)
        if self._offset_ns is None:
            self._offset_ns = self._detect(ns)
        return ns - self._offset_ns

    def _detect(self, ns: int) -> int:
        if abs(ns - self._mono()) <= abs(ns - self._real()):
            log.info("GPIO edge stamps are CLOCK_MONOTONIC (kernel line events)")
            return 0
        offset = realtime_offset_ns(self._mono, self._real)
        log.warning(
            "GPIO edge stamps are CLOCK_REALTIME (a kernel before 5.7): mapped onto the "
            "monotonic clock with an offset of %d ns; a date change mid-session would skew them",
            offset,
        )
        return offset


class CallbackTicks:
    """No usable edge stamp: the time the callback ran (RPi.GPIO, pigpio, native)."""

    exact = False

    def __init__(self, mono: Callable[[], int] = time.monotonic_ns) -> None:
        self._mono = mono

    def to_monotonic_ns(self, ticks: float) -> int:
        return self._mono()


def tick_clock_for(factory: object) -> TickClock:
    """The tick conversion for a gpiozero pin factory, chosen by its class."""
    name = type(factory).__name__
    if name == "LGPIOFactory":
        return KernelTicks()
    if name == "MockFactory" or name.startswith("Mock"):
        return MonotonicTicks()
    log.info(
        "pin factory %s gives no kernel edge time: presses are stamped when the callback runs, "
        "up to a millisecond or more after the contact; close calls and ties are less exact "
        "(use the lgpio factory)",
        name,
    )
    return CallbackTicks()

"""The bell: ring sources on GPIO pins, turned into ``Press`` events on the session clock.

``Bell`` opens one input pin per ring source (seat buttons, a shared bell's switch or piezo
comparator), listens at the Pin level (``pin.when_changed(ticks, state)``: gpiozero's Button
hides the edge time), keeps the FIRST edge of each press with its kernel stamp (capture.py),
converts the stamp to the session clock (clock.py) and hands the presses on in stamp order:

* ``bell.get(timeout)`` -- a thread-safe queue (after ``start()``), or
* ``Bell(on_press=callback)`` -- called from the bell's thread, one press at a time,
* ``bell.release(now_ns)`` / ``bell.flush()`` -- synchronous, for scripted tests and replays.

Warnings (a stuck button, a chattering input, a factory without edge stamps) go to the log,
to ``bell.warnings`` and to ``on_warning``.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from halli_pi.bell.capture import EdgeCapture, PressOrderer
from halli_pi.bell.factory import open_input
from halli_pi.clock import SessionClock, TickClock, tick_clock_for
from halli_pi.config import RingSource, TableConfig
from halli_pi.rules.events import Press

log = logging.getLogger(__name__)

# How often the bell's thread looks for stuck inputs when nothing else wakes it.
_WATCH_S = 0.25


@dataclass(frozen=True, slots=True)
class Ring:
    """A press with what the check-wiring screen wants to know about it."""

    press: Press
    source: RingSource
    stamp_ns: int  # monotonic ns of the first edge
    callback_ns: int  # monotonic ns when the callback ran


class _Listener:
    """The ``when_changed`` handler of one pin (gpiozero keeps only a weak reference)."""

    def __init__(self, bell: Bell, index: int) -> None:
        self.bell = bell
        self.index = index

    def __call__(self, ticks: float, state: int) -> None:
        self.bell._edge(self.index, ticks, state)


class Bell:
    """Every ring source of a table, as one stream of presses in stamp order."""

    def __init__(
        self,
        config: TableConfig,
        factory: Any,
        clock: SessionClock | None = None,
        *,
        on_press: Callable[[Press], None] | None = None,
        on_warning: Callable[[str], None] | None = None,
        order_hold_ms: float | None = None,
        tick_clock: TickClock | None = None,
    ) -> None:
        self.config = config
        self.factory = factory
        self.clock = clock or SessionClock()
        self.ticks = tick_clock or tick_clock_for(factory)
        self.sources = config.ring_sources()
        self.captures = [EdgeCapture.for_source(s, config.stuck_s) for s in self.sources]
        hold = config.order_hold_ms if order_hold_ms is None else order_hold_ms
        self.orderer: PressOrderer[Ring] = PressOrderer(round(hold * 1e6))
        self.queue: queue.Queue[Press] = queue.Queue()
        self.rings: list[Ring] = []  # every press released so far, with its details
        self.warnings: list[str] = []
        self._on_press = on_press
        self._on_warning = on_warning
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stop = False
        self._pins: list[Any] = []
        self._listeners: list[_Listener] = []
        if not self.ticks.exact:
            self._warn(
                f"{type(factory).__name__} gives no kernel edge stamps: presses are stamped at "
                "callback time (late by the callback latency); use the lgpio pin factory"
            )
        try:
            for i, source in enumerate(self.sources):
                pin = open_input(factory, source.pin, pull=source.pull, what=source.name)
                self._pins.append(pin)
                capture = self.captures[i]
                capture.active = bool(pin.state) != source.active_low
                if capture.active:
                    self._warn(
                        f"{source.name} (BCM {source.pin}) reads pressed already: stuck, or "
                        "wired to the wrong pin? It rings only after it has been released"
                    )
                listener = _Listener(self, i)
                self._listeners.append(listener)
                pin.when_changed = listener
        except BaseException:
            self.close()
            raise

    # --- edges (the pin factory's thread) ---------------------------------------------------

    def _edge(self, index: int, ticks: float, state: int) -> None:
        callback_ns = self.clock.now_ns()
        if state not in (0, 1):
            return  # lgpio reports level 2 for a watchdog timeout: no edge at all
        stamp_ns = self.ticks.to_monotonic_ns(ticks)
        source = self.sources[index]
        active = bool(state) != source.active_low
        with self._cond:
            capture = self.captures[index]
            if capture.edge(stamp_ns, active):
                press = Press(self.clock.to_session(stamp_ns), source.seat, str(source.kind))
                self.orderer.push(stamp_ns, Ring(press, source, stamp_ns, callback_ns))
                self._cond.notify_all()
            elif capture.chattering():
                self._warn(
                    f"{source.name} (BCM {source.pin}) chatters: {capture.swallowed} edges "
                    "swallowed in one press (loose wire, or the comparator threshold too low); "
                    "counted as one press"
                )
        if self.orderer.hold_ns == 0 and self._thread is None:
            self.flush()  # no ordering hold and no thread: straight through

    # --- handing presses on ------------------------------------------------------------------

    def release(self, now_ns: int | None = None) -> list[Press]:
        """Hand on every press whose ordering hold has passed by ``now_ns`` (default now)."""
        now = self.clock.now_ns() if now_ns is None else now_ns
        with self._cond:
            rings = self.orderer.ready(now)
            self._check_stuck(now)
        return self._deliver(rings)

    def flush(self) -> list[Press]:
        """Hand on every held press now, in stamp order."""
        with self._cond:
            rings = self.orderer.flush()
        return self._deliver(rings)

    def _deliver(self, rings: list[Ring]) -> list[Press]:
        out = []
        for ring in rings:
            self.rings.append(ring)
            self.queue.put(ring.press)
            out.append(ring.press)
            if self._on_press is not None:
                self._on_press(ring.press)
        return out

    def get(self, timeout: float | None = None) -> Press | None:
        """The next press in stamp order, waiting up to ``timeout`` s (None: no press)."""
        if self._thread is None:
            self.release()
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def start(self) -> Bell:
        """Run the bell's thread: releases held presses on time and watches for stuck inputs."""
        if self._thread is None:
            self._stop = False
            self._thread = threading.Thread(target=self._run, name="bell", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stop:
                    return
                now = self.clock.now_ns()
                due = self.orderer.next_due_ns()
                wait = _WATCH_S if due is None else max(0.0, min(_WATCH_S, (due - now) / 1e9))
                if wait > 0:
                    self._cond.wait(wait)
                if self._stop:
                    return
                now = self.clock.now_ns()
                rings = self.orderer.ready(now)
                self._check_stuck(now)
            self._deliver(rings)

    # --- warnings ----------------------------------------------------------------------------

    def _check_stuck(self, now_ns: int) -> None:
        for capture in self.captures:
            held = capture.stuck(now_ns)
            if held is not None:
                s = capture.source
                self._warn(
                    f"{s.name} (BCM {s.pin}) held for {held:.1f} s: stuck or jammed? counted "
                    "as one press; it rings again only after it is released"
                )

    def _warn(self, message: str) -> None:
        log.warning("%s", message)
        self.warnings.append(message)
        if self._on_warning is not None:
            self._on_warning(message)

    # --- diagnostics and shutdown ------------------------------------------------------------

    def swallowed(self, seat: int | None = None, kind: str | None = None) -> int:
        """Bounce edges swallowed since the latest press of the matching source(s)."""
        return sum(
            c.swallowed
            for c in self.captures
            if (seat is None or c.source.seat == seat) and (kind is None or c.source.kind == kind)
        )

    def close(self) -> None:
        """Stop the thread and give the pins back (in reverse order of opening)."""
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        self._thread = None
        for pin in reversed(self._pins):
            try:
                pin.when_changed = None
                pin.close()
            except Exception as err:  # a pin already gone must not stop the others closing
                log.debug("closing %r: %s", pin, err)
        self._pins.clear()

    def __enter__(self) -> Bell:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

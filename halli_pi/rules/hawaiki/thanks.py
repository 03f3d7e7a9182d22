"""Who owes a "merci", until when, and the timers that rule when nobody does (C4, P5, P7).

A window opens when a ruling imposes cards that must be thanked for, and closes at
``t(imposing ruling) + merci_window_s``. A first press starts a double-press wait of
``double_press_s``. Timers are plain deadlines: the engine asks which fell due before the next
event's time, so a log always replays to the same rulings (HAWAIKI.md §1.4).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

WINDOW = 0  # a merci window's deadline
WAIT = 1  # a double-press wait's end


@dataclass(slots=True)
class Window:
    seat: int
    owed: int  # cards imposed while the window was open (they add up, reading 6)
    deadline: float
    opened: int  # order of opening: timers due together fire in this order (reading 10)
    press_t: float | None = None  # the first press of a thanks being timed
    wait_ends: float = 0.0


class Thanks:
    def __init__(self) -> None:
        self.windows: dict[int, Window] = {}
        # Seats whose last window closed with a `missed`: a thanks from them is `late` until
        # their next window opens (reading 7).
        self.missed: set[int] = set()
        self._timers: list[tuple[float, int, int, int]] = []  # (due, opened, kind, seat)
        self._opened = 0
        self.next_due = float("inf")

    def reset(self) -> None:
        self.windows.clear()
        self._timers.clear()
        self.next_due = float("inf")

    def open(self, seat: int, n: int, t: float, window_s: float) -> None:
        deadline = round(t + window_s, 6)
        w = self.windows.get(seat)
        if w is None:
            self._opened += 1
            w = self.windows[seat] = Window(seat, n, deadline, self._opened)
        else:
            w.owed += n
            w.deadline = deadline
        self.missed.discard(seat)
        if w.press_t is None:
            self._push(deadline, w.opened, WINDOW, seat)

    def start_wait(self, w: Window, t: float, wait_s: float) -> None:
        w.press_t = t
        w.wait_ends = round(t + wait_s, 6)
        self._push(w.wait_ends, w.opened, WAIT, w.seat)

    def close(self, seat: int) -> None:
        self.windows.pop(seat, None)

    def due(self, t: float) -> tuple[float, int, Window] | None:
        """The first timer due strictly before t (a thanks at the deadline is in time), taken
        off the queue; None if none is. Timers a later event made moot are dropped here."""
        timers = self._timers
        while timers and timers[0][0] < t:
            due, _, kind, seat = heapq.heappop(timers)
            w = self.windows.get(seat)
            if w is None:
                continue
            if kind == WINDOW and w.press_t is None and w.deadline == due:
                self._refresh()
                return due, kind, w
            if kind == WAIT and w.press_t is not None and w.wait_ends == due:
                self._refresh()
                return due, kind, w
        self._refresh()
        return None

    def _push(self, due: float, opened: int, kind: int, seat: int) -> None:
        heapq.heappush(self._timers, (due, opened, kind, seat))
        if due < self.next_due:
            self.next_due = due

    def _refresh(self) -> None:
        self.next_due = self._timers[0][0] if self._timers else float("inf")

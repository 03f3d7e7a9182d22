"""Edge capture: the first contact's time, bounces swallowed, presses put in stamp order.

Pure logic on integer nanosecond stamps (no pins, no threads), so every rule here is tested
with exact numbers.

Why not gpiozero's ``bounce_time``: with lgpio it reports the edge after the contact has
settled (late, by a different amount per switch) and the mock ignores it. Instead the FIRST
active edge is the press and its kernel stamp is kept. The input is then locked out: every
edge is swallowed until the line has been quiet (no edge at all) for the re-arm time and rests
inactive. A bouncing button, a ringing bell or a storm of 1,000 edges a second therefore make
one press whose time never moves; a button held down makes one press (and a warning when it
is held longer than ``stuck_ns``).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from halli_pi.config import RingSource

# Edges swallowed in one press beyond which the input is said to chatter (a loose wire, a
# comparator threshold set too close to the noise).
CHATTER_EDGES = 100


@dataclass(slots=True)
class EdgeCapture:
    """One ring source's lockout state."""

    source: RingSource
    rearm_ns: int
    stuck_ns: int
    last_edge_ns: int | None = None
    active: bool = False  # the line's level after the last edge
    press_ns: int | None = None  # stamp of the current (latest) press
    swallowed: int = 0  # edges swallowed since the latest press
    total_swallowed: int = 0
    presses: int = 0
    out_of_order: int = 0  # edges stamped before the one before them (should never happen)
    warned_stuck: bool = False
    warned_chatter: bool = False

    @classmethod
    def for_source(cls, source: RingSource, stuck_s: float) -> EdgeCapture:
        return cls(source, round(source.rearm_ms * 1e6), round(stuck_s * 1e9))

    def edge(self, stamp_ns: int, active: bool) -> bool:
        """Take one edge; True when it starts a new press (the caller makes the Press)."""
        last = self.last_edge_ns
        if last is not None and stamp_ns < last:
            # One line's edges come in stamp order; a stamp before the previous one is noise
            # in the stamps, never a new press.
            self.out_of_order += 1
            self._swallow()
            return False
        armed = last is None or (not self.active and stamp_ns - last >= self.rearm_ns)
        self.last_edge_ns = stamp_ns
        self.active = active
        if armed and active:
            self.press_ns = stamp_ns
            self.presses += 1
            self.swallowed = 0
            self.warned_stuck = False
            self.warned_chatter = False
            return True
        if self.press_ns is not None:
            self._swallow()
        return False

    def _swallow(self) -> None:
        self.swallowed += 1
        self.total_swallowed += 1

    def chattering(self) -> bool:
        """True once per press whose bounces passed the chatter limit."""
        if self.swallowed >= CHATTER_EDGES and not self.warned_chatter:
            self.warned_chatter = True
            return True
        return False

    def stuck(self, now_ns: int) -> float | None:
        """Seconds held, once per press, when the input has rested active too long."""
        if (
            self.active
            and self.last_edge_ns is not None
            and not self.warned_stuck
            and now_ns - self.last_edge_ns >= self.stuck_ns
        ):
            self.warned_stuck = True
            return (now_ns - (self.press_ns or self.last_edge_ns)) / 1e9
        return None


Item = TypeVar("Item")  # what is ordered: a press with its details (the bell's `Ring`)


@dataclass(order=True, slots=True)
class _Held(Generic[Item]):
    stamp_ns: int
    seq: int
    item: Item = field(compare=False)


class PressOrderer(Generic[Item]):
    """Presses out in stamp order, never callback order.

    lgpio hands edges over about half a millisecond late, sorted within one read; an edge on
    another line can still arrive after a later-stamped one. So a press is held until
    ``hold_ns`` after its own stamp, by which time every earlier edge has arrived, and the
    held presses leave smallest stamp first. ``hold_ns = 0`` passes presses straight on.
    A press that arrives after a later-stamped one already left is released at once and
    counted in ``late`` (the engine then sees it out of order and refuses it loudly).
    """

    def __init__(self, hold_ns: int) -> None:
        self.hold_ns = hold_ns
        self._heap: list[_Held[Item]] = []
        self._seq = 0
        self.last_out_ns: int | None = None
        self.late = 0

    def __len__(self) -> int:
        return len(self._heap)

    def push(self, stamp_ns: int, item: Item) -> None:
        self._seq += 1
        heapq.heappush(self._heap, _Held(stamp_ns, self._seq, item))

    def next_due_ns(self) -> int | None:
        """When the earliest held press may leave (None: nothing held)."""
        return self._heap[0].stamp_ns + self.hold_ns if self._heap else None

    def ready(self, now_ns: int) -> list[Item]:
        """Every held press whose hold has passed by ``now_ns``, in stamp order."""
        out: list[Item] = []
        while self._heap and self._heap[0].stamp_ns + self.hold_ns <= now_ns:
            out.append(self._pop())
        return out

    def flush(self) -> list[Item]:
        """Everything held, in stamp order (end of session, or a scripted test)."""
        out: list[Item] = []
        while self._heap:
            out.append(self._pop())
        return out

    def _pop(self) -> Item:
        held = heapq.heappop(self._heap)
        if self.last_out_ns is not None and held.stamp_ns < self.last_out_ns:
            self.late += 1
        else:
            self.last_out_ns = held.stamp_ns
        return held.item

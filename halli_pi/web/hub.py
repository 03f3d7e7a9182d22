"""The bridge between the referee (ordinary threads) and the web app (asyncio).

The referee calls ``hub.publish(event)`` from whatever thread judged the ring; every connected
page gets the event through its own bounded queue, fed with ``loop.call_soon_threadsafe`` so the
referee never waits on a slow phone. A client that falls behind loses old *state* events (only
the latest table matters) but never a ruling; one that falls hopelessly behind is cut off and
reconnects to a fresh snapshot, which is what ``EventSource`` does by itself.

The hub also remembers what a page that connects late needs: the latest state, the last rulings
(a provisional ruling is replaced in place by its confirmation or correction), the current game,
a Hawaiki game's last round result and the questions the camera asks a person (a doubtful play),
the latest annotated camera frame and recent evidence photos; and, for a table without a store,
a tally of this process's games for the history and stats views.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from typing import Any, Protocol, runtime_checkable

from halli_pi.web import storeviews
from halli_pi.web.tally import Tally

# Event types a slow client may lose: each one supersedes the previous of its type.
SUPERSEDED = frozenset({"state", "frame"})
# Event types after which history and stats read differently.
CHANGES_FIGURES = frozenset({"ruling", "game", "game_over", "eliminated", "round_over"})


class TooManyClients(Exception):
    """Every live-stream slot is taken (each holds a socket and a queue)."""


@runtime_checkable
class Controls(Protocol):
    """What the page's table controls ask of the referee.

    Each method raises ``HalliPiError`` (usually ``InputError``) on bad input, and then changes
    nothing; the app turns that into a 400 with the message.
    """

    def new_game(self, players: list[str], ruleset: str, options: dict[str, Any]) -> None: ...

    def credit(self, ruling_id: int, seat: int) -> None: ...

    def correct_card(self, seat: int, card: str, t: float | None) -> None: ...

    def end_game(self) -> None: ...


# Each Hawaiki control: the session-log input it becomes (HAWAIKI.md §1.1) and the fields a
# person gives. `t` is the referee's clock, except for a confirmed play: the occlusion's start
# that the camera's question carried (P17: an announcement counts up to it).
HAWAIKI_CONTROLS: dict[str, tuple[str, ...]] = {
    "announce": ("seat", "combo"),
    "designate": ("seat", "targets", "combo"),
    "pass": ("seat",),
    "merci": ("seat", "words"),
    "draw": ("seat", "n"),
    "count": ("seat", "cards"),
    "reshuffle": (),
    "play": ("pile", "card", "seat", "t", "seen_t"),
    "retract": ("pile", "seat"),
    "deal": ("piles", "first", "hands"),
}


@runtime_checkable
class HawaikiControls(Protocol):
    """What a Hawaiki table's controls ask of the referee (shared/HAWAIKI.md §3, the phone
    page): ``kind`` is the session-log input the control becomes (``designate``, ``pass``,
    ``announce``, ``merci``, ``draw``, ``count``, ``reshuffle``, a confirmed ``play``, a
    ``retract``, a ``deal``) and ``fields`` that event's fields as a person gave them. Raises
    ``HalliPiError`` naming the field on bad input, and then changes nothing."""

    def hawaiki(self, kind: str, fields: dict[str, Any]) -> None: ...


class _Closed:
    """Sentinel put in a subscriber's queue when the hub shuts down or drops it."""


CLOSED = _Closed()


class Subscription:
    """One connected client's queue. Created and read on the event loop; fed from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, limit: int) -> None:
        self._loop = loop
        self._limit = limit
        self._items: deque[dict[str, Any] | _Closed] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self.dropped = 0  # superseded events this client never saw (for tests and diagnostics)

    # -- called on the loop (via call_soon_threadsafe) -------------------------------------
    def _put(self, event: dict[str, Any]) -> None:
        if self.closed:
            return
        kind = event.get("type")
        if kind in SUPERSEDED:
            # A pending older event of the same type is stale: replace it rather than queue both.
            for i, old in enumerate(self._items):
                if isinstance(old, dict) and old.get("type") == kind:
                    del self._items[i]
                    self.dropped += 1
                    break
        self._items.append(event)
        if len(self._items) > self._limit:
            # Only rulings and game events left and still too many: this client cannot keep up.
            # Cut it off; its browser reconnects and starts from a snapshot, losing nothing.
            self._items.clear()
            self._items.append(CLOSED)
            self.closed = True
        self._ready.set()

    def _close(self) -> None:
        if not self.closed:
            self.closed = True
            self._items.append(CLOSED)
            self._ready.set()

    async def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next event; None on timeout. Raises StopAsyncIteration once closed."""
        while not self._items:
            self._ready.clear()
            if timeout is None:
                await self._ready.wait()
            else:
                try:
                    await asyncio.wait_for(self._ready.wait(), timeout)
                except TimeoutError:
                    return None
        item = self._items.popleft()
        if isinstance(item, _Closed):
            self._items.appendleft(item)  # stays closed for any further get()
            raise StopAsyncIteration
        return item

    def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        return self

    async def __anext__(self) -> dict[str, Any]:
        event = await self.get()
        assert event is not None  # get() without timeout never returns None
        return event


class Hub:
    """Thread-safe fan-out of referee events to web clients, plus what late joiners need."""

    def __init__(
        self,
        *,
        controls: Controls | None = None,
        store: Any = None,
        keep_rulings: int = 30,
        keep_evidence: int = 50,
        queue_limit: int = 500,
        max_clients: int = 32,
    ) -> None:
        self.controls = controls
        self.store = store
        self._keep_rulings = keep_rulings
        self._keep_evidence = keep_evidence
        self._queue_limit = queue_limit
        self._lock = threading.Lock()
        self._subs: set[Subscription] = set()
        self._state: dict[str, Any] | None = None
        self._game: dict[str, Any] | None = None
        self._game_over: dict[str, Any] | None = None
        self._eliminated: list[dict[str, Any]] = []
        self._round_over: dict[str, Any] | None = None  # Hawaiki: the last round's result
        self._questions: dict[Any, dict[str, Any]] = {}  # open questions to a person, by key
        self._rulings: OrderedDict[Any, dict[str, Any]] = OrderedDict()
        self._frame: bytes | None = None
        self._frame_version = 0
        self._evidence: OrderedDict[int, bytes] = OrderedDict()
        self._anonymous = 0
        self.tally = Tally()
        self.max_clients = max_clients
        # History and stats change only with a ruling or a game event: computed once per change
        # (by whichever request comes first) and handed to every phone until the next one.
        self._version = 0
        self._cache: dict[str, tuple[int, Any]] = {}
        self._compute_lock = threading.Lock()

    # -- referee side (any thread) ---------------------------------------------------------
    def publish(self, event: dict[str, Any]) -> None:
        """Remember ``event`` and send it to every connected client. Never blocks on a client."""
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise TypeError(f"an event is a dict with a 'type', got {event!r}")
        with self._lock:
            self._remember(event)
            self.tally.feed(event)
            if event["type"] in CHANGES_FIGURES:
                self._version += 1
            self._fan_out(event)

    def set_frame(self, jpeg: bytes) -> None:
        """The latest annotated camera view; clients are told a new one is there."""
        with self._lock:
            self._frame = bytes(jpeg)
            self._frame_version += 1
            self._fan_out({"type": "frame", "v": self._frame_version})

    def add_evidence(self, ruling_id: int, jpeg: bytes) -> None:
        """Keep a ruling's evidence photo for ``/evidence/<id>.jpg`` (the store keeps them all)."""
        with self._lock:
            self._evidence[int(ruling_id)] = bytes(jpeg)
            self._evidence.move_to_end(int(ruling_id))
            while len(self._evidence) > self._keep_evidence:
                self._evidence.popitem(last=False)

    def ask(self, key: Any, question: dict[str, Any]) -> None:
        """Ask the people at the table (a play the camera doubts): shown until answered.
        ``question`` needs a ``text``; ``key`` says which question an answer closes (a pile)."""
        event = {**question, "type": "question", "key": key, "open": True}
        with self._lock:
            self._questions[key] = event
            self._fan_out(event)

    def answer(self, key: Any) -> bool:
        """The question under ``key`` was answered (or no longer stands); False if none was."""
        with self._lock:
            asked = self._questions.pop(key, None)
            if asked is not None:
                self._fan_out({"type": "question", "key": key, "open": False})
        return asked is not None

    def question(self, key: Any) -> dict[str, Any] | None:
        with self._lock:
            return self._questions.get(key)

    def disconnect_all(self) -> None:
        """End every connected client's stream (the server is stopping)."""
        with self._lock:
            subs, self._subs = self._subs, set()
        for sub in subs:
            _call_soon(sub._loop, sub._close)

    # -- web side --------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        """What a client that connects now needs to draw the page (JSON-able)."""
        with self._lock:
            return self._snapshot()

    @property
    def frame(self) -> tuple[bytes | None, int]:
        with self._lock:
            return self._frame, self._frame_version

    def evidence(self, ruling_id: int) -> bytes | None:
        with self._lock:
            jpeg = self._evidence.get(ruling_id)
        if jpeg is None and self.store is not None:
            jpeg = storeviews.evidence(self.store, ruling_id)
        return jpeg

    def history(self) -> list[dict[str, Any]]:
        """Past games with standings: from the store when there is one, else this process's."""
        return self._cached("history", storeviews.history, Tally.history)

    def stats(self) -> dict[str, Any]:
        """Per-player correct/wrong rings, reaction times, the fastest ring."""
        return self._cached("stats", storeviews.stats, Tally.stats)

    def figures_changed(self) -> None:
        """The store changed behind the hub's back (a review tool, a test): recompute."""
        with self._lock:
            self._version += 1

    def _cached(self, key: str, from_store: Any, from_tally: Any) -> Any:
        with self._lock:
            version = self._version
            hit = self._cache.get(key)
        if hit is not None and hit[0] == version:
            return hit[1]
        # One computation at a time. While one runs, a phone that has had an answer before
        # gets that one (at most one ruling behind) rather than queueing behind the query;
        # only the very first asks wait.
        if not self._compute_lock.acquire(blocking=hit is None):
            assert hit is not None  # a blocking acquire does not fail
            return hit[1]
        try:
            with self._lock:
                version = self._version
                hit = self._cache.get(key)
            if hit is not None and hit[0] == version:
                return hit[1]  # computed by the phone that held the lock before us
            found = None if self.store is None else from_store(self.store)
            if found is None:
                with self._lock:
                    found = from_tally(self.tally)
            with self._lock:
                self._cache[key] = (version, found)
            return found
        finally:
            self._compute_lock.release()

    def subscribe(self) -> tuple[Subscription, dict[str, Any]]:
        """A new client's queue and the snapshot it starts from, taken atomically, so no event
        falls between the two (one may arrive twice; rulings are keyed by id, so that is fine).
        Call on the event loop that will read the queue. Raises TooManyClients at the cap."""
        loop = asyncio.get_running_loop()
        sub = Subscription(loop, self._queue_limit)
        with self._lock:
            if len(self._subs) >= self.max_clients:
                raise TooManyClients(f"{len(self._subs)} pages are already watching")
            self._subs.add(sub)
            return sub, self._snapshot()

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            self._subs.discard(sub)

    @property
    def clients(self) -> int:
        with self._lock:
            return len(self._subs)

    # -- inside the lock -------------------------------------------------------------------
    def _remember(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "state":
            self._state = event
        elif kind == "ruling":
            key = event.get("id")
            if key is None:  # a referee without a store numbers nothing: keep each one apart
                self._anonymous += 1
                key = ("anonymous", self._anonymous)
            old = event.get("replaces")
            if old is not None and old in self._rulings and key not in self._rulings:
                # A correction stored under a new id takes the place of the ruling it replaces.
                self._rulings = OrderedDict(
                    (key, event) if k == old else (k, v) for k, v in self._rulings.items()
                )
            else:
                # A confirmation or correction replaces the provisional ruling where it stood.
                self._rulings[key] = event
            while len(self._rulings) > self._keep_rulings:
                self._rulings.popitem(last=False)
        elif kind == "game":
            self._game = event
            self._game_over = None
            self._round_over = None
            self._eliminated = []
            self._questions.clear()
            self._rulings.clear()
        elif kind == "round_over":
            self._round_over = event
        elif kind == "eliminated":
            self._eliminated.append(event)
        elif kind == "game_over":
            self._game_over = event

    def _snapshot(self) -> dict[str, Any]:
        return {
            "type": "snapshot",
            "state": self._state,
            "game": self._game,
            "rulings": list(self._rulings.values()),
            "eliminated": list(self._eliminated),
            "game_over": self._game_over,
            "round_over": self._round_over,
            "questions": list(self._questions.values()),
            "frame": self._frame_version if self._frame is not None else None,
            "controls": self.controls is not None,
        }

    def _fan_out(self, event: dict[str, Any]) -> None:
        dead = []
        for sub in self._subs:
            if sub.closed or not _call_soon(sub._loop, sub._put, event):
                dead.append(sub)
        for sub in dead:
            self._subs.discard(sub)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Any, *args: Any) -> bool:
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:  # the loop is closed: that client is gone
        return False
    return True

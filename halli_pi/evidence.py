"""Evidence for a ruling: the camera frame the table showed just before a press, annotated.

The referee pushes every frame it reads, with the readings per seat, into a small ring buffer
(``FrameRing``). When a press arrives it grabs the frame closest *before* the press's edge time,
the table the press is judged against; once the ruling is committed it writes that frame as a
JPEG with each seat's zone, the card read there, the totals per kind and the press times drawn
on it, and links it to the ruling (``Store.add_evidence``).

The referee's flow::

    keeper = EvidenceKeeper(store.evidence_dir, layout_seats)
    keeper.push(frame_t, frame, readings)          # every frame the reader has read
    keeper.grab(press.t)                           # as each press arrives
    rid = store.record_ruling(session_id, ruling)  # committed; now show the verdict
    for f in keeper.write_ruling(session_id, rid, ruling, players):   # then, off the fast path
        store.add_evidence(rid, f.path, press_t=f.press_t, frame_t=f.frame_t)

Inputs are plain data, so this module depends on no other part's classes:
- zones: ``(seat, name, polygon)`` tuples or ``{"seat", "name", "zone"}`` dicts (shared/SPEC.md §2
  layout entries), or the whole layout object;
- readings: ``{seat: (state, card, confidence)}``, or the ``cards`` list ``halli-pi read`` prints.
"""

from __future__ import annotations

import os
import threading
from bisect import bisect_right
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from halli_pi.cards import TWIST_COLOURS, TWIST_SYMBOLS, parse_card
from halli_pi.errors import HalliPiError, InputError

STATES = ("card", "empty", "occluded", "unknown")
# BGR colours per reading state: a person sees at a glance which zones the reader trusted.
STATE_COLOURS: dict[str, tuple[int, int, int]] = {
    "card": (60, 200, 60),
    "empty": (170, 170, 170),
    "occluded": (0, 150, 255),
    "unknown": (40, 40, 230),
}
FIVE_COLOUR = (0, 215, 255)


@dataclass(frozen=True, slots=True)
class Zone:
    seat: int
    name: str
    polygon: np.ndarray = field(compare=False)  # Nx2 int32, image pixels


@dataclass(frozen=True, slots=True)
class Reading:
    seat: int
    state: str
    card: str | None = None
    confidence: float | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    t: float  # the frame's time on the session clock
    frame: np.ndarray = field(compare=False)
    readings: Any = field(default=None, compare=False)


# ---------------------------------------------------------------------------------------------
# Plain data in


def zones_from(layout: Any) -> list[Zone]:
    """Zones from a SPEC §2 layout dict, or a list of (seat, name, polygon) / seat dicts."""
    if isinstance(layout, Mapping):
        layout = layout.get("seats", ())
    zones = []
    for i, entry in enumerate(layout):
        if isinstance(entry, Zone):
            zones.append(entry)
            continue
        if isinstance(entry, Mapping):
            seat, name, poly = entry.get("seat", i), entry.get("name", ""), entry.get("zone")
        else:
            seat, name, poly = entry
        pts = np.asarray(poly, dtype=np.float64)
        if pts.ndim != 2 or pts.shape[1] != 2 or len(pts) < 3:
            raise InputError(
                f"seat {seat}: a zone is a polygon of 3 or more [x, y] points, got {poly!r}",
                field="zone",
            )
        zones.append(Zone(int(seat), str(name or f"seat {seat}"), np.rint(pts).astype(np.int32)))
    return zones


def readings_from(readings: Any) -> dict[int, Reading]:
    """Readings per seat from ``{seat: (state, card, conf)}``, ``{seat: {...}}``, a list of
    SPEC §2 ``cards`` entries (or the whole ``read`` object), or Reading values."""
    if readings is None:
        return {}
    if isinstance(readings, Mapping) and "cards" in readings:
        readings = readings["cards"]
    items: Iterable[tuple[Any, Any]] = (
        readings.items() if isinstance(readings, Mapping) else ((None, r) for r in readings)
    )
    out: dict[int, Reading] = {}
    for seat, r in items:
        if isinstance(r, Reading):
            reading = r
        elif isinstance(r, Mapping):
            s = r.get("seat", seat)
            if s is None:
                continue  # a card found outside any zone: not a seat's reading
            reading = Reading(
                int(s), str(r.get("state", "card")), r.get("card"), r.get("confidence")
            )
        else:
            values = tuple(r)
            if seat is None:
                seat, values = values[0], values[1:]
            state, card, conf = (tuple(values) + (None, None))[:3]
            reading = Reading(int(seat), str(state), card, conf)
        if reading.state not in STATES:
            raise InputError(
                f"seat {reading.seat}: state {reading.state!r} is not one of {', '.join(STATES)}",
                field="state",
            )
        out[reading.seat] = reading
    return out


def totals_of(readings: Mapping[int, Reading]) -> dict[str, int]:
    """What the table shows per kind, from the top cards read. Twist also gets per-symbol and
    per-colour sums, since five of either is a ring there."""
    totals: dict[str, int] = {}
    for r in readings.values():
        if r.state != "card" or not r.card:
            continue
        try:
            card = parse_card(r.card)
        except HalliPiError:
            continue  # drawn as read; an unparsable string adds to no total
        for n, kind in card.groups:
            totals[kind] = totals.get(kind, 0) + n
            colour, _, symbol = kind.partition(" ")
            if symbol in TWIST_SYMBOLS and colour in TWIST_COLOURS:
                totals[symbol] = totals.get(symbol, 0) + n
                totals[colour] = totals.get(colour, 0) + n
    return totals


# ---------------------------------------------------------------------------------------------
# The ring buffer of recent frames


KEPT_FRAMES = 8  # frames a ring keeps past its turnover (see FrameRing.keep)


class FrameRing:
    """The last ``capacity`` frames with their times and readings; thread-safe.

    Frames are copied by default: camera stacks reuse their buffers, and evidence must show the
    frame as it was, not as the buffer is now.
    """

    def __init__(self, capacity: int = 16, *, copy: bool = True) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.capacity = capacity
        self.copy = copy
        self._items: deque[Snapshot] = deque(maxlen=capacity)
        # Frames kept past the ring's turnover for a ruling that comes late (a play a person
        # confirms seconds after the hand): the last few only, so memory stays bounded.
        self._kept: deque[Snapshot] = deque(maxlen=KEPT_FRAMES)
        self._lock = threading.Lock()

    def push(self, t: float, frame: np.ndarray, readings: Any = None) -> None:
        snap = Snapshot(float(t), frame.copy() if self.copy else frame, readings)
        with self._lock:
            if self._items and snap.t < self._items[-1].t:
                # Frames arrive in time order; one out of order means a clock reset: start over.
                self._items.clear()
                self._kept.clear()
            self._items.append(snap)

    def keep(self, t: float) -> None:
        """Keep the frame taken at or before ``t`` after the ring has moved on (its ruling
        waits for a person's answer)."""
        snap = self.closest_before(t)
        with self._lock:
            if snap is not None and all(k is not snap for k in self._kept):
                self._kept.append(snap)

    def closest_before(self, t: float) -> Snapshot | None:
        """The latest frame taken at or before ``t``; None if every frame kept is later."""
        with self._lock:
            times = [s.t for s in self._items]
            i = bisect_right(times, t)
            best = self._items[i - 1] if i else None
            for kept in self._kept:
                if kept.t <= t and (best is None or kept.t > best.t):
                    best = kept
            return best

    def latest(self) -> Snapshot | None:
        with self._lock:
            return self._items[-1] if self._items else None

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


# ---------------------------------------------------------------------------------------------
# Drawing and writing


def draw_evidence(
    frame: np.ndarray,
    zones: Any,
    readings: Any,
    *,
    title: str | None = None,
    lines: Sequence[str] = (),
    totals: Mapping[str, int] | None = None,
) -> np.ndarray:
    """A copy of ``frame`` (BGR or grey) with the zones, cards read, totals and text drawn on."""
    import cv2

    img = frame.copy()
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    elif img.ndim != 3 or img.shape[2] not in (3, 4):
        raise InputError(f"a frame is HxW or HxWx3, got shape {frame.shape}")
    elif img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    zs = zones_from(zones)
    rs = readings_from(readings)
    if totals is None:
        totals = totals_of(rs)
    h, w = img.shape[:2]
    scale = max(0.35, w / 1400)
    thick = max(1, round(w / 640))
    font = cv2.FONT_HERSHEY_SIMPLEX

    def text(s: str, org: tuple[int, int], colour=(255, 255, 255), k: float = 1.0) -> None:
        # On a dark box, so the label reads on any felt or card colour.
        (tw, th), base = cv2.getTextSize(s, font, scale * k, thick)
        x, y = org
        cv2.rectangle(img, (x - 2, y - th - 3), (x + tw + 2, y + base), (0, 0, 0), cv2.FILLED)
        cv2.putText(img, s, org, font, scale * k, colour, thick, cv2.LINE_AA)

    for z in zs:
        r = rs.get(z.seat, Reading(z.seat, "unknown"))
        colour = STATE_COLOURS.get(r.state, STATE_COLOURS["unknown"])
        cv2.polylines(img, [z.polygon.reshape(-1, 1, 2)], True, colour, thick + 1, cv2.LINE_AA)
        what = r.card if r.state == "card" and r.card else r.state
        if r.confidence is not None:
            what = f"{what} ({r.confidence:.2f})"
        x, y = z.polygon.min(axis=0)
        y = int(y) - 6 if y > 20 else int(z.polygon[:, 1].max()) + 16
        text(f"{z.name}: {what}", (int(x), y), colour)

    panel = list(lines)
    if totals:
        shown = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
        panel.append("totals: " + ", ".join(f"{n} {k}" for k, n in shown))
    y = int(22 * scale / 0.45)
    if title:
        text(title, (8, y), k=1.1)
        y += int(22 * scale / 0.45)
    for line in panel:
        five = any(f"{n} {k}" in line for k, n in totals.items() if n == 5) if totals else False
        text(line, (8, y), FIVE_COLOUR if five and line.startswith("totals") else (255, 255, 255))
        y += int(18 * scale / 0.45)
    return img


def evidence_path(
    evidence_dir: str | Path, session_id: int, ruling_id: int, index: int = 0
) -> Path:
    """``evidence/session-0003/ruling-000042.jpg`` (``-1``, ``-2`` for a burst's later frames)."""
    suffix = f"-{index}" if index else ""
    return Path(evidence_dir) / f"session-{session_id:04d}" / f"ruling-{ruling_id:06d}{suffix}.jpg"


def write_jpeg(path: str | Path, image: np.ndarray, *, quality: int = 90) -> Path:
    """Write atomically: a killed process leaves the old file or the new one, never half."""
    import cv2

    path = Path(path)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise HalliPiError(f"cannot encode the evidence image for {path}")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(buf.tobytes())
    os.replace(tmp, path)
    return path


@dataclass(frozen=True, slots=True)
class EvidenceFile:
    path: Path
    press_t: float
    frame_t: float


class EvidenceKeeper:
    """The referee's end of it: push frames, grab at each press, write once ruled.

    ``grab`` is called when the press arrives, so the frame is taken before the ring buffer
    moves on; ``write`` happens after the ruling is committed and shown, off the verdict's path.
    """

    def __init__(self, evidence_dir: str | Path, zones: Any, *, capacity: int = 16) -> None:
        self.evidence_dir = Path(evidence_dir)
        self.zones = zones_from(zones)
        self.ring = FrameRing(capacity)
        self._grabbed: dict[float, Snapshot] = {}

    def push(self, t: float, frame: np.ndarray, readings: Any = None) -> None:
        self.ring.push(t, frame, readings)

    def grab(self, press_t: float) -> Snapshot | None:
        snap = self.ring.closest_before(press_t)
        if snap is not None:
            self._grabbed[press_t] = snap
        return snap

    def write(
        self,
        session_id: int,
        ruling_id: int,
        presses: Sequence[tuple[str, float, str]],
        *,
        reason: str = "",
        quality: int = 90,
    ) -> list[EvidenceFile]:
        """One JPEG per distinct frame among the ruling's presses (usually one: a burst lasts
        less than a frame or two). ``presses`` are (player name, t, verdict) in time order."""
        if not presses:
            return []
        first_t = presses[0][1]
        lines = [reason] if reason else []
        lines += [
            f"{name} {verdict} at {t:.6f} s"
            + ("" if i == 0 else f" (+{(t - first_t) * 1e3:.1f} ms)")
            for i, (name, t, verdict) in enumerate(presses)
        ]
        written: list[EvidenceFile] = []
        seen: set[float] = set()
        for _, press_t, _ in presses:
            snap = self._grabbed.pop(press_t, None) or self.ring.closest_before(press_t)
            if snap is None or snap.t in seen:
                continue
            seen.add(snap.t)
            title = (
                f"ruling {ruling_id}: frame {snap.t:.3f} s, "
                f"{(press_t - snap.t) * 1e3:.0f} ms before the press"
            )
            image = draw_evidence(snap.frame, self.zones, snap.readings, title=title, lines=lines)
            path = evidence_path(self.evidence_dir, session_id, ruling_id, len(written))
            written.append(EvidenceFile(write_jpeg(path, image, quality=quality), press_t, snap.t))
        # Grabs for presses that never made a ruling (the session ended) must not pile up.
        if len(self._grabbed) > 64:
            for t in sorted(self._grabbed)[:-64]:
                del self._grabbed[t]
        return written

    def write_ruling(
        self,
        session_id: int,
        ruling_id: int,
        ruling: Any,
        players: Sequence[str],
        *,
        quality: int = 90,
    ) -> list[EvidenceFile]:
        """``write`` for a ruling as the engine gives it (``Ruling`` or its SPEC JSON)."""
        obj = ruling.to_json() if hasattr(ruling, "to_json") else dict(ruling)

        def name(seat: int | None) -> str:
            if seat is None:
                return "shared bell"
            return players[seat] if 0 <= seat < len(players) else f"seat {seat}"

        presses = sorted(obj.get("presses") or (), key=lambda p: p["t"])
        return self.write(
            session_id,
            ruling_id,
            [(name(p.get("seat")), float(p["t"]), str(p["verdict"])) for p in presses],
            reason=str(obj.get("reason") or ""),
            quality=quality,
        )


# ---------------------------------------------------------------------------------------------
# Keeping a small SD card from filling


def _free_bytes(folder: Path) -> int:
    import shutil

    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    return shutil.disk_usage(probe).free


class SpaceGuard:
    """A free-space guard for the evidence photos, with a retention policy.

    The rulings are the record and are never touched; the photos are what fills a card. Below
    ``thin_below`` bytes free, ``thin()`` deletes photos, oldest first: first the later frames
    of a burst (``ruling-…-1.jpg``), then main photos, but never the newest ``keep``. Below
    ``floor`` bytes free no new photo is written at all (``can_write``), so the database, which
    needs the space more, can still commit rulings. A ruling whose photo was thinned shows
    without one.
    """

    def __init__(
        self,
        folder: str | Path,
        *,
        thin_below: int = 256 * 2**20,
        floor: int = 64 * 2**20,
        keep: int = 200,
        free: Any = _free_bytes,
    ) -> None:
        self.folder = Path(folder)
        self.thin_below = thin_below
        self.floor = floor
        self.keep = keep
        self._free = free
        self.thinned = 0  # photos deleted so far (for the log and the figures)
        self.skipped = 0  # photos not written for want of space

    def free(self) -> int:
        return int(self._free(self.folder))

    def can_write(self) -> bool:
        if self.free() >= self.floor:
            return True
        self.skipped += 1
        return False

    def thin(self) -> int:
        """Delete old photos until ``thin_below`` bytes are free (or only the newest remain)."""
        if self.free() >= self.thin_below or not self.folder.is_dir():
            return 0
        photos = sorted(self.folder.rglob("*.jpg"), key=_age_key)
        candidates = photos[: max(0, len(photos) - self.keep)]
        # Later frames of a burst first (the main photo shows the table at the press), then
        # the main photos, oldest first in each group.
        candidates.sort(key=lambda p: (not _is_extra_frame(p), _age_key(p)))
        deleted = 0
        for photo in candidates:
            if self.free() >= self.thin_below:
                break
            try:
                photo.unlink()
            except OSError:
                continue
            deleted += 1
        self.thinned += deleted
        return deleted

    def guard(self, write: Any) -> Any:
        """Wrap an evidence writer (``callable(decision) -> path``): no photo below the floor."""

        def guarded(decision: Any) -> Any:
            if not self.can_write():
                return None
            return write(decision)

        return guarded


def _is_extra_frame(path: Path) -> bool:
    stem = path.stem  # ruling-000042 or ruling-000042-1
    return stem.count("-") >= 2


def _age_key(path: Path) -> tuple[float, str]:
    try:
        return (path.stat().st_mtime, str(path))
    except OSError:
        return (0.0, str(path))

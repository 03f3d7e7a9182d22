"""The rows the store hands back to readers, and how event JSON goes in and out of a row."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from halli_pi.store.errors import RulingStatus, StoreError


@dataclass(frozen=True, slots=True)
class SessionInfo:
    id: int
    started_at: str
    name: str | None
    ended_t: float | None
    games: int
    rulings: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    session_id: int
    number: int
    t: float
    ruleset: str
    options: dict[str, Any]
    players: tuple[str, ...]
    rulings: int
    over: bool


@dataclass(frozen=True, slots=True)
class RulingRecord:
    id: int
    session_id: int
    game_id: int | None
    game_number: int | None
    t: float
    winner: int | None
    status: RulingStatus
    reason: str
    data: dict[str, Any]
    evidence: tuple[Path, ...]  # absolute paths, the main image first
    replaces: int | None
    replaced_by: int | None
    players: tuple[str, ...]
    was_provisional: bool = False  # ruled provisionally at first (then confirmed or corrected)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "someone (shared bell)"
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return f"seat {seat}"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    rings: int
    correct: int
    wrong: int
    tie: int
    void: int
    anticipations: int
    mean_reaction_ms: float | None
    median_reaction_ms: float | None
    fastest_ms: float | None
    fastest_ruling: int | None


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    player: str
    cards: int | None
    winner: bool


def now() -> str:
    """Wall-clock time for people reading the log (never used for ordering)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def as_json(event: Any) -> dict[str, Any]:
    """An engine event (anything with ``to_json()``) or a SPEC JSON dict, as a dict."""
    if isinstance(event, Mapping):
        return dict(event)
    to_json = getattr(event, "to_json", None)
    if to_json is None:
        raise StoreError(f"cannot record {event!r}: neither a dict nor an event with to_json()")
    result: dict[str, Any] = to_json()
    return result


def dumps(obj: Any) -> str:
    # repr-exact floats: t must come back identical for replay to match. NaN and infinities are
    # refused: a bare NaN in the log would make every export unreadable as JSON.
    try:
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except ValueError as err:
        raise StoreError(f"cannot record {obj!r}: {err} (numbers must be finite)") from None

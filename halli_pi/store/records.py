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
class HawaikiPlayerStats:
    """One player's Hawaiki figures (across games, by name)."""

    player: str
    games: int
    games_won: int
    rounds_won: int  # rounds this player ended by laying their last card
    tokens_lost: int  # by each round's standing result (a count's, when a hand was counted)
    announced: int  # plays whose announced combination formed (the bonus earned)
    missed: int  # plays that formed a combination nobody announced (no bonus)
    false_announcements: int
    thanks_in_time: int
    thanks_missed: int  # no thanks by the deadline: a card drawn
    wrong_words: int  # "merci" where "merci beaucoup" was owed
    announced_by_combo: dict[str, int]
    missed_by_combo: dict[str, int]


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    player: str
    cards: int | None  # Hawaiki: the hand as last accounted
    winner: bool
    tokens: int | None = None  # Hawaiki's standing; None for Halli Galli


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

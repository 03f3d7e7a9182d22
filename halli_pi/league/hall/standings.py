"""The tournament's figures, from replayed games only (never from a table's say-so).

Points: a game won alone scores 2, a game shared (several winners on equal cards) scores 1 for
each winner, any other game 0. Only finished games count (a ``game_over`` in the replay).

Tie-break, in order: more points; more games won alone; more correct rings; fewer wrong rings;
the faster best correct ring; then the name, so the order is always the same. Players are
known by name across tables: a player who moves from table to table keeps one line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from halli_pi.league.hall.replay import Game
    from halli_pi.league.hall.replay import Ring as Press

SOLE_WIN = 2
SHARED_WIN = 1


@dataclass
class Line:
    player: str
    points: int = 0
    games: int = 0
    sole_wins: int = 0
    shared_wins: int = 0
    correct: int = 0
    wrong: int = 0
    best_ms: float | None = None

    def sort_key(self) -> tuple:
        best = self.best_ms if self.best_ms is not None else float("inf")
        return (-self.points, -self.sole_wins, -self.correct, self.wrong, best, self.player)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Ring:
    player: str
    table: str
    reaction_ms: float
    game: int
    t: float


def _rings(game: Game) -> Iterable[tuple[str, Press]]:
    for press in game.rings:
        if press.seat is not None and 0 <= press.seat < len(game.players):
            yield game.players[press.seat], press


def standings(games: Iterable[Game]) -> list[Line]:
    lines: dict[str, Line] = {}

    def line(name: str) -> Line:
        return lines.setdefault(name, Line(name))

    for game in games:
        if game.over is None:
            continue
        winners = game.over.get("winners") or []
        for seat, name in enumerate(game.players):
            entry = line(name)
            entry.games += 1
            if seat in winners:
                if len(winners) == 1:
                    entry.sole_wins += 1
                    entry.points += SOLE_WIN
                else:
                    entry.shared_wins += 1
                    entry.points += SHARED_WIN
        for name, press in _rings(game):
            entry = line(name)
            if press.verdict == "correct":
                entry.correct += 1
                ms = press.reaction_ms
                if ms is not None and not press.anticipation:
                    ms = round(ms, 3)  # as the session log writes it
                    entry.best_ms = ms if entry.best_ms is None else min(entry.best_ms, ms)
            elif press.verdict == "wrong":
                entry.wrong += 1
    return sorted(lines.values(), key=Line.sort_key)


def fastest_rings(tables: Iterable[tuple[str, Game]], limit: int = 10) -> list[Ring]:
    """The fastest correct rings (an anticipated ring, before a person could have seen the
    five, does not count)."""
    rings = [
        Ring(name, table, round(press.reaction_ms, 3), game.number, press.t)
        for table, game in tables
        for name, press in _rings(game)
        if press.verdict == "correct" and press.reaction_ms is not None and not press.anticipation
    ]
    rings.sort(key=lambda r: (r.reaction_ms, r.table, r.t))
    return rings[:limit]


def dispute_reasons(ruling: dict[str, Any]) -> list[str]:
    """Why a table's ruling deserves a second look (empty: it does not)."""
    reasons = []
    if ruling.get("status") == "corrected":
        reasons.append("corrected at the table")
    presses = ruling.get("presses", [])
    if any(p.get("verdict") == "tie" for p in presses):
        reasons.append("a tie")
    if any(p.get("anticipation") for p in presses):
        reasons.append("a ring faster than a person can see")
    if any(str(p.get("note", "")).startswith("cannot see") for p in presses):
        reasons.append("the camera could not see")
    if ruling.get("uncredited"):
        reasons.append("a shared bell nobody was credited for")
    return reasons

"""History and per-player stats kept in memory from the events a hub has seen.

A Hawaiki game's presses are thanks and announcements, not rings: its rulings stay out of the
ring stats, and its standings are its tokens.

Used when the page is served without the log (tests); with a store the
app asks the store instead, which knows every session. A ruling is counted once, in its latest
version: a provisional ruling that is later corrected counts as corrected.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Game:
    number: int
    ruleset: str
    players: list[str]
    t: float | None
    rulings: dict[Any, dict[str, Any]] = field(default_factory=dict)
    cards: list[int] | None = None
    winners: list[int] | None = None
    reason: str | None = None
    out: set[int] = field(default_factory=set)
    tokens: list[int] | None = None  # Hawaiki's standing


class Tally:
    """Not thread-safe on its own: the hub feeds and reads it under its lock."""

    def __init__(self, keep_games: int = 200) -> None:
        self._games: list[_Game] = []
        self._keep = keep_games
        self._count = 0

    def feed(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "game":
            self._count += 1
            players = [str(p) for p in event.get("players") or []]
            self._games.append(
                _Game(self._count, str(event.get("ruleset", "?")), players, event.get("t"))
            )
            del self._games[: -self._keep]
            return
        game = self._games[-1] if self._games else None
        if game is None:
            return
        if kind in ("round_over", "game_over") and isinstance(event.get("tokens"), list):
            game.tokens = list(event["tokens"])
        if kind == "ruling":
            # A correction under a new id stands in for the ruling it replaces: counted once.
            if event.get("replaces") is not None:
                game.rulings.pop(event["replaces"], None)
            rid = event.get("id")
            game.rulings[("anonymous", len(game.rulings)) if rid is None else rid] = event
            if isinstance(event.get("cards"), list):
                game.cards = list(event["cards"])
        elif kind == "state":
            table = event.get("table") or {}
            seats: Any = table.get("players")
            if isinstance(seats, list) and seats:
                game.cards = [_cards_of(p) for p in seats]
                if all(isinstance(p.get("tokens"), int) for p in seats):
                    game.tokens = [p["tokens"] for p in seats]
        elif kind == "eliminated" and isinstance(event.get("seat"), int):
            game.out.add(event["seat"])
        elif kind == "game_over":
            game.winners = [w for w in event.get("winners") or [] if isinstance(w, int)]
            if isinstance(event.get("cards"), list):
                game.cards = list(event["cards"])
            game.reason = event.get("reason")

    # -- views -----------------------------------------------------------------------------
    def history(self) -> list[dict[str, Any]]:
        """Games, newest first, each with its standings."""
        return [self._game_view(g) for g in reversed(self._games)]

    def stats(self) -> dict[str, Any]:
        per: dict[str, dict[str, Any]] = {}
        fastest: dict[str, Any] | None = None
        for game in self._games:
            if game.ruleset == "hawaiki":
                continue  # thanks and announcements are not rings
            for rid, ruling in game.rulings.items():
                names = ruling.get("names") or game.players
                for press in ruling.get("presses") or []:
                    seat = press.get("seat")
                    if not isinstance(seat, int) or not 0 <= seat < len(names):
                        continue  # an unattributed shared-bell press belongs to nobody yet
                    name = str(names[seat])
                    row = per.setdefault(name, _empty_row(name))
                    verdict = press.get("verdict")
                    if verdict in ("correct", "wrong", "tie", "void"):
                        row[verdict] += 1
                    ms = press.get("reaction_ms")
                    if press.get("anticipation"):
                        row["anticipations"] += 1  # too fast to be a reaction: no time counted
                    elif verdict in ("correct", "tie") and isinstance(ms, int | float):
                        row["_reactions"].append(float(ms))
                        if verdict == "correct" and (
                            fastest is None or ms < fastest["reaction_ms"]
                        ):
                            fastest = {
                                "name": name,
                                "reaction_ms": round(float(ms), 1),
                                "ruling": rid,
                                "game": game.number,
                            }
        players = [_finish_row(row) for row in per.values()]
        players.sort(key=lambda r: (-r["correct"], r["wrong"], r["name"]))
        return {"players": players, "fastest": fastest}

    def _game_view(self, g: _Game) -> dict[str, Any]:
        return {
            "game": g.number,
            "ruleset": g.ruleset,
            "players": g.players,
            "t": g.t,
            "over": g.winners is not None,
            "winners": [g.players[w] for w in g.winners or [] if 0 <= w < len(g.players)],
            "reason": g.reason,
            "rulings": len(g.rulings),
            "standings": standings(g.players, g.cards, g.out, g.winners, g.tokens),
        }


def standings(
    players: list[str],
    cards: list[int] | None,
    out: set[int] | None = None,
    winners: list[int] | None = None,
    tokens: list[int] | None = None,
) -> list[dict[str, Any]]:
    """Players ranked by cards held (most first; Hawaiki: by tokens); equal counts share a
    rank."""
    if tokens:
        ranked: list[dict[str, Any]] = [
            {
                "seat": i,
                "name": players[i] if i < len(players) else f"seat {i}",
                "cards": None if not cards or i >= len(cards) else cards[i],
                "tokens": n,
                "winner": bool(winners and i in winners),
            }
            for i, n in enumerate(tokens)
        ]
        ranked.sort(key=lambda r: (-r["tokens"], r["seat"]))
        for row in ranked:
            row["rank"] = 1 + sum(other["tokens"] > row["tokens"] for other in ranked)
        return ranked
    if not cards:
        return [{"seat": i, "name": n, "cards": None, "rank": None} for i, n in enumerate(players)]
    rows: list[dict[str, Any]] = [
        {
            "seat": i,
            "name": players[i] if i < len(players) else f"seat {i}",
            "cards": c,
            "out": bool(out and i in out),
            "winner": bool(winners and i in winners),
        }
        for i, c in enumerate(cards)
    ]
    rows.sort(key=lambda r: (-r["cards"], r["seat"]))
    rank, prev = 0, None
    for i, row in enumerate(rows):
        if row["cards"] != prev:
            rank, prev = i + 1, row["cards"]
        row["rank"] = rank
    return rows


def _cards_of(player: dict[str, Any]) -> int:
    if isinstance(player.get("hand"), int):  # Hawaiki: the hand as accounted
        return player["hand"]
    if isinstance(player.get("cards"), int):
        return player["cards"]
    return int(player.get("hidden") or 0) + int(player.get("pile") or 0)


def _empty_row(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "correct": 0,
        "wrong": 0,
        "tie": 0,
        "void": 0,
        "anticipations": 0,
        "_reactions": [],
    }


def _finish_row(row: dict[str, Any]) -> dict[str, Any]:
    reactions = sorted(row.pop("_reactions"))
    row["rings"] = row["correct"] + row["wrong"] + row["tie"] + row["void"]
    row["reactions_ms"] = [round(r, 1) for r in reactions]
    row["fastest_ms"] = round(reactions[0], 1) if reactions else None
    row["median_ms"] = round(statistics.median(reactions), 1) if reactions else None
    row["mean_ms"] = round(statistics.fmean(reactions), 1) if reactions else None
    return row

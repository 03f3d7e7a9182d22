"""History, stats and evidence read from the store (``halli_pi.store.Store``), shaped for the page.

The store's own queries do the work (games, standings, player_stats, fastest_ring, ruling);
the one thing it lacks is each player's list of reaction times for the chart, read here through
its connection from its ``rings`` table with the same filters as ``player_stats``. Each function
returns None when the store does not offer what it needs, and the hub falls back to its tally.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from halli_pi.errors import HalliPiError

MAX_GAMES = 50
CHART_RINGS = 200  # per player, the most recent: the chart's dots (a season has tens of thousands)


def history(store: Any, limit: int = MAX_GAMES) -> list[dict[str, Any]] | None:
    if not (hasattr(store, "games") and hasattr(store, "standings")):
        return None
    out = []
    for g in reversed(store.games()[-limit:]):
        table = store.standings(g.id)
        rows = [
            {
                "seat": s.seat,
                "name": s.player,
                "cards": s.cards,
                "winner": bool(s.winner),
                **({} if s.tokens is None else {"tokens": s.tokens}),
            }
            for s in table
        ]
        _rank(rows, "tokens" if any(s.tokens is not None for s in table) else "cards")
        out.append(
            {
                "game": g.number,
                "session": g.session_id,
                "ruleset": g.ruleset,
                "players": list(g.players),
                "t": g.t,
                "over": bool(g.over),
                "winners": [s.player for s in table if s.winner],
                "rulings": g.rulings,
                "standings": rows,
            }
        )
    return out


def stats(store: Any) -> dict[str, Any] | None:
    if not hasattr(store, "player_stats"):
        return None
    reactions = _reactions(store)
    table = store.player_stats()
    players = [
        {
            "name": s.player,
            "rings": s.rings,
            "correct": s.correct,
            "wrong": s.wrong,
            "tie": s.tie,
            "void": s.void,
            "anticipations": s.anticipations,
            "fastest_ms": _round(s.fastest_ms),
            "median_ms": _round(s.median_reaction_ms),
            "mean_ms": _round(s.mean_reaction_ms),
            "reactions_ms": reactions.get(s.player, []),
        }
        for s in table
    ]
    fastest = None
    # The fastest ring is the fastest of each player's fastest (ties: the earlier ruling), as
    # ``store.fastest_ring`` finds it, without a second pass over every ring.
    timed = [s for s in table if s.fastest_ms is not None]
    if timed:
        best = min(timed, key=lambda s: (s.fastest_ms, s.fastest_ruling))
        fastest = {
            "name": best.player,
            "reaction_ms": _round(best.fastest_ms),
            "ruling": best.fastest_ruling,
        }
    out: dict[str, Any] = {"players": players, "fastest": fastest}
    if hasattr(store, "hawaiki_stats"):
        out["hawaiki"] = [asdict(s) for s in store.hawaiki_stats()]
    return out


def evidence(
    store: Any, ruling_id: int, wanted: Callable[[Path], bool] = lambda path: True
) -> bytes | None:
    """The ruling's main evidence JPEG (or the first that is ``wanted``), or None (no such
    ruling, no image, file gone)."""
    if store is None or not hasattr(store, "ruling"):
        return None
    try:
        record = store.ruling(ruling_id)
    except HalliPiError:
        return None
    for path in record.evidence:
        if not wanted(path):
            continue
        try:
            return path.read_bytes()
        except OSError:
            continue
    return None


def _reactions(store: Any, per_player: int = CHART_RINGS) -> dict[str, list[float]]:
    """Reaction times per player of the rings ``player_stats`` averages, the most recent
    ``per_player`` of each (for the chart: a phone draws a dot per ring)."""
    conn = getattr(store, "_conn", None)
    if conn is None:
        return {}
    try:
        rows = conn.execute(
            "SELECT player, reaction_ms FROM (SELECT g.player, g.reaction_ms, ROW_NUMBER()"
            " OVER (PARTITION BY g.player ORDER BY g.ruling_id DESC, g.idx DESC) AS n"
            " FROM rings g JOIN rulings r ON r.id=g.ruling_id"
            " WHERE r.status!='corrected' AND g.player IS NOT NULL AND g.anticipation=0"
            " AND g.verdict IN ('correct', 'tie') AND g.reaction_ms IS NOT NULL)"
            " WHERE n <= ? ORDER BY player, reaction_ms",
            (per_player,),
        ).fetchall()
    except sqlite3.Error:
        return {}  # an older or newer schema: the chart goes without its dots
    out: dict[str, list[float]] = {}
    for player, ms in rows:
        out.setdefault(player, []).append(round(float(ms), 1))
    return out


def _rank(rows: list[dict[str, Any]], by: str = "cards") -> None:
    """Rank by cards held (Hawaiki: by tokens); equal counts share a rank (the store sorts
    winners first)."""
    order = sorted(rows, key=lambda r: -(r[by] if r.get(by) is not None else -1))
    rank, prev = 0, object()
    for i, row in enumerate(order):
        if row.get(by) != prev:
            rank, prev = i + 1, row.get(by)
        row["rank"] = rank if row.get(by) is not None else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(float(value), 1)

"""Figures from the log: per-player rings and reaction times, the fastest ring, how often a
ruling was provisional, and the standings of a game."""

from __future__ import annotations

import json

from halli_pi.store.connection import locked
from halli_pi.store.errors import NotFound
from halli_pi.store.hawaiki import HALLI_GALLI_GAMES, HawaikiMixin, is_hawaiki
from halli_pi.store.records import PlayerStats, Standing


class StatsMixin(HawaikiMixin):
    """Summed by SQLite where it can, so a season of history stays quick on a Pi.

    The figures here are Halli Galli's: rulings of Hawaiki games (whose presses are thanks and
    announcements, not rings) are left out; `hawaiki_stats` has theirs.
    """

    @locked
    def player_stats(self, *, session_id: int | None = None) -> list[PlayerStats]:
        """Per player (by name, across games): rings by verdict, reaction times of correct rings.

        Reaction time is the engine's ``reaction_ms``: from the reveal that made the five to the
        press. Anticipations (implausibly fast) are counted apart and left out of the times.
        """
        # Counted by SQLite and only the reaction times fetched: a season of history (tens of
        # thousands of rulings) is summed in tens of milliseconds, not a second of Python.
        where = (
            " FROM rings g JOIN rulings r ON r.id=g.ruling_id"
            " WHERE r.status!='corrected' AND g.player IS NOT NULL"
            " AND (?1 IS NULL OR r.session_id=?1)"
            f" AND (r.game_id IS NULL OR r.game_id IN {HALLI_GALLI_GAMES})"
        )
        counts = self._conn.execute(
            "SELECT g.player, SUM(g.verdict='correct'), SUM(g.verdict='wrong'),"
            " SUM(g.verdict='tie'), SUM(g.verdict='void'), SUM(g.anticipation!=0)"
            f"{where} GROUP BY g.player",
            (session_id,),
        ).fetchall()
        times: dict[str, list[float]] = {}
        best: dict[str, tuple[float, int]] = {}
        for player, reaction, rid in self._conn.execute(
            f"SELECT g.player, g.reaction_ms, g.ruling_id{where} AND g.anticipation=0"
            " AND g.verdict IN ('correct', 'tie') AND g.reaction_ms IS NOT NULL"
            " ORDER BY g.player, g.reaction_ms, r.id, g.idx",
            (session_id,),
        ):
            mine = times.setdefault(player, [])
            if not mine:
                best[player] = (reaction, rid)  # the smallest, earliest ruling first on ties
            mine.append(reaction)
        out = []
        for player, correct, wrong, tie, void, ant in counts:
            mine = times.get(player, [])
            median = None
            if mine:
                mid = len(mine) // 2
                median = mine[mid] if len(mine) % 2 else (mine[mid - 1] + mine[mid]) / 2
            fastest = best.get(player)
            out.append(
                PlayerStats(
                    player=player,
                    rings=correct + wrong + tie + void,
                    correct=correct,
                    wrong=wrong,
                    tie=tie,
                    void=void,
                    anticipations=ant,
                    mean_reaction_ms=sum(mine) / len(mine) if mine else None,
                    median_reaction_ms=median,
                    fastest_ms=None if fastest is None else fastest[0],
                    fastest_ruling=None if fastest is None else fastest[1],
                )
            )
        out.sort(key=lambda s: (-s.correct, s.wrong, s.player))
        return out

    @locked
    def fastest_ring(self, *, session_id: int | None = None) -> tuple[str, float, int] | None:
        """(player, reaction_ms, ruling id) of the fastest correct ring that was not anticipated."""
        row = self._conn.execute(
            "SELECT g.player, g.reaction_ms, g.ruling_id FROM rings g"
            " JOIN rulings r ON r.id=g.ruling_id WHERE r.status!='corrected'"
            " AND g.verdict='correct' AND g.anticipation=0 AND g.reaction_ms IS NOT NULL"
            " AND g.player IS NOT NULL AND (?1 IS NULL OR r.session_id=?1)"
            f" AND (r.game_id IS NULL OR r.game_id IN {HALLI_GALLI_GAMES})"
            " ORDER BY g.reaction_ms, g.ruling_id LIMIT 1",
            (session_id,),
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2])

    @locked
    def ruling_figures(self, *, session_id: int | None = None) -> dict[str, int]:
        """How often rulings were provisional, and how often vision's second look changed one.

        ``rulings``: standing rulings; ``provisional``: first ruled provisionally;
        ``confirmed``/``corrected``/``open``: what became of those; ``credited``: shared-bell
        presses credited by hand.
        """
        row = self._conn.execute(
            "SELECT"
            " COALESCE(SUM(status!='corrected'), 0),"
            " COALESCE(SUM(provisional=1), 0),"
            " COALESCE(SUM(provisional=1 AND status='final'), 0),"
            " COALESCE(SUM(provisional=1 AND status='corrected'), 0),"
            " COALESCE(SUM(status='provisional'), 0)"
            " FROM rulings WHERE (?1 IS NULL OR session_id=?1)"
            f" AND (game_id IS NULL OR game_id IN {HALLI_GALLI_GAMES})",
            (session_id,),
        ).fetchone()
        credited = self._conn.execute(
            "SELECT COUNT(*) FROM corrections WHERE kind='credit'"
            " AND (?1 IS NULL OR session_id=?1)",
            (session_id,),
        ).fetchone()[0]
        keys = ("rulings", "provisional", "confirmed", "corrected", "open")
        return {**dict(zip(keys, (int(v) for v in row), strict=True)), "credited": int(credited)}

    @locked
    def standings(self, game_id: int) -> list[Standing]:
        """Cards per seat at the game's end (or after its last ruling while it runs), best first."""
        players = self._players(game_id)
        if not players:
            raise NotFound(f"no game {game_id} in the database")
        ruleset = self._conn.execute("SELECT ruleset FROM games WHERE id=?", (game_id,))
        if is_hawaiki(ruleset.fetchone()[0]):
            return self._hawaiki_standings(game_id, players)
        over = self._conn.execute(
            "SELECT data FROM outcomes WHERE game_id=? AND type='game_over' ORDER BY seq DESC"
            " LIMIT 1",
            (game_id,),
        ).fetchone()
        winners: set[int] = set()
        cards: list[int] | None = None
        if over is not None:
            obj = json.loads(over[0])
            cards, winners = obj.get("cards"), set(obj.get("winners") or ())
        else:
            last = self._conn.execute(
                "SELECT data FROM rulings WHERE game_id=? AND status!='corrected'"
                " ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if last is not None:
                cards = json.loads(last[0]).get("cards")
        table = [
            Standing(
                seat=seat,
                player=name,
                cards=None if not cards or seat >= len(cards) else cards[seat],
                winner=seat in winners,
            )
            for seat, name in enumerate(players)
        ]
        table.sort(key=lambda s: (not s.winner, -(s.cards if s.cards is not None else -1), s.seat))
        return table

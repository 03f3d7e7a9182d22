"""Hawaiki's figures from the log (shared/HAWAIKI.md): per player, the combinations announced
and missed, the thanks said and missed, the rounds won and the tokens lost; and a Hawaiki game's
standings, which are tokens, not cards.

Only games of the Hawaiki family are read here, and Halli Galli's figures (``stats``) leave them
out, so one log holding both games never mixes a ring with a thanks.
"""

from __future__ import annotations

import json
from typing import Any

from halli_pi.rules.hawaiki.events import RULESETS as HAWAIKI_RULESETS
from halli_pi.rules.hawaiki.ruleset import COMBOS
from halli_pi.store.connection import locked
from halli_pi.store.queries import QueriesMixin
from halli_pi.store.records import HawaikiPlayerStats, Standing

# The games of each family, for the queries' WHERE clauses (the names are ours, not a user's).
_NAMES = ", ".join(f"'{name}'" for name in HAWAIKI_RULESETS)
HAWAIKI_GAMES = f"(SELECT id FROM games WHERE ruleset IN ({_NAMES}))"
HALLI_GALLI_GAMES = f"(SELECT id FROM games WHERE ruleset NOT IN ({_NAMES}))"
DEFAULT_TOKENS = 10  # HAWAIKI.md §1.1: a `game` event without `tokens`


def is_hawaiki(ruleset: str) -> bool:
    return ruleset in HAWAIKI_RULESETS


class HawaikiMixin(QueriesMixin):
    @locked
    def hawaiki_stats(self, *, session_id: int | None = None) -> list[HawaikiPlayerStats]:
        """Per player (by name, across Hawaiki games), from the rulings still standing and the
        last result of each round (a count re-issues a round's result: the latest counts)."""
        rows: dict[str, dict[str, Any]] = {}

        def row(name: str) -> dict[str, Any]:
            if name not in rows:
                rows[name] = {
                    "player": name,
                    "games": 0,
                    "games_won": 0,
                    "rounds_won": 0,
                    "tokens_lost": 0,
                    "announced": 0,
                    "missed": 0,
                    "false_announcements": 0,
                    "thanks_in_time": 0,
                    "thanks_missed": 0,
                    "wrong_words": 0,
                    "announced_by_combo": dict.fromkeys(COMBOS, 0),
                    "missed_by_combo": dict.fromkeys(COMBOS, 0),
                }
            return rows[name]

        games = self._conn.execute(
            f"SELECT id, players FROM games WHERE id IN {HAWAIKI_GAMES}"
            " AND (?1 IS NULL OR session_id=?1) ORDER BY id",
            (session_id,),
        ).fetchall()
        players = {gid: json.loads(names) for gid, names in games}
        for names in players.values():
            for name in names:
                row(name)["games"] += 1
        rulings = self._conn.execute(
            "SELECT r.game_id, json_extract(r.data, '$.seat'), json_extract(r.data, '$.subject'),"
            " json_extract(r.data, '$.verdict'), json_extract(r.data, '$.combos')"
            f" FROM rulings r WHERE r.game_id IN {HAWAIKI_GAMES} AND r.status!='corrected'"
            " AND json_extract(r.data, '$.subject') IN ('play', 'merci')"
            " AND (?1 IS NULL OR r.session_id=?1)",
            (session_id,),
        )
        for game_id, seat, subject, verdict, combos in rulings:
            name = _name(players.get(game_id), seat)
            if name is None:
                continue
            mine = row(name)
            formed = [c for c in json.loads(combos or "[]") if c in COMBOS]
            if subject == "play" and verdict == "combo":
                mine["announced"] += 1
                for c in formed:
                    mine["announced_by_combo"][c] += 1
            elif subject == "play" and verdict == "unannounced":
                mine["missed"] += 1
                for c in formed:
                    mine["missed_by_combo"][c] += 1
            elif subject == "play" and verdict == "false_announce":
                mine["false_announcements"] += 1
            elif subject == "merci" and verdict == "in_time":
                mine["thanks_in_time"] += 1
            elif subject == "merci" and verdict == "missed":
                mine["thanks_missed"] += 1
            elif subject == "merci" and verdict == "wrong_words":
                mine["wrong_words"] += 1
        for (game_id, _round), result in self._round_results(session_id).items():
            names = players.get(game_id)
            winner = _name(names, result.get("out"))
            if winner is not None:
                row(winner)["rounds_won"] += 1
            for seat, lost in enumerate(result.get("tokens_lost") or ()):
                name = _name(names, seat)
                if name is not None and isinstance(lost, int):
                    row(name)["tokens_lost"] += lost
        for game_id, data in self._conn.execute(
            f"SELECT game_id, data FROM outcomes WHERE game_id IN {HAWAIKI_GAMES}"
            " AND type='game_over' AND (?1 IS NULL OR session_id=?1)",
            (session_id,),
        ):
            for seat in json.loads(data).get("winners") or ():
                name = _name(players.get(game_id), seat)
                if name is not None:
                    row(name)["games_won"] += 1
        out = [HawaikiPlayerStats(**r) for r in rows.values()]
        out.sort(key=lambda s: (-s.rounds_won, s.tokens_lost, s.player))
        return out

    @locked
    def round_results(self, session_id: int) -> list[tuple[int, dict[str, Any]]]:
        """Every `round_over` of a session's Hawaiki games, in order, with its game id (a count
        before the next deal re-issues a round's result: both are listed)."""
        self._require_session(session_id)
        rows = self._conn.execute(
            "SELECT game_id, data FROM outcomes WHERE session_id=? AND type='round_over'"
            " ORDER BY seq",
            (session_id,),
        )
        return [(game_id, json.loads(data)) for game_id, data in rows]

    def _round_results(self, session_id: int | None) -> dict[tuple[int, int], dict[str, Any]]:
        """The standing result of each round, by (game id, round): the last one issued."""
        results: dict[tuple[int, int], dict[str, Any]] = {}
        for game_id, data in self._conn.execute(
            f"SELECT game_id, data FROM outcomes WHERE game_id IN {HAWAIKI_GAMES}"
            " AND type='round_over' AND (?1 IS NULL OR session_id=?1) ORDER BY seq",
            (session_id,),
        ):
            obj = json.loads(data)
            results[(game_id, int(obj.get("round") or 0))] = obj
        return results

    def _hawaiki_standings(self, game_id: int, players: tuple[str, ...]) -> list[Standing]:
        """Tokens per seat (most first, winners first), with the hands last accounted."""
        over = self._conn.execute(
            "SELECT data FROM outcomes WHERE game_id=? AND type='game_over' ORDER BY seq DESC"
            " LIMIT 1",
            (game_id,),
        ).fetchone()
        last_round = self._conn.execute(
            "SELECT data FROM outcomes WHERE game_id=? AND type='round_over' ORDER BY seq DESC"
            " LIMIT 1",
            (game_id,),
        ).fetchone()
        start = self._conn.execute(
            "SELECT data FROM input_events WHERE game_id=? AND type='game'"
            " AND status!='corrected' ORDER BY seq LIMIT 1",
            (game_id,),
        ).fetchone()
        last = self._conn.execute(
            "SELECT data FROM rulings WHERE game_id=? AND status!='corrected'"
            " ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        tokens: list[Any] = [DEFAULT_TOKENS] * len(players)
        if start is not None and isinstance(json.loads(start[0]).get("tokens"), list):
            tokens = json.loads(start[0])["tokens"]
        winners: set[int] = set()
        if over is not None:
            obj = json.loads(over[0])
            tokens, winners = obj.get("tokens") or tokens, set(obj.get("winners") or ())
        elif last_round is not None:
            tokens = json.loads(last_round[0]).get("tokens") or tokens
        hands = None if last is None else json.loads(last[0]).get("cards")
        table = [
            Standing(
                seat=seat,
                player=name,
                cards=None if not hands or seat >= len(hands) else hands[seat],
                winner=seat in winners,
                tokens=None if seat >= len(tokens) else tokens[seat],
            )
            for seat, name in enumerate(players)
        ]
        table.sort(key=lambda s: (not s.winner, -(s.tokens or 0), s.seat))
        return table


def _name(names: list[str] | None, seat: object) -> str | None:
    if names is None or not isinstance(seat, int) or not 0 <= seat < len(names):
        return None
    return names[seat]

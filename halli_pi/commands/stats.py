"""``halli-pi stats``: who rings right, who rings wrong, who is fastest, and the standings; for
Hawaiki, who announces their combinations, who forgets to, who thanks, and who wins rounds.

The two games' figures are kept apart: a Hawaiki press is a thanks or an announcement, never a
ring, so Halli Galli's table leaves Hawaiki games out and Hawaiki's has only its own."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

HELP = (
    "per-player rings (correct, wrong), reaction times, the fastest ring, game standings; "
    "Hawaiki: combinations announced and missed, thanks missed, rounds won, tokens lost"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="PATH", help="database file (default: the data directory)")
    parser.add_argument("--session", type=int, metavar="ID", help="only this session")
    parser.add_argument(
        "--games", type=int, default=5, metavar="N", help="standings of the last N games (5)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def run(args: argparse.Namespace) -> int:
    from halli_pi.store import Store, review_db_path

    with Store(args.db or review_db_path(), readonly=True) as store:
        if args.session is not None:
            store.session(args.session)  # unknown id: a clear error, exit 2
        players = store.player_stats(session_id=args.session)
        fastest = store.fastest_ring(session_id=args.session)
        games = store.games(args.session)[-args.games :] if args.games > 0 else []
        standings = [(g, store.standings(g.id)) for g in games]
        rulings = store.ruling_figures(session_id=args.session)
        hawaiki = store.hawaiki_stats(session_id=args.session)
    if args.json:
        print(
            json.dumps(
                {
                    "players": [asdict(p) for p in players],
                    "hawaiki": [asdict(p) for p in hawaiki],
                    "rulings": rulings,
                    "fastest": None
                    if fastest is None
                    else {"player": fastest[0], "reaction_ms": fastest[1], "ruling": fastest[2]},
                    "games": [
                        {
                            "session": g.session_id,
                            "game": g.number,
                            "ruleset": g.ruleset,
                            "over": g.over,
                            "standings": [asdict(s) for s in table],
                        }
                        for g, table in standings
                    ],
                }
            )
        )
        return 0
    if not players and not hawaiki:
        print("no rings recorded yet")
    elif not players:
        pass  # Hawaiki games only: their table follows
    else:
        width = max(6, *(len(p.player) for p in players))
        print(f"{'player':<{width}}  rings  correct  wrong  tie  void  mean      median    fastest")
        for p in players:
            print(
                f"{p.player:<{width}}  {p.rings:>5}  {p.correct:>7}  {p.wrong:>5}  {p.tie:>3}  "
                f"{p.void:>4}  {_ms(p.mean_reaction_ms):<8}  {_ms(p.median_reaction_ms):<8}  "
                f"{_ms(p.fastest_ms)}"
                + (f"  ({p.anticipations} anticipated)" if p.anticipations else "")
            )
    if rulings["rulings"]:
        print(
            f"rulings: {rulings['rulings']}, provisional at first: {rulings['provisional']} "
            f"(confirmed {rulings['confirmed']}, corrected {rulings['corrected']}, "
            f"open {rulings['open']}), credited by hand: {rulings['credited']}"
        )
    if fastest is not None:
        print(f"fastest ring: {fastest[0]}, {fastest[1]:.0f} ms (ruling {fastest[2]})")
    if hawaiki:
        _print_hawaiki(hawaiki)
    for g, table in standings:
        state = "final" if g.over else "so far"
        rows = ", ".join(_standing(s) + (" (winner)" if s.winner else "") for s in table)
        print(f"session {g.session_id} game {g.number} ({g.ruleset}, {state}): {rows}")
    return 0


def _standing(s) -> str:
    if s.tokens is not None:  # Hawaiki: tokens are the standing
        return f"{s.player} {s.tokens} token{'s' if s.tokens != 1 else ''}"
    return f"{s.player} {'-' if s.cards is None else s.cards}"


def _print_hawaiki(rows) -> None:
    """Hawaiki's table: combinations announced (bonus earned), missed (formed, not announced)
    and falsely announced; thanks in time, missed and with the wrong words; rounds and tokens."""
    width = max(6, *(len(p.player) for p in rows))
    print("Hawaiki")
    # Two groups share words ("missed"): a line above names them.
    lead = f"{'':<{width}}  {'':5}  {'':3}  {'':10}  {'':11}  "
    print(f"{lead}{'combinations':<26}thanks")
    print(
        f"{'player':<{width}}  games  won  rounds won  tokens lost  announced  missed  false  "
        "in time  missed  wrong words"
    )
    for p in rows:
        print(
            f"{p.player:<{width}}  {p.games:>5}  {p.games_won:>3}  {p.rounds_won:>10}  "
            f"{p.tokens_lost:>11}  {p.announced:>9}  {p.missed:>6}  {p.false_announcements:>5}  "
            f"{p.thanks_in_time:>7}  {p.thanks_missed:>6}  {p.wrong_words:>11}"
        )
    for p in rows:
        kinds = [
            f"{c} {n}/{n + p.missed_by_combo.get(c, 0)}"
            for c, n in p.announced_by_combo.items()
            if n or p.missed_by_combo.get(c, 0)
        ]
        if kinds:
            print(f"  {p.player}: announced of formed, by combination: {', '.join(kinds)}")

"""``halli-pi log [SESSION]``: the sessions recorded, or one session's games and rulings."""

from __future__ import annotations

import argparse
from typing import Any

HELP = "list recorded sessions, or the games and rulings of one session"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", nargs="?", type=int, help="a session id (from `halli-pi log`)")
    parser.add_argument("--db", metavar="PATH", help="database file (default: the data directory)")
    parser.add_argument(
        "--corrected", action="store_true", help="also list rulings that were corrected"
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.store import Store, review_db_path

    with Store(args.db or review_db_path(), readonly=True) as store:
        if args.session is None:
            sessions = store.sessions()
            if not sessions:
                print("no sessions recorded yet")
            for s in sessions:
                state = "open" if s.ended_t is None else f"ended at {s.ended_t:.1f} s"
                name = f" {s.name}" if s.name else ""
                print(
                    f"session {s.id}{name}  started {s.started_at}  {s.games} game(s), "
                    f"{s.rulings} ruling(s), {state}"
                )
            return 0
        session = store.session(args.session)
        print(f"session {session.id}  started {session.started_at}")
        games = {g.id: g for g in store.games(session.id)}
        rulings = store.rulings(session_id=session.id, include_corrected=args.corrected)
        rounds = store.round_results(session.id)
    # Rulings in the log's order; a Hawaiki round's end goes after the last ruling of its game
    # at or before its time (the card that ended it, or the thanks that settled it).
    lines: list[tuple[float, int | None, str]] = []
    for i, r in enumerate(rulings):
        status = "" if r.status == "final" else f" [{r.status}]"
        if "subject" in r.data:  # a Hawaiki ruling: what it decided, then why
            what = f"{r.data['subject']} {r.data.get('verdict')}: "
        else:
            what = "" if r.winner is None else f"{r.name(r.winner)} wins; "
        text = f"    ruling {r.id:>5}  {r.t:10.3f} s{status}  {what}{r.reason}"
        lines.append((float(i), r.game_id, text))
    for round_game, result in rounds:
        of = games.get(round_game)
        t = float(result["t"])
        before = [i for i, r in enumerate(rulings) if r.game_id == round_game and r.t <= t]
        place = (before[-1] if before else -1) + 0.5
        lines.append((place, round_game, _round_line(result, of.players if of else ())))
    shown_game: object = object()
    for _, game_id, text in sorted(lines, key=lambda x: x[0]):
        if game_id != shown_game:
            shown_game = game_id
            g = None if game_id is None else games.get(game_id)
            if g is not None:
                end = "over" if g.over else "unfinished"
                print(
                    f"  game {g.number}: {g.ruleset}, {', '.join(g.players)} "
                    f"({g.rulings} ruling(s), {end})"
                )
        print(text)
    for g in games.values():
        if g.rulings == 0:
            print(f"  game {g.number}: {g.ruleset}, {', '.join(g.players)} (no rulings)")
    return 0


def _round_line(result: dict[str, Any], players: tuple[str, ...]) -> str:
    """A Hawaiki round's result, as a person would say it."""

    def name(seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(players):
            return players[seat]
        return "nobody" if seat is None else f"seat {seat}"

    lost = zip(result.get("tokens_lost") or (), result.get("tokens") or (), strict=False)
    tokens = ", ".join(f"{name(s)} -{n} ({left} left)" for s, (n, left) in enumerate(lost))
    hands = "counted" if result.get("hands_source") == "counted" else "by accounting"
    out = result.get("out")
    who = "" if out is None else f"{name(out)} laid their last card; "
    return (
        f"    round {result.get('round')} over {float(result['t']):10.3f} s: "
        f"{who}hands {hands}; tokens {tokens}"
    )

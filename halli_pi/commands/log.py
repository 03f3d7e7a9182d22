"""``halli-pi log [SESSION]``: the sessions recorded, or one session's games and rulings."""

from __future__ import annotations

import argparse

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
        shown_game = object()
        for r in store.rulings(session_id=session.id, include_corrected=args.corrected):
            if r.game_id != shown_game:
                shown_game = r.game_id
                g = None if r.game_id is None else games.get(r.game_id)
                if g is not None:
                    end = "over" if g.over else "unfinished"
                    print(
                        f"  game {g.number}: {g.ruleset}, {', '.join(g.players)} "
                        f"({g.rulings} ruling(s), {end})"
                    )
            status = "" if r.status == "final" else f" [{r.status}]"
            winner = "" if r.winner is None else f"{r.name(r.winner)} wins; "
            print(f"    ruling {r.id:>5}  {r.t:10.3f} s{status}  {winner}{r.reason}")
        for g in games.values():
            if g.rulings == 0:
                print(f"  game {g.number}: {g.ruleset}, {', '.join(g.players)} (no rulings)")
    return 0

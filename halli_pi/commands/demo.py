"""``halli-pi demo``: a whole simulated table through the real pipeline, live in the terminal."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import tempfile
import threading
from pathlib import Path

HELP = "play simulated games through the real camera, bell and referee pipeline"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS

    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--players", type=int, default=4, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default 4)"
    )
    parser.add_argument(
        "--ruleset", default="classic", help="classic, classic-leaflet, twist or hawaiki"
    )
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument(
        "--speed", type=float, default=3.0, help="simulated seconds per second (default 3)"
    )
    parser.add_argument(
        "--headless", action="store_true", help="no live view; run as fast as possible"
    )
    parser.add_argument(
        "--json", action="store_true", help="with --headless: print the whole session log"
    )
    parser.add_argument(
        "--bell",
        choices=("buttons", "shared"),
        default="buttons",
        help="a button per seat (default), or one shared bell: the camera names who rang",
    )
    parser.add_argument("--db", type=Path, help="keep the log here (default: a temporary one)")
    parser.add_argument(
        "--tokens", type=int, help="hawaiki: tokens per seat at the start (default 10)"
    )
    parser.add_argument(
        "--log",
        type=Path,
        help="hawaiki: also write the session's export (the session log, JSON Lines) here at "
        "the end, for `halli-pi replay`",
    )
    parser.add_argument("--web", action="store_true", help="also serve the live page")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--pin", default=None, help="table PIN for the page's controls")
    parser.add_argument(
        "--league",
        type=Path,
        metavar="FILE",
        help="publish to the league of this file's [league] section (a table's config will do)",
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.errors import InputError
    from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS, get_ruleset

    if args.ruleset == "hawaiki":
        from halli_pi.simulation.hawaiki_demo import demo_command

        if args.json and not args.headless:
            raise InputError("--json prints the session log: use it with --headless")
        # The league (--league) publishes from the demo's own database, as for Halli Galli.
        return demo_command(args, join_league=lambda db: _league(args, db), leave=_leave)

    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise InputError(
            f"--players {args.players}: the demo table has {MIN_PLAYERS} to {MAX_PLAYERS} seats"
        )
    if args.games < 1:
        raise InputError(f"--games {args.games}: at least one")
    if args.speed <= 0:
        raise InputError(f"--speed {args.speed}: must be above 0")
    if args.json and not args.headless:
        raise InputError("--json prints the session log: use it with --headless")
    get_ruleset(args.ruleset)
    # SIGTERM (a service manager, `timeout`, a closed session) ends the demo like Ctrl-C: the
    # session is closed in the log and the temporary folder removed on the way out.
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        with tempfile.TemporaryDirectory(prefix="halli-pi-demo-") as tmp:
            return _run(args, args.db or Path(tmp) / "demo.sqlite3")
    except _Terminated:
        return 0
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)


class _Terminated(BaseException):
    """SIGTERM arrived: unwind, closing what is open. A BaseException, like KeyboardInterrupt,
    so that no `except Exception` on the way (a listener's guard) swallows it."""


def _terminate(signum, frame) -> None:
    raise _Terminated()


def _run(args: argparse.Namespace, db: Path) -> int:
    from halli_pi.simulation.demo import run_demo, standings
    from halli_pi.store import Store

    league = _league(args, db)
    store = Store(db, durable=False)
    known = {s.id for s in store.sessions()}
    server = publisher = reader = None
    try:
        if args.web:
            from halli_pi.runtime.page import announce_page, serve_page

            reader = store.open_reader()
            publisher, server = serve_page(
                _DemoControls(), reader, host=args.host, port=args.port, pin=args.pin
            )
            announce_page(server.url, args.host, args.pin, headless=False)
        if args.headless:
            collector, figures, referee = run_demo(
                seed=args.seed,
                players=args.players,
                ruleset=args.ruleset,
                games=args.games,
                store=store,
                speed=args.speed if args.web else None,
                publisher=publisher,
                bell=args.bell,
                on_referee=league.join if league else None,
            )
            if args.bell == "shared":
                # A ring the camera left open is credited later by a person: the log keeps the
                # credited press (as `export` gives it), so `replay` rules as the table did.
                collector.lines = store.export_session(referee.session_id, outputs=True)
        else:
            collector, figures = _live(args, store, publisher, league)
    except BaseException:
        _end_open_sessions(store, known)  # stopped mid-game: the log says it ended there
        raise
    finally:
        if league is not None:
            _leave(league, args)
        if server is not None:
            server.stop()
        if reader is not None and reader is not store:
            reader.close()
        store.close()
    if args.json:
        for obj in collector.lines:
            sys.stdout.write(json.dumps(obj) + "\n")
    else:
        for line in standings(collector):
            print(line)
    return 0


def _end_open_sessions(store, known: set[int]) -> None:
    """Sessions this demo began and did not end (it was stopped): close them in the log at the
    last time they recorded, so `halli-pi log` does not show them as still running."""
    from halli_pi.store import StoreError

    for session in store.sessions():
        if session.id in known or session.ended_t is not None:
            continue
        events = store.input_events(session.id)
        t = max((e["t"] for e in events), default=0.0)
        with contextlib.suppress(StoreError):  # a log refusing writes can record no more
            store.record_input(session.id, {"type": "end", "t": t})


def _league(args, db: Path):
    """The league the demo publishes to (--league), or None. Checked before any game."""
    if args.league is None:
        return None
    from halli_pi.league.config import load_league_section
    from halli_pi.league.publisher import LateJoin

    section = load_league_section(args.league)
    return LateJoin(section, db, where=str(args.league), base=args.league.parent)


def _leave(league, args) -> None:
    # A temporary log goes with the demo, and the outbox in it: give the broker longer.
    unsent = league.close(flush_timeout=3.0 if args.db else 10.0)
    if unsent:
        kept = f"kept in the outbox of {args.db}" if args.db else "lost with the temporary log"
        print(f"the league's broker did not take {unsent} message(s): {kept}", file=sys.stderr)


def _live(args, store, publisher, league=None):
    from rich.console import Console
    from rich.live import Live

    from halli_pi.runtime.terminal_view import TableView
    from halli_pi.simulation.demo import run_demo

    referee = []
    view = TableView(lambda: referee[0].engine.snapshot() if referee else None)
    view.title = f"halli-pi demo: seed {args.seed}, {args.ruleset}, speed x{args.speed:g}"

    def made(r) -> None:
        referee.append(r)
        if league is not None:
            league.join(r)

    with Live(view.render(), console=Console(), refresh_per_second=8) as live:

        def on_frame(t, frame, tracker) -> None:
            view.zones = {v.seat: {"state": str(v.state)} for v in tracker.view()}
            live.update(view.render())

        collector, figures, _ = run_demo(
            seed=args.seed,
            players=args.players,
            ruleset=args.ruleset,
            games=args.games,
            speed=args.speed,
            listeners=[view],
            store=store,
            on_frame=on_frame,
            on_referee=made,
            publisher=publisher,
            bell=args.bell,
        )
        live.update(view.render())
    return collector, figures


class _DemoControls:
    """The page's controls in the demo: the simulated table plays itself, so they only say so."""

    def _refuse(self, *args, **kwargs) -> None:
        from halli_pi.errors import InputError

        raise InputError("the demo's table plays itself: controls work with `halli-pi run`")

    new_game = credit = correct_card = end_game = _refuse

"""``halli-pi soak``: many simulated games through the engine and the event log."""

from __future__ import annotations

import argparse
import json
import sys

HELP = "play many simulated games through the engine and the log; check cards and replay"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="how many games (1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument(
        "--db", metavar="PATH", help="keep the database here (default: a temporary file)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--faults",
        action="store_true",
        help="games through the live referee and page while faults are injected: camera loss, "
        "a full disk, a killed writer, request floods, a wrong-PIN storm (--games 12 suits)",
    )
    parser.add_argument("--phones", type=int, default=4, help="with --faults: phones reading stats")


def run(args: argparse.Namespace) -> int:
    from halli_pi.errors import InputError
    from halli_pi.simulation.soak import SoakReport, soak

    if args.games < 1:
        raise InputError(f"--games must be at least 1, got {args.games}")
    if args.faults:
        return _faults(args)

    def progress(r: SoakReport) -> None:
        print(
            f"  {r.games} games, {r.rulings} rulings, {r.seconds:.0f} s, "
            f"RSS {r.rss_end_mb:.0f} MB, {len(r.failures)} failure(s)",
            file=sys.stderr,
        )

    report = soak(
        args.games, seed=args.seed, db_path=args.db, progress=None if args.quiet else progress
    )
    figures = report.figures()
    if args.json:
        print(json.dumps(figures))
    else:
        width = max(len(k) for k in figures)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
    for failure in report.failures[:20]:
        print(f"FAIL {failure}", file=sys.stderr)
    if len(report.failures) > 20:
        print(f"... and {len(report.failures) - 20} more failures", file=sys.stderr)
    return 0 if report.ok else 1


def _faults(args: argparse.Namespace) -> int:
    import logging

    from halli_pi.errors import InputError
    from halli_pi.simulation.fault_soak import fault_soak

    if not 0 <= args.phones <= 32:
        raise InputError(f"--phones must be 0 to 32, got {args.phones}")
    # The faults make the referee and the server warn on purpose (late reveals, blind presses,
    # refused sockets): the figures say what happened.
    for name in ("halli_pi", "uvicorn"):
        logging.getLogger(name).setLevel(logging.ERROR)
    report = fault_soak(args.games, seed=args.seed, phones=args.phones)
    figures = report.figures()
    if args.json:
        print(json.dumps(figures))
    else:
        width = max(len(k) for k in figures)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
    for failure in report.failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 0 if report.ok else 1

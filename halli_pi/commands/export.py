"""``halli-pi export SESSION``: the session log (shared/SPEC.md §1) of a recorded session."""

from __future__ import annotations

import argparse
import sys

from halli_pi.errors import InputError

HELP = "write a recorded session (or one game) as a session log that `halli-pi replay` reads"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=int, help="a session id (from `halli-pi log`)")
    parser.add_argument("--db", metavar="PATH", help="database file (default: the data directory)")
    parser.add_argument(
        "--game", type=int, metavar="N", help="only game N of the session (1 is the first)"
    )
    parser.add_argument(
        "--outputs", action="store_true", help="also write the rulings and game ends"
    )
    parser.add_argument(
        "--notices", action="store_true", help="with --outputs: also the notices (not SPEC)"
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")


def run(args: argparse.Namespace) -> int:
    from halli_pi.store import Store, review_db_path, write_jsonl

    with Store(args.db or review_db_path(), readonly=True) as store:
        lines = store.export_session(
            args.session, game=args.game, outputs=args.outputs, notices=args.notices
        )
    if args.output is None:
        write_jsonl(lines, sys.stdout)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            write_jsonl(lines, out)
    except OSError as err:
        raise InputError(
            f"cannot write the session log: {err.strerror}", where=args.output
        ) from None
    return 0

"""``halli-pi replay FILE``: rule a session log again and print the account or the outputs."""

from __future__ import annotations

import argparse
import json
import sys

from halli_pi.errors import InputError
from halli_pi.rules.events import GameStart, Notice

HELP = "rule a session log (JSON Lines) again: a readable account, or the output events"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="session log, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the output events as JSON Lines")
    parser.add_argument(
        "--notices", action="store_true", help="also show notices (reveals out of turn, …)"
    )


def _open(path: str):
    if path == "-":
        return sys.stdin, "<stdin>"
    try:
        return open(path, encoding="utf-8"), path
    except OSError as err:
        raise InputError(f"cannot read the session log: {err.strerror}", where=path) from None


def run(args: argparse.Namespace) -> int:
    from halli_pi.replay import Narrator, replay
    from halli_pi.sessionlog import read_events

    stream, name = _open(args.file)
    narrator = Narrator()
    # Output is buffered so that a bad line late in the file prints nothing but the error.
    lines: list[str] = []
    with stream:
        for event, outputs in replay(read_events(stream, name)):
            for output in outputs:
                if isinstance(output, Notice) and not args.notices:
                    continue
                lines.append(json.dumps(output.to_json()) if args.json else narrator.output(output))
            if isinstance(event, GameStart) and not args.json:
                lines.append(narrator.game(event))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0

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
        return getattr(sys.stdin, "buffer", sys.stdin), "<stdin>"
    try:
        return open(path, "rb"), path
    except OSError as err:
        raise InputError(f"cannot read the session log: {err.strerror}", where=path) from None


def _text_lines(stream, name: str):
    """The file's lines as text; bytes that are not UTF-8 are an error naming FILE:LINE
    (decoded line by line, so the line is known)."""
    for number, raw in enumerate(stream, start=1):
        if isinstance(raw, str):  # a text stream given in place of stdin
            yield raw
            continue
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InputError(
                f"not UTF-8 text (byte 0x{raw[err.start]:02x} at column {err.start + 1})",
                where=f"{name}:{number}",
            ) from None


def run(args: argparse.Namespace) -> int:
    from halli_pi.replay import Narrator, replay
    from halli_pi.sessionlog import read_events

    stream, name = _open(args.file)
    narrator = Narrator()
    # Output is buffered so that a bad line late in the file prints nothing but the error.
    lines: list[str] = []
    with stream:
        for event, outputs in replay(read_events(_text_lines(stream, name), name)):
            for output in outputs:
                if isinstance(output, Notice) and not args.notices:
                    continue
                lines.append(json.dumps(output.to_json()) if args.json else narrator.output(output))
            if isinstance(event, GameStart) and not args.json:
                lines.append(narrator.game(event))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0

"""The ``halli-pi`` command: a thin shell over the library.

Each sub-command lives in its own module under ``halli_pi.commands`` with ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``; they are found by name, so adding a command
is adding a file. Heavy imports (OpenCV, gpiozero, the web stack) happen inside ``run`` so that
``halli-pi --help`` and ``halli-pi replay`` start fast.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import pkgutil
import sys

from halli_pi import __version__, commands
from halli_pi.errors import HalliPiError


def _command_modules():
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"halli_pi.commands.{info.name}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="halli-pi", description="A referee for Halli Galli.")
    parser.add_argument("--version", action="version", version=f"halli-pi {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _command_modules():
        name = getattr(module, "NAME", module.__name__.rsplit(".", 1)[1].replace("_", "-"))
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        # The module, not its ``run``: the parser is kept (``_parser``), and the function is
        # looked up when the command runs, so a ``run`` replaced later is the one called.
        p.set_defaults(_command=module)
    return parser


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The parser, built once a process: its two hundred options in twenty-odd commands take
    15 ms to build (argparse asks gettext and the terminal's size for each), more than most
    commands' parsing and the tests call `main` many times. Parsing leaves a parser as it was
    and no default is a mutable object, so each call still gets a fresh namespace; a command's
    `run` is looked up in its module when it runs."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return int(args._command.run(args) or 0)
    except HalliPiError as err:
        if args.debug:
            raise
        print(f"halli-pi: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `halli-pi replay x | head`: the reader went away; that is not an error of ours.
        sys.stderr.close()
        return 0

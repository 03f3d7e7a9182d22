"""``halli-pi check-wiring``: an interactive check at the table, a few minutes on a real Pi.

Buttons, then lights and buzzer, then the shared bell, one by one (``halli_pi.bell.wiring_check``
says what each step shows). ``--mock`` runs the same check on gpiozero's MockFactory with a
scripted table, so it can be tried without a Pi. Exit status 0 when everything answered, 1 when
something did not, 2 on a config error.
"""

from __future__ import annotations

import argparse
import sys

NAME = "check-wiring"
HELP = "check buttons, lights and bell at the table, one by one (--mock: without a Pi)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="table config (TOML)")
    parser.add_argument(
        "--mock",
        action="store_true",
        help="use gpiozero's MockFactory and a scripted table (no Pi needed)",
    )
    parser.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds to wait per step (30)"
    )
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    from halli_pi.bell.factory import open_pin_factory
    from halli_pi.bell.wiring_check import check_wiring
    from halli_pi.config import load_config

    if args.mock and args.config is None:
        from halli_pi.bell.fake import demo_table

        config = demo_table(4, shared="piezo", mcp3008_channel=0)
    else:
        config = load_config(args.config)
    factory = open_pin_factory("mock" if args.mock else config.pin_factory)
    try:
        results = check_wiring(
            config,
            factory,
            out=sys.stdout,
            inp=sys.stdin,
            mock=args.mock,
            timeout_s=args.timeout,
            seed=args.seed,
        )
    finally:
        factory.close()
    return 0 if all(r.ok for r in results) else 1

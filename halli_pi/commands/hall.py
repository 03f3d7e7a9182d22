"""``halli-pi hall``: follow every table of a league through its MQTT broker, with a page."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

HELP = "follow a league's tables through the broker: standings, fastest rings, disputes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, required=True, help="the hall's config (TOML)")
    parser.add_argument("--duration", type=float, help="stop after this many seconds")
    parser.add_argument(
        "--show",
        action="store_true",
        help="print the scoreboard from the hall's database as JSON (no broker, no page)",
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.errors import InputError
    from halli_pi.league.config import load_hall_config

    config = load_hall_config(args.config)
    if args.show:
        from halli_pi.league.hall.hall import Hall
        from halli_pi.league.hall.store import HallStore

        if not config.db.exists():
            raise InputError(f"no hall database at {config.db} (has the hall run?)")
        store = HallStore(config.db)
        try:
            print(json.dumps(Hall(store, config.league).scoreboard(), indent=1, default=str))
        finally:
            store.close()
        return 0
    from halli_pi.league.hall.service import run_hall

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    return run_hall(config, args.duration)

"""``halli-pi run``: referee a real table (camera, bell, lights, terminal view, page)."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

HELP = "referee the table: camera + bell + rules, with lights, terminal view and live page"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="table config (TOML); default /etc/halli-pi/table.toml")
    parser.add_argument("--players", help="names in seat order, comma-separated: Ana,Bo,Cy")
    parser.add_argument("--ruleset", help="classic, classic-leaflet, twist or hawaiki")
    parser.add_argument("--camera", help="frame source: picamera2, v4l2:0, video:FILE, folder:DIR")
    parser.add_argument("--layout", type=Path, help="table layout JSON (from calibrate)")
    parser.add_argument("--db", type=Path, help="SQLite log (default: the data directory)")
    parser.add_argument("--no-web", action="store_true", help="do not serve the live page")
    parser.add_argument("--host", help="address of the page (default 127.0.0.1: this machine)")
    parser.add_argument("--port", type=int, help="port of the page (default 8080)")
    parser.add_argument("--speak", action="store_true", help="speak verdicts (espeak-ng)")
    parser.add_argument("--headless", action="store_true", help="log lines, no live view")
    parser.add_argument("--duration", type=float, help="stop after this many seconds")
    parser.add_argument(
        "--mock-pins", action="store_true", help="gpiozero's mock pins (no Pi: try it out)"
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.config import load_config
    from halli_pi.runtime.run_loop import resolve, run_table

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    config = load_config(args.config)
    return run_table(config, resolve(config, args))

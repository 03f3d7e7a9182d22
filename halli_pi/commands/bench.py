"""``halli-pi bench NAME``: measure and print figures (speed, accuracy) of one part."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil

from halli_pi import bench

HELP = "measure a part (rules, bell, vision, referee, league) and print its figures"


def _benchmarks():
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda i: i.name):
        # Packages hold what benchmarks share (the held-out scenes), not benchmarks.
        if not info.name.startswith("_") and not info.ispkg:
            # Module bell_camera is the command `bench bell-camera`.
            yield (
                info.name.replace("_", "-"),
                importlib.import_module(f"halli_pi.bench.{info.name}"),
            )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="bench", metavar="NAME", required=True)
    for name, module in _benchmarks():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
        if hasattr(module, "add_arguments"):
            module.add_arguments(p)
        # The module: its ``run`` and ``text`` are looked up when the benchmark runs (the
        # command line's parser is kept from call to call).
        p.set_defaults(_bench=module)


def run(args: argparse.Namespace) -> int:
    figures = args._bench.run(args)
    text = getattr(args._bench, "text", None)
    if args.json:
        print(json.dumps(figures))
    elif text is not None:
        print(text(figures))
    else:
        width = max(len(k) for k in figures)
        for key, value in figures.items():
            shown = f"{value:.4g}" if isinstance(value, float) else value
            print(f"{key:<{width}}  {shown}")
    return 0

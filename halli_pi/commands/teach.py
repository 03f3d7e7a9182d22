"""``halli-pi teach``: show a deck to the camera card by card and save what the reader learns."""

from __future__ import annotations

import argparse
import sys

HELP = "teach the card reader a deck (Twist, a clone deck) by showing it card by card"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--source",
        default="picamera2",
        help="frames: picamera2[:N], v4l2[:DEV], video:FILE, folder:DIR (default: picamera2)",
    )
    parser.add_argument("--name", default="twist", help="model name (default: twist)")
    parser.add_argument(
        "--out", help="where to write the model (default: <data dir>/models/<name>.json)"
    )
    parser.add_argument("--cards", type=int, help="stop after this many cards")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one card per kind of --base, nothing typed: this table's light and inks in a minute",
    )
    parser.add_argument(
        "--base", default="classic", help="with --quick: the model whose kinds are taught"
    )
    parser.add_argument(
        "--hawaiki",
        action="store_true",
        help="a Hawaiki deck: one 3 per colour, then one card of each other value, nothing typed"
        " (model name: hawaiki)",
    )
    parser.add_argument(
        "--colour-names", help="with --hawaiki: the table's colour names, e.g. red=coral,blue=sea"
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.vision.reader import load_profile, taught_dir
    from halli_pi.vision.sources import open_source
    from halli_pi.vision.teach import quick_teach, save_profile, teach

    if args.hawaiki:
        return _teach_hawaiki(args)
    out = args.out or str(taught_dir() / f"{args.name}.json")
    if args.quick:
        base = load_profile(args.base)
        print(
            f"Lay one card per kind, in the order asked ({', '.join(k.kind for k in base.kinds)}).",
            file=sys.stderr,
        )
        with open_source(args.source) as source:
            profile = quick_teach(
                (f.image for f in source), lambda m: print(m, file=sys.stderr), base, args.name
            )
        save_profile(profile, out)
        print(f"saved {out}; read with: halli-pi read IMAGE --model {args.name}")
        return 0
    print(
        "Lay the cards one at a time under the camera. Enter accepts the guess, a card string "
        "('2 red candle') corrects it, 'skip' skips a card, 'done' finishes.",
        file=sys.stderr,
    )

    def ask(prompt: str) -> str:
        print(prompt, end="", file=sys.stderr, flush=True)
        line = sys.stdin.readline()
        return "done" if line == "" else line

    source = open_source(args.source)
    with source:
        frames = (f.image for f in source)
        profile = teach(
            frames, ask, lambda m: print(m, file=sys.stderr), args.name, limit=args.cards
        )
    save_profile(profile, out)
    print(f"saved {out}; read with: halli-pi read IMAGE --model {args.name}")
    return 0


def _teach_hawaiki(args: argparse.Namespace) -> int:
    from halli_pi.vision.hawaiki.model import MODEL_NAME
    from halli_pi.vision.hawaiki.teach import parse_colour_names, save_taught, teach_hawaiki
    from halli_pi.vision.reader import taught_dir
    from halli_pi.vision.sources import open_source

    name = MODEL_NAME if args.name == "twist" else args.name
    names = parse_colour_names(args.colour_names)
    out = args.out or str(taught_dir() / f"{name}.json")
    with open_source(args.source) as source:
        profile = teach_hawaiki(
            (f.image for f in source), lambda m: print(m, file=sys.stderr), name, names
        )
    save_taught(profile, names, out)
    print(f"saved {out}; the Hawaiki reader loads it as {name!r}")
    return 0

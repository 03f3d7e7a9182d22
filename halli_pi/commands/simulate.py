"""``halli-pi simulate``: write the session log of a simulated game."""

from __future__ import annotations

import argparse
import sys

HELP = "play a game with simulated players and print its session log (JSON Lines)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS

    parser.add_argument(
        "--players", type=int, default=4, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default 4)"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--ruleset", default="classic", help="classic, classic-leaflet, twist, hawaiki"
    )
    parser.add_argument("--play-to-all-cards", action="store_true")
    parser.add_argument("--shared-bell", action="store_true", help="presses cannot tell who rang")
    parser.add_argument(
        "--outputs",
        action="store_true",
        help="also write the rulings (input events only by default)",
    )


def run(args: argparse.Namespace) -> int:
    from halli_pi.errors import InputError
    from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS
    from halli_pi.rules.session import family_of
    from halli_pi.sessionlog import write_events
    from halli_pi.simulation.game import simulate_game

    if family_of(args.ruleset) == "hawaiki":
        game = _hawaiki(args)
    else:
        if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
            raise InputError(
                f"--players {args.players}: a game needs {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        options = {"play_to_all_cards": True} if args.play_to_all_cards else {}
        game = simulate_game(
            args.players, args.seed, args.ruleset, options=options, shared_bell=args.shared_bell
        )
    events = game.events
    if args.outputs:
        merged = [(e.t, 0, i, e) for i, e in enumerate(events)]
        merged += [(o.t, 1, i, o) for i, o in enumerate(game.outputs)]
        events = [e for *_, e in sorted(merged, key=lambda x: x[:3])]
    write_events(events, sys.stdout)
    return 0


def _hawaiki(args: argparse.Namespace):
    from halli_pi.errors import InputError
    from halli_pi.simulation.hawaiki_game import HAWAIKI_NAMES, simulate_hawaiki

    if not 2 <= args.players <= len(HAWAIKI_NAMES):
        raise InputError(f"--players {args.players}: Hawaiki needs 2 to {len(HAWAIKI_NAMES)}")
    if args.play_to_all_cards or args.shared_bell:
        raise InputError(
            "--play-to-all-cards and --shared-bell are Halli Galli's: a Hawaiki thanks is "
            "personal, so every seat has its own button"
        )
    return simulate_hawaiki(args.players, args.seed)

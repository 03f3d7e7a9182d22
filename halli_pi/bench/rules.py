"""``halli-pi bench rules``: events per second through the engine, and time per ruling.

Log parsing is left out: the events are built first, then fed. Figures are from one core,
one process, best of a few rounds (the least disturbed by the rest of the machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

from halli_pi.cards import parse_card
from halli_pi.rules import Engine, GameStart, Press, Reveal, Ruling
from halli_pi.rules.hawaiki import HawaikiEngine
from halli_pi.simulation.game import simulate_game
from halli_pi.simulation.hawaiki_game import simulate_hawaiki

HELP = "events per second through the rules engine and time to judge a burst"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=int, default=40, help="simulated games to feed (default 40)"
    )
    parser.add_argument("--rounds", type=int, default=5)


def _throughput(games: list[list], rounds: int, engine=Engine) -> tuple[float, int]:
    events = sum(len(g) for g in games)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for game in games:
            feed = engine().feed
            for event in game:
                feed(event)
        best = min(best, time.perf_counter() - start)
    return events / best, events


def _ruling_times(trials: int = 2000) -> list[float]:
    """Seconds from the window closing (advance) to the ruling, for a 4-press burst on a
    busy table with a five."""
    times = []
    cards = [parse_card(c) for c in ("3 plum", "2 plum", "4 lime", "1 banana")]
    for i in range(trials):
        engine = Engine()
        engine.feed(GameStart(0.0, "classic", ("Ana", "Bo", "Cy", "Dee")))
        for seat, card in enumerate(cards):
            engine.feed(Reveal(1.0 + seat, seat, card))
        for k, seat in enumerate((2, 0, 3, 0)):
            engine.feed(Press(5.0 + k * 0.004 + (i % 7) * 1e-6, seat))
        closes = engine.burst_closes_at
        if closes is None:
            raise RuntimeError("the bench's presses opened no burst")
        start = time.perf_counter()
        out = engine.advance(closes)
        times.append(time.perf_counter() - start)
        assert isinstance(out[0], Ruling) and out[0].winner == 2
    return times


def run(args: argparse.Namespace) -> dict:
    rulesets = ("classic", "classic-leaflet", "twist")
    games = [
        simulate_game(2 + seed % 5, seed, rulesets[seed % 3]).events for seed in range(args.games)
    ]
    rate, events = _throughput(games, args.rounds)
    ruling = sorted(_ruling_times())
    # Hawaiki: whole simulated games (plays, announcements, designations, thanks, timers).
    hawaiki = [simulate_hawaiki(2 + seed % 5, seed).events for seed in range(args.games)]
    hawaiki_rate, hawaiki_events = _throughput(hawaiki, args.rounds, HawaikiEngine)
    return {
        "events": events,
        "events_per_s": round(rate),
        "ruling_median_us": round(statistics.median(ruling) * 1e6, 2),
        "ruling_p99_us": round(ruling[int(len(ruling) * 0.99)] * 1e6, 2),
        "hawaiki_events": hawaiki_events,
        "hawaiki_events_per_s": round(hawaiki_rate),
    }

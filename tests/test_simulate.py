"""`simulate` ends, for every option: each game under a time limit of its own."""

from __future__ import annotations

import io
import itertools
import json
import signal
from contextlib import contextmanager

import pytest

from halli_pi.cli import main
from halli_pi.replay import outputs_of
from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS, GameOver, GameStart, Press, Ruling
from halli_pi.rules.events import End
from halli_pi.sessionlog import read_events, write_events
from halli_pi.simulation.game import simulate_game

# A whole game takes some milliseconds; a game that does not end would run until memory ran out.
SECONDS_PER_GAME = 5


class TooLong(Exception):
    pass


@contextmanager
def time_limit(seconds: int):
    def stop(signum, frame):
        raise TooLong(f"no end after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


OPTIONS = list(
    itertools.product(
        range(MIN_PLAYERS, MAX_PLAYERS + 1),  # players
        ("classic", "classic-leaflet", "twist"),
        (False, True),  # play to all cards
        (None, 0.0, 0.8),  # buttons; a shared bell nobody credits; one mostly credited
    )
)


@pytest.mark.parametrize(("players", "ruleset", "to_all", "credit"), OPTIONS)
def test_simulate_ends_for_every_option(players, ruleset, to_all, credit) -> None:
    for seed in (1, 2):
        with time_limit(SECONDS_PER_GAME):
            game = simulate_game(
                players,
                seed,
                ruleset,
                options={"play_to_all_cards": True} if to_all else {},
                shared_bell=credit is not None,
                credit_rate=credit or 0.0,
            )
        assert isinstance(game.events[0], GameStart) and isinstance(game.events[-1], End)
        overs = [o for o in game.outputs if isinstance(o, GameOver)]
        assert len(overs) == 1
        # Nothing is fed to a game that has ended, and the log replays to what was ruled.
        assert game.outputs[-1] is overs[0]
        text = io.StringIO()
        write_events(game.events, text)
        replayed = outputs_of(e for _, e in read_events(text.getvalue().splitlines(), "g"))
        assert [o.to_json() for o in replayed] == [o.to_json() for o in game.outputs]
        if credit is not None:
            presses = [e for e in game.events if isinstance(e, Press)]
            assert presses and all(p.source == "bell" for p in presses)
            credited = [p for p in presses if p.seat is not None]
            assert bool(credited) == (credit > 0)


def test_a_shared_bell_nobody_credits_leaves_the_piles() -> None:
    game = simulate_game(3, 4, "classic", shared_bell=True, credit_rate=0.0)
    rulings = [o for o in game.outputs if isinstance(o, Ruling)]
    assert any(r.uncredited for r in rulings)
    assert all(m.what != "piles" for r in rulings for m in r.moves)


def test_simulate_shared_bell_command_ends(capsys) -> None:
    with time_limit(SECONDS_PER_GAME):
        assert main(["simulate", "--shared-bell", "--players", "3", "--seed", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["type"] == "game" and lines[-1]["type"] == "end"

from __future__ import annotations

import io

import pytest

from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.referee import Referee
from halli_pi.rules import GameStart, Press, Reveal
from halli_pi.runtime.keyboard import execute, read_commands
from halli_pi.runtime.page import RefereeControls


@pytest.fixture
def table():
    referee = Referee()
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo", "Cy"), {}, (10, 10, 10)))
    referee.vision([Reveal(1.0, 0, parse_card("5 lime"))], 3.0)
    referee.press(Press(1.4, None, "bell"))
    referee.tick(1.5)
    return referee, RefereeControls(referee, lambda: 4.0)


def test_credit_from_the_terminal(table) -> None:
    referee, controls = table
    assert execute("credit 2", controls, ["Ana", "Bo", "Cy"], "classic") == "credited to seat 2"
    assert referee.engine.snapshot()["players"][2]["cards"] == 11


def test_bad_commands_say_how(table) -> None:
    _, controls = table
    with pytest.raises(InputError, match="credit SEAT"):
        execute("credit Bo", controls, [], "classic")
    with pytest.raises(InputError, match="unknown command 'jump'"):
        execute("jump", controls, [], "classic")
    said = []
    read_commands(io.StringIO("card 0 7 kiwi\n"), controls, [], "classic", said.append)
    assert said and said[0].startswith("cannot: ") and "kiwi" in said[0]

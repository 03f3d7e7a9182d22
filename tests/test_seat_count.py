"""One place says how many seats a table may have; the engine, config, mat and demo agree."""

from __future__ import annotations

import pytest

from halli_pi.cli import main
from halli_pi.config import ConfigError, parse_config
from halli_pi.errors import InputError
from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS, Engine, GameStart
from halli_pi.vision.mat import check_seats

NAMES = [f"P{i}" for i in range(MAX_PLAYERS + 1)]


def _seats(n: int) -> list[dict]:
    return [{"button": pin} for pin in (4, 5, 6, 12, 13, 16, 17, 18, 19, 20, 21)[:n]]


@pytest.mark.parametrize("n", [MIN_PLAYERS, MAX_PLAYERS])
def test_the_smallest_and_largest_tables_are_accepted_everywhere(n):
    Engine().feed(GameStart(0.0, "classic", tuple(NAMES[:n])))
    assert len(parse_config({"seats": _seats(n)}).players) == n
    check_seats(n)


@pytest.mark.parametrize("n", [MIN_PLAYERS - 1, MAX_PLAYERS + 1])
def test_one_seat_too_few_or_too_many_is_refused_everywhere(n, capsys):
    want = f"{n} players; a game needs {MIN_PLAYERS} to {MAX_PLAYERS}"
    with pytest.raises(InputError, match=want):
        Engine().feed(GameStart(0.0, "classic", tuple(NAMES[:n])))
    shared_bell = [{"kind": "switch", "pin": 22}]
    with pytest.raises(ConfigError, match=want) as info:
        parse_config({"bell": shared_bell, "game": {"players": NAMES[:n]}})
    assert info.value.field == "game.players"
    if n > MAX_PLAYERS:
        with pytest.raises(ConfigError, match=f"the table takes at most {MAX_PLAYERS}"):
            parse_config({"seats": _seats(n)})
    with pytest.raises(InputError, match=f"a mat has {MIN_PLAYERS} to {MAX_PLAYERS} seats"):
        check_seats(n)
    assert main(["demo", "--players", str(n), "--headless"]) == 2
    assert f"the demo table has {MIN_PLAYERS} to {MAX_PLAYERS} seats" in capsys.readouterr().err
    assert main(["simulate", "--players", str(n)]) == 2
    assert f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS}" in capsys.readouterr().err

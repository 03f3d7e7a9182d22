"""`import halli_pi` is cheap and the library face works without the CLI."""

from __future__ import annotations

import subprocess
import sys

import halli_pi


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = (
        "import sys, halli_pi\n"
        "heavy = {'cv2', 'numpy', 'starlette', 'uvicorn', 'rich', 'gpiozero', 'sqlite3'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_public_name_resolves_to_its_module_s_object() -> None:
    from halli_pi.referee import Referee
    from halli_pi.runtime.session import TableSession

    assert halli_pi.Referee is Referee and halli_pi.TableSession is TableSession
    for name in halli_pi.__all__:
        assert getattr(halli_pi, name) is not None, name
    assert set(halli_pi.__all__) <= set(dir(halli_pi))


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    try:
        halli_pi.Referees  # noqa: B018
    except AttributeError as err:
        assert "Referees" in str(err)
    else:
        raise AssertionError("an unknown name must not resolve")


def test_a_script_referees_a_ring_with_the_library_face() -> None:
    from halli_pi import GameStart, Press, Referee, RefereeListener, Reveal, parse_card

    class Heard(RefereeListener):
        def __init__(self) -> None:
            self.decisions = []

        def on_decision(self, decision) -> None:
            self.decisions.append(decision)

    heard = Heard()
    # As the package's docstring shows it.
    referee = Referee(listeners=[heard])
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo"), {}))
    referee.press(Press(1.5, 1))
    referee.vision([Reveal(1.0, 0, parse_card("5 plum"))], settled_until=3.0)
    referee.tick(3.0)
    [decision] = heard.decisions
    assert decision.ruling.winner == 1 and decision.status == "final"

"""halli-pi: a referee for Halli Galli at a real table.

The library face, for a script that referees, replays or simulates without the CLI::

    from halli_pi import GameStart, Press, Referee, Reveal, parse_card

    referee = Referee()  # with store=Store(path), session_id=...: every ruling is logged
    referee.new_game(GameStart(0.0, "classic", ("Ana", "Bo"), {}))
    referee.press(Press(1.5, 1))
    # The camera: a five turned at 1.0 s, and nothing else on the table up to 3.0 s.
    referee.vision([Reveal(1.0, 0, parse_card("5 plum"))], settled_until=3.0)
    referee.tick(3.0)  # the burst's window has closed: it is ruled

Each name is imported when it is first used, so ``import halli_pi`` stays cheap (no OpenCV, no
web server) and has no side effects.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# Each public name, and the module that defines it.
_FACE = {
    "Referee": "halli_pi.referee",
    "Decision": "halli_pi.referee",
    "RefereeListener": "halli_pi.referee",
    "RulingLog": "halli_pi.referee",
    "Engine": "halli_pi.rules",
    "GameStart": "halli_pi.rules",
    "Press": "halli_pi.rules",
    "Reveal": "halli_pi.rules",
    "Ruling": "halli_pi.rules",
    "get_ruleset": "halli_pi.rules",
    "parse_card": "halli_pi.cards",
    "read_zones": "halli_pi.vision.reader",
    "load_profile": "halli_pi.vision.reader",
    "Tracker": "halli_pi.vision.tracker",
    "Store": "halli_pi.store",
    "load_config": "halli_pi.config",
    "replay": "halli_pi.replay",
    "TableSession": "halli_pi.runtime.session",
    "simulate_game": "halli_pi.simulation.game",
}

__all__ = ["__version__", *_FACE]


def __getattr__(name: str) -> Any:
    module = _FACE.get(name)
    if module is None:
        raise AttributeError(f"module 'halli_pi' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # imported once; later uses find it here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_FACE})

"""The pure rules engine: no I/O, no clock, no hardware. Events in, rulings out."""

from halli_pi.rules.engine import Engine
from halli_pi.rules.events import (
    Eliminated,
    End,
    GameOver,
    GameStart,
    Notice,
    Press,
    PressVerdict,
    Reveal,
    Ruling,
    Verdict,
)
from halli_pi.rules.game import Game
from halli_pi.rules.rulesets import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULESETS,
    Options,
    Ruleset,
    get_ruleset,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULESETS",
    "Eliminated",
    "End",
    "Engine",
    "Game",
    "GameOver",
    "GameStart",
    "Notice",
    "Options",
    "Press",
    "PressVerdict",
    "Reveal",
    "Ruleset",
    "Ruling",
    "Verdict",
    "get_ruleset",
]

"""Hawaiki (shared/HAWAIKI.md): the second family of rulesets of the same referee.

Pure like the Halli Galli engine: events in, rulings out, time and randomness are inputs.
"""

from halli_pi.rules.hawaiki.engine import HawaikiEngine
from halli_pi.rules.hawaiki.ruleset import Hawaiki, HawaikiOptions

__all__ = ["Hawaiki", "HawaikiEngine", "HawaikiOptions"]

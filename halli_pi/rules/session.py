"""One session of games of any family: each game is judged by its family's engine.

Halli Galli and Hawaiki are two families of rulesets of one referee: same clock, same log,
same `press` and `end`. A `game` event names the ruleset; its family picks the engine, and the
events of that game go to it. An event another family's game cannot have (a `reveal` in a
Hawaiki game, a `play` in a Halli Galli one) is refused with the line it came from.
"""

from __future__ import annotations

from typing import Any

from halli_pi.errors import InputError
from halli_pi.rules.engine import Engine
from halli_pi.rules.events import End, GameStart, Press, Reveal
from halli_pi.rules.hawaiki.engine import EVENT_TYPES as HAWAIKI_EVENTS
from halli_pi.rules.hawaiki.engine import HawaikiEngine
from halli_pi.rules.rulesets import HALLI_GALLI, get_ruleset

FAMILIES = (HALLI_GALLI, HawaikiEngine.family)
_ENGINES: dict[str, type] = {HALLI_GALLI: Engine, HawaikiEngine.family: HawaikiEngine}
_EVENTS: dict[str, frozenset[type]] = {
    HALLI_GALLI: frozenset((GameStart, Reveal, Press, End)),
    HawaikiEngine.family: HAWAIKI_EVENTS,
}


def family_of(ruleset: str) -> str:
    return get_ruleset(ruleset, families=FAMILIES).family


class Session:
    """Feeds each event to the engine of the game it belongs to."""

    def __init__(self) -> None:
        self.family = HALLI_GALLI
        self.engine: Any = Engine()

    def feed(self, event: Any) -> list:
        if isinstance(event, GameStart):
            family = family_of(event.ruleset)
            if family != self.family:
                # The game before ends as the session's end would end it.
                out = self.engine.feed(End(event.t))
                self.family, self.engine = family, _ENGINES[family]()
                return out + self.engine.feed(event)
        elif self.engine.game is None:
            raise InputError("an event before any 'game' event", field="type")
        elif type(event) not in _EVENTS[self.family]:
            raise InputError(
                f"a {event.type!r} event cannot be part of a {self.family} game", field="type"
            )
        return self.engine.feed(event)

    def advance(self, t: float) -> list:
        return self.engine.advance(t)

    @property
    def burst_closes_at(self) -> float | None:
        """A Halli Galli burst still open (closed at the end of a log); Hawaiki's timers are
        not: they fire only before a later event (HAWAIKI.md §1.4)."""
        return getattr(self.engine, "burst_closes_at", None)

"""One session of games of any family: each game is judged by its family's engine.

Halli Galli and Hawaiki are two families of rulesets of one referee: same clock, same log,
same `press` and `end`. A `game` event names the ruleset; its family picks the engine, and the
events of that game go to it. An event another family's game cannot have (a `reveal` in a
Hawaiki game, a `play` in a Halli Galli one) is refused with the line it came from.
"""

from __future__ import annotations

import copy
from typing import Any

from halli_pi.errors import InputError
from halli_pi.rules.engine import Engine, TableSnapshot
from halli_pi.rules.events import End, GameStart, InputEvent, OutputEvent, Press, Reveal
from halli_pi.rules.game import Game
from halli_pi.rules.hawaiki.engine import EVENT_TYPES as HAWAIKI_EVENTS
from halli_pi.rules.hawaiki.engine import HawaikiEngine, HawaikiGame
from halli_pi.rules.hawaiki.events import HawaikiInput, HawaikiOutput
from halli_pi.rules.rulesets import HALLI_GALLI, get_ruleset

# What a session is fed and what it decides, over every family.
SessionInput = InputEvent | HawaikiInput
SessionOutput = OutputEvent | HawaikiOutput

FAMILIES = (HALLI_GALLI, HawaikiEngine.family)
_ENGINES: dict[str, type[Engine] | type[HawaikiEngine]] = {
    HALLI_GALLI: Engine,
    HawaikiEngine.family: HawaikiEngine,
}
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
        self.engine: Engine | HawaikiEngine = Engine()

    def check_family(self, event: SessionInput) -> None:
        """Refuse, before it is queued, an event the game under way cannot have (what `feed`
        would refuse for its family), so a live referee learns of it from the caller, not
        while ruling."""
        if self.engine.game is None:
            raise InputError("an event before any 'game' event", field="type")
        if not isinstance(event, GameStart) and type(event) not in _EVENTS[self.family]:
            raise InputError(
                f"a {event.type!r} event cannot be part of a {self.family} game", field="type"
            )

    def feed(self, event: SessionInput) -> list[SessionOutput]:
        if isinstance(event, GameStart):
            family = family_of(event.ruleset)
            if family != self.family:
                # The game before ends as the session's end would end it.
                out = self._route(End(event.t))
                self.family, self.engine = family, _ENGINES[family]()
                return out + self._route(event)
        elif self.engine.game is None:
            raise InputError("an event before any 'game' event", field="type")
        elif type(event) not in _EVENTS[self.family]:
            raise InputError(
                f"a {event.type!r} event cannot be part of a {self.family} game", field="type"
            )
        return self._route(event)

    def _route(self, event: SessionInput) -> list[SessionOutput]:
        """The event to the engine of the game under way, which refuses what its family
        cannot have (a plain `game` event for Hawaiki, a Hawaiki `game` for Halli Galli)."""
        engine = self.engine
        if isinstance(engine, HawaikiEngine):
            if not isinstance(event, Reveal):
                return list(engine.feed(event))
        elif isinstance(event, GameStart | Reveal | Press | End):
            return list(engine.feed(event))
        raise InputError(
            f"a {event.type!r} event cannot be part of a {self.family} game", field="type"
        )

    def advance(self, t: float) -> list[SessionOutput]:
        return list(self.engine.advance(t))

    @property
    def burst_closes_at(self) -> float | None:
        """A Halli Galli burst still open (closed at the end of a log); Hawaiki's timers are
        not: they fire only before a later event (HAWAIKI.md §1.4)."""
        return self.engine.burst_closes_at if isinstance(self.engine, Engine) else None

    # --- what a live referee asks of the session (the same questions it asked one engine) ---

    @property
    def game(self) -> Game | HawaikiGame | None:
        """The game under way (or the last one), of whichever family."""
        return self.engine.game

    @property
    def hawaiki(self) -> bool:
        """Whether the game under way is Hawaiki's (no bursts; timers and people's inputs)."""
        return isinstance(self.engine, HawaikiEngine)

    @property
    def next_deadline(self) -> float | None:
        """A Hawaiki timer that fires once time passes it (None for Halli Galli, whose bursts
        the referee times itself from the presses)."""
        return self.engine.next_deadline if isinstance(self.engine, HawaikiEngine) else None

    def snapshot(self) -> TableSnapshot | dict[str, Any] | None:
        """The game's JSON-able view for screens and pages (each family's own shape)."""
        return self.engine.snapshot()

    def copy(self) -> Session:
        """An independent session in the same state: to try out what pending events would do."""
        twin = Session()
        twin.family = self.family
        engine = self.engine
        twin.engine = engine.copy() if isinstance(engine, Engine) else copy.deepcopy(engine)
        return twin

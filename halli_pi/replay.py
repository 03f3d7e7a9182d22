"""Replaying a session log through the engine, and telling it as a person would."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from halli_pi.errors import InputError
from halli_pi.rules import Verdict
from halli_pi.rules.events import (
    Eliminated,
    GameOver,
    GameStart,
    Notice,
    Ruling,
)
from halli_pi.rules.session import Session, SessionInput, SessionOutput


def replay(
    located: Iterable[tuple[str, SessionInput]],
) -> Iterator[tuple[SessionInput | None, list[SessionOutput]]]:
    """(input, outputs) for each input event, in order; engine errors are located at the
    input's FILE:LINE. A last pair (None, outputs) closes a burst the log left open."""
    engine = Session()
    for where, event in located:
        try:
            outputs = engine.feed(event)
        except InputError as err:
            raise err.located(where) from None
        yield event, outputs
    closes = engine.burst_closes_at
    if closes is not None:
        yield None, engine.advance(closes)


def outputs_of(events: Iterable[SessionInput]) -> list[SessionOutput]:
    """Every output event for a list of input events (no locations: for tests and tools)."""
    located = ((f"event {i}", e) for i, e in enumerate(events))
    return [out for _, outputs in replay(located) for out in outputs]


class Narrator:
    """Turns events into the lines of a readable account."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.games = 0

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "the shared bell"
        return self.players[seat] if 0 <= seat < len(self.players) else f"seat {seat}"

    def game(self, event: GameStart) -> str:
        self.players = event.players
        self.games += 1
        options = ", ".join(f"{k}={v}" for k, v in sorted(dict(event.options).items()))
        return f"game {self.games}: {event.ruleset}, {', '.join(event.players)}" + (
            f" ({options})" if options else ""
        )

    def output(self, event: SessionOutput) -> str:
        if isinstance(event, Ruling):
            first = min((p.t for p in event.presses), default=event.t)
            rang = ", ".join(
                f"{self.name(p.seat)} +{(p.t - first) * 1000:.3f} ms {p.verdict}"
                + (" (anticipation?)" if p.anticipation else "")
                for p in event.presses
                if p.verdict is not Verdict.VOID or p.note != "repeat press"
            )
            return f"{first:10.3f} s  {event.reason}  [{rang}]"
        if isinstance(event, Eliminated):
            return f"{event.t:10.3f} s  {self.name(event.seat)} is out: {event.reason}"
        if isinstance(event, GameOver):
            winners = " and ".join(self.name(s) for s in event.winners)
            standings = ", ".join(
                f"{self.name(s)} {c}"
                for s, c in sorted(enumerate(event.cards), key=lambda x: -x[1])
            )
            verb = "win" if len(event.winners) > 1 else "wins"
            return (
                f"{event.t:10.3f} s  game over ({event.reason}): {winners} {verb}\n"
                f"            standings: {standings}"
            )
        if isinstance(event, Notice):
            return f"{event.t:10.3f} s  note: {event.message}"
        return event.narrate(self.name)  # another family's outputs tell themselves

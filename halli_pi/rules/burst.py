"""One burst of presses while its window is open: each press already judged at its own time.

A wrong press pays (and may put players out, or end the game) the moment it is made, so the
next press of the same burst meets the players as they then are. Only what a correct press
wins waits for the window to close: a press inside the tie window may still share it, and the
hand that gathers the piles also takes a card turned meanwhile. The burst keeps what the ruling
will tell: every verdict, the cards that moved, who went out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from halli_pi.rules.events import Move, Press, Verdict
from halli_pi.rules.game import TableCheck


@dataclass(frozen=True, slots=True)
class Judged:
    """A press with what the table showed at its time and the verdict it got then.

    `verdict` is None for a correct press (and those tied with it): what it wins is settled
    when the window closes.
    """

    press: Press
    table: TableCheck
    verdict: Verdict | None
    note: str | None = None

    @property
    def live(self) -> bool:
        """The press counted (right or wrong), as opposed to void when it was made."""
        return self.verdict is not Verdict.VOID


@dataclass(slots=True)
class Burst:
    start: float
    presses: list[Judged] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)  # seats that pressed (a second press repeats)
    correct: list[int] = field(default_factory=list)  # the first correct press, then its ties
    payers: list[int] = field(default_factory=list)  # wrong presses, in time order
    moves: list[Move] = field(default_factory=list)  # cards moved so far, in order
    notes: list[str] = field(default_factory=list)  # said after the verdicts in the reason
    gone: list[tuple[int, str]] = field(default_factory=list)  # out because of a press
    final_ring: bool = False  # the first correct press was rung by the last two

    def copy(self) -> Burst:
        return Burst(
            self.start,
            list(self.presses),
            set(self.seen),
            list(self.correct),
            list(self.payers),
            list(self.moves),
            list(self.notes),
            list(self.gone),
            self.final_ring,
        )

    def first_correct_t(self) -> float | None:
        return self.presses[self.correct[0]].press.t if self.correct else None


def reason_of(players: tuple[str, ...], burst: Burst, winner: int | None, uncredited: bool) -> str:
    """The ruling's reason, read aloud: the deciding press first, then the wrong ones."""
    presses = burst.presses

    def who(i: int) -> str:
        seat = presses[i].press.seat
        return "the shared bell" if seat is None else players[seat]

    parts: list[str] = []
    if burst.correct:
        first = burst.correct[0]
        table = presses[first].table.reason
        if winner is not None:
            parts.append(f"{who(first)} correct: {table}")
        elif uncredited:
            parts.append(f"correct ring, who rang? {table}")
        else:
            names = " and ".join(who(i) for i in burst.correct)
            parts.append(f"tie between {names}: {table}")
    for i in burst.payers:
        parts.append(f"{who(i)} wrong: {presses[i].table.reason}")
    if not parts:
        parts.append(f"{who(0)} void: {presses[0].note}")
    return "; ".join(parts + burst.notes)

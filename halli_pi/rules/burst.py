"""One burst of presses while its window is open: each press already judged at its own time.

A wrong press pays (and may put players out, or end the game) the moment it is made, so the
next press of the same burst meets the players as they then are. Only what a correct press
wins waits for the window to close: a press inside the tie window may still share it, and the
hand that gathers the piles also takes a card turned meanwhile. The burst keeps what the ruling
will tell: every verdict, the cards that moved, who went out.
"""

from __future__ import annotations

from halli_pi.rules.events import Move, Press, Verdict
from halli_pi.rules.game import TableCheck


class Judged:
    """A press with what the table showed at its time and the verdict it got then.

    `verdict` is None for a correct press (and those tied with it): what it wins is settled
    when the window closes. (A plain class with slots: one is made per press, so it is cheap.)
    """

    __slots__ = ("press", "table", "verdict", "note")

    def __init__(
        self, press: Press, table: TableCheck, verdict: Verdict | None, note: str | None = None
    ) -> None:
        self.press = press
        self.table = table
        self.verdict = verdict
        self.note = note


class Burst:
    """The presses of one window so far and what they did (one is made per burst)."""

    __slots__ = (
        "start",
        "presses",
        "seen",
        "correct",
        "payers",
        "moves",
        "notes",
        "gone",
        "final_ring",
    )

    def __init__(self, start: float) -> None:
        self.start = start
        self.presses: list[Judged] = []
        self.seen: set[int] = set()  # seats that pressed (a second press is a repeat)
        self.correct: list[int] = []  # the first correct press, then those tied with it
        self.payers: list[int] = []  # wrong presses, in time order
        self.moves: list[Move] = []  # cards moved so far, in order
        self.notes: list[str] = []  # said after the verdicts in the reason
        self.gone: list[tuple[int, str]] = []  # out because of a press, announced after
        self.final_ring = False  # the first correct press was rung by the last two

    def copy(self) -> Burst:
        twin = Burst(self.start)
        twin.presses = list(self.presses)  # Judged records are never changed once made
        twin.seen = set(self.seen)
        twin.correct = list(self.correct)
        twin.payers = list(self.payers)
        twin.moves = list(self.moves)
        twin.notes = list(self.notes)
        twin.gone = list(self.gone)
        twin.final_ring = self.final_ring
        return twin

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

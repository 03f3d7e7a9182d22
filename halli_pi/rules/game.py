"""The state of one game at the table: hidden decks, face-up piles, running totals.

Pure bookkeeping with no notion of time windows (that is the engine's job). The running total
per category is adjusted by what changes, as the leaflet tells players to do: a covered card
leaves the count, the new one enters, taken piles empty it.
"""

from __future__ import annotations

from dataclasses import dataclass

from halli_pi.cards import Card
from halli_pi.rules.rulesets import Options, Ruleset, Tally


@dataclass(slots=True)
class TableCheck:
    """What the table showed at one instant, for judging a press made then (never changed
    once made; not frozen only because one is made per press and frozen init costs more).

    The top cards' tallies are kept (a tuple of tuples, cheap to copy) and the reason is only
    worded when a ruling needs it: most presses are judged without ever being read aloud.
    """

    five: bool
    # Since when the oldest five still showing has shown (anticipation is measured from it).
    five_since: float | None
    tallies: tuple[Tally, ...]
    players: tuple[str, ...]

    @property
    def reason(self) -> str:
        return describe(self.tallies, self.players)


def describe(tallies: tuple[Tally, ...], players: tuple[str, ...]) -> str:
    """The reason a person can read aloud: what the table shows, and why it is (not) five."""
    totals: dict[str, int] = {}
    for tally in tallies:
        for kind, n in tally:
            totals[kind] = totals.get(kind, 0) + n
    fives = sorted(k for k, v in totals.items() if v == 5)
    if fives:
        return "; ".join(
            f"exactly 5 {kind}: "
            + " + ".join(
                f"{n} ({players[seat]})"
                for seat, tally in enumerate(tallies)
                if (n := sum(c for k, c in tally if k == kind))
            )
            for kind in fives
        )
    shown = sorted(((k, v) for k, v in totals.items() if v), key=lambda kv: (-kv[1], kv[0]))
    if not shown:
        return "the table is empty: nothing to ring for"
    if len(shown) == 1:
        kind, count = shown[0]
        return f"{count} {kind} is not 5"
    listed = ", ".join(f"{v} {k}" for k, v in shown)
    return f"no kind shows exactly 5 ({listed})"


class Game:
    def __init__(
        self,
        ruleset: Ruleset,
        players: tuple[str, ...],
        options: Options,
        hidden: list[int],
    ) -> None:
        n = len(players)
        self.n = n
        self.in_count = n  # players not out
        self.ruleset = ruleset
        self.players = players
        self.options = options
        self.started_with = n
        self.hidden = hidden
        self.piles = [0] * n
        self.top: list[Card | None] = [None] * n
        self._top_tally: list[Tally] = [()] * n
        self.out = [False] * n
        self.out_at: list[float | None] = [None] * n  # when each player went out
        self.totals: dict[str, int] = {}
        # Each category showing exactly five, with the time it began to: a five made by covering
        # a card counts as much as one made by adding (the official guide warns of both).
        self._fives: dict[str, float] = {}
        self.turn: int | None = 0
        self.paused = False  # after a correct ring, until the next reveal
        self.over = False
        self.total_cards = sum(hidden)

    def copy(self) -> Game:
        """An independent copy (cards and rulesets are immutable and shared)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        for name in ("hidden", "piles", "top", "_top_tally", "out", "out_at"):
            setattr(twin, name, list(getattr(self, name)))
        twin.totals = dict(self.totals)
        twin._fives = dict(self._fives)
        return twin

    # --- reading the table ----------------------------------------------------------------

    def cards_of(self, seat: int) -> int:
        return self.hidden[seat] + self.piles[seat]

    def all_cards(self) -> tuple[int, ...]:
        return tuple(h + p for h, p in zip(self.hidden, self.piles, strict=True))

    def in_play(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    @property
    def last_two(self) -> bool:
        """The leaflet's and the official last round: the next ring ends the game."""
        return self.in_count == 2 and self.started_with >= 3 and not self.options.play_to_all_cards

    @property
    def five_since(self) -> float | None:
        fives = self._fives
        return min(fives.values()) if fives else None

    def has_five(self) -> bool:
        return bool(self._fives)

    def check(self) -> TableCheck:
        fives = self._fives
        since = min(fives.values()) if fives else None
        return TableCheck(bool(fives), since, tuple(self._top_tally), self.players)

    def describe(self) -> str:
        return describe(tuple(self._top_tally), self.players)

    # --- changing the table ---------------------------------------------------------------

    def place(self, seat: int, card: Card, t: float, tally: Tally | None = None) -> None:
        """A card turned face up on a seat's pile; it covers the one below."""
        totals = self.totals
        covered = self._top_tally[seat]
        for kind, n in covered:
            totals[kind] -= n
        if tally is None:
            tally = self.ruleset.tally_of(card)
        for kind, n in tally:
            totals[kind] = totals.get(kind, 0) + n
        # Only the categories this reveal touched can start or stop showing five; one that was
        # five and is five again (a 2 covered by a 2) has shown five all along.
        fives = self._fives
        for kind, _ in covered:
            if totals[kind] == 5:
                if kind not in fives:
                    fives[kind] = t
            elif kind in fives:
                del fives[kind]
        for kind, _ in tally:
            if totals[kind] == 5:
                if kind not in fives:
                    fives[kind] = t
            elif kind in fives:
                del fives[kind]
        self._top_tally[seat] = tally
        self.top[seat] = card
        self.piles[seat] += 1

    def clear_table(self) -> int:
        """Every face-up pile leaves the table; returns how many cards that was."""
        taken = sum(self.piles)
        self.piles = [0] * self.n
        self.top = [None] * self.n
        self._top_tally = [()] * self.n
        self.totals = {}
        self._fives = {}
        return taken

    def next_revealer(self, start: int) -> int | None:
        """The first seat from `start` clockwise that is in and has a hidden card to turn."""
        for i in range(self.n):
            seat = (start + i) % self.n
            if not self.out[seat] and self.hidden[seat] > 0:
                return seat
        return None

"""The state of one game at the table: hidden decks, face-up piles, running totals.

Pure bookkeeping with no notion of time windows (that is the engine's job). The running total
per category is adjusted by what changes, as the leaflet tells players to do: a covered card
leaves the count, the new one enters, taken piles empty it.
"""

from __future__ import annotations

from dataclasses import dataclass

from halli_pi.cards import Card
from halli_pi.rules.rulesets import Options, Ruleset, Tally


@dataclass(frozen=True, slots=True)
class TableCheck:
    """What the table showed at one instant, for judging a press made then.

    The top cards' tallies are kept (a tuple of tuples, cheap to copy) and the reason is only
    worded when a ruling needs it: most presses are judged without ever being read aloud.
    """

    five: bool
    five_since: float | None  # time of the reveal that made the current five
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
        self.totals: dict[str, int] = {}
        self._fives = 0  # how many categories show exactly five right now
        self.five_since: float | None = None
        self.turn: int | None = 0
        self.paused = False  # after a correct ring, until the next reveal
        self.over = False
        self.total_cards = sum(hidden)

    def copy(self) -> Game:
        """An independent copy (cards and rulesets are immutable and shared)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        for name in ("hidden", "piles", "top", "_top_tally", "out"):
            setattr(twin, name, list(getattr(self, name)))
        twin.totals = dict(self.totals)
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

    def has_five(self) -> bool:
        return self._fives > 0

    def check(self) -> TableCheck:
        return TableCheck(self._fives > 0, self.five_since, tuple(self._top_tally), self.players)

    def describe(self) -> str:
        return describe(tuple(self._top_tally), self.players)

    # --- changing the table ---------------------------------------------------------------

    def place(self, seat: int, card: Card, t: float, tally: Tally | None = None) -> None:
        """A card turned face up on a seat's pile; it covers the one below."""
        totals = self.totals
        made_five = False
        for kind, n in self._top_tally[seat]:
            before = totals[kind]
            after = before - n
            totals[kind] = after
            self._fives += (after == 5) - (before == 5)
        if tally is None:
            tally = self.ruleset.tally_of(card)
        for kind, n in tally:
            before = totals.get(kind, 0)
            after = before + n
            totals[kind] = after
            if after == 5 and before != 5:
                made_five = True
            self._fives += (after == 5) - (before == 5)
        self._top_tally[seat] = tally
        self.top[seat] = card
        self.piles[seat] += 1
        if made_five:
            self.five_since = t
        elif not self._fives:
            self.five_since = None

    def clear_table(self) -> int:
        """Every face-up pile leaves the table; returns how many cards that was."""
        taken = sum(self.piles)
        self.piles = [0] * self.n
        self.top = [None] * self.n
        self._top_tally = [()] * self.n
        self.totals = {}
        self._fives = 0
        self.five_since = None
        return taken

    def next_revealer(self, start: int) -> int | None:
        """The first seat from `start` clockwise that is in and has a hidden card to turn."""
        for i in range(self.n):
            seat = (start + i) % self.n
            if not self.out[seat] and self.hidden[seat] > 0:
                return seat
        return None

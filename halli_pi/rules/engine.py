"""The engine: input events in time order, rulings out.

Presses are gathered into bursts: every press within `window_ms` of a burst's first press
belongs to it, and the burst gets one ruling once its window has closed. Each press is judged
against the table as it was at that press's own time (reveals inside the window are applied as
they come). Deterministic, no I/O, no clock: time is the events' `t`.
"""

from __future__ import annotations

from dataclasses import dataclass

from halli_pi.cards import deck
from halli_pi.errors import InputError
from halli_pi.rules.events import (
    Eliminated,
    End,
    GameOver,
    GameStart,
    InputEvent,
    Move,
    Notice,
    OutputEvent,
    Press,
    PressVerdict,
    Reveal,
    Ruling,
    Verdict,
)
from halli_pi.rules.game import Game, TableCheck
from halli_pi.rules.rulesets import Options, get_ruleset


@dataclass(slots=True)
class _Judged:
    """A press with what the table showed at its time, and anything that voids it then."""

    press: Press
    table: TableCheck
    void_reason: str | None


class Engine:
    """Referee of one session: any number of games, one after another."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self._burst: list[_Judged] = []
        self._burst_start = 0.0
        self._last_t = float("-inf")

    # --- public ---------------------------------------------------------------------------

    def copy(self) -> Engine:
        """An independent engine in the same state: to try out what pending events would do."""
        twin = Engine()
        twin.game = None if self.game is None else self.game.copy()
        twin._burst = list(self._burst)
        twin._burst_start = self._burst_start
        twin._last_t = self._last_t
        return twin

    @property
    def burst_closes_at(self) -> float | None:
        """When the open burst's window closes (None: no burst open)."""
        if not self._burst:
            return None
        # Rounded to the microsecond so a ruling's time prints as cleanly as the presses'.
        return round(self._burst_start + self.game.options.window_ms / 1000.0, 6)

    def advance(self, t: float) -> list[OutputEvent]:
        """Every event with time <= t has been fed: close a burst whose window ended by t."""
        closes = self.burst_closes_at
        if closes is not None and closes <= t:
            return self._close_burst(closes)
        return []

    def feed(self, event: InputEvent) -> list[OutputEvent]:
        """Take one input event; return what the referee decides because of it."""
        t = event.t
        if t < self._last_t:
            raise InputError(f"time goes backwards: {t} after {self._last_t}", field="t")
        self._last_t = t
        handler = self._handlers.get(type(event))
        if handler is None:
            raise InputError(f"unknown event {event!r}", field="type")
        if self._burst:
            closes = self.burst_closes_at
            if closes < t or type(event) in (GameStart, End):
                return self._close_burst(min(closes, t)) + handler(self, event)
        return handler(self, event)

    def snapshot(self) -> dict | None:
        """A JSON-able view of the table for screens and pages."""
        g = self.game
        if g is None:
            return None
        players = []
        for s in range(g.n):
            status = "out" if g.out[s] else ("no hidden cards" if g.hidden[s] == 0 else "in")
            players.append(
                {
                    "seat": s,
                    "name": g.players[s],
                    "hidden": g.hidden[s],
                    "pile": g.piles[s],
                    "cards": g.cards_of(s),
                    "top": None if g.top[s] is None else str(g.top[s]),
                    "status": status,
                }
            )
        return {
            "ruleset": g.ruleset.name,
            "players": players,
            "totals": {k: v for k, v in sorted(g.totals.items()) if v},
            "fives": sorted(k for k, v in g.totals.items() if v == 5),
            "turn": g.turn,
            "paused": g.paused,
            "last_two": g.last_two,
            "over": g.over,
        }

    # --- input events -----------------------------------------------------------------------

    def _start(self, event: GameStart) -> list[OutputEvent]:
        out: list[OutputEvent] = []
        if self.game is not None and not self.game.over:
            out += self._finish(event.t, "a new game was started; standings as they were")
        ruleset = get_ruleset(event.ruleset)
        players = tuple(event.players)
        if not 2 <= len(players) <= 8:
            raise InputError(f"{len(players)} players; a game needs 2 to 8", field="players")
        options = (
            event.options
            if isinstance(event.options, Options)
            else Options.from_json(event.options)
        )
        if event.cards is not None:
            hidden = list(event.cards)
            if len(hidden) != len(players):
                raise InputError(f"{len(hidden)} counts for {len(players)} players", field="cards")
            if any(not isinstance(c, int) or isinstance(c, bool) or c < 0 for c in hidden):
                raise InputError(f"counts must be whole numbers >= 0, got {hidden}", field="cards")
        else:
            size, n = len(deck(ruleset.deck)), len(players)
            hidden = [size // n + (1 if s < size % n else 0) for s in range(n)]
        self.game = Game(ruleset, players, options, hidden)
        for seat in range(len(players)):
            if hidden[seat] == 0:
                out += self._eliminate(seat, event.t, "dealt no cards")
        self.game.turn = self.game.next_revealer(0)
        return out

    def _end(self, event: End) -> list[OutputEvent]:
        if self.game is not None and not self.game.over:
            return self._finish(event.t, "the session ended; standings as they are")
        return []

    def _require_game(self, field: str) -> Game:
        if self.game is None:
            raise InputError("an event before any 'game' event", field=field)
        return self.game

    def _check_seat(self, g: Game, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.n:
            raise InputError(f"{seat!r} is not a seat of this game (0..{g.n - 1})", field="seat")
        return seat

    def _reveal(self, event: Reveal) -> list[OutputEvent]:
        g = self._require_game("type")
        seat = self._check_seat(g, event.seat)
        tally = g.ruleset.tally_of(event.card)  # a card the deck cannot have: refused first
        name = g.players[seat]
        if g.over:
            return [
                Notice(
                    event.t,
                    seat,
                    f"{name} revealed {event.card} after the game ended",
                    "after_game_over",
                )
            ]
        out: list[OutputEvent] = []
        # The camera is the truth: what it saw is placed, and anything odd is said, not refused.
        if g.out[seat]:
            out.append(
                Notice(
                    event.t, seat, f"{name} is out but revealed {event.card}", "impossible_reveal"
                )
            )
        elif g.hidden[seat] == 0:
            out.append(
                Notice(
                    event.t,
                    seat,
                    f"{name} has no hidden cards but revealed {event.card}",
                    "impossible_reveal",
                )
            )
        elif g.turn is not None and seat != g.turn:
            out.append(
                Notice(
                    event.t,
                    seat,
                    f"{name} revealed out of turn ({g.players[g.turn]} was due)",
                    "out_of_turn",
                )
            )
        if g.hidden[seat] > 0:
            g.hidden[seat] -= 1
        g.place(seat, event.card, event.t, tally)
        g.paused = False
        g.turn = g.next_revealer(seat + 1)
        if g.ruleset.out_when_hidden_runs_out and g.hidden[seat] == 0 and not g.out[seat]:
            out += self._eliminate(seat, event.t, f"{name} turned their last card")
            out += self._check_end(event.t)
        return out

    def _press(self, event: Press) -> list[OutputEvent]:
        g = self._require_game("type")
        if event.seat is not None:
            self._check_seat(g, event.seat)
        if g.over:
            return [Notice(event.t, event.seat, "a press after the game ended", "after_game_over")]
        void_reason = event.void
        if void_reason:
            pass
        elif event.seat is not None and g.out[event.seat]:
            void_reason = f"{g.players[event.seat]} is out and may not ring"
        elif g.paused:
            void_reason = "the piles are being gathered"
        if not self._burst:
            self._burst_start = event.t
        self._burst.append(_Judged(event, g.check(), void_reason))
        return []

    # --- rulings --------------------------------------------------------------------------------

    def _close_burst(self, t: float) -> list[OutputEvent]:
        g = self.game
        burst, self._burst = self._burst, []
        opts = g.options
        verdicts: dict[int, tuple[Verdict, str | None]] = {}  # index in burst -> verdict, note
        seen: set[int] = set()
        live: list[int] = []  # presses that count, in time order
        for i, j in enumerate(burst):
            seat = j.press.seat
            if j.void_reason:
                verdicts[i] = (Verdict.VOID, j.void_reason)
            elif seat is not None and seat in seen:
                verdicts[i] = (Verdict.VOID, "repeat press")
            else:
                live.append(i)
            if seat is not None:
                seen.add(seat)

        correct = [i for i in live if burst[i].table.five]
        first = correct[0] if correct else None
        tied = []
        if first is not None:
            t0 = burst[first].press.t
            tied = [i for i in correct if burst[i].press.t - t0 < opts.tie_ms / 1000.0]
            if len(tied) < 2:
                tied = []
        decided_at = burst[first].press.t if first is not None else float("inf")

        winner_index: int | None = None
        payers: list[int] = []
        for i in live:
            j = burst[i]
            if i in tied:
                verdicts[i] = (Verdict.TIE, "tied for first: nobody wins, the piles stay")
            elif i == first:
                winner_index = i
                verdicts[i] = (Verdict.CORRECT, None)
            elif j.press.t < decided_at or (j.press.t == decided_at and not j.table.five):
                verdicts[i] = (Verdict.WRONG, None)
                payers.append(i)
            else:
                verdicts[i] = (Verdict.VOID, "after the first correct press")

        out: list[OutputEvent] = []
        moves: list[Move] = []
        notes: list[str] = []
        uncredited = False
        winner: int | None = None
        end_reason: str | None = None
        last_two = g.last_two

        if winner_index is not None and burst[winner_index].press.seat is None:
            # A shared bell rang right but cannot say who: nothing moves until someone credits it.
            uncredited = True
            verdicts[winner_index] = (
                Verdict.CORRECT,
                "the bell cannot tell who rang: the piles wait for a credit",
            )
            g.paused = True
            winner_index = None

        first_live = live[0] if live else None
        if last_two and first_live is not None and first_live in payers:
            # The last round: a wrong ring ends the game, the other player takes the table.
            ringer = burst[first_live].press.seat
            if ringer is not None:
                other = next(s for s in g.in_play() if s != ringer)
                moves.append(Move(None, other, self._take_piles(other), "piles"))
                notes.append(
                    f"the last two: {g.players[ringer]} rang wrong, "
                    f"{g.players[other]} takes every face-up pile"
                )
                end_reason = "the last two: a wrong ring ends the game"
                for i in payers[1:]:
                    verdicts[i] = (Verdict.VOID, "the game ended on the first wrong ring")
                payers = []
        for i in payers:
            seat = burst[i].press.seat
            if seat is None:
                verdicts[i] = (Verdict.WRONG, "the bell cannot tell who rang: nobody pays")
                continue
            paid, note = self._pay_penalty(seat, moves, t)
            if note:
                verdicts[i] = (Verdict.WRONG, note)
            out += paid
        if winner_index is not None and end_reason is None:
            winner = burst[winner_index].press.seat
            moves.append(Move(None, winner, self._take_piles(winner), "piles"))
            g.paused = True
            g.turn = winner
            if last_two:
                end_reason = "the last two: the final ring was rung"
        elif payers and g.ruleset.wrong_ringer_reveals_next:
            ringer = burst[payers[-1]].press.seat
            if ringer is not None and not g.out[ringer] and g.hidden[ringer] > 0:
                g.turn = ringer

        presses = tuple(self._verdict_of(g, burst[i], *verdicts[i]) for i in range(len(burst)))
        reason = self._reason(g, burst, winner_index, tied, payers, live, uncredited, notes)
        out.insert(0, Ruling(t, winner, presses, g.all_cards(), reason, tuple(moves), uncredited))
        out += self._eliminate_empty(t)
        if g.turn is None or g.out[g.turn] or g.hidden[g.turn] == 0:
            g.turn = g.next_revealer(g.turn if g.turn is not None else 0)
        if end_reason:
            out += self._finish(t, end_reason)
        else:
            out += self._check_end(t)
        return out

    def _verdict_of(self, g: Game, j: _Judged, verdict: Verdict, note: str | None) -> PressVerdict:
        reaction = None
        if j.table.five and j.table.five_since is not None:
            reaction = (j.press.t - j.table.five_since) * 1000.0
        anticipation = (
            verdict in (Verdict.CORRECT, Verdict.TIE)
            and reaction is not None
            and reaction < g.options.min_reaction_ms
        )
        return PressVerdict(j.press.seat, j.press.t, verdict, note, reaction, anticipation)

    def _reason(self, g, burst, winner_index, tied, payers, live, uncredited, notes) -> str:
        def who(i: int) -> str:
            seat = burst[i].press.seat
            return "the shared bell" if seat is None else g.players[seat]

        parts: list[str] = []
        if winner_index is not None:
            parts.append(f"{who(winner_index)} correct: {burst[winner_index].table.reason}")
        elif uncredited:
            first = next(i for i in live if burst[i].table.five)
            parts.append(f"correct ring, who rang? {burst[first].table.reason}")
        elif tied:
            names = " and ".join(who(i) for i in tied)
            parts.append(f"tie between {names}: {burst[tied[0]].table.reason}")
        for i in payers:
            parts.append(f"{who(i)} wrong: {burst[i].table.reason}")
        if not parts and live:
            parts.append(f"{who(live[0])} wrong: {burst[live[0]].table.reason}")
        if not live:
            parts.append(f"{who(0)} void: {burst[0].void_reason}")
        return "; ".join(parts + notes)

    def _take_piles(self, taker: int) -> int:
        g = self.game
        taken = g.clear_table()
        g.hidden[taker] += taken
        return taken

    def _pay_penalty(
        self, seat: int, moves: list[Move], t: float
    ) -> tuple[list[OutputEvent], str | None]:
        """One hidden card to each other player still in, from the left neighbour on."""
        g = self.game
        takers = [(seat + k) % g.n for k in range(1, g.n) if not g.out[(seat + k) % g.n]]
        if g.hidden[seat] == 0:
            return self._eliminate(seat, t, f"{g.players[seat]} could not pay"), (
                f"{g.players[seat]} has no hidden cards to pay with and is out"
            )
        paid_to = 0
        for taker in takers:
            if g.hidden[seat] == 0:
                break
            g.hidden[seat] -= 1
            g.hidden[taker] += 1
            moves.append(Move(seat, taker, 1, "penalty"))
            paid_to += 1
        note = None
        if paid_to < len(takers):
            note = f"could pay only {paid_to} of {len(takers)} players"
        out: list[OutputEvent] = []
        if g.hidden[seat] == 0 and g.ruleset.out_when_hidden_runs_out:
            out += self._eliminate(seat, t, f"{g.players[seat]} paid their last card")
        return out, note

    def _eliminate(self, seat: int, t: float, reason: str) -> list[OutputEvent]:
        g = self.game
        if g.out[seat]:
            return []
        g.out[seat] = True
        g.in_count -= 1
        if g.turn == seat:
            g.turn = g.next_revealer(seat + 1)
        return [Eliminated(t, seat, reason)]

    def _eliminate_empty(self, t: float) -> list[OutputEvent]:
        g = self.game
        out: list[OutputEvent] = []
        for seat in range(g.n):
            if not g.out[seat] and g.hidden[seat] == 0:
                if g.piles[seat] == 0:
                    out += self._eliminate(seat, t, f"{g.players[seat]} has no cards left")
                elif g.ruleset.out_when_hidden_runs_out:
                    out += self._eliminate(seat, t, f"{g.players[seat]} has no hidden cards")
        return out

    def _check_end(self, t: float) -> list[OutputEvent]:
        g = self.game
        if g.over:
            return []
        left = g.in_play()
        if len(left) <= 1:
            return self._finish(t, "one player is left" if left else "no player is left")
        return []

    def _finish(self, t: float, reason: str) -> list[OutputEvent]:
        g = self.game
        g.over = True
        g.turn = None
        cards = g.all_cards()
        best = max(cards)
        winners = tuple(s for s, c in enumerate(cards) if c == best)
        return [GameOver(t, winners, cards, reason)]


Engine._handlers = {
    Reveal: Engine._reveal,
    Press: Engine._press,
    GameStart: Engine._start,
    End: Engine._end,
}

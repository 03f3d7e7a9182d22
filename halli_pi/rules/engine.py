"""The engine: input events in time order, rulings out.

Presses are gathered into bursts: every press within `window_ms` of a burst's first press
belongs to it, and the burst gets one ruling once its window has closed. Each press is judged
at its own time, against the table and the players as they were then: a wrong press pays the
players still in at once (and may put its ringer out, or end the game), so the next press meets
the game as that one left it. What a correct press wins is settled when the window closes (a
press in the tie window may share it). A game decided inside a window ends with that window:
its ruling comes first, then `game_over` with the final counts; later presses in it are void.
Deterministic, no I/O, no clock: time is the events' `t`.
"""

from __future__ import annotations

from typing import TypedDict

from halli_pi.cards import deck
from halli_pi.errors import InputError
from halli_pi.rules.burst import Burst, Judged, reason_of
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
from halli_pi.rules.game import Game
from halli_pi.rules.rulesets import MAX_PLAYERS, MIN_PLAYERS, Options, get_ruleset

FINAL_RING = "the last two: the final ring was rung"


class SeatSnapshot(TypedDict):
    """One seat in a snapshot of the table."""

    seat: int
    name: str
    hidden: int  # face-down cards
    pile: int  # face-up cards on the seat's pile
    cards: int  # all the seat's cards
    top: str | None  # the face-up card on top
    status: str  # "in", "out" or "no hidden cards"


class TableSnapshot(TypedDict):
    """A JSON-able snapshot of the table for screens and pages."""

    ruleset: str
    players: list[SeatSnapshot]
    totals: dict[str, int]  # fruits showing, those with a count only
    fives: list[str]  # fruits showing exactly five
    turn: int | None
    paused: bool
    last_two: bool
    over: bool


class Engine:
    """Referee of one session: any number of games, one after another."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self._burst: Burst | None = None
        # The game's end when it was decided inside the open burst: (time, reason). It is
        # announced when the burst closes, after the burst's ruling.
        self._ending: tuple[float, str] | None = None
        self._last_t = float("-inf")

    # --- public ---------------------------------------------------------------------------

    def copy(self) -> Engine:
        """An independent engine in the same state: to try out what pending events would do."""
        twin = Engine()
        twin.game = None if self.game is None else self.game.copy()
        twin._burst = None if self._burst is None else self._burst.copy()
        twin._ending = self._ending
        twin._last_t = self._last_t
        return twin

    @property
    def burst_closes_at(self) -> float | None:
        """When the open burst's window closes (None: no burst open)."""
        if self._burst is None:
            return None
        return self._window_end(self._burst)

    def _window_end(self, b: Burst) -> float:
        # Rounded to the microsecond so a ruling's time prints as cleanly as the presses'.
        return round(b.start + self._live().options.window_ms / 1000.0, 6)

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
        if type(event) not in (Reveal, Press, GameStart, End):
            raise InputError(f"unknown event {event!r}", field="type")
        if self._burst is not None:
            closes = self._window_end(self._burst)
            if closes < t or type(event) in (GameStart, End):
                return self._close_burst(min(closes, t)) + self._handle(event)
        return self._handle(event)

    def _handle(self, event: InputEvent) -> list[OutputEvent]:
        if isinstance(event, Reveal):
            return self._reveal(event)
        if isinstance(event, Press):
            return self._press(event)
        if isinstance(event, GameStart):
            return self._start(event)
        return self._end(event)

    @property
    def deciding(self) -> bool:
        """The game's end is decided and waits only for the open burst's ruling."""
        return self._ending is not None

    def snapshot(self) -> TableSnapshot | None:
        """A JSON-able view of the table for screens and pages."""
        g = self._live()
        if g is None:
            return None
        players: list[SeatSnapshot] = []
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
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise InputError(
                f"{len(players)} players; a game needs {MIN_PLAYERS} to {MAX_PLAYERS}",
                field="players",
            )
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
        # A deal that leaves one player (or none) in is a game that cannot go on.
        return out + self._check_end(event.t)

    def _end(self, event: End) -> list[OutputEvent]:
        if self.game is not None and not self.game.over:
            return self._finish(event.t, "the session ended; standings as they are")
        return []

    def _live(self) -> Game:
        """The game the consequences below act on: they only run inside one, so its absence
        is a bug of the engine, not of the input."""
        if self.game is None:
            raise RuntimeError("the engine acted with no game under way")
        return self.game

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
        if g.over or self._ending is not None:
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
        if (
            g.ruleset.out_when_hidden_runs_out
            and g.hidden[seat] == 0
            and not g.out[seat]
            and not self._owed_piles(seat)
        ):
            out += self._eliminate(seat, event.t, f"{name} turned their last card")
            out += self._check_end(event.t)
        return out

    def _owed_piles(self, seat: int) -> bool:
        """This seat rang right in the open burst: the piles it is about to take go under its
        deck, so an empty deck is judged when the window closes, not before."""
        b = self._burst
        return b is not None and any(b.presses[i].press.seat == seat for i in b.correct)

    def _press(self, event: Press) -> list[OutputEvent]:
        g = self._require_game("type")
        seat = event.seat
        if seat is not None:
            self._check_seat(g, seat)
        if g.over:
            return [Notice(event.t, seat, "a press after the game ended", "after_game_over")]
        b = self._burst
        if b is None:
            b = self._burst = Burst(event.t)
        table = g.check()
        void: str | None = None
        if self._ending is not None:
            void = f"the game had ended: {self._ending[1]}"
        elif event.void:
            void = event.void
        elif seat is not None and g.out[seat]:
            void = f"{g.players[seat]} is out and may not ring"
        elif g.paused:
            void = "the piles are being gathered"
        elif seat is not None and seat in b.seen:
            void = "repeat press"
        if seat is not None:
            b.seen.add(seat)
        index = len(b.presses)
        t0 = b.presses[b.correct[0]].press.t if b.correct else None
        if void is None and t0 is not None and (table.five or event.t != t0):
            if table.five and event.t - t0 < g.options.tie_ms / 1000.0:
                b.correct.append(index)  # tied with the first: settled when the window closes
            else:
                void = "after the first correct press"
        if void is not None:
            b.presses.append(Judged(event, table, Verdict.VOID, void))
        elif table.five:
            if t0 is None:
                b.correct.append(index)
                b.final_ring = g.last_two
            b.presses.append(Judged(event, table, None))
        else:
            b.payers.append(index)
            b.presses.append(Judged(event, table, Verdict.WRONG, self._wrong(b, seat, event.t)))
        return []

    # --- consequences, at the press's own time --------------------------------------------------

    def _wrong(self, b: Burst, seat: int | None, t: float) -> str | None:
        """A wrong press pays now; returns its note."""
        g = self._live()
        if seat is None:
            return "the bell cannot tell who rang: nobody pays"
        if g.last_two:
            # The last round: a wrong ring ends the game, the other player takes the table.
            other = next(s for s in g.in_play() if s != seat)
            taken = self._take_piles(other)
            if taken:
                b.moves.append(Move(None, other, taken, "piles"))
            b.notes.append(
                f"the last two: {g.players[seat]} rang wrong, "
                f"{g.players[other]} takes every face-up pile"
            )
            self._decide(t, "the last two: a wrong ring ends the game")
            return None
        note = self._pay_penalty(seat, b, t)
        if g.ruleset.wrong_ringer_reveals_next and not g.out[seat] and g.hidden[seat] > 0:
            g.turn = seat
        self._fix_turn()
        self._check_end(t)
        return note

    def _pay_penalty(self, seat: int, b: Burst, t: float) -> str | None:
        """One hidden card to each other player still in, from the left neighbour on."""
        g = self._live()
        name = g.players[seat]
        if g.hidden[seat] == 0:
            self._put_out(seat, t, b, f"{name} could not pay")
            return f"{name} has no hidden cards to pay with and is out"
        takers = [(seat + k) % g.n for k in range(1, g.n) if not g.out[(seat + k) % g.n]]
        paid_to = 0
        for taker in takers:
            if g.hidden[seat] == 0:
                break
            g.hidden[seat] -= 1
            g.hidden[taker] += 1
            b.moves.append(Move(seat, taker, 1, "penalty"))
            paid_to += 1
        if g.hidden[seat] == 0:
            if g.ruleset.out_when_hidden_runs_out:
                self._put_out(seat, t, b, f"{name} paid their last card")
            elif g.piles[seat] == 0:
                # Neither a hidden card nor a face-up pile: nothing left to stay in with.
                self._put_out(seat, t, b, f"{name} has no cards left")
        if paid_to < len(takers):
            return f"could pay only {paid_to} of {len(takers)} players"
        return None

    def _put_out(self, seat: int, t: float, b: Burst, reason: str) -> None:
        """Out from `t` on; announced after the burst's ruling."""
        if self._set_out(seat, t):
            b.gone.append((seat, reason))

    # --- rulings --------------------------------------------------------------------------------

    def _close_burst(self, t: float) -> list[OutputEvent]:
        g = self._live()
        b, self._burst = self._burst, None
        if b is None:
            raise RuntimeError("a burst was closed that was never opened")
        ending, self._ending = self._ending, None
        settled: dict[int, tuple[Verdict, str | None]] = {}
        winner: int | None = None
        uncredited = False
        end_reason = None if ending is None else ending[1]
        if len(b.correct) > 1:
            for i in b.correct:
                settled[i] = (Verdict.TIE, "tied for first: nobody wins, the piles stay")
        elif b.correct:
            first = b.correct[0]
            seat = b.presses[first].press.seat
            g.paused = True
            if seat is None:
                # A shared bell rang right but cannot say who: nothing moves until a credit.
                uncredited = True
                settled[first] = (
                    Verdict.CORRECT,
                    "the bell cannot tell who rang: the piles wait for a credit",
                )
            else:
                winner = seat
                settled[first] = (Verdict.CORRECT, None)
                b.moves.append(Move(None, winner, self._take_piles(winner), "piles"))
                g.turn = winner
                if b.final_ring and (ending is None or b.presses[first].press.t <= ending[0]):
                    end_reason = FINAL_RING

        presses = tuple(
            self._verdict_of(g, j, *(settled[i] if i in settled else _as_judged(j)))
            for i, j in enumerate(b.presses)
        )
        reason = reason_of(g.players, b, winner, uncredited)
        out: list[OutputEvent] = [
            Ruling(t, winner, presses, g.all_cards(), reason, tuple(b.moves), uncredited)
        ]
        out += [Eliminated(t, seat, why) for seat, why in b.gone]
        if ending is None:
            out += self._eliminate_empty(t)
        self._fix_turn()
        if end_reason:
            out += self._finish(t, end_reason)
        else:
            out += self._check_end(t)
        return out

    def _verdict_of(self, g: Game, j: Judged, verdict: Verdict, note: str | None) -> PressVerdict:
        reaction = None
        if j.table.five and j.table.five_since is not None:
            reaction = (j.press.t - j.table.five_since) * 1000.0
        anticipation = (
            verdict in (Verdict.CORRECT, Verdict.TIE)
            and reaction is not None
            and reaction < g.options.min_reaction_ms
        )
        return PressVerdict(j.press.seat, j.press.t, verdict, note, reaction, anticipation)

    def _take_piles(self, taker: int) -> int:
        g = self._live()
        taken = g.clear_table()
        g.hidden[taker] += taken
        return taken

    def _fix_turn(self) -> None:
        g = self._live()
        if g.turn is None or g.out[g.turn] or g.hidden[g.turn] == 0:
            g.turn = g.next_revealer(g.turn if g.turn is not None else 0)

    def _set_out(self, seat: int, t: float) -> bool:
        g = self._live()
        if g.out[seat]:
            return False
        g.out[seat] = True
        g.out_at[seat] = t
        g.in_count -= 1
        if g.turn == seat:
            g.turn = g.next_revealer(seat + 1)
        return True

    def _eliminate(self, seat: int, t: float, reason: str) -> list[OutputEvent]:
        return [Eliminated(t, seat, reason)] if self._set_out(seat, t) else []

    def _eliminate_empty(self, t: float) -> list[OutputEvent]:
        g = self._live()
        out: list[OutputEvent] = []
        for seat in range(g.n):
            if not g.out[seat] and g.hidden[seat] == 0:
                if g.piles[seat] == 0:
                    out += self._eliminate(seat, t, f"{g.players[seat]} has no cards left")
                elif g.ruleset.out_when_hidden_runs_out:
                    out += self._eliminate(seat, t, f"{g.players[seat]} has no hidden cards")
        return out

    # --- the end ----------------------------------------------------------------------------------

    def _check_end(self, t: float) -> list[OutputEvent]:
        g = self._live()
        if g.over or g.in_count > 1:
            return []
        return self._decide(t, "one player is left" if g.in_count else "no player is left")

    def _decide(self, t: float, reason: str) -> list[OutputEvent]:
        """The game is over at t: at once, or with the open burst (its ruling comes first)."""
        if self._burst is None:
            return self._finish(t, reason)
        if self._ending is None:
            self._ending = (t, reason)
        return []

    def _finish(self, t: float, reason: str) -> list[OutputEvent]:
        g = self._live()
        g.over = True
        g.turn = None
        cards = g.all_cards()
        # Only a player still in can win; the leaflet's eliminated player leaves a pile that
        # counts for whoever takes it, not for them. When nobody is in (only a deal of no
        # cards can do that), those who went out last share the standing.
        pool = g.in_play()
        if not pool:
            # Nobody is in, so every seat has a time it went out.
            last = max(when for when in g.out_at if when is not None)
            pool = [s for s in range(g.n) if g.out_at[s] == last]
        best = max(cards[s] for s in pool)
        winners = tuple(s for s in pool if cards[s] == best)
        return [GameOver(t, winners, cards, reason)]


def _as_judged(j: Judged) -> tuple[Verdict, str | None]:
    """The verdict a press got at its own time; only correct presses wait for the window's
    close, and those are all settled there."""
    if j.verdict is None:
        raise RuntimeError("a correct press was left unsettled at the window's close")
    return j.verdict, j.note

"""A simulated Hawaiki table: real shuffled cards, players who slip like people do.

The players forget to announce, announce what does not form, thank late or not at all, say
"merci" for two cards, now and then lay a card that does not match or lay out of turn and
take it back. The real engine rules every event; the simulator keeps the physical cards (hands,
piles, draw pile), moves them as the rulings say and checks after each ruling that the
engine's accounting agrees. The result is a session log (input events) and what was ruled,
both reproducible from the seed.
"""

from __future__ import annotations

import dataclasses
import heapq
import random
from dataclasses import dataclass, field
from typing import Any

from halli_pi.rules.events import End, Press
from halli_pi.rules.hawaiki.cards import HCard, hawaiki_deck
from halli_pi.rules.hawaiki.engine import HawaikiEngine
from halli_pi.rules.hawaiki.events import (
    Announce,
    Deal,
    Designate,
    HawaikiGameOver,
    HawaikiRuling,
    HawaikiStart,
    Merci,
    Pass,
    Play,
    Reshuffle,
    Retract,
)
from halli_pi.rules.hawaiki.ruleset import HawaikiOptions, combos_formed, is_legal
from halli_pi.simulation.game import NAMES

HAWAIKI_NAMES = NAMES[:6]


@dataclass(frozen=True)
class Habits:
    """How one simulated player slips (probabilities per occasion)."""

    reaction_s: float  # typical time to thank after the cards are imposed
    forget_announce: float = 0.2  # lays a combination without announcing it
    false_announce: float = 0.04  # announces when the card forms nothing
    announce_by_phone: float = 0.25  # names the combination on the page instead of pressing
    forget_thanks: float = 0.07
    late_thanks: float = 0.07  # thanks on the page after the window closed
    single_press_for_two: float = 0.15  # one press when "merci beaucoup" was owed
    illegal: float = 0.02  # lays a card matching neither value nor colour
    out_of_turn: float = 0.01  # lays while another seat is to act
    designate_self: float = 0.05  # taps their own seat first (ruled invalid, then right)


@dataclass
class SimulatedHawaiki:
    events: list  # the session log's input events
    outputs: list  # what the engine ruled, as it played
    rounds: int = 0
    checks: int = 0  # rulings after which the physical cards were checked against the engine
    slips: dict[str, int] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, ...]:
        return self.events[0].players


class _Table:
    """The physical cards and the engine, fed in time order with the players' later events."""

    def __init__(self, rng: random.Random, n: int, options: HawaikiOptions) -> None:
        self.rng = rng
        self.n = n
        self.options = options
        self.engine = HawaikiEngine()
        self.events: list = []
        self.outputs: list = []
        self.hands: list[list[HCard]] = [[] for _ in range(n)]
        self.piles: list[list[HCard]] = [[], [], []]
        self.draw: list[HCard] = []
        self.pending: dict[int, int] = {}  # pile -> seat whose card awaits its take-back
        self.later: list[tuple[float, int, Any]] = []  # events the players will cause
        self._order = 0
        self.now = 0.0  # the latest time fed or waited for: nothing later goes before it
        self.checks = 0
        self.rounds = 0
        self.over = False
        self.habits: list[Habits] = []
        self.slips: dict[str, int] = {}
        self.in_flight: tuple[int, int] | None = None  # (seat, pile) of the card being laid

    # --- feeding ----------------------------------------------------------------------------

    def schedule(self, event: Any) -> None:
        self._order += 1
        heapq.heappush(self.later, (event.t, self._order, event))

    def feed(self, event: Any) -> None:
        self.flush(event.t)
        self._feed(event)

    def flush(self, t: float) -> None:
        while self.later and self.later[0][0] <= t:
            self._feed(heapq.heappop(self.later)[2])

    def wait_until(self, t: float) -> None:
        """Let time pass with nobody acting: the players' later events, then the timers. The
        next event fed is at t or after, so a replay fires the same timers before it."""
        self.flush(t)
        self.now = max(self.now, t)
        self._settle(self.engine.advance(t))

    def _feed(self, event: Any) -> None:
        self.now = max(self.now, event.t)
        self.events.append(event)
        self._settle(self.engine.feed(event))

    def _settle(self, outputs: list) -> None:
        self._settle_each(outputs)
        # The draw pile is the engine's now, after all of this event's rulings.
        game = self.engine.game
        assert game is not None  # outputs come from a game being played
        if game.acc.draw_pile != len(self.draw):
            raise AssertionError(
                f"simulator and engine disagree on the draw pile: {len(self.draw)} cards, "
                f"engine says {game.acc.draw_pile}"
            )

    def _settle_each(self, outputs: list) -> None:
        for out in outputs:
            self.outputs.append(out)
            if isinstance(out, HawaikiRuling):
                self._apply(out)
            elif isinstance(out, HawaikiGameOver):
                self.over = True

    def _apply(self, ruling: HawaikiRuling) -> None:
        for seat, n in ruling.draws:
            for _ in range(n):
                self.hands[seat].append(self.draw.pop())
        if ruling.subject == "play" and self.in_flight is not None:
            seat, pile = self.in_flight
            self.in_flight = None
            if ruling.verdict in ("illegal", "out_of_turn"):
                self.slip(ruling.verdict)
                self.pending[pile] = seat
        thanked = (ruling.subject == "designate" and ruling.verdict == "ok") or (
            ruling.subject == "play"
            and ruling.verdict == "combo"
            and (self.options.brelan_merci or "brelan" not in ruling.combos)
        )
        if thanked:
            for seat, n in ruling.draws:
                self._thank(seat, n, ruling.t)
        self._check(ruling)

    def _check(self, ruling: HawaikiRuling) -> None:
        self.checks += 1
        held = [len(h) for h in self.hands]
        for seat in self.pending.values():
            held[seat] += 1  # a card awaiting its take-back is still the hand's
        if tuple(held) != ruling.cards:
            raise AssertionError(
                f"simulator and engine disagree at {ruling.t}: hands {held}, "
                f"engine says {list(ruling.cards)}"
            )

    def slip(self, what: str) -> None:
        self.slips[what] = self.slips.get(what, 0) + 1

    # --- the players ------------------------------------------------------------------------

    def _thank(self, seat: int, n: int, t: float) -> None:
        habits, rng = self.habits[seat], self.rng
        window = self.options.merci_window_s
        roll = rng.random()
        if roll < habits.forget_thanks:
            self.slip("forgot_thanks")
            return
        if roll < habits.forget_thanks + habits.late_thanks:
            self.slip("late_thanks")
            words = "merci beaucoup" if n >= 2 else "merci"
            at = round(t + window + rng.uniform(0.2, 2.0), 6)
            self.schedule(Merci(at, seat, words, "phone"))
            return
        at = round(t + min(habits.reaction_s * rng.lognormvariate(0, 0.3), window * 0.8), 6)
        self.schedule(Press(at, seat, "button"))
        if n >= 2:
            if rng.random() < habits.single_press_for_two:
                self.slip("single_press_for_two")
            else:
                second = min(rng.uniform(0.1, 0.35), self.options.double_press_s * 0.9)
                self.schedule(Press(round(at + second, 6), seat, "button"))

    def new_round(self) -> tuple[HCard, ...]:
        cards = hawaiki_deck()
        self.rng.shuffle(cards)
        tops = tuple(cards.pop() for _ in range(3))
        self.piles = [[c] for c in tops]
        self.hands = [[cards.pop() for _ in range(self.options.hand_size)] for _ in range(self.n)]
        self.draw = cards
        self.pending = {}
        self.rounds += 1
        return tops

    def reshuffle_if_low(self, t: float) -> bool:
        under = sum(len(p) - 1 - (k in self.pending) for k, p in enumerate(self.piles))
        if len(self.draw) >= 3 or under < 6:
            return False
        self.wait_until(t)
        for k, pile in enumerate(self.piles):
            keep = 2 if k in self.pending else 1
            self.draw += pile[:-keep]
            del pile[:-keep]
        self.rng.shuffle(self.draw)
        self.feed(Reshuffle(t))
        return True

    def designate(self, t: float, seat: int, combo: str) -> None:
        rng = self.rng
        others = [s for s in range(self.n) if s != seat]
        if rng.random() < self.habits[seat].designate_self:
            self.slip("designated_self")
            self.feed(Designate(t, seat, (seat,) * (1 if combo == "suite" else 2), combo))
            t = round(t + 0.8, 6)
        if combo == "suite":
            targets: tuple[int, ...] = (rng.choice(others),)
        elif rng.random() < 0.5:
            targets = (rng.choice(others),) * 2
        else:
            targets = tuple(rng.sample(others, 2))
        self.feed(Designate(t, seat, targets, combo))

    def turn(self, t: float, seat: int) -> None:
        """The seat to act lays a card, announcing (or not) first; or passes."""
        rng, habits, hand = self.rng, self.habits[seat], self.hands[seat]
        open_piles = [k for k in range(3) if k not in self.pending]
        tops = tuple(p[-1] for p in self.piles)
        moves = [
            (i, k)
            for i, card in enumerate(hand)
            for k in open_piles
            if is_legal(card, self.piles[k][-1])
        ]
        wrong = [
            (i, k)
            for i, card in enumerate(hand)
            for k in open_piles
            if not is_legal(card, self.piles[k][-1])
        ]
        if wrong and rng.random() < habits.illegal:
            i, k = rng.choice(wrong)
            self._lay(t, seat, i, k, None)
            return
        if not moves:
            self.feed(Pass(t, seat))
            return

        def forms(move: tuple[int, int]) -> tuple[str, ...]:
            i, k = move
            after = (*(hand[i] if j == k else tops[j] for j in range(3)),)
            assert len(after) == 3  # the three piles' tops
            return combos_formed(hand[i], tops[k], after, k, self.options.pair_rule)

        scored = [(forms(m), m) for m in moves]
        best = [sm for sm in scored if sm[0]] or scored
        formed, move = rng.choice(best)
        announce: tuple[str, ...] | None | bool = False
        if formed and rng.random() >= habits.forget_announce:
            announce = formed if rng.random() < habits.announce_by_phone else None
        elif formed:
            self.slip("forgot_announce")
        elif rng.random() < habits.false_announce:
            self.slip("false_announce")
            announce = None
        if announce is not False and announce is not True:
            if announce is None:
                self.feed(Press(t, seat, "button"))
            else:
                self.feed(Announce(t, seat, announce, "phone"))
            t = round(t + rng.uniform(0.2, 0.6), 6)
        self._lay(t, seat, *move, None)

    def out_of_turn(self, t: float, seat: int) -> bool:
        """A seat that is not to act lays a card that would match; True if it did."""
        hand = self.hands[seat]
        moves = [
            (i, k)
            for i, card in enumerate(hand)
            for k in range(3)
            if k not in self.pending and is_legal(card, self.piles[k][-1])
        ]
        if not moves:
            return False
        self._lay(t, seat, *self.rng.choice(moves), seat)
        return True

    def _lay(self, t: float, seat: int, i: int, k: int, named: int | None) -> None:
        self.wait_until(t)  # what happened before the hand reached the pile
        card = self.hands[seat].pop(i)
        self.piles[k].append(card)
        self.in_flight = (seat, k)
        self._feed(Play(t, k, card, named, round(t + 0.12, 6)))
        if k in self.pending:
            back = round(t + self.rng.uniform(0.6, 1.2), 6)
            self.wait_until(back)
            self.pending.pop(k)
            self.hands[seat].append(self.piles[k].pop())
            self._feed(Retract(back, k))


def simulate_hawaiki(
    players: int = 4,
    seed: int = 7,
    *,
    options: dict[str, Any] | None = None,
    names: tuple[str, ...] | None = None,
    start_t: float = 0.0,
    max_events: int = 20_000,
    tokens: int | None = None,
    habits: dict[str, float] | None = None,
) -> SimulatedHawaiki:
    """Play one Hawaiki game to its end (or `max_events`), returning its log and rulings.

    `tokens`: each seat's tokens at the start (a shorter game than the rules' 10). `habits`:
    slip probabilities that every player shares, over their own (`{"out_of_turn": 0}` for a
    table whose camera cannot tell whose hand laid a card)."""
    rng = random.Random(seed)
    names = tuple(names or HAWAIKI_NAMES[:players])
    if len(names) != players:
        raise ValueError(f"{players} players but {len(names)} names")
    opts = HawaikiOptions.from_json(options or {})
    table = _Table(rng, players, opts)
    table.habits = [
        dataclasses.replace(Habits(reaction_s=rng.uniform(0.6, 2.0)), **(habits or {}))
        for _ in range(players)
    ]
    t = start_t
    tops = table.new_round()
    counts = None if tokens is None else (tokens,) * players
    table.feed(HawaikiStart(t, "hawaiki", names, dict(options or {}), None, counts, None, tops))
    engine = table.engine
    g = engine.game
    assert g is not None  # the deal was fed
    while not table.over and len(table.events) < max_events:
        t = round(max(t, table.now) + rng.uniform(0.8, 2.5), 6)
        if table.reshuffle_if_low(t):
            continue
        if not g.playing:
            table.wait_until(t)  # the last merci deadlines pass before the cards are gathered
            if table.over:
                break
            if not g.playing:
                table.feed(Deal(t, table.new_round()))
            continue
        if g.designations:
            assert g.designator is not None  # whoever formed the combos designates
            table.designate(t, g.designator, g.designations[0])
            continue
        if g.ending is not None:
            due = engine.next_deadline
            table.wait_until(max(t, due + 0.01) if due is not None else t)
            continue
        seat = g.to_act
        assert seat is not None  # a round being played has someone to act
        if rng.random() < table.habits[seat].out_of_turn:
            other = (seat + rng.randrange(1, players)) % players
            if table.out_of_turn(t, other):
                continue
        table.turn(t, seat)
    t = round(max([t, table.now] + [e.t for _, _, e in table.later]) + 1.0, 6)
    table.feed(End(t))
    return SimulatedHawaiki(table.events, table.outputs, table.rounds, table.checks, table.slips)

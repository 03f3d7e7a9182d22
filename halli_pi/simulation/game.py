"""A simulated table: players turn real (shuffled) cards and bots ring with human reaction times.

It keeps the physical cards (what the renderer needs to draw piles) and lets the real engine
decide every ruling, then moves the physical cards as the ruling says. The result is a session
log (input events) and a timeline of what lay on the table, both reproducible from the seed.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from halli_pi.cards import Card, deck
from halli_pi.rules import Engine, GameStart, Press, Reveal, Ruling, get_ruleset
from halli_pi.rules.events import End, InputEvent, OutputEvent

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
# Rings that change nothing, in a row, while nobody can turn a card: then the table packs up.
MAX_IDLE_RINGS = 3


@dataclass(frozen=True)
class Bot:
    """How one simulated player rings."""

    reaction_median_s: float  # typical time from a five appearing to the press
    miss_rate: float = 0.08  # does not notice a five
    false_alarm: float = 0.01  # rings on a table without a five
    near_miss_alarm: float = 0.04  # rings when some kind shows 4 or 6

    def reaction(self, rng: random.Random) -> float:
        return self.reaction_median_s * rng.lognormvariate(0.0, 0.25)


@dataclass
class SimulatedGame:
    events: list[InputEvent]  # the session log's input events
    outputs: list[OutputEvent]  # what the engine ruled, as it played
    # (t, piles) each time the table changed; piles[seat] lists that pile's cards, top last.
    timeline: list[tuple[float, tuple[tuple[Card, ...], ...]]] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        start = self.events[0]
        assert isinstance(start, GameStart)  # a simulated game begins with its start
        return start.players


def simulate_game(
    players: int = 4,
    seed: int = 7,
    ruleset: str = "classic",
    *,
    options: dict[str, Any] | None = None,
    names: tuple[str, ...] | None = None,
    start_t: float = 0.0,
    max_reveals: int = 3000,
    shared_bell: bool = False,
    credit_rate: float = 0.8,
) -> SimulatedGame:
    """Play one game to its end (or `max_reveals`), returning its log and timeline.

    With a shared bell the presses cannot say who rang; a person at the table credits a
    correct ring to whoever rang first with probability `credit_rate` (the log then holds that
    press with its seat, as the referee re-logs a credited press). The game always ends: when
    nobody can turn a card and rings stop changing anything, the table packs up (`end`).
    """
    rng = random.Random(seed)
    names = tuple(names or NAMES[:players])
    if len(names) != players:
        raise ValueError(f"{players} players but {len(names)} names")
    rules = get_ruleset(ruleset)
    cards = deck(rules.deck)
    rng.shuffle(cards)
    hands: list[deque[Card]] = [deque() for _ in range(players)]
    for i, card in enumerate(cards):  # dealt one at a time from seat 0, as the engine assumes
        hands[i % players].append(card)
    piles: list[list[Card]] = [[] for _ in range(players)]
    bots = [Bot(reaction_median_s=rng.uniform(0.28, 0.6)) for _ in range(players)]

    engine = Engine()
    events: list[InputEvent] = []
    outputs: list[OutputEvent] = []
    timeline: list[tuple[float, tuple[tuple[Card, ...], ...]]] = []

    def snap(t: float) -> None:
        timeline.append((t, tuple(tuple(p) for p in piles)))

    def feed(event: InputEvent) -> None:
        events.append(event)
        settle(engine.feed(event))

    def settle(results: list[OutputEvent]) -> None:
        for out in results:
            outputs.append(out)
            if isinstance(out, Ruling):
                _move_cards(out, hands, piles)
                snap(out.t)

    t = start_t
    feed(GameStart(t, ruleset, names, dict(options or {})))
    snap(t)
    t += 1.0
    reveals = 0
    idle = 0  # rings in a row, with nobody able to turn a card, that changed nothing
    game = engine.game
    assert game is not None  # the start was just fed
    while not (game.over or engine.deciding) and reveals < max_reveals:
        seat = game.turn
        gap = rng.uniform(0.7, 1.5)
        if seat is None:
            # Nobody can turn a card: somebody rings, right or wrong, until a ring changes
            # nothing a few times over (a shared bell nobody credits, a pause that never ends).
            if idle >= MAX_IDLE_RINGS:
                break
            before = _standing(game)
            ringer = rng.choice(game.in_play())
            credited = not shared_bell or (game.has_five() and rng.random() < credit_rate)
            feed(Press(round(t + gap, 6), ringer if credited else None, "bell"))
            t += gap + 1.0
            settle(engine.advance(t))
            idle = idle + 1 if _standing(game) == before else 0
            continue
        idle = 0
        card = hands[seat].popleft()
        piles[seat].append(card)
        feed(Reveal(round(t, 6), seat, card))
        snap(round(t, 6))
        reveals += 1
        presses = _presses(game, bots, rng, t, t + gap - 0.1)
        if shared_bell:
            presses = _shared(presses, game.has_five(), rng, credit_rate)
        for at, who in presses:
            closes = engine.burst_closes_at
            if closes is not None and closes < at:  # as feeding this press would
                settle(engine.advance(closes))
            if game.over:  # an earlier burst ended the game: nobody rings any more
                break
            feed(Press(at, who, "bell" if shared_bell else "button"))
        if presses:
            settle(engine.advance(t + gap - 0.01))
            if game.paused:  # somebody won the piles and gathers them before turning
                gap += rng.uniform(0.8, 1.5)
        t += gap
    feed(End(round(t, 6)))
    return SimulatedGame(events, outputs, timeline)


def _standing(game) -> tuple:
    """What a ring could change: everyone's cards and who is out."""
    return tuple(game.hidden), tuple(game.piles), tuple(game.out)


def _shared(presses: list, five: bool, rng: random.Random, credit_rate: float) -> list:
    """A shared bell's presses: none says who rang, but a correct ring may be credited to
    the first ringer at the table."""
    credit = bool(presses) and five and rng.random() < credit_rate
    return [(at, who if credit and i == 0 else None) for i, (at, who) in enumerate(presses)]


def _presses(game, bots: list[Bot], rng: random.Random, t: float, before: float):
    """Who rings after a reveal at t, and when (sorted, all before `before`)."""
    five = game.has_five()
    near = any(v in (4, 6) for v in game.totals.values())
    presses = []
    for seat in game.in_play():
        bot = bots[seat]
        if five:
            rings = rng.random() > bot.miss_rate
        else:
            rings = rng.random() < (bot.near_miss_alarm if near else bot.false_alarm)
        if rings:
            at = round(t + bot.reaction(rng), 6)
            if at < before:
                presses.append((at, seat))
    return sorted(presses)


def _move_cards(ruling: Ruling, hands: list[deque[Card]], piles: list[list[Card]]) -> None:
    """Move the physical cards as the ruling says: piles under the taker's deck, penalties
    from the top of the payer's deck to the bottom of each receiver's."""
    for move in ruling.moves:
        if move.what == "piles":
            for pile in piles:
                hands[move.taker].extend(pile)
                pile.clear()
        else:
            assert move.giver is not None  # only the piles come from no one
            for _ in range(move.cards):
                hands[move.taker].append(hands[move.giver].popleft())
    for seat, total in enumerate(ruling.cards):
        if len(hands[seat]) + len(piles[seat]) != total:
            raise AssertionError(
                f"simulator and engine disagree on seat {seat}: "
                f"{len(hands[seat])}+{len(piles[seat])} cards held, engine says {total}"
            )

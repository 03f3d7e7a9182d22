"""The engine's last word, as invariants over random session logs (not only simulated games).

The logs are any order of reveals and presses a camera and a bell could report, impossible ones
included, over sessions of one to three games of any ruleset and options. They are fed the way
the referee feeds them (with `advance` at random marks between events), and every output is
checked against the game it belongs to as it comes.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halli_pi.cards import classic_deck, deck, parse_card, twist_deck
from halli_pi.replay import outputs_of
from halli_pi.rules import Engine, GameOver, GameStart, Press, Reveal, Ruling, get_ruleset
from halli_pi.rules.events import Eliminated, End, Notice, Verdict
from halli_pi.sessionlog import read_events, write_events

RULESETS = ("classic", "classic-leaflet", "twist")
STEPS = (0.0, 0.00005, 0.0002, 0.001, 0.01, 0.03, 0.06, 0.2, 1.0)
CARDS = {
    name: sorted({str(c) for c in (twist_deck() if name == "twist" else classic_deck())})
    for name in RULESETS
}
# The strategies the streams draw from, built once rather than once an event: hypothesis
# validates a strategy on its first draw, and that was most of the test's time. The same
# strategies draw the same events.
STEP = st.sampled_from(STEPS)
KINDS = st.sampled_from(["reveal", "reveal", "press", "press", "bell", "blind"])
CARD_NAMES = {name: st.sampled_from(names) for name, names in CARDS.items()}
MARKED = st.booleans()
MARK_AT = st.floats(0.0, 0.999)


@st.composite
def games(draw, ruleset: str, t: float) -> tuple[list, float]:
    n = draw(st.integers(2, 6))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "window_ms": st.sampled_from([0, 1, 50, 200]),
                "tie_ms": st.sampled_from([0, 0.1, 5]),
                "min_reaction_ms": st.sampled_from([0, 100]),
                "play_to_all_cards": st.booleans(),
            },
        )
    )
    cards = draw(st.one_of(st.none(), st.lists(st.integers(0, 5), min_size=n, max_size=n)))
    names = tuple(f"P{i}" for i in range(n))
    events: list = [GameStart(t, ruleset, names, options, None if cards is None else tuple(cards))]
    seats = st.integers(0, n - 1)
    for _ in range(draw(st.integers(0, 50))):
        t = round(t + draw(STEP), 6)
        seat = draw(seats)
        kind = draw(KINDS)
        if kind == "reveal":
            events.append(Reveal(t, seat, parse_card(draw(CARD_NAMES[ruleset]))))
        else:
            who = None if kind == "bell" else seat
            events.append(Press(t, who, void="cannot see the table" if kind == "blind" else None))
    return events, t


@st.composite
def sessions(draw, first_ruleset: str) -> list:
    events: list = []
    t = 0.0
    for k in range(draw(st.integers(1, 3))):
        ruleset = first_ruleset if k == 0 else draw(st.sampled_from(RULESETS))
        game, t = draw(games(ruleset, t))
        events += game
        t = round(t + draw(STEP), 6)
    if draw(st.booleans()):
        events.append(End(t))
    return events


@dataclass
class GameCheck:
    """One game's outputs as they come, held to the invariants."""

    start: GameStart
    dealt: int
    open: bool = True
    out: set[int] = field(default_factory=set)
    out_last: list[int] = field(default_factory=list)  # seats named in the latest eliminations
    out_last_t: float | None = None
    pending: Counter = field(default_factory=Counter)  # presses made and not yet ruled
    extra: int = 0  # cards the camera saw that no deck accounts for (flagged, never refused)
    # (seat, t) -> seats out at that press: announced by then, and in the engine's state then
    out_at_press: dict = field(default_factory=dict)

    def take(self, out) -> None:
        if isinstance(out, Notice):
            self.extra += out.code == "impossible_reveal"
            return
        assert self.open, f"{out} follows its game's game_over"
        if isinstance(out, Ruling):
            self.ruling(out)
        elif isinstance(out, Eliminated):
            assert out.seat not in self.out, f"seat {out.seat} eliminated twice"
            self.out.add(out.seat)
            if out.t != self.out_last_t:
                self.out_last, self.out_last_t = [], out.t
            self.out_last.append(out.seat)
        elif isinstance(out, GameOver):
            self.game_over(out)

    def ruling(self, ruling: Ruling) -> None:
        assert sum(ruling.cards) == self.dealt + self.extra and min(ruling.cards) >= 0
        wrong_t = {}
        for p in ruling.presses:
            assert self.pending[(p.seat, p.t)] > 0, f"press {p} ruled twice or never made"
            self.pending[(p.seat, p.t)] -= 1
            if p.verdict is Verdict.WRONG and p.seat is not None:
                wrong_t[p.seat] = p.t
        for move in ruling.moves:
            if move.what == "penalty":
                # Never to a player out at the press's time: as announced by then, or as the
                # game stood then (a wrong press earlier in the same burst puts its ringer out
                # at once, announced only after the ruling).
                announced, state = self.out_at_press[(move.giver, wrong_t[move.giver])]
                assert move.taker not in announced | state, (move, announced, state)

    def game_over(self, over: GameOver) -> None:
        assert +self.pending == Counter(), f"presses not ruled before game_over: {self.pending}"
        assert sum(over.cards) == self.dealt + self.extra
        still_in = [s for s in range(len(self.start.players)) if s not in self.out]
        # The written rule: only a player still in wins; when nobody is (a deal of no cards),
        # those who went out last share the standing.
        pool = still_in or self.out_last
        best = max(over.cards[s] for s in pool)
        assert list(over.winners) == [s for s in pool if over.cards[s] == best], (over, pool)
        self.open = False


def dealt_of(start: GameStart) -> int:
    if start.cards is not None:
        return sum(start.cards)
    return len(deck(get_ruleset(start.ruleset).deck))


def run_live(events: list, marks: list[float | None]) -> tuple[list, list[GameCheck]]:
    """Feed as the referee does, checking each output against its game as it comes."""
    engine = Engine()
    outputs: list = []
    checks: list[GameCheck] = []

    def take(outs: list, event) -> None:
        outputs.extend(outs)
        rest = outs
        if isinstance(event, GameStart):
            if checks and checks[-1].open:
                end = next(i for i, o in enumerate(outs) if isinstance(o, GameOver)) + 1
                for o in outs[:end]:
                    checks[-1].take(o)
                rest = outs[end:]
            checks.append(GameCheck(event, dealt_of(event)))
        for o in rest:
            checks[-1].take(o)

    for event, mark in zip(events, marks, strict=True):
        take(engine.feed(event), event)
        if isinstance(event, Press) and checks[-1].open:
            check = checks[-1]
            check.pending[(event.seat, event.t)] += 1
            g = engine.game
            # A seat's first press at an instant is the one that can be wrong (later ones repeat).
            check.out_at_press.setdefault(
                (event.seat, event.t),
                (set(check.out), {s for s in range(g.n) if g.out[s] and s != event.seat}),
            )
        if mark is not None:
            take(engine.advance(mark), None)
    closes = engine.burst_closes_at
    if closes is not None:
        take(engine.advance(closes), None)
    for check in checks:
        assert +check.pending == Counter(), f"presses never ruled: {check.pending}"
    return outputs, checks


@st.composite
def fed_sessions(draw, ruleset: str):
    events = draw(sessions(ruleset))
    marks: list[float | None] = []
    for event, following in zip(events, events[1:] + [None], strict=True):
        # A mark says every event up to it has been fed: strictly before the next event.
        if following is None or following.t == event.t or not draw(MARKED):
            marks.append(None)
        else:
            frac = draw(MARK_AT)
            marks.append(event.t + frac * (following.t - event.t))
    return events, marks


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_logs_keep_the_last_word(ruleset, data) -> None:
    events, marks = data.draw(fed_sessions(ruleset))
    outputs, checks = run_live(events, marks)
    assert len(checks) == sum(isinstance(e, GameStart) for e in events)
    if isinstance(events[-1], End):
        assert not any(c.open for c in checks)  # every game reached its game_over, once

    # The written log replays to exactly what was ruled live.
    text = io.StringIO()
    write_events(events, text)
    replayed = outputs_of(e for _, e in read_events(text.getvalue().splitlines(), "s.jsonl"))
    assert [o.to_json() for o in replayed] == [o.to_json() for o in outputs]


def test_the_checker_catches_a_winner_who_is_out() -> None:
    # The checker itself must be able to fail: a game_over naming an eliminated player.
    start = GameStart(0.0, "classic", ("A", "B"), {}, (1, 1))
    check = GameCheck(start, 2)
    check.take(Eliminated(1.0, 0, "test"))
    with pytest.raises(AssertionError):
        check.take(GameOver(2.0, (0,), (2, 0), "test"))

"""Invariants over many games: simulated ones, and random (even impossible) event streams."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halli_pi.cards import classic_deck, deck, twist_deck
from halli_pi.replay import outputs_of
from halli_pi.rules import Engine, GameOver, GameStart, Press, Reveal, Ruling, get_ruleset
from halli_pi.rules.events import End, Notice
from halli_pi.sessionlog import read_events, write_events
from halli_pi.simulation.game import simulate_game

RULESETS = ("classic", "classic-leaflet", "twist")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    ruleset=st.sampled_from(RULESETS),
    play_to_all=st.booleans(),
)
def test_simulated_games_keep_every_invariant(seed, players, ruleset, play_to_all) -> None:
    options = {"play_to_all_cards": True} if play_to_all else {}
    game = simulate_game(players, seed, ruleset, options=options, max_reveals=1500)
    size = len(deck(get_ruleset(ruleset).deck))

    rulings = [o for o in game.outputs if isinstance(o, Ruling)]
    for ruling in rulings:
        assert sum(ruling.cards) == size  # cards are conserved
        assert min(ruling.cards) >= 0  # no count goes negative
    overs = [o for o in game.outputs if isinstance(o, GameOver)]
    assert len(overs) == 1  # every game reaches its end, once
    assert sum(overs[0].cards) == size
    assert set(overs[0].winners) <= set(range(players))

    # The written log replays to exactly what was ruled live.
    text = io.StringIO()
    write_events(game.events, text)
    replayed = outputs_of(e for _, e in read_events(text.getvalue().splitlines(), "game.jsonl"))
    assert [o.to_json() for o in replayed] == [o.to_json() for o in game.outputs]


def _cards_for(ruleset: str) -> list[str]:
    return sorted({str(c) for c in (twist_deck() if ruleset == "twist" else classic_deck())})


# The strategies a stream draws from, built once a stream rather than once an event:
# hypothesis validates a strategy on its first draw, and that was most of the test's time.
# The same strategies draw the same events.
STEPS = st.sampled_from([0.0, 0.00005, 0.001, 0.03, 0.2, 1.0])
REVEAL_OR_PRESS = st.booleans()


@st.composite
def event_streams(draw):
    """Any order of reveals and presses a camera and a bell could report, impossible ones
    included (a reveal from a seat with no cards, presses out of turn, ties)."""
    from halli_pi.cards import parse_card

    ruleset = draw(st.sampled_from(RULESETS))
    n = draw(st.integers(2, 5))
    cards = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    events = [GameStart(0.0, ruleset, tuple(f"P{i}" for i in range(n)), {}, tuple(cards))]
    t = 0.0
    card_names = st.sampled_from(_cards_for(ruleset))
    seats = st.integers(0, n - 1)
    pressers = [st.one_of(st.none(), st.just(seat)) for seat in range(n)]
    for _ in range(draw(st.integers(0, 60))):
        t += draw(STEPS)
        seat = draw(seats)
        if draw(REVEAL_OR_PRESS):
            events.append(Reveal(t, seat, parse_card(draw(card_names))))
        else:
            events.append(Press(t, draw(pressers[seat])))
    events.append(End(t + 1.0))
    return events


@settings(max_examples=200, deadline=None)
@given(events=event_streams())
def test_any_stream_keeps_counts_sane(events) -> None:
    engine = Engine()
    dealt = sum(events[0].cards)
    extra = 0  # cards the camera saw that no deck accounts for (flagged, never refused)
    game_overs = 0
    for event in events:
        for out in engine.feed(event):
            if isinstance(out, Notice) and out.code == "impossible_reveal":
                extra += 1
            if isinstance(out, Ruling | GameOver):
                assert min(out.cards) >= 0
                assert sum(out.cards) == dealt + extra
            game_overs += isinstance(out, GameOver)
        g = engine.game
        assert min(g.hidden) >= 0 and min(g.piles) >= 0
        assert all(v >= 0 for v in g.totals.values())
    assert game_overs == 1
    # Replaying the same events gives the same outputs.
    assert [o.to_json() for o in outputs_of(events)] == [o.to_json() for o in outputs_of(events)]

"""Hawaiki invariants over simulated games and over any stream of events a table could send.

Cards are conserved (hands + piles + draw pile = 70), counts never go negative, tokens never
rise (a person's recount of the same round excepted), every input but `game`, `deal` and `end`
gets a ruling once its timers have passed, and a written log replays to the same rulings.
"""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halli_pi.replay import outputs_of
from halli_pi.rules.events import End, Press
from halli_pi.rules.hawaiki.cards import COLOURS, DECK_SIZE, HCard
from halli_pi.rules.hawaiki.engine import HawaikiEngine
from halli_pi.rules.hawaiki.events import (
    Announce,
    Count,
    Deal,
    Designate,
    Draw,
    HawaikiRuling,
    HawaikiStart,
    Merci,
    Pass,
    Play,
    Reshuffle,
    Retract,
    RoundOver,
)
from halli_pi.rules.hawaiki.ruleset import COMBOS
from halli_pi.sessionlog import read_events, write_events
from halli_pi.simulation.hawaiki_game import simulate_hawaiki


def replayed(events: list) -> list[dict]:
    text = io.StringIO()
    write_events(events, text)
    lines = text.getvalue().splitlines()
    return [o.to_json() for o in outputs_of(e for _, e in read_events(lines, "game.jsonl"))]


def check_tokens(outputs: list) -> None:
    """Tokens only fall, round by round; a recount re-issues a round from its own start."""
    tokens = None
    start_of_round = None
    for out in outputs:
        if isinstance(out, RoundOver):
            if out.hands_source == "accounted":
                start_of_round = tokens
            if start_of_round is not None:
                assert all(a <= b for a, b in zip(out.tokens, start_of_round, strict=True))
            assert min(out.tokens) >= 0 and min(out.tokens_lost) >= 0
            lost = [min(h, k) for h, k in zip(out.hands, start_of_round or out.tokens, strict=True)]
            if start_of_round is not None:
                assert list(out.tokens_lost) == lost
            tokens = list(out.tokens)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), players=st.integers(2, 6))
def test_simulated_games_keep_every_invariant(seed, players) -> None:
    game = simulate_hawaiki(players, seed, max_events=4000)
    engine = HawaikiEngine()
    seen = []
    for event in game.events:
        seen += engine.feed(event)
        acc = engine.game.acc
        assert acc.total() == DECK_SIZE  # hands + piles + draw pile
        assert min(acc.hands) >= 0 and acc.draw_pile >= 0
    assert [o.to_json() for o in seen] == [o.to_json() for o in game.outputs]
    for ruling in (o for o in seen if isinstance(o, HawaikiRuling)):
        assert min(ruling.cards) >= 0
    check_tokens(seen)
    assert replayed(game.events) == [o.to_json() for o in game.outputs]


@st.composite
def event_streams(draw):
    """Any events a camera, buttons and a page could send, impossible orders included."""
    n = draw(st.integers(2, 5))
    cards = st.builds(HCard, st.integers(1, 7), st.sampled_from(COLOURS))
    piles = st.tuples(cards, cards, cards)
    seats = st.integers(0, n - 1)
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "pair_rule": st.sampled_from(["covered", "visible"]),
                "brelan_merci": st.booleans(),
                "merci_window_s": st.sampled_from([0.0, 1.0, 5.0]),
                "false_announce_draws": st.integers(0, 2),
            },
        )
    )
    events: list = [
        HawaikiStart(
            0.0,
            "hawaiki",
            tuple(f"P{i}" for i in range(n)),
            options,
            None,
            tuple(draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))),
            None,
            draw(piles),
            draw(seats),
        )
    ]
    t = 0.0
    kinds = st.sampled_from(
        ["play", "play", "play", "press", "press", "announce", "merci", "designate", "pass"]
        + ["retract", "reshuffle", "deal", "count", "draw"]
    )
    for _ in range(draw(st.integers(0, 60))):
        t = round(t + draw(st.sampled_from([0.0, 0.1, 0.3, 0.5, 1.0, 6.0])), 6)
        kind = draw(kinds)
        if kind == "play":
            seat = draw(st.one_of(st.none(), seats))
            events.append(Play(t, draw(st.integers(0, 2)), draw(cards), seat))
        elif kind == "press":
            events.append(Press(t, draw(seats)))
        elif kind == "announce":
            combo = draw(st.one_of(st.none(), st.lists(st.sampled_from(COMBOS), min_size=1)))
            events.append(Announce(t, draw(seats), None if combo is None else tuple(combo)))
        elif kind == "merci":
            words = draw(st.sampled_from(["merci", "merci beaucoup"]))
            events.append(Merci(t, draw(seats), words, "phone"))
        elif kind == "designate":
            targets = tuple(draw(st.lists(st.integers(0, n), min_size=0, max_size=3)))
            combo = draw(st.one_of(st.none(), st.sampled_from(COMBOS)))
            events.append(Designate(t, draw(seats), targets, combo))
        elif kind == "pass":
            events.append(Pass(t, draw(seats)))
        elif kind == "retract":
            events.append(Retract(t, draw(st.integers(0, 2))))
        elif kind == "reshuffle":
            events.append(Reshuffle(t))
        elif kind == "deal":
            events.append(Deal(t, draw(piles), draw(st.one_of(st.none(), seats))))
        elif kind == "count":
            events.append(Count(t, draw(seats), draw(st.integers(0, 8))))
        else:
            events.append(Draw(t, draw(seats), draw(st.integers(0, 3))))
    events.append(End(round(t + draw(st.sampled_from([0.1, 10.0])), 6)))
    return events


@settings(max_examples=300, deadline=None)
@given(events=event_streams())
def test_any_event_stream_keeps_the_books(events) -> None:
    engine = HawaikiEngine()
    outputs = []
    corrected = False  # a person's count or draw may claim cards the deck does not have
    for event in events:
        outputs += engine.feed(event)
        corrected = corrected or isinstance(event, Count | Draw)
        acc = engine.game.acc
        assert min(acc.hands) >= 0 and acc.draw_pile >= 0 and min(acc.tokens) >= 0
        if corrected:
            assert acc.total() >= DECK_SIZE
        else:
            assert acc.total() == DECK_SIZE
    check_tokens(outputs)
    # One ruling per ruled input, once the timers a later event passed have fired: every
    # input but a press still being timed (a merci wait open at the end) is ruled.
    ruled = [e for e in events if not isinstance(e, HawaikiStart | Deal | End)]
    rulings = [o for o in outputs if isinstance(o, HawaikiRuling)]
    timers = [r for r in rulings if r.subject == "merci" and r.verdict == "missed"]
    two_presses = sum(len(r.presses) == 2 for r in rulings)
    open_waits = sum(w.press_t is not None for w in engine.game.thanks.windows.values())
    assert len(rulings) - len(timers) + two_presses + open_waits == len(ruled)
    # Replays to the same, through the written log.
    assert replayed(events) == [o.to_json() for o in outputs]

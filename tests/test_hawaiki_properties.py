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
from halli_pi.rules.events import End, Press, PressVerdict, Verdict
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


# The strategies an event stream draws from, built once: hypothesis validates a strategy on
# its first draw, and building them anew for every event made that most of the test's time
# (a stream of 60 events built some 300 strategies). The same strategies draw the same events.
CARDS = st.builds(HCard, st.integers(1, 7), st.sampled_from(COLOURS))
PILES = st.tuples(CARDS, CARDS, CARDS)
PILE = st.integers(0, 2)
STEPS = st.sampled_from([0.0, 0.1, 0.3, 0.5, 1.0, 6.0])
KINDS = st.sampled_from(
    ["play", "play", "play", "press", "press", "announce", "merci", "designate", "pass"]
    + ["retract", "reshuffle", "deal", "count", "draw"]
)
COMBO_LISTS = st.one_of(st.none(), st.lists(st.sampled_from(COMBOS), min_size=1))
ONE_COMBO = st.one_of(st.none(), st.sampled_from(COMBOS))
MERCI_WORDS = st.sampled_from(["merci", "merci beaucoup"])
COUNTS = st.integers(0, 8)
DRAWS = st.integers(0, 3)


@st.composite
def event_streams(draw):
    """Any events a camera, buttons and a page could send, impossible orders included."""
    n = draw(st.integers(2, 5))
    seats = st.integers(0, n - 1)
    any_seat = st.one_of(st.none(), seats)
    targets = st.lists(st.integers(0, n), min_size=0, max_size=3)
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
            draw(PILES),
            draw(seats),
        )
    ]
    t = 0.0
    for _ in range(draw(st.integers(0, 60))):
        t = round(t + draw(STEPS), 6)
        kind = draw(KINDS)
        if kind == "play":
            seat = draw(any_seat)
            events.append(Play(t, draw(PILE), draw(CARDS), seat))
        elif kind == "press":
            events.append(Press(t, draw(seats)))
        elif kind == "announce":
            combo = draw(COMBO_LISTS)
            events.append(Announce(t, draw(seats), None if combo is None else tuple(combo)))
        elif kind == "merci":
            words = draw(MERCI_WORDS)
            events.append(Merci(t, draw(seats), words, "phone"))
        elif kind == "designate":
            chosen = tuple(draw(targets))
            combo = draw(ONE_COMBO)
            events.append(Designate(t, draw(seats), chosen, combo))
        elif kind == "pass":
            events.append(Pass(t, draw(seats)))
        elif kind == "retract":
            events.append(Retract(t, draw(PILE)))
        elif kind == "reshuffle":
            events.append(Reshuffle(t))
        elif kind == "deal":
            events.append(Deal(t, draw(PILES), draw(any_seat)))
        elif kind == "count":
            events.append(Count(t, draw(seats), draw(COUNTS)))
        else:
            events.append(Draw(t, draw(seats), draw(DRAWS)))
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


def _deal_during_a_thanks_wait(owed_by_seat_0: int) -> list:
    """The stream hypothesis found (2 players, all at t=0): seat 0 owes thanks for a brelan
    draw, presses once (a double-press wait opens) and the next deal comes inside that wait.
    With `owed_by_seat_0` = 2, seat 1 announced a couleur too, so seat 0 owes 2 (P19)."""
    one_red, two_red = HCard(1, "red"), HCard(2, "red")
    start = HawaikiStart(
        0.0, "hawaiki", ("P0", "P1"), {}, None, (0, 0), None, (one_red, one_red, one_red), 0
    )
    events: list = [start, Pass(0.0, 0), Press(0.0, 1)]
    if owed_by_seat_0 == 2:  # 1 red on 1 red, tops 1 2 1 red: pair and couleur, no brelan
        events[0] = HawaikiStart(
            0.0, "hawaiki", ("P0", "P1"), {}, None, (0, 0), None, (one_red, two_red, one_red), 0
        )
    events += [Play(0.0, 0, one_red, None)] * 4
    events += [Announce(0.0, 0, None), Announce(0.0, 0, None), Play(0.0, 0, one_red, None)]
    return events + [Press(0.0, 0), Deal(0.0, (one_red, one_red, one_red), None), End(0.1)]


def test_a_deal_inside_a_thanks_wait_still_rules_the_press() -> None:
    # HAWAIKI.md §1.2: every input but game, deal and end gets exactly one ruling. The deal
    # drops the round's thanks, so it first rules the press it cut short: one card owed, so
    # "merci" or "merci beaucoup" were both right (P7): in time, at the deal's t.
    events = _deal_during_a_thanks_wait(1)
    engine = HawaikiEngine()
    before_deal = [o for e in events[:-2] for o in engine.feed(e)]
    assert engine.game.thanks.windows[0].owed == 1
    at_deal = engine.feed(events[-2])
    assert [(o.subject, o.seat, o.verdict, o.t, o.draws) for o in at_deal] == [
        ("merci", 0, "in_time", 0.0, ())
    ]
    assert at_deal[0].presses == (PressVerdict(0, 0.0, Verdict.CORRECT),)
    rulings = [o for o in before_deal + at_deal if isinstance(o, HawaikiRuling)]
    assert len(rulings) == len([e for e in events if not isinstance(e, HawaikiStart | Deal)]) - 1


def test_a_deal_inside_a_thanks_wait_for_two_cards_voids_the_press() -> None:
    # Two owed: the wait was cut before a second press could make it "merci beaucoup", and
    # the deal forgives the round's thanks still owed, so the press is void and costs nothing.
    events = _deal_during_a_thanks_wait(2)
    engine = HawaikiEngine()
    for e in events[:-2]:
        engine.feed(e)
    assert engine.game.thanks.windows[0].owed == 2
    at_deal = engine.feed(events[-2])
    assert [(o.subject, o.seat, o.verdict, o.t, o.draws) for o in at_deal] == [
        ("merci", 0, "void", 0.0, ())
    ]
    assert at_deal[0].presses == (PressVerdict(0, 0.0, Verdict.VOID),)

"""The simulated Hawaiki table: its players slip as people do, and the engine rules the slips."""

from __future__ import annotations

from collections import Counter

from halli_pi.rules.hawaiki.events import HawaikiGameOver, HawaikiRuling, RoundOver
from halli_pi.simulation.hawaiki_game import simulate_hawaiki


def test_players_slip_and_every_slip_is_ruled() -> None:
    slips: Counter[str] = Counter()
    verdicts: Counter[tuple[str, str]] = Counter()
    for seed in range(12):
        game = simulate_hawaiki(2 + seed % 5, seed)
        slips.update(game.slips)
        verdicts.update(
            (o.subject, o.verdict) for o in game.outputs if isinstance(o, HawaikiRuling)
        )
        assert game.checks > 0  # the physical cards were compared with the accounting
        overs = [o for o in game.outputs if isinstance(o, HawaikiGameOver)]
        assert len(overs) == 1 and min(overs[0].tokens) == 0
        rounds = [o for o in game.outputs if isinstance(o, RoundOver)]
        assert len(rounds) == game.rounds
    for slip in ("forgot_announce", "false_announce", "late_thanks", "forgot_thanks"):
        assert slips[slip] > 0, slip
    # What the slips cost, as the contract rules them.
    assert verdicts["play", "unannounced"] > 0
    assert verdicts["play", "false_announce"] > 0
    assert verdicts["merci", "missed"] > 0
    assert verdicts["merci", "late"] > 0
    assert verdicts["merci", "wrong_words"] > 0
    assert verdicts["play", "combo"] > 0 and verdicts["designate", "ok"] > 0
    assert verdicts["merci", "in_time"] > verdicts["merci", "missed"]


def test_the_same_seed_plays_the_same_game() -> None:
    a, b = simulate_hawaiki(4, 21), simulate_hawaiki(4, 21)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert simulate_hawaiki(4, 22).events != a.events


def test_snapshot_shows_what_the_page_needs() -> None:
    from halli_pi.rules.events import Press
    from halli_pi.rules.hawaiki.cards import parse_hcard
    from halli_pi.rules.hawaiki.engine import HawaikiEngine
    from halli_pi.rules.hawaiki.events import Designate, HawaikiStart, Play

    engine = HawaikiEngine()
    assert engine.snapshot() is None
    piles = tuple(parse_hcard(c) for c in ("5 red", "3 blue", "4 green"))
    engine.feed(HawaikiStart(0.0, "hawaiki", ("Ana", "Bo", "Cy"), {}, None, None, None, piles))
    engine.feed(Press(1.0, 0))
    assert engine.snapshot()["announced"] == "any"
    engine.feed(Play(1.3, 0, parse_hcard("2 red")))
    view = engine.snapshot()
    assert view["tops"] == ["2 red", "3 blue", "4 green"] and view["to_act"] == 0
    assert view["designations"] == {"seat": 0, "combos": ["suite"]}
    engine.feed(Designate(2.0, 0, (2,)))
    view = engine.snapshot()
    cy = view["players"][2]
    assert (cy["hand"], cy["owes_thanks"], cy["thanks_due"]) == (7, 1, 7.0)
    # 70 cards: 3 on the piles, 6 in each hand, and the one Cy drew.
    assert view["designations"] is None and view["draw_pile"] == 70 - 3 - 18 - 1

"""The simulated Hawaiki table: its players slip as people do, and the engine rules the slips."""

from __future__ import annotations

from collections import Counter

from halli_pi.rules.hawaiki.events import HawaikiGameOver, HawaikiRuling, RoundOver
from halli_pi.simulate_hawaiki import simulate_hawaiki


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

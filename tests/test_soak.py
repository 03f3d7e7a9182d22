"""The soak: simulated games through the engine and the log, with its checks able to fail."""

from __future__ import annotations

import json

import pytest

from halli_pi.cli import main
from halli_pi.rules import Engine
from halli_pi.rules.events import Ruling
from halli_pi.simulation.game import simulate_game
from halli_pi.simulation.soak import check_conservation, soak


def test_twenty_games_pass_every_check():
    report = soak(20, seed=100, games_per_session=7)
    assert report.failures == []
    assert report.games == report.replayed_games == 20
    assert report.rulings > 20 and report.conservation_checks > 0
    assert report.events > report.rulings
    figures = report.figures()
    assert figures["games_per_s"] > 0 and figures["rss_end_mb"] > 0


def test_conservation_check_catches_a_lost_card():
    sim = simulate_game(3, seed=9)
    engine = Engine()
    per_event = [engine.feed(e) for e in sim.events]
    checked, _ = check_conservation(sim.events, per_event)
    assert checked > 0
    for outs in per_event:
        for i, out in enumerate(outs):
            if isinstance(out, Ruling):
                outs[i] = Ruling(
                    out.t, out.winner, out.presses, (out.cards[0] - 1, *out.cards[1:]), ""
                )
                with pytest.raises(AssertionError, match="not conserved"):
                    check_conservation(sim.events, per_event)
                return
    pytest.fail("no ruling in the simulated game")


def test_soak_failures_are_reported_not_raised(monkeypatch):
    import halli_pi.simulation.soak as soak_mod

    def broken(store, session_id, events):
        raise RuntimeError("disk full")

    monkeypatch.setattr(soak_mod, "record_game", broken)
    report = soak(2, seed=1)
    assert not report.ok and len(report.failures) == 2
    assert "disk full" in report.failures[0] and "seed 1" in report.failures[0]


def test_soak_command_prints_figures_and_keeps_the_db(tmp_path, capsys):
    db = tmp_path / "soak.db"
    assert main(["soak", "--games", "3", "--json", "--quiet", "--db", str(db)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 3 and figures["failures"] == 0
    assert db.exists()
    assert main(["log", "--db", str(db)]) == 0
    assert "3 game(s)" in capsys.readouterr().out


def test_soak_command_rejects_zero_games(capsys):
    assert main(["soak", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


def test_the_fault_soak_survives_every_fault_it_injects():
    from halli_pi.simulation.fault_soak import fault_soak

    report = fault_soak(4, seed=5, phones=2)  # one game per fault kind
    figures = report.figures()
    assert report.failures == [], report.failures
    assert figures["games"] == 4
    assert figures["rulings_recorded"] == figures["rulings_replayed"] > 10
    assert figures["pin_guesses"] > 30 and figures["pin_guesses_accepted"] == 0
    assert figures["pin_locked_out"] > 0  # the table-wide back-off, whatever the address says
    assert figures["big_bodies_refused"] == 4 and figures["sockets_closed_at_cap"] > 0
    assert figures["disk_full_errors"] == 1 and figures["inputs_lost_to_disk_full"] == 0
    assert figures["blind_presses_void"] > 0
    assert figures["killed_writer_rulings"] == figures["killed_writer_replayed"] > 0
    assert figures["stats_requests"] > 0 and figures["verdict_p99_ms"] is not None

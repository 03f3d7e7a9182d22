"""The fake table: what it publishes, scripted and in time, and its controls in memory."""

from __future__ import annotations

import time

import pytest

from halli_pi.errors import InputError
from halli_pi.rules import Engine
from halli_pi.simulate import simulate_game
from halli_pi.web.fake import FakeTable
from halli_pi.web.hub import Hub


def test_scripted_game_reads_like_a_table():
    hub = Hub()
    table = FakeTable(hub, players=["Ana", "Bo"], autoplay=False)
    table.reveal(0, "3 strawberry", at=1.0)
    table.reveal(1, "2 strawberry", at=2.0)
    state = hub.state["state"]
    assert state["table"]["totals"] == {"strawberry": 5} and state["table"]["fives"] == [
        "strawberry"
    ]
    assert [z["card"] for z in state["zones"]] == ["3 strawberry", "2 strawberry"]
    table.press(1, at=2.35)
    assert hub.state["rulings"] == []  # the burst's window is still open
    table.settle()
    (r,) = hub.state["rulings"]
    assert r["winner"] == 1 and r["presses"][0]["verdict"] == "correct"
    assert r["names"] == ["Ana", "Bo"] and r["status"] == "final"
    assert r["evidence"] == "/evidence/1.jpg" and hub.evidence(1)[:2] == b"\xff\xd8"
    assert hub.frame[0][:2] == b"\xff\xd8"


def test_playback_gives_the_engine_rulings_with_provisional_ones_confirmed():
    hub = Hub(keep_rulings=1000)
    table = FakeTable(hub, players=["Ana", "Bo", "Cy"], seed=11, provisional_every=2, frames=False)
    table.play()
    assert table.done
    published = hub.state["rulings"]
    assert all(r["status"] == "final" for r in published)  # every provisional one confirmed
    # The same rulings a fresh engine gives for the simulated game's log.
    sim = simulate_game(players=3, seed=11, names=("Ana", "Bo", "Cy"))
    engine, expected = Engine(), []
    for event in sim.events:
        expected += [o.to_json() for o in engine.feed(event) if o.type == "ruling"]
    strip = ("id", "status", "names", "evidence")
    assert [{k: v for k, v in r.items() if k not in strip} for r in published] == expected
    assert hub.state["game_over"] is not None


def test_background_playback_in_time_and_stop():
    hub = Hub()
    table = FakeTable(hub, players=["Ana", "Bo"], seed=2, frames=False)
    table.start(speed=200.0, loop=False)
    deadline = time.monotonic() + 20
    while not hub.state["rulings"] and time.monotonic() < deadline:
        time.sleep(0.02)
    table.stop()
    assert hub.state["rulings"], "no ruling was published by the background player"
    assert table._thread is None


def test_new_game_is_judged_before_anything_changes():
    hub = Hub()
    table = FakeTable(hub, players=["Ana", "Bo"], frames=False)
    table.play(until_ruling=True)
    before = hub.state
    for players, ruleset, options in (
        (["Ana"], "classic", {}),
        (["Ana", "Bo"], "chess", {}),
        (["Ana", "Bo"], "classic", {"window_ms": "soon"}),
    ):
        with pytest.raises(InputError):
            table.new_game(players, ruleset, options)
    assert hub.state == before and not table.engine.game.over
    table.new_game(["Cy", "Dee", "Eli"], "classic-leaflet", {"window_ms": 40})
    snap = hub.state
    assert snap["game"]["players"] == ["Cy", "Dee", "Eli"] and snap["rulings"] == []
    assert snap["game"]["options"] == {"window_ms": 40}
    assert [g["over"] for g in hub.history()] == [False, True]


def test_end_game_and_corrections_refuse_bad_input():
    hub = Hub()
    table = FakeTable(hub, players=["Ana", "Bo"], autoplay=False, frames=False)
    with pytest.raises(InputError, match="no face-up card"):
        table.correct_card(0, "2 plum", None)
    table.reveal(0, "1 lime", at=1.0)
    with pytest.raises(InputError, match="seat 2"):
        table.correct_card(2, "2 plum", None)
    with pytest.raises(InputError):
        table.correct_card(0, "2 kiwi", None)
    with pytest.raises(InputError, match="no ruling 4"):
        table.credit(4, 0)
    table.correct_card(0, "2 lime", 0.5)
    assert [(c.kind, c.original, c.corrected) for c in table.corrections] == [
        ("card", "1 lime", "2 lime")
    ]
    table.end_game()
    assert hub.state["game_over"]["winners"]
    with pytest.raises(InputError, match="no game is running"):
        table.end_game()

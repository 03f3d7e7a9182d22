"""History, stats and evidence served from the store (a simulated game recorded in SQLite)."""

from __future__ import annotations

import statistics

import pytest
from starlette.testclient import TestClient

from halli_pi.rules import Ruling
from halli_pi.simulation.game import simulate_game
from halli_pi.store import Store
from halli_pi.web.app import create_app
from halli_pi.web.hub import Hub


@pytest.fixture
def store(tmp_path):
    """Two recorded games; the first ruling of the first game has an evidence photo."""
    db = Store(tmp_path / "halli-pi.db", durable=False)
    sid = db.begin_session(name="test")
    photo = tmp_path / "evidence" / "r1.jpg"
    photo.parent.mkdir()
    photo.write_bytes(b"\xff\xd8 a jpeg")
    first_ruling = None
    for seed, start in ((5, 0.0), (6, 5000.0)):
        sim = simulate_game(players=3, seed=seed, names=("Ana", "Bo", "Cy"), start_t=start)
        outputs = iter(sim.outputs)
        db.record_inputs(sid, sim.events)
        for out in outputs:
            if isinstance(out, Ruling):
                rid = db.record_ruling(sid, out)
                if first_ruling is None:
                    first_ruling = rid
                    db.add_evidence(rid, photo)
            else:
                db.record_output(sid, out)
    db.first_ruling = first_ruling  # for the tests' convenience
    yield db
    db.close()


def test_history_comes_from_the_store(store):
    hub = Hub(store=store)
    with TestClient(create_app(hub)) as c:
        games = c.get("/api/history").json()["games"]
    assert [g["game"] for g in games] == [2, 1]  # newest first
    for g, info in zip(games, reversed(store.games()), strict=True):
        assert g["players"] == ["Ana", "Bo", "Cy"] and g["rulings"] == info.rulings
        assert g["over"] == info.over
        table = store.standings(info.id)
        assert [s["name"] for s in g["standings"]] == [s.player for s in table]
        assert g["winners"] == [s.player for s in table if s.winner]
        assert g["standings"][0]["rank"] == 1


def test_stats_come_from_the_store_with_reaction_times(store):
    hub = Hub(store=store)
    with TestClient(create_app(hub)) as c:
        stats = c.get("/api/stats").json()
    expected = {s.player: s for s in store.player_stats()}
    assert {p["name"] for p in stats["players"]} == set(expected)
    for p in stats["players"]:
        s = expected[p["name"]]
        assert (p["correct"], p["wrong"], p["rings"]) == (s.correct, s.wrong, s.rings)
        # The chart's dots are the same rings the store's median is taken over.
        if s.median_reaction_ms is None:
            assert p["reactions_ms"] == []
        else:
            assert statistics.median(p["reactions_ms"]) == pytest.approx(
                s.median_reaction_ms, abs=0.1
            )
        if s.fastest_ms is not None:
            assert min(p["reactions_ms"]) == pytest.approx(s.fastest_ms, abs=0.1)
    name, ms, rid = store.fastest_ring()
    assert stats["fastest"] == {"name": name, "reaction_ms": round(ms, 1), "ruling": rid}


def test_evidence_comes_from_the_store(store):
    hub = Hub(store=store)
    with TestClient(create_app(hub)) as c:
        ok = c.get(f"/evidence/{store.first_ruling}.jpg")
        none = c.get(f"/evidence/{store.first_ruling + 1}.jpg")
        missing = c.get("/evidence/99999.jpg")
    assert ok.status_code == 200 and ok.content == b"\xff\xd8 a jpeg"
    assert none.status_code == 404 and missing.status_code == 404

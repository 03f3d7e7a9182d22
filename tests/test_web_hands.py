"""The page's view of an uncredited shared ring: the bell's frames round the edge, served from
the ruling's evidence, and put under the credit buttons by the page's script."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from halli_pi.bell_camera import hands_path
from halli_pi.rules import Ruling
from halli_pi.simulation.game import simulate_game
from halli_pi.store import Store
from halli_pi.web.app import create_app
from halli_pi.web.hub import Hub


@pytest.fixture
def store(tmp_path):
    db = Store(tmp_path / "halli-pi.db", durable=False)
    sid = db.begin_session(name="test")
    sim = simulate_game(players=3, seed=5, names=("Ana", "Bo", "Cy"))
    db.record_inputs(sid, sim.events)
    rulings = [db.record_ruling(sid, out) for out in sim.outputs if isinstance(out, Ruling)]
    table_photo = tmp_path / "table.jpg"
    table_photo.write_bytes(b"\xff\xd8 the table")
    db.add_evidence(rulings[0], table_photo)  # the main photo: the table, as without a camera
    hands = hands_path(db.evidence_dir, sid, rulings[0])
    hands.parent.mkdir(parents=True, exist_ok=True)
    hands.write_bytes(b"\xff\xd8 the hands")
    db.add_evidence(rulings[0], hands)
    db.rulings = rulings
    yield db
    db.close()


def test_the_hands_image_of_a_ruling_is_served_apart_from_its_table_photo(store) -> None:
    first, second = store.rulings[:2]
    with TestClient(create_app(Hub(store=store))) as c:
        hands = c.get(f"/hands/{first}.jpg")
        table = c.get(f"/evidence/{first}.jpg")
        none = c.get(f"/hands/{second}.jpg")
        bad = c.get("/hands/..%2Fsecret.jpg")
    assert hands.status_code == 200 and hands.content == b"\xff\xd8 the hands"
    assert hands.headers["content-type"] == "image/jpeg"
    assert table.content == b"\xff\xd8 the table"  # the main evidence stays the table's
    assert none.status_code == 404 and bad.status_code == 404


def test_without_a_store_there_is_no_hands_image() -> None:
    with TestClient(create_app(Hub())) as c:
        assert c.get("/hands/1.jpg").status_code == 404


def test_the_page_loads_the_script_that_shows_the_hands_under_the_credit_buttons() -> None:
    with TestClient(create_app(Hub())) as c:
        page = c.get("/").text
        script = c.get("/static/hands.js")
    assert '<script src="/static/hands.js"></script>' in page
    assert script.status_code == 200
    assert "/hands/${id}.jpg" in script.text and ".credit" in script.text

"""Hawaiki at a simulated table, through the real pipeline: rendered piles read by the pile
tracker, presses on gpiozero's mock pins, the referee, the store (the log, with its evidence
photos), and the replay of its export."""

from __future__ import annotations

import json

import pytest

from halli_pi.cli import main
from halli_pi.runtime.page import PagePublisher
from halli_pi.simulation.hawaiki_demo import run_hawaiki_demo
from halli_pi.store import Store
from halli_pi.store.export import write_jsonl
from halli_pi.web.hub import Hub


class PageHub(Hub):
    """The page's hub, remembering every question asked and every camera view's zones."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.asked: list[dict] = []
        self.zone_sets: list[list] = []

    def ask(self, key, question) -> None:
        self.asked.append(question)
        super().ask(key, question)

    def publish(self, event) -> None:
        if event.get("type") == "state" and event.get("zones"):
            self.zone_sets.append(event["zones"])
        super().publish(event)


INPUTS = {"game", "deal", "announce", "play", "retract", "designate", "merci", "pass"}
INPUTS |= {"draw", "count", "reshuffle", "press", "end"}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hawaiki")
    store = Store(folder / "log.sqlite3", durable=False)
    session = store.begin_session(name="demo")
    hub = PageHub(store=store)
    tables = []
    # Seed 52: a game of 24.7 simulated seconds (seed 7's: 26.5; 6.9 CPU-s for this file
    # where 7 took 9.3), with a pass, an announcement, a designation, presses and a doubted
    # play asked on the page, so every state the tests below look at occurs. Of the 3-player
    # 2-token games of seeds 1-60 only 24 and 32 are shorter: 32 has no play asked on the
    # page, 24 has no designation and took 8.0 CPU-s.
    collector, figures, referee = run_hawaiki_demo(
        seed=52,
        players=3,
        tokens=2,
        ruling_log=store,
        session_id=session,
        publisher=PagePublisher(hub),
        on_session=tables.append,
    )
    path = folder / "session.jsonl"
    with path.open("w") as out:
        write_jsonl(store.export_session(session, outputs=True), out)
    rulings = store.rulings(session_id=session)
    store.close()
    return path, collector, figures, rulings, (hub, tables[0])


def test_the_game_is_played_to_its_end_through_camera_and_buttons(played) -> None:
    _, collector, figures, _, _ = played
    kinds = [line["type"] for line in collector.lines]
    assert kinds[0] == "game" and kinds[1] == "deal" and kinds[-1] == "end"
    assert "round_over" in kinds and "game_over" in kinds
    # Every card laid was read by the camera, or asked about and confirmed by a person.
    assert figures.plays_read + figures.confirmed == figures.plays_laid
    assert figures.presses > 0 and figures.deals >= 1
    pressed = [line for line in collector.lines if line["type"] == "press"]
    assert all(line["source"] == "button" for line in pressed)  # through the pins
    # The referee ruled what the simulated game's own engine ruled, in order.
    assert figures.as_simulated == figures.simulated == figures.rulings


def test_the_log_written_as_the_table_played_replays_to_the_same_rulings(played, capsys) -> None:
    path, collector, _, _, _ = played
    written = [json.loads(line) for line in path.read_text().splitlines()]
    assert written == collector.lines  # the store's export holds what the referee committed
    assert main(["replay", str(path), "--json"]) == 0
    replayed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    outputs = [line for line in written if line["type"] not in INPUTS]
    assert replayed == outputs
    assert any(line["type"] == "ruling" and line["subject"] == "play" for line in replayed)


def test_every_ruling_has_its_evidence_photo_though_most_have_no_press(played) -> None:
    """A play, a designation or a missed thanks has no press: its photo is of the piles when
    the ruling's matter began (its own time)."""
    _, _, _, rulings, _ = played
    without_presses = [r for r in rulings if not r.data.get("presses")]
    assert without_presses and any(r.data["subject"] == "play" for r in without_presses)
    assert all(r.evidence and r.evidence[0].exists() for r in without_presses)


def test_the_page_showed_the_piles_and_asked_every_doubted_play(played) -> None:
    _, _, figures, _, (hub, table) = played
    assert not table._page_failed  # the camera view never failed on the page
    assert hub.zone_sets and all([z["pile"] for z in zones] == [0, 1, 2] for zones in hub.zone_sets)
    asked = [q for q in hub.asked if q["kind"] == "play"]
    assert asked and all(q["text"].startswith("Did ") for q in asked)
    assert len(asked) <= figures.asks and hub.state["questions"] == []

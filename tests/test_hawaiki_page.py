"""The page at a Hawaiki table: what it shows of the real referee (through the real publisher
and hub), and its controls, each of which becomes the session-log input HAWAIKI.md names,
reaches the log and changes the ruling."""

from __future__ import annotations

import pytest
from hawaiki_table import HawaikiTable
from page_table import PageTable
from starlette.testclient import TestClient

from halli_pi.web.app import create_app

PIN = "2468"
OK = {"X-Table-Pin": PIN}
# Ana is to act. 5 green on pile 2 covers 7 green (same colour) and makes 3, 4, 5: a suite.
PILES = ("3 red", "4 blue", "7 green")


@pytest.fixture
def table() -> HawaikiTable:
    return HawaikiTable(["Ana", "Bo", "Cy"], piles=PILES)


@pytest.fixture
def client(table):
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        yield c


def control(client, kind: str, body: dict, headers=OK):
    return client.post(f"/api/hawaiki/{kind}", json=body, headers=headers)


def logged(table: HawaikiTable) -> list[dict]:
    return table.store.export_session(table.session_id)


def rulings(table: HawaikiTable) -> list[dict]:
    return [o for o in table.seen.outputs if o["type"] == "ruling"]


def test_the_page_shows_tops_hands_tokens_and_turn(client, table):
    snap = client.get("/api/state").json()
    assert snap["game"]["ruleset"] == "hawaiki" and snap["game"]["piles"] == list(PILES)
    view = snap["state"]["table"]
    assert view["ruleset"] == "hawaiki" and view["round"] == 1 and view["to_act"] == 0
    assert view["tops"] == list(PILES) and view["hands_source"] == "accounted"
    assert [(p["name"], p["hand"], p["tokens"]) for p in view["players"]] == [
        ("Ana", 6, 10),
        ("Bo", 6, 10),
        ("Cy", 6, 10),
    ]
    assert view["draw_pile"] == 70 - 3 - 18


def test_a_named_announcement_a_designation_and_a_thanks_from_the_page(client, table):
    table.run_to(1.0)
    assert control(client, "announce", {"seat": 0, "combo": "suite"}).status_code == 200
    table.run_to(1.2)
    assert table.hub.state["state"]["table"]["announced"] == ["suite"]
    table.play(2, "5 green", at=1.5)
    played = rulings(table)[-1]
    assert (played["subject"], played["verdict"], played["combos"]) == ("play", "combo", ["suite"])
    duty = table.hub.state["state"]["table"]["designations"]
    assert duty == {"seat": 0, "combos": ["suite"]}  # Ana designates: the page asks her whom

    table.run_to(2.0)
    assert control(client, "designate", {"seat": 0, "targets": [1]}).status_code == 200
    table.run_to(2.1)
    designated = rulings(table)[-1]
    assert (designated["subject"], designated["verdict"], designated["draws"]) == (
        "designate",
        "ok",
        [[1, 1]],
    )
    bo = table.hub.state["state"]["table"]["players"][1]
    assert (bo["hand"], bo["owes_thanks"], bo["thanks_due"]) == (7, 1, 2.0 + 5.0)

    table.run_to(3.0)
    assert control(client, "merci", {"seat": 1}).status_code == 200
    table.run_to(3.1)
    thanked = rulings(table)[-1]
    assert (thanked["subject"], thanked["verdict"]) == ("merci", "in_time")
    assert table.hub.state["state"]["table"]["players"][1]["owes_thanks"] == 0
    # Each control is in the log as the event HAWAIKI.md names, said from the phone.
    people = [e for e in logged(table) if e["type"] in ("announce", "designate", "merci")]
    assert people == [
        {"type": "announce", "t": 1.0, "seat": 0, "combo": "suite", "source": "phone"},
        {"type": "designate", "t": 2.0, "seat": 0, "targets": [1]},
        {"type": "merci", "t": 3.0, "seat": 1, "source": "phone"},
    ]
    # And the page's list of rulings says each in plain words.
    reasons = [r["reason"] for r in table.hub.state["rulings"]]
    assert "Ana announces suite" in reasons
    assert any(r.startswith("Ana designates for the suite: Bo 1 to draw") for r in reasons)


def test_without_the_page_the_thanks_is_missed_at_its_deadline(client, table):
    """The same turn with no thanks: the timer rules it, so the page's thanks did change the
    ruling."""
    table.run_to(1.0)
    control(client, "announce", {"seat": 0, "combo": "suite"})
    table.play(2, "5 green", at=1.5)
    table.run_to(2.0)
    control(client, "designate", {"seat": 0, "targets": [1]})
    table.run_to(7.5)
    missed = rulings(table)[-1]
    assert (missed["subject"], missed["verdict"], missed["t"]) == ("merci", "missed", 7.0)
    assert table.hub.state["state"]["table"]["players"][1]["hand"] == 8


def test_pass_count_draw_and_reshuffle_from_the_page(client, table):
    table.run_to(1.0)
    assert control(client, "pass", {"seat": 0}).status_code == 200
    table.run_to(1.1)
    passed = rulings(table)[-1]
    assert (passed["verdict"], passed["to_act"], passed["cards"][0]) == ("pass", 1, 7)
    assert control(client, "count", {"seat": 2, "cards": 4}).status_code == 200
    assert control(client, "draw", {"seat": 1, "n": 2}).status_code == 200
    assert control(client, "reshuffle", {}).status_code == 200
    table.run_to(1.2)
    hands = [p["hand"] for p in table.hub.state["state"]["table"]["players"]]
    assert hands == [7, 8, 4]
    kinds = [e["type"] for e in logged(table)]
    assert kinds == ["game", "pass", "count", "draw", "reshuffle"]


def test_a_play_the_camera_doubts_is_asked_and_confirmed(client, table):
    # The camera holds its watermark at the doubted hand (0.8 s) while the page asks.
    table.run_to(0.7)
    table.now = 1.0
    table.publisher.ask_play(0.8, 2, "7 green", seen_t=0.95, prior="print changed")
    asked = client.get("/api/state").json()["questions"]
    assert [q["text"] for q in asked] == ["Did Ana lay a 7 green on pile 2?"]
    assert table.snapshot["tops"][2] == "7 green"  # nothing ruled: the referee never guesses
    body = {k: asked[0][k] for k in ("pile", "card", "t", "seen_t")}
    assert control(client, "play", body).status_code == 200
    table.run_to(1.1)
    assert client.get("/api/state").json()["questions"] == []
    assert table.confirmed == [2]  # the pile tracker is told: the twin lies beneath
    play = next(e for e in logged(table) if e["type"] == "play")
    assert play == {"type": "play", "t": 0.8, "pile": 2, "card": "7 green", "seen_t": 0.95}
    ruled = rulings(table)[-1]
    assert (ruled["subject"], ruled["verdict"], ruled["combos"]) == (
        "play",
        "unannounced",
        ["pair"],
    )


def test_a_doubted_play_a_person_denies_leaves_no_trace(client, table):
    table.publisher.ask_play(0.5, 1, "4 blue")
    assert client.post("/api/hawaiki/dismiss", json={"pile": 1}, headers=OK).status_code == 200
    assert client.get("/api/state").json()["questions"] == []
    again = client.post("/api/hawaiki/dismiss", json={"pile": 1}, headers=OK)
    assert again.status_code == 400 and "field 'pile'" in again.json()["error"]
    table.run_to(1.0)
    assert [e["type"] for e in logged(table)] == ["game"]


@pytest.mark.parametrize(
    ("kind", "body", "field"),
    [
        ("announce", {"seat": 0, "combo": "quinte"}, "combo"),
        ("announce", {"seat": 9}, "seat"),
        ("announce", {"seat": "Ana"}, "seat"),
        ("designate", {"seat": 0, "targets": [0]}, "targets"),
        ("designate", {"seat": 0, "targets": [7]}, "targets"),
        ("designate", {"seat": 0, "targets": "Bo"}, "targets"),
        ("merci", {"seat": 1, "words": "thanks"}, "words"),
        ("play", {"pile": 3, "card": "5 green"}, "pile"),
        ("play", {"pile": 0, "card": "8 red"}, "card"),
        ("play", {"pile": 0, "card": "5 green", "t": "soon"}, "t"),
        ("count", {"seat": 1, "cards": -1}, "cards"),
        ("draw", {"seat": 1}, "n"),
        ("deal", {"piles": ["1 red", "2 red"]}, "piles"),
        ("pass", {"seat": 0, "combo": "pair"}, "combo"),
        ("pass", {}, "seat"),
    ],
)
def test_bad_control_input_is_a_400_naming_the_field(client, table, kind, body, field):
    res = control(client, kind, body)
    assert res.status_code == 400
    assert f"field '{field}'" in res.json()["error"]
    table.run_to(1.0)
    assert [e["type"] for e in logged(table)] == ["game"]  # nothing reached the log


def test_controls_need_the_pin(client, table):
    assert control(client, "pass", {"seat": 0}, headers={}).status_code == 403
    assert control(client, "pass", {"seat": 0}, headers={"X-Table-Pin": "1111"}).status_code == 403
    assert client.post("/api/hawaiki/dismiss", json={"pile": 0}).status_code == 403
    table.run_to(1.0)
    assert [e["type"] for e in logged(table)] == ["game"]


def test_a_new_hawaiki_game_and_its_deal_from_the_page(client, table):
    res = client.post(
        "/api/game",
        json={"players": ["Dee", "Eli"], "ruleset": "hawaiki", "options": {"hand_size": 5}},
        headers=OK,
    )
    assert res.status_code == 200, res.text
    assert table.hub.state["game"]["players"] == ["Dee", "Eli"]
    bad = client.post(
        "/api/game",
        json={"players": ["Dee", "Eli"], "ruleset": "hawaiki", "options": {"hand_sise": 5}},
        headers=OK,
    )
    assert bad.status_code == 400 and "hand_sise" in bad.json()["error"]
    table.run_to(0.5)
    assert control(client, "deal", {"piles": ["1 red", "2 blue", "3 green"]}).status_code == 200
    table.run_to(0.6)
    view = table.hub.state["state"]["table"]
    assert view["tops"] == ["1 red", "2 blue", "3 green"] and view["round"] == 1
    assert [p["hand"] for p in view["players"]] == [5, 5]
    # A Halli Galli control has no meaning here: a clear refusal, nothing changed.
    res = client.post("/api/correct", json={"seat": 0, "card": "3 plum"}, headers=OK)
    assert res.status_code == 400 and "field 'card'" in res.json()["error"]


def test_hawaiki_controls_at_a_halli_galli_table_are_refused():
    table = PageTable(["Ana", "Bo"], script=False, frames=False)
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        res = c.post("/api/hawaiki/pass", json={"seat": 0}, headers=OK)
    assert res.status_code == 400 and "no Hawaiki game" in res.json()["error"]


def test_a_simulated_game_on_the_page(tmp_path):
    """A whole simulated game through the real referee and publisher: the page ends with the
    referee's rulings, the last round's result and the game's end, and its table agrees."""
    table = HawaikiTable(["Ana", "Bo", "Cy", "Dee"], seed=11)
    table.play_script()
    snap = table.hub.state
    over = next(o for o in table.seen.outputs if o["type"] == "game_over")
    last_round = [o for o in table.seen.outputs if o["type"] == "round_over"][-1]
    assert snap["game_over"]["winners"] == over["winners"]
    assert snap["round_over"] == last_round
    assert [p["tokens"] for p in snap["state"]["table"]["players"]] == over["tokens"]
    shown = snap["rulings"]
    page_only = ("id", "status", "names", "evidence")
    assert [{k: v for k, v in r.items() if k not in page_only} for r in shown] == rulings(table)[
        -len(shown) :
    ]
    assert all(r["status"] == "final" and r["names"][0] == "Ana" for r in shown)
    assert all(isinstance(r["id"], int) and r["reason"] for r in shown)


def test_history_and_stats_of_a_hawaiki_game_on_the_page():
    table = HawaikiTable(["Ana", "Bo", "Cy"], seed=5)
    table.play_script()
    over = next(o for o in table.seen.outputs if o["type"] == "game_over")
    with TestClient(create_app(table.hub, pin=PIN)) as c:
        (game,) = c.get("/api/history").json()["games"]
        stats = c.get("/api/stats").json()
    assert game["ruleset"] == "hawaiki" and game["over"]
    by_seat = {s["seat"]: s for s in game["standings"]}
    assert [by_seat[s]["tokens"] for s in range(3)] == over["tokens"]
    assert [s["name"] for s in game["standings"] if s["rank"] == 1] == [
        ["Ana", "Bo", "Cy"][w] for w in over["winners"]
    ]
    assert stats["players"] == []  # no rings: thanks and announcements are not rings
    assert {p["player"] for p in stats["hawaiki"]} == {"Ana", "Bo", "Cy"}
    assert sum(p["announced"] for p in stats["hawaiki"]) == sum(
        r["verdict"] == "combo" for r in rulings(table)
    )


def test_an_illegal_card_taken_back_from_the_page(client, table):
    table.play(0, "6 blue", at=1.0)  # on 3 red: neither value nor colour
    assert rulings(table)[-1]["verdict"] == "illegal"
    assert table.hub.state["state"]["table"]["awaiting_take_back"] == [True, False, False]
    assert control(client, "retract", {"pile": 0}).status_code == 200
    table.run_to(1.5)
    taken = rulings(table)[-1]
    assert (taken["subject"], taken["verdict"], taken["seat"]) == ("retract", "ok", 0)
    assert table.hub.state["state"]["table"]["tops"][0] == "3 red"
    assert [e["type"] for e in logged(table)] == ["game", "play", "retract"]


def test_history_and_stats_without_a_store_keep_hawaiki_apart():
    """A page served without the log counts from the events it saw: a Hawaiki game stands by
    tokens and its presses are not rings."""
    table = HawaikiTable(["Ana", "Bo", "Cy"], seed=5)
    table.hub.store = None
    table.play_script()
    over = next(o for o in table.seen.outputs if o["type"] == "game_over")
    (game,) = table.hub.history()
    assert game["ruleset"] == "hawaiki" and game["over"]
    assert {s["seat"]: s["tokens"] for s in game["standings"]} == dict(enumerate(over["tokens"]))
    winners = {s["seat"] for s in game["standings"] if s["rank"] == 1}
    assert winners == set(over["winners"])
    assert table.hub.stats()["players"] == []


def test_the_camera_view_of_the_piles_reaches_the_page(table):
    import numpy as np

    from halli_pi.rules.hawaiki.cards import parse_hcard
    from halli_pi.vision.hawaiki.piles import PileView
    from halli_pi.vision.reader import State

    zones = [
        [[10 + 100 * k, 10], [90 + 100 * k, 10], [90 + 100 * k, 90], [10 + 100 * k, 90]]
        for k in range(3)
    ]
    views = [
        PileView(0, State.CARD, parse_hcard("3 red"), 0.1, 0.97, None),
        PileView(1, State.OCCLUDED, parse_hcard("4 blue"), 0.1, 0.0, None),
        PileView(2, State.CARD, parse_hcard("7 green"), 0.1, 0.62, None),
    ]
    table.publisher.show_camera(0.5, np.zeros((120, 320, 3), np.uint8), views, zones)
    state = table.hub.state["state"]
    assert [(z["pile"], z["state"], z["card"], z["seat"]) for z in state["zones"]] == [
        (0, "card", "3 red", None),
        (1, "occluded", "4 blue", None),
        (2, "card", "7 green", None),
    ]
    assert state["zones"][2]["confidence"] == 0.62 and state["image_size"] == [320, 120]
    assert table.hub.frame[0] is not None


def test_the_referee_refuses_a_hawaiki_input_in_a_halli_galli_game():
    """Refused when given, not when ruled: a tick never meets an event its game cannot have."""
    from halli_pi.errors import InputError
    from halli_pi.rules.hawaiki.events import Pass

    table = PageTable(["Ana", "Bo"], script=False, frames=False)
    with pytest.raises(InputError, match="cannot be part of a halli-galli game"):
        table.referee.submit(Pass(0.5, 0))
    table.settle()
    assert [e["type"] for e in table.store.export_session(1)] == ["game"]

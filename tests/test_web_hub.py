"""The hub: thread-safe fan-out, what late joiners get, what slow clients lose (never a ruling)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from halli_pi.web.hub import Controls, Hub
from halli_pi.web.tally import standings


def ruling(rid: int, status: str = "final", **extra) -> dict:
    return {
        "type": "ruling",
        "id": rid,
        "status": status,
        "t": float(rid),
        "winner": 0,
        "presses": [{"seat": 0, "t": float(rid), "verdict": "correct", "reaction_ms": 300.0 + rid}],
        "cards": [10, 5],
        "reason": f"ruling {rid}",
        "names": ["Ana", "Bo"],
        "evidence": None,
    } | extra


def state(n: int) -> dict:
    return {"type": "state", "t": float(n), "table": {"players": [], "totals": {"plum": n}}}


GAME = {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["Ana", "Bo"]}


async def drain(sub, timeout: float = 0.5) -> list[dict]:
    out = []
    while True:
        try:
            event = await sub.get(timeout=timeout)
        except StopAsyncIteration:
            out.append({"type": "<closed>"})
            return out
        if event is None:
            return out
        out.append(event)


async def puts_done() -> None:
    """Wait until the loop has run every put published so far: they wait in the loop's
    first-in first-out queue, so a marker queued after them runs after them."""
    done = asyncio.Event()
    asyncio.get_running_loop().call_soon_threadsafe(done.set)
    await done.wait()


def test_publish_from_threads_reaches_every_client_in_order():
    hub = Hub()

    async def main():
        (a, snap_a), (b, _) = hub.subscribe(), hub.subscribe()
        assert snap_a["type"] == "snapshot" and snap_a["rulings"] == []

        def referee(k: int):
            for i in range(1, 51):
                hub.publish(ruling(k * 100 + i))

        threads = [threading.Thread(target=referee, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        await asyncio.to_thread(lambda: [t.join() for t in threads])
        got_a, got_b = await drain(a, 0.2), await drain(b, 0.2)
        return got_a, got_b

    got_a, got_b = asyncio.run(main())
    ids_a, ids_b = [e["id"] for e in got_a], [e["id"] for e in got_b]
    assert ids_a == ids_b  # every client sees the same order
    assert sorted(ids_a) == [k * 100 + i for k in range(3) for i in range(1, 51)]
    for k in range(3):  # and each thread's events in the order it published them
        mine = [i for i in ids_a if i // 100 == k]
        assert mine == sorted(mine)


def test_slow_client_loses_old_states_but_never_a_ruling():
    hub = Hub(queue_limit=1000)

    async def main():
        sub, _ = hub.subscribe()
        # Nobody reads while the referee publishes a flood of states with rulings between them.
        for i in range(200):
            hub.publish(state(i))
            if i % 20 == 0:
                hub.publish(ruling(i))
        await puts_done()
        return sub, await drain(sub, 0.1)

    sub, got = asyncio.run(main())
    rulings = [e["id"] for e in got if e["type"] == "ruling"]
    states = [e for e in got if e["type"] == "state"]
    assert rulings == list(range(0, 200, 20))  # every ruling, in order
    assert len(states) == 1 and states[0]["table"]["totals"]["plum"] == 199  # only the latest
    assert sub.dropped == 199


def test_client_that_cannot_keep_up_with_rulings_is_cut_off_not_blocking():
    hub = Hub(queue_limit=10)

    async def main():
        sub, _ = hub.subscribe()
        for i in range(30):
            hub.publish(ruling(i))
        await puts_done()
        got = await drain(sub, 0.1)
        hub.publish(ruling(99))  # the dead client is forgotten, publishing still works
        return got

    got = asyncio.run(main())
    assert got == [{"type": "<closed>"}]
    assert hub.clients == 0


def test_snapshot_keeps_state_game_and_last_rulings_with_in_place_updates():
    hub = Hub(keep_rulings=3)
    hub.publish(GAME)
    hub.publish(state(1))
    for i in range(1, 6):
        hub.publish(ruling(i, "provisional" if i == 4 else "final"))
    hub.publish(ruling(4, "final", reason="confirmed"))
    snap = hub.state
    assert snap["game"]["players"] == ["Ana", "Bo"]
    assert snap["state"]["table"]["totals"] == {"plum": 1}
    assert [r["id"] for r in snap["rulings"]] == [3, 4, 5]  # 4 kept its place
    assert snap["rulings"][1]["status"] == "final" and snap["rulings"][1]["reason"] == "confirmed"
    # A correction stored under a new id takes the place of the ruling it replaces.
    hub.publish(ruling(6, "corrected", replaces=4))
    assert [r["id"] for r in hub.state["rulings"]] == [3, 6, 5]
    # A new game starts with a clean slate of rulings.
    hub.publish(GAME)
    assert hub.state["rulings"] == [] and hub.state["game_over"] is None


def test_frames_and_evidence():
    hub = Hub(keep_evidence=2)
    assert hub.frame == (None, 0) and hub.state["frame"] is None
    hub.set_frame(b"\xff\xd8one")
    hub.set_frame(b"\xff\xd8two")
    assert hub.frame == (b"\xff\xd8two", 2) and hub.state["frame"] == 2
    for i in range(3):
        hub.add_evidence(i, bytes([i]))
    assert hub.evidence(0) is None and hub.evidence(2) == b"\x02"


def test_publish_refuses_a_non_event():
    with pytest.raises(TypeError):
        Hub().publish({"no": "type"})


def test_disconnect_all_ends_streams():
    hub = Hub()

    async def main():
        sub, _ = hub.subscribe()
        hub.disconnect_all()
        return await drain(sub, 1.0)

    assert asyncio.run(main()) == [{"type": "<closed>"}]


def test_tally_history_and_stats_count_each_ruling_once():
    hub = Hub()
    hub.publish(GAME)
    hub.publish(ruling(1, "provisional"))
    hub.publish(ruling(1, "final"))  # the same ruling, confirmed: counted once
    wrong = ruling(2, presses=[{"seat": 1, "t": 2.0, "verdict": "wrong"}], winner=None)
    hub.publish(wrong)
    quick = ruling(3, presses=[{"seat": 1, "t": 3.0, "verdict": "correct", "reaction_ms": 120.0}])
    hub.publish(quick | {"winner": 1})
    hub.publish({"type": "game_over", "t": 4.0, "winners": [0], "cards": [12, 3], "reason": "x"})
    stats = hub.stats()
    rows = {p["name"]: p for p in stats["players"]}
    assert rows["Ana"]["correct"] == 1 and rows["Ana"]["reactions_ms"] == [301.0]
    assert rows["Bo"]["wrong"] == 1 and rows["Bo"]["correct"] == 1
    assert stats["fastest"]["name"] == "Bo" and stats["fastest"]["reaction_ms"] == 120.0
    (game,) = hub.history()
    assert game["over"] and game["winners"] == ["Ana"]
    assert [(s["name"], s["cards"], s["rank"]) for s in game["standings"]] == [
        ("Ana", 12, 1),
        ("Bo", 3, 2),
    ]


def test_standings_share_rank_on_equal_cards():
    rows = standings(["Ana", "Bo", "Cy"], [4, 9, 4])
    assert [(r["name"], r["rank"]) for r in rows] == [("Bo", 1), ("Ana", 2), ("Cy", 2)]


def test_the_referee_s_controls_are_a_controls():
    from halli_pi.referee import Referee
    from halli_pi.runtime.page import RefereeControls

    controls = RefereeControls(Referee(), lambda: 0.0)
    assert isinstance(controls, Controls) and Hub(controls=controls).controls is controls


def test_rulings_without_ids_are_kept_apart():
    """A referee without a store publishes ``"id": None``: each ruling is still its own."""
    hub = Hub()
    hub.publish(GAME)
    for i in range(3):
        hub.publish(ruling(i) | {"id": None})
    assert [r["t"] for r in hub.state["rulings"]] == [0.0, 1.0, 2.0]
    assert hub.stats()["players"][0]["correct"] == 3


def test_stats_are_computed_once_per_change_and_never_queued_behind(monkeypatch):
    import threading
    import time

    from halli_pi.web import storeviews

    release = threading.Event()
    calls = []

    def slow_stats(store):
        calls.append(1)
        if len(calls) > 1:
            release.wait(10)  # the second computation hangs until the test lets it go
        return {"players": [], "fastest": None, "n": len(calls)}

    monkeypatch.setattr(storeviews, "stats", slow_stats)
    hub = Hub(store=object())
    assert hub.stats()["n"] == 1
    assert hub.stats()["n"] == 1 and len(calls) == 1  # cached: no change since
    hub.publish({"type": "ruling", "id": 1, "t": 1.0})
    worker = threading.Thread(target=hub.stats)
    worker.start()
    deadline = time.monotonic() + 5
    while len(calls) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    started = time.monotonic()
    assert hub.stats()["n"] == 1  # the last answer at once, not a wait for the query
    assert time.monotonic() - started < 0.5
    release.set()
    worker.join(5)
    assert hub.stats()["n"] == 2 and len(calls) == 2

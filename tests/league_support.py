"""What the league's tests share: a Mosquitto on a free port (or a skip, or a failure in CI),
a hall that can be stopped and started again, and polling with a deadline."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from halli_pi.league.broker import LocalBroker, find_mosquitto
from halli_pi.league.config import BrokerConfig
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.replay import Game, Ring
from halli_pi.league.hall.store import HallStore
from halli_pi.league.hall.subscriber import Subscriber
from halli_pi.replay import replay
from halli_pi.rules.events import GameOver, GameStart, Ruling
from halli_pi.sessionlog import read_events

LEAGUE = "friday"


def require_mosquitto() -> None:
    """Skip without Mosquitto on a developer's machine; in CI its absence is a failure."""
    if find_mosquitto() is not None:
        return
    reason = "mosquitto is not installed (Debian: apt-get install mosquitto)"
    if os.environ.get("CI") or os.environ.get("HALLI_PI_REQUIRE_MOSQUITTO"):
        pytest.fail(f"the league tests need a real broker: {reason}")
    pytest.skip(reason)


@contextmanager
def running_broker(folder: Path) -> Iterator[LocalBroker]:
    require_mosquitto()
    broker = LocalBroker(folder)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


def wait_until(condition: Callable[[], bool], timeout: float = 30.0, what: str = "it") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.01)


def broker_config(broker: LocalBroker) -> BrokerConfig:
    return BrokerConfig("127.0.0.1", broker.port)


def league_section(broker: LocalBroker, table: str) -> dict:
    return {"broker": f"mqtt://127.0.0.1:{broker.port}", "league": LEAGUE, "table": table}


class RunningHall:
    """A hall process's parts: its store, its state, its MQTT client under a fixed id."""

    def __init__(
        self,
        db: Path,
        broker: LocalBroker,
        client_id: str = "test-hall",
        *,
        config: BrokerConfig | None = None,
    ) -> None:
        self.store = HallStore(db)
        self.hall = Hall(self.store, LEAGUE)
        self.subscriber = Subscriber(self.hall, config or broker_config(broker), client_id)
        self.subscriber.start()
        wait_until(self.subscriber.subscribed.is_set, what="the hall to subscribe")

    def stop(self) -> None:
        self.subscriber.stop()
        self.store.close()


def games_from_log(log: list[dict]) -> list[Game]:
    """A table's games as its own session log replays them (the `replay` command's path)."""
    lines = [json.dumps(obj) for obj in log]
    games: list[Game] = []
    for event, outputs in replay(read_events(lines, "table log")):
        for out in outputs:
            if isinstance(out, Ruling):
                games[-1].rings += [
                    Ring(p.seat, str(p.verdict), p.reaction_ms, p.anticipation, p.t)
                    for p in out.presses
                ]
            elif isinstance(out, GameOver):
                games[-1].over = out.to_json()
        if isinstance(event, GameStart):
            games.append(Game(len(games) + 1, event.ruleset, event.players))
    return games

"""The table's side of a league: a referee listener that queues every session-log event.

The referee tells its listeners each input as it feeds the engine and each output as it is
recorded, in the order the session log has them; the publisher appends each, with the table,
its league session and a sequence number, to the outbox in that order (one transaction each,
so what the table has logged is on disk for the broker before the referee moves on). Rulings
go out with their status (provisional, final, confirmed, corrected): the hall compares only
the standing ones with its own replay.

After each event the table's state (players, cards, game number) is queued too, for the
hall's live board; only the newest unsent state is kept.

``attach_league`` is what a session calls: with no ``[league]`` section it does nothing at
all (no outbox tables, no thread, no socket). ``LateJoin`` is the same for a session whose
referee is made by someone else (the demo's): the section is checked at once, the referee
joins when it is made.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from halli_pi.errors import ConfigError
from halli_pi.league.config import LeagueConfig, parse_league
from halli_pi.league.outbox import Outbox, OutboxError
from halli_pi.league.sender import Sender
from halli_pi.league.topics import log_topic, state_topic
from halli_pi.referee import RefereeListener

log = logging.getLogger(__name__)
FORMAT = 1  # the message format's version; the hall refuses one it does not know


class Publisher(RefereeListener):
    """A referee listener (on_input, on_output, on_decision) that feeds the outbox."""

    def __init__(self, config: LeagueConfig, outbox: Outbox, store_session: int | None) -> None:
        self.config = config
        self.outbox = outbox
        self.store_session = store_session
        self.session = outbox.new_session(store_session)
        self.sender: Sender | None = None
        self.failed = 0  # events the outbox refused (they stay in the session log)
        self._log_topic = log_topic(config.league, config.table)
        self._state_topic = state_topic(config.league, config.table)
        self._state: dict[str, Any] = {
            "format": FORMAT,
            "league": config.league,
            "table": config.table,
            "session": self.session,
            "page_url": config.page_url,
            "game": 0,
            "ruleset": None,
            "players": [],
            "cards": [],
            "over": False,
            "ended": False,
        }

    # --- the referee's listener methods ---------------------------------------------------

    def on_input(self, event: Any) -> None:
        obj = event.to_json()
        if obj["type"] == "game":
            self._state.update(
                game=self._state["game"] + 1,
                ruleset=obj["ruleset"],
                players=list(obj["players"]),
                cards=[],
                over=False,
            )
        elif obj["type"] == "end":
            self._state["ended"] = True
        self._append("input", obj)

    def on_output(self, event: Any) -> None:
        obj = event.to_json()
        if obj["type"] == "game_over":
            self._state.update(over=True, cards=list(obj["cards"]))
        self._append("output", obj)

    def on_decision(self, decision: Any) -> None:
        obj = decision.to_json()
        # The table's own path is no business of the broker's: the hall asks the table's page
        # for the picture by ruling id.
        obj["evidence"] = bool(obj.get("evidence"))
        if obj.get("status") != "provisional":
            self._state["cards"] = list(obj["cards"])
        self._append("output", obj)

    def on_input_corrected(self, corrected: tuple[Any, Any]) -> None:
        """A person corrected an input the referee had fed (a credited shared-bell press, a
        misread card): the hall judges the game again with it. The referee's corrected
        rulings follow as decisions."""
        old, new = corrected
        self._append("correction", new.to_json(), replaces=old.to_json())

    # --- inside -----------------------------------------------------------------------------

    def _append(self, kind: str, event: dict[str, Any], **extra: Any) -> None:
        now = time.time()
        message = {
            **extra,
            "format": FORMAT,
            "table": self.config.table,
            "store_session": self.store_session,
            "kind": kind,
            "event": event,
            "at": now,  # wall clock when queued: the hall's publish-to-board latency
        }
        state = {**self._state, "at": now}
        try:
            self.outbox.append(self.session, self._log_topic, message, (self._state_topic, state))
        except OutboxError:
            # The session log has it; the league misses it, and the hall will see the gap.
            self.failed += 1
            log.exception("could not queue a league message")
            return
        if self.sender is not None:
            self.sender.wake()

    def start(self, client_id: str | None = None) -> None:
        cid = client_id or f"halli-pi-{self.config.league}-{self.config.table}"
        self.sender = Sender(self.outbox, self.config.broker, cid, self.config.window)
        self.sender.start()

    def close(self, flush_timeout: float = 3.0) -> bool:
        """Stop sending (after up to `flush_timeout` s for the broker to take what is queued;
        what it has not taken stays in the outbox for the next start). True if all was sent."""
        sent = True
        if self.sender is not None:
            sent = self.sender.flush(flush_timeout)
            self.sender.stop()
            self.sender = None
        self.outbox.close()
        return sent


def attach_league(
    config_section: Any,
    db_path: str | Path | None,
    referee: Any,
    *,
    where: str = "the table config",
    base: Path | None = None,
) -> Publisher | None:
    """Join the referee's session to the league its config names, or do nothing.

    `config_section` is the raw ``[league]`` TOML table (None or absent: no league);
    `db_path` the table's SQLite file (the outbox lives there); `where` names the config file
    for errors. Call ``close()`` on the result when the session ends."""
    if config_section is None:
        return None
    config = parse_league(config_section, where, base)
    if db_path is None or str(db_path) == ":memory:":
        # The outbox is what makes a league lossless; in memory it would die with the process.
        raise ConfigError(
            "a table in a league needs its log in a file: the outbox of unsent messages is there",
            where=where,
            field="league",
        )
    publisher = Publisher(config, Outbox(Path(db_path)), getattr(referee, "session_id", None))
    publisher.start()
    referee.listeners.append(publisher)
    return publisher


class LateJoin:
    """``attach_league`` for a referee made later (``run_demo`` makes its own): give ``join``
    as the maker's ``on_referee``, and ``close`` the session's league when it ends. The
    section is checked here, so a bad one stops the start, not a game."""

    def __init__(
        self,
        config_section: Any,
        db_path: str | Path,
        *,
        where: str = "the table config",
        base: Path | None = None,
    ) -> None:
        self.config = parse_league(config_section, where, base)
        self._section, self._db, self._where, self._base = config_section, db_path, where, base
        self.publisher: Publisher | None = None

    def join(self, referee: Any) -> None:
        if self.publisher is not None:
            raise RuntimeError(f"{self._where}: this league session has a referee already")
        self.publisher = attach_league(
            self._section, self._db, referee, where=self._where, base=self._base
        )

    def close(self, flush_timeout: float = 3.0) -> int:
        """Stop publishing, after up to `flush_timeout` s for the broker to take what is
        queued; how many messages it has not taken (they stay in the outbox)."""
        publisher, self.publisher = self.publisher, None
        if publisher is None:
            return 0
        sender = publisher.sender
        sent = sender is None or sender.flush(flush_timeout)
        unsent = 0 if sent else publisher.outbox.pending()
        publisher.close(flush_timeout=0.0)
        return unsent

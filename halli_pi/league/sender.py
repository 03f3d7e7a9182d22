"""The MQTT thread of a table: empties the outbox into the broker, QoS 1.

Each outbox row is handed to paho once per process, at most `window` rows awaiting their
PUBACK at a time. paho keeps those until their PUBACK and sends them again (marked DUP) after a
reconnect, which it retries itself with back-off; the row is deleted from the outbox only when
its PUBACK arrives. A process that restarts hands out the whole outbox again from its first row.

paho calls ``on_publish`` on its network thread while holding its own lock, so the callback
only queues the message id; this thread maps ids to rows and deletes them.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any

from halli_pi.league.config import BrokerConfig
from halli_pi.league.mqtt import connect, make_client
from halli_pi.league.outbox import Outbox, OutboxError

log = logging.getLogger(__name__)


class Sender:
    def __init__(self, outbox: Outbox, broker: BrokerConfig, client_id: str, window: int) -> None:
        self.outbox = outbox
        self.broker = broker
        self.window = window
        self.client = make_client(broker, client_id)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self._acks: queue.SimpleQueue[tuple[int, bool]] = queue.SimpleQueue()  # (mid, refused)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._inflight: dict[int, tuple[int, str]] = {}  # paho message id -> (row id, kind)
        self._last_id = 0  # the newest row handed to paho
        self.connected = threading.Event()
        self.acknowledged = 0
        self.refused = 0  # log rows the broker would not take (not allowed): kept in the outbox
        self._thread = threading.Thread(target=self._run, name="league-sender", daemon=True)

    def start(self) -> None:
        connect(self.client, self.broker, persistent=False)
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def flush(self, timeout: float) -> bool:
        """Wait (up to `timeout` s) until the broker has every row; True if it has."""
        deadline = time.monotonic() + timeout
        while self.outbox.pending():
            if time.monotonic() >= deadline:
                return False
            self.wake()
            time.sleep(0.02)
        return True

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self.client.disconnect()
        self.client.loop_stop()

    # --- paho's thread: note and wake, nothing more ---------------------------------------

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            log.warning("the broker %s refused the table: %s", self.broker.url, reason)
            return
        log.info("connected to the broker %s", self.broker.url)
        self.connected.set()
        self._wake.set()

    def _on_disconnect(
        self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        if self.connected.is_set() and not self._stop.is_set():  # not our own goodbye
            log.warning("lost the broker %s (%s); retrying with back-off", self.broker.url, reason)
        self.connected.clear()

    def _on_publish(self, client: Any, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        self._acks.put((mid, bool(reason.is_failure)))
        self._wake.set()

    # --- this thread ------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(0.5)
            self._wake.clear()
            try:
                self._clear_acknowledged()
                self._hand_out()
            except OutboxError:
                # The disk refused: rows stay where they are and are tried again.
                log.exception("the league outbox")
                self._stop.wait(1.0)
            except Exception:  # a table must never stop publishing unnoticed, nor for good
                log.exception("the league sender")
                self._stop.wait(1.0)

    def _clear_acknowledged(self) -> None:
        done: list[int] = []
        while True:
            try:
                mid, refused = self._acks.get_nowait()
            except queue.Empty:
                break
            row = self._inflight.pop(mid, None)
            if row is None:
                continue
            row_id, kind = row
            if refused:
                if kind == "state":
                    continue  # kept until a newer state replaces it
                # The broker's access list forbids it: kept for the next start (after the
                # broker or the config is put right), never deleted unsent.
                self.refused += 1
                if self.refused == 1:
                    log.error(
                        "the broker %s refuses this table's messages (not allowed?); they stay"
                        " in the outbox",
                        self.broker.url,
                    )
                continue
            done.append(row_id)
        self.outbox.acknowledge(done)
        self.acknowledged += len(done)

    def _hand_out(self) -> None:
        room = self.window - len(self._inflight)
        if room <= 0 or not self.connected.is_set():
            return
        for row in self.outbox.take(self._last_id, room):
            info = self.client.publish(row.topic, row.payload, qos=1, retain=row.kind == "state")
            self._inflight[info.mid] = (row.id, row.kind)
            self._last_id = row.id

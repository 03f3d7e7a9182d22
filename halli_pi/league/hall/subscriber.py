"""The hall's MQTT client: a persistent session under a fixed client id, QoS 1.

While the hall is away the broker keeps its subscriptions and queues every table's messages
for it (the broker must be set to keep enough: see the README's league section). Each message
is acknowledged to the broker only once it is in the hall's store (paho's manual ack), so a
hall killed at any moment loses nothing the broker handed over, and a message the disk refused
stays the broker's to deliver again after a reconnect; a message delivered twice is dropped by
its (table, session, seq).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from halli_pi.league.config import BrokerConfig
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStoreError
from halli_pi.league.mqtt import connect, make_client
from halli_pi.league.topics import hall_filters

log = logging.getLogger(__name__)


class Subscriber:
    def __init__(self, hall: Hall, broker: BrokerConfig, client_id: str) -> None:
        self.hall = hall
        self.broker = broker
        self.client = make_client(broker, client_id)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_subscribe = self._on_subscribe
        self.client.manual_ack_set(True)
        self.subscribed = threading.Event()
        self._stopping = False

    def start(self) -> None:
        connect(self.client, self.broker, persistent=True)

    def stop(self) -> None:
        self._stopping = True
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            log.warning("the broker %s refused the hall: %s", self.broker.url, reason)
            return
        # The session keeps the subscriptions; asking again is harmless and covers a broker
        # that lost its state.
        client.subscribe([(topic, 1) for topic in hall_filters(self.hall.league)])
        log.info("following league %s on %s", self.hall.league, self.broker.url)

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, codes: Any, props: Any) -> None:
        if any(code.is_failure for code in codes):
            log.warning("the broker %s refused the hall's subscription: %s", self.broker.url, codes)
            return
        self.subscribed.set()
        self.hall.following = True

    def _on_disconnect(
        self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        self.subscribed.clear()
        self.hall.following = False
        if not self._stopping:  # not our own goodbye
            log.warning("lost the broker %s (%s); retrying with back-off", self.broker.url, reason)

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        try:
            self.hall.receive(message.topic, message.payload)
        except HallStoreError as err:
            # Not acknowledged: the broker keeps it for this session and sends it again.
            log.error("%s; the broker keeps the message", err)
            self.hall.trouble = str(err)
            return
        client.ack(message.mid, message.qos)

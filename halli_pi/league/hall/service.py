"""The hall as a service: its store, its state rebuilt from the store, the broker, the page.

``run_hall`` is what ``halli-pi hall`` runs: systemd is told when all is up (``Type=notify``),
the watchdog is pinged from the main loop, and SIGTERM closes the page, the MQTT session (kept
by the broker, so nothing sent meanwhile is missed) and the store, in that order.
"""

from __future__ import annotations

import logging

from halli_pi.league.config import HallConfig
from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStore
from halli_pi.league.hall.subscriber import Subscriber
from halli_pi.league.hall.web import serve
from halli_pi.runtime.notify import Service

log = logging.getLogger(__name__)


def run_hall(config: HallConfig, duration: float | None = None) -> int:
    with Service() as service:
        store = HallStore(config.db)
        service.callback(store.close)

        def replaying(count: int) -> None:
            service.status(f"replaying the store: {count} messages")
            service.tick()

        hall = Hall(store, config.league, replaying)
        log.info("rebuilt %d message(s) of %d table session(s)", hall.held, len(hall.replays))
        subscriber = Subscriber(hall, config.broker, config.client_id)
        subscriber.start()
        service.callback(subscriber.stop)
        server = serve(hall, config.host, config.port, config.pin)
        service.callback(server.stop)
        pin = "controls behind the hall PIN" if config.pin else "read-only (no PIN set)"
        log.info("the hall's page: %s (%s)", server.url, pin)
        service.ready(f"league {config.league}, page {server.url}")
        waited = 0.0
        while not service.stop_requested:
            if duration is not None and waited >= duration:
                break
            service.wait(1.0)
            waited += 1.0
            service.status(f"{hall.held} messages, {len(hall.replays)} table sessions")
            service.tick()
    return 0

"""uvicorn's h11 protocol with the two limits it lacks: how many sockets, and how long headers.

uvicorn's ``limit_concurrency`` answers 503 once a request is read, but every accepted socket
still costs a file descriptor, and its keep-alive timer only starts after a first response: a
client that opens a connection and sends half a header line holds its socket forever. On a Pi
with a few hundred descriptors that starves the evidence photos and the database. So:

- past ``max_connections`` open sockets, or ``per_address`` from one address, a new one is
  closed as soon as it is accepted (so one guest's flood leaves room for the phones);
- a request's line and headers must be complete within ``header_timeout_s`` of the connection
  opening (or of the previous response), however slowly the bytes trickle in.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class GuardedH11Protocol(H11Protocol):
    max_connections = 80
    per_address = 40
    header_timeout_s = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = None
        host = self.client[0] if self.client else None
        # uvicorn's set holds every protocol class it has; its auto-selecting one has no client.
        clients = (getattr(c, "client", None) for c in self.connections)
        mine = sum(1 for client in clients if client and client[0] == host)
        if len(self.connections) > self.max_connections or mine > self.per_address:
            self.connections.discard(self)
            transport.abort()
            return
        self._arm_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_header_timer()  # the next request on a kept-alive socket gets the same time

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        self._cancel_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._headers_late)

    def _cancel_header_timer(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        # IDLE: h11 has not seen a whole request line and headers yet.
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

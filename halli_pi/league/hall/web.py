"""The hall's scoreboard page: every table live, standings, fastest rings, disputed rulings.

Read-only for everyone; the one control (marking a disputed ruling as looked at) needs the
hall's own PIN, with the same guards as a table's page (PIN lock-out, Host allow-list, Origin
check, body cap, no framing), and it is served through the same connection guard (a cap on
sockets, overall and per address, and a deadline for a request's headers), with the hall's caps.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from halli_pi.league.hall.hall import Hall
from halli_pi.league.hall.store import HallStoreError
from halli_pi.league.hall.thumbs import ThumbError, Thumbnails
from halli_pi.league.topics import valid_name
from halli_pi.web.guard import (
    BodyLimit,
    OriginCheck,
    PinGuard,
    Refusal,
    SecurityHeaders,
    read_json_body,
)
from halli_pi.web.protocol import GuardedH11Protocol

STATIC = Path(__file__).parent / "static"
PIN_HEADER = "x-hall-pin"
MAX_NOTE = 200
# Requests answered at once (uvicorn answers 503 past it); sockets held open in all, past which
# a new one is closed unanswered; and from one address, so one guest leaves room for the rest.
CONCURRENCY = 64
SOCKETS = 80
PER_ADDRESS = 16


def create_app(
    hall: Hall, *, pin: str | None = None, allowed_hosts: list[str] | None = None
) -> Starlette:
    guard = PinGuard(pin)
    thumbs = Thumbnails()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "hall.html")

    async def scoreboard(request: Request) -> Response:
        board = await run_in_threadpool(hall.scoreboard)
        return _json(board)

    async def thumb(request: Request) -> Response:
        table, raw = request.path_params["table"], request.path_params["rid"]
        if not valid_name(table) or not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
            return _json({"error": "a table name and a ruling number, please"}, 404)
        page_url = hall.page_url(table)
        if page_url is None:
            return _json({"error": f"table {table} has not said where its page is"}, 404)
        try:
            jpeg = await run_in_threadpool(thumbs.get, table, page_url, int(raw))
        except ThumbError as err:
            return _json({"error": str(err)}, 502)
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "max-age=600"})

    async def resolve(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        try:
            header = request.headers.get(PIN_HEADER)
            if header:
                guard.check(client, header)
            body = await read_json_body(request)
            if not header:
                guard.check(client, body.get("pin"))
            dispute, note = body.get("dispute"), body.get("note", "looked at")
            if not isinstance(dispute, str) or not 0 < len(dispute) <= 100:
                raise Refusal(422, "field 'dispute': the id of a disputed ruling, please")
            if not isinstance(note, str) or len(note) > MAX_NOTE:
                raise Refusal(422, f"field 'note': a text of at most {MAX_NOTE} characters")
            await run_in_threadpool(hall.store.resolve, dispute, note)
        except Refusal as refusal:
            return _json({"error": refusal.message}, refusal.status)
        except HallStoreError as err:
            return _json({"error": str(err)}, 503)
        return _json({"ok": True})

    routes = [
        Route("/", page),
        Route("/hall.js", lambda r: FileResponse(STATIC / "hall.js")),
        Route("/hall.css", lambda r: FileResponse(STATIC / "hall.css")),
        # No icon: an empty answer rather than a 404 in every browser's console.
        Route("/favicon.ico", lambda r: Response(status_code=204)),
        Route("/api/scoreboard", scoreboard),
        Route("/thumb/{table}/{rid}.jpg", thumb),
        Route("/api/resolve", resolve, methods=["POST"]),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(BodyLimit)]
    if allowed_hosts is not None:
        middleware += [
            Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts, www_redirect=False),
            Middleware(OriginCheck, allowed_hosts=allowed_hosts),
        ]
    return Starlette(routes=routes, middleware=middleware)


def _json(obj: Any, status: int = 200) -> Response:
    return Response(
        json.dumps(obj, allow_nan=False, default=str),
        status_code=status,
        media_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


@dataclass
class HallServer:
    url: str
    port: int
    _server: uvicorn.Server
    _thread: threading.Thread

    def stop(self, timeout: float = 5.0) -> None:
        self._server.should_exit = True
        self._thread.join(timeout)


def serve(hall: Hall, host: str, port: int, pin: str | None) -> HallServer:
    """Serve the page from a background thread; return once it listens (port 0: a free one)."""
    from halli_pi.web.app import allowed_hosts, connection_limit, listening_socket, run_server

    sock = listening_socket(host, port, what="the hall's page", field=None)
    bound = sock.getsockname()[1]
    limit = min(CONCURRENCY, connection_limit())  # fewer under a small file limit
    config = uvicorn.Config(
        create_app(hall, pin=pin, allowed_hosts=allowed_hosts(host)),
        log_level="error",
        access_log=False,
        lifespan="off",
        http=_guarded_protocol(limit),
        ws="none",
        server_header=False,
        limit_concurrency=limit,
        timeout_keep_alive=5,
        backlog=32,  # a flood is accepted, and closed past the cap, a few sockets at a time
        h11_max_incomplete_event_size=16_384,  # a request line and headers: 16 KB at most
    )
    server, thread = run_server(config, sock, name="hall-web", what="the hall's page", field=None)
    return HallServer(f"http://{host}:{bound}/", bound, server, thread)


def _guarded_protocol(limit: int) -> type[GuardedH11Protocol]:
    """The table page's connection guard with the hall's caps. A class of its own for each
    server: the table page sets its caps on the guard's class, and a table and a hall in one
    process (a test, a club's one machine) must not change each other's."""
    from halli_pi.web.app import HEADER_TIMEOUT_S

    caps = {
        "max_connections": max(limit, SOCKETS * limit // CONCURRENCY),
        "per_address": min(PER_ADDRESS, limit),
        "header_timeout_s": HEADER_TIMEOUT_S,
    }
    return type("HallH11Protocol", (GuardedH11Protocol,), caps)

"""The live page's web app (Starlette, served by uvicorn).

Read-only for everyone: the page, the live event stream (server-sent events), the table state,
history, stats, the camera view and evidence photos. The table controls (new game, credit a
shared-bell press, correct a misread card, end the game) need the table PIN, given as the
``X-Table-Pin`` header or a ``pin`` field of the JSON body, compared in constant time. Bodies
must be JSON (``application/json``): a browser cannot send that cross-site without asking first,
so another page on the LAN cannot drive the controls through a visitor's phone.

Every refusal names what was wrong and changes nothing: 400 for a body that is not JSON or a
request the referee rejects (its ``HalliPiError`` message), 422 for a missing or mistyped field,
403 without the right PIN, 429 after too many wrong PINs, 503 when no referee takes controls.
"""

from __future__ import annotations

import hmac
import io
import json
import math
import secrets
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from halli_pi.errors import ConfigError, HalliPiError
from halli_pi.web.hub import Hub

STATIC = Path(__file__).parent / "static"
KEEPALIVE_S = 15.0  # a comment line this often keeps proxies and phones from dropping the stream
PIN_HEADER = "x-table-pin"
MAX_BODY = 16_384
MAX_NAME = 40


class _Refusal(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class _PinGuard:
    """Constant-time PIN check with a small lock-out against guessing a short PIN."""

    def __init__(self, pin: str | None, *, tries: int = 8, window_s: float = 60.0) -> None:
        self._pin = pin.encode() if pin else None
        self._tries = tries
        self._window = window_s
        self._failures: dict[str, list[float]] = {}

    def check(self, client: str, supplied: object) -> None:
        if self._pin is None:
            raise _Refusal(403, "the table controls are off: no table PIN is set on this server")
        now = time.monotonic()
        recent = [t for t in self._failures.get(client, []) if now - t < self._window]
        if len(recent) >= self._tries:
            raise _Refusal(429, "too many wrong PINs; wait a minute and try again")
        given = supplied.encode() if isinstance(supplied, str) else b""
        if not given:
            # Not a guess, just a watcher pressing a button: no count towards the lock-out.
            raise _Refusal(403, "the table PIN is needed for this (the page is read-only)")
        if not hmac.compare_digest(given, self._pin):
            recent.append(now)
            self._failures[client] = recent
            raise _Refusal(403, "wrong table PIN")
        self._failures.pop(client, None)


def create_app(hub: Hub, *, pin: str | None = None) -> Starlette:
    """The ASGI app for ``hub``. Without ``pin`` the controls are refused (read-only page)."""
    guard = _PinGuard(pin)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def events(request: Request) -> Response:
        sub, snapshot = hub.subscribe()

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                yield _sse(snapshot)
                while True:
                    try:
                        event = await sub.get(timeout=KEEPALIVE_S)
                    except StopAsyncIteration:
                        return
                    yield ": keep-alive\n\n" if event is None else _sse(event)
            finally:
                hub.unsubscribe(sub)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    async def api_state(request: Request) -> Response:
        return _json(hub.state)

    async def api_history(request: Request) -> Response:
        return _json({"games": await run_in_threadpool(hub.history)})

    async def api_stats(request: Request) -> Response:
        return _json(await run_in_threadpool(hub.stats))

    async def frame(request: Request) -> Response:
        jpeg, version = hub.frame
        if jpeg is None:
            return _error(404, "no camera frame yet")
        return Response(
            jpeg,
            media_type="image/jpeg",
            headers={"Cache-Control": "no-store", "X-Frame-Version": str(version)},
        )

    async def evidence(request: Request) -> Response:
        raw = request.path_params["rid"]
        if not raw.isdigit():
            return _error(404, f"no evidence {raw!r}: a ruling id is a whole number")
        jpeg = await run_in_threadpool(hub.evidence, int(raw))
        if jpeg is None:
            return _error(404, f"no evidence photo for ruling {raw}")
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "max-age=3600"})

    def control(action: Callable[[dict[str, Any]], Callable[[], None]]):
        async def endpoint(request: Request) -> Response:
            try:
                body = await _body(request)
                guard.check(_client(request), request.headers.get(PIN_HEADER) or body.get("pin"))
                if hub.controls is None:
                    raise _Refusal(503, "no referee is taking table controls right now")
                call = action(body)  # validates the fields; raises _Refusal(422) first
                await run_in_threadpool(call)
            except _Refusal as refusal:
                return _error(refusal.status, refusal.message)
            except HalliPiError as err:
                return _error(400, str(err))
            return _json({"ok": True})

        return endpoint

    def new_game(body: dict[str, Any]) -> Callable[[], None]:
        players = _players(body.get("players"))
        ruleset = _text(body, "ruleset", default="classic")
        options = body.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise _Refusal(422, f"field 'options': an object is needed, got {options!r}")
        return lambda: hub.controls.new_game(players, ruleset, options)

    def credit(body: dict[str, Any]) -> Callable[[], None]:
        ruling_id = _int(body, "ruling_id")
        seat = _int(body, "seat")
        return lambda: hub.controls.credit(ruling_id, seat)

    def correct(body: dict[str, Any]) -> Callable[[], None]:
        seat = _int(body, "seat")
        card = _text(body, "card")
        t = body.get("t")
        if t is not None and (
            isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t)
        ):
            raise _Refusal(422, f"field 't': seconds on the session clock or null, got {t!r}")
        return lambda: hub.controls.correct_card(seat, card, None if t is None else float(t))

    def end(body: dict[str, Any]) -> Callable[[], None]:
        return lambda: hub.controls.end_game()

    routes = [
        Route("/", page),
        Route("/events", events),
        Route("/api/state", api_state),
        Route("/api/history", api_history),
        Route("/api/stats", api_stats),
        Route("/frame.jpg", frame),
        Route("/evidence/{rid}.jpg", evidence),
        Route("/api/game", control(new_game), methods=["POST"]),
        Route("/api/credit", control(credit), methods=["POST"]),
        Route("/api/correct", control(correct), methods=["POST"]),
        Route("/api/end", control(end), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.hub = hub
    return app


# -- request helpers ---------------------------------------------------------------------------


async def _body(request: Request) -> dict[str, Any]:
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    raw = await request.body()
    if not raw:
        return {}
    if len(raw) > MAX_BODY:
        raise _Refusal(400, f"request body of {len(raw)} bytes is too large")
    if ctype != "application/json":
        raise _Refusal(400, f"send JSON (Content-Type: application/json), not {ctype or 'nothing'}")
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as err:
        raise _Refusal(400, f"the body is not valid JSON: {err}") from None
    if not isinstance(body, dict):
        raise _Refusal(400, f"the body must be a JSON object, got {type(body).__name__}")
    return body


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _players(value: object) -> list[str]:
    if isinstance(value, str):  # "Ana, Bo, Cy" from a text field
        value = [p for p in value.split(",")]
    if not isinstance(value, list) or not value:
        raise _Refusal(422, f"field 'players': a list of names is needed, got {value!r}")
    names = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise _Refusal(422, f"field 'players': {item!r} is not a name")
        name = item.strip()
        if len(name) > MAX_NAME:
            raise _Refusal(422, f"field 'players': name {name[:MAX_NAME]!r}… is too long")
        names.append(name)
    if len(set(names)) != len(names):
        raise _Refusal(422, f"field 'players': names must differ, got {names!r}")
    return names


def _int(body: dict[str, Any], field: str) -> int:
    if field not in body:
        raise _Refusal(422, f"field {field!r} is missing")
    value = body[field]
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():  # from a form's <select>
            return int(value)
        raise _Refusal(422, f"field {field!r}: a whole number is needed, got {value!r}")
    return value


def _text(body: dict[str, Any], field: str, default: str | None = None) -> str:
    value = body.get(field, default)
    if value is None:
        raise _Refusal(422, f"field {field!r} is missing")
    if not isinstance(value, str) or not value.strip():
        raise _Refusal(422, f"field {field!r}: text is needed, got {value!r}")
    return value.strip()


def _sse(event: dict[str, Any]) -> str:
    return f"data: {_dumps(event)}\n\n"


def _dumps(obj: Any) -> str:
    # default=str: a stray Card or enum from the referee still reaches the page as its text.
    return json.dumps(obj, default=str, separators=(",", ":"))


def _json(obj: Any, status: int = 200) -> Response:
    return Response(
        _dumps(obj),
        status_code=status,
        media_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


def _error(status: int, message: str) -> Response:
    return _json({"error": message}, status)


# -- serving -----------------------------------------------------------------------------------


@dataclass
class Server:
    """A running page server: ``url`` to open (or print as a QR code), ``stop()`` to end it."""

    url: str
    host: str
    port: int
    _server: uvicorn.Server
    _thread: threading.Thread
    _hub: Hub

    def stop(self, timeout: float = 5.0) -> None:
        # End the live streams first: uvicorn's graceful shutdown waits for open responses.
        self._hub.disconnect_all()
        self._server.should_exit = True
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._server.force_exit = True
            self._thread.join(timeout)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(hub: Hub, host: str = "127.0.0.1", port: int = 8080, pin: str | None = None) -> Server:
    """Serve the page for ``hub`` from a background thread; return once it is listening.

    Binds to 127.0.0.1 unless told otherwise (``0.0.0.0`` opens it to the LAN). ``port=0`` picks
    a free port. Raises ConfigError when the address cannot be had (in use, not ours).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError as err:
        sock.close()
        raise ConfigError(
            f"cannot serve the page on {host}:{port}: {err.strerror or err}", field="web"
        ) from None
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(hub, pin=pin),
        log_level="warning",
        access_log=False,
        lifespan="off",
        http="h11",  # pure Python: the same on a Pi as here, no compiled extras needed
        ws="none",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="halli-pi-web", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 10.0
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise ConfigError(f"the page server on {host}:{bound_port} did not start", field="web")
        time.sleep(0.01)
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return Server(f"http://{shown}:{bound_port}/", host, bound_port, server, thread, hub)


def lan_address() -> str:
    """This machine's address on the LAN, for the URL a phone should open."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # Connecting a UDP socket sends nothing; it only picks the interface a packet would use.
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def make_pin(digits: int = 4) -> str:
    """A random table PIN to show when the config sets none."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))

"""The live page's web app (Starlette, served by uvicorn).

Read-only for everyone: the page, the live event stream (server-sent events), the table state,
history, stats, the camera view and evidence photos. The table controls (new game, credit a
shared-bell press, correct a misread card, end the game; at a Hawaiki table the inputs only a
person can give, ``/api/hawaiki/<input>``, ``/api/hawaiki/dismiss`` to answer no to a
play the camera doubted and ``/api/hawaiki/top`` to name a card the camera cannot read, or
with ``"taken_back": true`` to say its top was taken back) need
the table PIN, given as the
``X-Table-Pin`` header or a ``pin`` field of the JSON body, compared in constant time. Bodies
must be JSON (``application/json``): a browser cannot send that cross-site without asking first,
so another page on the LAN cannot drive the controls through a visitor's phone.

Every refusal names what was wrong and changes nothing: 400 for a body that is not JSON or a
request the referee rejects (its ``HalliPiError`` message), 422 for a missing or mistyped field,
403 without the right PIN, 429 after too many wrong PINs, 503 when no referee takes controls.
"""

from __future__ import annotations

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
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from halli_pi.errors import ConfigError, HalliPiError, InputError
from halli_pi.web.guard import (
    MAX_BODY,
    BodyLimit,
    OriginCheck,
    PinGuard,
    Refusal,
    SecurityHeaders,
    read_json_body,
)
from halli_pi.web.hands_view import hands_route
from halli_pi.web.hub import (
    HAWAIKI_CONTROLS,
    Controls,
    HawaikiControls,
    Hub,
    TooManyClients,
)

STATIC = Path(__file__).parent / "static"
KEEPALIVE_S = 15.0  # a comment line this often keeps proxies and phones from dropping the stream
PIN_HEADER = "x-table-pin"
MAX_NAME = 40
MAX_ID_DIGITS = 15  # a ruling id in a URL: beyond this it is no id of ours
MAX_CONNECTIONS = 64  # open sockets, of which ...
MAX_STREAMS = 32  # ... live streams (each phone holds one)
HEADER_TIMEOUT_S = 10.0  # a request's headers must be in by then (half-sent ones are closed)


def create_app(
    hub: Hub, *, pin: str | None = None, allowed_hosts: list[str] | None = None
) -> Starlette:
    """The ASGI app for ``hub``. Without ``pin`` the controls are refused (read-only page).

    ``allowed_hosts``: the names the page may be asked for (Host) and posted from (Origin);
    None allows any (tests). ``serve`` gives this machine's addresses and names.
    """
    guard = PinGuard(pin)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def events(request: Request) -> Response:
        try:
            sub, snapshot = hub.subscribe()
        except TooManyClients as err:
            return _error(503, f"too many pages open ({err}); close one and reload")

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
        if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_ID_DIGITS:
            return _error(404, f"no evidence {raw[:20]!r}: a ruling id is a whole number")
        jpeg = await run_in_threadpool(hub.evidence, int(raw))
        if jpeg is None:
            return _error(404, f"no evidence photo for ruling {raw}")
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "max-age=3600"})

    def control(action: Callable[[dict[str, Any]], Callable[[], None]]):
        async def endpoint(request: Request) -> Response:
            try:
                header = request.headers.get(PIN_HEADER)
                if header:
                    # The PIN before the body: a guest without it gets no body read at all.
                    guard.check(_client(request), header)
                body = await read_json_body(request)
                if not header:
                    guard.check(_client(request), body.get("pin"))
                if hub.controls is None:
                    raise Refusal(503, "no referee is taking table controls right now")
                call = action(body)  # validates the fields; raises _Refusal(422) first
                await run_in_threadpool(call)
            except Refusal as refusal:
                return _error(refusal.status, refusal.message)
            except HalliPiError as err:
                return _error(400, str(err))
            return _json({"ok": True})

        return endpoint

    def _controls() -> Controls:
        if hub.controls is None:  # checked before every action; the referee may have gone since
            raise Refusal(503, "no referee is taking table controls right now")
        return hub.controls

    def new_game(body: dict[str, Any]) -> Callable[[], None]:
        players = _players(body.get("players"))
        ruleset = _text(body, "ruleset", default="classic")
        options = body.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise Refusal(422, f"field 'options': an object is needed, got {options!r}")
        return lambda: _controls().new_game(players, ruleset, options)

    def credit(body: dict[str, Any]) -> Callable[[], None]:
        ruling_id = _int(body, "ruling_id")
        seat = _int(body, "seat")
        return lambda: _controls().credit(ruling_id, seat)

    def correct(body: dict[str, Any]) -> Callable[[], None]:
        seat = _int(body, "seat")
        card = _text(body, "card")
        t = body.get("t")
        if t is not None and (
            isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t)
        ):
            raise Refusal(422, f"field 't': seconds on the session clock or null, got {t!r}")
        return lambda: _controls().correct_card(seat, card, None if t is None else float(t))

    def end(body: dict[str, Any]) -> Callable[[], None]:
        return lambda: _controls().end_game()

    def hawaiki(kind: str) -> Callable[[dict[str, Any]], Callable[[], None]]:
        """A Hawaiki control: the body's fields (the PIN aside) are the input event's; the
        referee's side checks them and says which field is wrong (a 400)."""

        def action(body: dict[str, Any]) -> Callable[[], None]:
            fields = {k: v for k, v in body.items() if k != "pin"}

            def call() -> None:
                controls = _controls()
                if not isinstance(controls, HawaikiControls):
                    raise Refusal(503, "this referee takes no Hawaiki controls")
                controls.hawaiki(kind, fields)
                if kind == "play":  # the question the camera asked is answered
                    hub.answer(("play", fields.get("pile")))

            return call

        return action

    def dismiss(body: dict[str, Any]) -> Callable[[], None]:
        pile = body.get("pile")

        def call() -> None:
            if isinstance(pile, bool) or not isinstance(pile, int):
                raise InputError(f"a pile number (0, 1, 2) is needed, got {pile!r}", field="pile")
            # A doubted play, or a top the camera cannot read after a hand that only hovered.
            unreadable = hub.question(("unreadable", pile))
            if hub.question(("play", pile)) is None and unreadable is None:
                raise InputError(f"no question about pile {pile!r} is open", field="pile")
            if unreadable is not None and unreadable.get("dealt"):
                raise InputError(f"pile {pile}'s dealt card must be named", field="pile")
            # The pile reader drops its question too (its watermark was held at the hand).
            dismiss_play = getattr(_controls(), "dismiss_play", None)
            if dismiss_play is not None:
                dismiss_play(pile)
            hub.answer(("play", pile))
            hub.answer(("unreadable", pile))

        return call

    def name_top(body: dict[str, Any]) -> Callable[[], None]:
        pile, card = body.get("pile"), body.get("card")
        # The top was taken back (the older card shows again): a `retract`, not a play.
        taken_back = body.get("taken_back", False)
        if not isinstance(taken_back, bool):
            raise Refusal(422, f"field 'taken_back': true or false, got {taken_back!r}")

        def call() -> None:
            # What the pile reader makes of the answer: the play the card stood for, a dealt
            # card, or the take-back of the top (each checked against what it knows).
            if taken_back:
                take_back = getattr(_controls(), "take_back_top", None)
                if take_back is None:
                    raise Refusal(503, "this referee takes no take-back answers")
                take_back(pile, card)
            else:
                name = getattr(_controls(), "name_top", None)
                if name is None:
                    raise Refusal(503, "this referee takes no Hawaiki controls")
                name(pile, card)
            hub.answer(("unreadable", pile))

        return call

    routes = [
        Route("/", page),
        Route("/events", events),
        Route("/api/state", api_state),
        Route("/api/history", api_history),
        Route("/api/stats", api_stats),
        Route("/frame.jpg", frame),
        Route("/evidence/{rid}.jpg", evidence),
        hands_route(hub),  # an uncredited shared ring: the bell's frames round the edge
        Route("/api/game", control(new_game), methods=["POST"]),
        Route("/api/credit", control(credit), methods=["POST"]),
        Route("/api/correct", control(correct), methods=["POST"]),
        Route("/api/end", control(end), methods=["POST"]),
        Route("/api/hawaiki/dismiss", control(dismiss), methods=["POST"]),
        Route("/api/hawaiki/top", control(name_top), methods=["POST"]),
        *(
            Route(f"/api/hawaiki/{kind}", control(hawaiki(kind)), methods=["POST"])
            for kind in HAWAIKI_CONTROLS
        ),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(BodyLimit, limit=MAX_BODY)]
    if allowed_hosts is not None:
        # Host first: a rebound name never reaches a route; then Origin for the controls.
        middleware += [
            Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts, www_redirect=False),
            Middleware(OriginCheck, allowed_hosts=allowed_hosts),
        ]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.hub = hub
    return app


# -- request helpers ---------------------------------------------------------------------------


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _players(value: object) -> list[str]:
    if isinstance(value, str):  # "Ana, Bo, Cy" from a text field
        value = [p for p in value.split(",")]
    if not isinstance(value, list) or not value:
        raise Refusal(422, f"field 'players': a list of names is needed, got {value!r}")
    names = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise Refusal(422, f"field 'players': {item!r} is not a name")
        name = item.strip()
        if len(name) > MAX_NAME:
            raise Refusal(422, f"field 'players': name {name[:MAX_NAME]!r}… is too long")
        names.append(name)
    if len(set(names)) != len(names):
        raise Refusal(422, f"field 'players': names must differ, got {names!r}")
    return names


def _int(body: dict[str, Any], field: str) -> int:
    if field not in body:
        raise Refusal(422, f"field {field!r} is missing")
    value = body[field]
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():  # from a form's <select>
            return int(value)
        raise Refusal(422, f"field {field!r}: a whole number is needed, got {value!r}")
    return value


def _text(body: dict[str, Any], field: str, default: str | None = None) -> str:
    value = body.get(field, default)
    if value is None:
        raise Refusal(422, f"field {field!r} is missing")
    if not isinstance(value, str) or not value.strip():
        raise Refusal(422, f"field {field!r}: text is needed, got {value!r}")
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


def serve(
    hub: Hub,
    host: str = "127.0.0.1",
    port: int = 8080,
    pin: str | None = None,
    *,
    proxy: str | None = None,
    hosts: tuple[str, ...] = (),
) -> Server:
    """Serve the page for ``hub`` from a background thread; return once it is listening.

    Binds to 127.0.0.1 unless told otherwise (``0.0.0.0`` opens it to the LAN). ``port=0`` picks
    a free port. Raises ConfigError when the address cannot be had (in use, not ours).
    ``proxy``: the address of a reverse proxy whose X-Forwarded-For is believed; without it no
    proxy header is (a guest could otherwise pose as many addresses to the PIN lock-out).
    ``hosts``: more names the page is reached by (besides this machine's own).
    """
    from halli_pi.web.protocol import GuardedH11Protocol

    sock = listening_socket(host, port, what="the page", field="web")
    bound_port = sock.getsockname()[1]
    hub.max_clients = min(hub.max_clients, MAX_STREAMS)
    limit = connection_limit()
    config = uvicorn.Config(
        create_app(hub, pin=pin, allowed_hosts=allowed_hosts(host, hosts)),
        # Errors only: a flood would otherwise write a warning per refused request to the
        # journal on the SD card (the caps and refusals are the point, not news).
        log_level="error",
        access_log=False,
        lifespan="off",
        # pure Python h11: the same on a Pi as here; guarded with a connection cap and a
        # deadline for a request's headers (halli_pi.web.protocol)
        http=GuardedH11Protocol,
        ws="none",
        timeout_graceful_shutdown=2,
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy or "",
        server_header=False,
        limit_concurrency=limit,
        timeout_keep_alive=5,
        # asyncio accepts up to `backlog` sockets per wake-up before any is looked at: kept
        # small, a flood is accepted (and closed past the cap) a few at a time, never in
        # thousands at once that exhaust the descriptors the camera and the photos need.
        backlog=32,
        h11_max_incomplete_event_size=16_384,  # a request line and headers: 16 KB at most
    )
    # uvicorn answers 503 past `limit`; the protocol closes sockets a few past it unanswered.
    GuardedH11Protocol.max_connections = limit + max(4, limit // 5)
    GuardedH11Protocol.per_address = max(4, limit // 2)  # one guest never takes every slot
    GuardedH11Protocol.header_timeout_s = HEADER_TIMEOUT_S
    server, thread = run_server(
        config, sock, name="halli-pi-web", what="the page server", field="web"
    )
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return Server(f"http://{shown}:{bound_port}/", host, bound_port, server, thread, hub)


def listening_socket(host: str, port: int, *, what: str, field: str | None) -> socket.socket:
    """A socket listening on ``host:port`` (port 0: a free one); a ConfigError naming ``what``
    when the address cannot be had (in use, not ours)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError as err:
        sock.close()
        raise ConfigError(
            f"cannot serve {what} on {host}:{port}: {err.strerror or err}", field=field
        ) from None
    return sock


def run_server(
    config: uvicorn.Config, sock: socket.socket, *, name: str, what: str, field: str | None
) -> tuple[uvicorn.Server, threading.Thread]:
    """Run a uvicorn server on ``sock`` from a daemon thread; return once it has started (a
    ConfigError naming ``what`` if it does not within 10 s)."""
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10.0
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            host, port = sock.getsockname()[:2]
            raise ConfigError(f"{what} on {host}:{port} did not start", field=field)
        time.sleep(0.01)
    return server, thread


def connection_limit() -> int:
    """Connections the page may hold: MAX_CONNECTIONS, or fewer under a small file limit (the
    camera, the log, the photos and Python itself need their share of the descriptors)."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(4, min(MAX_CONNECTIONS, (soft - 64) // 2))


def is_local(host: str) -> bool:
    """Whether serving on ``host`` keeps the page on this machine."""
    return host in ("127.0.0.1", "::1", "localhost") or host.startswith("127.")


def allowed_hosts(host: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The names a browser may use for the page: this machine's, and the bound address.

    A name not on the list is refused (400), which stops DNS rebinding: a page on another site
    whose name is made to resolve to the Pi still sends its own name as Host."""
    names = {"localhost", "127.0.0.1", "::1", "[::1]", host, *extra}
    if not is_local(host):
        hostname = socket.gethostname()
        names |= {hostname, f"{hostname}.local", lan_address()}
    return sorted(n for n in names if n and n not in ("0.0.0.0", "::"))


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


def make_pin(digits: int = 6) -> str:
    """A random table PIN to show when the config sets none."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))

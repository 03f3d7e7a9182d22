"""What stands between the LAN and the page's app: limits and checks that run before any route.

- ``BodyLimit``: a declared ``Content-Length`` over the cap is refused with 413 before a byte of
  the body is read (a body sent without one, chunked, is cut off at the same cap as the app
  reads it: ``read_body``), so a guest cannot fill the Pi's memory with one POST.
- ``SecurityHeaders``: the page may not be framed (clickjacking the table controls) and loads
  nothing but its own files (Content-Security-Policy).
- ``OriginCheck``: a control (POST) sent by a page from another origin is refused. The Host
  allow-list itself is Starlette's ``TrustedHostMiddleware``, set up by ``serve``; together they
  stop DNS rebinding (a hostile page whose name now resolves to the Pi).
- ``PinGuard``: wrong PINs are counted per address *and* in total, so rotating addresses (or
  a spoofed ``X-Forwarded-For``) buys no more guesses than the whole table gets.
"""

from __future__ import annotations

import hmac
import json
import time
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from halli_pi import strictjson

if TYPE_CHECKING:
    from starlette.requests import Request

MAX_BODY = 16_384  # bytes: the largest control body is a handful of names
FRAME_AND_CSP = [
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self';"
        b" connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class Refusal(Exception):
    """A request refused with ``status`` and a message naming what was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def _send_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """413 for a body over ``limit`` bytes: by its Content-Length at once, else as it streams."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _send_error(send, 400, "Content-Length is not a number")
                    return
                if declared > self.limit:
                    await _send_error(send, 413, too_large(declared, self.limit))
                    return
        await self.app(scope, receive, send)


def too_large(size: int, limit: int = MAX_BODY, *, streamed: bool = False) -> str:
    more = "more than " if streamed else ""
    return f"request body of {more}{size} bytes is too large (the limit is {limit})"


async def read_body(request, limit: int = MAX_BODY) -> bytes:
    """The request's body, read chunk by chunk and refused (413) once past ``limit``."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refusal(413, too_large(size, limit, streamed=True))
        chunks.append(chunk)
    return b"".join(chunks)


class SecurityHeaders:
    """No framing, nothing loaded from elsewhere, no sniffing: on every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + FRAME_AND_CSP
            await send(message)

        await self.app(scope, receive, with_headers)


class OriginCheck:
    """A request that changes something must come from the page itself (or no browser at all:
    a script with no Origin header). Another origin is refused with 403."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str]) -> None:
        self.app = app
        self.allowed = {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            origin = dict(scope["headers"]).get(b"origin")
            if origin is not None and not self._ok(origin.decode("latin-1")):
                await _send_error(send, 403, "this control must come from the table's own page")
                return
        await self.app(scope, receive, send)

    def _ok(self, origin: str) -> bool:
        if "*" in self.allowed:
            return True
        try:
            host = urlsplit(origin).hostname
        except ValueError:
            return False
        return host is not None and host.lower() in self.allowed


class PinGuard:
    """Constant-time PIN check with a lock-out per address and one for the whole table.

    Per address: ``tries`` wrong PINs in ``window_s`` lock that address out. In total:
    ``table_tries`` wrong PINs in the window, from anywhere, pause the controls for everyone
    until the window has passed, so many addresses guess no faster than a few.
    """

    def __init__(
        self,
        pin: str | None,
        *,
        tries: int = 8,
        table_tries: int = 30,
        window_s: float = 60.0,
        clock=time.monotonic,
    ) -> None:
        self._pin = pin.encode() if pin else None
        self._tries = tries
        self._table_tries = table_tries
        self._window = window_s
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()

    @property
    def enabled(self) -> bool:
        return self._pin is not None

    def check(self, client: str, supplied: object) -> None:
        if self._pin is None:
            raise Refusal(403, "the table controls are off: no table PIN is set on this server")
        now = self._clock()
        self._forget(now)
        if len(self._all) >= self._table_tries:
            raise Refusal(429, "too many wrong PINs at this table; the controls pause a minute")
        mine = self._failures.get(client)
        if mine is not None and len(mine) >= self._tries:
            raise Refusal(429, "too many wrong PINs; wait a minute and try again")
        given = supplied.encode() if isinstance(supplied, str) else b""
        if not given:
            # Not a guess, just a watcher pressing a button: no count towards the lock-out.
            raise Refusal(403, "the table PIN is needed for this (the page is read-only)")
        if not hmac.compare_digest(given, self._pin):
            self._failures.setdefault(client, deque()).append(now)
            self._all.append(now)
            raise Refusal(403, "wrong table PIN")
        self._failures.pop(client, None)

    def _forget(self, now: float) -> None:
        while self._all and now - self._all[0] >= self._window:
            self._all.popleft()
        for client in list(self._failures):
            times = self._failures[client]
            while times and now - times[0] >= self._window:
                times.popleft()
            if not times:
                del self._failures[client]  # a guesser's many addresses do not pile up


MAX_DEPTH = 20  # JSON nesting a control body may have (it needs 3)


async def read_json_body(request: Request) -> dict[str, Any]:
    """A control's JSON object from the request's body (within the size cap), or a 400 that
    says what is wrong: not JSON, nested too deep, not an object. An empty body is {}."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    raw = await read_body(request)
    if not raw:
        return {}
    if ctype != "application/json":
        raise Refusal(400, f"send JSON (Content-Type: application/json), not {ctype or 'nothing'}")
    depth = _nesting(raw)
    if depth > MAX_DEPTH:
        raise Refusal(400, f"the body nests {depth} deep; a control needs at most {MAX_DEPTH}")
    try:
        body = strictjson.loads(raw)
    except (ValueError, UnicodeDecodeError) as err:
        raise Refusal(400, f"the body is not valid JSON: {err}") from None
    if not isinstance(body, dict):
        raise Refusal(400, f"the body must be a JSON object, got {type(body).__name__}")
    return body


def _nesting(raw: bytes) -> int:
    """How deep the brackets of a JSON text go (strings skipped), without parsing it: a body
    nested thousands deep is refused before the parser recurses into it."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest

"""The page's view of a shared ring nobody was credited for: the bell's two frames round the
edge, side by side, each hand outlined with the seat it was given to
(``bell_camera.hands_evidence``), so the person asked "who rang?" sees what the camera saw.

``/hands/<ruling id>.jpg`` serves that image from the ruling's evidence in the store (the file
whose name ends ``-hands.jpg``); ``static/hands.js`` puts it under the credit buttons of an
uncredited ruling. Read-only, like the evidence photos; 404 when the ruling has none (seat
buttons, no camera credits, or the ring was credited).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

SUFFIX = "-hands.jpg"  # how the hands image of a ruling is named among its evidence
MAX_ID_DIGITS = 15


def hands_jpeg(store: Any, ruling_id: int) -> bytes | None:
    """The hands image of a ruling from the store, or None."""
    from halli_pi.web.storeviews import evidence

    return evidence(store, ruling_id, lambda path: path.name.endswith(SUFFIX))


def hands_route(hub: Any) -> Route:
    """``/hands/<ruling id>.jpg`` for the page's app (``web.app.create_app``)."""
    # Starlette only here: the evidence writer names its file by SUFFIX without the web.
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response
    from starlette.routing import Route

    async def hands(request: Request) -> Response:
        raw = request.path_params["rid"]
        if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_ID_DIGITS:
            return _missing(f"no hands image {raw[:20]!r}: a ruling id is a whole number")
        jpeg = await run_in_threadpool(hands_jpeg, hub.store, int(raw))
        if jpeg is None:
            return _missing(f"no hands image for ruling {raw}")
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "max-age=3600"})

    return Route("/hands/{rid}.jpg", hands)


def _missing(message: str) -> Response:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": message}, status_code=404)

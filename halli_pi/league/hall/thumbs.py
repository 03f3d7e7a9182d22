"""Evidence thumbnails, fetched from a table's own page when someone looks at a dispute.

The hall never stores the photos: it asks ``<page_url>/evidence/<ruling>.jpg`` of the table
(the URL its state message gives), shrinks the answer with Pillow and keeps a few in memory.
Only a decodable image comes back out, so the address a table names cannot be used to read
anything else through the hall.
"""

from __future__ import annotations

import io
import threading
import urllib.error
import urllib.request
from collections import OrderedDict
from urllib.parse import urlsplit

from halli_pi.errors import HalliPiError

MAX_BYTES = 4_000_000
TIMEOUT_S = 3.0
WIDTH = 320
CACHED = 64


class ThumbError(HalliPiError):
    """The table's page did not give a picture."""


class Thumbnails:
    def __init__(self) -> None:
        self._cache: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table: str, page_url: str, ruling: int) -> bytes:
        key = (table, ruling)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        jpeg = _shrink(_fetch(f"{page_url}/evidence/{ruling}.jpg"))
        with self._lock:
            self._cache[key] = jpeg
            while len(self._cache) > CACHED:
                self._cache.popitem(last=False)
        return jpeg


def _fetch(url: str) -> bytes:
    if urlsplit(url).scheme not in ("http", "https"):
        raise ThumbError(f"{url}: not an http(s) address")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:  # noqa: S310
            body = answer.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as err:
        raise ThumbError(f"{url}: the table answered {err.code}") from None
    except (urllib.error.URLError, OSError) as err:
        raise ThumbError(f"{url}: the table's page cannot be reached ({err})") from None
    if len(body) > MAX_BYTES:
        raise ThumbError(f"{url}: more than {MAX_BYTES} bytes; not an evidence photo")
    return body


def _shrink(body: bytes) -> bytes:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(body)) as image:
            image.thumbnail((WIDTH, WIDTH * 3 // 4))
            out = io.BytesIO()
            image.convert("RGB").save(out, "JPEG", quality=80)
    except (UnidentifiedImageError, OSError, ValueError) as err:
        raise ThumbError(f"the table's answer is not a picture ({err})") from None
    return out.getvalue()

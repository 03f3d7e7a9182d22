"""JSON as the session log and the page's controls mean it: finite numbers, sane nesting.

Python's ``json`` reads ``NaN``, ``Infinity`` and ``1e999`` (which becomes infinity) although
JSON has no such numbers; a ``window_ms`` of NaN then rules no press ever and an export writes a
bare ``NaN`` no other reader accepts. And a line nested a few thousand deep ends in a
``RecursionError`` rather than an error naming the line. ``loads`` refuses all of these with a
ValueError whose message says what was wrong.
"""

from __future__ import annotations

import json
import math
from typing import Any


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows (a finite number is needed)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number (a finite number is needed)")
    return value


def loads(text: str | bytes) -> Any:
    """``json.loads``, refusing non-finite numbers and nesting deeper than Python recurses."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("nested too deep to be a session log line or a control") from None


def dumps(obj: Any, **kwargs: Any) -> str:
    """``json.dumps`` that refuses NaN and infinities instead of writing them bare."""
    return json.dumps(obj, allow_nan=False, **kwargs)

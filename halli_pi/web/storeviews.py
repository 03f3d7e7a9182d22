"""History and stats read from the store (halli_pi.store), shaped for the page.

Returns None when the store offers no such query, so the hub falls back to its in-memory tally.
"""

from __future__ import annotations

from typing import Any


def history(store: Any) -> list[dict[str, Any]] | None:
    return None


def stats(store: Any) -> dict[str, Any] | None:
    return None

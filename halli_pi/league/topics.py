"""Topic names of a league: ``halli-pi/<league>/<table>/log`` and ``.../state``.

League and table names become topic levels, so they are held to letters, digits, ``-``, ``_``
and ``.``: a ``/``, ``+`` or ``#`` in a name would publish to (or subscribe to) other tables.
"""

from __future__ import annotations

import re

ROOT = "halli-pi"
NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def valid_name(name: object) -> bool:
    return isinstance(name, str) and NAME.fullmatch(name) is not None


def log_topic(league: str, table: str) -> str:
    return f"{ROOT}/{league}/{table}/log"


def state_topic(league: str, table: str) -> str:
    return f"{ROOT}/{league}/{table}/state"


def hall_filters(league: str) -> list[str]:
    """What the hall subscribes to: every table's log and state in its league."""
    return [f"{ROOT}/{league}/+/log", f"{ROOT}/{league}/+/state"]


def parse(topic: str) -> tuple[str, str, str] | None:
    """(league, table, kind) of a league topic; None for anything else."""
    parts = topic.split("/")
    if len(parts) != 4 or parts[0] != ROOT or parts[3] not in ("log", "state"):
        return None
    if not (valid_name(parts[1]) and valid_name(parts[2])):
        return None
    return parts[1], parts[2], parts[3]

"""A session log kept as a JSON Lines file (SPEC §1, HAWAIKI.md §1), written as the referee
commits: every input, ruling and outcome on its own line, flushed before the ruling is shown.

The referee's log is the store; this file is what a Hawaiki table writes while the store does
not yet record Hawaiki's events (their types are the store's to learn). The file replays with
`halli-pi replay FILE` to the rulings the table gave.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from halli_pi.errors import InputError

# The event types a Hawaiki session writes, inputs and outcomes: a log must take them all.
HAWAIKI_INPUT_TYPES = frozenset(
    {"game", "deal", "announce", "play", "retract", "designate", "merci", "pass", "draw"}
    | {"count", "reshuffle", "press", "end"}
)
HAWAIKI_OUTCOME_TYPES = frozenset({"round_over", "game_over"})


def store_takes_hawaiki() -> bool:
    """Whether the store records every event a Hawaiki session writes."""
    from halli_pi.store import INPUT_TYPES, OUTCOME_TYPES

    return HAWAIKI_INPUT_TYPES <= INPUT_TYPES and HAWAIKI_OUTCOME_TYPES <= OUTCOME_TYPES


class SessionLogFile:
    """The referee's log (`RulingLog`) as a JSON Lines file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lines = 0
        try:
            self._out: IO[str] = self.path.open("w", encoding="utf-8")
        except OSError as err:
            raise InputError(
                f"cannot write the session log: {err.strerror}", where=str(path)
            ) from None

    def _write(self, obj: dict[str, Any]) -> int:
        self._out.write(json.dumps(obj) + "\n")
        self.lines += 1
        return self.lines

    def record_inputs(self, session_id: int, events: Sequence[Any]) -> list[int]:
        ids = [self._write(e.to_json()) for e in events]
        self._out.flush()
        return ids

    def record_output(self, session_id: int, event: Any) -> int:
        line = self._write(event.to_json())
        self._out.flush()
        return line

    def record_ruling(self, session_id: int, ruling: Any, *, status: str = "final") -> int:
        if status != "final":
            # A file cannot take a ruling back: only final rulings are written (Hawaiki's are).
            raise InputError("a session log file keeps final rulings only; use the store")
        return self.record_output(session_id, ruling)

    def confirm_ruling(self, ruling_id: int) -> None:
        return None

    def correct_ruling(self, ruling_id: int, ruling: Any, *, reason: str) -> int:
        raise InputError("a session log file keeps no corrections; use the store")

    def correct_input(self, event_id: int, event: Any, *, reason: str) -> int:
        raise InputError("a session log file keeps no corrections; use the store")

    def close(self) -> None:
        self._out.close()

    def __enter__(self) -> SessionLogFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

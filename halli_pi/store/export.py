"""The session log (shared/SPEC.md §1; shared/HAWAIKI.md §1 for Hawaiki) as the store holds
it: the rows still standing, in order, and JSON lines for ``halli-pi export``.

Events are kept as the JSON text they were given in, so an export replays byte-for-byte the
same values.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from halli_pi.store.connection import locked
from halli_pi.store.queries import QueriesMixin

# What `export --outputs` writes: the SPEC's output events, and Hawaiki's `round_over`
# (shared/HAWAIKI.md §1.2). Notices are kept in the database for people, but they are not a
# SPEC type, so other readers of the log never see them.
SPEC_OUTPUT_TYPES = frozenset({"ruling", "eliminated", "game_over", "round_over"})


class ExportMixin(QueriesMixin):
    """What a session's log looks like to a reader of the SPEC."""

    @locked
    def export_session(
        self,
        session_id: int,
        *,
        game: int | None = None,
        outputs: bool = False,
        notices: bool = False,
    ) -> list[dict[str, Any]]:
        """The session log (shared/SPEC.md §1) as a list of JSON objects.

        ``game`` is the game's number within the session (1, 2, ...); ``outputs`` adds the
        rulings (those still standing: never a corrected one), eliminations and game ends.
        Lines are in non-decreasing ``t``; equal times keep the order they were recorded in.
        """
        self._require_session(session_id)
        game_id = None if game is None else self.game(session_id, game).id
        where = "session_id=?1 AND (?2 IS NULL OR game_id=?2)"
        args = (session_id, game_id)
        rows: list[tuple[float, int, str]] = list(
            self._conn.execute(
                f"SELECT t, seq, data FROM input_events WHERE {where} AND status!='corrected'",
                args,
            )
        )
        if outputs:
            rows += self._conn.execute(
                f"SELECT t, seq, data FROM rulings WHERE {where} AND status!='corrected'", args
            ).fetchall()
            types = SPEC_OUTPUT_TYPES | ({"notice"} if notices else set())
            rows += [
                r
                for r in self._conn.execute(
                    f"SELECT t, seq, data, type FROM outcomes WHERE {where}", args
                )
                if r[3] in types
            ]
        rows.sort(key=lambda r: (r[0], r[1]))
        return [json.loads(r[2]) for r in rows]


def write_jsonl(objects: Iterable[Mapping[str, Any]], out: Any) -> int:
    """Write JSON objects one per line; returns how many."""
    n = 0
    for obj in objects:
        out.write(json.dumps(obj) + "\n")  # ASCII escapes: safe on any terminal encoding
        n += 1
    return n

"""Reading the log back: sessions, games, rulings (with their evidence and what replaced them),
corrections and input events, for ``halli-pi log/show`` and the page's history."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from halli_pi.store.connection import StoreConnection, locked
from halli_pi.store.errors import NotFound, RulingStatus
from halli_pi.store.records import GameInfo, RulingRecord, SessionInfo


class QueriesMixin(StoreConnection):
    """Lookups by id and the listings the review commands print."""

    def _require_session(self, session_id: int) -> None:
        row = self._conn.execute("SELECT 1 FROM sessions WHERE id=?", (session_id,)).fetchone()
        if row is None:
            raise NotFound(f"no session {session_id} in the database")

    def _players(self, game_id: int | None) -> tuple[str, ...]:
        if game_id is None:
            return ()
        rows = self._conn.execute(
            "SELECT name FROM players WHERE game_id=? ORDER BY seat", (game_id,)
        )
        return tuple(r[0] for r in rows)

    def _abs(self, stored: str) -> Path:
        p = Path(stored)
        if p.is_absolute() or self.path is None:
            return p
        return self.path.parent / p

    def _ruling_row(self, ruling_id: int) -> sqlite3.Row:
        row = self._conn.execute("SELECT * FROM rulings WHERE id=?", (ruling_id,)).fetchone()
        if row is None:
            raise NotFound(f"no ruling {ruling_id} in the database")
        return row

    @locked
    def sessions(self) -> list[SessionInfo]:
        rows = self._conn.execute(
            "SELECT s.id, s.started_at, s.name, s.ended_t,"
            " (SELECT COUNT(*) FROM games g WHERE g.session_id=s.id) AS games,"
            " (SELECT COUNT(*) FROM rulings r WHERE r.session_id=s.id"
            "   AND r.status!='corrected') AS rulings"
            " FROM sessions s ORDER BY s.id"
        )
        return [SessionInfo(**dict(r)) for r in rows]

    @locked
    def session(self, session_id: int) -> SessionInfo:
        for s in self.sessions():
            if s.id == session_id:
                return s
        raise NotFound(f"no session {session_id} in the database")

    _GAME_SELECT = (
        "SELECT g.*, (SELECT COUNT(*) FROM rulings r WHERE r.game_id=g.id"
        "   AND r.status!='corrected') AS n_rulings,"
        " EXISTS (SELECT 1 FROM outcomes o WHERE o.game_id=g.id AND o.type='game_over')"
        "   AS over FROM games g"
    )

    @staticmethod
    def _game_from_row(r: sqlite3.Row) -> GameInfo:
        return GameInfo(
            id=r["id"],
            session_id=r["session_id"],
            number=r["number"],
            t=r["t"],
            ruleset=r["ruleset"],
            options=json.loads(r["options"]),
            players=tuple(json.loads(r["players"])),
            rulings=r["n_rulings"],
            over=bool(r["over"]),
        )

    def _game_info(self, game_id: int) -> GameInfo:
        row = self._conn.execute(f"{self._GAME_SELECT} WHERE g.id=?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id} in the database")
        return self._game_from_row(row)

    @locked
    def games(self, session_id: int | None = None) -> list[GameInfo]:
        if session_id is not None:
            self._require_session(session_id)
        rows = self._conn.execute(
            f"{self._GAME_SELECT} WHERE (?1 IS NULL OR g.session_id=?1) ORDER BY g.id",
            (session_id,),
        )
        return [self._game_from_row(r) for r in rows]

    @locked
    def game(self, session_id: int, number: int) -> GameInfo:
        self._require_session(session_id)
        row = self._conn.execute(
            "SELECT id FROM games WHERE session_id=? AND number=?", (session_id, number)
        ).fetchone()
        if row is None:
            raise NotFound(f"session {session_id} has no game {number}")
        return self._game_info(row[0])

    @locked
    def rulings(
        self,
        *,
        session_id: int | None = None,
        game_id: int | None = None,
        include_corrected: bool = True,
    ) -> list[RulingRecord]:
        rows = self._conn.execute(
            "SELECT id FROM rulings WHERE (?1 IS NULL OR session_id=?1)"
            " AND (?2 IS NULL OR game_id=?2) AND (?3 OR status!='corrected') ORDER BY seq, id",
            (session_id, game_id, int(include_corrected)),
        )
        return [self.ruling(r[0]) for r in rows.fetchall()]

    @locked
    def ruling(self, ruling_id: int) -> RulingRecord:
        row = self._ruling_row(ruling_id)
        number = None
        if row["game_id"] is not None:
            number = self._conn.execute(
                "SELECT number FROM games WHERE id=?", (row["game_id"],)
            ).fetchone()[0]
        later = self._conn.execute(
            "SELECT id FROM rulings WHERE replaces=? ORDER BY id DESC LIMIT 1", (ruling_id,)
        ).fetchone()
        # A correction keeps showing the images of the ruling(s) it replaces.
        chain = [ruling_id]
        back = row["replaces"]
        while back is not None and back not in chain:
            chain.append(back)
            back = self._ruling_row(back)["replaces"]
        paths = [row["evidence"]] if row["evidence"] else []
        for rid in chain:
            for (p,) in self._conn.execute(
                "SELECT path FROM evidence WHERE ruling_id=? ORDER BY id", (rid,)
            ):
                if p not in paths:
                    paths.append(p)
        return RulingRecord(
            id=row["id"],
            session_id=row["session_id"],
            game_id=row["game_id"],
            game_number=number,
            t=row["t"],
            winner=row["winner"],
            status=RulingStatus(row["status"]),
            reason=row["reason"],
            data=json.loads(row["data"]),
            evidence=tuple(self._abs(p) for p in paths),
            replaces=row["replaces"],
            replaced_by=None if later is None else later[0],
            players=self._players(row["game_id"]),
            was_provisional=bool(row["provisional"]),
        )

    @locked
    def corrections(self, session_id: int | None = None) -> list[dict[str, Any]]:
        rows = self._conn.execute(
            "SELECT * FROM corrections WHERE (?1 IS NULL OR session_id=?1) ORDER BY id",
            (session_id,),
        )
        out = []
        for r in rows:
            d = dict(r)
            d["original"] = json.loads(d["original"])
            d["corrected"] = json.loads(d["corrected"])
            out.append(d)
        return out

    @locked
    def input_events(self, session_id: int, *, game_id: int | None = None) -> list[dict]:
        """The standing input events of a session (or one game), in recorded order."""
        self._require_session(session_id)
        rows = self._conn.execute(
            "SELECT data FROM input_events WHERE session_id=? AND status!='corrected'"
            " AND (?2 IS NULL OR game_id=?2) ORDER BY seq",
            (session_id, game_id),
        )
        return [json.loads(r[0]) for r in rows]

"""Writing the log: sessions, input events, rulings (each committed on its own), outcomes,
corrections that keep the original row, and evidence images linked to a ruling.

Nothing is overwritten. A provisional ruling that vision later corrects, a misread card, a
shared-bell press credited afterwards: the original row stays (status ``corrected``), the new
row says what it ``replaces``, and a ``corrections`` row keeps both side by side.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from halli_pi.sessionlog import INPUT_TYPES as SESSION_INPUT_TYPES
from halli_pi.store.errors import NotFound, RulingStatus, StoreError
from halli_pi.store.queries import QueriesMixin
from halli_pi.store.records import as_json, dumps, now

# Halli Galli's and Hawaiki's (shared/HAWAIKI.md §1.1): one log holds sessions of both games.
INPUT_TYPES = frozenset(SESSION_INPUT_TYPES)
OUTCOME_TYPES = frozenset({"eliminated", "game_over", "notice", "round_over"})


def _row_id(cur: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made (sqlite3 types it as optional; after an INSERT
    it never is)."""
    if cur.lastrowid is None:
        raise StoreError("SQLite gave no id for the row just written")
    return cur.lastrowid


class WritesMixin(QueriesMixin):
    """Every write is a transaction of its own, or part of the caller's."""

    def begin_session(
        self, *, name: str | None = None, config: Mapping[str, Any] | None = None
    ) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO sessions (started_at, name, config) VALUES (?, ?, ?)",
                (now(), name, None if config is None else dumps(dict(config))),
            )
            sid = _row_id(cur)
        self._seq[sid] = 0
        self._game[sid] = None
        return sid

    def _next_seq(self, session_id: int) -> int:
        if session_id not in self._seq:
            row = self._conn.execute(
                "SELECT MAX(m) FROM (SELECT MAX(seq) AS m FROM input_events WHERE session_id=?1"
                " UNION ALL SELECT MAX(seq) FROM rulings WHERE session_id=?1"
                " UNION ALL SELECT MAX(seq) FROM outcomes WHERE session_id=?1)",
                (session_id,),
            ).fetchone()
            self._seq[session_id] = int(row[0] or 0)
        self._seq[session_id] += 1
        return self._seq[session_id]

    def _current_game(self, session_id: int) -> tuple[int, tuple[str, ...]] | None:
        if session_id not in self._game:
            self._require_session(session_id)
            row = self._conn.execute(
                "SELECT id, players FROM games WHERE session_id=? ORDER BY number DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            self._game[session_id] = (
                None if row is None else (row["id"], tuple(json.loads(row["players"])))
            )
        return self._game[session_id]

    def record_input(self, session_id: int, event: Any) -> int:
        """Record one input event (SPEC §1); a ``game`` event opens a new game. Returns its id."""
        with self.transaction():
            return self._insert_input(session_id, as_json(event))

    def record_inputs(self, session_id: int, events: Iterable[Any]) -> list[int]:
        """Several input events in one transaction (an import, a simulated game)."""
        with self.transaction():
            return [self._insert_input(session_id, as_json(e)) for e in events]

    def _insert_input(
        self, session_id: int, obj: dict[str, Any], replaces: int | None = None
    ) -> int:
        kind = obj.get("type")
        if kind not in INPUT_TYPES:
            raise StoreError(f"not an input event type: {kind!r} in {obj!r}")
        t = float(obj["t"])
        game = self._current_game(session_id)
        db = self._conn
        if kind == "game" and replaces is None:
            players = tuple(str(p) for p in obj["players"])
            number = db.execute(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE session_id=?",
                (session_id,),
            ).fetchone()[0]
            cur = db.execute(
                "INSERT INTO games (session_id, number, t, ruleset, options, players, cards)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    number,
                    t,
                    str(obj["ruleset"]),
                    dumps(obj.get("options") or {}),
                    dumps(list(players)),
                    None if obj.get("cards") is None else dumps(list(obj["cards"])),
                ),
            )
            game = (_row_id(cur), players)
            db.executemany(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(game[0], seat, name) for seat, name in enumerate(players)],
            )
            self._game[session_id] = game
        if replaces is not None:
            old = db.execute(
                "SELECT seq, game_id FROM input_events WHERE id=?", (replaces,)
            ).fetchone()
            seq, game_id = old["seq"], old["game_id"]
        else:
            seq, game_id = self._next_seq(session_id), None if game is None else game[0]
        cur = db.execute(
            "INSERT INTO input_events (session_id, game_id, seq, t, type, seat, data, replaces)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, game_id, seq, t, kind, obj.get("seat"), dumps(obj), replaces),
        )
        if kind == "end":
            db.execute("UPDATE sessions SET ended_t=? WHERE id=?", (t, session_id))
        return _row_id(cur)

    def record_ruling(
        self,
        session_id: int,
        ruling: Any,
        *,
        status: RulingStatus | str = RulingStatus.FINAL,
        evidence: str | Path | None = None,
    ) -> int:
        """Commit one ruling in its own transaction and return its id.

        Show the verdict only after this returns: then no ruling a person saw can be lost.
        """
        if self.in_transaction:
            raise StoreError("record_ruling commits on its own; call it outside a transaction")
        status = RulingStatus(status)
        if status is RulingStatus.CORRECTED:
            raise StoreError("a new ruling cannot be recorded as corrected; use correct_ruling")
        with self.transaction():
            return self._insert_ruling(session_id, as_json(ruling), status, evidence)

    def _insert_ruling(
        self,
        session_id: int,
        obj: dict[str, Any],
        status: RulingStatus,
        evidence: str | Path | None,
        replaces: int | None = None,
    ) -> int:
        if obj.get("type", "ruling") != "ruling":
            raise StoreError(f"not a ruling: {obj!r}")
        obj = {"type": "ruling", **obj}
        db = self._conn
        if replaces is not None:
            old = db.execute("SELECT seq, game_id FROM rulings WHERE id=?", (replaces,)).fetchone()
            seq, game_id = old["seq"], old["game_id"]
            players = self._players(game_id)
        else:
            game = self._current_game(session_id)
            seq = self._next_seq(session_id)
            game_id, players = (None, ()) if game is None else game
        cur = db.execute(
            "INSERT INTO rulings (session_id, game_id, seq, t, winner, status, reason, data,"
            " evidence, replaces, recorded_at, provisional)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                game_id,
                seq,
                float(obj["t"]),
                obj.get("winner"),
                str(status),
                str(obj.get("reason") or ""),
                dumps(obj),
                None if evidence is None else self._rel(evidence),
                replaces,
                now(),
                int(status is RulingStatus.PROVISIONAL),
            ),
        )
        rid = _row_id(cur)
        rows = []
        for idx, p in enumerate(obj.get("presses") or ()):
            seat = p.get("seat")
            name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
            rows.append(
                (
                    rid,
                    idx,
                    seat,
                    name,
                    float(p["t"]),
                    str(p["verdict"]),
                    p.get("reaction_ms"),
                    int(bool(p.get("anticipation"))),
                )
            )
        db.executemany(
            "INSERT INTO rings (ruling_id, idx, seat, player, t, verdict, reaction_ms,"
            " anticipation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        return rid

    def confirm_ruling(self, ruling_id: int) -> None:
        """Vision caught up and agrees: a provisional ruling becomes final (same row)."""
        with self.transaction() as db:
            row = self._ruling_row(ruling_id)
            if row["status"] == RulingStatus.CORRECTED:
                raise StoreError(f"ruling {ruling_id} was corrected; confirm its replacement")
            db.execute(
                "UPDATE rulings SET status='final', settled_at=COALESCE(settled_at, ?) WHERE id=?",
                (now(), ruling_id),
            )

    def correct_ruling(
        self,
        ruling_id: int,
        ruling: Any,
        *,
        reason: str,
        kind: str = "ruling",
        evidence: str | Path | None = None,
    ) -> int:
        """Replace a ruling (vision caught up and disagrees; a press credited by hand).

        The original stays with status ``corrected``; the new one is final, takes the original's
        place in the log, and a ``corrections`` row keeps both. Returns the new ruling's id.
        """
        if self.in_transaction:
            raise StoreError("correct_ruling commits on its own; call it outside a transaction")
        obj = as_json(ruling)
        with self.transaction() as db:
            old = self._ruling_row(ruling_id)
            if old["status"] == RulingStatus.CORRECTED:
                raise StoreError(f"ruling {ruling_id} was already corrected")
            if evidence is None and old["evidence"] is not None:
                evidence = self._abs(old["evidence"])
            new_id = self._insert_ruling(
                old["session_id"], obj, RulingStatus.FINAL, evidence, replaces=ruling_id
            )
            db.execute(
                "UPDATE rulings SET status='corrected', settled_at=? WHERE id=?",
                (now(), ruling_id),
            )
            self._insert_correction(
                old["session_id"], kind, "rulings", ruling_id, new_id, old["data"], obj, reason
            )
            return new_id

    def credit_press(self, ruling_id: int, ruling: Any, *, reason: str) -> int:
        """A shared bell's unattributed press credited by a person: a correction of kind credit."""
        return self.correct_ruling(ruling_id, ruling, reason=reason, kind="credit")

    def correct_input(self, event_id: int, event: Any, *, reason: str) -> int:
        """A misread input (a card read wrong): the original stays, the correction takes its
        place in the log."""
        obj = as_json(event)
        with self.transaction() as db:
            old = db.execute("SELECT * FROM input_events WHERE id=?", (event_id,)).fetchone()
            if old is None:
                raise NotFound(f"no input event {event_id} in the database")
            if old["status"] == "corrected":
                raise StoreError(f"input event {event_id} was already corrected")
            if obj.get("type") != old["type"]:
                raise StoreError(
                    f"a correction keeps the event's type: {old['type']!r}, got {obj.get('type')!r}"
                )
            new_id = self._insert_input(old["session_id"], obj, replaces=event_id)
            db.execute("UPDATE input_events SET status='corrected' WHERE id=?", (event_id,))
            self._insert_correction(
                old["session_id"],
                "input",
                "input_events",
                event_id,
                new_id,
                old["data"],
                obj,
                reason,
            )
            return new_id

    def _insert_correction(
        self,
        session_id: int,
        kind: str,
        target: str,
        original_id: int,
        corrected_id: int,
        original: str,
        corrected: dict[str, Any],
        reason: str,
    ) -> None:
        self._conn.execute(
            "INSERT INTO corrections (session_id, kind, target, original_id, corrected_id,"
            " original, corrected, reason, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                kind,
                target,
                original_id,
                corrected_id,
                original,
                dumps(corrected),
                reason,
                now(),
            ),
        )

    def record_output(self, session_id: int, event: Any) -> int:
        """Record an ``eliminated``, ``game_over``, ``notice`` or (Hawaiki) ``round_over``; a
        ``ruling`` goes to record_ruling (which it is forwarded to, as final)."""
        obj = as_json(event)
        kind = obj.get("type")
        if kind == "ruling":
            return self.record_ruling(session_id, obj)
        if kind not in OUTCOME_TYPES:
            raise StoreError(f"not an output event type: {kind!r} in {obj!r}")
        with self.transaction() as db:
            game = self._current_game(session_id)
            cur = db.execute(
                "INSERT INTO outcomes (session_id, game_id, seq, t, type, seat, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    None if game is None else game[0],
                    self._next_seq(session_id),
                    float(obj["t"]),
                    kind,
                    obj.get("seat"),
                    dumps(obj),
                ),
            )
            return _row_id(cur)

    def record_step(self, session_id: int, event: Any, outputs: Iterable[Any]) -> list[int]:
        """Record one input event and what the engine answered to it (``engine.feed(event)``).

        Outputs are recorded one by one, each ruling committed on its own. For a ``game`` event
        they go first: what a new game's start produces (a burst closed, ``game_over``) belongs
        to the game it ends. Returns the ids of the outputs, in order.
        """
        outputs = list(outputs)
        is_game = as_json(event).get("type") == "game"
        ids: list[int] = []
        if not is_game:
            self.record_input(session_id, event)
        ids += [self.record_output(session_id, out) for out in outputs]
        if is_game:
            self.record_input(session_id, event)
        return ids

    def add_evidence(
        self,
        ruling_id: int,
        path: str | Path,
        *,
        press_t: float | None = None,
        frame_t: float | None = None,
    ) -> None:
        """Link an evidence image to a ruling. The first one linked is the ruling's main image."""
        with self.transaction() as db:
            row = self._ruling_row(ruling_id)
            rel = self._rel(path)
            db.execute(
                "INSERT INTO evidence (ruling_id, press_t, frame_t, path) VALUES (?, ?, ?, ?)",
                (ruling_id, press_t, frame_t, rel),
            )
            if row["evidence"] is None:
                db.execute("UPDATE rulings SET evidence=? WHERE id=?", (rel, ruling_id))

    def _rel(self, path: str | Path) -> str:
        # Relative to the database's folder, so a copied data directory still finds its images.
        p = Path(path)
        if self.path is not None:
            try:
                return str(p.resolve().relative_to(self.path.parent.resolve()))
            except ValueError:
                pass
        return str(p)

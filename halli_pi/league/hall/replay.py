"""One table session as the hall sees it: its messages put back in seq order and its games
replayed through the same rules engine the table runs.

Inputs are fed to the engine; the table's outputs are kept beside the replay's and compared,
ruling by ruling (matched on the time of the burst's first press, so a provisional ruling the
table later confirmed or corrected is compared in its standing form). A difference is a
*mismatch*: the hall's standings use the replay, and the page shows both.

When the table reports an output at time t, its referee had every input up to t: the replay
closes a burst that ended by then (``advance``), as the referee did, so the hall's ruling is
there as soon as the table's.

Messages are replayed in seq order only. A seq that is skipped (a broker that dropped
messages, a persistent session that expired, or one merely late) is a *gap*: what follows it
waits, so the game being played at the hole is not judged, nor counted, on a guess of what the
hole held; the session says which seqs are missing, and the replay goes on once they arrive.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from halli_pi.errors import InputError
from halli_pi.league.hall.standings import dispute_reasons
from halli_pi.rules.events import GameStart
from halli_pi.rules.session import Session, SessionOutput
from halli_pi.sessionlog import event_from_json

log = logging.getLogger(__name__)
STANDING = ("final", "confirmed", "corrected")  # a table ruling's statuses that stand


@dataclass
class Mismatch:
    game: int
    key: Key  # the ruling's (see _key), or the game's end
    what: str
    table: dict[str, Any] | None
    hall: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class Ring:
    """One press of a replayed ruling: what the standings and the fastest rings need."""

    seat: int | None
    verdict: str
    reaction_ms: float | None
    anticipation: bool
    t: float


@dataclass
class Game:
    number: int
    ruleset: str
    players: tuple[str, ...]
    rings: list[Ring] = field(default_factory=list)  # every press the replay ruled
    # Rulings waiting to be compared, by key; both are emptied once the game is over on both
    # sides, so a long evening's hall holds only the games still being played in full.
    rulings: dict[Key, dict[str, Any]] = field(default_factory=dict)  # the hall's
    table_rulings: dict[Key, dict[str, Any]] = field(default_factory=dict)  # standing ones
    seen: dict[float, int] = field(default_factory=dict)  # press-less rulings per time: hall
    table_seen: dict[float, int] = field(default_factory=dict)  # and table
    over: dict[str, Any] | None = None  # the hall's game_over
    table_over: dict[str, Any] | None = None


Key = tuple[float, int]


def _key(ruling: dict[str, Any], seen: dict[float, int]) -> Key:
    """A ring's ruling is known by its burst's first press (a provisional ruling and its
    confirmation share it); a ruling on no press (Hawaiki's plays) by its time and its place
    among the rulings at that time, which the table and the replay give in the same order."""
    presses = ruling.get("presses") or []
    if presses:
        return (min(p["t"] for p in presses), 0)
    t = float(ruling["t"])
    seen[t] = seen.get(t, 0) + 1
    return (t, seen[t])


def _ring(press: dict[str, Any]) -> Ring:
    return Ring(
        press.get("seat"),
        str(press.get("verdict")),
        press.get("reaction_ms"),
        bool(press.get("anticipation")),
        float(press["t"]),
    )


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    fields = ("winner", "cards", "verdict", "seat", "subject")  # the last three: Hawaiki
    verdicts = [(p.get("seat"), p.get("verdict")) for p in a.get("presses", [])]
    others = [(p.get("seat"), p.get("verdict")) for p in b.get("presses", [])]
    return verdicts == others and all(a.get(f) == b.get(f) for f in fields)


class SessionReplay:
    """Messages of one (table, session) in, games and mismatches out."""

    def __init__(self, table: str, session: str) -> None:
        self.table = table
        self.session = session
        self.next_seq = 1
        self.waiting: dict[int, dict[str, Any]] = {}  # arrived ahead of a missing seq
        self.engine = Session()
        self.games: list[Game] = []
        self.mismatches: list[Mismatch] = []
        self.errors: list[str] = []  # inputs the engine refused, located
        # The table's rulings worth a second look (a tie, a correction...), by its ruling id.
        self.table_decisions: dict[int, dict[str, Any]] = {}
        self.ended = False
        self.broken = False  # an input the engine refused: nothing after it can be judged
        # The game being played, as fed: its inputs (from its `game` event) and the latest
        # time the table said it had ruled up to, to judge it again after a correction.
        self.game_inputs: list[dict[str, Any]] = []
        self.advanced_to = float("-inf")
        self.gaps_filled = 0  # gaps that closed when their late messages came

    def offer(self, seq: int, message: dict[str, Any]) -> None:
        """Take a message (any order); apply every one now in sequence."""
        if seq < self.next_seq or seq in self.waiting:
            return
        had_gap = bool(self.waiting)
        self.waiting[seq] = message
        while self.next_seq in self.waiting:
            self._apply(self.next_seq, self.waiting.pop(self.next_seq))
            self.next_seq += 1
        if self.waiting and not had_gap:
            log.warning("%s missing: what follows waits for it", self._where(self.next_seq))
        elif had_gap and not self.waiting:
            self.gaps_filled += 1
            log.info("%s: the missing messages came, the replay goes on", self._where(seq))

    def missing(self) -> list[tuple[int, int]]:
        """The seqs not here that messages already here come after, as (first, last) runs;
        empty without a gap."""
        runs = []
        expected = self.next_seq
        for seq in sorted(self.waiting):
            if seq > expected:
                runs.append((expected, seq - 1))
            expected = seq + 1
        return runs

    def held_game(self) -> int | None:
        """The number of the game a gap holds back (and every one after it): the game being
        played at the hole, or the next one if the hole opened between games; None without a
        gap."""
        if not self.waiting:
            return None
        if self.games and self.games[-1].over is None:
            return self.games[-1].number
        return len(self.games) + 1

    # --- inside ----------------------------------------------------------------------------

    def _where(self, seq: int) -> str:
        return f"table {self.table}, session {self.session[:8]}, seq {seq}"

    def _apply(self, seq: int, message: dict[str, Any]) -> None:
        if self.broken:
            return
        event = message["event"]
        if message["kind"] == "correction":
            try:
                self._correction(message["replaces"], event)
            except (InputError, KeyError, TypeError, ValueError) as err:
                # One correction that cannot be applied leaves the rest of the game judged.
                self.errors.append(f"{self._where(seq)}: correction refused: {err}")
            return
        try:
            if message["kind"] == "input":
                self._input(event)
            else:
                self._table_output(event)
        except InputError as err:
            self.broken = True
            self.errors.append(str(err.located(self._where(seq))))
        except (KeyError, TypeError, ValueError) as err:
            self.broken = True
            self.errors.append(f"{self._where(seq)}: not a session-log event ({err!r})")

    def _input(self, obj: dict[str, Any]) -> None:
        event = event_from_json(obj)
        if event is None:
            raise InputError(f"an output ({obj.get('type')!r}) sent as an input", field="type")
        outputs = self.engine.feed(event)
        if isinstance(event, GameStart):
            self._record(outputs)  # what the new game closed belongs to the game before
            self.games.append(Game(len(self.games) + 1, event.ruleset, event.players))
            self.game_inputs = [obj]
            self.advanced_to = float("-inf")
            return
        self.game_inputs.append(obj)
        self._record(outputs)
        if obj["type"] == "end":
            self.ended = True
            closes = self.engine.burst_closes_at
            if closes is not None:
                self._record(self.engine.advance(closes))

    def _table_output(self, obj: dict[str, Any]) -> None:
        kind = obj["type"]
        t = obj["t"]
        if not self.ended:
            self.advanced_to = max(self.advanced_to, float(t))
            self._record(self.engine.advance(float(t)))
        game = self.games[-1] if self.games else None
        if game is None:
            raise InputError("an output before any game", field="type")
        if kind == "ruling":
            rid = obj.get("id")
            if rid is not None and dispute_reasons(obj):
                self.table_decisions[rid] = obj
            elif rid is not None:
                self.table_decisions.pop(rid, None)  # confirmed or corrected into a plain one
            if obj.get("status") not in STANDING:
                return
            key = _key(obj, game.table_seen)
            game.table_rulings[key] = obj
            self._compare(game, key)
        elif kind == "game_over":
            game.table_over = obj
            self._compare_over(game)

    def _correction(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        """A person at the table corrected an input of the game being played (credited a
        shared bell's press, corrected a misread card): judge the game again from its inputs
        with the correction, as the table's referee does, and compare afresh."""
        if not self.games:
            raise InputError("a correction before any game", field="replaces")
        for index in range(len(self.game_inputs) - 1, 0, -1):
            if self.game_inputs[index] == old:
                break
        else:
            raise InputError(
                f"corrects a {old.get('type')!r} input the game being played does not have",
                field="replaces",
            )
        replacement = event_from_json(new)
        if replacement is None or new.get("type") != old.get("type"):
            raise InputError(f"must replace a {old.get('type')!r} input", field="event")
        self.game_inputs[index] = new
        engine = Session()
        outputs: list[SessionOutput] = []
        for obj in self.game_inputs:
            event = event_from_json(obj)
            assert event is not None
            outputs += engine.feed(event)
        if self.ended:
            closes = engine.burst_closes_at
            if closes is not None:
                outputs += engine.advance(closes)
        elif self.advanced_to != float("-inf"):
            outputs += engine.advance(self.advanced_to)
        self.engine = engine
        game = self.games[-1]
        self.mismatches = [m for m in self.mismatches if m.game != game.number]
        game.rings, game.rulings, game.seen, game.over = [], {}, {}, None
        self._record(outputs)

    def _record(self, outputs: list[SessionOutput]) -> None:
        # By type name, not class: Hawaiki's rulings and game ends are their own classes.
        for out in outputs:
            game = self.games[-1]
            if out.type == "ruling":
                obj = out.to_json()
                game.rings += [_ring(p) for p in obj.get("presses", [])]
                key = _key(obj, game.seen)
                game.rulings[key] = obj
                self._compare(game, key)
            elif out.type == "game_over":
                game.over = out.to_json()
                self._compare_over(game)

    def _compare(self, game: Game, key: Key) -> None:
        mine, theirs = game.rulings.get(key), game.table_rulings.get(key)
        if mine is None or theirs is None:
            return
        self.mismatches = [m for m in self.mismatches if (m.game, m.key) != (game.number, key)]
        if not _same(mine, theirs):
            self.mismatches.append(
                Mismatch(game.number, key, "the table ruled otherwise", theirs, mine)
            )

    def _compare_over(self, game: Game) -> None:
        mine, theirs = game.over, game.table_over
        if mine is None or theirs is None:
            return
        if mine.get("winners") != theirs.get("winners") or mine.get("cards") != theirs.get("cards"):
            self.mismatches.append(
                Mismatch(
                    game.number,
                    (theirs["t"], 0),
                    "the table ended the game otherwise",
                    theirs,
                    mine,
                )
            )
        unmatched = set(game.rulings) ^ set(game.table_rulings)
        for key in sorted(unmatched):
            what = "only the table" if key in game.table_rulings else "only the hall"
            self.mismatches.append(
                Mismatch(
                    game.number,
                    key,
                    f"{what} ruled this ring",
                    game.table_rulings.get(key),
                    game.rulings.get(key),
                )
            )
        game.rulings.clear()  # compared: only the rings are needed from here on
        game.table_rulings.clear()

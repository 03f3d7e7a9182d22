"""Events in and out of the rules engine (shared/SPEC.md §1), as immutable values.

``t`` is seconds since the session started on the one session clock (float; microseconds
matter). Input events are what the camera and the bell report; output events are what the
referee decides. ``to_json`` gives the SPEC's JSON object; extra optional fields are allowed by
the SPEC and are only added when they carry something.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from halli_pi.cards import Card


class Verdict(StrEnum):
    CORRECT = "correct"  # won the piles
    WRONG = "wrong"  # pays the penalty
    VOID = "void"  # no effect: after the winner, a repeat press, a pause, a player who is out
    TIE = "tie"  # tied for first within the tie window; nobody wins


# --- input -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStart:
    t: float
    ruleset: str
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    cards: tuple[int, ...] | None = None

    type = "game"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "game",
            "t": self.t,
            "ruleset": self.ruleset,
            "players": list(self.players),
        }
        if self.options:
            obj["options"] = dict(self.options)
        if self.cards is not None:
            obj["cards"] = list(self.cards)
        return obj


@dataclass(frozen=True, slots=True)
class Reveal:
    t: float
    seat: int
    card: Card

    type = "reveal"

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal", "t": self.t, "seat": self.seat, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Press:
    t: float
    seat: int | None  # None: a shared bell that cannot tell who rang
    source: str | None = None
    # Set by the referee when it could not see the table at this press ("cannot see Bo's
    # pile"): the press is logged and ruled void with this reason instead of being guessed.
    void: str | None = None
    # A shared bell's press credited by the camera (source "camera"): how sure it is (0-1),
    # the seat of the next hand on the bell and the frames between the two hands' arrivals.
    # Optional and informative only: the rules read the seat, so a replay rules the same.
    confidence: float | None = None
    other_seat: int | None = None
    frame_gap: float | None = None

    type = "press"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"type": "press", "t": self.t, "seat": self.seat}
        if self.source is not None:
            obj["source"] = self.source
        if self.void is not None:
            obj["void"] = self.void
        if self.confidence is not None:
            obj["confidence"] = self.confidence
        if self.other_seat is not None:
            obj["other_seat"] = self.other_seat
        if self.frame_gap is not None:
            obj["frame_gap"] = self.frame_gap
        return obj


@dataclass(frozen=True, slots=True)
class End:
    t: float

    type = "end"

    def to_json(self) -> dict[str, Any]:
        return {"type": "end", "t": self.t}


InputEvent = GameStart | Reveal | Press | End


# --- output ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PressVerdict:
    seat: int | None
    t: float
    verdict: Verdict
    # Why this press got its verdict, when it differs from the ruling's reason
    # ("repeat press", "Cy is out and may not ring").
    note: str | None = None
    # Milliseconds from the moment the table last showed a five to this press; None if no five.
    reaction_ms: float | None = None
    anticipation: bool = False

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"seat": self.seat, "t": self.t, "verdict": str(self.verdict)}
        if self.note:
            obj["note"] = self.note
        if self.reaction_ms is not None:
            obj["reaction_ms"] = round(self.reaction_ms, 3)
        if self.anticipation:
            obj["anticipation"] = True
        return obj


@dataclass(frozen=True, slots=True)
class Move:
    """Cards that changed hands in a ruling: hidden penalty cards or face-up piles."""

    giver: int | None  # None: the face-up piles of the table
    taker: int
    cards: int
    what: str  # "piles" or "penalty"

    def to_json(self) -> dict[str, Any]:
        return {"from": self.giver, "to": self.taker, "cards": self.cards, "what": self.what}


@dataclass(frozen=True, slots=True)
class Ruling:
    t: float
    winner: int | None
    presses: tuple[PressVerdict, ...]
    cards: tuple[int, ...]
    reason: str
    moves: tuple[Move, ...] = ()
    # A correct ring from a shared bell that could not say who rang: the piles wait for a credit.
    uncredited: bool = False

    type = "ruling"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "ruling",
            "t": self.t,
            "winner": self.winner,
            "presses": [p.to_json() for p in self.presses],
            "cards": list(self.cards),
            "reason": self.reason,
        }
        if self.moves:
            obj["moves"] = [m.to_json() for m in self.moves]
        if self.uncredited:
            obj["uncredited"] = True
        return obj


@dataclass(frozen=True, slots=True)
class Eliminated:
    t: float
    seat: int
    reason: str

    type = "eliminated"

    def to_json(self) -> dict[str, Any]:
        return {"type": "eliminated", "t": self.t, "seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class GameOver:
    t: float
    winners: tuple[int, ...]
    cards: tuple[int, ...]
    reason: str

    type = "game_over"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "game_over",
            "t": self.t,
            "winners": list(self.winners),
            "cards": list(self.cards),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the referee accepted but wants a person to know (never changes a ruling):
    a reveal out of turn, a reveal from a seat with no hidden cards."""

    t: float
    seat: int | None
    message: str
    # "out_of_turn", "impossible_reveal" (a card from a seat with no hidden card: it adds a card
    # to the table that no deck accounts for) or "after_game_over".
    code: str = "note"

    type = "notice"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "notice",
            "t": self.t,
            "seat": self.seat,
            "code": self.code,
            "message": self.message,
        }


OutputEvent = Ruling | Eliminated | GameOver | Notice

"""Hawaiki's session-log events (HAWAIKI.md §1): inputs, outputs, and reading them from JSON.

`press` and `end` are the SPEC's own events and are shared with Halli Galli; `game` is the
SPEC's event with Hawaiki's optional fields, so everything that knows a `GameStart` (the
replay's account, the store) still knows a Hawaiki game. Checks that need the game (a seat in
range) are the engine's; checks on the line alone (a card string, a pile number, a combination
name) are made here, so the error names the line.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from halli_pi.errors import InputError
from halli_pi.rules.events import GameStart, PressVerdict
from halli_pi.rules.hawaiki.cards import HCard, parse_hcard
from halli_pi.rules.hawaiki.ruleset import COMBOS

PILES = 3
WORDS = ("merci", "merci beaucoup")
SOURCES = ("bell", "phone", "person")

Namer = Callable[[int | None], str]


# --- input -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HawaikiStart(GameStart):
    tokens: tuple[int, ...] | None = None
    hands: tuple[int, ...] | None = None
    piles: tuple[HCard, ...] | None = None
    first: int | None = None

    def to_json(self) -> dict[str, Any]:
        obj = GameStart.to_json(self)
        if self.tokens is not None:
            obj["tokens"] = list(self.tokens)
        if self.hands is not None:
            obj["hands"] = list(self.hands)
        if self.piles is not None:
            obj["piles"] = [str(c) for c in self.piles]
        if self.first is not None:
            obj["first"] = self.first
        return obj


@dataclass(frozen=True, slots=True)
class Deal:
    t: float
    piles: tuple[HCard, ...]
    first: int | None = None
    hands: tuple[int, ...] | None = None

    type = "deal"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"type": "deal", "t": self.t, "piles": [str(c) for c in self.piles]}
        if self.first is not None:
            obj["first"] = self.first
        if self.hands is not None:
            obj["hands"] = list(self.hands)
        return obj


@dataclass(frozen=True, slots=True)
class Announce:
    t: float
    seat: int
    combo: tuple[str, ...] | None = None  # None: generic (the button), claims all it forms
    source: str | None = None

    type = "announce"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"type": "announce", "t": self.t, "seat": self.seat}
        if self.combo is not None:
            obj["combo"] = self.combo[0] if len(self.combo) == 1 else list(self.combo)
        if self.source is not None:
            obj["source"] = self.source
        return obj


@dataclass(frozen=True, slots=True)
class Play:
    t: float  # start of the hand's occlusion of the pile (P17)
    pile: int
    card: HCard
    seat: int | None = None  # None: the seat to act (the camera cannot see whose hand)
    seen_t: float | None = None

    type = "play"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "play",
            "t": self.t,
            "pile": self.pile,
            "card": str(self.card),
        }
        if self.seat is not None:
            obj["seat"] = self.seat
        if self.seen_t is not None:
            obj["seen_t"] = self.seen_t
        return obj


@dataclass(frozen=True, slots=True)
class Retract:
    t: float
    pile: int
    seat: int | None = None

    type = "retract"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"type": "retract", "t": self.t, "pile": self.pile}
        if self.seat is not None:
            obj["seat"] = self.seat
        return obj


@dataclass(frozen=True, slots=True)
class Designate:
    t: float
    seat: int
    targets: tuple[int, ...]  # a seat listed twice draws 2
    combo: str | None = None

    type = "designate"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "designate",
            "t": self.t,
            "seat": self.seat,
            "targets": list(self.targets),
        }
        if self.combo is not None:
            obj["combo"] = self.combo
        return obj


@dataclass(frozen=True, slots=True)
class Merci:
    t: float
    seat: int
    words: str = "merci"
    source: str | None = None

    type = "merci"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"type": "merci", "t": self.t, "seat": self.seat}
        if self.words != "merci":
            obj["words"] = self.words
        if self.source is not None:
            obj["source"] = self.source
        return obj


@dataclass(frozen=True, slots=True)
class Pass:
    t: float
    seat: int

    type = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "t": self.t, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Draw:
    t: float
    seat: int
    n: int

    type = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "t": self.t, "seat": self.seat, "n": self.n}


@dataclass(frozen=True, slots=True)
class Count:
    t: float
    seat: int
    cards: int

    type = "count"

    def to_json(self) -> dict[str, Any]:
        return {"type": "count", "t": self.t, "seat": self.seat, "cards": self.cards}


@dataclass(frozen=True, slots=True)
class Reshuffle:
    t: float

    type = "reshuffle"

    def to_json(self) -> dict[str, Any]:
        return {"type": "reshuffle", "t": self.t}


HawaikiInput = (
    HawaikiStart
    | Deal
    | Announce
    | Play
    | Retract
    | Designate
    | Merci
    | Pass
    | Draw
    | Count
    | Reshuffle
)


# --- output ----------------------------------------------------------------------------------


class HawaikiRuling(NamedTuple):
    """One decision (§1.2). SPEC's `winner` is always null here; `cards` are accounted hands.

    An immutable tuple rather than a frozen dataclass: a ruling is made for nearly every event,
    and a tuple is built several times faster. `why` is the reason, or a function that words
    it: most rulings are never read aloud, so the words are put together only when asked.
    """

    t: float
    subject: str  # the input it decides: announce, play, designate, merci, pass, …
    seat: int | None
    verdict: str
    why: str | Callable[[], str]
    cards: tuple[int, ...]
    presses: tuple[PressVerdict, ...] = ()
    combos: tuple[str, ...] = ()
    draws: tuple[tuple[int, int], ...] = ()  # (seat, n) imposed by this ruling
    to_act: int | None = None

    # A NamedTuple's body may hold only fields and methods, so the SPEC's constant parts of a
    # ruling are read-only properties.
    @property
    def type(self) -> str:
        return "ruling"

    @property
    def winner(self) -> None:
        return None

    @property
    def uncredited(self) -> bool:
        return False  # no shared bell referees Hawaiki: every press has its seat

    @property
    def reason(self) -> str:
        why = self.why
        return why if isinstance(why, str) else why()

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "ruling",
            "t": self.t,
            "winner": None,
            "presses": [p.to_json() for p in self.presses],
            "cards": list(self.cards),
            "subject": self.subject,
            "seat": self.seat,
            "verdict": self.verdict,
            "reason": self.reason,
        }
        if self.combos:
            obj["combos"] = list(self.combos)
        if self.draws:
            obj["draws"] = [list(d) for d in self.draws]
        obj["to_act"] = self.to_act
        return obj

    def narrate(self, name: Namer) -> str:
        after = f"  (next: {name(self.to_act)})" if self.to_act is not None else ""
        return f"{self.t:10.3f} s  {self.subject} {self.verdict}: {self.reason}{after}"


@dataclass(frozen=True, slots=True)
class RoundOver:
    t: float
    round: int
    out: int | None  # the seat that emptied its hand
    hands: tuple[int, ...]
    tokens_lost: tuple[int, ...]
    tokens: tuple[int, ...]
    hands_source: str  # "accounted" or "counted"
    reason: str = ""

    type = "round_over"

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "round_over",
            "t": self.t,
            "round": self.round,
            "out": self.out,
            "hands": list(self.hands),
            "tokens_lost": list(self.tokens_lost),
            "tokens": list(self.tokens),
            "hands_source": self.hands_source,
        }
        if self.reason:
            obj["reason"] = self.reason
        return obj

    def narrate(self, name: Namer) -> str:
        lost = ", ".join(
            f"{name(s)} -{lost} ({left} left)"
            for s, (lost, left) in enumerate(zip(self.tokens_lost, self.tokens, strict=True))
        )
        return (
            f"{self.t:10.3f} s  round {self.round} over ({self.reason}); "
            f"hands {self.hands_source}: tokens {lost}"
        )


@dataclass(frozen=True, slots=True)
class HawaikiGameOver:
    t: float
    winners: tuple[int, ...]
    cards: tuple[int, ...]
    tokens: tuple[int, ...]
    reason: str

    type = "game_over"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "game_over",
            "t": self.t,
            "winners": list(self.winners),
            "cards": list(self.cards),
            "tokens": list(self.tokens),
            "reason": self.reason,
        }

    def narrate(self, name: Namer) -> str:
        winners = " and ".join(name(s) for s in self.winners)
        verb = "win" if len(self.winners) > 1 else "wins"
        standings = ", ".join(
            f"{name(s)} {n}" for s, n in sorted(enumerate(self.tokens), key=lambda x: -x[1])
        )
        return (
            f"{self.t:10.3f} s  game over ({self.reason}): {winners} {verb}\n"
            f"            tokens: {standings}"
        )


HawaikiOutput = HawaikiRuling | RoundOver | HawaikiGameOver


# --- JSON ------------------------------------------------------------------------------------

INPUT_TYPES = (
    "deal",
    "announce",
    "play",
    "retract",
    "designate",
    "merci",
    "pass",
    "draw",
    "count",
    "reshuffle",
)
OUTPUT_TYPES = ("round_over",)
RULESETS = ("hawaiki",)  # names of `game` events read with Hawaiki's fields


def _field(obj: dict[str, Any], name: str) -> Any:
    if name not in obj:
        raise InputError("missing", field=name)
    return obj[name]


def _int(value: Any, name: str, *, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InputError(f"must be a whole number >= {low}, got {value!r}", field=name)
    if high is not None and value > high:
        raise InputError(f"{value} is out of range ({low}..{high})", field=name)
    return value


@overload
def _seat(obj: dict[str, Any], name: str = "seat") -> int: ...


@overload
def _seat(obj: dict[str, Any], name: str = "seat", *, optional: bool) -> int | None: ...


def _seat(obj: dict[str, Any], name: str = "seat", *, optional: bool = False) -> int | None:
    if optional and obj.get(name) is None:
        return None
    value = _field(obj, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"must be a seat number, got {value!r}", field=name)
    return value  # the engine checks it is a seat of this game


def _pile(obj: dict[str, Any]) -> int:
    value = _field(obj, "pile")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < PILES:
        raise InputError(f"pile {value!r} is out of range (piles are 0, 1, 2)", field="pile")
    return value


def _card(value: Any, name: str) -> HCard:
    try:
        return parse_hcard(value)
    except InputError as err:
        raise InputError(err.message, field=name) from None
    except TypeError:  # an unhashable value (a list, an object) reached the cache
        raise InputError(
            f"a card string like '5 red' is needed, got {value!r}", field=name
        ) from None


def _piles(value: Any) -> tuple[HCard, ...]:
    if not isinstance(value, list) or len(value) != PILES:
        raise InputError(f"must be a list of 3 card strings, got {value!r}", field="piles")
    return tuple(_card(c, f"piles[{i}]") for i, c in enumerate(value))


def _counts(obj: dict[str, Any], name: str) -> tuple[int, ...] | None:
    value = obj.get(name)
    if value is None:
        return None
    if not isinstance(value, list):
        raise InputError(f"must be a list of whole numbers per seat, got {value!r}", field=name)
    return tuple(_int(v, f"{name}[{i}]") for i, v in enumerate(value))


def _combo_name(value: Any, name: str) -> str:
    if value not in COMBOS:
        raise InputError(f"unknown combination {value!r} (known: {', '.join(COMBOS)})", field=name)
    return str(value)


def _source(obj: dict[str, Any]) -> str | None:
    source = obj.get("source")
    if source is not None and source not in SOURCES:
        raise InputError(f"must be one of {', '.join(SOURCES)}, got {source!r}", field="source")
    return source


def game_from_json(obj: dict[str, Any], t: float, base: GameStart) -> HawaikiStart:
    """A `game` line of a Hawaiki game: the SPEC's fields (already read) plus Hawaiki's."""
    piles = obj.get("piles")
    return HawaikiStart(
        t,
        base.ruleset,
        base.players,
        base.options,
        None,
        _counts(obj, "tokens"),
        _counts(obj, "hands"),
        None if piles is None else _piles(piles),
        _seat(obj, "first", optional=True),
    )


def event_from_json(obj: dict[str, Any], kind: str, t: float) -> HawaikiInput:
    """One of Hawaiki's own input lines (`kind` in INPUT_TYPES); `t` already checked."""
    if kind == "play":
        seen_t = obj.get("seen_t")
        if seen_t is not None and (
            isinstance(seen_t, bool)
            or not isinstance(seen_t, int | float)
            or not math.isfinite(seen_t)
        ):
            raise InputError(f"must be seconds, got {seen_t!r}", field="seen_t")
        return Play(
            t,
            _pile(obj),
            _card(_field(obj, "card"), "card"),
            _seat(obj, optional=True),
            None if seen_t is None else float(seen_t),
        )
    if kind == "announce":
        combo = obj.get("combo")
        if combo is None:
            names = None
        elif isinstance(combo, list):
            if not combo:
                raise InputError("an empty list names no combination", field="combo")
            names = tuple(_combo_name(c, "combo") for c in combo)
        else:
            names = (_combo_name(combo, "combo"),)
        return Announce(t, _seat(obj), names, _source(obj))
    if kind == "merci":
        words = obj.get("words", "merci")
        if words not in WORDS:
            raise InputError(f"must be 'merci' or 'merci beaucoup', got {words!r}", field="words")
        return Merci(t, _seat(obj), words, _source(obj))
    if kind == "designate":
        targets = _field(obj, "targets")
        if not isinstance(targets, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in targets
        ):
            raise InputError(f"must be a list of seat numbers, got {targets!r}", field="targets")
        combo = obj.get("combo")
        return Designate(
            t, _seat(obj), tuple(targets), None if combo is None else _combo_name(combo, "combo")
        )
    if kind == "pass":
        return Pass(t, _seat(obj))
    if kind == "retract":
        return Retract(t, _pile(obj), _seat(obj, optional=True))
    if kind == "draw":
        return Draw(t, _seat(obj), _int(_field(obj, "n"), "n"))
    if kind == "count":
        return Count(t, _seat(obj), _int(_field(obj, "cards"), "cards"))
    if kind == "reshuffle":
        return Reshuffle(t)
    if kind == "deal":
        return Deal(
            t,
            _piles(_field(obj, "piles")),
            _seat(obj, "first", optional=True),
            _counts(obj, "hands"),
        )
    raise InputError(f"unknown type {kind!r}", field="type")

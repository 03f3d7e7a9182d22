"""The session log (shared/SPEC.md §1): JSON Lines in, events out, and back.

Reading is strict: a malformed line, an unknown type or kind, a missing field, a seat of the
wrong type or time going backwards is an InputError that names FILE:LINE and the field. Checks
that need the game (seat in range, kind in the ruleset's deck) are the engine's; `replay` adds
the location to them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal, overload

from halli_pi import strictjson
from halli_pi.cards import parse_card
from halli_pi.errors import InputError
from halli_pi.rules.events import End, GameStart, Press, Reveal
from halli_pi.rules.hawaiki import events as hawaiki
from halli_pi.rules.session import SessionInput

INPUT_TYPES = ("game", "reveal", "press", "end", *hawaiki.INPUT_TYPES)
OUTPUT_TYPES = ("ruling", "eliminated", "game_over", "notice", *hawaiki.OUTPUT_TYPES)


def _field(obj: dict[str, Any], name: str) -> Any:
    if name not in obj:
        raise InputError("missing", field=name)
    return obj[name]


@overload
def _seat(value: Any, *, nullable: Literal[False]) -> int: ...


@overload
def _seat(value: Any, *, nullable: bool) -> int | None: ...


def _seat(value: Any, *, nullable: bool) -> int | None:
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"must be a seat number, got {value!r}", field="seat")
    return value


def _camera_fields(obj: dict[str, Any]) -> dict[str, Any]:
    """A camera-credited press's optional fields (confidence, other_seat, frame_gap)."""
    out: dict[str, Any] = {}
    confidence = obj.get("confidence")
    if confidence is not None:
        if isinstance(confidence, bool) or not isinstance(confidence, int | float):
            raise InputError(f"must be a number 0-1, got {confidence!r}", field="confidence")
        if not 0.0 <= confidence <= 1.0:
            raise InputError(f"must be between 0 and 1, got {confidence!r}", field="confidence")
        out["confidence"] = float(confidence)
    other = obj.get("other_seat")
    if other is not None:
        if not isinstance(other, int) or isinstance(other, bool):
            raise InputError(f"must be a seat number, got {other!r}", field="other_seat")
        out["other_seat"] = other
    gap = obj.get("frame_gap")
    if gap is not None:
        if isinstance(gap, bool) or not isinstance(gap, int | float) or not math.isfinite(gap):
            raise InputError(f"must be a number of frames, got {gap!r}", field="frame_gap")
        out["frame_gap"] = float(gap)
    return out


def event_from_json(obj: Any) -> SessionInput | None:
    """One input event from a parsed JSON object; None for an output event (replay recomputes
    those). Raises InputError naming the field."""
    if not isinstance(obj, dict):
        raise InputError(f"a line must be a JSON object, got {type(obj).__name__}")
    kind = _field(obj, "type")
    if kind in OUTPUT_TYPES:
        return None
    t = _field(obj, "t")
    if isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t) or t < 0:
        raise InputError(f"must be seconds >= 0, got {t!r}", field="t")
    t = float(t)
    if kind in hawaiki.INPUT_TYPES:  # Hawaiki's own events (shared/HAWAIKI.md §1.1)
        return hawaiki.event_from_json(obj, kind, t)
    if kind == "reveal":
        card = _field(obj, "card")
        try:
            return Reveal(t, _seat(_field(obj, "seat"), nullable=False), parse_card(card))
        except InputError as err:
            raise InputError(err.message, field=err.field or "card") from None
    if kind == "press":
        source = obj.get("source")
        if source is not None and not isinstance(source, str):
            raise InputError(f"must be a string, got {source!r}", field="source")
        void = obj.get("void")
        if void is not None and not isinstance(void, str):
            raise InputError(f"must be a reason (string), got {void!r}", field="void")
        return Press(
            t, _seat(_field(obj, "seat"), nullable=True), source, void, **_camera_fields(obj)
        )
    if kind == "game":
        ruleset = _field(obj, "ruleset")
        if not isinstance(ruleset, str):
            raise InputError(f"must be a string, got {ruleset!r}", field="ruleset")
        players = _field(obj, "players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InputError(f"must be a list of names, got {players!r}", field="players")
        cards = obj.get("cards")
        if cards is not None and not isinstance(cards, list):
            raise InputError(f"must be a list of counts, got {cards!r}", field="cards")
        options = obj.get("options") or {}
        if not isinstance(options, dict):
            raise InputError(f"must be an object, got {options!r}", field="options")
        game = GameStart(
            t, ruleset, tuple(players), options, None if cards is None else tuple(cards)
        )
        if ruleset in hawaiki.RULESETS:  # the same event with Hawaiki's optional fields
            return hawaiki.game_from_json(obj, t, game)
        return game
    if kind == "end":
        return End(t)
    raise InputError(
        f"unknown type {kind!r} (known: {', '.join(INPUT_TYPES + OUTPUT_TYPES)})", field="type"
    )


def read_events(lines: Iterable[str], name: str) -> Iterator[tuple[str, SessionInput]]:
    """(where, event) for each input event in a session log; `where` is NAME:LINE."""
    last_t = float("-inf")
    for number, line in enumerate(lines, start=1):
        where = f"{name}:{number}"
        if not line.strip():
            continue
        try:
            obj = strictjson.loads(line)
        except json.JSONDecodeError as err:
            raise InputError(
                f"not valid JSON ({err.msg} at column {err.colno})", where=where
            ) from None
        except ValueError as err:  # NaN, Infinity, nesting thousands deep
            raise InputError(f"not valid JSON ({err})", where=where) from None
        try:
            event = event_from_json(obj)
        except InputError as err:
            raise err.located(where) from None
        if event is None:
            continue
        if event.t < last_t:
            raise InputError(
                f"time goes backwards: {event.t} after {last_t}", where=where, field="t"
            )
        last_t = event.t
        yield where, event


def write_events(events: Iterable[Any], out: IO[str]) -> None:
    for event in events:
        out.write(json.dumps(event.to_json(), separators=(", ", ": ")) + "\n")

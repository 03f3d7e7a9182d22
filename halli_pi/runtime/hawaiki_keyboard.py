"""Typed commands at a Hawaiki table's terminal: what a person tells the referee because no
camera or button can (HAWAIKI.md §3, "where a person must confirm").

designate 0 2 [1]   seat 0 designates seat 2 (a suite), or 2 cards (a couleur: 2 2 or 2 1)
pass 1              seat 1 cannot or will not lay a card (draws one)
count 2 4           seat 2 was counted holding 4 cards
draw 2 1            seat 2 took a card the rules did not impose
merci 1 [beaucoup]  seat 1 thanked (said aloud and agreed by the table)
announce 0 [pair]   seat 0 announces, a named combination or any
yes 1 / no 1        the card the camera doubted on pile 1 was laid / was not
laid 1 3 red        pile 1's top cannot be read: the card laid there is a 3 red
back 1 [2 red]      pile 1's top cannot be read: its top was taken back (2 red shows again)
reshuffle           the discards under the three tops became the draw pile

Every command is checked here before the referee hears it, so a typing slip is answered in the
terminal and never reaches the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import (
    Announce,
    Count,
    Designate,
    Draw,
    Merci,
    Pass,
    Reshuffle,
)
from halli_pi.rules.hawaiki.ruleset import COMBOS

HINT = (
    "type: designate SEAT TARGET [TARGET] · pass SEAT · count SEAT N · draw SEAT N · "
    "merci SEAT [beaucoup] · announce SEAT [COMBO] · yes PILE · no PILE · laid PILE CARD · "
    "back PILE [CARD] · reshuffle"
)


def execute(line: str, session: Any, reader: Any, now: Callable[[], float], seats: int) -> str:
    """Carry out one typed command at session time `now()`; returns what to tell the person."""
    words = line.lower().split()
    if not words:
        return ""
    verb, rest = words[0], words[1:]
    t = now()
    if verb in ("yes", "no"):
        pile = _number(rest, 0, f"{verb} PILE", high=3)
        if verb == "no":
            reader.dismiss(pile)
            return f"nothing was laid on pile {pile}"
        play = reader.confirm(pile, tell=session.told)
        return f"{play.card} laid on pile {pile}"
    if verb == "laid":
        pile = _number(rest, 0, "laid PILE CARD", high=3)
        card = parse_hcard(" ".join(rest[1:]))
        told = reader.lay(pile, card, tell=session.told)  # nothing for a card dealt there
        return f"{card} {'laid' if told else 'dealt'} on pile {pile}"
    if verb == "back":
        pile = _number(rest, 0, "back PILE [CARD]", high=3)
        seen = parse_hcard(" ".join(rest[1:])) if rest[1:] else None
        retract = reader.take_back(pile, seen, tell=session.told)  # checked, or refused
        return f"the top of pile {retract.pile} was taken back"
    if verb == "reshuffle":
        session.told([Reshuffle(t)])
        reader.reshuffled()
        return "the draw pile was rebuilt"
    seat = _number(rest, 0, f"{verb} SEAT …", high=seats)
    if verb in ("designate", "d"):
        usage = "designate SEAT TARGET [TARGET]"
        if not 2 <= len(rest) <= 3:
            raise InputError(f"say: {usage}")
        targets = tuple(_number(rest, i, usage, high=seats) for i in range(1, len(rest)))
        if seat in targets:  # a slip, refused as the page refuses it (the log would rule it)
            raise InputError(f"seat {seat} cannot designate themself; say: {usage}")
        event: Any = Designate(t, seat, targets)
    elif verb == "pass":
        event = Pass(t, seat)
    elif verb in ("count", "draw"):
        n = _number(rest, 1, f"{verb} SEAT N", high=71)
        event = Count(t, seat, n) if verb == "count" else Draw(t, seat, n)
    elif verb == "merci":
        words_said = "merci beaucoup" if rest[1:2] == ["beaucoup"] else "merci"
        event = Merci(t, seat, words_said, "person")
    elif verb == "announce":
        named = tuple(rest[1:])
        unknown = [c for c in named if c not in COMBOS]
        if unknown:
            raise InputError(f"{unknown[0]!r} is not a combination ({', '.join(COMBOS)})")
        event = Announce(t, seat, named or None, "person")
    else:
        raise InputError(f"unknown command {verb!r}; {HINT}")
    session.told([event])
    return f"told the referee: {event.type} by seat {seat}"


def _number(words: list[str], i: int, usage: str, *, high: int) -> int:
    if i >= len(words) or not words[i].isdigit() or int(words[i]) >= high:
        raise InputError(f"say: {usage} (numbers below {high})")
    return int(words[i])

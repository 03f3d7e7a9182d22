"""Typed commands at the referee's terminal: credit a shared bell's ring, correct a card.

credit 2            the last correct ring of the shared bell was seat 2's
card 1 3 plum       seat 1's top card was really "3 plum" (the ruling is judged again)
new                 a new game with the same players
end                 end the game (standings as they are)
"""

from __future__ import annotations

from typing import Any, TextIO

from halli_pi.errors import HalliPiError, InputError

HINT = "type: credit SEAT · card SEAT CARD · new · end"


def execute(line: str, controls: Any, players: list[str], ruleset: str) -> str:
    """Carry out one typed command; returns what to tell the person."""
    words = line.split()
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1:]
    if verb in ("credit", "c"):
        seat = _seat(rest, "credit SEAT")
        controls.credit(None, seat)
        return f"credited to seat {seat}"
    if verb == "card":
        if len(rest) < 3:
            raise InputError("say: card SEAT CARD, e.g. card 1 3 plum")
        seat = _seat(rest[:1], "card SEAT CARD")
        card = " ".join(rest[1:])
        controls.correct_card(seat, card, None)
        return f"seat {seat}'s card corrected to {card}"
    if verb == "new":
        controls.new_game(players, ruleset, {})
        return "a new game"
    if verb == "end":
        controls.end_game()
        return "game ended"
    raise InputError(f"unknown command {verb!r}; {HINT}")


def _seat(words: list[str], usage: str) -> int:
    if not words or not words[0].isdigit():
        raise InputError(f"say: {usage}")
    return int(words[0])


def read_commands(
    stream: TextIO, controls: Any, players: list[str], ruleset: str, say: Any
) -> None:
    """Read commands until the stream ends (a thread of `halli-pi run`)."""
    for line in stream:
        try:
            answer = execute(line, controls, players, ruleset)
        except HalliPiError as err:
            answer = f"cannot: {err}"
        if answer:
            say(answer)

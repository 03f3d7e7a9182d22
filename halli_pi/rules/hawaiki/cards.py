"""Hawaiki cards: a value 1–7 and a colour (shared/HAWAIKI.md §1.1, §5).

A card string is a SPEC §3 group whose count is the value and whose kind is the colour:
``5 red``. The kinds are scoped to this ruleset, so ``red`` here is not Twist's ``red``. The
real deck's colour names are not known; these are the contract's proposed ones.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from halli_pi.errors import InputError

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
COPIES = 2  # each card is in the deck twice
DECK_SIZE = len(COLOURS) * len(VALUES) * COPIES  # 70

_COLOUR_SET = frozenset(COLOURS)


class HCard(NamedTuple):
    """One Hawaiki card. A tuple, so comparing two cards (legality, pairs) stays in C."""

    value: int
    colour: str

    def __str__(self) -> str:
        return f"{self.value} {self.colour}"


@lru_cache(maxsize=256)
def parse_hcard(text: object) -> HCard:
    """Parse ``"5 red"``; raise InputError naming what is wrong with the string."""
    if not isinstance(text, str):
        raise InputError(f"a card string like '5 red' is needed, got {text!r}")
    words = text.split()
    if len(words) != 2 or not words[0].isdigit():
        raise InputError(f"{text!r} is not a Hawaiki card ('VALUE COLOUR', e.g. '5 red')")
    value, colour = int(words[0]), words[1]
    if value not in VALUES:
        raise InputError(f"{text!r} is not a Hawaiki card: the value must be 1 to 7")
    if colour not in _COLOUR_SET:
        raise InputError(
            f"{text!r} is not a Hawaiki card: colour {colour!r} is not one of {', '.join(COLOURS)}"
        )
    return HCard(value, colour)


def hawaiki_deck() -> list[HCard]:
    """The 70 cards, in a fixed order (shuffling is the caller's, with its own random)."""
    return [HCard(v, c) for c in COLOURS for v in VALUES for _ in range(COPIES)]

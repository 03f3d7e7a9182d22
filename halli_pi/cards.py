"""Kinds, card strings (shared/SPEC.md §3) and decks.

A card is one or more groups, each a count and a kind: ``3 strawberry``, ``1 lime + 1 plum``
(clone decks), ``2 red candle`` (Twist: colour, then symbol). Cards are immutable values and are
interned, so parsing the same string twice costs a dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from halli_pi.errors import InputError

FRUITS: tuple[str, ...] = ("banana", "strawberry", "lime", "plum")
TWIST_SYMBOLS: tuple[str, ...] = ("hat", "potion", "chameleon", "candle")
TWIST_COLOURS: tuple[str, ...] = ("yellow", "green", "blue", "red")
TWIST_KINDS: tuple[str, ...] = tuple(f"{c} {s}" for s in TWIST_SYMBOLS for c in TWIST_COLOURS)

# Canonical order of kinds: how a card with several groups is printed.
_KIND_ORDER: dict[str, int] = {k: i for i, k in enumerate(FRUITS + TWIST_KINDS)}
MAX_COUNT = 9  # no printed card shows more; a larger number is a typo


@dataclass(frozen=True, slots=True)
class Card:
    """One face: groups of (count, kind) in canonical kind order."""

    groups: tuple[tuple[int, str], ...]
    # Cards are dictionary keys on the engine's hot path: hash the groups once.
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self.groups))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return " + ".join(f"{n} {kind}" for n, kind in self.groups)

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for _, kind in self.groups)

    def count(self, kind: str) -> int:
        return sum(n for n, k in self.groups if k == kind)

    @property
    def total(self) -> int:
        return sum(n for n, _ in self.groups)

    @property
    def is_twist(self) -> bool:
        return self.groups[0][1] in _TWIST_SET


_TWIST_SET = frozenset(TWIST_KINDS)


def make_card(groups: dict[str, int] | list[tuple[int, str]]) -> Card:
    """A card from {kind: count} or [(count, kind)], validated and put in canonical order."""
    pairs = [(n, k) for k, n in groups.items()] if isinstance(groups, dict) else list(groups)
    seen: set[str] = set()
    for n, kind in pairs:
        if kind not in _KIND_ORDER:
            raise InputError(f"unknown kind {kind!r} (known: {', '.join(_KIND_ORDER)})")
        if kind in seen:
            raise InputError(f"kind {kind!r} appears twice on one card")
        if not 1 <= n <= MAX_COUNT:
            raise InputError(f"count {n} of {kind!r} is not between 1 and {MAX_COUNT}")
        seen.add(kind)
    return Card(tuple(sorted(pairs, key=lambda p: _KIND_ORDER[p[1]])))


@lru_cache(maxsize=4096)
def parse_card(text: str) -> Card:
    """Parse a card string; raise InputError naming the bad part."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"a card string is needed, got {text!r}")
    pairs: list[tuple[int, str]] = []
    for part in text.split("+"):
        words = part.split()
        if len(words) < 2 or not words[0].isdigit():
            raise InputError(f"{part.strip()!r} in card {text!r} is not 'COUNT KIND'")
        pairs.append((int(words[0]), " ".join(words[1:])))
    try:
        return make_card(pairs)
    except InputError as err:
        raise InputError(f"card {text!r}: {err.message}") from None


def format_card(card: Card | None) -> str | None:
    return None if card is None else str(card)


# ---------------------------------------------------------------------------------------------
# Decks as data. A deck is a list of (card string, how many copies).

CLASSIC_SPLIT: dict[int, int] = {1: 5, 2: 3, 3: 3, 4: 2, 5: 1}  # count -> copies per fruit

# Twist: the publisher gives no split. This one table is the only place it lives; edit it to
# match a real deck. Default: per symbol 5/3/3/2/1 like the classic deck, colours spread evenly
# (each colour appears 3 or 4 times per symbol, 14 times in all).
TWIST_TABLE: dict[str, list[tuple[int, str]]] = {
    symbol: [
        (count, TWIST_COLOURS[(i + offset) % len(TWIST_COLOURS)])
        for i, count in enumerate(
            [c for c, copies in sorted(CLASSIC_SPLIT.items()) for _ in range(copies)]
        )
    ]
    for offset, symbol in enumerate(TWIST_SYMBOLS)
}


def classic_deck() -> list[Card]:
    return [
        parse_card(f"{count} {fruit}")
        for fruit in FRUITS
        for count, copies in sorted(CLASSIC_SPLIT.items())
        for _ in range(copies)
    ]


def twist_deck() -> list[Card]:
    return [
        parse_card(f"{count} {colour} {symbol}")
        for symbol, rows in TWIST_TABLE.items()
        for count, colour in rows
    ]


DECKS = {"classic": classic_deck, "twist": twist_deck}


def deck(name: str) -> list[Card]:
    try:
        return DECKS[name]()
    except KeyError:
        raise InputError(f"unknown deck {name!r} (known: {', '.join(DECKS)})") from None

"""Rulesets: what counts on the table and who is out, as a few overridable hooks.

Like python-chess variants, each ruleset is a class with class-level metadata and a handful of
hooks; the engine asks them and never tests a ruleset's name. Options that apply to every
ruleset live in `Options`, keyword-only with defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, overload

from halli_pi.cards import FRUITS, TWIST_KINDS, Card
from halli_pi.errors import InputError

if TYPE_CHECKING:
    from halli_pi.rules.hawaiki.ruleset import Hawaiki

Tally = tuple[tuple[str, int], ...]  # what one card adds to the table: (category, count)


@dataclass(frozen=True, kw_only=True)
class Options:
    """Options of a game (the `game` event's `options`)."""

    window_ms: float = 50.0  # presses this close to a burst's first press form one burst
    tie_ms: float = 0.1  # two correct presses closer than this are a tie
    min_reaction_ms: float = 100.0  # a correct press faster than this after the five: flagged
    play_to_all_cards: bool = False  # no "last two" end: play until one player has every card

    @classmethod
    def from_json(cls, obj: Any) -> Options:
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise InputError(f"must be an object, got {obj!r}", field="options")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in obj.items():
            if key not in known:
                raise InputError(
                    f"unknown option {key!r} (known: {', '.join(known)})", field="options"
                )
            if known[key].type == "bool":
                if not isinstance(value, bool):
                    raise InputError(
                        f"must be true or false, got {value!r}", field=f"options.{key}"
                    )
            elif isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise InputError(
                    f"must be a number of milliseconds >= 0, got {value!r}", field=f"options.{key}"
                )
            values[key] = value
        return cls(**values)


# How many seats a Halli Galli table may have: the box's player count, 2 to 6. The engine,
# the table config, the printed mat and the demo all check against these two numbers.
MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Ruleset:
    """The official classic rules (the Korean guide to the official rules)."""

    name: ClassVar[str] = "classic"
    family: ClassVar[str] = "halli-galli"  # which engine judges it (rules/session.py)
    deck: ClassVar[str] = "classic"
    kinds: ClassVar[frozenset[str]] = frozenset(FRUITS)
    # The leaflet: a player whose hidden deck runs out is out at once and may not ring.
    out_when_hidden_runs_out: ClassVar[bool] = False
    # Twist: after a wrong ring, the ringer reveals next.
    wrong_ringer_reveals_next: ClassVar[bool] = False

    def __init__(self) -> None:
        self._tallies: dict[Card, Tally] = {}

    def tally_of(self, card: Card) -> Tally:
        """The card's tally, checking once per distinct card that the deck has its kinds."""
        tally = self._tallies.get(card)
        if tally is None:
            self.check_card(card)
            tally = self._tallies[card] = self.tally(card)
        return tally

    def check_card(self, card: Card) -> None:
        for kind in card.kinds:
            if kind not in self.kinds:
                raise InputError(
                    f"kind {kind!r} is not in the {self.name} deck "
                    f"(kinds: {', '.join(sorted(self.kinds))})",
                    field="card",
                )

    def tally(self, card: Card) -> Tally:
        """What this card adds to each category that can make a five."""
        return tuple((kind, n) for n, kind in card.groups)


class ClassicLeaflet(Ruleset):
    """The French rules leaflet: out as soon as the hidden deck is empty."""

    name = "classic-leaflet"
    out_when_hidden_runs_out = True


class Twist(Ruleset):
    """Halli Galli Twist: five of one symbol in any colour, or five symbols of one colour."""

    name = "twist"
    deck = "twist"
    kinds = frozenset(TWIST_KINDS)
    wrong_ringer_reveals_next = True

    def tally(self, card: Card) -> Tally:
        totals: dict[str, int] = {}
        for n, kind in card.groups:
            colour, symbol = kind.split(" ", 1)
            totals[symbol] = totals.get(symbol, 0) + n
            totals[colour] = totals.get(colour, 0) + n
        return tuple(totals.items())


RULESETS: dict[str, type[Ruleset]] = {r.name: r for r in (Ruleset, ClassicLeaflet, Twist)}


HALLI_GALLI = "halli-galli"


def other_rulesets() -> dict[str, type[Hawaiki]]:
    """Rulesets of the other game families, judged by their own engines. Kept out of
    `RULESETS`, which lists what the Halli Galli engine, table and config can play."""
    from halli_pi.rules.hawaiki.ruleset import Hawaiki

    return {Hawaiki.name: Hawaiki}


@overload
def get_ruleset(name: str) -> Ruleset: ...


@overload
def get_ruleset(name: str, *, families: tuple[str, ...]) -> Ruleset | Hawaiki: ...


def get_ruleset(name: str, *, families: tuple[str, ...] = (HALLI_GALLI,)) -> Ruleset | Hawaiki:
    """The ruleset called `name`. Callers that can referee other families (replay,
    simulate) say so in `families`; the rest get a clear refusal of a ruleset they cannot
    play rather than a Halli Galli table running another game."""
    try:
        return RULESETS[name]()
    except (KeyError, TypeError):
        pass
    others = other_rulesets()
    if isinstance(name, str) and name in others:
        ruleset = others[name]
        if ruleset.family in families:
            return ruleset()
        raise InputError(
            f"ruleset {name!r} is refereed by 'replay' and 'simulate' so far, not here",
            field="ruleset",
        )
    known = ", ".join([*RULESETS, *others])
    raise InputError(f"unknown ruleset {name!r} (known: {known})", field="ruleset") from None

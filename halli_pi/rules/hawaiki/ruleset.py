"""The ruleset ``hawaiki``: its options (HAWAIKI.md §4) and what a play forms.

Judging a card is pure arithmetic on the three tops, kept apart from the turn flow so the
rule text's definitions (C1, C2) can be read in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import DECK_SIZE, HCard

# In the order their effects are applied (§4: pair, suite, couleur, brelan).
COMBOS: tuple[str, ...] = ("pair", "suite", "couleur", "brelan")
PAIR_RULES = ("covered", "visible")


@dataclass(frozen=True, kw_only=True)
class HawaikiOptions:
    """The `game` event's `options` for Hawaiki: one field per P# option of the contract."""

    pair_rule: str = "covered"  # P1: the rule text's pair; "visible" is a review's reading
    false_announce_draws: int = 1  # P3: without a cost, announcing every play would be free
    merci_window_s: float = 5.0  # P5: the text gives no time
    brelan_merci: bool = True  # P6: the publisher has opponents thank for every forced draw
    double_press_s: float = 0.5  # P7: two presses this close are "merci beaucoup"
    pass_draws: int = 1  # P11
    illegal_play_draws: int = 0  # P12: an illegal card is taken back, no penalty by default
    hand_size: int = 6  # C8: cards dealt to each seat when a deal names no hands

    @classmethod
    def from_json(cls, obj: Any) -> HawaikiOptions:
        if obj is None:
            return cls()
        if isinstance(obj, HawaikiOptions):
            return obj
        if not isinstance(obj, dict):
            raise InputError(f"must be an object, got {obj!r}", field="options")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in obj.items():
            spec = known.get(key)
            where = f"options.{key}"
            if spec is None:
                raise InputError(
                    f"unknown option {key!r} (known: {', '.join(known)})", field="options"
                )
            if spec.type == "bool":
                if not isinstance(value, bool):
                    raise InputError(f"must be true or false, got {value!r}", field=where)
            elif spec.type == "str":
                if value not in PAIR_RULES:
                    raise InputError(
                        f"must be one of {', '.join(PAIR_RULES)}, got {value!r}", field=where
                    )
            elif spec.type == "int":
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise InputError(f"must be a whole number >= 0, got {value!r}", field=where)
            elif isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise InputError(f"must be a number of seconds >= 0, got {value!r}", field=where)
            values[key] = value
        return cls(**values)


class Hawaiki:
    """Registry entry of the Hawaiki family: looked up by name like the Halli Galli rulesets,
    judged by its own engine (`halli_pi.rules.hawaiki.engine`)."""

    name: ClassVar[str] = "hawaiki"
    family: ClassVar[str] = "hawaiki"
    deck: ClassVar[str] = "hawaiki"
    deck_size: ClassVar[int] = DECK_SIZE
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6


def is_legal(card: HCard, covered: HCard) -> bool:
    """C1: same value or same colour as the card it covers."""
    return card.value == covered.value or card.colour == covered.colour


def combos_formed(
    card: HCard, covered: HCard, tops: tuple[HCard, HCard, HCard], pile: int, pair_rule: str
) -> tuple[str, ...]:
    """C2 on the three tops after the card landed (P21: even if the pattern already showed)."""
    a, b, c = tops
    if pair_rule == "covered":
        pair = card == covered
    else:
        pair = any(top == card for k, top in enumerate(tops) if k != pile)
    va, vb, vc = a.value, b.value, c.value
    same_colour = a.colour == b.colour == c.colour
    if va == vb == vc:  # a brelan; three identical cards cannot be, so no couleur with it
        return ("pair", "brelan") if pair else ("brelan",)
    low, high = min(va, vb, vc), max(va, vb, vc)
    suite = high - low == 2 and va != vb and vb != vc and va != vc
    if not (pair or suite or same_colour):
        return ()
    formed: tuple[str, ...] = ("pair",) if pair else ()
    if suite:
        formed += ("suite",)
    if same_colour:
        formed += ("couleur",)
    return formed

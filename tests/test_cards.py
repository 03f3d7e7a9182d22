from __future__ import annotations

from collections import Counter

import pytest

from halli_pi.cards import (
    FRUITS,
    TWIST_COLOURS,
    TWIST_SYMBOLS,
    classic_deck,
    make_card,
    parse_card,
    twist_deck,
)
from halli_pi.errors import InputError


@pytest.mark.parametrize("text", ["3 strawberry", "1 lime + 1 plum", "2 red candle", "5 banana"])
def test_card_strings_round_trip(text: str) -> None:
    assert str(parse_card(text)) == text


def test_groups_are_printed_in_canonical_order() -> None:
    assert str(parse_card("1 plum + 2 banana")) == "2 banana + 1 plum"
    assert parse_card("1 plum + 2 banana") == make_card({"banana": 2, "plum": 1})


@pytest.mark.parametrize(
    "text, says",
    [
        ("3 kiwi", "unknown kind 'kiwi'"),
        ("strawberry", "is not 'COUNT KIND'"),
        ("0 lime", "count 0"),
        ("1 lime + 1 lime", "appears twice"),
        ("", "a card string is needed"),
        ("2 purple hat", "unknown kind 'purple hat'"),
    ],
)
def test_bad_card_strings_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(InputError, match=says):
        parse_card(text)


def test_classic_deck_split() -> None:
    cards = classic_deck()
    assert len(cards) == 56
    per_fruit = Counter(card.kinds[0] for card in cards)
    assert per_fruit == {fruit: 14 for fruit in FRUITS}
    counts = Counter(card.total for card in cards if card.kinds == ("plum",))
    assert counts == {1: 5, 2: 3, 3: 3, 4: 2, 5: 1}


def test_twist_deck_has_every_symbol_and_colour() -> None:
    cards = twist_deck()
    assert len(cards) == 56
    symbols = Counter(card.kinds[0].split()[1] for card in cards)
    colours = Counter(card.kinds[0].split()[0] for card in cards)
    assert symbols == {s: 14 for s in TWIST_SYMBOLS}
    assert set(colours) == set(TWIST_COLOURS) and all(13 <= n <= 15 for n in colours.values())
    assert all(1 <= card.total <= 5 for card in cards)

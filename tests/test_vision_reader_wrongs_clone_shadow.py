"""A blob shaped like symbols that touch, counted as one by its size, that wears into two like
lobes is doubted (card._two_lobes_counted_as_one): two symbols a dim light darkened measure
one together, and the card would be claimed with a symbol too few."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt


def test_two_darkened_plums_that_touch_are_not_read_as_one(monkeypatch) -> None:
    # Guard style shadow, clone deck, seed 345502 seat 5: two plums that touch, their print
    # darkened (0.59 of their pixels coloured, the strawberries' 0.87), in one blob of 1.18
    # plums, 1.17 of the strawberries beside them: read 2 strawberry + 1 plum before.
    label, r = read_clone("shadow", 345_502, 5)
    assert label.card == parse_card("2 strawberry + 2 plum")
    assert r.state != State.CARD, f"claimed {r.card}"
    assert Doubt.TWO_LOBES_COUNTED_AS_ONE in card_doubts(monkeypatch, "shadow", 345_502)


def test_a_single_plum_with_a_small_lobe_is_still_read(monkeypatch) -> None:
    # Tuning style jpeg, clone deck, seed 2264001 seat 0: a single plum shaped like several
    # wears into two lobes, the second a speck beside its body, not alike: the card is read.
    like = said_by(monkeypatch, card, "_like_lobes")
    label, r = read_clone("jpeg", 2_264_001, 0)
    assert label.card == parse_card("2 strawberry + 1 plum")
    assert r.state == State.CARD and r.card == label.card
    assert like and max(like) == 1


def test_a_crescent_strawberry_is_not_two_lobes(monkeypatch) -> None:
    # Style phone_dim, clone deck, seed 1216005 seat 3: a strawberry a reflection bit into a
    # crescent, shaped like several, its deepest ridge worn into two specks of 5 and 3 px at
    # 0.90 of its depth. Symbols that touch part at a neck (the two plums above at 0.29):
    # specks that deep are one symbol's, and the card is read.
    like = said_by(monkeypatch, card, "_like_lobes")
    label, r = read_clone("phone_dim", 1_216_005, 3)
    assert label.card == parse_card("1 banana + 2 strawberry")
    assert r.state == State.CARD and r.card == label.card
    assert like and max(like) == 1

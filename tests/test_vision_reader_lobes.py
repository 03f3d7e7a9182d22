"""Symbols that touch, counted by size, must show their count otherwise too: as many lobes as
symbols (card._fewer_lobes_than_symbols: ink a hard compression bled around two symbols makes
them the size of three, not the shape), and, counted by the profile alone, the same count by
the other kinds' single symbols on the card (card._several_unlike_other_kinds)."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_two_bananas_bled_to_the_size_of_three_are_not_counted_three() -> None:
    # Tuning style jpeg, clone deck: two touching bananas beside a plum measured 2.67
    # bananas, inside the band for 3, with no single banana to compare; read 3 banana + 1
    # plum. Their blob has two lobes.
    label, r = read_clone("jpeg", 240_524, 0)
    assert label.card == parse_card("2 banana + 1 plum")
    assert r.state == State.UNKNOWN and r.card is None
    assert r.doubt == Doubt.FEWER_LOBES_THAN_SYMBOLS


def test_a_pair_that_touches_beside_another_kind_is_still_read() -> None:
    # The same style: two limes that touch, beside a plum and with no single lime, show two
    # lobes for their two symbols.
    label, r = read_clone("jpeg", 240_501, 1)
    assert label.card == parse_card("2 lime + 1 plum")
    assert r.state == State.CARD and r.card == label.card


def test_two_plums_measured_by_a_shrunk_single_are_not_counted_three(monkeypatch) -> None:
    # Tuning style jpeg, clone deck: two touching plums measured against a single plum the
    # compression shrank (0.68 of the profile's) came to 2.69 plums, read 1 strawberry + 4
    # plum. Measured by a single one of their kind, their blob still shows only two lobes.
    label, r = read_clone("jpeg", 247_023, 3)
    assert label.card == parse_card("1 strawberry + 3 plum")
    assert r.state == State.UNKNOWN and r.card is None
    assert Doubt.FEWER_LOBES_THAN_SYMBOLS in card_doubts(monkeypatch, "jpeg", 247_023)


def test_a_pair_measured_by_a_single_of_its_kind_is_still_read() -> None:
    # The same style: two limes that touch beside a single lime (measured 1.89 limes by it)
    # show two lobes, and the card is read.
    label, r = read_clone("jpeg", 247_010, 0)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert r.state == State.CARD and r.card == label.card


def test_one_banana_enlarged_by_a_small_outline_is_not_counted_two(monkeypatch) -> None:
    # The same style: a second look fitted an outline inside the card, and every symbol
    # came out larger: one banana measured 1.74 by the profile (two), the plum beside it
    # 1.22. By the plum's size the banana is one: read 2 banana + 1 plum before. (Two limes
    # that touch beside a plum, ``test_a_pair_that_touches_beside_another_kind_is_still_read``,
    # count two by both.)
    label, r = read_clone("jpeg", 247_004, 1)
    assert label.card == parse_card("1 banana + 1 plum")
    assert r.state == State.UNKNOWN and r.card is None
    assert Doubt.COUNT_UNLIKE_OTHER_KINDS in card_doubts(monkeypatch, "jpeg", 247_004)

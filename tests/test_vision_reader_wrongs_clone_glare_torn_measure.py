"""A strawberry too many under glare: a clone card's 2 strawberry + 2 plum, a reflection
clipped between its strawberries, read 3 strawberry + 2 plum. Read again with the
reflection's light taken off, the right strawberry showed whole beside the clipped core
while the left one stayed torn by it (its centre moved off the core with what it lost):
that torn one, the card's smallest single, measured the whole one as two. Counted as two
on the card's scale yet one by the profile, beside a reflection, a blob is doubted
(``card._one_by_the_profile_beside_a_reflection``)."""

from __future__ import annotations

from styled_reads import assert_reads, leave_out_card_checks, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt


def test_a_whole_strawberry_measured_by_a_torn_one_is_doubted() -> None:
    # Clone, style glare, seed 2218157, seat 3.
    label, got = read_clone("glare", 2218157, 3)
    assert label.card == parse_card("2 strawberry + 2 plum")
    assert got.card is None
    assert got.state is State.UNKNOWN
    assert got.doubt is Doubt.GLARE_OVER_FACE


def test_without_the_check_the_strawberry_is_counted_twice(monkeypatch) -> None:
    # The check is what turns the wrong card into the doubt.
    leave_out_card_checks(monkeypatch, "COUNT_CHECKS", card._one_by_the_profile_beside_a_reflection)
    _, got = read_clone("glare", 2218157, 3)
    assert got.card == parse_card("3 strawberry + 2 plum")


def test_the_other_cards_of_the_table_still_read() -> None:
    # Two strawberries and a banana (seat 5), two plums and a lime (seat 1): right.
    assert_reads("clone", "glare", 2218157, 5, "1 banana + 2 strawberry")
    assert_reads("clone", "glare", 2218157, 1, "1 lime + 2 plum")

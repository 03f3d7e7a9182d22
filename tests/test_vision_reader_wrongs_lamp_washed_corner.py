"""A wrong card under a lamp: a clone card's banana at a 4's corner, washed out by the lamp to
a pale yellow smear and a speck the count skipped as a leaf, its two top plums touching, was
read 3 plum. Three of a 4's corners taken, a speck of a kind's hue at the fourth: a 4 whose
symbol there is washed out, doubted (``card._washed_corner_of_a_four``)."""

from __future__ import annotations

from styled_reads import read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_four_with_a_corner_washed_out_is_doubted() -> None:
    # Clone, style lamp, seed 373500, seat 3: a 1 banana + 3 plum, read 3 plum.
    label, got = read_clone("lamp", 373500, 3)
    assert label.card == parse_card("1 banana + 3 plum")
    assert got.card is None
    assert got.doubt is Doubt.GLARE_OVER_FACE


def test_the_same_card_with_its_banana_seen_still_reads() -> None:
    # Seat 4 of the same table: the same card, its banana in full colour.
    label, got = read_clone("lamp", 373500, 4)
    assert got.card == label.card == parse_card("1 banana + 3 plum")

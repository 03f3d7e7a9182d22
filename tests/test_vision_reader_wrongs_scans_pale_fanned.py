"""A wrong card beside the pile's place: a covered card fanned out nearly whole from under the
top card, the top card's side over it by a few pixels and their whites one. Measured as the
zone's middle about a card past its side over their one white, it looks as a top card pushed
off over its heap does (0.97 card widths off against 1.02, 1.93 times the way out past its
side for both, 0.69 of its area beyond against 0.71), but the top card's corner lies over its
side: the top card's side runs in from beyond that side, nearly square to it, and ends inside
the covered card's outline, the two faces on either hand (``policy._a_corner_over_the_side``).
The sides of the cards under a top card stop at its edge."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_under_the_corner_of_a_four_plum_is_not_claimed() -> None:
    # Scans, style pale, seed 349501, seat 4: the 4 plum on top, the 2 plum under it fanned out
    # below with the 4 plum's left corner 5 pixels over its upper side, read 2 plum.
    label, got = read_styled("scan", "pale", 349501, 4)
    assert label.card == parse_card("4 plum")
    assert got.card is None
    assert got.doubt is Doubt.CARD_OFF_THE_PILE


def test_the_other_cards_of_that_table_still_read() -> None:
    for seat, want in ((1, "2 plum"), (3, "1 banana"), (5, "3 strawberry")):
        label, got = read_styled("scan", "pale", 349501, seat)
        assert label.card == parse_card(want)
        assert got.state is State.CARD
        assert got.card == label.card


def test_a_top_card_pushed_off_over_its_heap_still_reads() -> None:
    # Scans, style offzone, seed 2334013, seat 5: the 2 plum on top pushed off over its heap,
    # the sides of the cards under it stopping at its edge.
    label, got = read_styled("scan", "offzone", 2334013, 5)
    assert got.state is State.CARD
    assert got.card == label.card == parse_card("2 plum")

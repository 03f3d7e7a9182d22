"""A wrong count in a window's light: the outline of card white a second look claimed was a
covered card's, its upper part in view and its lower part on the top card's face, which the
light lifted to the sensor's top with the covered card's, leaving the shadow of the top
card's side across it too faint to be seen. A side of such an outline that lies over a face,
on no edge, says the same as another card's side across it on a face lit to the sensor's
top (``policy._not_its_own_outline``): the card is looked for on its edges, and not claimed
on that outline."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card


def test_the_top_card_is_read_where_the_covered_card_s_outline_was() -> None:
    # Scans, style window, seed 1650001, seat 2: a 1 strawberry lying across a 2 strawberry
    # whose upper third shows; the covered card's outline took in the top card's strawberry
    # and read 2 strawberry. The top card's own outline, all four sides on edges, reads.
    label, got = read_styled("scan", "window", 1650001, 2)
    assert got.card == label.card == parse_card("1 strawberry")


def test_the_other_piles_in_the_same_light_still_read() -> None:
    for seat, card in ((1, "4 plum"), (4, "2 plum")):
        label, got = read_styled("scan", "window", 1650001, seat)
        assert got.card == label.card == parse_card(card)


def test_the_same_table_in_the_dark_still_reads() -> None:
    # Own art, style night, the same seed and seat: the 1 strawberry's own outline, all its
    # sides' steps faint in the dark, one of them a fortieth of the strongest; not doubted.
    label, got = read_styled("own", "night", 1650001, 2)
    assert got.card == label.card == parse_card("1 strawberry")


def test_a_top_card_whose_side_lies_over_the_card_under_it_still_reads() -> None:
    # Scans, style window, seed 1680003, seat 0: a 3 lime whose upper side lies over the
    # covered card's face, both lit to the top: that side's step is 0.057 of the strongest's.
    label, got = read_styled("scan", "window", 1680003, 0)
    assert got.card == label.card == parse_card("3 lime")

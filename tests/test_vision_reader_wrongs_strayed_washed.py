"""Wrong cards read on tuning styles, each closed by a doubt that is true of the picture: a
covered card strayed out whole beside its pile's top card, as clean an outline as it; a
covered card strayed far from a pile a skinned arm hides; a washed strawberry whose most
coloured part (its red, its green leaf) medians to a banana's yellow; a 3's middle and
corner symbols, its other corner washed by a reflection, passing for a 2."""

from __future__ import annotations

import pytest
from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt

# (deck, style, seed, seat, the doubt, the top card, the wrong card it was read as)
_WRONGS = [
    # Scans, style offzone, seed 964101 seat 4: a 1 lime on its pile, and a covered 4
    # strawberry strayed out whole beside it, nearer the zone's middle; both outlines were as
    # clean as each other (rectness 0.989 and 0.986), and the larger by 25 pixels was read.
    ("scan", "offzone", 964101, 4, Doubt.WHOLE_CARDS_ALIKE_IN_ZONE, "1 lime", "4 strawberry"),
    # Own art, style offzone, seed 293002 seat 4: an arm over a 1 plum, its covered 1
    # strawberry whole a card's width from the zone's middle; the arm's skin covered 0.27 of
    # the zone, its unlike share (0.247) just short of what held the card as strayed.
    ("own", "offzone", 293002, 4, Doubt.ARM_AND_STRAYED_CARD, "1 plum", "1 strawberry"),
    # Scans, style lamp, seed 965017 seat 4: a lamp washed a 1 strawberry to peach; its most
    # coloured part split between strawberry, banana and lime (16, 18 and 14 of 48 pixels)
    # and its median read banana.
    ("scan", "lamp", 965017, 4, Doubt.UNWASHED_PART_OF_SEVERAL_HUES, "1 strawberry", "1 banana"),
    # Scans, style phone_dim, seed 964023 seat 0: a reflection washed the top banana of a 3
    # banana at the outline's corner; its middle and lower banana, 0.29 and 0.35 of the card
    # apart, passed for a 2's corners and read 2 banana.
    ("scan", "phone_dim", 964023, 0, Doubt.GLARE_OVER_A_CORNER_OF_THREE, "3 banana", "2 banana"),
]


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "doubt", "top", "wrong"), _WRONGS)
def test_the_wrong_card_is_a_doubt(deck, style, seed, seat, doubt, top, wrong) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(top)
    assert got.card != parse_card(wrong)
    assert got.doubt == doubt


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "top"),
    [
        # The same scenes' other piles read as before: the lime pile's neighbours (a 3
        # banana beside its own covered cards), and the lamp's other cards.
        ("scan", "offzone", 964101, 5, "3 banana"),
        ("scan", "offzone", 964101, 2, "1 lime"),
        ("scan", "lamp", 965017, 1, "3 strawberry"),
        ("own", "offzone", 293002, 1, "5 strawberry"),
    ],
)
def test_the_neighbours_still_read(deck, style, seed, seat, top) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(top)
    assert got.state == State.CARD
    assert got.card == label.card

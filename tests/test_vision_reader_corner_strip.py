"""True top cards doubted for their corner: a fitted corner a pixel or two beyond a top card's
own reaches the white of a card under it, seen as a strip between the top card's edge and the
table. A card over a corner shows much of its white (``Tuning.corner_cover_white``); a strip
does not (``zone._corner_under_another_card``)."""

from __future__ import annotations

import pytest
from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader.doubts import Doubt


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # A strip of the card under it along the top card's side, 0.12 of its outline.
        ("clone", "edge", 318001, 2, "1 strawberry + 3 lime"),
        # Blurred and tilted: the card under it beyond the fitted corner, 0.19 of the outline.
        ("own", "tilt_blur", 300001, 1, "1 strawberry"),
        # A thin strip of the card under it, 0.04 of the outline.
        ("deluxe", "rotated", 291001, 0, "5 banana"),
    ],
)
def test_a_top_card_beside_a_strip_of_the_card_under_it_reads(
    deck: str, style: str, seed: int, seat: int, card: str
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.card == label.card


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_scanned_top_card_beside_a_speck_of_white_reads() -> None:
    # Scans, tilt_hard 289000 seat 2: a speck of white beyond the corner, 0.01 of the outline.
    label, got = read_styled("scan", "tilt_hard", 289000, 2)
    assert got.card == label.card == parse_card("1 lime")


def test_a_card_whose_corner_a_whole_card_covers_is_still_doubted() -> None:
    # Own art, offzone 1201000 seat 2: the 1 lime over the corner of a 5 banana shows 1.24 of
    # the banana's outline beyond it; the banana is not claimed.
    label, got = read_styled("own", "offzone", 1201000, 2)
    assert label.card == parse_card("1 lime")
    assert got.card is None
    assert got.doubt is Doubt.CORNER_UNDER_ANOTHER_CARD

"""Under a window's light, or a lamp's, the white of a top card and of the white card under
it both clip in each pixel's brightest channel, and the step between them leaves no edge
there: every look found no whole card. A last look searches the edges of the darkest
channel, which stays below the clip, once every look on the brightest channel's found none."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from tests.styled_reads import read_styled

pytestmark = pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # A 5 plum, a lamp's reflection along one side: "no whole card".
        ("deluxe", "lamp", 305502, 1, "5 plum"),
        # A 2 banana on a white card under a window's light: "no whole card".
        ("scan", "window", 310502, 2, "2 banana"),
    ],
)
def test_a_top_card_clipped_to_white_is_framed_on_the_darkest_channel(
    deck: str, style: str, seed: int, seat: int, card: str
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.state == State.CARD and got.card == label.card

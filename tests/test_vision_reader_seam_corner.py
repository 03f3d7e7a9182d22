"""A top card's corner over the card under it, in low light: the shadows of its two sides run
across the face of an outline found on the covered card's edges (``symbols.seam_across``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_top_card_s_corner_over_the_outline_is_a_seam_in_the_noise():
    # The covered card's three symbols and the top card's strawberry, in one outline: read
    # as 3 strawberry + 1 plum before.
    label, got = read_styled("clone", "dark", 700014, 1)
    assert label.state == "card"
    assert got.state != State.CARD
    assert got.doubt is Doubt.EDGE_ACROSS

"""On a face lit to the sensor's top, pale print on the card's centre is an odd count's middle
symbol a reflection washed away, unless a single symbol is read on the centre
(``card._middle_symbol_read``): the middle place holds it, and the pale print beside it is
its rim."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_one_whose_rim_a_reflection_paled_is_read() -> None:
    # Scans, tuning style lamp: a 1 strawberry read at 0.7 of a symbol on the centre, a pale
    # crescent of 0.16 of one beside it; it was doubted as a middle symbol washed away.
    label, got = read_styled("scan", "lamp", 1665005, 2)
    assert label.card == parse_card("1 strawberry")
    assert got.state == State.CARD and got.card == label.card


def test_a_large_pale_piece_off_the_centre_still_abstains() -> None:
    # Own art, tuning style glare: a 2 banana, one banana washed to 0.45 of a symbol and a
    # pale piece nearly half a symbol beside it: what it is part of is not known.
    label, got = read_styled("own", "glare", 1660002, 2)
    assert label.card == parse_card("2 banana")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.GLARE_OVER_FACE

"""A reflection's light clips print only where it lifts the print's own darkest channel to the
top: on the classic deck the print's level is measured on the symbols read
(``card._print_s_darkest_level``, ``T.print_level_pct``), so a spot that clips the face beside
a dark print's place is not taken to wash a whole symbol away there."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_four_beside_a_spot_over_the_middle_place_is_read() -> None:
    # Scans, tuning style glare: a 4 lime, a reflection between its top limes clipping the
    # face towards the middle place; it was doubted as a 5 whose middle lime was washed away.
    label, got = read_styled("scan", "glare", 1662002, 5)
    assert label.card == parse_card("4 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_four_with_a_spot_right_over_its_middle_place_still_abstains() -> None:
    # Own art, tuning style glare: a reflection right over a 4's middle place, where a 5's
    # middle lime could lie washed away.
    label, got = read_styled("own", "glare", 1635007, 2)
    assert label.card == parse_card("4 lime")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.GLARE_OVER_FACE

"""A symbol read through a reflection by the hue of its unclipped pixels is not read so when
much of its print is clipped at a hue far from that kind's (``card._clipped_print_turned``,
``T.through_clipped_least``): the clipped print is the symbol's own colour, and the unclipped
rest (its rim, seeds and leaves) may median to another kind's hue."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_strawberry_clipped_in_red_over_less_than_half_is_no_banana() -> None:
    # Scans, tuning style glare: one strawberry under a reflection, 101 of its 218 coloured
    # pixels clipped at hue 20; the rest, red to leaf green, medians to a banana's hue (42).
    label, got = read_styled("scan", "glare", 1662004, 2)
    assert label.card == parse_card("1 strawberry")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.COLOUR_BETWEEN_KINDS


def test_a_lone_banana_a_reflection_paled_is_still_read() -> None:
    # Tuning style cloth (own art): a banana paled between banana and lime, read through the
    # reflection; its clipped print, if any, keeps a banana's hue.
    label, got = read_styled("own", "cloth", 202022, 0)
    assert label.card == parse_card("1 banana")
    assert got.state == State.CARD and got.card == label.card

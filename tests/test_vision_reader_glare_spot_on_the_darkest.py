"""A spot whose reach (where its light clips print) is judged from its falloff, on a face a warm
light clipped to the sensor's top in its brightest channel all over: the falloff shows in the
darkest channel only, and the spot is measured there. A 1 plum at the middle of such a spot,
its print showing where the light is strongest, reads: no corner of a larger count can lie
washed away in the face the spot clipped around it."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_reads, read_styled

# A 1 plum at the middle of a spot that clipped the face around it over half the card: a
# lamp's stretched spot on the own art, a round one on a Deluxe card.
_PLUM_AT_THE_SPOT_S_MIDDLE = [("own", "lamp", 2160003, 3), ("deluxe", "glare", 2160003, 3)]


def _measured_on_the_brightest_only(monkeypatch) -> None:
    where = card._where_print_vanishes
    monkeypatch.setattr(card, "_where_print_vanishes", lambda c, **_: where(c))


@pytest.mark.parametrize(("deck", "style", "seed", "seat"), _PLUM_AT_THE_SPOT_S_MIDDLE)
def test_a_1_at_the_middle_of_a_spot_on_a_face_clipped_in_its_brightest_channel_reads(
    deck, style, seed, seat
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card("1 plum")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("deck", "style", "seed", "seat"), _PLUM_AT_THE_SPOT_S_MIDDLE)
def test_measured_on_the_brightest_channel_only_that_1_is_doubted(
    monkeypatch, deck, style, seed, seat
) -> None:
    _measured_on_the_brightest_only(monkeypatch)
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card("1 plum")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def test_a_silver_5_beside_it_still_reads() -> None:
    assert_reads("deluxe", "glare", 2160003, 2, "5 lime")

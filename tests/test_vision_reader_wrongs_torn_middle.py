"""A wrong count under a reflection on a cream clone face: the face's red channel lies at the
sensor's top, so the reflection stands out only in the darkest channel, and no glare check
saw it. It tore the middle banana of a 2 banana + 1 plum into pale pieces each too small for
the pale-middle check, and the card read 1 banana + 1 plum. Pale pieces of a kind's hue at
the middle, under such a reflection over the centre, are measured together
(``card._torn_middle_under_a_reflection_in_the_darkest_channel``)."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_middle_banana_torn_by_a_reflection_is_not_read_away(monkeypatch) -> None:
    # Clone, style glare, seed 316502, seat 4: the middle banana torn into pieces of 0.117,
    # 0.019 and 0.008 of a symbol; read 1 banana + 1 plum.
    doubts = card_doubts(monkeypatch, "glare", 316502, seat=4)
    assert Doubt.TORN_MIDDLE_UNDER_A_REFLECTION in doubts
    label, got = read_clone("glare", 316502, 4)
    assert label.card == parse_card("2 banana + 1 plum")
    assert got.card is None


def test_the_other_top_cards_of_the_same_table_still_read() -> None:
    for seat, card in (
        (1, "2 strawberry + 1 lime"),
        (2, "1 banana + 3 lime"),
        (3, "1 banana + 1 plum"),
        (5, "2 lime + 1 plum"),
    ):
        label, got = read_clone("glare", 316502, seat)
        assert got.state == State.CARD and got.card == label.card == parse_card(card)

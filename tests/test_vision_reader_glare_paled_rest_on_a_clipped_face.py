"""A symbol a reflection paled as its siblings are not, on a face lit to the sensor's top in its
brightest channel: only its inner part reads as ink, its rest as pale print, and no clipped
reflection can be placed beside it on such a face. Named its siblings' kind by its paled hue, it
is measured with its pale rest (``card._paled_on_a_clipped_face``) and counts as one whole
symbol."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_reads, read_styled

# (deck, style, seed, seat), the card, and its doubt with the paled symbol measured as ink alone:
# a 3 strawberry whose top strawberry paled to half a symbol as ink; a 4 lime whose top left lime,
# paled beside a spot, measured whole lets the spot's reach be judged (no 5's middle lime hides
# under it); a Deluxe 5 banana whose top left banana paled.
_PALED = [
    (("own", "glare", 2183002, 4), "3 strawberry", Doubt.SYMBOL_SMALLER_THAN_OTHERS),
    (("scan", "glare", 2183004, 5), "4 lime", Doubt.GLARE_OVER_FACE),
    (("deluxe", "lamp", 2183002, 4), "5 banana", Doubt.DARK_SHAPE),
]


@pytest.mark.parametrize(("where", "want", "doubt"), _PALED)
def test_a_card_with_a_symbol_a_reflection_paled_on_a_clipped_face_reads(
    where, want, doubt
) -> None:
    label, got = read_styled(*where)
    assert label.card == parse_card(want)
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("where", "want", "doubt"), _PALED)
def test_measured_without_its_pale_rest_the_card_is_doubted(
    monkeypatch, where, want, doubt
) -> None:
    monkeypatch.setattr(card, "_paled_on_a_clipped_face", lambda *_: None)
    label, got = read_styled(*where)
    assert label.card == parse_card(want)
    assert got.state == State.UNKNOWN and got.doubt is doubt


def test_cards_beside_them_still_read() -> None:
    assert_reads("own", "glare", 2183002, 3, "3 lime")
    assert_reads("own", "glare", 2183002, 2, "5 strawberry")
    assert_reads("scan", "glare", 2183004, 4, "2 plum")

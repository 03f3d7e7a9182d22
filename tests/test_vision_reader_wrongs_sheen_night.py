"""Wrong cards read on tuning styles, each closed by a doubt that is true of the picture: a
3 whose middle symbol a reflection as wide as the face washed to a faint crescent, its
corners passing for a 2; a 3 whose middle a flash-lit hand covers, read under a veil."""

from __future__ import annotations

import pytest
from styled_reads import card_doubts, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


@pytest.mark.parametrize(
    ("style", "seed", "top", "wrong", "doubt"),
    [
        # Own art, style sheen, seed 1171021 seat 1: a reflection clipped over a 3 lime's
        # middle lime, so wide it lifted the face's white with it (no reflection judged on
        # the face); the crescent left of the middle lime was too small on the card as it
        # came, and its corner limes read 2 lime.
        ("sheen", 1171021, "3 lime", "2 lime", Doubt.PALE_MIDDLE_UNDER_A_CLIPPED_CENTRE),
        # Own art, style night, seed 277001 seat 1: a flash-lit hand, nearly grey, over a 3
        # strawberry's middle and lower right; read with a veil of light taken off, its other
        # two strawberries read 2 strawberry.
        ("night", 277001, "3 strawberry", "2 strawberry", Doubt.LIT_SHAPE_OVER_A_VEILED_CARD),
    ],
)
def test_the_wrong_read_is_a_doubt(monkeypatch, style, seed, top, wrong, doubt) -> None:
    label, got = read_styled("own", style, seed, 1)
    assert label.card == parse_card(top)
    assert got.card != parse_card(wrong)
    assert got.state != State.CARD
    assert doubt in card_doubts(monkeypatch, style, seed, deck="own", seat=1)


@pytest.mark.parametrize(
    ("style", "seed", "seat", "top"),
    [
        # The same scenes' neighbours read as before: the sheen scene's 1 banana, found by
        # a search; the night scene's 3 lime and 1 strawberry.
        ("sheen", 1171021, 3, "1 banana"),
        ("night", 277001, 0, "3 lime"),
        ("night", 277001, 2, "1 strawberry"),
    ],
)
def test_the_neighbours_still_read(style, seed, seat, top) -> None:
    label, got = read_styled("own", style, seed, seat)
    assert label.card == parse_card(top)
    assert got.state == State.CARD
    assert got.card == label.card

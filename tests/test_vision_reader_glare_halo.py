"""A classic card whose symbols seen, each whole, make a whole layout, a reflection's clipped
core over part of a larger count's place: the rest of a symbol's shape there lies on face
level with the reflection's falloff around the core, where print the sensor did not clip
would stand as far below it as it does away from the reflection. No symbol lies there, and
the card is the count seen. A rest that shows print, a place the core could cover whole, or
a symbol seen washed to a piece, stays a doubt."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def _without_the_halo_check(monkeypatch) -> None:
    monkeypatch.setattr(card, "_larger_counts_behind_a_halo_ruled_out", lambda c, fits, *_: fits)


# A lamp's spot over the middle of a 4 plum, the face around its clipped core level with its
# falloff: own art (0.62 of a plum's shape clipped at a 5's middle place), and the scans.
_MIDDLES_CLIPPED_IN_PART = [("own", 2337001, 4), ("scan", 2337001, 4)]


@pytest.mark.parametrize(("deck", "seed", "seat"), _MIDDLES_CLIPPED_IN_PART)
def test_a_4_whose_middle_place_a_reflection_clipped_in_part_reads(deck, seed, seat) -> None:
    label, got = read_styled(deck, "lamp", seed, seat)
    assert label.card == parse_card("4 plum")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("deck", "seed", "seat"), _MIDDLES_CLIPPED_IN_PART)
def test_without_the_halo_check_that_4_is_doubted(monkeypatch, deck, seed, seat) -> None:
    _without_the_halo_check(monkeypatch)
    label, got = read_styled(deck, "lamp", seed, seat)
    assert label.card == parse_card("4 plum")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "count"),
    [
        # A silver 5 whose middle banana a spot washed out, the four corners seen: the rest of
        # a banana's shape around the clipped core is pale print, 16 levels below the face.
        ("deluxe", "glare", 1191003, 0, "5 banana"),
        # Three strawberries seen and a washed corner: they make no whole layout, and a 5's
        # middle may lie under the spread reflection.
        ("own", "lamp", 1172503, 4, "4 strawberry"),
        # A silver 5 lime in a dim light, its middle lime paled round a clipped core: its rest
        # is print left unread, 0.59 of the print's depth below the face there, not face.
        ("deluxe", "phone_dim", 2366001, 2, "5 lime"),
    ],
)
def test_a_washed_symbol_s_place_stays_a_doubt(deck, style, seed, seat, count) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(count)
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

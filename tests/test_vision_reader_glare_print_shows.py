"""A reflection's light clips print only nearer its centre than any print it left: the reach
where print may lie unseen (``card._clipped_within_the_spot_s_reach``) is cut until it holds
no ink of a symbol read (``card._reach_clear_of_print_read``), so a middle place beyond the
symbols that show inside the spot is not taken for a washed-away symbol's."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled

_FOURS_WITH_PLUMS_INSIDE_THE_SPOT = [
    # Own art, tuning style cloth: a broad spot clips the face over the lower half, the
    # lower plums pale inside it, the middle place at its upper side.
    pytest.param("own", "cloth", 285_501, 3, id="own-cloth-285501-3"),
]


@pytest.mark.parametrize(("deck", "style", "seed", "seat"), _FOURS_WITH_PLUMS_INSIDE_THE_SPOT)
def test_a_four_whose_symbols_show_inside_the_spot_is_read(deck, style, seed, seat) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card("4 plum")
    assert got.state == State.CARD and got.card == label.card


@pytest.mark.parametrize(("deck", "style", "seed", "seat"), _FOURS_WITH_PLUMS_INSIDE_THE_SPOT)
def test_the_reach_cut_clear_of_the_print_is_what_reads_it(
    monkeypatch, deck, style, seed, seat
) -> None:
    # With the reach left whole (no ink read to keep clear of), the middle place is a 5's
    # that a reflection may have washed out, as it was.
    monkeypatch.setattr(card, "_ink_read", lambda c: None)
    _, got = read_styled(deck, style, seed, seat)
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_middle_symbol_washed_away_whole_is_still_doubted() -> None:
    # Scans, tuning style lamp: a flat-topped reflection over a 5's middle took the middle
    # banana whole; the corner bananas lie at the spot's sides.
    label, got = read_styled("scan", "lamp", 620_016, 1)
    assert label.card == parse_card("5 banana")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_spot_over_the_middle_beside_a_pale_plum_is_still_doubted() -> None:
    # Scans, tuning style cloth, a face lit near the top (no falloff measured, the reach not
    # cut): a spot centred near the middle place lifts the top right plum at its side; a
    # 5's middle plum nearer its centre could be washed away whole.
    label, got = read_styled("scan", "cloth", 1_142_005, 0)
    assert label.card == parse_card("4 plum")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

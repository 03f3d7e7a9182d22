"""A face's own tint beyond a reflection is no washed symbol: light strong enough to pale
print past ink clips the face beside it in every channel, so a pale piece far from any
face so clipped (``T.pale_piece_clip_reach``) lies where a symbol would show as ink, and is
not weighed as what a reflection left of one (``card._pale_print_by_a_clipped_core``, in
``card._pale_print_on_clipped_face``). A washed symbol's crescent lies against the core
that took the rest of it, and still doubts the card."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import (
    assert_washed_middle_lime_weighed,
    read_styled,
    read_styled_seats,
)


def test_a_cream_top_beyond_the_reflection_is_no_washed_banana() -> None:
    # Deluxe, tuning style glare, seed 2492000 seat 3: a 2 banana under a reflection that
    # clips the face below its centre; with the reflection's light taken off, the face along
    # the card's top keeps its cream tint, pale pieces of 0.57 and 0.72 of a symbol 0.40 and
    # 0.44 of the card's width from the clipped face: the card is read. The seats beside it
    # read as they did.
    got = read_styled_seats("deluxe", "glare", 2_492_000, (0, 1, 3, 5))
    for label, reading in got:
        assert reading.state == State.CARD and reading.card == label.card
    assert got[2][0].card == parse_card("2 banana")


def test_the_cream_top_is_a_washed_symbol_when_every_piece_counts(monkeypatch) -> None:
    # The same seat with every pale piece weighed wherever it lies: it is taken for what a
    # reflection left of a symbol, and the card is not read.
    monkeypatch.setattr(card, "_pale_print_by_a_clipped_core", lambda c, pieces: pieces)
    label, got = read_styled("deluxe", "glare", 2_492_000, 3)
    assert label.card == parse_card("2 banana")
    assert got.state == State.UNKNOWN and got.doubt == Doubt.GLARE_OVER_FACE


def test_a_washed_middle_lime_s_crescent_lies_by_the_clipped_core(monkeypatch) -> None:
    # Own art, tuning style glare, seed 1202530 seat 5: a 3 lime whose middle lime a
    # reflection washed to a pale crescent; the crescent lies against the clipped core and
    # is weighed still (0.15 of a symbol or more on the centre): never read 2 lime.
    assert_washed_middle_lime_weighed(monkeypatch, card, "_pale_print_by_a_clipped_core")

"""A banana whose red a bright light clips: its most coloured pixels turn towards lime green,
and the split by colour of a clone deck's blob (``symbols._split_mixed``) parts them from the
rest as if a lime touched the banana, a part between the two kinds. Its unclipped print
keeps a banana's hue, and names its kind (``card._one_kind_turned_apart_by_clipping``). A
lime whose print clipped all through has no unclipped print to name it, and stays a doubt."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_bananas_clipped_in_noise_read() -> None:
    # Tuning style noise, clone deck, seed 2517002, seat 4: three bananas at hue 97 (a/b),
    # each split into a banana's part and a part at a=-20 b=89, between a lime and a banana.
    label, got = read_styled("clone", "noise", 2517002, 4)
    assert label.card == parse_card("3 banana + 1 plum")
    assert got.state is State.CARD and got.card == label.card


def test_limes_on_that_table_still_read() -> None:
    # Seat 2 of the same table: limes, not clipped apart, read as limes.
    label, got = read_styled("clone", "noise", 2517002, 2)
    assert label.card == parse_card("1 strawberry + 3 lime")
    assert got.state is State.CARD and got.card == label.card


def test_bananas_clipped_under_a_window_read() -> None:
    # Tuning style window, clone deck, seed 2520001, seat 3: two bananas at hue 103 (a/b) on
    # a face lit to the sensor's top, their unclipped print at HSV hue 57 (a banana's: 51).
    label, got = read_styled("clone", "window", 2520001, 3)
    assert label.card == parse_card("2 banana + 1 plum")
    assert got.state is State.CARD and got.card == label.card


def test_limes_clipped_through_under_a_window_stay_a_doubt() -> None:
    # Tuning style window, scans, seed 2495002, seat 4: two limes at hue 105 (a/b), where
    # the clipped bananas lie, their print clipped all through: no unclipped print names
    # their kind.
    label, got = read_styled("scan", "window", 2495002, 4)
    assert label.card == parse_card("2 lime")
    assert got.state is State.UNKNOWN and got.doubt is Doubt.COLOUR_BETWEEN_KINDS

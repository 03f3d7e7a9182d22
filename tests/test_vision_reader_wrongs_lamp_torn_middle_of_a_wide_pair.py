"""A wrong count under a lamp on a clone card: a band of light across a 1 strawberry + 2 lime
clipped the middle place in every channel, and washed the middle lime but for its lower rim, a
pale piece of the lime's hue too small for the torn-middle check. On the cream face the red
channel lies at the sensor's top, so no glare check saw the reflection, and the lime and the
strawberry at a 3's corners read 1 strawberry + 1 lime. A clone pair as far apart as a 3's
corners, under such a reflection, is doubted on a smaller rim of a kind's hue at the middle
(``card._torn_middle_of_a_wide_pair``, ``Tuning.wide_pair_torn_least``)."""

from __future__ import annotations

from styled_reads import leave_out_card_checks, read_clone, tracker_reads

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader import card as card_checks
from halli_pi.vision.reader.doubts import Doubt

# Style lamp, clone deck, seed 2490102: seat 3 the 1 strawberry + 2 lime whose middle lime the
# lamp washed; seat 1 the same card, whole and read.
STYLE, SEED = "lamp", 2490102


def test_a_clone_three_whose_middle_lime_a_lamp_washed_is_not_read_as_a_two() -> None:
    label, got = read_clone(STYLE, SEED, 3)
    assert label.card == parse_card("1 strawberry + 2 lime")
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.TORN_MIDDLE_UNDER_A_REFLECTION
    # ... and the tracker's read of the zone, at once and in steps, says so too.
    for reading in tracker_reads("clone", STYLE, SEED, 3):
        assert reading.card is None and reading.doubt == Doubt.TORN_MIDDLE_UNDER_A_REFLECTION


def test_without_the_check_the_card_is_read_as_a_two(monkeypatch) -> None:
    # What the check closes: without it the card is claimed with its middle lime left out.
    leave_out_card_checks(monkeypatch, "TOGETHER_CHECKS", card_checks._torn_middle_of_a_wide_pair)
    label, got = read_clone(STYLE, SEED, 3)
    assert got.state == State.CARD and got.card == parse_card("1 strawberry + 1 lime")


def test_the_other_top_cards_of_the_same_table_still_read() -> None:
    for seat, card in (
        (1, "1 strawberry + 2 lime"),
        (4, "1 banana + 2 strawberry"),
        (5, "2 banana + 1 strawberry"),
    ):
        label, got = read_clone(STYLE, SEED, seat)
        assert got.state == State.CARD and got.card == label.card == parse_card(card)

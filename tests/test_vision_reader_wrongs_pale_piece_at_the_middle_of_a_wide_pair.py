"""On a face lit to the sensor's top, a classic card read as a pair as far apart as a 3's
corners, with a pale piece of its kind by the pair's midpoint, is doubted
(``card._pale_piece_at_the_middle_of_a_wide_pair``): scans, style lamp, seed 2488000 seat 2,
a 3 plum whose middle plum a lamp washed to a lilac smear of 0.31 of a symbol; a second
look's outline took in a strip of table at a side, the smear lay 0.23 from the outline's
centre (beyond the layout's slack) and 0.12 from the pair's midpoint, and it read 2 plum."""

from __future__ import annotations

from styled_reads import assert_doubted, assert_reads, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card
from halli_pi.vision.reader.doubts import Doubt


def test_a_three_plum_whose_middle_is_a_pale_smear_is_doubted() -> None:
    assert_doubted("scan", "lamp", 2488000, 2, "3 plum", Doubt.GLARE_OVER_FACE)


def test_without_the_check_it_is_read_a_two(monkeypatch) -> None:
    monkeypatch.setattr(card, "_pale_piece_at_the_middle_of_a_wide_pair", lambda c: None)
    _, reading = read_styled("scan", "lamp", 2488000, 2)
    assert reading.card == parse_card("2 plum")


def test_the_pairs_beside_it_still_read() -> None:
    assert_reads("scan", "lamp", 2488000, 0, "2 strawberry")
    assert_reads("scan", "lamp", 2488000, 3, "2 banana")

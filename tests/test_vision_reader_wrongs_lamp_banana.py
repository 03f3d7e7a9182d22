"""A wrong classic card under a lamp (issue #10): a 3 banana whose middle banana the lamp's
reflection washed to a level or two below the sensor's top, on a face clipped all over, was
read as 2 banana. Its two bananas lie as far apart along the card as a 3's corners, which a
2's pair on the own art never does: with the face clipped in every channel all over, no
face is left to show a middle symbol against, and the card is doubted
(``card._threes_corners_on_a_clipped_face``)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card
from halli_pi.vision.reader.doubts import Doubt


def test_a_three_washed_at_its_middle_is_not_claimed_as_a_two() -> None:
    # Own art, style lamp, seed 304501 seat 4 (a spent check seed's scene): a 3 banana.
    label, got = read_styled("own", "lamp", 304501, 4)
    assert label.card == parse_card("3 banana")
    assert got.card is None
    assert got.doubt is Doubt.GLARE_OVER_FACE


def test_the_check_is_what_doubts_it(monkeypatch) -> None:
    # Without the check the seat is claimed as 2 banana; with it, the check says the doubt.
    check = card._threes_corners_on_a_clipped_face
    others = tuple(f for f in card.TOGETHER_CHECKS if f is not check)
    with monkeypatch.context() as without:
        without.setattr(card, "TOGETHER_CHECKS", others)
        _, got = read_styled("own", "lamp", 304501, 4)
        assert got.card == parse_card("2 banana")
    said = said_by(monkeypatch, card, "_threes_corners_on_a_clipped_face")
    monkeypatch.setattr(card, "TOGETHER_CHECKS", (*others, card._threes_corners_on_a_clipped_face))
    _, got = read_styled("own", "lamp", 304501, 4)
    assert got.card is None
    assert Doubt.GLARE_OVER_FACE in said


def test_the_other_seats_of_the_table_still_read() -> None:
    # The same table's 2 banana (seat 3) and its single cards keep their readings.
    for seat in (0, 1, 3, 5):
        label, got = read_styled("own", "lamp", 304501, seat)
        assert got.card == label.card

"""A sheen (a broad glossy reflection) over a clone card's centre can wash a 3's middle banana
out but for a thin rim, leaving a lime and a banana at a 3's corners. The pair is of two kinds,
the banana's weight off its place in its bend, so the midpoint of the two lies beside the middle
place, and less of it is clipped there than the clone's wide-pair check asks; on the card's
centre, where the deck prints a 3's middle, the clip and the rim's unread print cover it: the
card is doubted, never read as a 2 (issue #10). A clone card of the same scene still reads,
and so does a clone 2 as wide whose printed middle place a lamp's reflection covers in part."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, State
from halli_pi.vision.reader import card as card_checks
from tests.styled_reads import leave_out_card_checks, read_styled

# Tuning style sheen, clone deck: seat 1 a 2 banana + 1 lime whose middle banana the sheen
# washed out, seat 4 a 1 strawberry + 2 lime read whole.
SCENE = ("clone", "sheen", 2200631)


def test_a_clone_three_whose_middle_banana_a_sheen_washed_out_is_not_claimed() -> None:
    label, got = read_styled(*SCENE, 1)
    assert label.card == parse_card("2 banana + 1 lime")
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.CLIPPED_MIDDLE_OF_A_WIDE_PAIR


def test_without_the_printed_middle_the_card_is_claimed_as_a_two(monkeypatch) -> None:
    # What the check on the printed middle place closes: the clip at the pair's midpoint
    # alone lets the corners stand as a 2 (the torn middle of a wide pair, a check after it,
    # left out too: it doubts the banana's rim as well).
    monkeypatch.setattr(card_checks, "_hidden_at_the_printed_middle", lambda c: False)
    leave_out_card_checks(monkeypatch, "TOGETHER_CHECKS", card_checks._torn_middle_of_a_wide_pair)
    label, got = read_styled(*SCENE, 1)
    assert got.state == State.CARD and got.card == parse_card("1 banana + 1 lime")


def test_a_clone_card_of_the_same_scene_is_read() -> None:
    label, got = read_styled(*SCENE, 4)
    assert label.card == parse_card("1 strawberry + 2 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_clone_two_judged_at_its_printed_middle_under_a_lamp_is_read(monkeypatch) -> None:
    # Tuning style lamp, clone, seed 2218250 seat 1: a 1 banana + 1 strawberry whose banana's
    # weight puts the pair as far apart as a 3's corners, a lamp's reflection near its centre
    # (0.66 of the printed middle place clipped or unread print): judged, and read.
    judged: list[bool] = []
    check = card_checks._hidden_at_the_printed_middle

    def spy(c):
        judged.append(check(c))
        return judged[-1]

    monkeypatch.setattr(card_checks, "_hidden_at_the_printed_middle", spy)
    label, got = read_styled("clone", "lamp", 2218250, 1)
    assert label.card == parse_card("1 banana + 1 strawberry")
    assert got.state == State.CARD and got.card == label.card
    assert False in judged

"""A broad reflection (a sheen) can clip the middle place of a clone card in every channel and
wash a 3's middle symbol away whole, lifting its corners too little for the lamp's spot test
(``_lift_towards``). The clone deck prints a 2 nearer than a 3's corners, so two symbols as
far apart as those, the face clipped over the middle place, are doubted, never read as a 2
(issue #10); a clone 2 under the same sheen is still read."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, State
from halli_pi.vision.reader import card as card_checks
from tests.styled_reads import read_styled


def test_a_clone_three_whose_middle_plum_a_sheen_washed_away_is_not_claimed() -> None:
    # Tuning style sheen, clone, seed 2363001 seat 0: a 1 lime + 2 plum, the middle plum
    # washed to the clip, the lime and the other plum left at a 3's corners.
    label, got = read_styled("clone", "sheen", 2363001, 0)
    assert label.card == parse_card("1 lime + 2 plum")
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.CLIPPED_MIDDLE_OF_A_WIDE_PAIR


def test_without_the_check_that_card_is_claimed_as_a_two(monkeypatch) -> None:
    # What the check closes: every other check lets the corners stand as a 2.
    spot_check = card_checks._spot_over_the_middle_of_a_wide_pair
    others = tuple(c for c in card_checks.TOGETHER_CHECKS if c is not spot_check)
    monkeypatch.setattr(card_checks, "TOGETHER_CHECKS", others)
    label, got = read_styled("clone", "sheen", 2363001, 0)
    assert got.state == State.CARD and got.card == parse_card("1 lime + 1 plum")


def test_a_clone_two_under_the_same_sheen_is_read(monkeypatch) -> None:
    # Seat 2 of the same scene: a 1 strawberry + 1 lime, its face clipped over the middle
    # place too, its pair as near as the clone deck prints a 2's: judged, and read.
    judged: list[tuple[set[str], bool]] = []
    check = card_checks._spot_over_the_middle_of_a_wide_pair

    def spy(c):
        if len(c.symbols) == 2 and card_checks._clipped_over_a_symbol_at(c, (0.5, 0.5)):
            kinds = {k.kind for _, k in c.symbols}
            judged.append((kinds, card_checks._middle_of_a_wide_pair(c) is not None))
        return check(c)

    others = tuple(spy if f is check else f for f in card_checks.TOGETHER_CHECKS)
    monkeypatch.setattr(card_checks, "TOGETHER_CHECKS", others)
    label, got = read_styled("clone", "sheen", 2363001, 2)
    assert label.card == parse_card("1 strawberry + 1 lime")
    assert got.state == State.CARD and got.card == label.card
    assert ({"strawberry", "lime"}, False) in judged  # clipped, but no wide pair

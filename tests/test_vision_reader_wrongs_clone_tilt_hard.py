"""A card a second look frames beside the zone's middle in a straightened view, on its white,
with a side on no step, is doubted (policy._side_across_the_top_face): the card-sized
rectangle took in the part in view of a covered card and the top card's lower part, its side
across the top card's face."""

from __future__ import annotations

from styled_reads import read_clone, read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt


def test_a_covered_card_framed_with_part_of_the_top_card_is_not_read(monkeypatch) -> None:
    # Check seed style tilt_hard, clone deck, scene 355500 seat 0: a 1 lime + 2 plum on top,
    # framed in the table's plane with the two bananas of the card under it, the side
    # between its plums (0.107 of the strongest side's step): read 2 banana + 1 lime +
    # 1 plum before.
    across = said_by(monkeypatch, policy, "_side_across_the_top_face")
    label, r = read_clone("tilt_hard", 355_500, 0)
    assert label.card == parse_card("1 lime + 2 plum")
    assert r.state != State.CARD, f"claimed {r.card}"
    assert True in across
    # Doubted so, the zone is looked at again with the cards the others show, and that look
    # finds a dark or grey shape on what it frames: the seat abstains, its doubt named.
    assert r.doubt is Doubt.DARK_SHAPE


def test_a_card_framed_beside_the_middle_with_a_step_on_every_side_is_still_read(
    monkeypatch,
) -> None:
    # Tuning style offzone, scan deck, seed 2286000 seat 1: a 4 banana framed beside the
    # zone's middle in a straightened view, its weakest side's step 0.20 of its strongest's
    # (the least of the right cards so framed on tuning seed 2045000): still read.
    across = said_by(monkeypatch, policy, "_side_across_the_top_face")
    label, r = read_styled("scan", "offzone", 2_286_000, 1)
    assert label.card == parse_card("4 banana")
    assert r.state == State.CARD and r.card == label.card
    assert across and not any(across)


def test_a_whole_card_on_a_hard_tilt_framed_beside_the_middle_is_still_read(monkeypatch) -> None:
    # Tuning style tilt_hard, own art, seed 2271002 seat 1: a 5 banana framed so, 0.32.
    across = said_by(monkeypatch, policy, "_side_across_the_top_face")
    label, r = read_styled("own", "tilt_hard", 2_271_002, 1)
    assert label.card == parse_card("5 banana")
    assert r.state == State.CARD and r.card == label.card
    assert across and not any(across)

"""A wrong count from part of a card framed at a guessed size: a second look framed a 5 banana
round its middle and one corner banana, a lamp's reflection between them, at 0.735 of the side
the one other card's perspective predicts there, read 2 banana. A look at that card's size
finds no whole card under the reflection, which excused it; an outline so much smaller than
the perspective predicts is part of a card (``policy._far_smaller``), and is not claimed. A
tilted camera's far card, small beside the near card as it is, lies near the size that card's
perspective predicts, and is still read."""

from __future__ import annotations

import dataclasses

from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, policy, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import default_zones


def test_part_of_a_five_framed_far_smaller_than_the_other_card_is_not_claimed() -> None:
    # Deluxe, style night, seed 347500, seat 0: the silver 5 banana on top of its pile.
    label, got = read_styled("deluxe", "night", 347500, 0)
    assert label.card == parse_card("5 banana")
    assert got.card is None
    assert got.doubt is Doubt.SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE


def test_with_the_check_off_the_part_is_read_as_two(monkeypatch) -> None:
    # No outline counted far smaller: the look at the other card's size, finding no whole
    # card, excuses the part, read 2 banana as before.
    monkeypatch.setattr(policy, "T", dataclasses.replace(policy.T, far_smaller_least=0.0))
    label, got = read_styled("deluxe", "night", 347500, 0)
    assert label.card == parse_card("5 banana")
    assert got.card == parse_card("2 banana")


def test_the_other_card_on_the_table_still_reads() -> None:
    # The same table's 2 banana (seat 3), whose perspective the look at seat 0 was held against.
    label, got = read_styled("deluxe", "night", 347500, 3)
    assert got.card == label.card == parse_card("2 banana")


def test_a_far_tilted_card_beside_one_near_card_is_not_far_smaller() -> None:
    # Own steep seed 200501 seat 2: a 1 lime at 0.58 of the one near card's side as it is, but
    # at 0.96 of the side that card's perspective predicts there, so still read.
    scene = bench_scene("own", 200_501, style="steep")
    readings = read_zones(scene.frame, default_zones(6), load_profile("classic"))
    r, others = readings[2], [c for i, c in enumerate(readings) if i != 2 and c.state == State.CARD]
    assert r.card == scene.labels[2].card == parse_card("1 lime")
    assert len(others) == 1
    zone = default_zones(6)[2]
    assert not policy._far_smaller(r, policy.card_dims_at(others, zone))

"""A wrong card cut at the read area's border: on a zone whose pile the offzone style put
partly out of it, the pile's top card (1 lime + 2 plum) lay off its place over a corner of a
covered 2 banana + 2 plum fanned out below it, its white run into the card under it (no
outline of its own). The covered card's far end ran past the read area's bottom, so its
white's outline was cut there, 4191 pixels for the 4920 of the whole card; the top card's
bitten blob, held against that cut outline's area, was 0.21 off it, past
``Tuning.bitten_size``, and the covered card was read. Measured whole (the wider area's
outline of the same card, ``zone._whole_past_the_read_area``), the top card's blob counts as
a card beside it, and the zone is left to a doubt."""

from __future__ import annotations

import pytest
from styled_reads import assert_doubted, assert_reads, read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table

SEED = 2506100


def test_the_covered_card_cut_at_the_read_area_is_not_claimed() -> None:
    # Clone, style offzone, seed 2506100, seat 2: a second look outlines the covered card
    # whole, its corner under the top card's white.
    assert_doubted("clone", "offzone", SEED, 2, "1 lime + 2 plum", Doubt.CORNER_UNDER_ANOTHER_CARD)


def test_the_first_look_measures_the_cut_card_whole() -> None:
    # The step that claimed it: the zone's first look, on its own.
    scene = bench_scene("clone", SEED, 0.15, "offzone")
    zones = style_table("offzone", SEED)[1]
    got = zone.read_zone(scene.frame, zones[2], load_profile(profile_name("clone")))
    assert got.state is State.UNKNOWN
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_measured_as_cut_the_covered_card_is_claimed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The cause, pinned: measured by its cut outline, the covered card is read.
    monkeypatch.setattr(zone, "_whole_past_the_read_area", lambda white, wider, best: best)
    label, got = read_styled("clone", "offzone", SEED, 2)
    assert label.card == parse_card("1 lime + 2 plum")
    assert got.card == parse_card("2 banana + 2 plum")


def test_a_right_card_of_the_same_scene_still_reads() -> None:
    # Seat 4 of the same scene: its top card alone over its pile.
    assert_reads("clone", "offzone", SEED, 4, "1 strawberry + 3 plum")

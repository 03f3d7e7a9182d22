"""A covered card strayed out from under the top card, fitted whole at a card's size by a
search, is not claimed with the top card's side running inside its outline along the side
towards the zone's middle (tuning dark, Deluxe, seed 349501: the silver 5 banana on top at
seat 4, the 2 plum under it pushed off towards the zone's edge, read 2 plum; the 2 plum at
seat 1 is that pile's top card and reads)."""

from __future__ import annotations

import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, Reading, State, load_profile, read_zones
from halli_pi.vision.render import style_table


@pytest.fixture(scope="module")
def readings() -> list[Reading]:
    scene = bench_scene("deluxe", 349501, 0.15, "dark")
    assert scene.labels[4].card == parse_card("5 banana")
    assert scene.labels[1].card == parse_card("2 plum")
    zones = style_table("dark", 349501)[1]
    return read_zones(scene.frame, zones, load_profile(profile_name("deluxe")))


def test_the_plum_under_the_five_is_doubted(readings: list[Reading]) -> None:
    assert readings[4].state != State.CARD
    assert readings[4].doubt == Doubt.SIDE_WITHIN_IT


def test_the_plum_on_top_of_its_own_pile_still_reads(readings: list[Reading]) -> None:
    assert readings[1].state == State.CARD
    assert readings[1].card == parse_card("2 plum")

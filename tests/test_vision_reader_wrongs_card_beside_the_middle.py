"""A wrong card at the zone's middle: a covered card lay fanned out whole over the zone's
middle, the cleaner of two whole outlines in the zone, while the pile's top card lay beside
it, neither over the other. Which of the two is on top the picture does not tell: a whole
outline with another beside it in the zone, sharing next to none of it and reading another
card, is not claimed (``zone._another_whole_card_beside``)."""

from __future__ import annotations

import pytest
from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import load_profile
from halli_pi.vision.reader import zone as reader_zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.zone import read_zone
from halli_pi.vision.render import style_table


def test_a_covered_card_whole_over_the_middle_beside_the_top_card_is_not_claimed() -> None:
    # Scans, style offzone, seed 333500, seat 2: a covered 1 lime whole over the zone's
    # middle, and the pile's 3 lime lower-left beside it, its white run into the cards
    # under it, read 1 lime.
    scene = bench_scene("scan", 333500, 0.15, "offzone")
    zone = style_table("offzone", 333500)[1][2]
    first = read_zone(scene.frame, zone, load_profile("classic"))
    assert first.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    label, got = read_styled("scan", "offzone", 333500, 2)
    assert label.card == parse_card("3 lime")
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_the_top_card_reaching_past_the_read_area_is_found_beside_the_covered_card() -> None:
    # Deluxe, style offzone, seed 333500, seat 2: the same scene on the Deluxe deck, the
    # pile's silver 5 lime lower-left beside the covered 1 lime, its far corner past the read
    # area (the zone and its margin of 0.2), its white cut there and no outline: read 1 lime.
    # The wider area's white outlines it whole (``Tuning.beside_wider_margin``).
    scene = bench_scene("deluxe", 333500, 0.15, "offzone")
    zone = style_table("offzone", 333500)[1][2]
    first = read_zone(scene.frame, zone, load_profile("classic"))
    assert first.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    label, got = read_styled("deluxe", "offzone", 333500, 2)
    assert label.card == parse_card("5 lime")
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_the_top_card_past_the_read_area_is_not_outlined_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cause, pinned: without the wider area's outlines the read area's hold the 1 lime
    # alone, and it is claimed.
    scene = bench_scene("deluxe", 333500, 0.15, "offzone")
    zone = style_table("offzone", 333500)[1][2]
    monkeypatch.setattr(reader_zone, "_outlines_past_the_read_area", lambda *args: [])
    got = read_zone(scene.frame, zone, load_profile("classic"))
    assert got.card == parse_card("1 lime")


def test_the_other_piles_with_covered_cards_fanned_into_the_zone_still_read() -> None:
    # The same scene's other piles, pushed off their zones, their covered cards fanned out
    # between the middle and the top card, which lies over them.
    piles = ((0, "1 plum"), (1, "1 plum"), (3, "5 strawberry"), (4, "1 plum"), (5, "2 plum"))
    for seat, card in piles:
        label, got = read_styled("scan", "offzone", 333500, seat)
        assert got.card == label.card == parse_card(card)


def test_the_top_card_beside_a_covered_card_over_the_middle_is_found_again() -> None:
    # Clone, style offzone, seed 2256000, seat 1: a covered 1 lime + 3 plum whole over the
    # zone's middle, the pile's 2 banana + 2 lime beside it, its corner against that card's
    # side (their fitted outlines share 0.019): once read 1 lime + 3 plum, the first look
    # now abstains and the second finds the top card.
    scene = bench_scene("clone", 2256000, 0.15, "offzone")
    zone = style_table("offzone", 2256000)[1][1]
    first = read_zone(scene.frame, zone, load_profile("clone"))
    assert first.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    label, got = read_styled("clone", "offzone", 2256000, 1)
    assert got.card == label.card == parse_card("2 banana + 2 lime")


def test_a_neighbours_card_at_the_zone_s_border_leaves_the_top_card_read() -> None:
    # Scans, style strays, seed 2210001, seat 4: a 1 lime on its zone's middle and a 4 plum
    # beside it at the zone's border, sharing none of it but only half of a card's area in
    # the zone (``Tuning.beside_in_zone``): the 1 lime is read.
    label, got = read_styled("scan", "strays", 2210001, 4)
    assert got.card == label.card == parse_card("1 lime")


def test_the_top_card_under_another_pile_s_corner_beside_a_covered_card_is_not_passed_over() -> (
    None
):
    # Deluxe, style offzone, seed 336502, seat 1: the pile's 1 banana over the zone's upper
    # half, a corner under the next pile's covered 1 lime (no outline of its own, and an
    # edge across it), and the pile's covered 5 lime whole beside it at the zone's border:
    # read 5 lime. The 1 banana's white, bitten only by a card mostly out of the zone, counts
    # as a card beside the one read (``zone._bitten_by_a_card_off_the_zone``).
    label, got = read_styled("deluxe", "offzone", 336502, 1)
    assert label.card == parse_card("1 banana")
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_without_the_bitten_card_the_covered_5_lime_is_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cause, pinned: without the bitten card the zone holds the 5 lime's outline alone.
    scene = bench_scene("deluxe", 336502, 0.15, "offzone")
    zone = style_table("offzone", 336502)[1][1]
    profile = load_profile(profile_name("deluxe"))
    assert read_zone(scene.frame, zone, profile).doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    monkeypatch.setattr(reader_zone, "_bitten_by_a_card_off_the_zone", lambda *args: False)
    assert read_zone(scene.frame, zone, profile).card == parse_card("5 lime")


@pytest.mark.parametrize(("seat", "card"), [(3, "1 lime"), (4, "5 banana"), (5, "4 banana")])
def test_the_other_piles_of_the_bitten_card_s_scene_still_read(seat: int, card: str) -> None:
    label, got = read_styled("deluxe", "offzone", 336502, seat)
    assert label.card == parse_card(card)
    assert got.card == parse_card(card)

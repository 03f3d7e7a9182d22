"""A pile pushed off its zone, the scanned real art: the top card lies off its place over a
corner of the covered card at the zone's middle, its white run into that of another card
above it, so that it makes no outline of its own. The covered card's white, its corner cut
off along the top card's side, still makes a clean outline, narrower than a card, one short
side shorter than the other: the card it is part of, found on edges, has the top card's side
across it, and the covered card is not claimed."""

from __future__ import annotations

import dataclasses

import numpy as np
from styled_reads import assert_doubted, assert_reads, read_styled, tracker_reads

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, outlines, read_zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table

SEED = 2225028


def test_a_covered_card_whose_corner_the_top_card_cuts_off_is_a_doubt() -> None:
    # Scans, style offzone, seed 2225028, seat 3: the 4 lime on top, up and right of the
    # zone's middle, over the upper right corner of a 2 lime, which was read 2 lime.
    assert_doubted("scan", "offzone", SEED, 3, "4 lime", Doubt.ANOTHER_CARD_OVER_IT)


def test_the_first_look_names_the_card_over_it() -> None:
    # The zone's own first look doubts the outline of the 2 lime's white: the outline doubted
    # is the covered card's, below the top card.
    scene = bench_scene("scan", SEED, 0.15, "offzone")
    zone = style_table("offzone", SEED)[1][3]
    got = read_zone(scene.frame, zone, load_profile(profile_name("scan")))
    assert got.card is None
    assert got.doubt is Doubt.ANOTHER_CARD_OVER_IT
    assert got.corners is not None
    label = scene.labels[3]
    assert float(np.mean(got.corners[:, 1])) > float(np.mean(label.corners[:, 1])) + 25


def test_the_tracker_leaves_it_too() -> None:
    at_once, in_steps = tracker_reads("scan", "offzone", SEED, 3)
    for got in (at_once, in_steps):
        assert got.state is State.UNKNOWN
        assert got.card is None


def test_with_both_short_sides_taken_for_whole_the_covered_card_is_read(monkeypatch) -> None:
    # The check is what leaves it: with no side short enough to count as cut, the 2 lime
    # under the top card is claimed again.
    monkeypatch.setattr(outlines, "T", dataclasses.replace(outlines.T, cut_short_end=0.0))
    label, got = read_styled("scan", "offzone", SEED, 3)
    assert label.card == parse_card("4 lime")
    assert got.card == parse_card("2 lime")


def test_the_same_table_s_cards_still_read() -> None:
    # The scene's other piles read as before.
    assert_reads("scan", "offzone", SEED, 2, "2 lime")
    assert_reads("scan", "offzone", SEED, 4, "3 strawberry")
    assert_reads("scan", "offzone", SEED, 1, "1 banana")

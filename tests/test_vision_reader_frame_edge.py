"""Piles at the frame's border: zones that run past it (the tuning style ``edge``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader import State, policy
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import IMAGE_SIZE, STYLES, style_table, styled_look
from tests.styled_reads import read_styled


def test_the_edge_style_runs_zones_past_the_border_with_the_piles_in_view():
    assert "edge" in STYLES
    past = 0
    w, h = IMAGE_SIZE
    for seed in range(900000, 900012):
        look = styled_look("edge", seed)
        assert 40 <= float(np.hypot(*look.zone_shift)) <= 100
        zones = style_table("edge", seed)[1]
        past += sum(
            bool((z.min(0) < 0).any() or z[:, 0].max() > w or z[:, 1].max() > h) for z in zones
        )
        scene = bench_scene("own", seed, 0.15, "edge")
        for label in scene.labels:
            if label.state == "card" and label.corners is not None:
                c = label.corners
                # The top card lies in view, whole.
                assert c.min() >= 0 and c[:, 0].max() < w and c[:, 1].max() < h
    assert past >= 12


@pytest.mark.parametrize(
    ("deck", "seed", "seat", "doubt_before"),
    [
        # A 1 lime at the top border, its zone's middle beyond it: "off the pile".
        ("own", 900046, 3, Doubt.CARD_OFF_THE_PILE),
        ("clone", 900046, 3, Doubt.CARD_OFF_THE_PILE),
    ],
)
def test_a_pile_at_the_frame_border_is_judged_on_the_zone_moved_into_view(
    monkeypatch, deck, seed, seat, doubt_before
):
    label, got = read_styled(deck, "edge", seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card
    # Judged by the middle of the zone as drawn (beyond the border), it is off the pile
    # (a card alone in its zone claimed no further off than any other).
    monkeypatch.setattr(policy, "in_view", lambda zone, frame: zone)
    monkeypatch.setattr(policy, "T", replace(policy.T, alone_off_the_pile=policy.T.off_the_pile))
    _, before = read_styled(deck, "edge", seed, seat)
    assert before.doubt is doubt_before


def test_a_zone_within_the_frame_is_read_where_it_lies():
    frame = np.zeros((480, 640, 3), np.uint8)
    zone = np.array([[10, 20], [130, 20], [130, 140], [10, 140]], np.float32)
    assert np.array_equal(policy.in_view(zone, frame), zone)
    past = zone + np.array([-40, 380], np.float32)  # 40 px past the left, 41 past the bottom
    moved = policy.in_view(past, frame)
    assert moved.min(0)[0] == 0 and moved.max(0)[1] == 479
    far = zone + np.array([-100, 0], np.float32)  # 90 px past: moved half its width, 60
    assert policy.in_view(far, frame).min(0)[0] == -30


@pytest.mark.parametrize(
    ("deck", "seed", "seat", "doubt_before"),
    [
        # A 4 plum at the bottom border, the zone 70 px past it: read where the zone is
        # drawn, the card lies at the read area's side and no whole card is found.
        ("own", 960020, 0, Doubt.NO_WHOLE_CARD),
        ("own", 960027, 3, Doubt.SYMBOLS_OFF_CENTRE),
        ("clone", 960020, 0, Doubt.NO_WHOLE_CARD),
    ],
)
def test_a_zone_past_the_border_whose_first_look_found_no_card_is_read_again_in_view(
    monkeypatch, deck, seed, seat, doubt_before
):
    label, got = read_styled(deck, "edge", seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card
    monkeypatch.setattr(policy, "_read_again_in_view", lambda frame, zone, r: False)
    _, before = read_styled(deck, "edge", seed, seat)
    assert before.doubt is doubt_before


def test_a_zone_within_the_frame_is_not_read_again():
    from halli_pi.vision.reader.reading import Reading

    frame = np.zeros((480, 640, 3), np.uint8)
    zone = np.array([[10, 20], [130, 20], [130, 140], [10, 140]], np.float32)
    assert not policy._read_again_in_view(frame, zone, Reading(State.UNKNOWN))
    past = zone + np.array([-40, 0], np.float32)
    assert policy._read_again_in_view(frame, past, Reading(State.UNKNOWN))
    assert not policy._read_again_in_view(frame, past, Reading(State.OCCLUDED))

"""The tuning style ``offzone``: piles pushed off their zones, as players leave them (a top
card up to about half a card past the zone's edge, its covered cards fanned under it)."""

from __future__ import annotations

import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.render import STYLES, style_table, styled_look


def _top_cards_off_the_middle(style: str, seeds: range) -> np.ndarray:
    """How far each top card in view lies from its zone's middle, in card widths."""
    offs = []
    for seed in seeds:
        scene = bench_scene("own", seed, 0.15, style)
        width = styled_look(style, seed).card_w
        for label, zone in zip(scene.labels, style_table(style, seed)[1], strict=True):
            if label.corners is not None:
                offs.append(np.linalg.norm(label.corners.mean(0) - zone.mean(0)) / width)
    return np.array(offs)


def test_the_offzone_style_moves_the_piles_off_their_zones_and_nothing_else() -> None:
    assert "offzone" in STYLES
    for seed in range(946000, 946010):
        plain, off = styled_look("", seed), styled_look("offzone", seed)
        assert plain.pile_off == (0.0, 0.0)
        assert off.pile_off == (0.4, 0.95)
        assert 0.25 <= off.mess <= 0.45
        assert off.table == plain.table and off.jpeg == plain.jpeg and off.card_w == plain.card_w


def test_offzone_top_cards_lie_off_the_middle_where_plain_ones_lie_on_it() -> None:
    seeds = range(946000, 946006)
    plain = _top_cards_off_the_middle("", seeds)
    off = _top_cards_off_the_middle("offzone", seeds)
    assert plain.max() < 0.2
    assert np.median(off) > 0.5 and off.max() <= 0.96
    assert (off > 0.8).any()  # some a good half card past the zone's edge


def test_the_offzone_frames_are_not_the_plain_ones() -> None:
    plain = bench_scene("own", 946001, 0.15, "").frame
    off = bench_scene("own", 946001, 0.15, "offzone").frame
    assert plain.shape == off.shape
    assert not np.array_equal(plain, off)

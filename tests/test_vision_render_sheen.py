"""The tuning style ``sheen``: reflections added in linear light where a lamp's or a window's
mirror image falls in the image (``render._sheen``), not in gamma-encoded values on a chosen
top card as ``glare`` and ``lamp`` draw them."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.render import (
    STYLES,
    add_light_linearly,
    random_table,
    render_scene,
    styled_look,
)
from halli_pi.vision.srgb import to_linear


def test_the_sheen_style_adds_reflections_and_nothing_else() -> None:
    assert "sheen" in STYLES
    for seed in range(943000, 943010):
        plain, shiny = styled_look("", seed), styled_look("sheen", seed)
        assert plain.sheen == 0
        assert shiny == replace(plain, sheen=5)


def test_light_added_in_linear_light_lifts_dark_print_more_than_white() -> None:
    img = np.array([[[40.0, 40.0, 40.0], [200.0, 200.0, 200.0]]], np.float32)
    before = img.copy()
    add_light_linearly(img, np.full((1, 2), 0.2, np.float32))
    rise = (img - before)[0, :, 0]
    assert rise[0] > 3 * rise[1]  # print washed towards a pale tint, white hardly brighter
    assert rise[0] > 60  # 40 is lifted past 100: gamma-encoded addition of the same light
    # adds the same levels to both
    gained = to_linear(img) - to_linear(before)
    assert np.allclose(gained, 0.2, atol=1e-3)  # the same light on both, in linear light


def test_a_sheen_scene_is_the_plain_scene_with_light_added() -> None:
    seed = 943004
    scene = bench_scene("own", seed, 0.15, "sheen")
    look = replace(styled_look("sheen", seed), jpeg=0, noise=0.0)
    seats = random_table(seed, classic_deck(), 6, p_arm=0.15)
    shiny = render_scene(seats, seed=seed, look=look).frame.astype(np.int16)
    plain = render_scene(seats, seed=seed, look=replace(look, sheen=0)).frame.astype(np.int16)
    assert scene.frame.shape == shiny.shape
    lift = shiny - plain
    assert lift.min() >= -1  # light only adds (up to rounding)
    lit = lift.max(2) > 40
    assert 0.001 < lit.mean() < 0.5  # reflections somewhere, not everywhere
    assert (shiny[lit].min(1) >= 250).any()  # a core clipped in every channel

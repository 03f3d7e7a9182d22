"""Window light (the ``window`` tuning style): light falling off steeply from one side of the
table, and the window's broad, soft reflection washed over part of it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from halli_pi.bench.vision import _styles
from halli_pi.cards import classic_deck
from halli_pi.vision.render import STYLES, random_table, render_scene, style_table, styled_look


def test_the_window_style_is_a_tuning_style():
    assert "window" in STYLES
    assert _styles("window") == ["window"]
    look = styled_look("window", 7)
    assert look.wash > 0
    assert np.hypot(look.light[1], look.light[2]) >= 0.5


def test_the_window_wash_adds_light_most_on_the_light_s_side():
    # The same scene with and without the wash (no noise, no compression): the wash only
    # adds light, and more of it on the half of the table the light comes from.
    seed = 700001
    look = replace(styled_look("window", seed), noise=0.0, jpeg=0)
    size, zones = style_table("window", seed)
    seats = random_table(seed, classic_deck(), len(zones), p_arm=0.0)
    dry = render_scene(seats, zones, seed=seed, look=replace(look, wash=0.0), size=size).frame
    lit = render_scene(seats, zones, seed=seed, look=look, size=size).frame
    gained = lit.astype(np.float32) - dry.astype(np.float32)
    assert gained.min() >= 0
    h, w = gained.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    towards = (xx - w / 2) * look.light[1] / w + (yy - h / 2) * look.light[2] / h
    assert gained[towards > 0].mean() > 2 * gained[towards < 0].mean()

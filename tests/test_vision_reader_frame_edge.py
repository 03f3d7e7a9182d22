"""Piles at the frame's border: zones that run past it (the tuning style ``edge``)."""

from __future__ import annotations

import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.render import IMAGE_SIZE, STYLES, style_table, styled_look


def test_the_edge_style_runs_zones_past_the_border_with_the_piles_in_view():
    assert list(STYLES)[-1] == "edge"
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

"""The tuning style ``blur``: a camera out of focus, each point spread over a lens's blur
circle (``Look.defocus``) rather than a Gaussian's soft hump."""

from __future__ import annotations

import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.render import STYLES, _disc, styled_look


def test_the_blur_style_defocuses_the_look_and_nothing_else() -> None:
    assert "blur" in STYLES
    for seed in range(930000, 930020):
        plain, blurred = styled_look("", seed), styled_look("blur", seed)
        assert plain.defocus == 0.0
        assert 1.2 <= blurred.defocus <= 2.6
        assert blurred.blur == plain.blur and blurred.jpeg == plain.jpeg


def test_the_blur_circle_is_flat_and_sums_to_one() -> None:
    k = _disc(2.0)
    assert k.shape == (5, 5)
    assert abs(float(k.sum()) - 1.0) < 1e-6
    assert k[2, 2] == k[2, 1] > k[0, 0]  # flat inside, its rim only partly covered


def test_a_defocused_frame_is_softer_than_the_same_scene_in_focus() -> None:
    sharp = bench_scene("own", 930001, 0.15, "").frame.astype(np.float32)
    soft = bench_scene("own", 930001, 0.15, "blur").frame.astype(np.float32)
    assert soft.shape == sharp.shape

    # The steepest steps (the cards' sides against the table) are spread out.
    def steepest(img: np.ndarray) -> float:
        return float(np.percentile(np.abs(np.diff(img, axis=1)), 99.9))

    assert steepest(soft) < 0.8 * steepest(sharp)

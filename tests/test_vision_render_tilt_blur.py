"""The tuning style ``tilt_blur``: a tilted camera out of focus, some top cards under a
lamp's reflection (the tilted styles keep the rest of the look plain, ``blur`` keeps the
camera straight above)."""

from __future__ import annotations

from halli_pi.bench.vision import _styles, bench_scene
from halli_pi.vision.render import IMAGE_SIZE, STYLES, _disc, style_table, styled_look


def test_tilt_blur_is_a_tuning_style_and_takes_the_camera_s_frame():
    assert "tilt_blur" in STYLES
    assert _styles("tilt_blur") == ["tilt_blur"]
    size, zones = style_table("tilt_blur", 933000)
    assert size == IMAGE_SIZE
    assert len(zones) == 6


def test_tilt_blur_tilts_and_defocuses_over_a_wide_range():
    looks = [styled_look("tilt_blur", seed) for seed in range(933000, 933040)]
    for look in looks:
        assert 15 <= look.tilt <= 45 and 0.75 <= look.focal <= 1.2
        assert max(abs(a) for a in look.axis) <= 0.1
        assert 0.0 <= look.defocus <= 2.4
        assert look.roll == 0.0 and look.keystone == 0.0
        assert look.glare in (0.0, 0.33)
    assert max(look.defocus for look in looks) > 2.0
    assert any(look.glare for look in looks) and not all(look.glare for look in looks)


def test_a_tilt_blur_scene_shows_its_cards():
    scene = bench_scene("own", 933000, 0.15, "tilt_blur")
    assert scene.frame.shape[:2] == (IMAGE_SIZE[1], IMAGE_SIZE[0])
    assert [label.state for label in scene.labels].count("card") >= 3


def test_a_blur_circle_smaller_than_a_sample_leaves_the_frame_as_it_is():
    # Seed 933084 draws a defocus of under a tenth of a pixel: its circle held none of the
    # kernel's samples, and the frame came out black.
    assert 0.05 < styled_look("tilt_blur", 933084).defocus < 0.09
    kernel = _disc(0.06)
    assert abs(float(kernel.sum()) - 1.0) < 1e-6
    scene = bench_scene("own", 933084, 0.15, "tilt_blur")
    assert scene.frame.mean() > 50

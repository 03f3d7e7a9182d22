"""The tuning style ``phone_dim``: a phone's picture of four piles on a dark cloth with all of
what issue #10's photos show at once (cards a quarter of the picture wide, a reflection on
every top card, a soft focus, noise, a dim corner)."""

from __future__ import annotations

from halli_pi.bench.vision import _styles, bench_scene
from halli_pi.vision.render import PHONE_SIZE, PHONE_STYLES, STYLES, style_table, styled_look


def test_phone_dim_is_a_tuning_style_and_takes_a_phone_s_picture():
    assert "phone_dim" in STYLES
    assert "phone_dim" in PHONE_STYLES
    assert _styles("phone_dim") == ["phone_dim"]
    size, zones = style_table("phone_dim", 900001)
    assert size == PHONE_SIZE
    assert len(zones) == 4


def test_phone_dim_shows_every_condition_at_once_on_any_seed():
    for seed in range(900000, 900020):
        look = styled_look("phone_dim", seed)
        assert 0.2 * PHONE_SIZE[0] <= look.card_w <= 0.26 * PHONE_SIZE[0]
        assert max(look.table) <= 55 and look.grain == 0.0  # a dark cloth
        assert 0.25 <= look.light[0] <= 0.55
        assert look.noise >= 6 and look.colour_noise
        assert 1.0 <= look.blur <= 2.2 and look.jpeg > 0
        assert look.glare == 1.0  # a reflection on every top card
        # The light falls off towards a corner: both slopes 0.4 to 0.8, and a vignette.
        assert all(0.4 <= abs(s) <= 0.8 for s in look.light[1:])
        assert abs(look.light[1]) == abs(look.light[2])
        assert 0.2 <= look.vignette <= 0.4


def test_a_phone_dim_scene_is_a_phone_s_picture_of_four_piles():
    scene = bench_scene("clone", 900001, 0.15, "phone_dim")
    assert scene.frame.shape[:2] == (PHONE_SIZE[1], PHONE_SIZE[0])
    assert [label.state for label in scene.labels].count("card") >= 3

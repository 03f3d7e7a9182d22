"""The tuning style ``night``: a phone's picture of four piles on a near-black cloth, dimmer and
noisier than ``phone``, with a lamp's reflection on half the top cards."""

from __future__ import annotations

import numpy as np

from halli_pi.bench.vision import _styles, bench_scene
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import (
    PHONE_SIZE,
    PHONE_STYLES,
    STYLES,
    style_table,
    styled_look,
)
from tests.styled_reads import read_clone


def test_the_night_style_is_a_tuning_style_and_takes_a_phone_s_picture():
    assert "night" in STYLES
    assert "night" in PHONE_STYLES
    assert _styles("night") == ["night"]
    size, zones = style_table("night", 11)
    assert size == PHONE_SIZE
    assert len(zones) == 4


def test_night_is_dimmer_and_noisier_than_the_phone_on_any_seed():
    for seed in range(20):
        night, phone = styled_look("night", seed), styled_look("phone", seed)
        # Lit a seventh to a third of the usual, where the phone's picture gets up to 0.75.
        assert 0.15 <= night.light[0] <= 0.35
        assert night.noise >= 7 and night.colour_noise
        # A near-black cloth, a lamp's reflection on half the top cards, a JPEG.
        assert max(night.table) <= 55
        assert night.glare == 0.5 and 0.1 <= night.glare_size <= 0.25
        assert night.jpeg > 0
        # Cards up to a quarter of the picture wide, its zones inside the picture.
        assert 0.17 * PHONE_SIZE[0] <= night.card_w <= 0.24 * PHONE_SIZE[0]
        for zone in style_table("night", seed)[1]:
            assert zone.min() >= 0 and (zone.max(0) <= np.array(PHONE_SIZE) - 1).all()
        # The phone's own look is left as it was (its own random draws).
        assert phone.light[0] >= 0.3


def test_a_night_scene_is_dark_with_a_pile_per_zone():
    scene = bench_scene("clone", 240_507, style="night")
    assert scene.frame.shape == (PHONE_SIZE[1], PHONE_SIZE[0], 3)
    assert len(scene.labels) == 4
    # Dim: most of the picture (the cloth) is near black.
    assert float(np.median(scene.frame)) < 40
    _, zones = style_table("night", 240_507)
    for label, zone in zip(scene.labels, zones, strict=True):
        if label.corners is not None:
            centre = label.corners.mean(0)
            assert (zone.min(0) <= centre).all() and (centre <= zone.max(0)).all()


def test_a_middle_symbol_s_rim_left_by_a_soft_reflection_is_not_left_out():
    # Clone deck, seed 252000 seat 1: a soft reflection washed the middle strawberry of a
    # 2 strawberry + 1 plum to a thin rim of ink, skipped as too small for a symbol; the card
    # was read as 1 strawberry + 1 plum (``card._small_piece_at_the_middle``).
    label, got = read_clone("night", 252000, 1)
    assert str(label.card) == "2 strawberry + 1 plum"
    assert got.state != State.CARD or got.card == label.card
    assert got.state == State.CARD or got.doubt == Doubt.PALE_MIDDLE

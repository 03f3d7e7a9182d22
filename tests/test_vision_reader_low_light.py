"""The tuning style ``night``: a phone's picture of four piles on a near-black cloth, dimmer and
noisier than ``phone``, with a lamp's reflection on half the top cards."""

from __future__ import annotations

import numpy as np

from halli_pi.bench.vision import _styles, bench_scene
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import (
    PHONE_SIZE,
    PHONE_STYLES,
    STYLES,
    style_table,
    styled_look,
)
from tests.styled_reads import assert_doubted, assert_reads, read_clone


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


# -- a symbol a reflection paled in low light, not clipped (card._by_an_unclipped_reflection) --


def _clipped_reflections_only(monkeypatch) -> None:
    monkeypatch.setattr(card, "_by_an_unclipped_reflection", lambda c, b: False)


def test_a_strawberry_paled_by_an_unclipped_reflection_counts_as_one() -> None:
    # Tuning style night, own art, seed 2358000 seat 2: a 4 strawberry, a lamp's reflection
    # below the sensor's top over the upper strawberry, which measures 0.46 of the smallest
    # whole one; its partner across the centre is whole.
    assert_reads("own", "night", 2_358_000, 2, "4 strawberry")


def test_the_paled_strawberry_was_a_symbol_smaller_than_the_others(monkeypatch) -> None:
    _clipped_reflections_only(monkeypatch)
    assert_doubted("own", "night", 2_358_000, 2, "4 strawberry", Doubt.SYMBOL_SMALLER_THAN_OTHERS)


def test_a_pair_with_one_paled_on_a_dim_phone_reads() -> None:
    # Tuning style phone_dim, own art, seed 2371001 seat 2: a 2 strawberry, the upper one
    # beside a reflection that stays below the top, 0.54 of the lower one.
    assert_reads("own", "phone_dim", 2_371_001, 2, "2 strawberry")


def test_the_paled_pair_was_a_symbol_smaller_than_the_others(monkeypatch) -> None:
    _clipped_reflections_only(monkeypatch)
    assert_doubted(
        "own", "phone_dim", 2_371_001, 2, "2 strawberry", Doubt.SYMBOL_SMALLER_THAN_OTHERS
    )


def test_a_lone_plum_on_the_centre_paled_by_an_unclipped_reflection_reads(monkeypatch) -> None:
    # Tuning style night, scans, seed 2360002 seat 2: a 1 plum, a lamp's reflection below the
    # sensor's top beside it on the card's centre, paled to a size between counts.
    assert_reads("scan", "night", 2_360_002, 2, "1 plum")
    _clipped_reflections_only(monkeypatch)
    assert_doubted("scan", "night", 2_360_002, 2, "1 plum", Doubt.BLOB_BETWEEN_COUNTS)


def test_a_paled_banana_no_longer_leaves_the_searched_outline_unread(monkeypatch) -> None:
    # Tuning style phone_dim, own art, seed 2370001 seat 1: a 3 banana in a pile; its corner
    # banana beside a reflection below the sensor's top measures 0.71 of the smallest whole
    # one, its partner whole. Doubted for it, no outline the looks found was read.
    assert_reads("own", "phone_dim", 2_370_001, 1, "3 banana")
    _clipped_reflections_only(monkeypatch)
    assert_doubted("own", "phone_dim", 2_370_001, 1, "3 banana", Doubt.NO_WHOLE_CARD)


def test_a_paled_middle_off_its_place_and_off_the_reflection_s_reach_stays_a_doubt() -> None:
    # Tuning style phone_dim, scans, seed 2371001 seat 0: a 3 strawberry whose middle one a
    # reflection below the sensor's top paled to a third of the others (0.29 to 0.38). The
    # looks at it measure its centre 0.12 off the card's centre (the layout does not vouch
    # for it), or the reflection 0.23 card widths off it, past the reach a clipped one is
    # given (0.15): it could as well be a piece of something over the card, and stays the
    # doubt it was.
    assert_doubted(
        "scan", "phone_dim", 2_371_001, 0, "3 strawberry", Doubt.SYMBOL_SMALLER_THAN_OTHERS
    )

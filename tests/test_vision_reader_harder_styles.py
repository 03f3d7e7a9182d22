"""The harder tuning styles (``steep``: a phone's wide lens held at an angle; ``strays``: messy
piles on plain tables under a warm lamp) and the cases they showed the reader."""

from __future__ import annotations

from dataclasses import replace

import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.reading import _dims_of, foreshortening
from halli_pi.vision.render import (
    STYLES,
    Art,
    _rng,
    default_zones,
    random_look,
    random_table,
    render_scene,
    styled_look,
)


def test_the_steep_style_is_a_wide_lens_tilted_further_than_the_tilt_style() -> None:
    assert {"tilt", "steep", "strays"} <= set(STYLES)
    for seed in range(5):
        look = styled_look("steep", seed)
        assert 20 <= look.tilt <= 40
        assert 0.75 <= look.focal <= 1.0 < styled_look("tilt", seed).focal
    # Near cards much larger than far ones, far ones squeezed past the usual tilt.
    sides, squeezes = [], []
    for seed in range(200_500, 200_510):
        scene = bench_scene("own", seed, style="steep")
        quads = [lab.corners for lab in scene.labels if lab.corners is not None]
        sides.append(max(_dims_of(q)[0] for q in quads) / min(_dims_of(q)[0] for q in quads))
        squeezes.append(min(foreshortening(q)[0] for q in quads))
    assert max(sides) > 1.3
    assert min(squeezes) < 0.75


def test_the_strays_style_lays_messy_piles_on_plain_tables() -> None:
    for seed in range(5):
        look = styled_look("strays", seed)
        assert 0.3 <= look.mess <= 0.55
        assert look.tint[0] < 0.9  # a warm lamp: less blue
        assert look.texture <= 4


def _old_strays_scene(seed: int):
    """A scene of an earlier ``strays`` style (covered cards strayed 0.6 of a card), rebuilt
    from its look's values: a covered card lies wholly out from under the top card, an arm
    over the top card."""
    look = replace(
        random_look(_rng("look", seed)),
        table=(170, 169, 161),
        grain=11.788690801098772,
        texture=1.8411702037793467,
        tint=(0.7276432101698419, 0.9046751235594447, 1.0),
        mess=0.6069853254479857,
    )
    seats = random_table(seed, classic_deck(), p_arm=0.15)
    return render_scene(seats, default_zones(6), seed=seed, art=Art.SCAN, look=look)


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_card_strayed_from_a_pile_under_an_arm_is_not_claimed_on_a_second_look() -> None:
    # The first look sees the arm; a second look, with the size the other cards show, finds
    # the strayed card whole beside it, well away from the zone's middle: the top card is
    # under the arm, and the card in view is not it.
    scene = _old_strays_scene(700_002)
    label = scene.labels[1]
    assert label.state == "occluded" and str(label.card) == "3 banana"
    r = read_zones(scene.frame, default_zones(6), load_profile("classic"))[1]
    assert r.state == State.OCCLUDED
    assert r.doubt == Doubt.ARM_AND_STRAYED_CARD

"""Cards found without a layout whose face the look at a whole image's width doubted are read
again as the zone policy reads a zone round them: the one reading policy for a card's face,
with a layout or without. Its reading stands only for the same card (``_same_card``)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from halli_pi.bench.heldout import compose, no_layout_recipe
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import find_cards, load_profile
from halli_pi.vision.reader.search import _same_card

_CARD = np.array([[100, 100], [200, 100], [200, 255], [100, 255]], np.float32)


def test_a_card_cut_short_a_little_is_the_same_card() -> None:
    # The first look's outline, its top fifth lost under a glare spot.
    cut = _CARD + np.array([[0, 30], [0, 30], [0, 0], [0, 0]], np.float32)
    assert _same_card(cut, _CARD)


def test_a_neighbour_over_a_corner_is_another_card() -> None:
    assert not _same_card(_CARD + np.float32([60, 80]), _CARD)
    assert not _same_card(_CARD + np.float32([110, 0]), _CARD)


@cache
def _scene_and_found(seed: int) -> tuple:
    scene = compose(no_layout_recipe(seed), seed, "nolayout")
    return scene, tuple(find_cards(scene.frame, load_profile(scene.profile)))


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_banana_under_a_glare_spot_is_read_as_its_zone_reads_it() -> None:
    # No-layout tuning seed 1420001 (1280x960, a wooden table, hand shadows): a 1 banana whose
    # top was lost under glare at the image's width ("glare over the face").
    _, found = _scene_and_found(1_420_001)
    here = [f for f in found if np.linalg.norm(np.asarray(f.center) - (629, 212)) < 30]
    assert len(here) == 1
    assert str(here[0].card) == "1 banana", here[0].doubt


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_no_claim_where_no_whole_card_lies() -> None:
    scene, found = _scene_and_found(1_420_001)
    for f in found:
        if f.card is None:
            continue
        near = [c for c, q in scene.in_view if np.linalg.norm(q.mean(0) - f.center) < 40]
        assert near == [f.card], f"{f.card} claimed at {f.center}"

"""Cards found without a layout, a whole card whose corner lies over a corner of the card
beside it: the covered card is doubted for that card's side across it, and the same side,
seen running across the covered card, says which of the two lies on top. The whole card is
read (it was "two cards, either on top": where a corner overlaps a corner, too little of its
side lies inside the other for ``_on_top``), and the covered card is still not claimed."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from halli_pi.bench.heldout import crowded_scene
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import Doubt, State, find_cards, load_profile
from halli_pi.vision.reader.search import _side_across_the_other

pytestmark = pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")


@cache
def _found(seed: int) -> tuple:
    scene = crowded_scene(seed)
    return scene, tuple(find_cards(scene.frame, load_profile(scene.profile)))


def _at(seed: int, at) -> object:
    _, found = _found(seed)
    here = [f for f in found if np.linalg.norm(np.asarray(f.center) - at) < 15.0]
    assert len(here) == 1
    return here[0]


# Crowded tuning seeds: (seed, the whole card on top and its centre, the covered card's centre).
# 1_789_510: a 2 banana over the bottom corner of a 2 strawberry card (1280x960);
# 1_789_509: a 3 lime over a corner of a lime card (640x480, dark table).
_CASES = [
    (1_789_510, "2 banana", (963, 604), (990, 383)),
    (1_789_509, "3 lime", (436, 288), (438, 201)),
]


@pytest.mark.parametrize(("seed", "card", "top", "under"), _CASES)
def test_the_card_whose_corner_lies_over_its_neighbour_is_read(seed, card, top, under) -> None:
    f = _at(seed, top)
    assert str(f.card) == card, f.doubt


@pytest.mark.parametrize(("seed", "card", "top", "under"), _CASES)
def test_the_covered_neighbour_is_still_not_claimed(seed, card, top, under) -> None:
    f = _at(seed, under)
    assert f.state != State.CARD
    assert f.doubt == Doubt.ANOTHER_CARD_OVER_IT


@pytest.mark.parametrize(("seed", "card", "top", "under"), _CASES)
def test_only_the_top_cards_side_runs_across_the_other(seed, card, top, under) -> None:
    scene, _ = _found(seed)
    a, b = _at(seed, top).corners, _at(seed, under).corners
    assert _side_across_the_other(scene.frame, a, b)
    assert not _side_across_the_other(scene.frame, b, a)


@pytest.mark.parametrize("seed", [1_789_510, 1_789_509])
def test_no_claim_where_no_whole_card_lies(seed: int) -> None:
    scene, found = _found(seed)
    for f in found:
        if f.card is None:
            continue
        near = [c for c, q in scene.in_view if np.linalg.norm(q.mean(0) - f.center) < 20]
        assert near == [f.card], f"{f.card} claimed at {f.center}"

"""Without a layout, the part in view of a covered card, cut along the covering card's side
at a small angle to its own side, is not claimed: that side runs on through the outline's
corner, and the outline's corner there is far off square (``side_through_a_corner``).
Crowded tuning seed 2507527: a 2 strawberry with 20 pixels of its end under a card of the
next pile, that card's side 2.6 degrees off the outline's, was read as a whole card.
Crowded tuning seed 2512534: a 2 lime 63 pixels across, its bottom tip 9 pixels under
another card, that card's side 3 degrees off, the same."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import State, find_cards, load_profile
from halli_pi.vision.reader.doubts import Doubt

# (seed, near the covered card's centre, the cards in full view there)
CASES = [
    pytest.param(2507527, (640.0, 653.0), 2, id="strawberry-end-under-the-next-pile"),
    pytest.param(2512534, (440.0, 194.0), 4, id="lime-tip-under-the-next-pile"),
]


@pytest.mark.parametrize(("seed", "at", "in_view"), CASES)
def test_the_cut_card_is_doubted_and_the_whole_cards_read(
    seed: int, at: tuple[float, float], in_view: int
) -> None:
    scene = crowded_scene(seed)
    found = find_cards(scene.frame, load_profile(scene.profile))

    def nearest(p: tuple[float, float]):
        return min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - p)))

    cut = nearest(at)
    assert cut.state != State.CARD
    assert cut.doubt == Doubt.SIDE_THROUGH_A_CORNER
    # The cards of the same table in full view still read.
    assert len(scene.in_view) == in_view
    for card, quad in scene.in_view:
        f = nearest(tuple(quad.mean(0)))
        assert f.state == State.CARD and f.card == card


@pytest.mark.parametrize(("seed", "at", "in_view"), CASES)
def test_no_claim_on_the_crowded_tuning_table(
    seed: int, at: tuple[float, float], in_view: int
) -> None:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(seed), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:right"] == tally["crowded:in_view"] == in_view

"""Without a layout, a card whose tip lies under a card of the next pile is not claimed when
its outline ends on that card's side, 3 degrees off the outline's side and far off square
there (``side_through_a_corner``). Crowded tuning seed 2512534: a 2 lime 63 pixels across,
its bottom tip 9 pixels under another card, was read as a whole card."""

from __future__ import annotations

from collections import Counter

import numpy as np

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import State, find_cards, load_profile
from halli_pi.vision.reader.doubts import Doubt

_SEED = 2512534


def test_the_lime_under_a_tip_is_doubted_and_the_whole_cards_read() -> None:
    scene = crowded_scene(_SEED)
    found = find_cards(scene.frame, load_profile(scene.profile))

    def nearest(at: tuple[float, float]):
        return min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - at)))

    tipped = nearest((440.0, 194.0))  # the 2 lime, its tip under the next pile's card
    assert tipped.state != State.CARD
    assert tipped.doubt == Doubt.SIDE_THROUGH_A_CORNER
    for card, quad in scene.in_view:
        f = nearest(tuple(quad.mean(0)))
        assert f.state == State.CARD and f.card == card


def test_no_claim_on_crowded_tuning_seed_2512534() -> None:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(_SEED), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:right"] == tally["crowded:in_view"] == 4

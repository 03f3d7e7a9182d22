"""Without a layout, the part in view of a covered card, cut along the covering card's side
at a small angle to its own side, is not claimed: that side runs on through the outline's
corner, and the outline's corner there is far off square (``side_through_a_corner``).
Crowded tuning seed 2507527: a 2 strawberry with 20 pixels of its end under a card of the
next pile, that card's side 2.6 degrees off the outline's, was read as a whole card."""

from __future__ import annotations

from collections import Counter

import numpy as np

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import State, find_cards, load_profile
from halli_pi.vision.reader.doubts import Doubt

_SEED = 2507527


def test_the_cut_strawberry_is_doubted_and_the_whole_cards_read() -> None:
    scene = crowded_scene(_SEED)
    found = find_cards(scene.frame, load_profile(scene.profile))

    def nearest(at: tuple[float, float]):
        return min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - at)))

    cut = nearest((640.0, 653.0))  # the 2 strawberry, its end under the next pile's card
    assert cut.state != State.CARD
    assert cut.doubt == Doubt.SIDE_THROUGH_A_CORNER
    # The cards of the same table in full view still read.
    for card, quad in scene.in_view:
        f = nearest(tuple(quad.mean(0)))
        assert f.state == State.CARD and f.card == card


def test_no_claim_on_crowded_tuning_seed_2507527() -> None:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(_SEED), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:right"] == tally["crowded:in_view"] == 2

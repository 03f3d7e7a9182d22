"""Cards found without a layout, a top card over a covered card of about its size: which of
the two lies on top is told from their sides where they overlap, and the top card's own
fruit, which the covered card's side runs under, is no sign of that side (it was read
"two cards, either on top")."""

from __future__ import annotations

import numpy as np
import pytest
from messy_found import messy_found

from halli_pi.vision.reader import Doubt, State
from halli_pi.vision.reader.search import _on_top
from halli_pi.vision.render import (
    cards_in_full_view,
)


def _found_at(found, at, near: float = 10.0) -> list:
    return [f for f in found if np.linalg.norm(np.asarray(f.center) - at) < near]


# 1_290_002: a 3 strawberry over a banana card, the banana card's side under its third
# strawberry; 1_290_007: a 1 strawberry over a card found beside it, its side under the
# strawberry; 1_290_012: a 3 lime over a card its lower lime lies on.
@pytest.mark.parametrize(
    ("seed", "card", "at"),
    [
        (1_290_002, "3 strawberry", (526, 323)),
        (1_290_007, "1 strawberry", (324, 82)),
        (1_290_012, "3 lime", (119, 167)),
    ],
)
def test_a_top_card_whose_fruit_lies_over_a_covered_side_is_read(seed: int, card: str, at) -> None:
    _, found = messy_found(seed)
    here = _found_at(found, at)
    assert len(here) == 1
    assert str(here[0].card) == card, here[0].doubt


def test_the_covered_card_beside_it_is_still_not_claimed() -> None:
    """The banana card under the 3 strawberry of seed 1_290_002: its part in view is found,
    doubted (another card's edge across it), and ``_on_top`` does not put it on top."""
    scene, found = messy_found(1_290_002)
    under = _found_at(found, (583, 325), near=15.0)
    assert len(under) == 1
    assert under[0].state != State.CARD
    assert under[0].doubt == Doubt.EDGE_ACROSS
    top = _found_at(found, (526, 323))[0]
    assert _on_top(scene.frame, top.corners, under[0].corners)
    assert not _on_top(scene.frame, under[0].corners, top.corners)


def test_no_claim_where_no_whole_card_lies_on_these_tables() -> None:
    for seed in (1_290_002, 1_290_007, 1_290_012):
        scene, found = messy_found(seed)
        whole = cards_in_full_view(scene)
        for f in found:
            if f.card is None:
                continue
            near = [c for c, q in whole if np.linalg.norm(q.mean(0) - f.center) < 20]
            assert near == [f.card], f"{f.card} claimed at {f.center} on seed {seed}"

"""Without a layout, a card that another card's corner lies over is not claimed: a corner
inside the outline, its sides running out to the outline's side (the rest of a card cut
straight by a third card's side is a clean card shape); and, on a small card, a corner that
touches a side within a pixel, where which card is on top cannot be told (crowded tuning
seed 370015). A card with another card's corner hidden under it, and a card alone, show no
corner inside."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from drawn_cards import card_rect, drawn_table

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import find_cards, load_profile
from halli_pi.vision.reader.search import corner_inside_the_outline

# A card about 105 pixels across on a 640x480 frame, its bottom side on y = 380.
_CARD = card_rect((302.5, 300.0), (105, 160), 0)


def _corner_into_bottom(depth: float) -> np.ndarray:
    """A card below ``_CARD``, turned 45 degrees, its top corner ``depth`` pixels above
    ``_CARD``'s bottom side (as the third card's corner over the 1 plum of crowded tuning seed
    370005)."""
    other = card_rect((0, 0), (105, 160), 45)
    top = other[np.argmin(other[:, 1])]
    return (other + (np.array([300.0, 380.0 - depth]) - top)).astype(np.float32)


def test_a_corner_inside_the_outline_is_seen() -> None:
    assert corner_inside_the_outline(drawn_table(_CARD, _corner_into_bottom(12.0)), _CARD)


def test_a_corner_hidden_under_the_card_is_not_seen() -> None:
    # The same card under this one: its corner is hidden, its sides stop at this card's edge.
    assert not corner_inside_the_outline(drawn_table(_corner_into_bottom(12.0), _CARD), _CARD)


def test_a_card_alone_has_no_corner_inside() -> None:
    assert not corner_inside_the_outline(drawn_table(_CARD), _CARD)


def _claims_not_in_view(seed: int) -> int:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(seed), "crowded", tally)
    return tally["crowded:claims_not_in_view"]


def test_no_claim_on_crowded_tuning_seed_370005() -> None:
    # A 1 plum cut straight by a banana card's side, a third card's corner over it: the part
    # in view is a clean card shape, and was claimed.
    assert _claims_not_in_view(370005) == 0


def test_no_claim_on_crowded_tuning_seed_370015() -> None:
    # A lime 43 pixels across, another lime's corner a pixel over its side: was claimed.
    assert _claims_not_in_view(370015) == 0


def test_no_claim_on_crowded_tuning_seed_376534() -> None:
    # A 2 plum whose outline sat a few pixels inside its edge: another card's corner a pixel
    # over its side met 2.3 pixels outside the outline, and the plum was claimed.
    assert _claims_not_in_view(376534) == 0


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_the_banana_beside_the_cut_plum_is_still_read() -> None:
    scene = crowded_scene(370005)
    found = find_cards(scene.frame, load_profile(scene.profile))
    (card, quad), *_ = scene.in_view
    centre = quad.mean(0)
    got = [f for f in found if np.linalg.norm(np.asarray(f.center) - centre) < 20]
    assert got and got[0].card == card

"""Without a layout, a card with another pile's card lying a few pixels over one of its sides
is not claimed, however large it is in the frame: the corner is looked for at the frame's own
resolution, where the working card scale loses it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from drawn_cards import TABLE, card_rect, draw_card

from halli_pi.bench.heldout import compose, no_layout_recipe
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import Doubt, find_cards, load_profile
from halli_pi.vision.reader.outlines import covered_outline
from halli_pi.vision.reader.search import corner_over_a_side


def _two_piles(depth: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A large card (160 pixels across), and a card of another pile drawn after it, turned
    40 degrees, whose corner lies ``depth`` pixels over its lower side (negative: short of
    it)."""
    img = np.full((600, 800, 3), TABLE, np.uint8)
    under = card_rect((300, 250), (248, 160), 0)  # its lower side on y = 330
    over = card_rect((0, 0), (248, 160), 40)
    corner = over[np.argmin(over[:, 1])]  # its top corner ...
    over = over + (np.array([330.0, 330.0 - depth]) - corner)  # ... placed over that side
    draw_card(img, under, line=2)
    draw_card(img, over, line=2)
    return cv2.GaussianBlur(img, (3, 3), 0.8), under, over


def test_a_corner_a_few_pixels_over_a_large_cards_side_is_seen() -> None:
    img, under, over = _two_piles(depth=5)
    assert not covered_outline(img, under)  # at the working scale the corner is lost
    assert corner_over_a_side(img, under)
    assert not corner_over_a_side(img, over)


def test_a_corner_that_stops_at_the_side_is_no_evidence() -> None:
    # The other card's corner ends at the side (a card under this one would): no break.
    img, under, _ = _two_piles(depth=-3)
    assert not corner_over_a_side(img, under)


def test_an_outline_a_few_pixels_off_the_card_is_looked_at_on_its_edge() -> None:
    img, under, _ = _two_piles(depth=5)
    centre = under.mean(0)
    for grow in (0.98, 1.02):  # the outline a few pixels inside or outside the card
        assert corner_over_a_side(img, centre + (under - centre) * grow)


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_no_layout_tuning_seed_340002_claims_no_covered_card() -> None:
    """A no-layout tuning scene (1280x960, dark cloth, messy piles): a 3 plum, a card of the
    pile below lying some 5 pixels over its lower side near a corner, was claimed."""
    scene = compose(no_layout_recipe(340_002), 340_002, "nolayout")
    found = find_cards(scene.frame, load_profile(scene.profile))
    here = [f for f in found if np.linalg.norm(np.asarray(f.center) - (1033, 325)) < 20]
    assert here and here[0].card is None
    assert here[0].doubt is Doubt.CORNER_OVER_A_SIDE
    claims = [f for f in found if f.card is not None]
    assert claims, "the whole cards beside it are still read"
    for f in claims:
        centre = np.asarray(f.center)
        near = [c for c, q in scene.in_view if np.linalg.norm(q.mean(0) - centre) < 20]
        assert near == [f.card], f"{f.card} claimed where no whole card lies"


def _strip_off_the_card() -> np.ndarray:
    """A side's strip (``search._side_strip``: rows from 22 pixels inside the outline to 14
    outside, a column per pixel along it) of an outline found 17 pixels outside a large
    card's edge (no-layout tuning seed 340011): the face, the card's grey edge 17 pixels in,
    then the white card under it, crossed by that card's side (a dark line that stops at
    the top card's edge)."""
    strip = np.full((37, 200), 250.0, np.float32)
    strip[4:6] = 205.0  # the top card's edge
    strip[4:, 96:104] = 125.0  # the covered card's side, from the edge outwards
    return cv2.GaussianBlur(strip, (3, 3), 0.8)


def test_a_side_whose_edge_is_not_seen_along_it_is_not_judged() -> None:
    from halli_pi.vision.reader.search import _corner_across

    # Looked for 14 pixels either way of the outline (row 22), the card's edge is not found:
    # the white beyond it and the covered card's side must not pass for a corner over it.
    assert not _corner_across(_strip_off_the_card(), 22, 14.0, 6.0)

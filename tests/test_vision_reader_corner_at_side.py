"""Without a layout, a card with another card's corner just at one of its sides (a pixel or
two over it, too shallow to darken its face) is not claimed: which of the two is on top
cannot be told. A card under it whose corner sticks out, and a card alone, are read."""

from __future__ import annotations

import cv2
import numpy as np
from drawn_cards import TABLE, card_rect, draw_card

from halli_pi.bench.heldout import compose, no_layout_recipe
from halli_pi.vision.reader import Doubt, find_cards, load_profile
from halli_pi.vision.reader.search import corner_at_a_side, corner_over_a_side


def _scene(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    img = np.full((480, 640, 3), TABLE, np.uint8)
    draw_card(img, first)
    draw_card(img, second)
    return cv2.GaussianBlur(img, (3, 3), 0.8)


# A card about 105 pixels across on a 640x480 frame, its left side on x = 250.
_CARD = card_rect((302.5, 300.0), (105, 160), 0)


def _corner_at(depth: float) -> np.ndarray:
    """A card to the left of ``_CARD``, turned so that its right side runs 10 degrees off
    ``_CARD``'s left side, with the corner at that side's top ``depth`` pixels over it (as
    on no-layout tuning seed 341008)."""
    other = card_rect((0, 0), (105, 160), -80)
    corner = other[np.argmax(other[:, 0] - 0.2 * other[:, 1])]  # its right-most, upper corner
    return (other + (np.array([250.0 + depth, 240.0]) - corner)).astype(np.float32)


def test_a_corner_a_pixel_over_a_side_is_seen() -> None:
    other = _corner_at(1.5)
    img = _scene(_CARD, other)
    assert not corner_over_a_side(img, _CARD)  # too shallow to darken the face
    assert corner_at_a_side(img, _CARD)


def test_a_corner_just_short_of_a_side_is_seen_too() -> None:
    # On or just short of the side, which card is on top cannot be told either.
    assert corner_at_a_side(_scene(_CARD, _corner_at(-1.0)), _CARD)


def test_a_card_alone_and_a_corner_far_off_the_side_are_no_evidence() -> None:
    img = np.full((480, 640, 3), TABLE, np.uint8)
    draw_card(img, _CARD)
    assert not corner_at_a_side(cv2.GaussianBlur(img, (3, 3), 0.8), _CARD)
    assert not corner_at_a_side(_scene(_CARD, _corner_at(-12.0)), _CARD)


def test_a_card_under_it_sticking_out_is_no_evidence() -> None:
    # A card of its pile under it, turned a little: its corner sticks out past a side, its
    # face towards the top card.
    under = card_rect((306.0, 303.0), (105, 160), 6)
    img = np.full((480, 640, 3), TABLE, np.uint8)
    draw_card(img, under)
    draw_card(img, _CARD)
    assert not corner_at_a_side(cv2.GaussianBlur(img, (3, 3), 0.8), _CARD)


def test_no_layout_tuning_seed_341008_claims_no_card_under_a_corner() -> None:
    """A no-layout tuning scene (640x480, a brick photo, messy piles): a 3 banana with
    another pile's card's corner 1.5 pixels over its left side was claimed."""
    scene = compose(no_layout_recipe(341_008), 341_008, "nolayout")
    found = find_cards(scene.frame, load_profile(scene.profile))
    here = [f for f in found if np.linalg.norm(np.asarray(f.center) - (323, 370)) < 20]
    assert here and here[0].card is None
    assert here[0].doubt is Doubt.CORNER_AT_A_SIDE
    claims = [f for f in found if f.card is not None]
    assert len(claims) == 2, "the two whole cards are still read"
    for f in claims:
        centre = np.asarray(f.center)
        near = [c for c, q in scene.in_view if np.linalg.norm(q.mean(0) - centre) < 20]
        assert near == [f.card], f"{f.card} claimed where no whole card lies"


# A small card, about 43 pixels across on a 640x480 frame (as on crowded tuning tables), its
# left side on x = 300.
_SMALL = card_rect((321.5, 300.0), (43, 66), 0)


def _corner_at_small(depth: float) -> np.ndarray:
    """A small card to the left of ``_SMALL``, turned so that its right side runs 10 degrees
    off ``_SMALL``'s left side, with the corner ``depth`` pixels over that side."""
    other = card_rect((0, 0), (43, 66), -80)
    corner = other[np.argmax(other[:, 0] - 0.2 * other[:, 1])]
    return (other + (np.array([300.0 + depth, 290.0]) - corner)).astype(np.float32)


def test_a_corner_over_a_small_cards_side_is_seen() -> None:
    # A few pixels over the side of a card 43 pixels across (crowded tuning seed 370015),
    # too few for ``covered_outline`` to see at the working scale.
    assert corner_at_a_side(_scene(_SMALL, _corner_at_small(3.0)), _SMALL)


def test_a_corner_touching_a_small_cards_side_from_outside_is_no_evidence() -> None:
    # The corners of neighbouring piles touch small cards from outside often, and the card
    # is whole (messy tuning tables: tips 0.7 to 1.9 pixels outside).
    assert not corner_at_a_side(_scene(_SMALL, _corner_at_small(-1.5)), _SMALL)

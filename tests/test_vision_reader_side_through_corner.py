"""Without a layout, a card whose outline has a corner where another card's side cuts it
(that side passes through the corner and runs on past it, with that card's face beyond) is
not claimed: it may lie under that card. A card alone, and a card on top of a card of its
pile whose side runs on past its corner (that card's face towards it), are read."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from drawn_cards import BORDER, FACE, TABLE, card_rect

from halli_pi.bench.heldout import crowded_scene
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import Doubt, find_cards, load_profile
from halli_pi.vision.reader.search import side_through_a_corner


def _scene(*quads: np.ndarray) -> np.ndarray:
    """White cards with the classic art's grey line round the face, drawn in turn (the last
    on top) on a plain table, a lens's blur over them."""
    img = np.full((480, 640, 3), TABLE, np.uint8)
    for q in quads:
        pts = np.rint(q).astype(np.int32)
        cv2.fillPoly(img, [pts], FACE)
        cv2.polylines(img, [pts], True, BORDER, 1)
    return cv2.GaussianBlur(img, (3, 3), 0.8)


# A card about 105 pixels across, turned 30 degrees: its lowest corner at the bottom.
_TURNED = card_rect((300.0, 260.0), (105, 160), 30)
_TIP = _TURNED[np.argmax(_TURNED[:, 1])]


def _below(top: float) -> np.ndarray:
    """A level card under the frame's middle whose top side lies at ``top``."""
    return np.array([[180, top], [420, top], [420, top + 150], [180, top + 150]], np.float32)


def test_a_side_cutting_a_corners_tip_is_seen() -> None:
    # The card below lies over the turned card's tip, its top side 3 pixels above it: the
    # outline a reader fits runs to where the sides meet that side.
    cut = _TURNED.copy()
    img = _scene(_TURNED, _below(float(_TIP[1]) - 3.0))
    assert side_through_a_corner(img, cut)


def test_a_side_along_a_covered_cards_cut_runs_on_past_its_corners() -> None:
    # A level card whose bottom strip lies under a wider card: the part in view is a clean
    # card-like shape, cut straight along the covering card's top side.
    card = card_rect((300.0, 250.0), (105, 160), 0)
    bottom = float(card[:, 1].max())
    seen = card.copy()
    seen[seen[:, 1] > 300, 1] = bottom - 20.0
    img = _scene(card, _below(bottom - 20.0))
    assert side_through_a_corner(img, seen)


def test_a_card_alone_is_no_evidence() -> None:
    assert not side_through_a_corner(_scene(_TURNED), _TURNED)


def test_a_card_of_its_pile_sticking_out_along_a_side_is_no_evidence() -> None:
    # The card under it lies shifted along its long sides: their lines run on past its
    # corners, with that card's face towards it.
    card = card_rect((300.0, 250.0), (105, 160), 0)
    img = _scene(card + np.array([0.0, 25.0], np.float32), card)
    assert not side_through_a_corner(img, card)


def test_a_card_on_top_of_another_reaching_past_its_corner_is_no_evidence() -> None:
    # The turned card lies over the level one: the level card's side stops at its sides.
    img = _scene(_below(float(_TIP[1]) - 30.0), _TURNED)
    assert not side_through_a_corner(img, _TURNED)


def _read_near(seed: int, centre: tuple[float, float]) -> tuple[list, object]:
    """What ``find_cards`` reads on crowded tuning table ``seed``: the claims where no whole
    card lies, and the reading whose centre is nearest ``centre``."""
    scene = crowded_scene(seed)
    whole = [q.mean(0) for _, q in scene.in_view]
    found = find_cards(scene.frame, load_profile(scene.profile))
    claims = [
        f
        for f in found
        if f.card is not None
        and min((np.linalg.norm(np.asarray(f.center) - c) for c in whole), default=np.inf)
        >= 0.35 * scene.card_w
    ]
    near = min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - centre)))
    return claims, near


def test_crowded_tuning_seed_370044_claims_no_card_whose_tip_is_cut() -> None:
    """A crowded tuning table (640x480): a 2 banana whose right tip another pile's card's
    side cuts off was claimed."""
    claims, near = _read_near(370_044, (240.4, 166.8))
    assert claims == []
    assert near.doubt is Doubt.SIDE_THROUGH_A_CORNER


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_crowded_tuning_seed_370017_claims_no_card_whose_tip_is_cut() -> None:
    """A crowded tuning table (640x480, a dark cloth): a 1 banana whose tip another pile's
    card's side cuts off was claimed, the outline's corner on that side."""
    claims, near = _read_near(370_017, (470.0, 185.5))
    assert claims == []
    assert near.doubt is Doubt.SIDE_THROUGH_A_CORNER

"""Cards found without a layout on a frame at another scale than the renderer draws: a
window of a messy table enlarged (a card whose corner lies under another never claimed),
a low-light table seen at full sensor size, and small piles on messy tables of small cards.
(Messy tables at the usual scale: ``test_vision_reader_no_layout.py``.)"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import MESSY_SMALL_CARD_W, messy_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.reader import find_cards, load_profile
from halli_pi.vision.render import (
    cards_in_full_view,
    default_zones,
    random_table,
    render_scene,
    styled_look,
)


def window_scene(seed: int, style: str, corner: tuple[float, float], width: float, size):
    """A rendered tuning table of messy piles (``style`` of render.STYLES, or "") seen at
    another scale: the window ``width`` pixels wide (4:3) from ``corner`` of the rendered
    frame, resized to ``size``. Returns the image, the cards in full view in it, and how many
    image pixels one rendered pixel became."""
    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0, max_pile=6)
    look = dataclasses.replace(styled_look(style, seed), mess=0.5)
    scene = render_scene(seats, default_zones(6), seed=seed, look=look)
    k = size[0] / width
    x0, y0 = corner
    m = np.float32([[k, 0, -x0 * k], [0, k, -y0 * k]])
    frame = cv2.warpAffine(scene.frame, m, size, flags=cv2.INTER_CUBIC)
    moved = dataclasses.replace(
        scene, frame=frame, cards=[(c, (q - (x0, y0)) * k) for c, q in scene.cards]
    )
    return frame, cards_in_full_view(moved), k


@pytest.mark.parametrize(
    ("seed", "style", "corner", "width", "size"),
    [
        (400_015, "", (0.0, 0.0), 433.3, (640, 480)),
        (400_026, "tilt", (0.0, 106.2), 423.9, (1280, 960)),
    ],
)
def test_a_card_whose_corner_lies_under_another_is_not_claimed(
    seed: int, style: str, corner: tuple[float, float], width: float, size: tuple[int, int]
) -> None:
    """A card over a covered card's corner crosses its outline by a few pixels only (3 at
    the working scale): the covered card is not claimed, at any scale."""
    frame, whole, k = window_scene(seed, style, corner, width, size)
    claims = [f for f in find_cards(frame, load_profile("classic")) if f.card is not None]
    assert claims, "the clean top cards are still read"
    for f in claims:
        centre = np.asarray(f.center)
        near = [c for c, q in whole if np.linalg.norm(q.mean(0) - centre) < 20 * k]
        assert near == [f.card], f"{f.card} claimed where no whole card lies"


def test_cards_are_found_in_low_light_at_any_scale() -> None:
    """A whole frame is looked at as the zone reader looks at a read area: lifted and smoothed
    in low light (a dark tuning table seen at 4056x3040 gave no card at all)."""
    frame, whole, k = window_scene(400_043, "dark", (0, 0), 640, (4056, 3040))
    found = find_cards(frame, load_profile("classic"))
    near = {
        j
        for f in found
        for j, (_, q) in enumerate(whole)
        if np.linalg.norm(q.mean(0) - np.asarray(f.center)) < 20 * k
    }
    assert len(near) >= len(whole) // 2, f"{len(near)} of {len(whole)} cards found"
    for f in found:
        if f.card is not None:
            assert any(
                c == f.card and np.linalg.norm(q.mean(0) - np.asarray(f.center)) < 20 * k
                for c, q in whole
            ), f"{f.card} claimed where it does not lie"


def messy_small_scene(seed: int):
    """The messy tables of cards 5 % of the 640x480 frame's width (``--messy-small-scenes``)."""
    return messy_scene(seed, MESSY_SMALL_CARD_W)


def _found_near(found, quad: np.ndarray, card_w: float = 32.0) -> list:
    return [f for f in found if np.linalg.norm(np.asarray(f.center) - quad.mean(0)) < 0.35 * card_w]


def test_small_piles_are_looked_at_when_no_card_is_found_cleanly() -> None:
    # Messy small seed 320508: no clean outline anywhere (every top card's white runs into
    # its pile's), and the piles, measured against a card of 9 % of the width, were too small
    # to be looked at: none of the six top cards was found.
    scene = messy_small_scene(320_508)
    whole = cards_in_full_view(scene)
    found = find_cards(scene.frame, load_profile("classic"))
    assert len(whole) == 6
    assert sum(bool(_found_near(found, q)) for _, q in whole) >= 4
    for f in found:
        if f.card is not None:
            assert [c for c, q in whole if _found_near([f], q)] == [f.card]


@pytest.mark.parametrize(("seed", "at"), [(320_511, (491, 124))])
def test_a_small_card_beside_a_found_one_is_found(seed: int, at) -> None:
    # 320511: a card in full view, its corner on a pile's white, in a frame where another
    # blob gave a clean outline (so this blob was never parted).
    scene = messy_small_scene(seed)
    found = find_cards(scene.frame, load_profile("classic"))
    assert [f for f in found if np.linalg.norm(np.asarray(f.center) - at) < 10]
    whole = cards_in_full_view(scene)
    for f in found:
        if f.card is not None:
            assert [c for c, q in whole if _found_near([f], q)] == [f.card]

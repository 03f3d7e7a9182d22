"""Cards found without a layout: a covered card that looks whole beside the card over it is
never claimed (a messy pile's covered card read as a card is a wrong claim)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest
from messy_found import messy_found

from halli_pi.bench.vision import MESSY_SMALL_CARD_W, messy_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.reader import Doubt, State, find_cards, load_profile
from halli_pi.vision.reader.search import _on_top
from halli_pi.vision.render import (
    cards_in_full_view,
    default_zones,
    random_table,
    render_scene,
    styled_look,
)


# 300521: a covering card cuts a card straight along its long side; the part left in view
# is a clean card shape whose outline takes in a strip of the covering card.
# 300686: a second look at a pile whose top card no look found claimed a covered card
# sticking out from under it, its corner under the pile's top card.
@pytest.mark.parametrize("seed", [2, 104, 300_502, 300_504, 300_521, 300_686, 310_002])
def test_no_claim_where_no_whole_card_lies(seed: int) -> None:
    scene, found = messy_found(seed)
    whole = cards_in_full_view(scene)
    claims = [f for f in found if f.card is not None]
    assert claims, "the scene's clean top cards are still read"
    for f in claims:
        centre = np.asarray(f.center)
        near = [(c, q) for c, q in whole if np.linalg.norm(q.mean(0) - centre) < 20]
        assert near, f"{f.card} claimed where no whole card lies"
        assert near[0][0] == f.card


# A top card whose outline overlaps a covered card's of about its size: where they overlap,
# the top card's sides are seen over the covered card and the covered card's are hidden.
@pytest.mark.parametrize(
    ("seed", "card", "at"),
    [(300_502, "1 plum", (125, 159)), (300_504, "3 plum", (516, 158))],
)
def test_a_top_card_over_a_covered_card_of_its_size_is_read(seed: int, card: str, at) -> None:
    _, found = messy_found(seed)
    here = [f for f in found if np.linalg.norm(np.asarray(f.center) - at) < 10]
    assert len(here) == 1
    assert str(here[0].card) == card, here[0].doubt


def test_a_pile_the_cards_size_misses_is_looked_at_with_its_own_size() -> None:
    """A defocused table whose clean look finds no card: the piles' top cards are found by
    looks at the blobs of white; two of them the size the first cards found show (fitted over
    three cards far from them) missed, the blob's own extent finds."""
    _, found = messy_found(310_002)
    for card, at in (("1 strawberry", (122, 316)), ("1 lime", (319, 404))):
        here = [f for f in found if np.linalg.norm(np.asarray(f.center) - at) < 10]
        assert [str(f.card) for f in here] == [card]


@pytest.mark.parametrize("seed", [350_000, 350_002])
def test_piles_in_low_light_are_found_without_a_layout(seed: int) -> None:
    """A dark tuning table of messy piles: the blobs of white the piles make are looked for in
    the frame lit as the clean look lights it (unlit, they showed no white: no card found).
    The cards found so are doubted, not claimed (a covered card was claimed in the noise)."""
    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0, max_pile=6)
    look = dataclasses.replace(styled_look("dark", seed), mess=0.5)
    scene = render_scene(seats, default_zones(6), seed=seed, look=look)
    whole = cards_in_full_view(scene)
    found = find_cards(scene.frame, load_profile("classic"))
    near = {
        j
        for f in found
        for j, (_, q) in enumerate(whole)
        if np.linalg.norm(q.mean(0) - np.asarray(f.center)) < 20
    }
    assert len(near) >= len(whole) // 2, f"{len(near)} of {len(whole)} cards found"
    for f in found:
        if f.card is not None:
            centre = np.asarray(f.center)
            assert [c for c, q in whole if np.linalg.norm(q.mean(0) - centre) < 20] == [f.card]
    assert any(f.doubt is Doubt.LOST_IN_NOISE for f in found)


def test_which_card_is_on_top_is_told_from_their_sides_where_they_overlap() -> None:
    """Two outlines of one size that overlap: the one whose sides are seen over the other is
    on top; asked the other way round, no card is."""
    scene, found = messy_found(300_502)
    top = next(f for f in found if np.linalg.norm(np.asarray(f.center) - (125, 159)) < 10)
    under = next(f for f in found if np.linalg.norm(np.asarray(f.center) - (69, 173)) < 10)
    assert under.doubt is Doubt.ANOTHER_CARD_OVER_IT
    assert _on_top(scene.frame, top.corners, under.corners)
    assert not _on_top(scene.frame, under.corners, top.corners)


def test_covered_cards_are_listed_under_the_cards_over_them() -> None:
    scene = messy_scene(2)
    whole = cards_in_full_view(scene)
    tops = [lab.card for lab in scene.labels if lab.state == "card"]
    assert len(scene.cards) > len(tops)  # covered cards are drawn too
    assert {c for c, _ in whole} >= set(tops)  # every top card is in full view
    assert len(whole) < len(scene.cards)  # and some covered cards are not


def test_a_lone_card_is_still_claimed() -> None:
    _, found = messy_found(2)
    assert sum(f.state == State.CARD for f in found) >= 4


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

"""Cards found without a layout: a covered card that looks whole beside the card over it is
never claimed (a messy pile's covered card read as a card is a wrong claim)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from messy_found import messy_found

from halli_pi.bench.vision import messy_scene
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

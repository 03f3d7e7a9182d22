"""Cards found without a layout: a covered card that looks whole beside the card over it is
never claimed (a messy pile's covered card read as a card is a wrong claim)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from halli_pi.cards import classic_deck
from halli_pi.vision.reader import State, find_cards, load_profile
from halli_pi.vision.render import (
    _rng,
    cards_in_full_view,
    default_zones,
    random_look,
    random_table,
    render_scene,
)


def messy_scene(seed: int):
    """Piles of up to six cards whose covered cards stray half a card: the no-layout tuning
    scenes where covered cards were claimed."""
    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0, max_pile=6)
    look = dataclasses.replace(random_look(_rng("look", seed)), mess=0.5)
    return render_scene(seats, default_zones(6), seed=seed, look=look)


@pytest.mark.parametrize("seed", [2, 104])
def test_no_claim_where_no_whole_card_lies(seed: int) -> None:
    scene = messy_scene(seed)
    whole = cards_in_full_view(scene)
    claims = [f for f in find_cards(scene.frame, load_profile("classic")) if f.card is not None]
    assert claims, "the scene's clean top cards are still read"
    for f in claims:
        centre = np.asarray(f.center)
        near = [(c, q) for c, q in whole if np.linalg.norm(q.mean(0) - centre) < 20]
        assert near, f"{f.card} claimed where no whole card lies"
        assert near[0][0] == f.card


def test_covered_cards_are_listed_under_the_cards_over_them() -> None:
    scene = messy_scene(2)
    whole = cards_in_full_view(scene)
    tops = [lab.card for lab in scene.labels if lab.state == "card"]
    assert len(scene.cards) > len(tops)  # covered cards are drawn too
    assert {c for c, _ in whole} >= set(tops)  # every top card is in full view
    assert len(whole) < len(scene.cards)  # and some covered cards are not


def test_a_lone_card_is_still_claimed() -> None:
    scene = messy_scene(2)
    found = find_cards(scene.frame, load_profile("classic"))
    assert sum(f.state == State.CARD for f in found) >= 4

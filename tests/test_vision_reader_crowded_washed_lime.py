"""Without a layout, a lime whose highlight a reflection paled below ink is not read as a
banana by the bend its ink is left with: its pale print still draws the whole oval (crowded
tuning seed 2513506: a 1 lime on a face clipped all over, read 1 banana by its bend). The
4 banana beside it, in full view, still reads."""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.bench.heldout import crowded_scene
from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import Doubt, find_cards, load_profile

pytestmark = pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")

_SEED = 2513506


def _found_at(quad: np.ndarray) -> list:
    scene = crowded_scene(_SEED)
    found = find_cards(scene.frame, load_profile(scene.profile))
    centre = quad.mean(0)
    return [f for f in found if np.linalg.norm(np.asarray(f.center) - centre) < 20]


def test_the_washed_lime_is_not_read_as_a_banana() -> None:
    card, quad = crowded_scene(_SEED).in_view[0]
    assert card == parse_card("1 lime")
    got = _found_at(quad)
    assert got
    assert all(f.card is None for f in got)
    assert got[0].doubt == Doubt.COLOUR_BETWEEN_KINDS


def test_the_four_banana_beside_it_still_reads() -> None:
    card, quad = crowded_scene(_SEED).in_view[1]
    assert card == parse_card("4 banana")
    got = _found_at(quad)
    assert got and got[0].card == card

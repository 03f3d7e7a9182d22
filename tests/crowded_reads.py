"""Crowded tables read without a layout, as the bench tallies them: shared by the tests that pin
one crowded scene's claims and the cards in full view beside them."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import halli_pi.bench.heldout as heldout
from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import find_cards, load_profile


def crowded_read(seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[Counter, list]:
    """The bench's tally of the crowded scene ``seed`` and the cards found there (read once:
    the tally is given the cards found rather than reading the frame again)."""
    scene = crowded_scene(seed)
    found = find_cards(scene.frame, load_profile(scene.profile))
    seen = [(f.state.value, f.card, f.corners) for f in found]
    monkeypatch.setattr(heldout, "read_anywhere", lambda frame, profile: seen)
    tally: Counter = Counter()
    tally_no_layout(scene, "crowded", tally)
    return tally, found


def found_at(found: list, centre: tuple[float, float]):
    """The card found nearest ``centre`` (frame pixels)."""
    return min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - centre)))

"""The no-layout scorer counts a card in view whole when a later card overlaps it by no more
than half a pixel across (``_hides``): such an overlap changes only pixels of the card's own
anti-aliased edge. Crowded tuning seed 2510508: a 2 plum whose side another card's corner
crossed 0.26 pixels deep (1.3 square pixels) was counted covered, and its right reading a
claim where no whole card lies. An overlap a pixel or more across still hides the card."""

from __future__ import annotations

from collections import Counter

import numpy as np

from halli_pi.bench.heldout import _hides, crowded_scene, tally_no_layout


def _square(cx: float, cy: float, side: float, turn_deg: float) -> np.ndarray:
    a = np.radians(turn_deg)
    u = np.array([np.cos(a), np.sin(a)]) * side / 2
    v = np.array([-np.sin(a), np.cos(a)]) * side / 2
    c = np.array([cx, cy])
    return np.array([c - u - v, c + u - v, c + u + v, c - u + v])


_CARD = _square(100.0, 100.0, 60.0, 0.0)  # its right side on x = 130


def _corner_in(depth: float) -> np.ndarray:
    """A card turned 45 degrees, its left corner ``depth`` pixels past ``_CARD``'s right
    side, a long way from its corners."""
    return _square(130.0 - depth + 60.0 / np.sqrt(2.0), 100.0, 60.0, 45.0)


def test_a_quarter_pixel_over_a_side_does_not_hide() -> None:
    # Another card's side along this one's: ten square pixels, 0.26 pixels across.
    assert not _hides(_square(130.0 + 20.0 - 0.26, 100.0, 40.0, 0.0), _CARD)


def test_a_corner_a_pixel_over_a_side_hides() -> None:
    assert _hides(_corner_in(1.5), _CARD)
    assert _hides(_square(130.0 + 20.0 - 1.0, 100.0, 40.0, 0.0), _CARD)


def test_a_card_under_another_is_hidden() -> None:
    assert _hides(_square(110.0, 105.0, 60.0, 30.0), _CARD)


def test_no_claim_on_crowded_tuning_seed_2510508() -> None:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(2510508), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:in_view"] == 3

"""Without a layout, a whole card whose white runs into a found card's at a corner is looked
at: what is left of the blob beside the outlines found is read as a pile."""

from __future__ import annotations

import dataclasses

import numpy as np

from halli_pi.cards import classic_deck
from halli_pi.vision.reader import find_cards, load_profile
from halli_pi.vision.render import (
    cards_in_full_view,
    default_zones,
    random_table,
    render_scene,
    styled_look,
)


def _messy_small(seed: int):
    """A messy tuning table of small cards (5 % of the 640x480 frame's width), as the bench
    renders it (``--messy-small-scenes``)."""
    seats = random_table(seed, classic_deck(), p_arm=0.0, p_empty=0.0, max_pile=6)
    look = dataclasses.replace(styled_look("", seed), mess=0.5, card_w=32.0)
    return render_scene(seats, default_zones(6), seed=seed, look=look)


def test_a_lone_card_touching_a_found_cards_corner_is_found() -> None:
    """Messy small tuning seed 320514: a lone 5 plum whose corner touches a 3 plum's was
    never looked at (its white one blob with the 3 plum's, whose middle lies on it)."""
    scene = _messy_small(320_514)
    found = find_cards(scene.frame, load_profile("classic"))
    assert any(np.linalg.norm(np.asarray(f.center) - (346, 62)) < 8 for f in found)
    whole = cards_in_full_view(scene)
    for f in found:
        if f.card is None:
            continue
        centre = np.asarray(f.center)
        near = [c for c, q in whole if np.linalg.norm(q.mean(0) - centre) < 10]
        assert near == [f.card], f"{f.card} claimed where no whole card lies"

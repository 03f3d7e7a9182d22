"""Without a layout, a light falling off across the table (a window's) is evened out before a
second look: one card white for the whole frame, judged on its bright side, left the cards on
its dim side unfound (crowded tuning seed 370020: three whole cards found nowhere). Only
cards whose face the frame's own white did not show are added so. An evenly lit frame is
looked at once."""

from __future__ import annotations

from collections import Counter

import numpy as np

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import State, find_cards, load_profile
from halli_pi.vision.reader.search import _light_evened


def _read_at(seed: int) -> list[tuple[object, object]]:
    """(truth, card read) for each card in view on crowded tuning table ``seed``."""
    scene = crowded_scene(seed)
    found = find_cards(scene.frame, load_profile(scene.profile))
    out = []
    for card, quad in scene.in_view:
        centre = quad.mean(0)
        near = [
            f for f in found if np.linalg.norm(np.asarray(f.center) - centre) < 0.35 * scene.card_w
        ]
        out.append((card, near[0].card if near and near[0].state == State.CARD else None))
    return out


def test_cards_in_a_windows_dim_half_are_read() -> None:
    # A 1 banana and a 4 strawberry on the dim side of a plain table, window light: no card
    # white there in the frame's own look.
    got = _read_at(370020)
    for truth, card in got:
        if str(truth) in ("1 banana", "4 strawberry"):
            assert card == truth


def test_no_claim_where_the_frames_own_white_showed_a_card() -> None:
    # A 3 strawberry whose corner lies a few pixels under another card's side, on a window's
    # dim side: 8 % of its face white in the frame's own look; read whole in the evened look
    # (the 1 plum beside it, not white at all there, is read).
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(382501), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0
    got = dict((str(t), c) for t, c in _read_at(382501))
    assert str(got["1 plum"]) == "1 plum"


def test_the_window_light_is_evened_out() -> None:
    frame = crowded_scene(370020).frame
    evened = _light_evened(frame)
    assert evened is not None
    # The table's level on the dim side is lifted towards the bright side's.
    h, w = frame.shape[:2]
    left = np.s_[h // 3 : 2 * h // 3, : w // 10]
    right = np.s_[h // 3 : 2 * h // 3, -w // 10 :]
    before = float(frame[right].mean()) / float(frame[left].mean())
    after = float(evened[right].mean()) / float(evened[left].mean())
    assert after < 0.6 * before


def test_an_evenly_lit_table_is_looked_at_once() -> None:
    # Even light on a dark cloth (crowded tuning seed 370024).
    assert crowded_scene(370024).recipe.light == "even"
    assert _light_evened(crowded_scene(370024).frame) is None

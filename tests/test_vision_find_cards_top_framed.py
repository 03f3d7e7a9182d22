"""Without a layout, an outline read whole but doubted for another whole card against it
(``search._card_against``: it may be the part of a covered card that the other leaves in
view) is read when it is found whole and seen lying over that card
(``search._over_the_card_against_it``): one of its sides runs across the other's outline."""

from __future__ import annotations

import numpy as np
from messy_found import messy_found

from halli_pi.bench.vision import messy_look, messy_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, Found, find_cards, load_profile, search

# Messy table 2138028: a whole 2 lime on its pile, its side across a covered 3 banana
# beside it whose outline, fitted on its edges, is wider than the lime's of card white.
SEED, CENTRE = 2138028, (317.6, 396.8)


def _near(found: tuple[Found, ...] | list[Found]) -> list[Found]:
    within = 0.35 * messy_look(SEED).card_w
    return [f for f in found if float(np.linalg.norm(np.asarray(f.center) - CENTRE)) < within]


def test_a_card_seen_over_the_card_against_it_is_read() -> None:
    _, found = messy_found(SEED)
    assert [f.card for f in _near(found)] == [parse_card("2 lime")]


def test_without_the_look_at_which_lies_on_top_it_is_doubted(monkeypatch) -> None:
    monkeypatch.setattr(search, "_over_the_card_against_it", lambda frame, r, against: r)
    found = find_cards(messy_scene(SEED).frame, load_profile("classic"))
    assert [(f.card, f.doubt) for f in _near(found)] == [(None, Doubt.TWO_CARDS_EITHER_ON_TOP)]

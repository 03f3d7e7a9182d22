"""Without a layout, an outline read whole with another whole card's outline against it is
doubted (``search._card_against``, the zone policy's two-cards check): it may be the part
of a card the other leaves in view. The checks after it (``_whole_or_doubt``,
``touching_cards``) do not keep out a card whose side lies a sliver under its neighbour's:
no other card's side runs through its corners or across its face, and the two outlines of
card white, each a pixel or two inside its printed edge, do not touch."""

from __future__ import annotations

import numpy as np
from messy_found import messy_found

from halli_pi.bench.vision import messy_look, messy_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, Found, find_cards, load_profile, search

# Messy tuning table 2138008: a 2 banana with 95 % of its face in view (its top side under
# the 2 lime beside it), so not a card in full view (``render.cards_in_full_view``).
SEED, CENTRE = 2138008, (135.6, 210.9)


def _near(found: tuple[Found, ...] | list[Found]) -> list[Found]:
    within = 0.35 * messy_look(SEED).card_w
    return [f for f in found if float(np.linalg.norm(np.asarray(f.center) - CENTRE)) < within]


def test_a_card_a_sliver_under_another_is_doubted() -> None:
    _, found = messy_found(SEED)
    assert [(f.card, f.doubt) for f in _near(found)] == [(None, Doubt.TWO_CARDS_EITHER_ON_TOP)]


def test_without_the_two_cards_check_it_is_claimed(monkeypatch) -> None:
    # What the check keeps out: the checks after it take the 2 banana for a whole card.
    monkeypatch.setattr(search, "_card_against", lambda *args, **kwargs: None)
    found = find_cards(messy_scene(SEED).frame, load_profile("classic"))
    assert [f.card for f in _near(found)] == [parse_card("2 banana")]

"""Without a layout, white left beside the cards found where a look at a pile's white only
found one of them again is looked at with that card painted out (``search._cards_taken_out``):
the card beside it, whose white ran into the found card's through the card under both, was
never looked at. A card so found stands only beside the card painted out
(``Tuning.beside_near``), and is still asked whether it is whole (``_whole_or_doubt``,
``touching_cards``) on the frame itself."""

from __future__ import annotations

import dataclasses

import numpy as np

from halli_pi.bench import heldout
from halli_pi.bench.vision import MESSY_SMALL_CARD_W, messy_look, messy_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, Found, find_cards, load_profile, search


def _near(found: list[Found], centre: tuple[float, float], within: float) -> list[Found]:
    return [f for f in found if float(np.linalg.norm(np.asarray(f.center) - centre)) < within]


def _small_table(seed: int) -> list[Found]:
    scene = messy_scene(seed, MESSY_SMALL_CARD_W)
    return find_cards(scene.frame, load_profile("classic"))


# Messy small table 2118001: a 3 strawberry whose white runs into the 3 strawberry found
# beside it (0.23 of a short side apart) through the card under both.
SMALL_SEED, SMALL_CARD, SMALL_CENTRE = 2118001, "3 strawberry", (520.0, 158.0)


def test_a_card_beside_a_found_card_is_found() -> None:
    near = _near(_small_table(SMALL_SEED), SMALL_CENTRE, 0.35 * MESSY_SMALL_CARD_W)
    assert [f.card for f in near] == [parse_card(SMALL_CARD)]


def test_without_painting_out_the_card_beside_is_not_found(monkeypatch) -> None:
    monkeypatch.setattr(search, "_cards_taken_out", lambda frame, zone, kept: frame)
    assert _near(_small_table(SMALL_SEED), SMALL_CENTRE, 0.35 * MESSY_SMALL_CARD_W) == []


# Messy tuning table 2418008: a 3 banana whose pile's look found again an outline doubted
# beside it; found with that outline painted out, and doubted (the pile round it).
MESSY_SEED, MESSY_CENTRE = 2418008, (521.0, 317.0)


def _messy_near() -> list[Found]:
    scene = messy_scene(MESSY_SEED)
    found = find_cards(scene.frame, load_profile("classic"))
    return _near(found, MESSY_CENTRE, 0.35 * messy_look(MESSY_SEED).card_w)


def test_a_whole_card_beside_a_doubted_outline_is_found_and_doubted() -> None:
    assert [(f.card, f.doubt) for f in _messy_near()] == [(None, Doubt.TWO_CARDS_EITHER_ON_TOP)]


def test_without_painting_out_the_card_beside_the_doubt_is_not_found(monkeypatch) -> None:
    monkeypatch.setattr(search, "_cards_taken_out", lambda frame, zone, kept: frame)
    assert _messy_near() == []


# Crowded tuning table 2118008: a 5 banana under another card's corner, far from the card
# painted out of a blob spanning most of the table.
CROWDED_SEED, FAR_CENTRE = heldout.CROWDED_SEEDS + 2118008, (221.0, 282.0)


def _crowded_near_far_card() -> list[Found]:
    scene = heldout.crowded_scene(CROWDED_SEED)
    found = find_cards(scene.frame, load_profile(scene.profile))
    return _near(found, FAR_CENTRE, 0.35 * scene.card_w)


def test_a_card_far_from_the_card_painted_out_is_not_claimed() -> None:
    assert all(f.card is None for f in _crowded_near_far_card())


def test_without_the_gap_check_the_far_card_is_claimed(monkeypatch) -> None:
    # What the check keeps out: the covered 5 banana, read whole once its blob's card is
    # painted out, and taken for a whole card by the checks after it.
    monkeypatch.setattr(search, "T", dataclasses.replace(search.T, beside_near=10.0))
    claimed = [f.card for f in _crowded_near_far_card() if f.card is not None]
    assert claimed == [parse_card("5 banana")]

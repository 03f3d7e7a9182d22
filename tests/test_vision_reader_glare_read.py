"""Cards a person reads plainly through a reflection: a symbol it washed smaller is still
one symbol where the print's layout says so, beside whole symbols of any kind (a clone's
four corners) and beside bananas (a banana is shaped like several symbols alone, and its
size says it is one). A washed symbol whose count the layout does not tell stays a doubt."""

from __future__ import annotations

import numpy as np
from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import Blob, State, card, load_profile
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.profile import KindModel


def test_a_washed_lime_at_a_four_s_corner_beside_two_plums_and_a_lime_is_read(monkeypatch):
    # Guard style cloth, clone, seed 323501 seat 1: the top lime of a 2 lime + 2 plum,
    # washed by a reflection, was measured as 0.59 of a lime and doubted.
    said = said_by(monkeypatch, card, "_last_corner_beside_three_whole_singles")
    label, got = read_styled("clone", "cloth", 323501, 1)
    assert label.card == parse_card("2 lime + 2 plum")
    assert got.state == State.CARD and got.card == label.card
    assert True in said


def test_a_washed_banana_beside_two_bananas_and_a_strawberry_is_read():
    # Guard style phone_dim, clone, seed 339500 seat 0: a 3 banana + 1 strawberry, one
    # banana washed by a reflection; the other bananas never counted as whole singles.
    label, got = read_styled("clone", "phone_dim", 339500, 0)
    assert label.card == parse_card("3 banana + 1 strawberry")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_banana_of_a_classic_four_is_one_by_its_partner_across_the_centre():
    # Guard style phone_dim, scans, seed 319500 seat 1: a 4 banana whose bottom left banana
    # a reflection washed to 0.53 of the others, its partner a whole banana.
    label, got = read_styled("scan", "phone_dim", 319500, 1)
    assert label.card == parse_card("4 banana")
    assert got.state == State.CARD and got.card == label.card


def test_a_washed_banana_beside_two_strawberries_still_stays_a_doubt():
    # Three symbols fill no four's corners: the count of the washed one is not told.
    label, got = read_styled("clone", "lamp", 1676001, 0)
    assert label.card == parse_card("1 banana + 2 strawberry")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE


def _kind(name: str) -> KindModel:
    return next(k for k in load_profile("clone").kinds if k.kind == name)


def _several(kind: KindModel, size: float = 1.0) -> Blob:
    """A blob of ``kind``, ``size`` symbols large, shaped like symbols that touch."""
    return Blob(size * kind.unit_area, kind.ab, 1.0, False, [], several=True)


def _card(*, searched: bool) -> card._Card:
    img = np.full((96, 62, 3), 200, np.uint8)
    return card._Card(img, load_profile("clone"), strict_edge=False, one_size=searched)


def test_a_banana_shaped_like_several_is_shaped_as_one():
    banana = _kind("banana")
    assert card._shaped_as_one(_card(searched=False), _several(banana), banana.kind)


def test_a_banana_on_a_searched_outline_is_judged_by_its_shape():
    banana = _kind("banana")
    assert not card._shaped_as_one(_card(searched=True), _several(banana), banana.kind)


def test_a_round_kind_shaped_like_several_is_not_shaped_as_one():
    plum = _kind("plum")
    assert not card._shaped_as_one(_card(searched=False), _several(plum), plum.kind)


def test_two_bananas_that_touch_are_no_whole_single():
    banana = _kind("banana")
    assert not card._whole_single(_several(banana, 2.0), banana)

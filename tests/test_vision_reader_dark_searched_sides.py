"""In low light's noise a last look's card-sized rectangles on a zone's edges are searched once
more, each side let lie on an edge over ``Tuning.searched_side_support`` of its length: the
step from a top card to the white card under it breaks up along a side in the noise, and whole
top cards read "no whole card". What such an outline frames is still read strictly (a symbol
it cuts is a doubt), and a clean view's search is as before. That search asks the first
search's placements again, with less of each side on an edge: it places no card again."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision import outline
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, zone
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled

pytestmark = pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")


def test_a_dark_table_s_top_card_is_found_on_broken_sides() -> None:
    # Scans, tuning style dark: a 4 plum in low light and a sensor's noise; it read "no whole
    # card".
    label, got = read_styled("scan", "dark", 1686001, 2)
    assert label.card == parse_card("4 plum")
    assert got.state == State.CARD and got.card == label.card


def test_a_dark_table_s_one_banana_is_read_on_its_own_outline() -> None:
    # The same scene: a 1 banana whose outline, found on the edges as they were asked,
    # ran past it and cut a symbol.
    label, got = read_styled("scan", "dark", 1686001, 4)
    assert label.card == parse_card("1 banana")
    assert got.state == State.CARD and got.card == label.card


def test_a_searched_outline_cutting_a_symbol_still_abstains() -> None:
    # The same scene: the searched outline over a 5 strawberry cuts a strawberry off.
    label, got = read_styled("scan", "dark", 1686001, 3)
    assert label.card == parse_card("5 strawberry")
    assert got.state == State.UNKNOWN
    assert got.doubt == Doubt.SYMBOL_CUT_BY_OUTLINE


def test_the_search_on_broken_sides_scores_no_placement_again(monkeypatch) -> None:
    # The 4 plum's scene: its last look finds it on the second search. Scoring the same cards
    # placed on the same edges twice in one last look would be the same work done twice: the
    # first search's scores serve both.
    searches: list[list[tuple[int, bytes]]] = []  # each last look's scorings

    def search(*args, **kwargs):
        searches.append([])
        return (yield from search_steps(*args, **kwargs))

    def score(dist, quads):
        searches[-1].append((hash(dist.tobytes()), quads.tobytes()))
        return coarse_cost(dist, quads)

    search_steps, coarse_cost = zone._search_steps, outline._coarse_cost
    monkeypatch.setattr(zone, "_search_steps", search)
    monkeypatch.setattr(outline, "_coarse_cost", score)
    label, got = read_styled("scan", "dark", 1686001, 2)
    assert got.state == State.CARD and got.card == label.card
    assert searches and all(len(set(scored)) == len(scored) for scored in searches)

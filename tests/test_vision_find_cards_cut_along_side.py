"""Without a layout, a whole card lying over a covered card cut straight along its side is
read (``search._cut_along_its_side``): the covered card's outline was doubted for that side
running through its corner, and the top card was doubted beside it, either on top. The
covered card stays unclaimed; a card meeting such an outline only at a corner is still for
``_beside_a_covered_outline`` to judge."""

from __future__ import annotations

import numpy as np
import pytest
from messy_found import messy_found

from halli_pi.bench.vision import messy_scene
from halli_pi.vision.reader import Doubt, Found, find_cards, load_profile, search
from halli_pi.vision.reader.reading import Reading

# Messy tuning seed 2571017: a 4 strawberry over a 2 lime that it covers along its side
# (6 % of the lime hidden), the two outlines a pixel apart.
_SEED = 2571017
_TOP = (523.0, 315.0)
_CUT = (578.0, 303.0)


def _at(found: tuple[Found, ...] | list[Found], x: float, y: float) -> Found:
    return min(found, key=lambda f: float(np.linalg.norm(np.asarray(f.center) - (x, y))))


def test_the_card_over_a_card_cut_along_its_side_is_read() -> None:
    _, found = messy_found(_SEED)
    top = _at(found, *_TOP)
    assert top.doubt is None and str(top.card) == "4 strawberry"


def test_the_card_cut_along_its_side_is_not_claimed() -> None:
    _, found = messy_found(_SEED)
    cut = _at(found, *_CUT)
    assert cut.card is None and cut.doubt == Doubt.SIDE_THROUGH_A_CORNER


def test_a_whole_card_of_another_pile_still_reads() -> None:
    _, found = messy_found(_SEED)
    beside = _at(found, 116.0, 315.0)
    assert beside.doubt is None and str(beside.card) == "1 lime"


def test_without_the_look_along_the_side_the_card_was_doubted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search, "_cut_along_its_side", lambda frame, top, other: False)
    found = find_cards(messy_scene(_SEED).frame, load_profile("classic"))
    top = _at(found, *_TOP)
    assert top.card is None and top.doubt == Doubt.TWO_CARDS_EITHER_ON_TOP


def test_a_card_meeting_the_doubted_outline_at_a_corner_is_not_cut_along_its_side() -> None:
    # Messy tuning seed 2388020: a 1 banana's corner two pixels over a 5 lime's; the banana
    # doubted for a side through its corner. Meeting at a corner only, it is not judged here.
    _, found = messy_found(2388020)
    frame = messy_scene(2388020).frame
    lime, banana = _at(found, 92.0, 383.0), _at(found, 121.0, 316.0)
    assert banana.doubt == Doubt.SIDE_THROUGH_A_CORNER
    other = Reading.of_doubt(banana.doubt, corners=banana.corners, area=1.0)
    assert not search._cut_along_its_side(frame, lime.corners, other)
    assert lime.card is None

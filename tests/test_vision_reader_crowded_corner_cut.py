"""Without a layout, a card whose corner another card's side cuts off is not claimed, also
where the edge of this card's face inside that side is wider than ``Tuning.across_clear_from``
(``side_across_a_corner``): on a small card seen enlarged in low light, and where that side
runs nearly along this card's overexposed white side. Its own blurred line fades out where the
brightness inside it stops rising (``_past_the_rise``); a side of this card between darkens it
again and still counts. Only where the edge runs in and out again across the corner, as the
side of a card over this one does (a side of a card under it stops at its edge: a top card
whose outline, a few pixels off, takes in such a side still reads), and crosses the side at
no more than ``Tuning.across_rise_angle_most``: a top card's outline that takes in an under
card's side square to its own still reads. The whole cards beside still read."""

from __future__ import annotations

import numpy as np
import pytest
from crowded_reads import crowded_read, found_at

from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import find_cards, load_profile
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.search import _past_the_rise


def test_the_edge_line_fading_out_is_skipped() -> None:
    # A blurred edge inside another card's side, rising to the face: nothing of it is left.
    assert list(_past_the_rise(np.array([51, 56, 64, 71], np.uint8))) == [71]


def test_a_side_after_the_edge_still_counts() -> None:
    # The edge fades out, then this card's own side darkens the face again.
    assert 120 in _past_the_rise(np.array([90, 200, 240, 120, 250], np.uint8))


def _card_at(found: list, centre: tuple[float, float]) -> str:
    return str(found_at(found, centre).card)


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_dim_small_card_cut_at_a_corner_is_doubted(monkeypatch: pytest.MonkeyPatch) -> None:
    # Crowded tuning seed 2507513, a dark table: a 1 strawberry 67 pixels across whose top
    # corner a 3 banana card's side cuts off was claimed; the edge inside that side, seen
    # enlarged and blurred, darkened its face 3 pixels in (51 of a face of 73).
    tally, found = crowded_read(2507513, monkeypatch)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:wrong"] == 0
    assert found_at(found, (161.4, 178.2)).doubt == Doubt.SIDE_ACROSS_A_CORNER
    assert _card_at(found, (472.9, 169.8)) == "1 strawberry"
    assert _card_at(found, (316.1, 355.2)) == "1 banana"


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_white_card_cut_nearly_along_its_side_is_doubted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Crowded tuning seed 2507506, white faces at the camera's top level: a 3 strawberry
    # whose corner a 3 banana card's side cuts off, crossing its side at 24 degrees, was
    # claimed; the edge inside that side darkened its face 5 pixels in (210 of 255).
    tally, found = crowded_read(2507506, monkeypatch)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:wrong"] == 0
    assert found_at(found, (269.4, 546.8)).doubt == Doubt.SIDE_ACROSS_A_CORNER
    assert _card_at(found, (430.4, 261.0)) == "1 plum"
    assert _card_at(found, (989.8, 571.1)) == "2 plum"


def test_an_under_cards_side_square_to_a_top_card_still_reads() -> None:
    # Messy tuning seed 300508: a whole 1 banana on top of a pile, whose outline a pixel off
    # takes in the side of a card under it, crossing its side at 81 degrees. Inside, the
    # brightness rises through this card's own grey side into its face (209, 228, 244, 252
    # of 255): that side is not skipped, and the card is not taken for cut at a corner.
    from halli_pi.bench.vision import messy_scene

    found = find_cards(messy_scene(300508).frame, load_profile("classic"))
    assert _card_at(found, (120.1, 315.0)) == "1 banana"
    assert _card_at(found, (118.7, 164.8)) == "4 strawberry"


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_an_under_cards_side_ending_inside_a_top_cards_outline_still_reads() -> None:
    # No-layout tuning seed 360040: a top card's outline a few pixels off takes in the sides
    # of two cards under it near its corners, crossing its side at 37 and 45 degrees (as the
    # covering sides above do, 24 and 44). Those sides stop at the top card's own side, inside
    # the outline: the top card is not doubted for a corner.
    from halli_pi.bench.heldout import compose, no_layout_recipe

    scene = compose(no_layout_recipe(360040), 360040, "nolayout")
    found = find_cards(scene.frame, load_profile(scene.profile))
    assert found
    assert all(f.doubt is not Doubt.SIDE_ACROSS_A_CORNER for f in found)

"""Without a layout, a card whose corner lies under a neighbouring card's side is not claimed
also where the line detector finds that side in two pieces broken at the corner
(``side_through_a_corner_in_pieces``): over the covered card the side has card white on both
sides of it, past the corner the table on one, and the edge breaks where that changes. The
two pieces on one line, a short gap apart by the corner, crossing the corner's tip, are one
side through it. The cards in full view beside it still read."""

from __future__ import annotations

import numpy as np
import pytest
from crowded_reads import crowded_read, found_at

from halli_pi.vision.art import scans_available
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.search import _pieces_at_a_corner


def test_two_pieces_of_one_side_at_a_corner_are_joined() -> None:
    quad = np.array([[0, 0], [100, 0], [100, 150], [0, 150]], np.float32)
    # A side crossing the corner (100, 0) a little inside it, broken 3 pixels by the corner.
    segments = np.array([[40, 6, 97, 3], [100, 2.8, 150, 0]], np.float32)
    (joined, corner), *rest = _pieces_at_a_corner(quad, segments)
    assert not rest
    assert list(corner) == [100, 0]
    assert np.allclose(joined, [40, 6, 150, 0], atol=0.5)


def test_pieces_apart_from_the_corners_or_off_the_line_are_not() -> None:
    quad = np.array([[0, 0], [100, 0], [100, 150], [0, 150]], np.float32)
    # The gap in the middle of a side, far from any corner.
    assert not _pieces_at_a_corner(quad, np.array([[10, 2, 47, 2], [53, 2, 90, 2]], np.float32))
    # Two edges at the corner at a card's angle: a corner, not one side.
    assert not _pieces_at_a_corner(quad, np.array([[40, 3, 97, 3], [99, 5, 99, 60]], np.float32))


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_corner_under_a_side_found_in_pieces_is_not_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Crowded tuning seed 2510516, a felt table: a 1 banana whose top corner lies 5 pixels
    # under the bottom side of a 3 lime card was claimed; the lime's side was found up to the
    # banana's corner (lime white over banana white) and on from it (over the table).
    tally, found = crowded_read(2510516, monkeypatch)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:wrong"] == 0
    assert found_at(found, (419.0, 550.0)).doubt == Doubt.SIDE_THROUGH_A_CORNER
    # The cards in full view beside it still read.
    assert str(found_at(found, (628.0, 635.9)).card) == "1 banana"
    assert str(found_at(found, (643.1, 310.7)).card) == "2 plum"

"""Without a layout, a small card whose corner lies tucked a few pixels under a neighbouring
pile's card is not claimed: that card's side runs in across the corner and out again
(``side_across_a_corner``), and inside it the face is looked for past the side's blurred line
out to ``Tuning.across_rise_look`` of the short side, which on a small card seen enlarged fills
the whole way to ``corner_at_look_*``. The whole cards of the same table still read."""

from __future__ import annotations

import pytest
from crowded_reads import crowded_read, found_at

from halli_pi.vision.art import scans_available
from halli_pi.vision.reader.doubts import Doubt


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_corner_tucked_under_a_neighbours_card_is_doubted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Crowded tuning seed 2510512, a wooden table under glare, 640x480: the top corner of a
    # 2 strawberry 68 pixels across lies some 6 pixels under a card of the next pile, whose
    # side crosses its outline at 61 degrees. Inside that side its blurred line was still
    # rising where the face was looked for (194, 200, 209, 220 of a face of 246), and the
    # strawberry was claimed.
    tally, found = crowded_read(2510512, monkeypatch)
    assert tally["crowded:claims_not_in_view"] == 0
    assert tally["crowded:wrong"] == 0
    assert found_at(found, (200.0, 286.0)).doubt == Doubt.SIDE_ACROSS_A_CORNER
    # The cards in full view beside it still read.
    assert str(found_at(found, (314.0, 343.0)).card) == "2 plum"
    assert str(found_at(found, (449.0, 292.0)).card) == "1 strawberry"

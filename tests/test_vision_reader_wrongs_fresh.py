"""Wrong cards found on fresh tuning seeds, each closed by a doubt that is true of the
picture: a strawberry a reflection washed to lilac, measured whole with its pale rest as a
plum."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_a_washed_piece_of_another_hue_through_the_reflection_is_a_doubt() -> None:
    # Clone, style cloth, seed 242513, seat 5: a reflection washed the top-left strawberry of
    # a 3 strawberry + 1 plum to lilac, near the plum's colour on the card's white; measured
    # whole with its pale rest it read as a plum, and the card as 2 strawberry + 2 plum. Seen
    # through the reflection its print is of a strawberry's hue.
    label, got = read_styled("clone", "cloth", 242513, 5)
    assert label.card == parse_card("3 strawberry + 1 plum")
    assert got.card != parse_card("2 strawberry + 2 plum")
    assert got.doubt == Doubt.PALE_REST_OF_ANOTHER_HUE

"""A wrong card under a lamp's spot: a 3 banana whose middle banana the spot washed to a faint
remnant. The clean outline doubted glare over the face (the middle place just hidden enough);
a second look's outline fitted at the other cards' size, over the same face, measured the place
a shade less hidden and read the corners as a 2. A fit over a face whose clean read doubted
glare keeps the doubt where it reads a classic wide pair with its middle place clipped
(``zone._fitted_over_a_washed_middle``)."""

from __future__ import annotations

from styled_reads import read_styled_seats

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_3_banana_whose_middle_a_spot_washed_is_never_read_as_a_2() -> None:
    # Deluxe, style lamp, seed 2496001, seat 3: the middle banana under a clipped spot, its
    # corners lifted 26 and 106 towards it; the fit read 2 banana.
    ((label, got), (label0, got0)) = read_styled_seats("deluxe", "lamp", 2496001, (3, 0))
    assert label.card == parse_card("3 banana")
    assert got.card != parse_card("2 banana")
    assert got.state is State.UNKNOWN
    assert got.doubt is Doubt.GLARE_OVER_FACE
    # A right card of the same table, away from the spot, still reads.
    assert label0.card == parse_card("5 banana")
    assert got0.state is State.CARD and got0.card == label0.card

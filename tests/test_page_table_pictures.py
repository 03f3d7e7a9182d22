"""The page table's camera pictures, kept for a worker's tests: the same bytes as drawn afresh."""

from __future__ import annotations

import numpy as np
import pytest
from page_table import piles_picture

from halli_pi.cards import parse_card
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, render_scene


def _drawn(tops, n_seats: int) -> np.ndarray:
    """The picture as the table drew it before pictures were kept."""
    seats = [SeatState(pile=() if c is None else (c,)) for c in tops]
    return render_scene(seats, default_zones(n_seats, IMAGE_SIZE), seed=1).frame


@pytest.mark.parametrize(
    "tops", [(parse_card("3 plum"), None, parse_card("2 banana")), (None, None, None)]
)
def test_a_kept_picture_is_the_picture_drawn_afresh_byte_for_byte(tops) -> None:
    fresh = _drawn(tops, len(tops))
    first, again = piles_picture(tops, len(tops)), piles_picture(tops, len(tops))
    assert again is first  # the second shot's picture was kept, not drawn again
    for kept in (first, again):
        assert kept.dtype == fresh.dtype and kept.shape == fresh.shape
        assert kept.tobytes() == fresh.tobytes()


def test_a_kept_picture_cannot_be_drawn_over_and_a_shot_s_copy_can() -> None:
    tops = (parse_card("5 lime"), parse_card("1 strawberry"))
    kept = piles_picture(tops, 2)
    with pytest.raises(ValueError):
        kept[0, 0] = 0
    shot = kept.copy()
    shot[:] = 0
    assert piles_picture(tops, 2).tobytes() == _drawn(tops, 2).tobytes()

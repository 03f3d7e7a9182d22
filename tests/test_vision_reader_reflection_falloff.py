"""A dim face beside a wide reflection: the reflection's smooth falloff is no card's edge.

Local contrast (a pixel against the brightest of its neighbours) splits a card's white from
the shadowed edges of the cards under it; beside a lamp's wide reflection on a dim face the
falloff is steep enough to fail it over a ring of the face, and the white is cut to pieces
that frame no card. A first look that finds no outline looks again with the contrast judged
against no more than the faces' level (``light._white_mask(beside_reflection=True)``)."""

from __future__ import annotations

import numpy as np
import pytest
from styled_reads import read_styled

from halli_pi.vision.reader import State, _white_mask


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat"),
    [
        ("clone", "night", 700016, 2),
        ("deluxe", "night", 700002, 0),
        ("deluxe", "night", 700002, 2),
        ("clone", "phone", 700008, 0),
    ],
)
def test_a_dim_face_beside_a_wide_reflection_is_read(deck, style, seed, seat):
    label, got = read_styled(deck, style, seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card, got.why


def test_no_look_again_without_a_wide_reflection():
    # A plain dim face, no reflection: nothing to judge the contrast against otherwise.
    img = np.full((120, 160, 3), 20, np.uint8)
    img[30:90, 40:120] = 90
    white, illum = _white_mask(img)
    assert illum is not None and white[60, 80]
    assert _white_mask(img, beside_reflection=True)[1] is None

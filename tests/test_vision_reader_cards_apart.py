"""Without a layout, two whole cards whose corners only come near each other over the table
are both read (``search._apart``): a card under another with no outline over it is cut
straight along that card's side, or by a card beneath the other, whose white shows between
them. Two cards side by side along a side, or with a third card's white where they meet,
stay doubted (``TWO_CARDS_EITHER_ON_TOP``)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from drawn_cards import LEFT_CARD, LEFT_TIP, card_beside, card_rect, drawn_table

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.vision.reader import Doubt, find_cards, load_profile
from halli_pi.vision.reader.search import _apart


def test_corners_meeting_over_the_table_are_apart() -> None:
    right = card_beside(3.0, -20)
    frame = drawn_table(LEFT_CARD, right)
    assert _apart(frame, LEFT_CARD, right)
    assert _apart(frame, right, LEFT_CARD)


def test_a_card_beneath_where_corners_meet_is_not_apart() -> None:
    # A third card under both, its white showing round where their corners meet: it may
    # lie over one of the corners.
    right = card_beside(3.0, -20)
    under = card_rect(tuple(LEFT_TIP + (4.0, -30.0)), (60, 90), 70)
    assert not _apart(drawn_table(under, LEFT_CARD, right), LEFT_CARD, right)


def test_cards_along_each_others_side_are_not_apart() -> None:
    # A card whose side runs along another's, 3 pixels apart, may be a strip cut by it.
    turn = np.radians(20.0)
    right = (LEFT_CARD + 63.0 * np.array([np.cos(turn), np.sin(turn)], np.float32)).astype(
        np.float32
    )
    assert not _apart(drawn_table(LEFT_CARD, right), LEFT_CARD, right)


def test_outlines_that_overlap_are_not_apart() -> None:
    right = card_beside(-4.0, -20)
    assert not _apart(drawn_table(LEFT_CARD, right), LEFT_CARD, right)


def _reads(seed: int) -> list[tuple[str, object, object]]:
    scene = crowded_scene(seed)
    return [
        (f.card, f.doubt, np.asarray(f.center))
        for f in find_cards(scene.frame, load_profile(scene.profile))
    ]


def _at(reads, x: float, y: float):
    card, doubt, _ = min(reads, key=lambda r: float(np.linalg.norm(r[2] - (x, y))))
    return card, doubt


def test_two_cards_meeting_at_corners_are_read_on_crowded_tuning_seed_370011() -> None:
    # Two 3 strawberry, the upper one's corner 1.5 pixels (working scale) off the lower
    # one's: both were doubted, either on top.
    reads = _reads(370011)
    for x, y in ((242.0, 206.0), (245.0, 273.0)):
        card, doubt = _at(reads, x, y)
        assert doubt is None and str(card) == "3 strawberry"


def test_a_side_crossed_by_a_corner_stays_doubted_on_crowded_tuning_seed_370012() -> None:
    # A 1 lime whose side the 2 lime's corner crosses by a few pixels: it lies under it.
    _, doubt = _at(_reads(370012), 392.0, 211.0)
    assert doubt == Doubt.TWO_CARDS_EITHER_ON_TOP


def test_no_claim_on_crowded_tuning_seed_370029() -> None:
    # A 3 lime whose corner lies a few pixels under the cards beneath the strawberry pile next
    # to it, 1.7 pixels (working scale) off the strawberry on top: their white shows there.
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(370029), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0


def test_no_claim_on_crowded_tuning_seed_382510() -> None:
    # A 4 lime whose outline lay a few pixels inside its edge, 3.8 pixels (working scale) off
    # a 4 plum's whose corner lies a pixel over it: the plum doubted for that corner at its
    # side, the lime stays doubted too.
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(382510), "crowded", tally)
    assert tally["crowded:claims_not_in_view"] == 0

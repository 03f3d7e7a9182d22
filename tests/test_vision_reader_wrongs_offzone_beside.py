"""A wrong card beside the top card: the first look read the pile's top card off the zone's
middle and doubted it for another whole card beside it (two cards, either on top); a second
look claimed that other card, a covered card whose side runs under the top card's corner.
A second look that claims the other of the two keeps the first look's doubt, unless the
first look's card lay over the zone's middle (``policy._other_of_two_cards_claimed``)."""

from __future__ import annotations

import numpy as np
import pytest
from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, policy
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.outlines import _off_centre
from halli_pi.vision.reader.tuning import TUNING
from halli_pi.vision.reader.zone import read_zone
from halli_pi.vision.render import style_table


def _first_look_off_the_middle(kind: str, seed: int, seat: int) -> float:
    """How far (card widths) the card the first look read lies off the zone's middle."""
    scene = bench_scene(kind, seed, 0.15, "offzone")
    zone = style_table("offzone", seed)[1][seat]
    first = read_zone(scene.frame, zone, load_profile(profile_name(kind)))
    assert first.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    quad = np.asarray(first.corners, np.float32).reshape(4, 2)
    return _off_centre(quad, np.asarray(zone, np.float32).reshape(-1, 2))


def test_the_covered_card_beside_the_top_card_off_the_middle_is_not_claimed() -> None:
    # Own art, style offzone, seed 2354002, seat 2: the pile's 2 lime on top, 0.92 card
    # widths off the zone's middle, its corner over the side of a covered 5 banana beside
    # it; the first look read the 2 lime and doubted two cards, either on top.
    assert _first_look_off_the_middle("own", 2354002, 2) >= TUNING.two_cards_first_over_the_middle
    label, got = read_styled("own", "offzone", 2354002, 2)
    assert label.card == parse_card("2 lime")
    assert got.state != State.CARD and got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP


def test_with_the_check_off_the_covered_card_is_claimed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The cause, pinned: without the check the second look claims the 5 banana.
    monkeypatch.setattr(policy, "_other_of_two_cards_claimed", lambda *args: False)
    label, got = read_styled("own", "offzone", 2354002, 2)
    assert label.card == parse_card("2 lime")
    assert got.card == parse_card("5 banana")


def test_the_top_card_beside_a_covered_card_over_the_middle_still_reads() -> None:
    # Clone, style offzone, seed 2256000, seat 1: the first look read the covered 1 lime +
    # 3 plum over the zone's middle (0.48 card widths off); the second look's card beside
    # it is the pile's top card, and stands.
    assert _first_look_off_the_middle("clone", 2256000, 1) < TUNING.two_cards_first_over_the_middle
    label, got = read_styled("clone", "offzone", 2256000, 1)
    assert got.card == label.card == parse_card("2 banana + 2 lime")

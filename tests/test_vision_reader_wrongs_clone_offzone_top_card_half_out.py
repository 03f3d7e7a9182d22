"""A clone deck's pile pushed off its zone: the pile's bottom card lies whole beside the zone's
middle, and the top card lies against its side, neither over the other, pushed half out of
the zone. The top card's whole outline (found in the wider area, past the read area's border)
shows 0.58 of a card in the zone, short of what a card beside one over the middle must show:
the covered card was claimed. A read card that leaves the zone's middle outside it asks less
of the card beside it (``Tuning.beside_in_zone_off_the_middle``): two cards, either on top."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from styled_reads import assert_doubted, assert_reads, read_styled

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zone, zone
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.tuning import TUNING
from halli_pi.vision.render import style_table

SEED = 2222037


def test_the_covered_card_beside_the_top_card_is_a_doubt() -> None:
    # Clone, style offzone, seed 2222037, seat 1: the pile's 1 strawberry + 1 lime on top,
    # about a card width off the zone's middle, its side against the side of the covered
    # 1 banana + 1 plum (the pile's bottom card) lying whole 0.88 widths off, the middle
    # outside both. Read 1 banana + 1 plum before.
    assert_doubted(
        "clone", "offzone", SEED, 1, "1 strawberry + 1 lime", Doubt.TWO_CARDS_EITHER_ON_TOP
    )


def test_the_first_look_names_two_cards_on_the_covered_card_s_outline() -> None:
    scene = bench_scene("clone", SEED, 0.15, "offzone")
    area = style_table("offzone", SEED)[1][1]
    got = read_zone(scene.frame, area, load_profile(profile_name("clone")))
    assert got.card is None
    assert got.doubt is Doubt.TWO_CARDS_EITHER_ON_TOP
    # The outline doubted is the covered card's, left of the top card.
    assert got.corners is not None and scene.labels[1].corners is not None
    assert float(np.mean(got.corners[:, 0])) < float(np.mean(scene.labels[1].corners[:, 0])) - 50


def test_asked_as_much_as_beside_a_card_over_the_middle_the_covered_card_is_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cause, pinned: with the share a card beside one over the middle must show, the
    # covered card is claimed.
    asked = dataclasses.replace(TUNING, beside_in_zone_off_the_middle=TUNING.beside_in_zone)
    monkeypatch.setattr(zone, "T", asked)
    label, got = read_styled("clone", "offzone", SEED, 1)
    assert label.card == parse_card("1 strawberry + 1 lime")
    assert got.state is State.CARD
    assert got.card == parse_card("1 banana + 1 plum")


def test_the_same_table_in_the_classic_art_is_a_doubt() -> None:
    # The same table drawn with the classic deck's own art: the pile's 1 lime on top beside
    # the covered 2 strawberry, read 2 strawberry before.
    assert_doubted("own", "offzone", SEED, 1, "1 lime", Doubt.TWO_CARDS_EITHER_ON_TOP)


def test_the_same_table_s_cards_still_read() -> None:
    # The scene's other piles read as before.
    assert_reads("clone", "offzone", SEED, 0, "3 banana + 1 lime")
    assert_reads("clone", "offzone", SEED, 2, "1 banana + 2 strawberry")
    assert_reads("clone", "offzone", SEED, 5, "1 strawberry + 2 lime")

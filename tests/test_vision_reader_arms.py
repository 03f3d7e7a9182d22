"""Arms over a pile told apart from what only looks unlike the table: a hand's shadow over
part of a pile whose faces hold no card white."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import classic_deck
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.arms import _bright_within, _faces_without_white, _foreign_fraction
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.render import (
    STYLES,
    Art,
    default_zones,
    random_table,
    render_scene,
    style_table,
    styled_look,
)

_ZONE = np.array([[20, 20], [180, 20], [180, 140], [20, 140]], np.float32)


def _pile_on_grey(shadow: float, arm: tuple[int, int, int] | None = None) -> np.ndarray:
    """A grey table (BGR) with two overlapping card faces, each holding red print; the right
    third of the view in a hand's shadow (``shadow`` of the light left; 1: none), and with
    ``arm`` a band of that colour from the right border over the faces."""
    rng = np.random.default_rng(5)
    crop = np.full((160, 200, 3), (120, 122, 125), np.float32)
    crop[30:110, 40:120] = (200, 215, 225)  # a covered card's face
    crop[50:130, 90:170] = (205, 220, 230)  # the top card's face
    crop[60:80, 60:80] = (40, 40, 190)  # print of the covered card
    crop[70:95, 110:135] = (40, 40, 190)  # print of the top card
    crop[100:125, 130:155] = (40, 40, 190)
    crop[:, 130:] *= shadow
    if arm is not None:
        crop[60:110, 110:] = arm
    return np.clip(crop + rng.normal(0, 1.5, crop.shape), 0, 255).astype(np.uint8)


def test_card_faces_half_in_a_hands_shadow_are_faces_not_an_arm() -> None:
    # Without a shadow the faces and their print say "a pile"; a shadow over a third of it leaves
    # those faces and that table darker than what is lit, but nothing lies over the pile.
    assert _faces_without_white(_pile_on_grey(1.0), _ZONE)
    assert _faces_without_white(_pile_on_grey(0.55), _ZONE)


def test_an_arm_over_faces_in_a_shadow_is_still_something_over_the_pile() -> None:
    # A skin-coloured arm is no face in shadow: darker than the faces, but of a hue of its own.
    assert not _faces_without_white(_pile_on_grey(0.55, arm=(95, 130, 190)), _ZONE)


def test_a_messy_pile_half_in_a_hands_shadow_is_not_read_occluded() -> None:
    # Tuning styles ``strays`` and ``shadow`` together (seed 710000, seat 0: a clear messy
    # pile on a grey table, half in a hand's shadow, no card white found) read "no card; an
    # arm": the shadowed faces and table taken for something over it.
    seed = 710_000
    rng = np.random.default_rng(seed * 7 + 2)
    look = STYLES["shadow"](styled_look("strays", seed), rng)
    look = replace(look, mess=float(rng.uniform(0.3, 0.7)))
    seats = random_table(seed, classic_deck(), p_arm=0.15, max_pile=8)
    zones = default_zones(6)
    scene = render_scene(seats, zones, seed=seed, art=Art.OWN, look=look)
    assert scene.labels[0].state == "card"
    r = read_zones(scene.frame, zones, load_profile("classic"))[0]
    assert r.state != State.OCCLUDED and r.doubt is not Doubt.ARM_OVER_EMPTY_ZONE
    assert r.state != State.EMPTY


def _card_on_cloth(arm: tuple[int, int, int] | None = None, *, card: bool = True) -> np.ndarray:
    """A dim view (BGR) of a near-black cloth, with a grey card face holding a yellow symbol in
    the zone's middle, and with ``arm`` a band of that colour from the right border to it."""
    rng = np.random.default_rng(7)
    crop = np.full((160, 200, 3), (10, 10, 12), np.float32)
    if card:
        crop[50:110, 80:125] = (55, 57, 60)  # a face, too dim for card white
        crop[70:90, 95:110] = (10, 45, 50)  # its print
    if arm is not None:
        crop[65:105, 110:] = arm
    return np.clip(crop + rng.normal(0, 1.5, crop.shape), 0, 255).astype(np.uint8)


def test_a_dim_card_alone_in_its_zone_is_bright_within_not_an_arm() -> None:
    assert _bright_within(_card_on_cloth(), _ZONE)


def test_what_comes_from_outside_the_read_area_may_be_an_arm() -> None:
    # The same card with an arm come from the border over it: as bright as the face, but from
    # outside the read area.
    assert not _bright_within(_card_on_cloth(arm=(50, 60, 75)), _ZONE)


def test_a_dark_shape_on_a_dark_table_is_not_a_card() -> None:
    # A dark arm on a dark table is unlike it only in patches, which may not reach the
    # border: no brighter than the table, it is no card's face.
    rng = np.random.default_rng(7)
    crop = np.full((160, 200, 3), (30, 32, 35), np.float32)
    crop[60:100, 60:140] = (10, 25, 42)  # a dark brown patch: unlike the table, no brighter
    crop = np.clip(crop + rng.normal(0, 1.5, crop.shape), 0, 255).astype(np.uint8)
    assert _foreign_fraction(crop, _ZONE, arms=False) > T.foreign_occluded
    assert not _bright_within(crop, _ZONE)


def test_a_clear_card_in_a_dim_phone_picture_is_not_read_as_an_arm() -> None:
    # Tuning style ``night``, own art, seed 910007, seat 3: a clear 1 lime under a lamp's
    # reflection on a near-black cloth, no card white found; its face, unlike the cloth, was
    # taken for an arm over an empty zone.
    scene = bench_scene("own", 910_007, style="night")
    assert scene.labels[3].state == "card"
    r = read_zones(scene.frame, style_table("night", 910_007)[1], load_profile("classic"))[3]
    assert r.state != State.OCCLUDED
    assert r.doubt is Doubt.BRIGHT_WITHIN_NO_ARM_SEEN


def test_a_card_off_the_middle_after_a_bright_shape_within_is_held_as_strayed() -> None:
    # A first look that saw no card white and no arm, only something brighter than the table
    # within the read area (an arm the table's colour may lie over the pile), and a second
    # look that claims a card off the zone's middle: the card may have strayed from the pile.
    from halli_pi.vision.reader.policy import _strayed_beside_arm
    from halli_pi.vision.reader.reading import Reading

    zone = np.array([[0, 0], [120, 0], [120, 120], [0, 120]], np.float32)
    card = np.array([[70, 30], [110, 30], [110, 90], [70, 90]], np.float32)  # 0.75 widths off
    claimed = Reading(State.CARD, classic_deck()[0], 0.9, card, 2400.0)
    first = Reading.of_doubt(Doubt.BRIGHT_WITHIN_NO_ARM_SEEN)
    assert _strayed_beside_arm(zone, claimed, first)
    centred = Reading(State.CARD, classic_deck()[0], 0.9, card - (30, 0), 2400.0)
    assert not _strayed_beside_arm(zone, centred, first)

"""Window light (the ``window`` tuning style): light falling off steeply from one side of the
table, and the window's broad, soft reflection washed over part of it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from halli_pi.bench.vision import _styles
from halli_pi.cards import classic_deck
from halli_pi.vision.reader import State
from halli_pi.vision.reader.arms import _foreign_fraction
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask, evened_read_area
from halli_pi.vision.reader.tuning import TUNING
from halli_pi.vision.render import STYLES, random_table, render_scene, style_table, styled_look
from tests.styled_reads import read_styled


def test_the_window_style_is_a_tuning_style():
    assert "window" in STYLES
    assert _styles("window") == ["window"]
    look = styled_look("window", 7)
    assert look.wash > 0
    assert np.hypot(look.light[1], look.light[2]) >= 0.5


def test_the_window_wash_adds_light_most_on_the_light_s_side():
    # The same scene with and without the wash (no noise, no compression): the wash only
    # adds light, and more of it on the half of the table the light comes from.
    seed = 700001
    look = replace(styled_look("window", seed), noise=0.0, jpeg=0)
    size, zones = style_table("window", seed)
    seats = random_table(seed, classic_deck(), len(zones), p_arm=0.0)
    dry = render_scene(seats, zones, seed=seed, look=replace(look, wash=0.0), size=size).frame
    lit = render_scene(seats, zones, seed=seed, look=look, size=size).frame
    gained = lit.astype(np.float32) - dry.astype(np.float32)
    assert gained.min() >= 0
    h, w = gained.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    towards = (xx - w / 2) * look.light[1] / w + (yy - h / 2) * look.light[2] / h
    assert gained[towards > 0].mean() > 2 * gained[towards < 0].mean()


# -- card white on a table a window's light clips in its brightest channel (light._white_mask)


def _card_under_a_wash(table, lift, spread: float) -> np.ndarray:
    """A table of colour ``table`` (BGR) a broad wash lifts by ``lift`` at the middle, falling
    off smoothly over ``spread`` pixels, and a card lit to the sensor's top in every channel
    lying there."""
    h, w = 160, 160
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wash = np.exp(-((xx - 80) ** 2 + (yy - 80) ** 2) / (2 * spread**2))
    img = np.stack([base + gain * wash for base, gain in zip(table, lift, strict=True)], axis=2)
    img[50:110, 60:100] = 255.0
    return np.clip(img, 0, 255).astype(np.uint8)


def _card_on_a_washed_table() -> np.ndarray:
    """A warm table a broad wash lights to the sensor's top in red (green near it, blue well
    below), brightest in the middle, and a card lying there."""
    return _card_under_a_wash((140, 200, 232), (60, 50, 40), spread=70.0)


def test_a_card_lit_to_the_top_on_a_table_clipped_in_red_is_card_white() -> None:
    white, illum = _white_mask(_card_on_a_washed_table())
    assert illum is not None
    card = white[50:110, 60:100] > 0
    assert card.mean() > 0.8
    assert (white > 0).sum() <= 1.2 * card.size  # the table is not card white


def test_a_table_clipped_in_red_alone_has_no_card_white() -> None:
    img = _card_on_a_washed_table()
    img[50:110, 60:100] = img[40:100, 20:60]  # the table where the card was
    assert _white_mask(img)[1] is None


@pytest.mark.parametrize(("seed", "seat"), [(700000, 5), (700027, 0)])
def test_a_clear_card_on_a_washed_table_is_not_taken_for_an_arm(seed, seat) -> None:
    # Tuning style window, own art: a clear card on a wooden table the window's wash clips in
    # red read "no card; an arm" (occluded): no card white stood out in the brightest channel.
    label, got = read_styled("own", "window", seed, seat)
    assert label.state == "card"
    assert got.state != State.OCCLUDED and got.doubt != Doubt.ARM_OVER_EMPTY_ZONE
    assert got.state != State.CARD or got.card == label.card


# -- a table the window's light changes over the read area is still the table (arms._lit_table)


def _washed_table(arm: bool) -> np.ndarray:
    """A warm table under a broad, neutral wash that clips its red channel over much of the
    view and takes it towards white at its peak (its hue and chroma change with the light,
    smoothly);
    with ``arm``, a sleeve of a skin-like colour come in from the left border."""
    h, w = 160, 160
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wash = np.exp(-((xx - 120) ** 2 + (yy - 50) ** 2) / (2 * 100.0**2))  # two cards wide
    img = np.stack([60 + 170 * wash, 110 + 170 * wash, 200 + 170 * wash], axis=2)
    if arm:
        img[60:100, :90] = (120, 150, 205)
    return np.clip(img, 0, 255).astype(np.uint8)


_ZONE = np.array([[30, 30], [130, 30], [130, 130], [30, 130]], np.float32)


def test_a_table_washed_by_a_window_is_not_unlike_itself() -> None:
    # Nothing unlike it comes in from outside the read area: no evidence of an arm.
    assert _foreign_fraction(_washed_table(arm=False), _ZONE) <= TUNING.arm_evidence


def test_an_arm_on_a_table_washed_by_a_window_is_unlike_it() -> None:
    assert _foreign_fraction(_washed_table(arm=True), _ZONE) > 0.2


@pytest.mark.parametrize(
    ("deck", "seed", "seat"),
    [("own", 900015, 0), ("own", 900026, 3), ("own", 900026, 4), ("clone", 900038, 3)],
)
def test_a_clear_pile_on_a_table_the_window_washes_is_not_under_an_arm(deck, seed, seat) -> None:
    # Tuning style window: clear piles on tables the wash turns from their colour (towards
    # white, clipped in red) read "no card; an arm", "an arm" or "no whole card; skin": the
    # table far from its median colour was taken for an arm come in from outside.
    label, got = read_styled(deck, "window", seed, seat)
    assert label.state == "card"
    assert got.state != State.OCCLUDED
    assert got.doubt not in (Doubt.ARM_OVER_EMPTY_ZONE, Doubt.ARM_OVER_PILE, Doubt.SKIN_OVER_PILE)
    assert got.state != State.CARD or got.card == label.card


@pytest.mark.parametrize(("seed", "seat"), [(900112, 4), (900108, 5)])
def test_an_arm_over_a_pile_on_a_pale_table_is_still_an_arm(seed, seat) -> None:
    # Tuning style pale, own art: an arm over a pile, the pale table taken for the card
    # faces; fitted away from those "faces", the table's smooth colour was the arm's own.
    label, got = read_styled("own", "pale", seed, seat)
    assert label.state == "occluded"
    assert got.state == State.OCCLUDED
    assert got.doubt in (Doubt.SKIN_OVER_PILE, Doubt.ARM_OVER_PILE)


# -- card white against a tinted table a window's light lifts towards white
# (light._clipped_faces_left_out)


def _card_on_a_pink_washed_table() -> np.ndarray:
    """A pink table a broad wash lifts towards white around a card lit to the top in every
    channel: its red near the sensor's top, its other channels well below, brightest at the
    card and falling off smoothly (the clipped card rings itself as a reflection would)."""
    return _card_under_a_wash((60, 65, 160), (130, 125, 88), spread=60.0)


def test_a_card_lit_to_the_top_on_a_pink_washed_table_is_card_white() -> None:
    # The reference taken below the sensor's top is the table's pink, against which the
    # neutral clipped card is no white: the clipped pixels are the white.
    white, illum = _white_mask(_card_on_a_pink_washed_table())
    assert illum is not None
    card = white[52:108, 62:98] > 0
    assert card.mean() > 0.8
    assert (white > 0).sum() <= 1.2 * card.size  # the table is not card white


@pytest.mark.parametrize(("deck", "seed", "seat"), [("own", 930035, 2), ("clone", 930027, 4)])
def test_a_card_on_a_tinted_table_a_window_washes_is_read(deck, seed, seat) -> None:
    # Tuning style window: clear cards on a red table the wash lifts towards white read
    # "no card white; something unlike the table" (own art) or "no whole card" (clone):
    # the card white was taken from the table's tint, the clipped faces left out of it.
    label, got = read_styled(deck, "window", seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card


# -- a read area's light evened out (light.evened_read_area, policy's evened look) ---------


@pytest.mark.parametrize(
    ("deck", "seed", "seat"),
    [("own", 930500, 2), ("clone", 930500, 2), ("own", 930510, 2)],
)
def test_a_card_on_the_dim_side_of_a_washed_read_area_is_read(deck, seed, seat) -> None:
    # Tuning style window: a clear card on the dim side of its read area, the table beside
    # it washed as bright as its face: one white for the area, judged on the lit table, took
    # the table for card white ("no whole card": own and clone 930500 seat 2) or found none
    # ("faces without white": own 930510 seat 2). Evened out, the faces stand above it.
    label, got = read_styled(deck, "window", seed, seat)
    assert label.state == "card"
    assert got.state == State.CARD and got.card == label.card


def test_a_read_area_lit_evenly_is_not_evened() -> None:
    rng = np.random.default_rng(3)
    area = np.clip(120 + rng.normal(0, 3, (120, 120, 3)), 0, 255).astype(np.uint8)
    area[40:80, 45:75] = 240
    assert evened_read_area(area) is None


def test_a_read_area_lit_from_one_side_is_evened_down_to_its_dim_side() -> None:
    # A table lit from the left (its level twice as high there as on the right), a card on
    # its dim right side: evened, the table is about as bright all over, never lifted, and
    # the card stands well above the table beside it.
    h, w = 120, 160
    ramp = np.linspace(200, 100, w, dtype=np.float32)
    area = np.repeat(np.repeat(ramp[None, :, None], h, 0), 3, 2)
    area[40:90, 100:140] = 190
    area = area.astype(np.uint8)
    even = evened_read_area(area)
    assert even is not None
    assert (even.astype(np.int16) <= area.astype(np.int16) + 1).all()
    assert abs(int(even[5, 5, 0]) - int(even[5, w - 6, 0])) <= 10
    assert int(even[60, 120, 0]) > 1.5 * int(even[60, 20, 0])

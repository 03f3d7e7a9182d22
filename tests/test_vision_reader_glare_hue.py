"""A symbol a reflection paled between two kinds' colours is read through the reflection: a
lamp adds one light to every channel, so the hue of the pixels no channel clips is the
print's. A hue between two kinds, or no reflection near, leaves the doubt. A symbol washed to
its darkest channel under a reflection (a shallow patch in the clipped face) is a doubt."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import WARP_SIZE, State, load_profile, read_zones
from halli_pi.vision.reader.card import (
    _Card,
    _hsv_hue,
    _kind_hue,
    _kind_through_the_reflection,
    _print_in_the_darkest_channel,
)
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.symbols import blobs
from halli_pi.vision.render import default_zones
from tests.styled_reads import read_styled

W, H = WARP_SIZE
BETWEEN = (-12.0, 45.0)  # a Lab colour between banana and lime, as a paled symbol shows


def _face_with_disc(print_bgr: tuple[float, float, float], lift: float, reflection: bool):
    """A grey-white face with one round symbol of ``print_bgr`` lifted by ``lift`` levels in
    every channel (a reflection's light over it, unclipped), and (``reflection``) the
    reflection's clipped core beside it."""
    img = np.full((H, W, 3), 200.0, np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    disc = (xx - W / 2) ** 2 + (yy - H / 2) ** 2 <= 9.5**2
    img[disc] = np.array(print_bgr, np.float32) + lift
    if reflection:
        core = (xx - W / 2) ** 2 + (yy - H / 2 - 17) ** 2 <= 6**2
        img[core] = 255.0
    return np.clip(img, 0, 255).astype(np.uint8)


def _judged(img: np.ndarray):
    profile = load_profile("classic")
    c = _Card(img, profile, False, False, blobs(img))
    assert c.found
    symbol = replace(c.found[0], ab=BETWEEN)  # its Lab colour lay between two kinds
    kind, _ = _kind_through_the_reflection(c, symbol)
    return None if kind is None else kind.kind


def test_hsv_hue_is_set_by_the_channels_differences_alone() -> None:
    banana = np.array([[40.0, 190.0, 225.0]])
    assert abs(_hsv_hue(banana)[0] - _hsv_hue(banana + 25.0)[0]) < 1e-6
    assert abs(_kind_hue(load_profile("classic").kinds[0].ab) - 51.0) < 3.0  # banana


def test_a_banana_paled_by_a_reflection_is_read_by_its_unclipped_hue() -> None:
    assert _judged(_face_with_disc((40.0, 150.0, 180.0), 60.0, reflection=True)) == "banana"


def test_a_lime_paled_by_a_reflection_is_read_by_its_unclipped_hue() -> None:
    assert _judged(_face_with_disc((40.0, 170.0, 120.0), 60.0, reflection=True)) == "lime"


def test_a_hue_between_banana_and_lime_stays_a_doubt() -> None:
    # Red and green alike: yellow, as near one kind as the other.
    assert _judged(_face_with_disc((40.0, 160.0, 160.0), 60.0, reflection=True)) is None


def test_a_symbol_between_kinds_with_no_reflection_near_is_not_read_so() -> None:
    # The reading is a reflection's: a colour between kinds elsewhere (a worn print, a warm
    # light) is left to the doubt.
    assert _judged(_face_with_disc((40.0, 150.0, 180.0), 60.0, reflection=False)) is None


def test_a_lone_banana_a_reflection_paled_is_read() -> None:
    # Tuning style cloth (own art): one banana under a lamp's reflection, its colour paled
    # between banana and lime (it was "colour between kinds").
    scene = bench_scene("own", 202022, 0.15, "cloth")
    reading = read_zones(scene.frame, default_zones(6), load_profile("classic"))[0]
    assert scene.labels[0].card == parse_card("1 banana")
    assert reading.state == State.CARD and reading.card == parse_card("1 banana")


# -- print under a reflection seen only in its darkest channel (card._print_in_the_darkest_channel)


def _clipped_face(washed_blue: float | None, noise: float = 0.0) -> np.ndarray:
    """A face lit as usual with a reflection's core clipped to the top over its middle, a
    plum read at a corner, and (``washed_blue``) a lime in the core lifted to the top in red
    and green, its blue this many levels."""
    img = np.full((H, W, 3), 215.0, np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    img[(xx - W / 2) ** 2 + (yy - H / 2) ** 2 <= 22**2] = 255.0
    img[(xx - 0.25 * W) ** 2 + (yy - 0.15 * H) ** 2 <= 9**2] = (120.0, 40.0, 110.0)
    if washed_blue is not None:
        img[(xx - W / 2) ** 2 + (yy - H / 2) ** 2 <= 11**2] = (washed_blue, 255.0, 255.0)
    if noise:
        img += np.random.default_rng(3).normal(0.0, noise, img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def _darkest_channel_doubt(img: np.ndarray):
    c = _Card(img, load_profile("clone"), False, False, blobs(img))
    return _print_in_the_darkest_channel(c)


def test_a_symbol_washed_to_its_darkest_channel_under_a_reflection_is_a_doubt() -> None:
    assert _darkest_channel_doubt(_clipped_face(228.0)) == Doubt.PRINT_IN_THE_DARKEST_CHANNEL


def test_a_clipped_reflection_with_nothing_under_it_is_no_doubt() -> None:
    assert _darkest_channel_doubt(_clipped_face(None, noise=3.0)) is None


def test_a_symbol_whose_blue_clipped_too_leaves_no_patch_to_see() -> None:
    # Nothing left in any channel: no patch (whether a symbol could lie there unseen is the
    # reflection checks' to judge).
    assert _darkest_channel_doubt(_clipped_face(252.0)) is None


def test_a_clone_card_whose_middle_lime_a_reflection_washed_is_no_wrong_card() -> None:
    # Tuning style glare, clone deck: a 2 lime + 1 plum whose middle lime a broad reflection
    # washed to a shallow patch in its blue channel was read "1 lime + 1 plum".
    scene = bench_scene("clone", 240001, 0.15, "glare")
    reading = read_zones(scene.frame, default_zones(6), load_profile("clone"))[1]
    assert scene.labels[1].card == parse_card("2 lime + 1 plum")
    assert reading.state != State.CARD


def test_a_deck_of_one_kind_has_no_hue_to_tell_kinds_by() -> None:
    # A taught deck of one kind (or of kinds one colour, told by shape): nothing to read.
    profile = load_profile("classic")
    one = replace(profile, kinds=profile.kinds[:1])
    img = _face_with_disc((40.0, 150.0, 180.0), 60.0, reflection=True)
    c = _Card(img, one, False, False, blobs(img))
    assert c.found
    assert _kind_through_the_reflection(c, replace(c.found[0], ab=BETWEEN)) == (None, 0.0)


# -- a kind read through a reflection, against the print it clipped (card._clipped_print_turned)


def _clipped_strawberry_with_seeds() -> np.ndarray:
    """A face with one red symbol a reflection clipped in red (its green and blue lifted but
    below the top), ringed by yellow seeds left unclipped, beside the reflection's clipped
    core: the seeds' hue is a banana's, the clipped print's a strawberry's."""
    img = np.full((H, W, 3), 200.0, np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    r2 = (xx - W / 2) ** 2 + (yy - H / 2) ** 2
    img[r2 <= 9.5**2] = (40.0, 150.0, 180.0)  # a rim of yellow seeds
    img[r2 <= 7.5**2] = (90.0, 110.0, 255.0)  # the print, clipped in red
    img[(xx - W / 2) ** 2 + (yy - H / 2 - 17) ** 2 <= 6**2] = 255.0
    return np.clip(img, 0, 255).astype(np.uint8)


def test_print_clipped_at_another_kind_s_hue_is_not_read_through_by_its_rim() -> None:
    img = _clipped_strawberry_with_seeds()
    profile = load_profile("classic")
    c = _Card(img, profile, False, False, blobs(img))
    assert c.found
    symbol = replace(c.found[0], ab=(20.0, 24.0))  # between strawberry and banana
    kind, _ = _kind_through_the_reflection(c, symbol)
    assert kind is None


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
@pytest.mark.parametrize(("style", "seed", "seat"), [("glare", 215005, 0), ("window", 700018, 5)])
def test_a_strawberry_clipped_in_red_is_no_banana(style, seed, seat) -> None:
    # Scans, tuning styles glare (found with seed 12000) and window: one strawberry a
    # reflection clipped in red over most of its print; the seeds and rim left unclipped
    # read banana's hue, and it was read as 1 banana.
    label, got = read_styled("scan", style, seed, seat)
    assert label.card == parse_card("1 strawberry")
    assert got.state != State.CARD or got.card == label.card
    assert got.doubt == Doubt.COLOUR_BETWEEN_KINDS

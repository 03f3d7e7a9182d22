"""A symbol's colour is not read from pixels a channel clips: at the sensor's top a channel
stops rising, so the pixel's hue turns (a banana under a warm light, its red clipped, reads
lime green). The unwashed part of a symbol beside a reflection is taken from the pixels no
channel clips, and where too few are left the symbol's kind is not read from them."""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import WARP_SIZE, State, load_profile, read_zones
from halli_pi.vision.reader.card import _Card, _unclipped_colours
from halli_pi.vision.reader.symbols import blobs
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.render import style_table

W, H = WARP_SIZE


def _face_with_banana(clipped_rows: int) -> np.ndarray:
    """A warm face with one round banana-yellow symbol whose top ``clipped_rows`` rows have
    their red channel at the sensor's top (a warm light brightest there)."""
    img = np.full((H, W, 3), (185, 228, 248), np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    disc = (xx - W / 2) ** 2 + (yy - H / 2) ** 2 <= 10**2
    img[disc] = (40, 170, 215)
    top = disc & (yy < H / 2 - 10 + clipped_rows)
    img[top] = (70, 245, 255)
    return img.astype(np.uint8)


def _symbol_colours(img: np.ndarray) -> np.ndarray | None:
    c = _Card(img, load_profile("classic"), False, False, blobs(img))
    assert c.found
    return _unclipped_colours(c, c.found[0])


def test_clipped_pixels_are_left_out_of_a_symbols_colour() -> None:
    img = _face_with_banana(clipped_rows=8)
    colours = _symbol_colours(img)
    assert colours is not None
    symbol = (img[..., 0] == 40) | (img[..., 0] == 70)
    clipped = symbol & (img.max(axis=2) >= T.unclipped_print_top)
    assert clipped.any()
    # Only the unclipped part is left (a little less: the dark outline is not colour).
    assert len(colours) <= np.count_nonzero(symbol & ~clipped)


def test_a_symbol_clipped_nearly_whole_gives_no_colour() -> None:
    assert _symbol_colours(_face_with_banana(clipped_rows=19)) is None


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_banana_whose_red_clips_under_a_warm_light_is_not_read_lime() -> None:
    # Tuning style cloth, scans, seed 333010: seat 0's 1 banana, a reflection over it, read
    # 1 lime from its most coloured part, whose red was clipped.
    scene = bench_scene("scan", 333010, style="cloth")
    _, zones = style_table("cloth", 333010)
    read = read_zones(scene.frame, zones, load_profile(profile_name("scan")))[0]
    assert scene.labels[0].card == parse_card("1 banana")
    assert read.card != parse_card("1 lime")
    assert read.state != State.CARD or read.card == parse_card("1 banana")

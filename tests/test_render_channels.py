"""The renderers' per-pixel products and colour fills made a channel at a time give the very
numbers of numpy's broadcast over the channels (every rendered frame stays bit-identical)."""

from __future__ import annotations

import numpy as np

from halli_pi.vision.render import along_from, lay_over, moved, on_channels, paint


def _image(rng: np.random.Generator, h: int = 37, w: int = 53) -> np.ndarray:
    return (rng.random((h, w, 3)) * 255).astype(np.float32)


def test_a_product_on_the_channels_is_numpys_broadcast_to_the_bit() -> None:
    rng = np.random.default_rng(5)
    image = _image(rng)
    per_pixel = rng.random(image.shape[:2]).astype(np.float32)
    assert on_channels(per_pixel).shape == image.shape
    assert np.array_equal(image * on_channels(per_pixel), image * per_pixel[..., None])


def test_laying_over_is_the_expression_it_names() -> None:
    rng = np.random.default_rng(6)
    under, over = _image(rng), _image(rng)
    cover = rng.random(under.shape[:2]).astype(np.float32)
    weight = (cover * rng.random(cover.shape)).astype(np.float32)
    expected = under * (1 - cover)[..., None] + over * weight[..., None]
    lay_over(under, over, cover, weight)
    assert np.array_equal(under, expected)


def test_a_painted_image_is_a_fill_and_a_masked_assignment() -> None:
    rng = np.random.default_rng(7)
    shape = (41, 29, 3)
    where = rng.random(shape[:2]) < 0.4
    skin, sleeve = (120, 150, 205), np.array([31.0, 77.0, 229.0], np.float32)
    filled = np.empty(shape, np.float32)
    filled[:] = skin
    assert paint(shape, skin).dtype == np.float32
    assert np.array_equal(paint(shape, skin), filled)
    filled[where] = sleeve
    assert np.array_equal(paint(shape, skin, sleeve, where), filled)


def test_the_distance_along_a_direction_is_the_full_grids() -> None:
    point, d = np.array([311.7, 204.2]), np.array([0.6, -0.8])
    yy, xx = np.mgrid[12:140, 250:431].astype(np.float32)
    expected = (xx - point[0]) * d[0] + (yy - point[1]) * d[1]
    assert np.array_equal(along_from(point, d, 250, 12, 431, 140), expected)


def test_where_a_plane_moved_is_numpys_reduction_over_the_channels() -> None:
    rng = np.random.default_rng(8)
    before = _image(rng)
    plane = before.copy()
    # Changes of every size in one channel at a time, exactly 12 (not moved) and 12.5 among them.
    plane[18:, :, 1] += rng.normal(0, 12, (before.shape[0] - 18, before.shape[1])).astype(
        np.float32
    )
    plane[:9, :9, 2] = before[:9, :9, 2] - 12
    plane[9:18, :9, 0] = before[9:18, :9, 0] + 12.5
    expected = np.abs(plane - before).max(2) > 12
    assert 0 < expected.sum() < expected.size and not expected[:9, :9].any()
    assert expected[9:18, :9].all()
    assert np.array_equal(moved(plane, before), expected)

"""The reader's quicker arithmetic gives numpy's numbers to the last bit: the side lines'
median strength (``median_last``) and the corner order (``_order``), which a second look
works out for every combination of side lines it tries."""

import numpy as np

from halli_pi.vision.reader.reading import _order, median_last


def _order_by_numpy(corners: np.ndarray) -> np.ndarray:
    c = corners.astype(np.float32).reshape(4, 2)
    centre = c.mean(0)
    ang = np.arctan2(c[:, 1] - centre[1], c[:, 0] - centre[0])
    c = c[np.argsort(ang)]
    if np.linalg.norm(c[1] - c[0]) > np.linalg.norm(c[2] - c[1]):
        c = np.roll(c, -1, axis=0)
    return c


def test_median_last_is_numpys_median_bit_for_bit():
    rng = np.random.default_rng(5)
    for shape in ((40, 16), (7, 7, 16), (1, 16), (5, 15)):
        for _ in range(200):
            v = np.abs(rng.normal(0, 50, shape)).astype(np.float32)
            v[v < 20] = 0  # lines off the crop read 0
            want = np.median(v, axis=-1)
            got = median_last(v)
            assert got.dtype == want.dtype and got.shape == want.shape
            assert got.tobytes() == want.tobytes()


def test_median_last_keeps_numpys_nan():
    v = np.arange(32, dtype=np.float32).reshape(2, 16)
    v[0, 3] = np.nan
    got = median_last(v)
    assert np.isnan(got[0]) and got[1] == np.median(v[1])


def test_order_is_numpys_order_bit_for_bit():
    rng = np.random.default_rng(6)
    for _ in range(2000):
        quad = (rng.random((4, 2)) * rng.choice([10.0, 300.0, 2000.0])).astype(np.float32)
        assert _order(quad).tobytes() == _order_by_numpy(quad).tobytes()

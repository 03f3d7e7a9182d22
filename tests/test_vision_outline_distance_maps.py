"""The edge-direction distance maps, worked out over each bin's edges and a reach around them,
are those of the whole crop to the last bit."""

import cv2
import numpy as np
import pytest

from halli_pi.vision import outline
from halli_pi.vision.outline import _BINS, _FAR, _UNIT, _direction_codes, _oriented_distances


def _whole_crop(gray: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """The maps as worked out over the whole crop, every bin, from the same direction codes."""
    code, _, _ = _direction_codes(gray, edges)
    h, w = gray.shape
    dist = np.empty((_BINS, h, w), np.float32)
    for b in range(_BINS):
        free = np.where(code & (1 << b), 0, 255).astype(np.uint8)
        dist[b] = cv2.distanceTransform(free, cv2.DIST_L2, 3)
    np.minimum(dist, _FAR, out=dist)
    dist *= _UNIT
    out = np.full((_BINS, h + 2, w + 2), int(_FAR * _UNIT), np.uint8)
    out[:, 1:-1, 1:-1] = dist
    return out


def _crops():
    rng = np.random.default_rng(7)
    for share in (0.0, 0.0005, 0.003, 0.03):
        h, w = (int(v) for v in rng.integers(20, 160, 2))
        gray = cv2.GaussianBlur((rng.random((h, w)) * 255).astype(np.uint8), (5, 5), 2)
        edges = np.where(rng.random((h, w)) < share, 255, 0).astype(np.uint8)
        yield gray, edges
    # A card's outline on a plain table: long straight edges, each bin's edges in a corner.
    crop = np.full((120, 150), 60, np.uint8)
    cv2.rectangle(crop, (30, 20), (110, 95), 230, -1)
    gray = cv2.GaussianBlur(crop, (3, 3), 0.8)
    yield gray, cv2.Canny(gray, 12, 36)


@pytest.mark.parametrize("gray,edges", list(_crops()))
def test_distance_maps_match_the_whole_crop(gray, edges):
    assert np.array_equal(_oriented_distances(gray, edges), _whole_crop(gray, edges))


def test_a_short_reach_would_differ(monkeypatch):
    """The check can fail: maps cut one pixel around their edges lose the far points."""
    gray, edges = list(_crops())[-1]
    monkeypatch.setattr(outline, "_REACH", 1)
    assert not np.array_equal(_oriented_distances(gray, edges), _whole_crop(gray, edges))

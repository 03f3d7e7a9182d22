"""The outline search's quicker arithmetic gives the numbers of the plain arithmetic it stands
for, to the last bit, and a crop mapped again shares the first maps' distance maps."""

import cv2
import numpy as np

from halli_pi.vision import outline
from halli_pi.vision.outline import (
    _FRACTIONS,
    _NEXT,
    _PREV,
    _TUNE_SHIFTS,
    EdgeMaps,
    _directions,
    _distances,
    _placements,
    _segments,
    _side_bins,
    _side_points,
    _tune,
    _unit,
)


def _crop() -> np.ndarray:
    """A card on a plain table, and a second one turned beside it."""
    img = np.full((160, 200, 3), (70, 110, 150), np.uint8)
    cv2.rectangle(img, (30, 30), (90, 123), (225, 228, 230), -1)
    box = cv2.boxPoints(((145.0, 80.0), (60.0, 93.0), 17.0))
    cv2.fillPoly(img, [np.rint(box).astype(np.int32)], (215, 220, 226))
    return img


def _plain_bins(quads: np.ndarray) -> np.ndarray:
    d = quads.take(_NEXT, 1) - quads
    normal = (np.degrees(np.arctan2(d[..., 0], -d[..., 1])) + 180.0) % 180.0
    return np.rint(normal / 22.5).astype(np.int32) % 8


def _plain_tune(dist: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """``_tune`` as it was written first: every point and shift on the quads' own axes."""
    a = quads
    d = quads.take(_NEXT, 1) - a
    d /= np.maximum(np.linalg.norm(d, axis=-1, keepdims=True), 1e-6)
    n = np.stack([-d[..., 1], d[..., 0]], -1)
    ax, ay = _side_points(quads, _FRACTIONS)
    px = ax[..., None] + (n[..., 0][..., None] * _TUNE_SHIFTS)[..., None, :]
    py = ay[..., None] + (n[..., 1][..., None] * _TUNE_SHIFTS)[..., None, :]
    bins = np.broadcast_to(_plain_bins(quads)[..., None, None], px.shape)
    cost = _distances(dist, px, py, bins).sum(2, dtype=np.int32).astype(np.float32)
    top = cost <= cost.min(-1, keepdims=True)
    shift = (top * _TUNE_SHIFTS).sum(-1) / top.sum(-1)
    p = a + n * shift[..., None]
    p0, u = p.take(_PREV, 1), d.take(_PREV, 1)
    det = u[..., 0] * d[..., 1] - u[..., 1] * d[..., 0]
    safe = np.abs(det) > 1e-6
    t = ((p[..., 0] - p0[..., 0]) * d[..., 1] - (p[..., 1] - p0[..., 1]) * d[..., 0]) / np.where(
        safe, det, 1.0
    )
    return np.where(safe.all(1)[:, None, None], p0 + u * t[..., None], quads).astype(np.float32)


def test_side_bins_fold_the_angles_as_the_remainder_does():
    # Sides every way, and many within a hair of the folds (0, 180 and 360 degrees after the
    # shift by 180) and of the bins' edges.
    rng = np.random.default_rng(0)
    hair = np.geomspace(1e-9, 1e-2, 2000)
    edges = np.radians(np.arange(-180.0, 180.1, 11.25))[:, None]
    rad = np.concatenate(
        [rng.uniform(-np.pi, np.pi, 100000), (edges + hair).ravel(), (edges - hair).ravel()]
    )
    quads = np.zeros((rad.size, 4, 2), np.float32)
    quads[:, 1, 0], quads[:, 1, 1] = np.sin(rad) * 50, -np.cos(rad) * 50
    assert np.array_equal(_side_bins(quads), _plain_bins(quads))


def test_tuned_quads_are_the_plain_arithmetic_s():
    maps = EdgeMaps.of(_crop())
    quads = _placements(_segments(maps.edges, 20.0), (60.0, 93.0), 0.1)[::7]
    moved = quads + np.random.default_rng(3).normal(0, 2, quads.shape).astype(np.float32)
    for q in (quads, moved, quads[:1]):
        want = _plain_tune(maps.dist, _plain_tune(maps.dist, q))
        assert _tune(maps.dist, _tune(maps.dist, q)).tobytes() == want.tobytes()


def test_segment_directions_are_the_norm_s_one_by_one():
    maps = EdgeMaps.of(_crop())
    segs = _segments(maps.edges, 20.0)
    off = [(a + np.float32(0.3), b - np.float32(0.7)) for a, b in segs]
    for s in (segs, off):
        d, length = _directions(s)
        assert d.tobytes() == np.array([_unit(b - a) for a, b in s], np.float32).tobytes()
        want = np.array([float(np.linalg.norm(b - a)) for a, b in s], np.float32)
        assert length.tobytes() == want.tobytes()


def test_a_crop_mapped_again_shares_the_distance_maps(monkeypatch):
    mapped = []

    def distances(gray, edges):
        mapped.append(1)
        return oriented(gray, edges)

    oriented = outline._oriented_distances
    monkeypatch.setattr(outline, "_oriented_distances", distances)
    crop = _crop()
    crop[0, 0] = (1, 2, 3)  # pixels no other test maps
    first, again = EdgeMaps.of(crop), EdgeMaps.of(crop.copy())
    assert again.dist is first.dist and len(mapped) == 1
    # Each keeps its own placements, and the maps are those of a crop never mapped.
    assert again._placed is not first._placed
    gray = cv2.GaussianBlur(crop.max(2), (3, 3), 0.8)
    assert np.array_equal(again.dist, oriented(gray, cv2.Canny(gray, 12, 36)))

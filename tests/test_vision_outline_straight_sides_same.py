"""The straight pieces of an edge map and the straight sides grouped from them, worked out a
block of pieces or all pieces at once (``outline._on_each_other``, ``outlines._lines_of``),
are those a piece at a time gives, to the last bit: the check for another card's side
running into a corner of an outline (``zone._side_along_into_a_corner``) and the other
checks of other cards' sides read them."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.vision import outline
from halli_pi.vision.outline import EdgeMaps, _segments
from halli_pi.vision.reader import outlines
from halli_pi.vision.reader.outlines import _at_work_scale, _lines_of, _straight_sides
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.render import style_table


def _plain_segments(edges: np.ndarray, min_len: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """``_segments`` with the pieces lying on each other left out one pair at a time."""
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    polys = [
        cv2.approxPolyDP(cnt, 1.5, False).reshape(-1, 2) for cnt in contours if len(cnt) >= min_len
    ]
    if not polys:
        return []
    pts = np.concatenate(polys).astype(np.float32)
    d = pts[1:] - pts[:-1]
    lengths = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]).astype(np.float64)
    within = np.ones(len(d), bool)
    within[np.cumsum([len(p) for p in polys[:-1]], dtype=np.int64) - 1] = False
    (found,) = np.nonzero(within & (lengths >= min_len))
    found = found[np.argsort(-lengths[found], kind="stable")]
    a, b = pts[found], pts[found + 1]
    mid = (a + b).astype(np.float64) / 2
    run = (b - a).astype(np.float64) / lengths[found][:, None]
    out: list[tuple[np.ndarray, np.ndarray]] = []
    kept: list[tuple[float, float, float, float]] = []
    for i, (mx, my), (dx, dy) in zip(found.tolist(), mid.tolist(), run.tolist(), strict=True):
        if any(
            abs(mx - kx) < 3 and abs(my - ky) < 3 and abs(dx * kdx + dy * kdy) > 0.98
            for kx, ky, kdx, kdy in kept
        ):
            continue
        kept.append((mx, my, dx, dy))
        out.append((pts[i], pts[i + 1]))
        if len(out) == 40:
            break
    return out


def _plain_lines(pieces: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple]:
    return [(a, outlines._unit(b - a), float(np.linalg.norm(b - a))) for a, b in pieces]


def _busy_edges() -> np.ndarray:
    """Two cards on a table strewn with short strokes: more pieces than one block holds."""
    rng = np.random.default_rng(7)
    img = np.full((170, 190, 3), (70, 110, 150), np.uint8)
    cv2.rectangle(img, (30, 30), (86, 117), (225, 228, 230), -1)
    box = cv2.boxPoints(((130.0, 85.0), (56.0, 87.0), 13.0))
    cv2.fillPoly(img, [np.rint(box).astype(np.int32)], (215, 220, 226))
    for _ in range(90):
        x, y = rng.integers(0, 190), rng.integers(0, 170)
        ang = rng.uniform(0, math.pi)
        n = rng.uniform(7, 20)
        end = (int(x + n * math.cos(ang)), int(y + n * math.sin(ang)))
        cv2.line(img, (int(x), int(y)), end, tuple(int(v) for v in rng.integers(0, 255, 3)), 1)
    return EdgeMaps.of(img).edges


def _scene_edges() -> np.ndarray:
    """The working-scale edges round the outline the side along it into a corner doubts
    (offzone, own art, seed 2481501 seat 3)."""
    scene = bench_scene("own", 2481501, 0.15, "offzone")
    zone = np.asarray(style_table("offzone", 2481501)[1][3], np.float32).reshape(-1, 2)
    x0, y0 = zone.min(0) - 30
    x1, y1 = zone.max(0) + 30
    quad = np.array(
        [[x0 + 40, y0 + 40], [x1 - 40, y0 + 40], [x1 - 40, y1 - 40], [x0 + 40, y1 - 40]]
    )
    seen = _at_work_scale(scene.frame, quad.astype(np.float32))
    assert seen is not None
    return seen[1].edges


def _same(a: list[tuple[np.ndarray, ...]], b: list[tuple[np.ndarray, ...]]) -> bool:
    return len(a) == len(b) and all(
        all(
            np.asarray(x).dtype == np.asarray(y).dtype and np.array_equal(x, y)
            for x, y in zip(p, q, strict=True)
        )
        for p, q in zip(a, b, strict=True)
    )


@pytest.mark.parametrize("block", [outline._ON_EACH_OTHER_BLOCK, 1, 7])
def test_the_pieces_are_those_left_out_a_pair_at_a_time(block: int, monkeypatch) -> None:
    # Blocks smaller than the pieces there are, as on a busier table than these.
    monkeypatch.setattr(outline, "_ON_EACH_OTHER_BLOCK", block)
    for edges in (_busy_edges(), _scene_edges()):
        for least in (T.side_piece * T.work_card_short, 3.0, 20.0):
            assert _same(_segments(edges, least), _plain_segments(edges, least))


def test_the_lines_of_the_pieces_are_those_of_one_piece_at_a_time() -> None:
    for edges in (_busy_edges(), _scene_edges()):
        pieces = _segments(edges, T.side_piece * T.work_card_short)
        got, want = _lines_of(pieces), _plain_lines(pieces)
        assert len(got) == len(want) > 30
        for (a, u, n), (b, v, m) in zip(got, want, strict=True):
            assert a is b
            assert u.dtype == v.dtype and np.array_equal(u, v)
            assert type(n) is float and n == m


def test_the_straight_sides_are_those_of_the_plain_pieces(monkeypatch) -> None:
    for edges in (_busy_edges(), _scene_edges()):
        got = _straight_sides(edges)
        with monkeypatch.context() as m:
            m.setattr(outlines, "_segments", _plain_segments)
            m.setattr(outlines, "_lines_of", _plain_lines)
            want = _straight_sides(edges)
        assert got and _same(got, want)

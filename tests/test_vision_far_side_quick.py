"""A fitted outline's far side is looked for at every distance at once: the same side as
looking one distance at a time, on edge maps of every density and sides running off them."""

from __future__ import annotations

import numpy as np

from halli_pi.vision.reader.outlines import _far_side


def _far_side_one_at_a_time(ev, p, u, w, along, across, tol):
    h, wd = ev.shape
    t = np.linspace(0.15, 0.85, 12, dtype=np.float32)[:, None] * across
    best = None
    for d in np.arange(along * (1 - tol), along * (1 + tol) + 1, 1.0):
        pts = np.rint(p + u * d + w * t).astype(int)
        ok = (pts[:, 0] >= 0) & (pts[:, 0] < wd) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        if not ok.all():
            continue
        hits = float((ev[pts[:, 1], pts[:, 0]] > 0).mean())
        if hits >= 0.75 and (best is None or abs(d - along) < abs(best - along)):
            best = float(d)
    return best


def test_the_far_side_is_the_one_found_one_distance_at_a_time() -> None:
    rng = np.random.default_rng(7)
    found = 0
    for _ in range(600):
        h, w_ = (int(v) for v in rng.integers(40, 200, 2))
        ev = (rng.random((h, w_)) < rng.uniform(0.3, 0.98)).astype(np.uint8) * 255
        p = rng.uniform(-10, max(h, w_), 2).astype(np.float32)
        a = rng.uniform(0, 2 * np.pi)
        u = np.array([np.cos(a), np.sin(a)], np.float32)
        turn = rng.choice([-1, 1])
        w = np.array([-u[1] * turn, u[0] * turn], np.float32)
        along, across = float(rng.uniform(5, 120)), float(rng.uniform(5, 120))
        tol = float(rng.choice([0.12, 0.3]))
        want = _far_side_one_at_a_time(ev, p, u, w, along, across, tol)
        assert _far_side(ev, p, u, w, along, across, tol) == want
        found += want is not None
    assert 50 < found < 550  # sides found and sides missed both tried

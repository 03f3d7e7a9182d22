"""Each seat's ``reach`` polygon, drawn from the seat zones round the shared bell.

``calibrate --reach`` writes these into the layout so that a person can see, and edit by hand,
which part of the picture each seat's arms come through: a wedge from the bell's centre out to
the image border, centred on the direction of the seat's pile. Neighbouring wedges leave a gap
between them (``gap`` of the angle between two seats): an arm coming in there is from between
two sides, and the hand tracker leaves it uncredited rather than guess, as it does without
polygons. Where the camera sees past the table's edge, or players reach round a corner, the
polygons are the thing to edit.
"""

from __future__ import annotations

import math

import numpy as np

from halli_pi.errors import InputError
from halli_pi.vision.layout import Layout

GAP = 0.15  # share of the angle between two neighbouring seats left to neither


def reach_wedges(layout: Layout, *, gap: float = GAP) -> dict[int, np.ndarray]:
    """Per seat, the wedge of the picture from the bell out to the border on its side."""
    if layout.bell is None:
        raise InputError(
            "reach polygons are drawn round the bell: the layout has none", field="bell"
        )
    if not 0.0 <= gap < 0.9:
        raise InputError(f"must be at least 0 and under 0.9, got {gap}", field="gap")
    w, h = layout.image_size
    centre = np.asarray(layout.bell, np.float64).mean(0)
    angles = [
        math.atan2(*(np.asarray(s.zone, np.float64).mean(0) - centre)[::-1]) for s in layout.seats
    ]
    if len(angles) == 1:
        return {layout.seats[0].seat: _border_polygon(centre, -math.pi, math.pi, (w, h))}
    order = sorted(range(len(angles)), key=lambda k: angles[k])
    out = {}
    for pos, k in enumerate(order):
        before = angles[order[pos - 1]]
        after = angles[order[(pos + 1) % len(order)]]
        to_before = (angles[k] - before) % (2 * math.pi)
        to_after = (after - angles[k]) % (2 * math.pi)
        lo = angles[k] - to_before * (1 - gap) / 2
        hi = angles[k] + to_after * (1 - gap) / 2
        out[layout.seats[k].seat] = _border_polygon(centre, lo, hi, (w, h))
    return out


def with_reach(layout: Layout, *, gap: float = GAP) -> Layout:
    """The layout with every seat's reach wedge (any reach it had is replaced)."""
    import dataclasses

    wedges = reach_wedges(layout, gap=gap)
    seats = [dataclasses.replace(s, reach=wedges[s.seat]) for s in layout.seats]
    return dataclasses.replace(layout, seats=seats)


def _border_polygon(centre: np.ndarray, lo: float, hi: float, size: tuple[int, int]) -> np.ndarray:
    """The bell's centre and the image border from angle `lo` to `hi` (clockwise on the
    picture), through the corners in between."""
    w, h = size
    points = [centre]
    corners = [(w, h), (0, h), (0, 0), (w, 0)]
    corner_angles = [math.atan2(cy - centre[1], cx - centre[0]) for cx, cy in corners]
    span = hi - lo
    inner = sorted(
        ((a - lo) % (2 * math.pi), c)
        for a, c in zip(corner_angles, corners, strict=True)
        if 0 < (a - lo) % (2 * math.pi) < span
    )
    points.append(_to_border(centre, lo, size))
    points += [np.asarray(c, np.float64) for _, c in inner]
    points.append(_to_border(centre, hi, size))
    return np.asarray(points, np.float32)


def _to_border(centre: np.ndarray, angle: float, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    d = np.array([math.cos(angle), math.sin(angle)])
    ts = []
    for i, top in ((0, w), (1, h)):
        if d[i] > 1e-9:
            ts.append((top - centre[i]) / d[i])
        elif d[i] < -1e-9:
            ts.append(-centre[i] / d[i])
    p = centre + d * min(ts)
    return np.clip(p, 0.0, np.asarray([w, h], np.float64))

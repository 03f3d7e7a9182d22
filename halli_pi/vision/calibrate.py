"""Card calibration: the table layout from one frame, from a card on each pile, or from the
printed mat's markers (``calibrate_mat``), plus the shared bell's zone.

Every whole card found becomes a seat's zone (a square around it, room for a messy pile, kept
apart from its neighbours). Seats go clockwise as seen from above, starting at a chosen pile:
the one nearest the bottom of the picture by default, or the one nearest ``first_at``. The
layout (shared/SPEC.md §2) can be edited by hand afterwards. ``halli-pi calibrate`` is the
command in front of this.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from halli_pi.errors import InputError
from halli_pi.vision.layout import Layout

ZONE_SCALE = 1.35  # zone side as a multiple of the card's long side
SIDES = ("bottom", "left", "top", "right")


@dataclass(frozen=True, slots=True)
class Calibration:
    """A layout, and what a person should know about it (a bell zone that could not be found)."""

    layout: Layout
    notes: tuple[str, ...] = ()


def order_clockwise(centres: Sequence[tuple[float, float]], first: int) -> list[int]:
    """Indices of ``centres`` clockwise around their middle (image y points down, so
    increasing angle is clockwise on the picture, as seen from above), starting at ``first``."""
    c = np.asarray(centres, np.float64)
    mid = c.mean(0)
    ang = np.arctan2(c[:, 1] - mid[1], c[:, 0] - mid[0])
    start = ang[first]
    rel = (ang - start) % (2 * math.pi)
    return [int(i) for i in np.argsort(rel, kind="stable")]


def first_pile(
    centres: Sequence[tuple[float, float]],
    first: str,
    first_at: tuple[float, float] | None,
    size: tuple[int, int],
) -> int:
    """The pile seat 0 sits at: the one nearest ``first_at``, else nearest the ``first`` side."""
    c = np.asarray(centres, np.float64)
    if first_at is not None:
        return int(np.argmin(np.linalg.norm(c - np.asarray(first_at, np.float64), axis=1)))
    w, h = size
    target = {
        "bottom": (w / 2, h * 2),
        "top": (w / 2, -h),
        "left": (-w, h / 2),
        "right": (w * 2, h / 2),
    }
    return int(np.argmin(np.linalg.norm(c - np.asarray(target[first]), axis=1)))


def zones_for(cards: Sequence[np.ndarray], size: tuple[int, int]) -> list[np.ndarray]:
    """A square zone around each card, no larger than keeps it off its neighbours."""
    w, h = size
    centres = np.array([c.mean(0) for c in cards], np.float64)
    out = []
    for i, corners in enumerate(cards):
        long_side = max(float(np.linalg.norm(corners[(k + 1) % 4] - corners[k])) for k in range(4))
        half = long_side * ZONE_SCALE / 2
        others = np.delete(centres, i, axis=0)
        if len(others):
            gap = np.abs(others - centres[i]).max(axis=1).min()  # Chebyshev: squares meet
            half = min(half, gap * 0.48)
        x, y = centres[i]
        sq = np.array(
            [[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]]
        )
        sq[:, 0] = np.clip(sq[:, 0], 0, w - 1)
        sq[:, 1] = np.clip(sq[:, 1], 0, h - 1)
        out.append(sq.astype(np.float32))
    return out


def layout_from_frame(
    frame: np.ndarray,
    *,
    names: Sequence[str] | None = None,
    first: str = "bottom",
    first_at: tuple[float, float] | None = None,
    seats: int | None = None,
) -> Layout:
    """The layout from a frame with one face-up card on every pile; InputError saying what to
    change when the piles cannot be told (too few cards, not the number of seats or names)."""
    from halli_pi.vision.layout import layout_from_zones
    from halli_pi.vision.reader import find_cards

    found = find_cards(frame)
    if len(found) < 2:
        raise InputError(
            f"found {len(found)} whole card(s); put one face-up card on every pile, in full view"
        )
    if seats is not None and len(found) != seats:
        raise InputError(f"expected {seats} piles but found {len(found)} cards", field="seats")
    if names is not None and len(names) != len(found):
        raise InputError(f"{len(names)} names for {len(found)} piles found", field="names")
    size = (frame.shape[1], frame.shape[0])
    centres = [f.center for f in found]
    order = order_clockwise(centres, first_pile(centres, first, first_at, size))
    zones = zones_for([found[i].corners for i in order], size)
    return layout_from_zones(size, zones, names)


def with_bell(layout: Layout, frame: np.ndarray, given: str | None) -> Calibration:
    """The layout with the shared bell's zone: given by hand (``X,Y,R``), else the mat's, else
    found in the frame. A bell not found is a note, not an error: seat buttons need no bell
    zone; a shared bell's camera credits do, so the note says how to give one."""
    from halli_pi.vision.bell_zone import find_bell, parse_bell

    if given:
        return Calibration(dataclasses.replace(layout, bell=parse_bell(given)))
    if layout.bell is not None:
        return Calibration(layout)
    try:
        bell = find_bell(frame, [s.zone for s in layout.seats])
    except InputError as err:
        return Calibration(layout, (err.message,))
    return Calibration(dataclasses.replace(layout, bell=bell))


def calibrate(
    frame: np.ndarray,
    *,
    mat: bool = False,
    names: Sequence[str] | None = None,
    first: str = "bottom",
    first_at: tuple[float, float] | None = None,
    seats: int | None = None,
    bell: str | None = None,
    reach: bool = False,
) -> Calibration:
    """The table layout from one frame: the mat's markers with ``mat``, else a card per pile;
    then the bell's zone (see ``with_bell``); with ``reach``, each seat's reach polygon drawn
    from the seat zones round the bell (``vision.reach``), to be edited by hand where arms
    come in otherwise."""
    if mat:
        from halli_pi.vision.calibrate_mat import calibrate_from_mat

        layout = calibrate_from_mat(frame, seats, names)
    else:
        layout = layout_from_frame(frame, names=names, first=first, first_at=first_at, seats=seats)
    result = with_bell(layout, frame, bell)
    if not reach:
        return result
    if result.layout.bell is None:
        raise InputError(
            "--reach draws each seat's reach round the bell, and no bell was found: "
            "give it with --bell X,Y,R",
            field="--reach",
        )
    from halli_pi.vision.reach import with_reach

    return dataclasses.replace(result, layout=with_reach(result.layout))

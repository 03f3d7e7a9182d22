"""``halli-pi calibrate``: the table layout from one frame, with the printed mat (``--mat``, its
markers) or without one, from a card on each pile.

Every whole card found becomes a seat's zone (a square around it, room for a messy pile, kept
apart from its neighbours). Seats go clockwise as seen from above, starting at a chosen pile:
the one nearest the bottom of the picture by default, or the one nearest ``--first-at X,Y``.
The layout (shared/SPEC.md §2) can be edited by hand afterwards.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

import numpy as np

HELP = "find the piles (a card on each) and write the table layout, without a mat"

ZONE_SCALE = 1.35  # zone side as a multiple of the card's long side
SIDES = ("bottom", "left", "top", "right")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--image", help="a picture of the table (else a frame from --source)")
    parser.add_argument("--source", default="picamera2", help="frame source (default picamera2)")
    parser.add_argument("--out", default="layout.json", help="layout file to write")
    parser.add_argument("--names", help="player names in seat order, comma-separated")
    parser.add_argument(
        "--first", default="bottom", choices=SIDES, help="side of the picture seat 0 sits at"
    )
    parser.add_argument("--first-at", help="X,Y: seat 0 is the pile nearest this pixel")
    parser.add_argument("--seats", type=int, help="how many piles to expect (an error otherwise)")
    parser.add_argument(
        "--mat", action="store_true", help="the table has the printed mat: use its markers"
    )
    parser.add_argument(
        "--bell",
        metavar="X,Y,R",
        help="the shared bell's centre and radius in pixels (default: the mat's spot, or a "
        "round object found near the middle of the table)",
    )


def order_clockwise(centres: Sequence[tuple[float, float]], first: int) -> list[int]:
    """Indices of ``centres`` clockwise around their middle (image y points down, so
    increasing angle is clockwise on the picture, as seen from above), starting at ``first``."""
    c = np.asarray(centres, np.float64)
    mid = c.mean(0)
    ang = np.arctan2(c[:, 1] - mid[1], c[:, 0] - mid[0])
    start = ang[first]
    rel = (ang - start) % (2 * math.pi)
    return [int(i) for i in np.argsort(rel, kind="stable")]


def first_pile(centres: Sequence[tuple[float, float]], first: str, first_at, size) -> int:
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
):
    from halli_pi.errors import InputError
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


def run(args: argparse.Namespace) -> int:
    import cv2

    from halli_pi.errors import InputError
    from halli_pi.vision.layout import save_layout

    if args.image:
        frame = cv2.imread(args.image, cv2.IMREAD_COLOR)
        if frame is None:
            raise InputError("not an image OpenCV can read (or missing)", where=args.image)
    else:
        from halli_pi.vision.sources import capture_still

        frame = capture_still(args.source).image
    first_at = None
    if args.first_at:
        try:
            x, y = (float(v) for v in args.first_at.split(","))
        except ValueError:
            raise InputError(f"--first-at wants X,Y, got {args.first_at!r}") from None
        first_at = (x, y)
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if args.mat:
        from halli_pi.vision.calibrate_mat import calibrate_from_mat

        layout = calibrate_from_mat(frame, args.seats, names)
    else:
        layout = layout_from_frame(
            frame, names=names, first=args.first, first_at=first_at, seats=args.seats
        )
    layout = _with_bell(layout, frame, args.bell)
    save_layout(layout, args.out)
    print(f"wrote {args.out}: {layout.n_seats} seats, clockwise from seat 0 ({layout.names[0]})")
    return 0


def _with_bell(layout, frame: np.ndarray, given: str | None):
    """The layout with the shared bell's zone: given by hand, else the mat's, else found."""
    import dataclasses
    import sys

    from halli_pi.errors import InputError
    from halli_pi.vision.bell_zone import find_bell, parse_bell

    if given:
        return dataclasses.replace(layout, bell=parse_bell(given))
    if layout.bell is not None:
        return layout
    try:
        bell = find_bell(frame, [s.zone for s in layout.seats])
    except InputError as err:
        # Seat buttons need no bell zone; a shared bell's camera credits do, so say how.
        print(f"halli-pi: note: {err.message}", file=sys.stderr)
        return layout
    return dataclasses.replace(layout, bell=bell)

"""``halli-pi calibrate``: the table layout from one frame, with the printed mat (``--mat``, its
markers) or without one, from a card on each pile (``halli_pi.vision.calibrate`` does the work).

Seats go clockwise as seen from above, starting at the pile nearest the bottom of the picture
by default, or the one nearest ``--first-at X,Y``. The layout (shared/SPEC.md §2) can be edited
by hand afterwards.
"""

from __future__ import annotations

import argparse
import sys

from halli_pi.vision.calibrate import SIDES

HELP = "find the piles (a card on each) and write the table layout, without a mat"


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
    parser.add_argument(
        "--reach",
        action="store_true",
        help="write each seat's reach polygon (where its arms come in on the way to the shared "
        "bell), drawn from the piles' directions round the bell; edit them by hand if needed",
    )


def run(args: argparse.Namespace) -> int:
    import cv2

    from halli_pi.errors import InputError
    from halli_pi.vision.calibrate import calibrate
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
    result = calibrate(
        frame,
        mat=args.mat,
        names=names,
        first=args.first,
        first_at=first_at,
        seats=args.seats,
        bell=args.bell,
        reach=args.reach,
    )
    for note in result.notes:
        print(f"halli-pi: note: {note}", file=sys.stderr)
    layout = result.layout
    save_layout(layout, args.out)
    print(f"wrote {args.out}: {layout.n_seats} seats, clockwise from seat 0 ({layout.names[0]})")
    return 0

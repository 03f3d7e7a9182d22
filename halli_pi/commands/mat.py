"""``halli-pi mat``: print a play mat with markers, seat zones and a spot for the bell."""

from __future__ import annotations

import argparse

HELP = "write a printable play mat (PDF pages for A3/A4 sheets, or one PNG) and its geometry"


STEPS = """\
then:
  1. print the PDF at 100 % (no "fit to page"); the 100 mm bar must measure 100 mm
  2. cut each sheet along its dashed line(s), lay it over its neighbour with the cut edge on
     the neighbour's crosses, and tape
  3. put the bell on its spot and each player's pile in the zone in front of them
  4. with the whole mat in the camera's view: halli-pi calibrate --mat
the .json written beside the mat holds its geometry (marker ids and places, zones, in mm)"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = STEPS
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--seats", type=int, required=True, help="number of players (2 to 6)")
    parser.add_argument(
        "--out", required=True, help="mat.pdf (sheets to tape together) or mat.png (one image)"
    )
    parser.add_argument(
        "--paper", choices=("a3", "a4"), default="a3", help="sheet size for the PDF (default a3)"
    )
    parser.add_argument("--dpi", type=int, default=300, help="print resolution (default 300)")


def run(args: argparse.Namespace) -> int:
    from halli_pi.vision.mat import write_mat

    summary = write_mat(args.seats, args.out, paper=args.paper, dpi=args.dpi)
    w, h = summary["size_mm"]
    ids = summary["markers"]
    if "sheets" in summary:
        print(
            f"wrote {summary['out']}: a {summary['seats']}-seat mat of {w} x {h} mm on "
            f"{summary['sheets']} {summary['paper'].upper()} sheet(s) "
            f"({summary['columns']} across, {summary['rows']} down); print at 100 %"
        )
    else:
        print(f"wrote {summary['out']}: a {summary['seats']}-seat mat of {w} x {h} mm")
    print(f"wrote {summary['geometry']}: marker ids {ids[0]}-{ids[-1]}, zones in mm")
    return 0

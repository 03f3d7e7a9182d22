"""``halli-pi read IMAGE [--layout FILE] --json``: read the cards in one picture (SPEC §2)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

HELP = "read the top card of every seat (or every face-up card) in one image"
# 50 megapixels: a phone's largest photo; a camera above the table gives 0.3 to 12. Decoded,
# that is 150 MB; a 20000 x 20000 image (1.2 GB, from a 390 KB file) is refused unread.
MAX_PIXELS = 50_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("image", help="a picture of the table (PNG, JPEG, ...)")
    parser.add_argument("--layout", help="table layout JSON (SPEC §2): read one entry per seat")
    parser.add_argument(
        "--model", default="classic", help="reader model in models/ or a path (default: classic)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object (SPEC §2)")


def _pts(a) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in a]


def check_pixels(path: Path, limit: int = MAX_PIXELS) -> None:
    """Refuse an image too large to decode, from the size its header declares (Pillow reads
    only the header when it opens a file)."""
    from PIL import Image, UnidentifiedImageError

    from halli_pi.errors import InputError

    try:
        with Image.open(path) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError):
        return  # a format only OpenCV knows (or no image at all): its decoder says so
    except Image.DecompressionBombError as err:  # Pillow's own guard, for the far larger ones
        raise InputError(
            f"image too large to read ({err}); the limit is {limit / 1e6:.0f} megapixels",
            where=str(path),
        ) from None
    if width * height > limit:
        raise InputError(
            f"image of {width}x{height} pixels ({width * height / 1e6:.0f} megapixels) too "
            f"large to read; the limit is {limit / 1e6:.0f} megapixels (scale it down)",
            where=str(path),
        )


def read_image(path: str | Path, layout_path: str | Path | None, model: str = "classic") -> dict:
    """The SPEC §2 object for one image; raises InputError/ConfigError on bad input."""
    import cv2
    import numpy as np

    from halli_pi.errors import InputError
    from halli_pi.vision.reader import State, find_cards, load_profile, read_zones

    path = Path(path)
    if not path.is_file():
        raise InputError("no such image file", where=str(path))
    check_pixels(path)
    data = np.fromfile(str(path), np.uint8)
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if frame is None or frame.size == 0:
        raise InputError("not an image OpenCV can read (or empty)", where=str(path))
    if layout_path is not None:
        from halli_pi.vision.hawaiki.layout import pile_layout_or_none

        piles = pile_layout_or_none(layout_path)
        if piles is not None:  # a Hawaiki layout: one entry per pile (HAWAIKI.md §2)
            from halli_pi.vision.hawaiki.model import MODEL_NAME, load_hawaiki_profile
            from halli_pi.vision.hawaiki.reader import pile_entries

            hawaiki = load_hawaiki_profile(MODEL_NAME if model == "classic" else model)
            zones = piles.scaled_to((frame.shape[1], frame.shape[0])).piles
            return {"cards": pile_entries(frame, zones, hawaiki)}
    profile = load_profile(model)
    cards: list[dict[str, Any]] = []
    if layout_path is not None:
        from halli_pi.vision.layout import load_layout

        layout = load_layout(layout_path).scaled_to((frame.shape[1], frame.shape[0]))
        readings = read_zones(frame, [s.zone for s in layout.seats], profile)
        for seat, r in zip(layout.seats, readings, strict=True):
            entry: dict[str, Any] = {
                "seat": seat.seat,
                "state": r.state.value,
                "card": str(r.card) if r.state == State.CARD and r.card is not None else None,
                "confidence": round(float(r.confidence), 3),
            }
            if r.doubt is not None:
                entry["doubt"] = r.doubt.name  # optional: why it is not read
            center = r.center  # None exactly when the corners are
            if r.corners is not None and center is not None and r.state == State.CARD:
                entry["center"] = [round(v, 1) for v in center]
                entry["corners"] = _pts(r.corners)
            else:
                entry["center"] = [round(v, 1) for v in seat.center]
                entry["corners"] = None
            cards.append(entry)
    else:
        for f in find_cards(frame, profile):
            found: dict[str, Any] = {
                "seat": None,
                "state": f.state.value,
                "card": str(f.card) if f.card is not None else None,
                "center": [round(f.center[0], 1), round(f.center[1], 1)],
                "corners": _pts(f.corners),
                "confidence": round(float(f.confidence), 3),
            }
            if f.doubt is not None:
                found["doubt"] = f.doubt.name
            cards.append(found)
    return {"cards": cards}


def run(args: argparse.Namespace) -> int:
    result = read_image(args.image, args.layout, args.model)
    if args.json:
        print(json.dumps(result))
        return 0
    if not result["cards"]:
        print("no face-up cards found")
    for c in result["cards"]:
        seat = c["pile"] if "pile" in c else "-" if c["seat"] is None else c["seat"]
        what = c["card"] if c["state"] == "card" else c["state"]
        if "doubt" in c:
            from halli_pi.vision.hawaiki.doubts import HawaikiDoubt
            from halli_pi.vision.reader import Doubt

            named = Doubt.__members__ | HawaikiDoubt.__members__
            what += f" ({named[c['doubt']].value})"
        place = "pile" if "pile" in c else "seat"
        print(f"{place} {seat}: {what} (confidence {c['confidence']:.2f})")
    return 0

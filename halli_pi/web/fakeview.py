"""A drawn camera view for the fake table: the mat, each seat's zone and the card read in it.

The real referee hands the hub the camera's frame annotated by the vision code; the fake table
has no camera, so it draws a plain top-down picture of the same things (zones, cards, totals)
with OpenCV, good enough to see the page work and to serve as evidence photos.
"""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np

SIZE = (640, 480)
# BGR. Fruit colours for the classic deck; Twist kinds take the colour word of their kind.
COLOURS: dict[str, tuple[int, int, int]] = {
    "banana": (40, 210, 250),
    "strawberry": (60, 40, 220),
    "lime": (60, 200, 90),
    "plum": (150, 60, 130),
    "yellow": (40, 210, 250),
    "red": (60, 40, 220),
    "green": (60, 200, 90),
    "blue": (200, 120, 40),
}
ZONE_COLOURS = {"card": (90, 220, 120), "empty": (170, 170, 170), "occluded": (0, 150, 255)}


def zone_boxes(n: int) -> list[tuple[int, int, int, int]]:
    """(x0, y0, x1, y1) of each seat's zone, seats spaced clockwise around the mat."""
    w, h = SIZE
    boxes = []
    for seat in range(n):
        a = math.pi / 2 + 2 * math.pi * seat / n  # seat 0 nearest the camera's bottom edge
        cx = w / 2 + 0.36 * w * math.cos(a)
        cy = h / 2 + 0.33 * h * math.sin(a)
        boxes.append((int(cx - 55), int(cy - 40), int(cx + 55), int(cy + 40)))
    return boxes


def zone_polygon(box: tuple[int, int, int, int]) -> list[list[int]]:
    x0, y0, x1, y1 = box
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def draw_table(
    table: dict[str, Any] | None,
    zones: list[dict[str, Any]],
    caption: str = "",
    *,
    annotate: bool = True,
) -> bytes:
    """A JPEG of the table as the camera would show it; ``annotate`` draws the zones, what was
    read in them and the totals (an evidence photo); without it the page draws the zones."""
    w, h = SIZE
    img = np.full((h, w, 3), (40, 90, 40), np.uint8)
    cv2.ellipse(img, (w // 2, h // 2), (int(w * 0.47), int(h * 0.46)), 0, 0, 360, (30, 70, 30), -1)
    players = (table or {}).get("players") or []
    boxes = zone_boxes(max(len(players), len(zones), 1))
    by_seat = {z.get("seat"): z for z in zones}
    for seat, (x0, y0, x1, y1) in enumerate(boxes[: len(players) or len(zones)]):
        zone = by_seat.get(seat, {})
        state = zone.get("state", "empty")
        card = zone.get("card")
        colour = ZONE_COLOURS.get(state, (0, 150, 255))
        if card:
            cv2.rectangle(img, (x0 + 6, y0 + 6), (x1 - 6, y1 - 6), (245, 245, 240), -1)
            _draw_card(img, card, (x0 + 6, y0 + 6, x1 - 6, y1 - 6))
        if not annotate:
            continue
        cv2.rectangle(img, (x0, y0), (x1, y1), colour, 2)
        name = players[seat]["name"] if seat < len(players) else f"seat {seat}"
        label = f"{seat} {name}"
        if state != "card":
            label += f" ({state})"
        _text(img, label, (x0, y0 - 6), 0.55, colour)
    if not annotate:
        return _jpeg(img)
    totals = (table or {}).get("totals") or {}
    fives = set((table or {}).get("fives") or [])
    x = 8
    for kind, n in totals.items():
        text = f"{kind} {n}" + ("  5!" if kind in fives else "")
        _text(img, text, (x, 20), 0.5, (0, 255, 255) if kind in fives else (255, 255, 255))
        x += 12 + 10 * len(text)
    if caption:
        _text(img, caption, (8, h - 10), 0.5, (255, 255, 255))
    return _jpeg(img)


def _jpeg(img: np.ndarray) -> bytes:
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit image
        raise RuntimeError("OpenCV could not encode the fake camera view")
    return jpeg.tobytes()


def _draw_card(img: np.ndarray, card: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    groups = []
    for part in card.split("+"):
        words = part.split()
        if len(words) >= 2 and words[0].isdigit():
            groups.append((int(words[0]), " ".join(words[1:])))
    dots = [kind for n, kind in groups for _ in range(n)]
    for i, kind in enumerate(dots):
        colour = COLOURS.get(kind.split()[0], COLOURS.get(kind, (120, 120, 120)))
        cx = x0 + 14 + (i % 5) * 18
        cy = y0 + 16 + (i // 5) * 18
        cv2.circle(img, (cx, cy), 7, colour, -1)
    _text(img, card, (x0 + 4, y1 - 6), 0.45, (30, 30, 30), thickness=1)


def _text(img, text, org, scale, colour, thickness=1) -> None:
    cv2.putText(
        img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thickness + 2, cv2.LINE_AA
    )
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv2.LINE_AA)

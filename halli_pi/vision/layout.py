"""The table layout (shared/SPEC.md §2): where each seat's face-up pile lies in the image.

A layout is a value: the image size it was made for, one zone (a polygon in image pixels) per
seat ``0..n-1`` in play order, and optionally the bell's zone and, per seat, a ``reach``
polygon: where that seat's arms come into the picture on their way to the shared bell (an
optional field, as SPEC's preamble allows; without it the hand tracker takes each seat's side
from the direction of its pile round the bell). It comes from ``halli-pi calibrate``
(with or without the mat) or from a hand-edited file, so reading is strict: every problem is a
ConfigError naming the file and the field (``seats[2].zone``), and the CLI exits 2 on it.

Only numpy is imported here; the mask helper imports OpenCV when it is called.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from halli_pi.errors import ConfigError, InputError

Point = tuple[float, float]

# Zones thinner than this (in square pixels) cannot hold a card; they are typing mistakes.
_MIN_AREA_PX = 4.0
# Digits kept when writing: a tenth of a pixel is well below what the reader can use.
_DECIMALS = 1


def as_zone(points: Any) -> np.ndarray:
    """``points`` as an ``N x 2`` float32 array (no checks beyond the shape)."""
    zone = np.asarray(points, dtype=np.float32)
    if zone.ndim != 2 or zone.shape[1] != 2:
        raise ValueError(f"a zone is a list of [x, y] points, got shape {zone.shape}")
    return zone


def polygon_area(zone: np.ndarray) -> float:
    """Unsigned area of a polygon (shoelace), in square pixels."""
    x = zone[:, 0].astype(np.float64)
    y = zone[:, 1].astype(np.float64)
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0)


def zone_bbox(
    zone: np.ndarray, image_size: tuple[int, int] | None = None
) -> tuple[int, int, int, int]:
    """Integer bounding box ``(x0, y0, x1, y1)`` (x1, y1 exclusive) of a zone, for slicing
    ``frame[y0:y1, x0:x1]``; clipped to the image when ``image_size`` (w, h) is given."""
    x0 = math.floor(float(zone[:, 0].min()))
    y0 = math.floor(float(zone[:, 1].min()))
    x1 = math.ceil(float(zone[:, 0].max())) + 1
    y1 = math.ceil(float(zone[:, 1].max())) + 1
    if image_size is not None:
        w, h = image_size
        x0, x1 = max(0, min(x0, w)), max(0, min(x1, w))
        y0, y1 = max(0, min(y0, h)), max(0, min(y1, h))
    return x0, y0, x1, y1


def margin_box(
    zone: np.ndarray, image_size: tuple[int, int], margin: float
) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) around ``zone`` grown by ``margin`` of its width and height on
    each side (cards overhang their zone), cut to the image."""
    w, h = image_size
    x0, y0 = zone.min(0)
    x1, y1 = zone.max(0)
    mx, my = (x1 - x0) * margin, (y1 - y0) * margin
    return (
        int(max(0, x0 - mx)),
        int(max(0, y0 - my)),
        int(min(w, x1 + mx)),
        int(min(h, y1 + my)),
    )


def zone_mask(zone: np.ndarray, image_size: tuple[int, int]) -> np.ndarray:
    """A ``h x w`` uint8 mask, 255 inside the zone, for an image of ``image_size`` (w, h)."""
    import cv2

    w, h = image_size
    mask = np.zeros((h, w), dtype=np.uint8)
    # fillPoly wants integer vertices; fixed-point with 4 fractional bits keeps sub-pixel shape.
    shift = 4
    pts = np.round(zone.astype(np.float64) * (1 << shift)).astype(np.int32)
    cv2.fillPoly(mask, [pts.reshape(-1, 1, 2)], 255, lineType=cv2.LINE_8, shift=shift)
    return mask


def point_in_zone(zone: np.ndarray, point: Sequence[float]) -> bool:
    """Whether ``point`` (x, y) lies inside the polygon (even-odd rule; edges count as inside
    only by floating-point luck, so do not rely on them)."""
    px, py = float(point[0]), float(point[1])
    xs = zone[:, 0].astype(np.float64)
    ys = zone[:, 1].astype(np.float64)
    xj, yj = np.roll(xs, 1), np.roll(ys, 1)
    crosses = (ys > py) != (yj > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        x_at = (xj - xs) * (py - ys) / (yj - ys) + xs
    return bool(np.count_nonzero(crosses & (px < x_at)) % 2)


def _segments_cross(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> bool:
    """Proper crossing of segments ab and cd (touching at an end point does not count)."""

    def orient(p: np.ndarray, q: np.ndarray, r: np.ndarray) -> float:
        return float((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))

    d1, d2 = orient(c, d, a), orient(c, d, b)
    d3, d4 = orient(a, b, c), orient(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def self_intersection(zone: np.ndarray) -> tuple[int, int] | None:
    """The first pair of non-adjacent edges (by index) that cross, or None for a simple polygon."""
    pts = zone.astype(np.float64)
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # adjacent through the closing edge
            if _segments_cross(a, b, pts[j], pts[(j + 1) % n]):
                return i, j
    return None


@dataclass(frozen=True, eq=False)
class SeatZone:
    """One seat: its number (play order), the player's name and where its pile lies."""

    seat: int
    name: str
    zone: np.ndarray  # N x 2 float32, image pixels
    # Where this seat's arms cross into the picture (or the corridor they come through) on
    # their way to a shared bell; None: the seat's side is taken from its zone's direction.
    reach: np.ndarray | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatZone):
            return NotImplemented
        return (
            self.seat == other.seat
            and self.name == other.name
            and np.array_equal(self.zone, other.zone)
            and _same_polygon(self.reach, other.reach)
        )

    __hash__ = None  # type: ignore[assignment]  # holds an array: not hashable

    @property
    def center(self) -> Point:
        """Mean of the vertices: good enough for labels and for ordering seats."""
        c = self.zone.astype(np.float64).mean(axis=0)
        return float(c[0]), float(c[1])


@dataclass(frozen=True, eq=False)
class Layout:
    """The whole table: image size ``(w, h)``, seats in order ``0..n-1``, optional bell zone."""

    image_size: tuple[int, int]
    seats: list[SeatZone] = field(default_factory=list)
    bell: np.ndarray | None = None

    def __post_init__(self) -> None:
        # Building one in code gets the same checks as reading one from a file.
        _check_layout(self, where=None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        same_bell = _same_polygon(self.bell, other.bell)
        return self.image_size == other.image_size and self.seats == other.seats and same_bell

    __hash__ = None  # type: ignore[assignment]

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def zone(self, seat: int) -> np.ndarray:
        return self.seats[seat].zone

    def reach_polygons(self) -> dict[int, np.ndarray]:
        """The seats' ``reach`` polygons, by seat; empty when no seat has one."""
        return {s.seat: s.reach for s in self.seats if s.reach is not None}

    def mask(self, seat: int, image_size: tuple[int, int] | None = None) -> np.ndarray:
        """Mask of one seat's zone, at the layout's size or scaled to ``image_size``."""
        layout = self if image_size is None else self.scaled_to(image_size)
        return zone_mask(layout.seats[seat].zone, layout.image_size)

    def seat_at(self, point: Sequence[float]) -> int | None:
        """The seat whose zone holds ``point``, or None."""
        for s in self.seats:
            if point_in_zone(s.zone, point):
                return s.seat
        return None

    def scaled_to(self, image_size: tuple[int, int]) -> Layout:
        """The same layout for frames of another size (the camera set to another resolution).

        Only a uniform scale keeps the zones meaningful; a different aspect ratio means another
        crop of the sensor, so that is an error rather than a stretched guess."""
        w, h = int(image_size[0]), int(image_size[1])
        if (w, h) == self.image_size:
            return self
        sx, sy = w / self.image_size[0], h / self.image_size[1]
        if abs(sx - sy) > 0.01 * max(sx, sy):
            raise ConfigError(
                f"layout was made for {self.image_size[0]}x{self.image_size[1]} frames but the "
                f"camera gives {w}x{h} (another aspect ratio); calibrate again at this size",
                field="image_size",
            )
        scale = np.array([sx, sy], dtype=np.float64)
        top = np.array([w, h], dtype=np.float64)

        def scaled(zone: np.ndarray) -> np.ndarray:
            # Clipped: a point on the far edge must not land a rounding error outside.
            return np.clip(zone.astype(np.float64) * scale, 0.0, top).astype(np.float32)

        return Layout(
            image_size=(w, h),
            seats=[
                SeatZone(
                    s.seat, s.name, scaled(s.zone), None if s.reach is None else scaled(s.reach)
                )
                for s in self.seats
            ],
            bell=None if self.bell is None else scaled(self.bell),
        )

    # --- JSON -------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, obj: Any, *, where: str | None = None) -> Layout:
        """A layout from parsed JSON (SPEC §2). ``where`` (a file name) goes into errors."""
        try:
            return _parse(obj)
        except InputError as err:
            raise ConfigError(err.message, where=where or err.where, field=err.field) from None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "image_size": [int(self.image_size[0]), int(self.image_size[1])],
            "seats": [_seat_json(s) for s in self.seats],
        }
        if self.bell is not None:
            obj["bell"] = {"zone": _points_json(self.bell)}
        return obj


def _seat_json(seat: SeatZone) -> dict[str, Any]:
    obj: dict[str, Any] = {"seat": seat.seat, "name": seat.name, "zone": _points_json(seat.zone)}
    if seat.reach is not None:
        obj["reach"] = _points_json(seat.reach)
    return obj


def _same_polygon(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return np.array_equal(a, b)


def _points_json(zone: np.ndarray) -> list[list[float]]:
    return [[round(float(x), _DECIMALS), round(float(y), _DECIMALS)] for x, y in zone]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _parse_zone(value: Any, field_name: str) -> np.ndarray:
    if not isinstance(value, list):
        raise InputError(f"must be a list of [x, y] points, got {value!r:.60}", field=field_name)
    for i, p in enumerate(value):
        if not (isinstance(p, list) and len(p) == 2 and all(_is_number(c) for c in p)):
            raise InputError(
                f"point {i} must be [x, y] with two finite numbers, got {p!r:.60}", field=field_name
            )
    if len(value) < 3:
        raise InputError(
            f"a zone is a polygon of at least 3 points, got {len(value)}", field=field_name
        )
    return as_zone(value)


def _parse(obj: Any) -> Layout:
    if not isinstance(obj, dict):
        raise InputError(f"a layout is a JSON object, got {type(obj).__name__}")
    if "image_size" not in obj:
        raise InputError("missing", field="image_size")
    size = obj["image_size"]
    if not (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in size)
    ):
        raise InputError(
            f"must be [width, height] in whole pixels, got {size!r:.60}", field="image_size"
        )
    if "seats" not in obj:
        raise InputError("missing", field="seats")
    raw_seats = obj["seats"]
    if not isinstance(raw_seats, list) or not raw_seats:
        raise InputError(f"must be a non-empty list of seats, got {raw_seats!r:.60}", field="seats")
    seats: list[SeatZone] = []
    for i, entry in enumerate(raw_seats):
        here = f"seats[{i}]"
        if not isinstance(entry, dict):
            raise InputError(f"must be an object, got {entry!r:.60}", field=here)
        if "seat" not in entry:
            raise InputError("missing", field=f"{here}.seat")
        seat = entry["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InputError(f"must be a seat number, got {seat!r:.60}", field=f"{here}.seat")
        name = entry.get("name", f"seat {seat}")
        if not isinstance(name, str):
            raise InputError(f"must be a string, got {name!r:.60}", field=f"{here}.name")
        if "zone" not in entry:
            raise InputError("missing", field=f"{here}.zone")
        zone = _parse_zone(entry["zone"], f"{here}.zone")
        # Checked here too, so the error names the entry as it stands in the file.
        _check_zone(zone, (size[0], size[1]), f"{here}.zone")
        reach = None
        if entry.get("reach") is not None:
            reach = _parse_zone(entry["reach"], f"{here}.reach")
            _check_zone(reach, (size[0], size[1]), f"{here}.reach")
        seats.append(SeatZone(seat, name, zone, reach))
    bell = None
    raw_bell = obj.get("bell")
    if raw_bell is not None:
        if not isinstance(raw_bell, dict) or "zone" not in raw_bell:
            raise InputError(
                f'must be {{"zone": [[x, y], ...]}}, got {raw_bell!r:.60}', field="bell"
            )
        bell = _parse_zone(raw_bell["zone"], "bell.zone")
    _check_numbering([s.seat for s in seats])
    # Seats may be listed in any order in the file; the value keeps them by seat number.
    seats.sort(key=lambda s: s.seat)
    return Layout(image_size=(size[0], size[1]), seats=seats, bell=bell)


def _check_zone(zone: np.ndarray, image_size: tuple[int, int], field_name: str) -> None:
    w, h = image_size
    if len(zone) < 3:
        raise InputError(
            f"a zone is a polygon of at least 3 points, got {len(zone)}", field=field_name
        )
    if not np.all(np.isfinite(zone)):
        raise InputError("has a point that is not a finite number", field=field_name)
    outside = [
        (i, float(x), float(y))
        for i, (x, y) in enumerate(zone)
        if not (0.0 <= x <= w and 0.0 <= y <= h)
    ]
    if outside:
        i, x, y = outside[0]
        raise InputError(
            f"point {i} ({x:g}, {y:g}) lies outside the {w}x{h} image", field=field_name
        )
    crossing = self_intersection(zone)
    if crossing is not None:
        i, j = crossing
        raise InputError(
            f"is not a simple polygon: edge {i}-{(i + 1) % len(zone)} crosses edge "
            f"{j}-{(j + 1) % len(zone)} (points out of order?)",
            field=field_name,
        )
    area = polygon_area(zone)
    if area < _MIN_AREA_PX:
        raise InputError(
            f"is not a polygon: its points enclose {area:g} square pixels", field=field_name
        )


def _check_numbering(numbers: list[int]) -> None:
    """Seats are 0..n-1, each once; errors name the entry (its index in the file's list)."""
    first_index: dict[int, int] = {}
    for i, number in enumerate(numbers):
        if number in first_index:
            raise InputError(
                f"seat {number} appears twice (entries {first_index[number]} and {i})",
                field=f"seats[{i}].seat",
            )
        first_index[number] = i
    n = len(numbers)
    wanted = set(range(n))
    if set(first_index) != wanted:
        missing = sorted(wanted - set(first_index))
        extra = sorted(set(first_index) - wanted)
        parts = []
        if missing:
            parts.append(f"missing {missing}")
        if extra:
            parts.append(f"unexpected {extra}")
        raise InputError(
            f"seats must be numbered 0..{n - 1} in play order; {'; '.join(parts)}",
            field="seats",
        )


def _check_layout(layout: Layout, *, where: str | None) -> None:
    w, h = layout.image_size
    if w <= 0 or h <= 0:
        raise ConfigError(f"must be positive, got {w}x{h}", where=where, field="image_size")
    if not layout.seats:
        raise ConfigError("a layout needs at least one seat", where=where, field="seats")
    try:
        _check_numbering([s.seat for s in layout.seats])
        for i, s in enumerate(layout.seats):
            if s.seat != i:
                raise InputError("seats must be kept in seat order", field="seats")
            _check_zone(s.zone, layout.image_size, f"seats[{i}].zone")
            if s.reach is not None:
                _check_zone(s.reach, layout.image_size, f"seats[{i}].reach")
        if layout.bell is not None:
            _check_zone(layout.bell, layout.image_size, "bell.zone")
    except InputError as err:
        raise ConfigError(err.message, where=where, field=err.field) from None


def load_layout(path: str | Path) -> Layout:
    """Read and check a layout file; every problem is a ConfigError naming the file."""
    path = Path(path)
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("no such layout file", where=where) from None
    except IsADirectoryError:
        raise ConfigError("is a folder, not a layout file", where=where) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read layout: {err}", where=where) from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as err:
        raise ConfigError(
            f"not valid JSON: {err.msg} (column {err.colno})", where=f"{where}:{err.lineno}"
        ) from None
    return Layout.from_json(obj, where=where)


def save_layout(layout: Layout, path: str | Path) -> None:
    """Write a layout as SPEC §2 JSON (one seat per line, easy to edit by hand)."""
    obj = layout.to_json()
    lines = ["{", f'  "image_size": {json.dumps(obj["image_size"])},', '  "seats": [']
    seat_lines = [f"    {json.dumps(s)}" for s in obj["seats"]]
    lines.append(",\n".join(seat_lines))
    if "bell" in obj:
        lines.append("  ],")
        lines.append(f'  "bell": {json.dumps(obj["bell"])}')
    else:
        lines.append("  ]")
    lines.append("}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def layout_from_zones(
    image_size: tuple[int, int],
    zones: Iterable[Any],
    names: Sequence[str] | None = None,
    bell: Any | None = None,
) -> Layout:
    """A layout from zones already in seat order (0 first), with default names ``seat N``."""
    zone_list = [as_zone(z) for z in zones]
    if names is not None and len(names) != len(zone_list):
        raise InputError(
            f"{len(names)} names given for {len(zone_list)} seats: {list(names)}", field="names"
        )
    seats = [
        SeatZone(i, names[i] if names is not None else f"seat {i}", z)
        for i, z in enumerate(zone_list)
    ]
    return Layout(
        image_size=(int(image_size[0]), int(image_size[1])),
        seats=seats,
        bell=None if bell is None else as_zone(bell),
    )

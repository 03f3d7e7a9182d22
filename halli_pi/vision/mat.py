"""The printable play mat: ArUco markers at known places, one zone per seat, a spot for the bell.

The mat's geometry (``MatGeometry``: marker ids and corners, seat zones and the bell spot, all in
millimetres from the mat's top-left corner) is computed from the number of seats alone, so a mat
printed today is still understood by a later version: ``mat_geometry(n)`` is a contract, pinned by
golden files in the tests. It is also written next to the printout (``mat.json``).

Choices:
- Markers come from ``DICT_4X4_50`` (big cells, so they read at 640x480 from across the table).
  Each seat count has its own block of eight ids (``8 * (seats - 2)`` onwards), so calibration can
  tell which mat it sees and refuse a mat for another number of seats. Eight markers (corners and
  edge middles, in a band around the play area) leave enough for a homography when hands or the
  bell cover some of them.
- Seats sit on an ellipse around the bell, seat 0 nearest the bottom edge, then clockwise as seen
  from above (the camera's view: increasing angle with y pointing down). Each zone's long side
  points at the bell, and the ellipse is the smallest that keeps zones apart and clear of the bell.
- The printout is black on white only (no grey): it prints the same on any printer, and the PDF
  pages are bilevel images (CCITT G4 through Pillow), small and sharp at 300 dpi.
- Large mats are split over A3 or A4 sheets with an overlap strip: cut each sheet along its dashed
  line and lay it over its neighbour so the cut edge runs through the neighbour's crosses and the
  printing lines up, then tape.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from halli_pi.errors import InputError
from halli_pi.rules.rulesets import MAX_PLAYERS, MIN_PLAYERS

MIN_SEATS = MIN_PLAYERS  # a mat for every table the rules allow
MAX_SEATS = MAX_PLAYERS
# The mat for n seats uses ids 8 * (n - 2) onwards. That is printed on paper, so it is fixed
# here rather than following MIN_SEATS; DICT_4X4_50 has room for mats of 2 to 7 seats.
FIRST_MAT_SEATS = 2
DICTIONARY = "DICT_4X4_50"
MARKERS_PER_MAT = 8
FORMAT = "halli-pi mat"
VERSION = 1

# Sizes in millimetres. Cards are about 57 x 87 mm; a zone holds a messy, rotated pile of them.
ZONE_W = 100.0  # across, as the player sees it
ZONE_D = 130.0  # towards the bell
ZONE_GAP = 15.0  # between two zones
BELL_R = 50.0  # the bell's round foot
BELL_CLEAR = 35.0  # bell foot to nearest zone: room for the play-order arrows
LABEL_STRIP = 16.0  # beyond each zone's outer edge: "seat N"
MARKER = 50.0  # marker side, border bits included
QUIET = 12.0  # white around each marker (more than one cell of 8.3 mm)
MIN_CONTENT = 280.0  # play area at least this wide and tall, so title and scale bar fit
ASPECT = 4.0 / 3.0  # ellipse of seats, wider than tall like a 4:3 camera frame

PAPER_MM = {"a4": (210.0, 297.0), "a3": (297.0, 420.0)}
PAGE_MARGIN = 10.0  # printers do not print to the edge
OVERLAP = 15.0  # strip printed on both neighbouring sheets


def marker_ids(seats: int) -> list[int]:
    """The eight marker ids of the mat for ``seats`` players (clockwise from the top-left)."""
    check_seats(seats)
    first = MARKERS_PER_MAT * (seats - FIRST_MAT_SEATS)
    return list(range(first, first + MARKERS_PER_MAT))


def seats_for_marker(marker_id: int) -> int | None:
    """Which mat (by seat count) a marker id belongs to, or None if no mat uses it."""
    seats = marker_id // MARKERS_PER_MAT + FIRST_MAT_SEATS
    return seats if MIN_SEATS <= seats <= MAX_SEATS and marker_id >= 0 else None


def check_seats(seats: int) -> None:
    if not isinstance(seats, int) or isinstance(seats, bool) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InputError(
            f"a mat has {MIN_SEATS} to {MAX_SEATS} seats (Halli Galli's player count), "
            f"got {seats!r}",
            field="seats",
        )


@dataclass(frozen=True, eq=False)
class MatMarker:
    id: int
    corners: np.ndarray  # 4 x 2 mm, ArUco's order: top-left, top-right, bottom-right, bottom-left

    @property
    def center(self) -> np.ndarray:
        return self.corners.mean(axis=0)


@dataclass(frozen=True, eq=False)
class MatGeometry:
    """Everything calibration needs to know about a mat, in millimetres."""

    seats: int
    size: tuple[float, float]  # width, height
    markers: tuple[MatMarker, ...]
    zones: tuple[np.ndarray, ...]  # per seat, 4 x 2
    bell_center: tuple[float, float]
    bell_radius: float
    bell_zone: np.ndarray  # octagon around the bell's foot
    dictionary: str = DICTIONARY

    def marker(self, marker_id: int) -> MatMarker | None:
        for m in self.markers:
            if m.id == marker_id:
                return m
        return None

    @property
    def ids(self) -> list[int]:
        return [m.id for m in self.markers]

    def to_json(self) -> dict[str, Any]:
        def pts(a: np.ndarray) -> list[list[float]]:
            return [[round(float(x), 2), round(float(y), 2)] for x, y in a]

        return {
            "format": FORMAT,
            "version": VERSION,
            "units": "mm",
            "seats": self.seats,
            "size": [round(self.size[0], 2), round(self.size[1], 2)],
            "dictionary": self.dictionary,
            "markers": [{"id": m.id, "corners": pts(m.corners)} for m in self.markers],
            "zones": [{"seat": i, "zone": pts(z)} for i, z in enumerate(self.zones)],
            "bell": {
                "center": [round(self.bell_center[0], 2), round(self.bell_center[1], 2)],
                "radius": round(self.bell_radius, 2),
                "zone": pts(self.bell_zone),
            },
        }

    @classmethod
    def from_json(cls, obj: Any, *, where: str | None = None) -> MatGeometry:
        try:
            if not isinstance(obj, dict) or obj.get("format") != FORMAT:
                raise InputError(f'not a mat file (no "format": "{FORMAT}")')
            if obj.get("version") != VERSION:
                raise InputError(f"unknown mat version {obj.get('version')!r}", field="version")
            if obj.get("dictionary") != DICTIONARY:
                raise InputError(
                    f"only {DICTIONARY} markers are supported, got {obj.get('dictionary')!r}",
                    field="dictionary",
                )
            markers = tuple(
                MatMarker(int(m["id"]), _pts(m["corners"], 4, f"markers[{i}].corners"))
                for i, m in enumerate(obj["markers"])
            )
            zones = tuple(
                _pts(z["zone"], None, f"zones[{i}].zone") for i, z in enumerate(obj["zones"])
            )
            ids = [m.id for m in markers]
            if len(set(ids)) != len(ids) or not all(0 <= i < 50 for i in ids):
                raise InputError(
                    f"marker ids must be distinct and within {DICTIONARY} (0-49), got {ids}",
                    field="markers",
                )
            if len(markers) < 4:
                raise InputError(
                    f"a mat needs at least 4 markers, got {len(markers)}", field="markers"
                )
            if len(zones) != int(obj["seats"]) or len(zones) < 1:
                raise InputError(f"{len(zones)} zones for {obj['seats']!r} seats", field="zones")
            bell = obj["bell"]
            return cls(
                seats=int(obj["seats"]),
                size=(float(obj["size"][0]), float(obj["size"][1])),
                markers=markers,
                zones=zones,
                bell_center=(float(bell["center"][0]), float(bell["center"][1])),
                bell_radius=float(bell["radius"]),
                bell_zone=_pts(bell["zone"], None, "bell.zone"),
            )
        except InputError as err:
            raise InputError(err.message, where=where, field=err.field) from None
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise InputError(f"malformed mat file: {err!r}", where=where) from None


def geometry_text(geometry: MatGeometry) -> str:
    """The geometry as JSON text, one marker or zone per line (readable, diffable)."""
    obj = geometry.to_json()
    lines = ["{"]
    for key, value in obj.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(f"    {json.dumps(v)}" for v in value)
            lines.append(f'  "{key}": [\n{items}\n  ],')
        else:
            lines.append(f'  "{key}": {json.dumps(value)},')
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _pts(value: Any, n: int | None, field_name: str) -> np.ndarray:
    a = np.asarray(value, dtype=np.float64)
    if a.ndim != 2 or a.shape[1] != 2 or (n is not None and len(a) != n) or len(a) < 3:
        raise InputError(f"must be a list of [x, y] points, got {value!r:.60}", field=field_name)
    return a


def load_mat(path: str | Path) -> MatGeometry:
    path = Path(path)
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("no such mat file", where=str(path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise InputError(f"cannot read mat file: {err}", where=str(path)) from None
    return MatGeometry.from_json(obj, where=str(path))


# --- geometry -------------------------------------------------------------------------------


def _rect(center: np.ndarray, u: np.ndarray, along_u: float, across: float) -> np.ndarray:
    """Rectangle centred at ``center``, ``along_u`` long in direction ``u``; corners in clockwise
    order on screen, starting at the inner-left corner as the player sees it."""
    t = np.array([-u[1], u[0]])
    hu, ht = u * along_u / 2, t * across / 2
    return np.array([center - hu + ht, center - hu - ht, center + hu - ht, center + hu + ht])


def _separation(a: np.ndarray, b: np.ndarray) -> float:
    """Largest gap between the projections of two convex polygons over their edge normals
    (separating axes): a lower bound of their distance, negative when they overlap."""
    best = -math.inf
    for poly in (a, b):
        for i in range(len(poly)):
            edge = poly[(i + 1) % len(poly)] - poly[i]
            normal = np.array([-edge[1], edge[0]]) / np.hypot(*edge)
            pa, pb = a @ normal, b @ normal
            best = max(best, pb.min() - pa.max(), pa.min() - pb.max())
    return float(best)


def _distance_to_origin(poly: np.ndarray) -> float:
    best = math.inf
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        d = q - p
        s = float(np.clip(-(p @ d) / (d @ d), 0.0, 1.0))
        best = min(best, float(np.hypot(*(p + s * d))))
    return best


def _seat_angles(seats: int) -> list[float]:
    # Seat 0 at the bottom (angle 90 degrees with y down); clockwise on screen is increasing angle.
    return [math.pi / 2 + 2 * math.pi * i / seats for i in range(seats)]


def _zones_around_bell(seats: int) -> list[np.ndarray]:
    aspect = 1.0 if seats == 2 else ASPECT
    angles = _seat_angles(seats)
    b = BELL_R + BELL_CLEAR + ZONE_D / 2
    while True:
        zones = []
        for phi in angles:
            c = np.array([aspect * b * math.cos(phi), b * math.sin(phi)])
            u = c / np.hypot(*c)
            zones.append(_rect(c, u, ZONE_D, ZONE_W))
        clear = all(_distance_to_origin(z) >= BELL_R + BELL_CLEAR for z in zones)
        apart = all(
            _separation(zones[i], zones[j]) >= ZONE_GAP
            for i in range(seats)
            for j in range(i + 1, seats)
        )
        if clear and apart:
            return zones
        b += 0.5


def _label_boxes(zones: list[np.ndarray]) -> list[np.ndarray]:
    """Where each seat's label goes: a strip just beyond the zone's outer edge."""
    boxes = []
    for z in zones:
        c = z.mean(axis=0)
        u = c / np.hypot(*c)
        boxes.append(_rect(c + u * (ZONE_D / 2 + LABEL_STRIP / 2), u, LABEL_STRIP, ZONE_W))
    return boxes


def mat_geometry(seats: int) -> MatGeometry:
    """The mat for ``seats`` players. Deterministic: same seats, same mat, in every version."""
    check_seats(seats)
    zones = _zones_around_bell(seats)
    octagon_r = BELL_R / math.cos(math.pi / 8)
    bell_zone = np.array(
        [
            [
                octagon_r * math.cos(math.pi / 8 + k * math.pi / 4),
                octagon_r * math.sin(math.pi / 8 + k * math.pi / 4),
            ]
            for k in range(8)
        ]
    )
    everything = np.vstack([*zones, *_label_boxes(zones), bell_zone])
    lo, hi = everything.min(axis=0), everything.max(axis=0)
    # Centre the play area and give it a minimum size, then add the marker band around it.
    half = np.maximum((hi - lo) / 2, MIN_CONTENT / 2)
    mid = (hi + lo) / 2
    band = QUIET + MARKER + QUIET
    origin = mid - half - band  # mat top-left, in bell-centred coordinates
    width, height = (2 * half + 2 * band).tolist()

    def shift(a: np.ndarray) -> np.ndarray:
        return np.round(a - origin, 6)

    # Marker top-left corners, clockwise from the top-left of the mat.
    near, far_x, far_y = QUIET, width - QUIET - MARKER, height - QUIET - MARKER
    mid_x, mid_y = (width - MARKER) / 2, (height - MARKER) / 2
    spots = [
        (near, near),
        (mid_x, near),
        (far_x, near),
        (far_x, mid_y),
        (far_x, far_y),
        (mid_x, far_y),
        (near, far_y),
        (near, mid_y),
    ]
    markers = tuple(
        MatMarker(
            mid,
            np.array([[x, y], [x + MARKER, y], [x + MARKER, y + MARKER], [x, y + MARKER]]),
        )
        for mid, (x, y) in zip(marker_ids(seats), spots, strict=True)
    )
    bell_center = shift(np.zeros(2))
    return MatGeometry(
        seats=seats,
        size=(round(width, 6), round(height, 6)),
        markers=markers,
        zones=tuple(shift(z) for z in zones),
        bell_center=(float(bell_center[0]), float(bell_center[1])),
        bell_radius=BELL_R,
        bell_zone=shift(bell_zone),
    )


# --- drawing --------------------------------------------------------------------------------


def mm_to_px_matrix(px_per_mm: float) -> np.ndarray:
    """3x3 map from mat millimetres to the pixel coordinates of ``render_mat(.., px_per_mm)``
    (OpenCV's convention: pixel centres at whole numbers, so an edge at 0 mm is at -0.5 px)."""
    s = float(px_per_mm)
    return np.array([[s, 0.0, -0.5], [0.0, s, -0.5], [0.0, 0.0, 1.0]])


def _aruco_dictionary() -> Any:
    import cv2

    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))


def _text_patch(text: str, height_px: float, max_width_px: float | None = None) -> np.ndarray:
    """Black text on white, ``height_px`` tall for capitals, narrowed to ``max_width_px`` if
    given (OpenCV's own font: its width differs between OpenCV versions, so measure)."""
    import cv2

    font = cv2.FONT_HERSHEY_SIMPLEX
    (base_w, base_h), _ = cv2.getTextSize(text, font, 1.0, 1)
    scale = max(height_px / base_h, 0.1)
    if max_width_px is not None:
        scale = min(scale, 0.9 * max_width_px / base_w)
    thickness = max(1, round(scale * 2.2))
    (tw, th), baseline = cv2.getTextSize(text, font, scale, thickness)
    pad = thickness + 2
    patch = np.full((th + baseline + 2 * pad, tw + 2 * pad), 255, np.uint8)
    cv2.putText(patch, text, (pad, pad + th), font, scale, 0, thickness, cv2.LINE_AA)
    return patch


def _stamp(canvas: np.ndarray, patch: np.ndarray, center_px: np.ndarray, angle_deg: float) -> None:
    """Darken ``canvas`` with ``patch`` rotated by ``angle_deg`` (counter-clockwise on screen)
    and centred at ``center_px``."""
    import cv2

    h, w = patch.shape
    diag = int(math.ceil(math.hypot(w, h))) + 2
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle_deg, 1.0)
    m[:, 2] += (diag / 2 - w / 2, diag / 2 - h / 2)
    rotated = cv2.warpAffine(patch, m, (diag, diag), flags=cv2.INTER_LINEAR, borderValue=255)
    x0 = int(round(center_px[0] - diag / 2))
    y0 = int(round(center_px[1] - diag / 2))
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + diag, canvas.shape[1]), min(y0 + diag, canvas.shape[0])
    if cx1 <= cx0 or cy1 <= cy0:
        return
    region = canvas[cy0:cy1, cx0:cx1]
    np.minimum(region, rotated[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0], out=region)


def render_mat(geometry: MatGeometry, px_per_mm: float) -> np.ndarray:
    """The whole mat as a black-and-white uint8 image (0 or 255), ``px_per_mm`` pixels per mm."""
    import cv2

    s = float(px_per_mm)
    w_px, h_px = int(round(geometry.size[0] * s)), int(round(geometry.size[1] * s))
    canvas = np.full((h_px, w_px), 255, np.uint8)
    shift = 4  # fixed-point vertices: sub-pixel placement of lines

    def fixed(points_mm: np.ndarray) -> np.ndarray:
        px = points_mm * s - 0.5
        return np.round(px * (1 << shift)).astype(np.int32).reshape(-1, 1, 2)

    line = max(1, int(round(1.2 * s)))
    dictionary = _aruco_dictionary()
    for m in geometry.markers:
        x0 = int(round(m.corners[0, 0] * s))
        y0 = int(round(m.corners[0, 1] * s))
        side = int(round((m.corners[1, 0] - m.corners[0, 0]) * s))
        img = cv2.aruco.generateImageMarker(dictionary, m.id, side, borderBits=1)
        canvas[y0 : y0 + side, x0 : x0 + side] = img

    # Seat zones: a plain outline, the inside left white for the card reader.
    for z in geometry.zones:
        cv2.polylines(canvas, [fixed(z)], True, 0, line, cv2.LINE_AA, shift)

    # Labels: "seat N", upright for the player sitting beyond the zone.
    cx, cy = geometry.bell_center
    for i, z in enumerate(geometry.zones):
        c = z.mean(axis=0)
        u = (c - (cx, cy)) / np.hypot(*(c - (cx, cy)))
        where = c + u * (ZONE_D / 2 + LABEL_STRIP / 2)
        # The player looks towards -u; text reads upright when its "down" points along u.
        angle = math.degrees(math.atan2(u[0], u[1]))
        _stamp(canvas, _text_patch(f"seat {i}", 8.0 * s), where * s - 0.5, angle)

    # The bell's spot and the play-order arrows around it.
    centre = np.array([cx, cy])
    ring = np.array(
        [
            [cx + BELL_R * math.cos(a), cy + BELL_R * math.sin(a)]
            for a in np.linspace(0, 2 * math.pi, 97)
        ]
    )
    cv2.polylines(canvas, [fixed(ring)], True, 0, line, cv2.LINE_AA, shift)
    _stamp(canvas, _text_patch("bell", 9.0 * s), centre * s - 0.5, 0.0)
    r_arrow = BELL_R + BELL_CLEAR / 2
    angles = _seat_angles(geometry.seats)
    step = 2 * math.pi / geometry.seats
    for a0 in angles:
        a_start, a_end = a0 + 0.22 * step, a0 + 0.78 * step
        arc = np.array(
            [
                [cx + r_arrow * math.cos(a), cy + r_arrow * math.sin(a)]
                for a in np.linspace(a_start, a_end, 24)
            ]
        )
        cv2.polylines(canvas, [fixed(arc)], False, 0, line, cv2.LINE_AA, shift)
        tip = arc[-1]
        tangent = np.array([-math.sin(a_end), math.cos(a_end)])  # direction of increasing angle
        normal = np.array([math.cos(a_end), math.sin(a_end)])
        head = np.array(
            [tip + tangent * 4, tip - tangent * 5 + normal * 5, tip - tangent * 5 - normal * 5]
        )
        cv2.fillPoly(canvas, [fixed(head)], 0, cv2.LINE_AA, shift)

    # Title in the top band, print-scale check in the bottom band.
    top_mid_y = (QUIET + MARKER / 2) * s
    # Halfway between the top-left marker and the top-middle one (and mirrored on the right),
    # no wider than the white between their quiet zones.
    left_gap_x = (QUIET + MARKER + (geometry.size[0] - MARKER) / 2) / 2 * s
    room = ((geometry.size[0] - MARKER) / 2 - (QUIET + MARKER) - 2 * QUIET) * s
    _stamp(
        canvas,
        _text_patch(f"halli-pi mat: {geometry.seats} seats", 7.0 * s, room),
        np.array([left_gap_x, top_mid_y]),
        0.0,
    )
    ids = geometry.ids
    _stamp(
        canvas,
        _text_patch(f"{DICTIONARY} ids {ids[0]}-{ids[-1]}", 5.0 * s, room),
        np.array([geometry.size[0] * s - left_gap_x, top_mid_y]),
        0.0,
    )
    bottom_y = geometry.size[1] - QUIET - MARKER / 2
    bar_x0 = left_gap_x / s - 50.0
    bar = np.array([[bar_x0, bottom_y], [bar_x0 + 100.0, bottom_y]])
    cv2.polylines(canvas, [fixed(bar)], False, 0, line, cv2.LINE_8, shift)
    for x in (bar_x0, bar_x0 + 100.0):
        tick = np.array([[x, bottom_y - 4], [x, bottom_y + 4]])
        cv2.polylines(canvas, [fixed(tick)], False, 0, line, cv2.LINE_8, shift)
    _stamp(
        canvas,
        _text_patch("100 mm: print at 100%", 4.5 * s, room),
        np.array([left_gap_x, (bottom_y + 9) * s]),
        0.0,
    )
    # Black or white only: anti-aliased edges would turn grey, which prints as dither.
    return np.where(canvas < 128, 0, 255).astype(np.uint8)


# --- pages ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tiling:
    paper: str
    landscape: bool
    columns: int
    rows: int

    @property
    def sheets(self) -> int:
        return self.columns * self.rows


def _tiles_along(length: float, printable: float) -> int:
    if length <= printable:
        return 1
    return math.ceil((length - OVERLAP) / (printable - OVERLAP))


def plan_tiling(geometry: MatGeometry, paper: str) -> Tiling:
    """Fewest sheets of ``paper`` (a3 or a4), upright or sideways, that cover the mat."""
    if paper not in PAPER_MM:
        raise InputError(f"paper must be one of {sorted(PAPER_MM)}, got {paper!r}", field="paper")
    pw, ph = PAPER_MM[paper]
    best: Tiling | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        cols = _tiles_along(geometry.size[0], w - 2 * PAGE_MARGIN)
        rows = _tiles_along(geometry.size[1], h - 2 * PAGE_MARGIN)
        t = Tiling(paper, landscape, cols, rows)
        if best is None or t.sheets < best.sheets:
            best = t
    assert best is not None
    return best


def render_pages(
    geometry: MatGeometry, paper: str, dpi: int = 300
) -> tuple[Tiling, list[np.ndarray]]:
    """The mat cut into printable pages (uint8, 0/255), each the full sheet at ``dpi``."""
    import cv2

    tiling = plan_tiling(geometry, paper)
    s = dpi / 25.4
    mat = render_mat(geometry, s)
    pw, ph = PAPER_MM[paper]
    if tiling.landscape:
        pw, ph = ph, pw
    printable_w, printable_h = pw - 2 * PAGE_MARGIN, ph - 2 * PAGE_MARGIN
    step_x, step_y = printable_w - OVERLAP, printable_h - OVERLAP
    page_w, page_h = int(round(pw * s)), int(round(ph * s))
    m0 = int(round(PAGE_MARGIN * s))
    pages = []
    dash = max(1, int(round(0.4 * s)))
    for r in range(tiling.rows):
        for c in range(tiling.columns):
            page = np.full((page_h, page_w), 255, np.uint8)
            x0, y0 = int(round(c * step_x * s)), int(round(r * step_y * s))
            part = mat[y0 : y0 + int(round(printable_h * s)), x0 : x0 + int(round(printable_w * s))]
            page[m0 : m0 + part.shape[0], m0 : m0 + part.shape[1]] = part
            # Dashed cut lines in the middle of the overlap this sheet shares with the previous
            # column/row: cut there and lay the sheet over its neighbour.
            cut = int(round((PAGE_MARGIN + OVERLAP / 2) * s))
            seg = int(round(4 * s))
            if c > 0:
                for y in range(m0, m0 + part.shape[0], 2 * seg):
                    cv2.line(page, (cut, y), (cut, min(y + seg, page_h - m0)), 0, dash)
            if r > 0:
                for x in range(m0, m0 + part.shape[1], 2 * seg):
                    cv2.line(page, (x, cut), (min(x + seg, page_w - m0), cut), 0, dash)
            # On the sheet underneath, ticks where that cut edge must lie.
            mark = int(round((PAGE_MARGIN + printable_w - OVERLAP / 2) * s))
            mark_y = int(round((PAGE_MARGIN + printable_h - OVERLAP / 2) * s))
            tick = int(round(3 * s))
            if c < tiling.columns - 1:
                for y in range(m0 + 4 * seg, m0 + part.shape[0], 10 * seg):
                    cv2.line(page, (mark - tick, y), (mark + tick, y), 0, dash)
                    cv2.line(page, (mark, y - tick), (mark, y + tick), 0, dash)
            if r < tiling.rows - 1:
                for x in range(m0 + 4 * seg, m0 + part.shape[1], 10 * seg):
                    cv2.line(page, (x - tick, mark_y), (x + tick, mark_y), 0, dash)
                    cv2.line(page, (x, mark_y - tick), (x, mark_y + tick), 0, dash)
            label = f"sheet row {r + 1} of {tiling.rows}, column {c + 1} of {tiling.columns}"
            if tiling.sheets > 1:
                label += ": cut along dashed lines, overlap, tape"
            patch = _text_patch(label, 2.5 * s)
            _stamp(page, patch, np.array([page_w / 2, page_h - m0 / 2]), 0.0)
            pages.append(np.where(page < 128, 0, 255).astype(np.uint8))
    return tiling, pages


def write_pdf(pages: list[np.ndarray], path: Path, dpi: int) -> None:
    """Pages as a PDF of bilevel images, each page exactly its paper size at ``dpi``."""
    from PIL import Image

    images = [Image.fromarray(p).convert("1", dither=Image.Dither.NONE) for p in pages]
    images[0].save(path, "PDF", resolution=float(dpi), save_all=True, append_images=images[1:])


def write_mat(seats: int, out: str | Path, paper: str = "a3", dpi: int = 300) -> dict[str, Any]:
    """Write the mat (``.pdf`` pages or one ``.png``) and its geometry beside it (``.json``).
    Returns a summary for the command to print."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise InputError(f"the mat is written as .pdf or .png, got {str(out)!r}", field="out")
    if not 72 <= dpi <= 1200:
        raise InputError(f"dpi must be between 72 and 1200, got {dpi}", field="dpi")
    geometry = mat_geometry(seats)
    if not out.parent.exists():
        raise InputError(f"folder {str(out.parent)!r} does not exist", field="out")
    summary: dict[str, Any] = {
        "out": str(out),
        "seats": seats,
        "size_mm": [round(geometry.size[0]), round(geometry.size[1])],
        "markers": geometry.ids,
    }
    if suffix == ".pdf":
        tiling, pages = render_pages(geometry, paper, dpi)
        write_pdf(pages, out, dpi)
        summary.update(paper=paper, sheets=tiling.sheets, columns=tiling.columns, rows=tiling.rows)
    else:
        import cv2

        image = render_mat(geometry, dpi / 25.4)
        if not cv2.imwrite(str(out), image):
            raise InputError("could not write the image", where=str(out))
    geometry_path = out.with_suffix(".json")
    geometry_path.write_text(geometry_text(geometry), encoding="utf-8")
    summary["geometry"] = str(geometry_path)
    return summary

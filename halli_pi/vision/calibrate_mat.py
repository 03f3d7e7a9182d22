"""Calibration with the play mat: find its markers in a frame, map the mat into the image and
write the table layout (shared/SPEC.md §2) from the mat's seat zones and bell spot.

The mat's markers give many point pairs (four corners each, millimetres on the mat to pixels in
the frame); a RANSAC homography over them ignores a misread marker, and needs only a few of the
eight, so hands, cards or the bell over some markers do no harm. The result is refused, with a
message that says what to change, when too few markers show, when they bunch on one side (the
far side of the mat would be extrapolated), when the frame is mirrored (clockwise would become
counter-clockwise) or when a zone falls outside the frame.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from halli_pi.errors import InputError
from halli_pi.vision.layout import Layout, SeatZone, polygon_area
from halli_pi.vision.mat import (
    MatGeometry,
    mat_geometry,
    seats_for_marker,
)

MIN_MARKERS = 4
# Marker centres seen must span at least this share of the mat's area.
MIN_SPREAD = 0.15
# RANSAC inlier threshold and the largest acceptable RMS error of the fit, in pixels.
RANSAC_PX = 3.0
MAX_RMS_PX = 2.5
# Projected zone points this close outside the frame are clipped onto its edge, not refused.
EDGE_SLACK_PX = 2.0


@dataclass(frozen=True, eq=False)
class MatCalibration:
    """What calibration found, for the command to report and draw."""

    layout: Layout
    geometry: MatGeometry
    homography: np.ndarray  # 3x3, mat millimetres -> image pixels
    markers_seen: list[int]  # ids of this mat's markers found in the frame
    markers_used: list[int]  # of those, the ones the fit agrees with
    rms_px: float  # reprojection error over the markers used
    ignored: list[int]  # ids found that belong to no mat or another mat


def _gray(frame: np.ndarray) -> np.ndarray:
    import cv2

    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise InputError("the calibration frame is empty", field="frame")
    if frame.dtype != np.uint8:
        raise InputError(f"the calibration frame must be 8-bit, got {frame.dtype}", field="frame")
    if frame.ndim == 2:
        return frame
    if frame.ndim == 3 and frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    raise InputError(f"the calibration frame has an odd shape {frame.shape}", field="frame")


def detect_markers(frame: np.ndarray) -> dict[int, np.ndarray]:
    """ArUco markers (DICT_4X4_50) in a frame: id -> 4x2 corners in pixels (ArUco's order).

    A marker id seen twice (a second printout in view?) is dropped rather than guessed at."""
    import cv2

    gray = _gray(frame)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(dictionary, params)
    corners, ids, _rejected = detector.detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    twice: set[int] = set()
    if ids is not None:
        for c, i in zip(corners, map(int, ids.ravel()), strict=True):
            if i in found:
                twice.add(i)
            found[i] = np.asarray(c, dtype=np.float64).reshape(4, 2)
    for i in twice:
        del found[i]
    return found


def _ids_text(ids: Sequence[int]) -> str:
    return "[" + ", ".join(str(i) for i in ids) + "]"


def _choose_geometry(seen: dict[int, np.ndarray], seats: int | None) -> MatGeometry:
    mats = Counter(s for i in seen if (s := seats_for_marker(i)) is not None)
    if seats is None:
        if not mats:
            raise InputError(
                f"saw no mat markers (markers seen: {_ids_text(sorted(seen))}); is the mat in "
                "view, well lit and not too far away?",
                field="frame",
            )
        (seats, _), *rest = mats.most_common()
        if rest and rest[0][1] == mats[seats]:
            raise InputError(
                f"markers of mats for {sorted(mats)} seats are equally visible; show one mat "
                "only or say --seats",
                field="frame",
            )
        return mat_geometry(seats)
    geometry = mat_geometry(seats)
    own = sum(1 for i in seen if i in geometry.ids)
    other = [(n, k) for n, k in mats.most_common() if n != seats]
    if own < MIN_MARKERS and other and other[0][1] >= MIN_MARKERS:
        n = other[0][0]
        raise InputError(
            f"the markers seen {_ids_text(sorted(seen))} belong to the mat for {n} seats, but "
            f"calibration was asked for {seats} seats; print the {seats}-seat mat "
            f"(halli-pi mat --seats {seats}) or calibrate for {n} seats",
            field="seats",
        )
    return geometry


def _hull_area(points: np.ndarray) -> float:
    import cv2

    if len(points) < 3:
        return 0.0
    hull = cv2.convexHull(points.astype(np.float32))
    return polygon_area(hull.reshape(-1, 2))


def _signed_area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0


def project(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points (N x 2) through a 3x3 homography."""
    import cv2

    pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, homography).reshape(-1, 2)


def _fit_zone(zone_px: np.ndarray, size: tuple[int, int], what: str) -> np.ndarray:
    w, h = size
    lo = -EDGE_SLACK_PX
    bad = [
        (float(x), float(y))
        for x, y in zone_px
        if not (lo <= x <= w + EDGE_SLACK_PX and lo <= y <= h + EDGE_SLACK_PX)
    ]
    if bad:
        x, y = bad[0]
        raise InputError(
            f"{what} falls outside the {w}x{h} frame (a corner maps to ({x:.0f}, {y:.0f})); "
            "move the camera up or back so the whole mat shows",
            field="frame",
        )
    return np.clip(zone_px, [0.0, 0.0], [float(w), float(h)]).astype(np.float32)


def _mirrored(gray: np.ndarray, geometry: MatGeometry) -> bool:
    import cv2

    flipped = detect_markers(cv2.flip(gray, 1))
    return sum(1 for i in flipped if geometry.marker(i) is not None) >= MIN_MARKERS


def calibrate_mat_detailed(
    frame: np.ndarray,
    seats: int | None = None,
    names: Sequence[str] | None = None,
    *,
    geometry: MatGeometry | None = None,
) -> MatCalibration:
    """Like ``calibrate_from_mat`` but returns what was found along with the layout."""
    import cv2

    gray = _gray(frame)
    h, w = gray.shape[:2]
    seen = detect_markers(gray)
    if geometry is None:
        geometry = _choose_geometry(seen, seats)
    elif seats is not None and seats != geometry.seats:
        raise InputError(
            f"the mat file describes {geometry.seats} seats, but calibration was asked for {seats}",
            field="seats",
        )
    n = geometry.seats
    if names is not None and len(names) != n:
        raise InputError(
            f"{len(names)} names given for a {n}-seat mat: {list(names)}", field="names"
        )
    own = sorted(i for i in seen if geometry.marker(i) is not None)
    ignored = sorted(i for i in seen if geometry.marker(i) is None)
    if len(own) < MIN_MARKERS:
        # Markers do not decode in a mirror image; if they do once flipped back, say so.
        if _mirrored(gray, geometry):
            raise InputError(
                "the mat appears mirrored in the frame (is the camera set to flip the image?); "
                "clockwise play order would come out reversed",
                field="frame",
            )
        raise InputError(
            f"saw markers {_ids_text(own)}; need at least {MIN_MARKERS} of "
            f"{_ids_text(geometry.ids)} (the {n}-seat mat). Clear hands and cards off the mat's "
            "edge, light it evenly, and make sure the whole mat is in view",
            field="frame",
        )
    src = np.vstack([geometry.marker(i).corners for i in own])  # type: ignore[union-attr]
    dst = np.vstack([seen[i] for i in own])
    homography, inlier_mask = cv2.findHomography(src, dst, cv2.RANSAC, RANSAC_PX)
    if homography is None:
        raise InputError(
            f"the markers seen {_ids_text(own)} do not fit one flat mat; is the mat flat?",
            field="frame",
        )
    inliers = inlier_mask.ravel().astype(bool)
    # A marker counts as used when at least three of its corners agree with the fit.
    used = [i for k, i in enumerate(own) if int(inliers[4 * k : 4 * k + 4].sum()) >= 3]
    if len(used) < MIN_MARKERS:
        raise InputError(
            f"only markers {_ids_text(used)} of {_ids_text(own)} agree on where the mat is; "
            f"need {MIN_MARKERS}. Is the mat flat and printed at 100 %?",
            field="frame",
        )
    # Refit on the agreeing markers only, with every corner (least squares).
    src = np.vstack([geometry.marker(i).corners for i in used])  # type: ignore[union-attr]
    dst = np.vstack([seen[i] for i in used])
    homography, _ = cv2.findHomography(src, dst, 0)
    residual = project(homography, src) - dst
    rms = float(math.sqrt(float(np.mean(np.sum(residual**2, axis=1)))))
    if rms > MAX_RMS_PX:
        raise InputError(
            f"the markers fit the mat only to {rms:.1f} px (want {MAX_RMS_PX}); is the mat flat "
            "and the lens not too wide?",
            field="frame",
        )
    centers = np.array([geometry.marker(i).center for i in used])  # type: ignore[union-attr]
    spread = _hull_area(centers) / (geometry.size[0] * geometry.size[1])
    if spread < MIN_SPREAD:
        raise InputError(
            f"markers {_ids_text(used)} all lie along one side of the mat; uncover markers on "
            "the other sides so the far side is measured, not guessed",
            field="frame",
        )
    outline = np.array(
        [[0, 0], [geometry.size[0], 0], [geometry.size[0], geometry.size[1]], [0, geometry.size[1]]]
    )
    if _signed_area(project(homography, outline)) * _signed_area(outline) <= 0:
        raise InputError(
            "the mat appears mirrored in the frame (is the camera image flipped?); clockwise "
            "play order would come out reversed",
            field="frame",
        )
    zones = [
        SeatZone(
            seat=k,
            name=names[k] if names is not None else f"seat {k}",
            zone=_fit_zone(project(homography, z), (w, h), f"seat {k}'s zone"),
        )
        for k, z in enumerate(geometry.zones)
    ]
    bell = _fit_zone(project(homography, geometry.bell_zone), (w, h), "the bell's spot")
    layout = Layout(image_size=(w, h), seats=zones, bell=bell)
    return MatCalibration(
        layout=layout,
        geometry=geometry,
        homography=homography,
        markers_seen=own,
        markers_used=used,
        rms_px=rms,
        ignored=ignored,
    )


def calibrate_from_mat(
    frame: np.ndarray,
    seats: int | None = None,
    names: Sequence[str] | None = None,
    *,
    geometry: MatGeometry | None = None,
) -> Layout:
    """The table layout from one frame showing the mat.

    ``seats`` picks the mat (2..6); None takes the mat whose markers are seen. ``names`` are the
    players in seat order (default ``seat 0``, ``seat 1``, ...). ``geometry`` is a mat read from
    its ``mat.json`` instead of recomputed from ``seats``. Raises InputError saying what to
    change when the mat cannot be measured (too few markers, bunched, mirrored, out of frame).
    """
    return calibrate_mat_detailed(frame, seats, names, geometry=geometry).layout


def draw_calibration(frame: np.ndarray, result: MatCalibration) -> np.ndarray:
    """A copy of the frame with the markers used, the zones and the bell spot drawn on it, for a
    person to check the calibration by eye."""
    import cv2

    out = frame.copy() if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    for i in result.markers_used:
        corners = project(result.homography, result.geometry.marker(i).corners)  # type: ignore[union-attr]
        cv2.polylines(out, [np.round(corners).astype(np.int32)], True, (255, 160, 0), 1)
    for s in result.layout.seats:
        pts = np.round(s.zone).astype(np.int32)
        cv2.polylines(out, [pts], True, (0, 200, 0), 2)
        cx, cy = s.center
        cv2.putText(
            out,
            str(s.seat),
            (int(cx) - 6, int(cy) + 6),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.6,
            (0, 200, 0),
            2,
        )
    if result.layout.bell is not None:
        cv2.polylines(out, [np.round(result.layout.bell).astype(np.int32)], True, (0, 0, 230), 2)
    return out

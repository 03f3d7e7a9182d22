"""The play mat: its geometry (a contract with printed mats), its printout, and calibration
from a photo-like view of it."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from halli_pi.cli import main
from halli_pi.errors import InputError
from halli_pi.vision.calibrate_mat import (
    calibrate_from_mat,
    calibrate_mat_detailed,
    detect_markers,
    draw_calibration,
    project,
)
from halli_pi.vision.layout import Layout, load_layout, point_in_zone, save_layout
from halli_pi.vision.mat import (
    DICTIONARY,
    MAX_SEATS,
    MIN_SEATS,
    QUIET,
    MatGeometry,
    load_mat,
    marker_ids,
    mat_geometry,
    mm_to_px_matrix,
    plan_tiling,
    render_mat,
    write_mat,
)

DATA = Path(__file__).parent / "data" / "vision_mat"
SEAT_COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


# --- geometry -------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_geometry_matches_the_golden_file(seats: int) -> None:
    # Mats already printed must keep calibrating: the geometry may never drift.
    golden = json.loads((DATA / f"mat_{seats}_seats.json").read_text())
    assert mat_geometry(seats).to_json() == golden
    assert MatGeometry.from_json(golden).to_json() == golden


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_geometry_is_sound(seats: int) -> None:
    g = mat_geometry(seats)
    w, h = g.size
    boxes = [m.corners for m in g.markers] + list(g.zones) + [g.bell_zone]
    for poly in boxes:
        assert poly[:, 0].min() >= 0 and poly[:, 0].max() <= w
        assert poly[:, 1].min() >= 0 and poly[:, 1].max() <= h
    # Nothing overlaps: zones, markers and the bell each have their own ground.
    size = (int(w) + 1, int(h) + 1)
    cover = np.zeros((size[1], size[0]), np.uint8)
    for poly in boxes:
        mask = np.zeros_like(cover)
        cv2.fillPoly(mask, [np.round(poly).astype(np.int32)], 1)
        cover += mask
    assert cover.max() == 1
    # Seats go clockwise as seen from above (y down: increasing angle), seat 0 at the bottom.
    cx, cy = g.bell_center
    angles = [math.atan2(z[:, 1].mean() - cy, z[:, 0].mean() - cx) for z in g.zones]
    assert abs(angles[0] - math.pi / 2) < 1e-6
    steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]
    assert all(0 < s < math.pi * 1.01 for s in steps)
    assert sum(steps) == pytest.approx(2 * math.pi)
    assert point_in_zone(g.bell_zone.astype(np.float32), g.bell_center)


def test_every_mat_has_its_own_markers() -> None:
    all_ids = [i for n in SEAT_COUNTS for i in marker_ids(n)]
    assert len(all_ids) == len(set(all_ids)) and max(all_ids) < 50  # DICT_4X4_50
    for bad in (1, 7, True):
        with pytest.raises(InputError, match="2 to 6 seats"):
            mat_geometry(bad)


def test_tiling_covers_the_mat_with_few_sheets() -> None:
    g = mat_geometry(4)
    a3, a4 = plan_tiling(g, "a3"), plan_tiling(g, "a4")
    assert a3.sheets <= a4.sheets
    assert a3.sheets == 6 and a4.sheets == 12
    with pytest.raises(InputError, match="paper"):
        plan_tiling(g, "letter")


# --- rendering and detection ----------------------------------------------------------------


def test_render_shows_every_marker_where_the_geometry_says() -> None:
    g = mat_geometry(3)
    s = 2.0
    image = render_mat(g, s)
    assert image.shape == (round(g.size[1] * s), round(g.size[0] * s))
    assert set(np.unique(image)) <= {0, 255}
    seen = detect_markers(image)
    assert sorted(seen) == g.ids
    to_px = mm_to_px_matrix(s)
    for m in g.markers:
        np.testing.assert_allclose(seen[m.id], project(to_px, m.corners), atol=1.0)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_nothing_is_printed_in_a_markers_quiet_zone(seats: int) -> None:
    g = mat_geometry(seats)
    s = 3.0
    image = render_mat(g, s)
    for m in g.markers:
        (x0, y0), (x1, y1) = m.corners[0], m.corners[2]
        q = QUIET - 0.5  # less a rounding margin
        ring = image[
            int((y0 - q) * s) : int((y1 + q) * s), int((x0 - q) * s) : int((x1 + q) * s)
        ].copy()
        ring[int(q * s) - 1 : -int(q * s) + 1, int(q * s) - 1 : -int(q * s) + 1] = 255
        assert ring.min() == 255, f"marker {m.id}: something printed in its white border"


def photograph(
    geometry: MatGeometry,
    *,
    seed: int,
    cover: list[int] = (),
    mirror: bool = False,
    zoom: float = 1.0,
) -> tuple[np.ndarray, np.ndarray]:
    """The mat as a tilted camera sees it at 640x480 on a wooden table: perspective, blur,
    noise, and a hand-sized blob over the markers in ``cover``. Returns the frame and the true
    mat-millimetre-to-pixel homography."""
    rng = np.random.default_rng(seed)
    s = 2.0
    flat = cv2.cvtColor(render_mat(geometry, s), cv2.COLOR_GRAY2BGR)
    w, h = geometry.size
    corners_mm = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    scale = min(600 / w, 440 / h) * zoom
    target = (corners_mm - [w / 2, h / 2]) * scale + [320, 240]
    # A camera looking down at an angle: the far edge is shorter; plus some jitter and a turn.
    target[0] += [40, 25]
    target[1] += [-40, 25]
    target += rng.uniform(-12, 12, target.shape)
    if mirror:
        target[:, 0] = 640 - target[:, 0]
    h_mm = cv2.getPerspectiveTransform(corners_mm, np.float32(target))
    h_px = h_mm @ np.linalg.inv(mm_to_px_matrix(s))
    table = np.empty((480, 640, 3), np.uint8)
    table[:] = (60, 95, 140)
    table = cv2.add(table, rng.integers(0, 25, (480, 640, 1), dtype=np.uint8).repeat(3, axis=2))
    warped = cv2.warpPerspective(flat, h_px, (640, 480), flags=cv2.INTER_LINEAR)
    inside = cv2.warpPerspective(np.full(flat.shape[:2], 255, np.uint8), h_px, (640, 480))
    frame = np.where(inside[..., None] > 127, warped, table)
    # Warm uneven light, then the lens blur and sensor noise.
    ramp = np.linspace(0.75, 1.0, 640, dtype=np.float32)[None, :, None]
    frame = (frame.astype(np.float32) * ramp * np.float32([0.85, 0.95, 1.0])).astype(np.uint8)
    for marker_id in cover:
        c = project(h_mm, geometry.marker(marker_id).center[None, :])[0]
        cv2.ellipse(frame, (int(c[0]), int(c[1])), (34, 24), 30, 0, 360, (110, 140, 200), -1)
    frame = cv2.GaussianBlur(frame, (0, 0), 0.9)
    noise = rng.normal(0, 5, frame.shape)
    frame = np.clip(frame.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    return frame, h_mm


@pytest.mark.parametrize(("seats", "covered"), [(4, 2), (6, 5), (2, 0)])
def test_calibration_finds_the_zones_within_a_pixel_or_two(seats: int, covered: int) -> None:
    g = mat_geometry(seats)
    cover = [g.ids[covered]]
    frame, truth = photograph(g, seed=seats, cover=cover)
    result = calibrate_mat_detailed(frame, seats, names=[f"P{i}" for i in range(seats)])
    assert cover[0] not in result.markers_seen, "the covered marker must really be hidden"
    assert len(result.markers_used) == 7
    layout = result.layout
    assert layout.image_size == (640, 480)
    assert layout.names == [f"P{i}" for i in range(seats)]
    for seat in layout.seats:
        error = np.abs(seat.zone - project(truth, g.zones[seat.seat])).max()
        assert error < 2.0, f"seat {seat.seat} zone off by {error:.2f} px"
    assert np.abs(layout.bell - project(truth, g.bell_zone)).max() < 2.0
    assert draw_calibration(frame, result).shape == frame.shape


def test_calibration_infers_the_mat_and_writes_a_valid_layout(tmp_path: Path) -> None:
    g = mat_geometry(5)
    frame, _ = photograph(g, seed=11, cover=[g.ids[0], g.ids[4]])
    layout = calibrate_from_mat(frame)
    assert isinstance(layout, Layout) and layout.n_seats == 5
    assert layout.names == [f"seat {i}" for i in range(5)]
    path = tmp_path / "layout.json"
    save_layout(layout, path)
    again = load_layout(path)
    assert again.n_seats == 5
    np.testing.assert_allclose(again.zone(3), layout.zone(3), atol=0.051)
    obj = json.loads(path.read_text())
    assert set(obj) == {"image_size", "seats", "bell"} and len(obj["bell"]["zone"]) == 8


def test_calibration_from_a_saved_mat_file(tmp_path: Path) -> None:
    summary = write_mat(3, tmp_path / "mat.png", dpi=72)
    geometry = load_mat(summary["geometry"])
    frame, truth = photograph(geometry, seed=3)
    layout = calibrate_from_mat(frame, geometry=geometry)
    assert np.abs(layout.zone(1) - project(truth, geometry.zones[1])).max() < 2.0
    with pytest.raises(InputError, match="describes 3 seats"):
        calibrate_from_mat(frame, 4, geometry=geometry)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda o: o.update(format="something"), "not a mat file"),
        (lambda o: o.update(version=2), "unknown mat version"),
        (lambda o: o["markers"][1].update(id=o["markers"][0]["id"]), "distinct"),
        (lambda o: o.update(markers=o["markers"][:3]), "at least 4 markers"),
        (lambda o: o.update(seats=5), "4 zones for 5 seats"),
        (lambda o: o["zones"][0].update(zone=[[1, 2]]), "zones[0].zone"),
        (lambda o: o.pop("bell"), "malformed"),
    ],
)
def test_bad_mat_files(tmp_path: Path, change, words: str) -> None:
    obj = mat_geometry(4).to_json()
    change(obj)
    path = tmp_path / "mat.json"
    path.write_text(json.dumps(obj))
    with pytest.raises(InputError, match=re.escape(words)) as info:
        load_mat(path)
    assert str(path) in str(info.value)


def test_too_few_markers_says_which_were_seen() -> None:
    g = mat_geometry(4)
    frame, _ = photograph(g, seed=1, cover=g.ids[:3] + g.ids[4:6])
    with pytest.raises(InputError) as info:
        calibrate_from_mat(frame, 4)
    text = str(info.value)
    assert re.search(r"saw markers \[19, 22, 23\]; need at least 4 of \[16, 17, .*, 23\]", text)


def test_a_mat_for_another_number_of_seats_is_refused() -> None:
    frame, _ = photograph(mat_geometry(3), seed=2)
    with pytest.raises(InputError, match="belong to the mat for 3 seats") as info:
        calibrate_from_mat(frame, 5)
    assert "--seats 5" in str(info.value)


def test_mirrored_view_is_refused() -> None:
    frame, _ = photograph(mat_geometry(4), seed=4, mirror=True)
    with pytest.raises(InputError, match="mirrored"):
        calibrate_from_mat(frame, 4)


def test_mat_partly_out_of_frame_is_refused() -> None:
    g = mat_geometry(4)
    frame, _ = photograph(g, seed=5, zoom=1.35)
    with pytest.raises(InputError, match="whole mat is in view"):
        calibrate_from_mat(frame, 4)
    # Markers all in view but a zone beyond the frame (a hand-made mat file, say).
    obj = g.to_json()
    obj["zones"][0]["zone"] = [[x, y + 400] for x, y in obj["zones"][0]["zone"]]
    frame, _ = photograph(g, seed=5)
    with pytest.raises(InputError, match="seat 0's zone falls outside the 640x480 frame"):
        calibrate_from_mat(frame, geometry=MatGeometry.from_json(obj))


def test_no_mat_at_all() -> None:
    with pytest.raises(InputError, match="saw no mat markers"):
        calibrate_from_mat(np.full((480, 640, 3), 128, np.uint8))
    with pytest.raises(InputError, match="empty"):
        calibrate_from_mat(np.zeros((0, 0, 3), np.uint8))


# --- files and the command ------------------------------------------------------------------


def test_pdf_has_one_page_per_sheet_at_paper_size(tmp_path: Path) -> None:
    out = tmp_path / "mat.pdf"
    summary = write_mat(4, out, paper="a4", dpi=72)
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert summary["sheets"] == 12
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 12
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    sizes = {tuple(sorted((float(a), float(b)))) for a, b in boxes}
    assert sizes == {(210 * 72 / 25.4, 297 * 72 / 25.4)} or all(
        abs(x - 595.3) < 1.5 and abs(y - 841.9) < 1.5 for x, y in sizes
    )
    assert load_mat(tmp_path / "mat.json").to_json() == mat_geometry(4).to_json()


def test_png_is_the_whole_mat(tmp_path: Path) -> None:
    out = tmp_path / "mat.png"
    write_mat(2, out, dpi=100)
    image = cv2.imread(str(out), cv2.IMREAD_GRAYSCALE)
    g = mat_geometry(2)
    assert image.shape == (round(g.size[1] * 100 / 25.4), round(g.size[0] * 100 / 25.4))
    assert sorted(detect_markers(image)) == g.ids


def test_mat_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.pdf"
    assert main(["mat", "--seats", "3", "--out", str(out), "--paper", "a3", "--dpi", "72"]) == 0
    said = capsys.readouterr().out
    assert "A3 sheet" in said and "m.json" in said and out.exists()
    assert main(["mat", "--seats", "9", "--out", str(out)]) == 2
    assert "2 to 6 seats" in capsys.readouterr().err
    assert main(["mat", "--seats", "3", "--out", str(tmp_path / "m.svg")]) == 2
    assert main(["mat", "--seats", "3", "--out", str(tmp_path / "no" / "m.pdf")]) == 2


def test_every_mat_the_rules_allow_has_ids_in_the_dictionary():
    from halli_pi.rules import MAX_PLAYERS, MIN_PLAYERS

    assert (MIN_SEATS, MAX_SEATS) == (MIN_PLAYERS, MAX_PLAYERS)
    size = int(DICTIONARY.rsplit("_", 1)[1])  # DICT_4X4_50: 50 ids
    assert marker_ids(MIN_SEATS)[0] >= 0 and marker_ids(MAX_SEATS)[-1] < size
    assert marker_ids(2)[0] == 0  # the printed contract: the 2-seat mat starts at id 0

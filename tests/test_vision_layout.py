"""The table layout (SPEC §2): reading, writing, checking, and the zone helpers."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halli_pi.errors import ConfigError, InputError
from halli_pi.vision.layout import (
    Layout,
    SeatZone,
    layout_from_zones,
    load_layout,
    point_in_zone,
    save_layout,
    zone_bbox,
    zone_mask,
)


def square(x: float, y: float, side: float = 100.0) -> list[list[float]]:
    return [[x, y], [x + side, y], [x + side, y + side], [x, y + side]]


def good_obj() -> dict:
    return {
        "image_size": [640, 480],
        "seats": [
            {"seat": 0, "name": "Ana", "zone": square(50, 300)},
            {"seat": 1, "name": "Bo", "zone": square(50, 50)},
            {"seat": 2, "name": "Cy", "zone": square(450, 50)},
        ],
        "bell": {"zone": square(270, 190, 80)},
    }


def write(tmp_path: Path, obj: object, name: str = "layout.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(obj) if not isinstance(obj, str) else obj)
    return path


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    layout = load_layout(write(tmp_path, good_obj()))
    assert layout.image_size == (640, 480)
    assert layout.names == ["Ana", "Bo", "Cy"]
    assert layout.zone(2).dtype == np.float32 and layout.zone(2).shape == (4, 2)
    out = tmp_path / "again.json"
    save_layout(layout, out)
    assert load_layout(out) == layout
    assert json.loads(out.read_text()) == good_obj()


def test_seats_listed_out_of_order_come_back_in_seat_order(tmp_path: Path) -> None:
    obj = good_obj()
    obj["seats"].reverse()
    layout = load_layout(write(tmp_path, obj))
    assert [s.seat for s in layout.seats] == [0, 1, 2]
    assert layout.names == ["Ana", "Bo", "Cy"]


def test_name_and_bell_are_optional(tmp_path: Path) -> None:
    obj = good_obj()
    del obj["bell"]
    del obj["seats"][1]["name"]
    layout = load_layout(write(tmp_path, obj))
    assert layout.bell is None
    assert layout.names[1] == "seat 1"
    assert "bell" not in layout.to_json()


def test_extra_fields_are_allowed(tmp_path: Path) -> None:
    obj = good_obj()
    obj["made_by"] = "calibrate --mat"
    obj["seats"][0]["colour"] = "red"
    assert load_layout(write(tmp_path, obj)).n_seats == 3


def _error(tmp_path: Path, obj: object) -> ConfigError:
    path = write(tmp_path, obj)
    with pytest.raises(ConfigError) as info:
        load_layout(path)
    assert str(path) in str(info.value), "the error must name the file"
    return info.value


def test_zone_outside_the_image_names_seat_and_point(tmp_path: Path) -> None:
    obj = good_obj()
    obj["seats"][2]["zone"] = square(600, 50)  # reaches x = 700 > 640
    err = _error(tmp_path, obj)
    assert err.field == "seats[2].zone"
    assert "outside the 640x480 image" in str(err)
    assert "700" in str(err)


def test_bell_outside_the_image(tmp_path: Path) -> None:
    obj = good_obj()
    obj["bell"]["zone"] = square(270, 430, 80)
    assert _error(tmp_path, obj).field == "bell.zone"


def test_a_seat_twice(tmp_path: Path) -> None:
    obj = good_obj()
    obj["seats"][2]["seat"] = 1
    err = _error(tmp_path, obj)
    assert "seat 1 appears twice" in str(err)
    assert "entries 1 and 2" in str(err)


def test_seats_not_numbered_from_zero(tmp_path: Path) -> None:
    obj = good_obj()
    obj["seats"][1]["seat"] = 5
    err = _error(tmp_path, obj)
    assert err.field == "seats"
    assert "0..2" in str(err) and "missing [1]" in str(err) and "unexpected [5]" in str(err)


@pytest.mark.parametrize(
    ("zone", "words"),
    [
        ([[10, 10], [50, 10]], "at least 3 points"),
        ([[10, 10], [50, 50], [90, 90]], "not a polygon"),
        ([[10, 10], [100, 100], [100, 10], [10, 100]], "edge 0-1 crosses edge 2-3"),
        ([[10, 10], [50, 10], [50]], "point 2"),
        ([[10, 10], [50, "x"], [50, 50]], "point 1"),
        ("square", "list of [x, y] points"),
    ],
)
def test_zone_that_is_not_a_polygon(tmp_path: Path, zone: object, words: str) -> None:
    obj = good_obj()
    obj["seats"][0]["zone"] = zone
    err = _error(tmp_path, obj)
    assert err.field == "seats[0].zone"
    assert words in str(err)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda o: o.pop("image_size"), "image_size"),
        (lambda o: o.update(image_size=[640]), "image_size"),
        (lambda o: o.update(image_size=[640.5, 480]), "image_size"),
        (lambda o: o.pop("seats"), "seats"),
        (lambda o: o.update(seats=[]), "seats"),
        (lambda o: o["seats"][0].pop("zone"), "seats[0].zone"),
        (lambda o: o["seats"][0].update(seat=True), "seats[0].seat"),
        (lambda o: o["seats"][0].update(seat="0"), "seats[0].seat"),
        (lambda o: o["seats"][1].update(name=7), "seats[1].name"),
        (lambda o: o.update(bell=[1, 2]), "bell"),
    ],
)
def test_missing_or_mistyped_fields(tmp_path: Path, change, field: str) -> None:
    obj = good_obj()
    change(obj)
    assert _error(tmp_path, obj).field == field


def test_malformed_json_names_the_line(tmp_path: Path) -> None:
    text = '{"image_size": [640, 480],\n "seats": [\n  {"seat": 0,, "zone": []}]}'
    err = _error(tmp_path, text)
    assert str(tmp_path / "layout.json") + ":3" in str(err)
    assert "not valid JSON" in str(err)


def test_not_an_object(tmp_path: Path) -> None:
    assert "JSON object" in str(_error(tmp_path, [1, 2]))


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such layout file"):
        load_layout(tmp_path / "nope.json")


def test_layout_built_in_code_is_checked_too() -> None:
    with pytest.raises(ConfigError, match="outside"):
        layout_from_zones((100, 100), [square(10, 10, 200)])
    with pytest.raises(InputError, match="2 names given for 1 seats"):
        layout_from_zones((640, 480), [square(10, 10)], names=["a", "b"])
    with pytest.raises(ConfigError, match="appears twice"):
        Layout(
            (640, 480),
            [
                SeatZone(0, "a", np.float32(square(0, 0))),
                SeatZone(0, "b", np.float32(square(200, 0))),
            ],
        )


def test_bbox_mask_and_point_helpers() -> None:
    zone = np.float32([[10.5, 20.2], [60.0, 20.2], [60.0, 70.9], [10.5, 70.9]])
    assert zone_bbox(zone) == (10, 20, 61, 72)
    assert zone_bbox(zone, (40, 50)) == (10, 20, 40, 50)
    mask = zone_mask(zone, (100, 80))
    assert mask.shape == (80, 100) and mask.dtype == np.uint8
    area = np.count_nonzero(mask)
    assert abs(area - 49.5 * 50.7) < 0.1 * 49.5 * 50.7
    assert mask[45, 35] == 255 and mask[5, 5] == 0 and mask[45, 80] == 0
    assert point_in_zone(zone, (35, 45))
    assert not point_in_zone(zone, (5, 45))
    assert not point_in_zone(zone, (35, 75))


def test_seat_at_and_scaling() -> None:
    layout = Layout.from_json(good_obj())
    assert layout.seat_at((100, 350)) == 0
    assert layout.seat_at((500, 100)) == 2
    assert layout.seat_at((320, 10)) is None
    big = layout.scaled_to((1280, 960))
    assert big.image_size == (1280, 960)
    np.testing.assert_allclose(big.zone(1), layout.zone(1) * 2)
    assert big.mask(0).shape == (960, 1280)
    assert layout.mask(0, (1280, 960)).shape == (960, 1280)
    with pytest.raises(ConfigError, match="aspect ratio"):
        layout.scaled_to((1280, 720))
    edge = layout_from_zones((640, 480), [[[0, 0], [640, 0], [640, 480], [0, 480]]])
    for size in ((1000, 750), (333, 250), (1920, 1440)):
        assert edge.scaled_to(size).zone(0).max(axis=0).tolist() == list(size)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.floats(0, 200), st.floats(0, 200)), min_size=3, max_size=8, unique=True),
    st.tuples(st.floats(0, 200), st.floats(0, 200)),
)
def test_point_in_zone_agrees_with_opencv(points, point) -> None:
    # Convex hull: a simple polygon whatever the random points.
    hull = cv2.convexHull(np.float32(points)).reshape(-1, 2)
    if len(hull) < 3:
        return
    inside = cv2.pointPolygonTest(hull.reshape(-1, 1, 2), point, True)
    if abs(inside) < 1e-3:
        return  # on an edge: either answer is fine
    assert point_in_zone(hull, point) == (inside > 0)

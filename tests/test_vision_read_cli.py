"""`halli-pi read IMAGE [--layout FILE] --json` (SPEC §2) and its errors."""

from __future__ import annotations

import json

import cv2

from halli_pi.cards import parse_card
from halli_pi.cli import main
from halli_pi.vision.layout import layout_from_zones, save_layout
from halli_pi.vision.render import Look, SeatState, default_zones, render_scene

ZONES = default_zones(4)
CARDS = ["1 banana", "2 strawberry", None, "3 plum"]


def _scene(tmp_path):
    seats = [SeatState((parse_card(c),) if c else ()) for c in CARDS]
    scene = render_scene(seats, ZONES, seed=2, look=Look(table=(60, 100, 150), noise=1.0))
    img = tmp_path / "table.png"
    cv2.imwrite(str(img), scene.frame)
    layout = tmp_path / "layout.json"
    save_layout(layout_from_zones((640, 480), ZONES), layout)
    return img, layout


def test_read_with_layout(tmp_path, capsys):
    img, layout = _scene(tmp_path)
    assert main(["read", str(img), "--layout", str(layout), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["seat"] for c in out["cards"]] == [0, 1, 2, 3]
    assert [c["card"] for c in out["cards"]] == CARDS
    assert [c["state"] for c in out["cards"]] == ["card", "card", "empty", "card"]
    for c in out["cards"]:
        assert 0.0 <= c["confidence"] <= 1.0
        assert len(c["center"]) == 2
        if c["state"] == "card":
            assert len(c["corners"]) == 4


def test_read_without_layout(tmp_path, capsys):
    img, _ = _scene(tmp_path)
    assert main(["read", str(img), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(c["card"] for c in out["cards"]) == sorted(c for c in CARDS if c)
    assert all(c["seat"] is None and len(c["corners"]) == 4 for c in out["cards"])


def test_bad_input_exits_2(tmp_path, capsys):
    img, _ = _scene(tmp_path)
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    assert main(["read", str(empty), "--json"]) == 2
    assert "empty.png" in capsys.readouterr().err
    assert main(["read", str(tmp_path / "nope.png")]) == 2
    bad = tmp_path / "bad.json"
    zone = [[0, 0], [9000, 0], [9000, 10], [0, 10]]  # outside the image
    bad.write_text(json.dumps({"image_size": [640, 480], "seats": [{"seat": 0, "zone": zone}]}))
    assert main(["read", str(img), "--layout", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err


def test_read_names_the_doubt_of_a_pile_it_will_not_rule_on(tmp_path, capsys):
    # An arm over seat 1's pile: the entry says occluded, and why, by name.
    seats = [SeatState((parse_card(c),) if c else (), arm=i == 1) for i, c in enumerate(CARDS)]
    scene = render_scene(seats, ZONES, seed=3, look=Look(table=(60, 100, 150), noise=1.0))
    img = tmp_path / "arm.png"
    cv2.imwrite(str(img), scene.frame)
    layout = tmp_path / "layout.json"
    save_layout(layout_from_zones((640, 480), ZONES), layout)
    assert main(["read", str(img), "--layout", str(layout), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)["cards"]
    from halli_pi.vision.reader import Doubt

    assert out[1]["state"] in ("occluded", "unknown") and out[1]["card"] is None
    assert out[1]["doubt"] in Doubt.__members__
    assert all("doubt" not in c for c in out if c["state"] in ("card", "empty"))
    assert main(["read", str(img), "--layout", str(layout)]) == 0
    assert Doubt[out[1]["doubt"]].value in capsys.readouterr().out

"""Evidence images: the frame before the press, annotated, written and linked to the ruling."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from halli_pi.errors import InputError
from halli_pi.evidence import (
    STATE_COLOURS,
    EvidenceKeeper,
    FrameRing,
    draw_evidence,
    evidence_path,
    readings_from,
    totals_of,
    zones_from,
)
from halli_pi.store import Store

ZONES = [
    (0, "Ana", [[40, 280], [260, 280], [260, 440], [40, 440]]),
    (1, "Bo", [[360, 280], [600, 280], [600, 440], [360, 440]]),
]
READ = {0: ("card", "3 strawberry", 0.97), 1: ("card", "2 strawberry", 0.9)}


def frame(value: int = 60) -> np.ndarray:
    return np.full((480, 640, 3), value, np.uint8)


def test_ring_gives_the_latest_frame_at_or_before_the_press():
    ring = FrameRing(capacity=3)
    for i, t in enumerate((1.0, 1.033, 1.066, 1.1)):
        ring.push(t, frame(i), {"i": i})
    assert len(ring) == 3  # the oldest was dropped
    assert ring.closest_before(1.05).t == 1.033
    assert ring.closest_before(1.066).t == 1.066  # a frame at the press's instant counts
    assert ring.closest_before(5.0).readings == {"i": 3}
    assert ring.closest_before(1.01) is None  # 1.0 is gone; every kept frame is later


def test_ring_copies_frames_so_a_reused_buffer_does_not_change_evidence():
    ring = FrameRing()
    buf = frame(10)
    ring.push(1.0, buf)
    buf[:] = 200
    assert int(ring.closest_before(1.0).frame[0, 0, 0]) == 10


def test_ring_starts_over_when_time_goes_back():
    ring = FrameRing()
    ring.push(5.0, frame())
    ring.push(1.0, frame())
    assert len(ring) == 1 and ring.closest_before(4.0).t == 1.0


def test_readings_and_zones_from_plain_data_or_spec_objects():
    spec_read = {
        "cards": [
            {"seat": 0, "state": "card", "card": "3 lime", "confidence": 0.9},
            {"seat": 1, "state": "occluded", "card": None, "confidence": 0.2},
            {"seat": None, "state": "card", "card": "1 plum", "confidence": 0.8},
        ]
    }
    r = readings_from(spec_read)
    assert sorted(r) == [0, 1] and r[1].state == "occluded" and r[0].card == "3 lime"
    assert readings_from([(0, "empty", None, None)])[0].state == "empty"
    with pytest.raises(InputError, match="state"):
        readings_from({0: ("blurry", None, None)})
    layout = {"seats": [{"seat": 0, "name": "Ana", "zone": ZONES[0][2]}]}
    (z,) = zones_from(layout)
    assert z.name == "Ana" and z.polygon.shape == (4, 2)
    with pytest.raises(InputError, match="polygon"):
        zones_from([(0, "Ana", [[1, 2], [3, 4]])])


def test_totals_add_per_kind_and_twist_per_symbol_and_colour():
    assert totals_of(readings_from(READ)) == {"strawberry": 5}
    twist = readings_from(
        {0: ("card", "2 red hat", 1.0), 1: ("card", "3 blue hat", 1.0), 2: ("occluded", None, 0)}
    )
    t = totals_of(twist)
    assert (t["hat"], t["red"], t["blue"], t["red hat"]) == (5, 2, 3, 2)


def test_drawing_marks_zones_in_their_state_colour():
    img = draw_evidence(frame(0), ZONES, {0: ("card", "3 lime", 0.9), 1: ("occluded", None, None)})
    assert img.shape == (480, 640, 3)
    # On the right edge of each zone, far from any text, the outline has the state's colour.
    assert tuple(int(v) for v in img[360, 260]) == STATE_COLOURS["card"]
    assert tuple(int(v) for v in img[360, 600]) == STATE_COLOURS["occluded"]
    assert int(img[360, 150].sum()) == 0  # inside the zone the frame is untouched
    grey = draw_evidence(np.zeros((480, 640), np.uint8), ZONES, READ, title="t")
    assert grey.shape == (480, 640, 3)


def test_keeper_writes_one_jpeg_per_distinct_frame_and_links_it(tmp_path: Path):
    store = Store(tmp_path / "h.db", durable=False)
    sid = store.begin_session()
    store.record_input(sid, {"type": "game", "t": 0.0, "ruleset": "classic", "players": ["A", "B"]})
    keeper = EvidenceKeeper(store.evidence_dir, ZONES, capacity=2)
    keeper.push(1.000, frame(30), READ)
    keeper.grab(1.010)  # Ana rang wrong before Bo's card arrived
    keeper.push(1.033, frame(90), READ)
    keeper.grab(1.040)
    keeper.push(1.066, frame(120), READ)  # 1.000 leaves the ring: the grab kept it
    rid = store.record_ruling(
        sid,
        {
            "type": "ruling",
            "t": 1.01,
            "winner": 1,
            "presses": [
                {"seat": 0, "t": 1.01, "verdict": "wrong"},
                {"seat": 1, "t": 1.04, "verdict": "correct"},
            ],
            "cards": [27, 29],
            "reason": "exactly 5 strawberry",
        },
    )
    files = keeper.write(
        sid, rid, [("A", 1.010, "wrong"), ("B", 1.040, "correct")], reason="exactly 5 strawberry"
    )
    assert [f.frame_t for f in files] == [1.000, 1.033]
    assert files[0].path == evidence_path(store.evidence_dir, sid, rid)
    for f in files:
        store.add_evidence(rid, f.path, press_t=f.press_t, frame_t=f.frame_t)
        img = cv2.imread(str(f.path))
        assert img is not None and img.shape == (480, 640, 3)
    assert not list(store.evidence_dir.rglob("*.part"))
    rec = store.ruling(rid)
    assert rec.evidence == tuple(f.path for f in files)
    # Stored relative to the database's folder, so a moved data directory still finds them.
    assert not Path(store._conn.execute("SELECT evidence FROM rulings").fetchone()[0]).is_absolute()
    store.close()


def test_keeper_without_frames_writes_nothing(tmp_path: Path):
    keeper = EvidenceKeeper(tmp_path, ZONES)
    assert keeper.grab(1.0) is None
    assert keeper.write(1, 1, [("A", 1.0, "wrong")]) == []
    assert not any(tmp_path.iterdir())


def test_write_ruling_takes_the_engines_ruling(tmp_path: Path):
    from halli_pi.rules.events import PressVerdict, Ruling, Verdict

    keeper = EvidenceKeeper(tmp_path, ZONES)
    keeper.push(2.0, frame(50), READ)
    keeper.grab(2.2)
    ruling = Ruling(
        2.25,
        1,
        (PressVerdict(1, 2.2, Verdict.CORRECT, reaction_ms=300.0),),
        (20, 36),
        "exactly 5 strawberry: 3 (Ana) + 2 (Bo)",
    )
    (f,) = keeper.write_ruling(3, 12, ruling, ("Ana", "Bo"))
    assert f.path == evidence_path(tmp_path, 3, 12) and f.frame_t == 2.0 and f.press_t == 2.2
    assert cv2.imread(str(f.path)) is not None


def test_two_databases_in_one_folder_keep_their_photos_apart(tmp_path: Path) -> None:
    import numpy as np

    from halli_pi.evidence import write_jpeg

    paths = []
    for name in ("first.db", "second.db"):
        with Store(tmp_path / name, durable=False) as store:
            sid = store.begin_session()
            rid = store.record_ruling(
                sid, {"t": 1.0, "winner": None, "presses": [], "cards": [1, 1]}
            )
            path = write_jpeg(
                evidence_path(store.evidence_dir, sid, rid),
                np.full((20, 20, 3), 40 if name == "first.db" else 200, np.uint8),
            )
            store.add_evidence(rid, path)
            paths.append((name, rid, path))
    assert paths[0][1] == paths[1][1] == 1  # the same session and ruling numbers ...
    assert paths[0][2] != paths[1][2]  # ... in different places
    for name, rid, path in paths:
        with Store(tmp_path / name, readonly=True) as store:
            assert store.ruling(rid).evidence == (path,)
            assert path.exists()


def test_the_space_guard_thins_old_photos_and_keeps_the_rulings(tmp_path: Path) -> None:
    import os

    from halli_pi.evidence import SpaceGuard

    store = Store(tmp_path / "h.db", durable=False)
    sid = store.begin_session()
    folder = store.evidence_dir
    photos = []
    for i in range(1, 21):
        rid = store.record_ruling(sid, {"t": float(i), "winner": None, "presses": [], "cards": [1]})
        for index in (0, 1):
            path = evidence_path(folder, sid, rid, index)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"\xff\xd8" + b"x" * 998)
            os.utime(path, (i, i))  # older rulings, older files
            store.add_evidence(rid, path)
            photos.append(path)
    card = 50_000  # a card with room for 50 photos of 1,000 bytes: 40 on it, 10,000 bytes free

    def free(_folder) -> int:
        return card - sum(p.stat().st_size for p in folder.rglob("*.jpg"))

    guard = SpaceGuard(folder, thin_below=20_000, floor=5_000, keep=6, free=free)
    assert guard.can_write()
    deleted = guard.thin()
    left = sorted(folder.rglob("*.jpg"))
    assert deleted == 10 and guard.free() >= 20_000
    # The later frames of bursts went first, oldest first; every main photo is still there.
    assert all(not p.exists() for p in photos[1:20:2])
    assert all(p.exists() for p in photos[0::2])
    assert len(left) == 30
    assert len(store.rulings(session_id=sid)) == 20  # the record itself is untouched
    # Nearly full: no new photo at all.
    tight = SpaceGuard(folder, thin_below=20_000, floor=50_000, keep=6, free=free)
    assert not tight.can_write() and tight.guard(lambda d: "written")(None) is None
    store.close()

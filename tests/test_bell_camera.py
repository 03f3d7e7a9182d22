"""Who rang the one real bell: rendered arms, the hand tracker, the press it credits, the demo."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from halli_pi.bell_camera import BellFrames, CameraCredits, credited, hands_evidence
from halli_pi.errors import InputError
from halli_pi.rules.events import Press
from halli_pi.sessionlog import event_from_json
from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning
from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, random_look, render_scene
from halli_pi.vision.render_hands import (
    PULLBACK,
    REST,
    RING,
    Reach,
    bell_spot,
    draw_arms,
    draw_bell,
    fingertip_depth,
    random_reach,
)

FPS = 60.0


def _table(n: int, seed: int):
    zones = default_zones(n, IMAGE_SIZE)
    look = random_look(np.random.default_rng(seed), hard=False)
    bell = bell_spot(IMAGE_SIZE)
    base = render_scene([SeatState(()) for _ in range(n)], zones, seed, look=look).frame
    return zones, bell, draw_bell(base, bell)


def _reach(rng, seat, zones, bell, kind, t, **changes) -> Reach:
    return dataclasses.replace(random_reach(rng, seat, zones[seat], bell, kind, t), **changes)


def _watch(zones, bell, base, reaches, *, until: float = 0.05, rng_seed: int = 0, **kw):
    """Frames from -0.5 s to `until` at FPS through a hand tracker; returns it and the frames."""
    tracker = HandTracker(IMAGE_SIZE, zones, bell.zone(), **kw)
    rng = np.random.default_rng(rng_seed)
    frames = BellFrames()
    t = -0.5 + 0.003
    while t <= until:
        frame = draw_arms(base, bell, reaches, t, rng=rng)
        frames.push(t, frame, tracker.update(frame, t))
        t += 1.0 / FPS
    return tracker, frames


def test_rendered_reaches_strike_or_stay_short_of_the_bell() -> None:
    zones, bell, _ = _table(4, 1)
    for i in range(40):
        rng = np.random.default_rng(i)
        ring = random_reach(rng, i % 4, zones[i % 4], bell, RING, 0.0)
        # At the strike the fingertips are past the bell's centre; before it, short of there.
        assert fingertip_depth(ring, bell, IMAGE_SIZE, 0.0) > 0.5 * bell.radius
        assert fingertip_depth(ring, bell, IMAGE_SIZE, -0.15) < fingertip_depth(
            ring, bell, IMAGE_SIZE, 0.0
        )
        for kind in (REST, PULLBACK):
            idle = random_reach(rng, i % 4, zones[i % 4], bell, kind, 0.0)
            deepest = max(
                fingertip_depth(idle, bell, IMAGE_SIZE, t) for t in np.linspace(-0.4, 0.3, 30)
            )
            assert deepest < -1.0 * bell.radius


def test_one_hand_on_the_bell_is_credited_to_its_seat() -> None:
    zones, bell, base = _table(4, 2)
    for seat in range(4):
        rng = np.random.default_rng(seat)
        ring = _reach(rng, seat, zones, bell, RING, 0.0, sleeve=(40, 160, 40))
        tracker, _ = _watch(zones, bell, base, [ring])
        credit = tracker.first_hand(0.0)
        assert credit.seat == seat, credit
        assert 0.5 < credit.confidence <= 1.0
        assert credit.other_seat is None


def test_two_hands_far_apart_name_the_first() -> None:
    zones, bell, base = _table(4, 3)
    rng = np.random.default_rng(5)
    first = _reach(rng, 0, zones, bell, RING, 0.0, skin=(150, 175, 225), sleeve=None)
    second = _reach(rng, 2, zones, bell, RING, 0.1, skin=(60, 85, 130), sleeve=(200, 60, 60))
    tracker, _ = _watch(zones, bell, base, [first, second], until=0.15)
    credit = tracker.first_hand(0.0)
    assert credit.seat == 0, credit
    # The second hand struck 0.1 s later: six frames at 60 fps; within the 50 ms the camera
    # looks past the edge it is still on its way, so it is not named, nor mistaken for first.
    assert credit.other_seat in (None, 2)


def test_two_hands_at_the_same_instant_are_left_to_a_person() -> None:
    zones, bell, base = _table(4, 4)
    rng = np.random.default_rng(7)
    a = _reach(rng, 1, zones, bell, RING, 0.0, t_start=-0.25, ease=1.0)
    b = _reach(rng, 3, zones, bell, RING, 0.0, t_start=-0.25, ease=1.0)
    tracker, _ = _watch(zones, bell, base, [a, b])
    credit = tracker.first_hand(0.0)
    assert credit.seat is None
    assert credit.why is CreditReason.WITHIN_A_FRAME


def test_a_resting_hand_or_a_reach_pulled_back_is_never_credited() -> None:
    zones, bell, base = _table(5, 5)
    rng = np.random.default_rng(9)
    rest = _reach(rng, 2, zones, bell, REST, 2.0, t_start=-0.45)
    pull = _reach(rng, 4, zones, bell, PULLBACK, -0.05)
    tracker, _ = _watch(zones, bell, base, [rest, pull])
    credit = tracker.first_hand(0.0)
    assert credit.seat is None
    assert credit.why in (CreditReason.NO_HAND, CreditReason.NO_STRIKE_AT_THE_RING)
    # With a ringer beside them, the ringer is named and never the resting hand.
    ring = _reach(rng, 0, zones, bell, RING, 0.0)
    tracker, _ = _watch(zones, bell, base, [rest, pull, ring])
    assert tracker.first_hand(0.0).seat in (0, None)


def test_reach_polygons_decide_the_seat() -> None:
    zones, bell, base = _table(2, 6)
    rng = np.random.default_rng(3)
    ring = _reach(rng, 0, zones, bell, RING, 0.0)  # seat 0 sits at the bottom
    w, h = IMAGE_SIZE
    bottom = np.array([[0, h / 2], [w, h / 2], [w, h], [0, h]], np.float32)
    top = np.array([[0, 0], [w, 0], [w, h / 2], [0, h / 2]], np.float32)
    tracker, _ = _watch(zones, bell, base, [ring], reach={1: bottom, 0: top})
    assert tracker.first_hand(0.0).seat == 1  # the polygons say the bottom is seat 1's side


def test_an_arm_between_two_close_seats_is_judged_by_the_angle_between_them() -> None:
    # Six seats round a long table: the two on the left side sit 44 degrees apart (the
    # others up to 68). An arm entering 19 degrees from one and 25 from the other is that
    # one's by 0.15 of the angle between them: not between the two.
    zones = default_zones(6, IMAGE_SIZE)
    tracker = HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone())
    angles = np.degrees(tracker.seat_angles)
    upper_left = int(np.argmin(np.abs(angles + 158.0)))
    a = np.radians(-176.7)
    entry = np.array(tracker.bell_centre) + np.array([np.cos(a), np.sin(a)]) * 320 / abs(np.cos(a))
    no_pixels = np.zeros(0, np.int64)
    seat, conf = tracker._seat_of(entry, no_pixels, no_pixels)
    assert seat == upper_left
    assert 0.5 < conf < 0.7
    # Right between the two: nobody's.
    a = np.radians(180.0)
    entry = np.array(tracker.bell_centre) + np.array([np.cos(a), np.sin(a)]) * 320
    assert tracker._seat_of(entry, no_pixels, no_pixels)[0] is None


def test_reach_polygons_come_from_the_layout_file(tmp_path) -> None:
    from halli_pi.errors import ConfigError
    from halli_pi.vision.layout import load_layout, save_layout

    square = [[0, 0], [10, 0], [10, 10], [0, 10]]
    wedge = [[320, 240], [0, 480], [640, 480]]
    obj = {
        "image_size": [640, 480],
        "seats": [{"seat": 0, "zone": square, "reach": wedge}, {"seat": 1, "zone": square}],
    }
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(obj))
    layout = load_layout(path)
    polygons = layout.reach_polygons()
    assert list(polygons) == [0] and polygons[0].shape == (3, 2)
    save_layout(layout, tmp_path / "again.json")  # written back, the reach stays
    assert load_layout(tmp_path / "again.json") == layout
    obj["seats"][1]["reach"] = [[0, 0], [1, 1]]
    path.write_text(json.dumps(obj))
    with pytest.raises(ConfigError) as err:
        load_layout(path)
    assert err.value.field == "seats[1].reach" and "3 points" in err.value.message
    obj["seats"][1]["reach"] = [[0, 0], [700, 0], [0, 10]]
    path.write_text(json.dumps(obj))
    with pytest.raises(ConfigError) as err:
        load_layout(path)
    assert err.value.field == "seats[1].reach" and "outside" in err.value.message


def test_the_tracker_for_a_layout_takes_its_bell_and_every_seats_reach() -> None:
    from halli_pi.vision.layout import layout_from_zones
    from halli_pi.vision.reach import with_reach

    zones, bell, _ = _table(3, 5)
    layout = layout_from_zones(IMAGE_SIZE, zones, bell=bell.zone())
    with pytest.raises(InputError) as err:
        HandTracker.for_layout(dataclasses.replace(layout, bell=None))
    assert err.value.field == "bell"
    wedged = with_reach(layout)
    tracker = HandTracker.for_layout(wedged)
    assert sorted(tracker.reach) == [0, 1, 2]
    one_short = dataclasses.replace(
        wedged, seats=[*wedged.seats[:2], dataclasses.replace(wedged.seats[2], reach=None)]
    )
    with pytest.raises(InputError) as err:
        HandTracker.for_layout(one_short)
    assert "[2]" in err.value.message


def test_reach_wedges_hold_their_own_pile_and_leave_a_gap_between_seats() -> None:
    import cv2

    from halli_pi.vision.layout import layout_from_zones
    from halli_pi.vision.reach import reach_wedges

    zones, bell, _ = _table(4, 5)
    layout = layout_from_zones(IMAGE_SIZE, zones, bell=bell.zone())
    wedges = reach_wedges(layout)
    centre = np.asarray(bell.centre, np.float64)
    for seat, zone in enumerate(zones):
        pile = tuple(float(v) for v in np.asarray(zone, np.float64).mean(0))
        for other, poly in wedges.items():
            inside = cv2.pointPolygonTest(poly, pile, False) >= 0
            assert inside == (other == seat), (seat, other)
    # Halfway between two neighbours' piles, out near the border: nobody's side.
    a, b = (np.asarray(zones[k], np.float64).mean(0) - centre for k in (0, 1))
    between = centre + (a / np.linalg.norm(a) + b / np.linalg.norm(b)) * 60.0
    assert all(
        cv2.pointPolygonTest(p, tuple(float(v) for v in between), False) < 0
        for p in wedges.values()
    )


def test_no_frames_after_the_edge_means_no_credit() -> None:
    zones, bell, base = _table(3, 7)
    ring = _reach(np.random.default_rng(1), 0, zones, bell, RING, 0.0)
    tracker, _ = _watch(zones, bell, base, [ring], until=-0.001)
    assert tracker.first_hand(0.0).seat is None


def test_bad_input_is_named() -> None:
    zones, bell, base = _table(3, 8)
    tracker = HandTracker(IMAGE_SIZE, zones, bell.zone())
    with pytest.raises(InputError, match="frame"):
        tracker.update(base[:100], 0.0)
    with pytest.raises(InputError, match="bell.zone"):
        HandTracker(IMAGE_SIZE, zones, np.zeros((2, 2)))
    with pytest.raises(InputError, match="seats"):
        HandTracker(IMAGE_SIZE, [], bell.zone())


def test_a_camera_press_keeps_its_fields_through_the_log() -> None:
    press = Press(1.25, 2, "camera", confidence=0.97, other_seat=0, frame_gap=2.5)
    line = json.loads(json.dumps(press.to_json()))
    assert line["source"] == "camera" and line["confidence"] == 0.97
    assert event_from_json(line) == press
    assert "confidence" not in Press(1.0, None, "switch").to_json()
    for field, bad in (("confidence", 1.5), ("other_seat", "Bo"), ("frame_gap", "two")):
        with pytest.raises(InputError) as err:
            event_from_json({**line, field: bad})
        assert err.value.field == field


def test_held_presses_wait_for_the_frames_after_their_edge() -> None:
    zones, bell, base = _table(4, 9)
    ring = _reach(np.random.default_rng(2), 3, zones, bell, RING, 0.0)
    tracker = HandTracker(IMAGE_SIZE, zones, bell.zone())
    credits = CameraCredits(tracker)
    frames = BellFrames()
    shared = Press(0.0, None, "switch")
    t = -0.5
    while t < 0.0:
        frame = draw_arms(base, bell, [ring], t)
        frames.push(t, frame, tracker.update(frame, t))
        credits.frame_seen(t)
        t += 1 / FPS
    credits.hold(shared)
    assert credits.tick_cap(0.5) == 0.0  # the referee may not rule past the held edge
    assert credits.ready(t) == []  # the camera has not yet seen past the edge
    while t < 0.07:
        frame = draw_arms(base, bell, [ring], t)
        frames.push(t, frame, tracker.update(frame, t))
        credits.frame_seen(t)
        t += 1 / FPS
    (press,) = credits.ready(t)
    assert press.seat == 3 and press.source == "camera" and press.t == 0.0
    assert credits.tick_cap(0.5) == 0.5
    image = hands_evidence(frames, 0.0, credits.answers[0.0], ("Ana", "Bo", "Cy", "Dee"))
    assert image is not None and image.shape[1] == 2 * IMAGE_SIZE[0]


def test_an_uncredited_answer_leaves_the_press_as_it_came() -> None:
    from halli_pi.vision.hands import CameraCredit

    press = Press(3.0, None, "piezo")
    assert credited(press, CameraCredit(None, 0.0, CreditReason.WITHIN_A_FRAME)) == press


def test_a_credit_says_its_reason_in_words_with_the_gap_between_the_hands() -> None:
    from halli_pi.vision.hands import CameraCredit

    first = CameraCredit(1, 0.9, CreditReason.FIRST_BY_FRAMES, other_seat=2, frame_gap=2.04)
    assert first.reason == "first of two hands by 2.0 frames"
    assert CameraCredit(None, 0.0, CreditReason.NO_HAND).reason == "no hand seen on the bell"


def test_the_bell_is_found_near_the_middle_of_the_table() -> None:
    from halli_pi.vision.bell_zone import find_bell, parse_bell

    zones, bell, base = _table(4, 10)
    zone = find_bell(base, zones)
    assert np.hypot(*(zone.mean(0) - np.asarray(bell.centre))) < 4
    assert abs((zone[1, 0] - zone[0, 0]) / 2 - bell.radius) < 10
    empty = render_scene([SeatState(()) for _ in range(4)], zones, 10).frame
    with pytest.raises(InputError, match="--bell"):
        find_bell(empty, zones)
    assert parse_bell("320,240,40").shape == (4, 2)
    with pytest.raises(InputError):
        parse_bell("320,240")


def test_the_bench_reports_every_figure() -> None:
    from halli_pi.bench.bell_camera import measure

    figures = measure(1, 60.0, 77)
    for key in (
        "one_hand_right",
        "one_hand_wrong",
        "two_hands_apart_right",
        "two_hands_apart_wrong",
        "within_frame_wrong",
        "idle_hand_credited",
        "added_median_ms",
        "added_p99_ms",
    ):
        assert key in figures
    assert 0.0 <= figures["one_hand_right"] + figures["one_hand_wrong"] <= 1.0
    assert figures["added_median_ms"] > 0


def test_a_shared_bell_demo_is_credited_by_the_camera_and_replays(tmp_path) -> None:
    from halli_pi.replay import outputs_of
    from halli_pi.simulation.demo import run_demo
    from halli_pi.store import Store

    store = Store(tmp_path / "demo.sqlite3", durable=False)
    try:
        # Seed 11's first 5 cards: 2 rings after the 4th, one credited by the camera and one
        # left to the switch, 2 rulings (its first 12 cards: 7 rings, 2 the camera's, for
        # 2.3 times the CPU; seed 3 needed 45 cards for 21 rings, 3 of them the camera's).
        _, _, referee = run_demo(seed=11, players=3, store=store, bell="shared", max_reveals=5)
        lines = store.export_session(referee.session_id, outputs=True)
        evidence = [store.ruling(rid).evidence for rid in range(1, 200) if _has_ruling(store, rid)]
    finally:
        store.close()
    presses = [line for line in lines if line["type"] == "press"]
    camera = [p for p in presses if p.get("source") == "camera"]
    assert camera and all(p["seat"] is not None and 0 < p["confidence"] <= 1 for p in camera)
    # The rest came from the bell's switch: uncredited, or credited later by the table's person.
    switch = [p for p in presses if p not in camera]
    assert switch and all(p["source"] == "switch" for p in switch)
    events = [e for e in (event_from_json(line) for line in lines) if e is not None]
    replayed = [o.to_json() for o in outputs_of(events)]
    ruled = [line for line in lines if line["type"] == "ruling"]
    again = [o for o in replayed if o["type"] == "ruling"]
    assert ruled  # the replay has rulings to agree with
    assert [(r["winner"], r["cards"]) for r in ruled] == [(r["winner"], r["cards"]) for r in again]
    # A shared bell's ring keeps a second image: the hands around its edge.
    assert any(len(paths) >= 2 for paths in evidence)


def _has_ruling(store, rid: int) -> bool:
    from halli_pi.store import NotFound

    try:
        store.ruling(rid)
    except NotFound:
        return False
    return True


def test_an_arm_cut_off_by_a_card_of_its_sleeves_colour_is_still_its_seats() -> None:
    # A rendered ring (the bench's tuning seed 10, trial 17): the first hand's light sleeve
    # crosses a pile of white cards, which cuts its arm off from the border; the second hand
    # then touches it on the bell. The piece stays the first arm's, split from the second.
    from halli_pi.bench.bell_camera import render_trial

    # (Seen by the table's texture it hides, the sleeve is no longer cut off: the foreground
    # by colour alone is pinned here.)
    frames, scene = render_trial(np.random.default_rng([10, 17]), "apart", FPS)
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone())
    for t, frame in frames:
        tracker.update(frame, t)
    assert tracker.first_hand(0.0).seat == scene["first"]
    by_colour = HandTuning(shadow_texture=0.0, near_texture=0.0)
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone(), tuning=by_colour)
    for t, frame in frames:
        tracker.update(frame, t)
    first = scene["first"]
    cut = [f for f in tracker.history if sum(a.seat == first for a in f.arms) >= 2]
    assert cut, "the scene no longer cuts the arm in two"
    assert tracker.first_hand(0.0).seat == first

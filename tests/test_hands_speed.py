"""What the hand tracker makes once per frame is made once: the same pictures are not built
twice in one frame (the tracker's cost is paid on every frame of the bell's camera)."""

from __future__ import annotations

import cv2
import numpy as np

from halli_pi.vision import hands
from halli_pi.vision.hands import HandTracker
from halli_pi.vision.render import IMAGE_SIZE, Look, SeatState, default_zones, render_scene
from halli_pi.vision.render_hands import RING, bell_spot, draw_arms, draw_bell, random_reach

FPS = 60.0


def _ring(tracker: HandTracker, seats: dict[int, float], seed: int) -> None:
    """Feed `tracker` the frames of the seats' hands striking the bell at their times."""
    zones = default_zones(4, IMAGE_SIZE)
    bell = bell_spot(IMAGE_SIZE)
    base = render_scene([SeatState(()) for _ in zones], zones, seed, look=Look()).frame
    base = draw_bell(base, bell)
    rng = np.random.default_rng(seed)
    reaches = [random_reach(rng, s, zones[s], bell, RING, t) for s, t in seats.items()]
    t = -0.5 + 0.004
    while t <= 0.05:
        tracker.update(draw_arms(base, bell, reaches, t, rng=rng), t)
        t += 1.0 / FPS


def _tracker() -> HandTracker:
    zones = default_zones(4, IMAGE_SIZE)
    return HandTracker(IMAGE_SIZE, zones, bell_spot(IMAGE_SIZE).zone())


def test_a_frames_grey_detail_is_made_once_for_both_texture_checks(monkeypatch) -> None:
    tracker = _tracker()
    greys: list[int] = []  # per frame: grey pictures made
    checks: list[int] = []  # ... and texture checks run
    convert, lost = cv2.cvtColor, HandTracker._texture_lost

    def counted_convert(img, code, *args, **kwargs):
        if code == cv2.COLOR_BGR2GRAY:
            greys[-1] += 1
        return convert(img, code, *args, **kwargs)

    def counted_lost(self, *args, **kwargs):
        checks[-1] += 1
        return lost(self, *args, **kwargs)

    update = HandTracker.update

    def counted_update(self, frame, t):
        greys.append(0)
        checks.append(0)
        return update(self, frame, t)

    monkeypatch.setattr(hands.cv2, "cvtColor", counted_convert)
    monkeypatch.setattr(HandTracker, "_texture_lost", counted_lost)
    monkeypatch.setattr(HandTracker, "update", counted_update)
    _ring(tracker, {0: 0.0, 2: 0.03}, seed=5)
    assert max(checks) == 2  # frames with a shadow ran both checks
    assert max(greys) <= 2  # the frame's grey and the table's, once each


def test_a_held_arms_picture_is_moved_once_per_step_for_both_judgements(monkeypatch) -> None:
    tracker = _tracker()
    warps: list[int] = [0]  # per split region: pictures moved
    steps: list[int] = [0]  # ... and steps the held arms' pictures were moved by
    helds: list[int] = []  # ... and held arms in it
    warp, carried_all, carried_moves = (
        cv2.warpAffine,
        HandTracker._carried_all,
        HandTracker._carried_moves,
    )

    def counted_warp(*args, **kwargs):
        warps[-1] += 1
        return warp(*args, **kwargs)

    def counted_moves(self, held):
        moves = carried_moves(self, held)
        steps[-1] += len(moves.steps)
        return moves

    def counted_carried_all(self, held):
        warps[-1] = steps[-1] = 0
        helds.append(sum(h is not None for h in held))
        out = carried_all(self, held)
        # A held arm's mask, its last picture and its front, moved by each step, once.
        assert warps[-1] == 3 * steps[-1]
        return out

    monkeypatch.setattr(hands.cv2, "warpAffine", counted_warp)
    monkeypatch.setattr(HandTracker, "_carried_moves", counted_moves)
    monkeypatch.setattr(HandTracker, "_carried_all", counted_carried_all)
    _ring(tracker, {0: 0.0, 2: 0.03}, seed=5)
    assert max(helds) >= 2  # two held arms shared a region: each judged twice

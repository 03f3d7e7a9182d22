"""A rendered bench ring (``bench.bell_camera.render_trial``) tracked whole, frame by frame, as
the bell-camera bench tracks it: what the hand tests that pin one ring share."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from halli_pi.bench.bell_camera import render_trial
from halli_pi.vision.hands import HandTracker, HandTuning

# The foreground by colour alone, as some rings were pinned with: no darkening or colour
# near the table's taken for a hand by the table's texture it hides.
BY_COLOUR = HandTuning(shadow_texture=0.0, near_texture=0.0)
# The split as some rings were pinned with: an arm's pieces cut off from it are not joined
# to it through where its carried picture is seen again.
NO_JOINS = HandTuning(seen_joins_px=0)


def ring_frames(
    seed: int, index: int, kind: str, fps: float = 60.0, table_arm: bool = False
) -> tuple[list[tuple[float, np.ndarray]], dict[str, Any]]:
    """Ring ``index`` of bench seed ``seed`` as ``render_trial`` draws it: its frames and its
    scene. The last ring is kept: a test that tracks one ring twice (with two tunings) renders
    it once, two thirds of its time. The tracker only reads the frames."""
    # One key however the ring is asked for (``fps`` or ``table_arm`` by name, or left out):
    # the cache tells calls apart by how their arguments were passed, and a ring asked for
    # by ``tracked_ring`` and then by ``seen_ring`` or by name was drawn again.
    return _ring_frames(int(seed), int(index), kind, float(fps), bool(table_arm))


@lru_cache(maxsize=1)
def _ring_frames(
    seed: int, index: int, kind: str, fps: float, table_arm: bool
) -> tuple[list[tuple[float, np.ndarray]], dict[str, Any]]:
    return render_trial(np.random.default_rng([seed, index]), kind, fps, table_arm=table_arm)


def tracked_ring(
    seed: int,
    index: int,
    kind: str,
    fps: float = 60.0,
    tuning: HandTuning | None = None,
    table_arm: bool = False,
) -> tuple[HandTracker, dict[str, Any]]:
    """Ring ``index`` of bench seed ``seed`` (of ``kind``: "one", "apart", ...) rendered at
    ``fps`` (with `table_arm`, with the stress of a bare arm the table's colour) and fed to a
    tracker with `tuning` (default: the shipped one): the tracker and the ring's scene."""
    frames, scene = ring_frames(seed, index, kind, fps, table_arm)
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone(), tuning=tuning)
    for t, frame in frames:
        tracker.update(frame, t)
    return tracker, scene


def seen_ring(
    seed: int, index: int, kind: str = "apart", fps: float = 60.0, tuning: HandTuning | None = None
) -> tuple[HandTracker, dict[str, Any], list[tuple[float, dict[int | None, Any]]]]:
    """``tracked_ring``, and what the tracker saw of each arm frame by frame: every frame's
    time and its arms by seat."""
    frames, scene = ring_frames(seed, index, kind, fps)
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone(), tuning=tuning)
    seen = []
    for t, frame in frames:
        seen.append((t, {a.seat: a for a in tracker.update(frame, t).arms}))
    return tracker, scene, seen


def credited_then_left_without(
    tracker: HandTracker,
    scene: dict[str, Any],
    why: Any,
    off: HandTuning,
    why_off: Any = None,
) -> tuple[Any, Any]:
    """What a test pinning one rule asks of its ring: credited to the ring's first hand for
    `why`, and, judged again on the tracker's same frames with tuning `off` (the rule
    switched off), left to a person (for `why_off`, unless None: any reason). Both credits,
    for further checks."""
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"], credit
    assert credit.why is why, credit
    tracker.tuning = off
    without = tracker.first_hand(0.0)
    assert without.seat is None, without
    assert why_off is None or without.why is why_off, without
    return credit, without

"""The bell zone's per-frame work made cheaper without changing a figure: what several checks
of one frame ask of an arm is found once (the owners touched near its fingertips, its front's
colours), a carried picture's step repeated by its pace is moved once, and colours are
compared channel by channel instead of by numpy's row reductions. Each gives what the
longer way gave, on a rendered ring of the bench (two hands merged over the bell, split)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from rendered_rings import ring_frames

from halli_pi.vision import hands
from halli_pi.vision.hands import HandTracker, HandTuning


class _Uncached(HandTracker):
    """The tracker asking afresh for every check, and moving each carried picture by every
    step twice (the first of equal fits must still win)."""

    asked = 0  # how often a check asked again for what this frame already found

    def _touched_near(self, me: int, front: np.ndarray, labels: np.ndarray) -> set[int]:
        _Uncached.asked += me in self._near
        self._near.pop(me, None)
        return super()._touched_near(me, front, labels)

    def _front_pixels(self, k: int) -> np.ndarray:
        _Uncached.asked += k in self._front_px
        self._front_px.pop(k, None)
        return super()._front_pixels(k)

    def _carried_moves(self, held: Any) -> Any:
        moves = super()._carried_moves(held)
        return dataclasses.replace(moves, steps=[*moves.steps, *moves.steps])


def _plain(v: Any) -> Any:
    """A frame's arms as comparable values (arrays by their bytes)."""
    if isinstance(v, np.ndarray):
        return (v.dtype.str, v.shape, v.tobytes())
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return tuple((f.name, _plain(getattr(v, f.name))) for f in dataclasses.fields(v))
    if isinstance(v, tuple | list):
        return tuple(_plain(x) for x in v)
    return v


def test_cached_steps_read_a_merged_ring_as_the_uncached_ones() -> None:
    # A tuning ring of the bench: two hands less than a frame apart merge over the bell and
    # are split; their fronts touch, so each frame's checks ask for the same arm again.
    frames, scene = ring_frames(583, 3, "within")
    args = (scene["size"], scene["zones"], scene["bell"].zone())
    cached, uncached = HandTracker(*args), _Uncached(*args)
    _Uncached.asked = 0
    for t, frame in frames:
        assert _plain(cached.update(frame, t)) == _plain(uncached.update(frame, t)), t
    assert _Uncached.asked > 0  # the ring asks again: the cache is used
    assert _plain(cached.first_hand(0.0)) == _plain(uncached.first_hand(0.0))


def test_colours_compared_channel_by_channel_as_by_row_reductions() -> None:
    rng = np.random.default_rng(5)
    tn = HandTuning()
    for n in (1, 3, 8, 9, 17, 400):
        colours = (rng.random((n, 3)) * 255).astype(np.float32)
        for hand in (colours.mean(0), rng.random(3) * 255):
            ratio = (colours + 4.0) / (hand + 4.0)
            level, spread = ratio.mean(1), ratio.max(1) - ratio.min(1)
            inside = (level >= tn.shadow_lo) & (level <= tn.tint_bright)
            want = np.where(inside, spread, np.inf)
            got = hands._tint_off(colours, hand, tn)
            assert got.dtype == want.dtype and np.array_equal(got, want)
            want = np.abs(colours - hand).max(1)
            got = hands._off_by(colours, hand)
            assert got.dtype == want.dtype and np.array_equal(got, want)

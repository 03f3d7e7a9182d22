"""A player reaching beside the ringer and drawing back: no hidden hand on the bell."""

from __future__ import annotations

import dataclasses

import numpy as np

from halli_pi.bench.bell_camera import render_trial
from halli_pi.cli import main
from halli_pi.vision.hand_tracks import _drew_back_before, _Seen
from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning

FPS = 60.0
P = 1 / FPS  # a frame
TN = HandTuning()


def _stalled(depths, clear_until):
    """A track of one arm whose fingertips are clear against the table in its first
    `clear_until` frames, against another arm after: frame k at (k - len + 3) frames, so its
    frame at index len - 3 is the last before the edge at 0."""
    n = len(depths)
    return [
        _Seen((k - n + 3) * P - 0.005, d, False, k < clear_until, hand_seen=True)
        for k, d in enumerate(depths)
    ]


def test_a_front_that_drew_back_every_frame_up_to_the_ring_is_leaving() -> None:
    # Fresh ring 498/252: clear up to 4.6 radii short, came on against the ringer's arm to
    # 2.72, then drew back 0.14, 0.28 and 0.14 a frame up to the ring and lay there.
    depths = [-4.6, -4.27, -3.9, -2.72, -2.86, -3.14, -3.28, -3.28, -3.28]
    track = _stalled(depths, clear_until=1)
    edge = track[-3].t
    assert _drew_back_before(track, edge, TN, P)
    # Less drawn back in all than `drawn_back`: not leaving.
    assert not _drew_back_before(track, edge, dataclasses.replace(TN, drawn_back=0.6), P)
    # A front that stops for a frame on the way back is not seen drawing back every frame.
    paused = [*depths[:5], -2.86, *depths[6:]]
    assert not _drew_back_before(_stalled(paused, 1), edge, TN, P)
    # One that comes on again after the ring by more than `stop_depth` is no hand leaving.
    on_again = [*depths[:7], -3.28, -3.0]
    assert not _drew_back_before(_stalled(on_again, 1), edge, TN, P)
    # Judged from its deepest read since its fingertips were last clear: clear up to 3.14
    # short, then 0.14 back in one frame, it is not seen drawing back.
    assert not _drew_back_before(_stalled(depths, clear_until=6), edge, TN, P)


def test_a_player_drawing_back_beside_the_ringer_before_the_ring_hides_no_hand() -> None:
    # A bench ring (fresh seed 498, one hand): a player reached beside the ringer, its
    # fingertips against the ringer's arm 2.72 bell radii short, and drew back to 3.28 before
    # the ring. Its fingertips last clear eleven frames before, at its pace then it could have
    # reached the bell, so it was taken for a hand perhaps going on under the ringer's arm:
    # nobody was named. It drew back every frame up to the ring: the ringer is credited.
    frames, scene = render_trial(np.random.default_rng([498, 252]), "one", FPS)
    # Tracked once, judged with the rule and again without it (only judging reads it).
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone(), tuning=TN)
    for t, frame in frames:
        tracker.update(frame, t)
    credits = [tracker.first_hand(0.0)]
    tracker.tuning = dataclasses.replace(TN, drawn_back_before=False)
    credits.append(tracker.first_hand(0.0))
    assert credits[0].seat == scene["first"], credits[0]
    assert credits[0].why is CreditReason.ONE_HAND
    assert credits[1].seat is None, credits[1]
    assert credits[1].why is CreditReason.HIDDEN_HAND


def test_the_bench_refuses_the_seeds_looked_into_here(capsys) -> None:
    for seed in (497, 498, 499, 500):
        assert main(["bench", "bell-camera", "--json", "--trials", "1", "--seed", str(seed)]) != 0
        assert "tuning" in capsys.readouterr().err

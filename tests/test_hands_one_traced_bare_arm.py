"""A bare arm of nearly the table's colour breaks up into specks along its whole length: its
front is kept near the border and its hand is seen only over the bell, farther ahead than
`link_gap`. The piece on the bell is that arm's hand when the way between them is traced by
specks of foreground and no other arm lies on it (``HandTuning.trace_fill``)."""

from __future__ import annotations

import dataclasses

import numpy as np
from rendered_rings import ring_frames, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTracker, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, trace_fill=0.0)


def test_bench_ring_of_a_bare_arm_traced_by_its_specks_is_credited() -> None:
    # Tuning one-hand ring 706/4, with the stress of a bare arm the table's colour: seat 5's
    # arm, beige on a beige table, was held as a patch at the border 7.6 bell radii short;
    # its hand stood out only over the bell, and the specks of its outline filled about half
    # of the way between. Left to a person as foreground no arm explains without the rule.
    tracker, scene = tracked_ring(706, 4, "one", table_arm=True)
    assert scene["first"] == 5
    credit = tracker.first_hand(0.0)
    assert credit.seat == 5 and credit.why is CreditReason.ONE_HAND, credit
    # The rule is applied frame by frame (the piece becomes an arm as it is tracked): off,
    # the same frames are tracked again.
    without, _ = tracked_ring(706, 4, "one", tuning=OFF, table_arm=True)
    assert without.first_hand(0.0).why is CreditReason.UNTRACEABLE


def test_a_way_too_sparse_is_not_traced() -> None:
    # The same ring asking for more of the way than its specks fill: left to a person (its
    # shade, ``trace_shade``, would trace it still: off).
    sparse = dataclasses.replace(TN, trace_fill=0.95, trace_shade=0.0)
    tracker, _ = tracked_ring(706, 4, "one", tuning=sparse, table_arm=True)
    assert tracker.first_hand(0.0).why is CreditReason.UNTRACEABLE


def test_another_arm_lying_on_the_way_stops_the_trace() -> None:
    # The same ring with a dark arm of another seat come in from the top border after the
    # table was learned and lying still across the way, short of the bell: the specks may be
    # that arm's, so the piece on the bell is linked to neither and nobody is credited.
    frames, scene = ring_frames(706, 4, "one", table_arm=True)
    tracker = HandTracker(scene["size"], scene["zones"], scene["bell"].zone())
    for k, (t, frame) in enumerate(frames):
        if k >= 3:
            frame = frame.copy()
            frame[0:300, 470:500] = np.array([40, 50, 70], np.uint8)
        tracker.update(frame, t)
    assert tracker.first_hand(0.0).seat is None


def test_a_plain_ring_nearby_still_reads() -> None:
    # The ring before it on the same seed, plain: credited as before.
    tracker, scene = tracked_ring(706, 0, "one")
    credit = tracker.first_hand(0.0)
    assert credit.seat == scene["first"] and credit.why is CreditReason.ONE_HAND, credit

"""A bare arm of the table's colour that came on clear at a hand's pace, then read a bell radius
and more back in one frame, its front frozen against another arm from before the ring, was
lost at that arm's edge, not pulled back: its hand may lie on the bell under the other's, and
the ring is left to a person (``HandTuning.lost_seam_drop``, ``_lost_at_seam``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hand_tracks import _lost_at_seam, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
OFF = dataclasses.replace(TN, lost_seam_drop=0.0)


def _track(depths: list[float], clear: list[bool]) -> list[_Seen]:
    """Reads a frame apart, the ring between the fifth and the sixth."""
    return [
        _Seen((k - 4.5) * P, d, d > -1.5, c, hand_seen=False)
        for k, (d, c) in enumerate(zip(depths, clear, strict=True))
    ]


# Tuning ring 617/35's first arm: clear from -3.07 to -1.25 bell radii, then -2.60 against
# the second hand's arm, still from two frames before the ring to the last frame.
CAME = [-4.02, -3.07, -2.18, -1.25]
LOST = [-2.60, -2.60, -2.60, -2.61, -2.60]
SEAM = [False, True, True, True, False, False, False, False, False]


def test_a_front_lost_at_another_arms_edge_is_no_hand_pulled_back() -> None:
    track = _track(CAME + LOST, SEAM)
    assert _lost_at_seam(track, 0.0, TN, P)
    assert not _lost_at_seam(track, 0.0, OFF, P)


def test_a_front_drawn_back_clear_or_a_little_or_after_the_ring_is_not_lost() -> None:
    # Clear against the table where it lies: the hand's own fingertips, drawn back.
    assert not _lost_at_seam(_track(CAME + LOST, [*SEAM[:4], *[True] * 5]), 0.0, TN, P)
    # Back by under a bell radius: a hand may draw back so.
    assert not _lost_at_seam(_track(CAME + [d + 0.5 for d in LOST], SEAM), 0.0, TN, P)
    # Its last step not clear: its pace was not seen.
    assert not _lost_at_seam(_track(CAME + LOST, [False, True, True, False, *SEAM[4:]]), 0.0, TN, P)
    # Lying still only from after the ring: nothing was lost by it.
    late = _track([*CAME, -1.0, -0.8, -0.6, -2.0, -2.0], [*SEAM[:7], False, False])
    assert not _lost_at_seam(late, 0.0, TN, P)


def test_bench_ring_lost_at_the_seam_is_left_to_a_person() -> None:
    # Tuning ring 617/35 (within a frame, with the stress of a bare arm the table's colour):
    # the second hand, over the first's on the bell, was credited as the one hand.
    tracker, scene = tracked_ring(617, 35, "within", table_arm=True)
    credit = tracker.first_hand(0.0)
    assert credit.seat is None, credit
    assert credit.why is CreditReason.STILL_SHORT, credit
    tracker.tuning = OFF
    credit = tracker.first_hand(0.0)
    assert credit.seat is not None and credit.seat != scene["first"], credit

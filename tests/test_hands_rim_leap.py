"""A front that steps onto the bell short of its centre: read off at the bell's rim, not a hand
taken in (``HandTuning.leap_short_of_centre``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import tracked_ring

from halli_pi.vision.hand_tracks import _leapt_unlike_a_hand, _Seen
from halli_pi.vision.hands import CreditReason, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()
ANYWHERE = dataclasses.replace(TN, leap_short_of_centre=False)


def _leap(depths: list[float], unlike: int) -> list[_Seen]:
    """One arm alone in its region, a frame apart, its front a hand but in frame `unlike`."""
    return [
        _Seen(k * P, d, d > -1.0, True, hand_seen=k != unlike, alone=True)
        for k, d in enumerate(depths)
    ]


def test_a_leap_landing_short_of_the_bells_centre_took_in_no_hand_that_rang_it() -> None:
    # Tuning one-hand ring 507/236: a dark hand coming on 0.37 to 0.45 bell radii a frame,
    # read 0.21 short as its fingers crossed the bell's dark rim, then 0.19 long over the
    # chrome, no hand's colour there: a step of 0.77, landing 0.28 short of the centre.
    rim = _leap([-2.18, -1.73, -1.36, -1.05, -0.28, 0.0, 0.09], unlike=4)
    assert not _leapt_unlike_a_hand(rim, 6 * P, TN, P)
    assert _leapt_unlike_a_hand(rim, 6 * P, ANYWHERE, P)
    # The same step landing past the centre (tuning stress ring 237/39: a bare hand of the
    # table's colour taken in as another arm's front leapt onto the bell): still a leap.
    onto = _leap([-1.35, -0.97, -0.59, -0.2, 0.89, 1.04], unlike=4)
    assert _leapt_unlike_a_hand(onto, 5 * P, TN, P)


def test_bench_rings_read_off_at_the_bells_rim_are_credited() -> None:
    # Tuning one-hand rings: 507/236, the dark hand above (a player on the other side reaching
    # and pulling back); 497/528, a hand of the table's colour in a sleeve, its front the
    # sleeve's end until the hand showed over the bell's rim, 1.13 radii on at a pace of
    # 0.24, landing 0.86 short of the centre. Both were left to a person as a leap that
    # took in another hand; both are credited to the ringer's seat.
    for seed, i in ((507, 236), (497, 528)):
        tracker, scene = tracked_ring(seed, i, "one")
        credit = tracker.first_hand(0.0)
        assert credit.seat == scene["first"], (seed, i, credit)
        assert credit.why is CreditReason.ONE_HAND
        # Judged on the tracker's same frames with a leap counted anywhere on the bell.
        tracker.tuning = ANYWHERE
        credit = tracker.first_hand(0.0)
        assert credit.seat is None, (seed, i, credit)
        assert credit.why is CreditReason.LEAPT_UNLIKE_A_HAND

"""Which of two hands came first, from how they moved: the rules that read an arm's track
(depth in bell radii per frame, fingertips clear or against another arm) around the edge."""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from halli_pi.vision.hand_tracks import (
    _came_on_through,
    _comes_on,
    _comes_on_late,
    _confused,
    _could_reach,
    _draws_back,
    _leapt_unlike_a_hand,
    _not_lent,
    _out_of_reach,
    _paced_out_of_reach,
    _Seen,
    _steady_short,
    _still_short,
    _stop_unseen,
    _strike,
    _touched_by_unknown,
    _under_at_edge,
)
from halli_pi.vision.hands import Arm, HandFrame, HandTuning

P = 1 / 60  # a frame
TN = HandTuning()


def _track(depths, clear, start=-4):
    """A track of one arm ending in a hand the picture shows: frame k at (start + k) frames,
    the edge at 0."""
    return [
        _Seen((start + k) * P + 0.001, d, d > -1.0, c, hand_seen=True)
        for k, (d, c) in enumerate(zip(depths, clear, strict=True))
    ]


def test_a_hand_too_far_short_just_before_the_edge_cannot_have_rung_first() -> None:
    # Coming at 0.45 radii a frame, 1.34 short of the centre a frame before the edge.
    far = _track([-2.7, -2.25, -1.79, -1.34], [1, 1, 1, 1], start=-4)
    assert _out_of_reach(far, 0.0, TN, P)
    # At 0.4 short, coming at 0.4 a frame, it might have got there: not ruled out.
    near = _track([-1.6, -1.2, -0.8, -0.4], [1, 1, 1, 1], start=-4)
    assert not _out_of_reach(near, 0.0, TN, P)
    # Its fingertips against another arm in the last frame, clear in the one before, two
    # frames from the edge, 1.8 short: at 1.5 times its pace it gets 1.4 nearer. Ruled out.
    hidden = _track([-2.7, -2.25, -1.79, -1.34], [1, 1, 1, 0], start=-4)
    assert _out_of_reach(hidden, 0.0, TN, P)
    # Against another arm in the last two frames: the last clear one is too long before the
    # edge to say where the hand got to. Nothing ruled out.
    unseen = _track([-2.7, -2.25, -1.79, -1.34], [1, 1, 0, 0], start=-4)
    assert not _out_of_reach(unseen, 0.0, TN, P)


def test_a_hand_keeping_its_pace_against_another_arm_is_still_coming() -> None:
    # Clear at 0.5 a frame, then touching the other arm, still at about that pace.
    steady = _track([-2.2, -1.7, -1.2, -0.75, -0.3, 0.2], [1, 1, 1, 0, 0, 0], start=-4)
    assert _steady_short(steady, 0.0, TN, P)  # at the first frame from the edge: -0.3
    # Stalled as it met the other arm (its fingertips may go on under it): not cleared.
    stalled = _track([-2.2, -1.7, -1.2, -0.75, -0.75, -0.7], [1, 1, 1, 0, 0, 0], start=-4)
    assert not _steady_short(stalled, 0.0, TN, P)
    # Past the bell's centre by then: it may have rung.
    past = _track([-1.5, -1.0, -0.5, 0.0, 0.5, 1.0], [1, 1, 1, 0, 0, 0], start=-4)
    assert not _steady_short(past, 0.0, TN, P)


def test_an_arm_from_between_two_seats_merged_with_the_first_hand_blocks_the_credit() -> None:
    outline = np.zeros((3, 2), np.int32)

    def arm(seat, region):
        return Arm(seat, (0.0, 0.0), (0.0, 0.0), 0.5, 10, outline, region=region)

    merged = [HandFrame(0.01, (arm(4, 3), arm(None, 3)), 0.0)]
    apart = [HandFrame(0.01, (arm(4, 3), arm(None, 5)), 0.0)]
    assert _touched_by_unknown(merged, 4, 0.0)
    assert not _touched_by_unknown(apart, 4, 0.0)
    assert not _touched_by_unknown(merged, 4, 0.02)  # only frames from the strike on


def test_a_hand_still_advancing_after_the_first_stopped_strikes_later() -> None:
    # The first hand stopped on the bell by the frame at 0; this one, its fingertips over the
    # first hand's arm, goes on by 0.35 radii a frame for two frames more: it had not struck.
    coming = _track([-1.2, -0.8, -0.45, -0.1, 0.25, 0.6], [1, 1, 0, 0, 0, 0], start=-3)
    assert _comes_on(coming, 0.0, TN, P)
    # Stopped there (its fingertips may be on the bell under the first hand): not cleared.
    stopped = _track([-1.2, -0.8, -0.45, -0.1, -0.05, -0.05], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(stopped, 0.0, TN, P)
    # One step on and then still: it struck a frame after the first; that step alone is no
    # proof (a split that went wrong for a frame looks the same).
    once = _track([-1.2, -0.8, -0.45, -0.1, 0.25, 0.27], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(once, 0.0, TN, P)
    # A jump no hand makes in a frame is a split gone wrong, not a hand coming.
    jump = _track([-1.2, -0.8, -0.45, -0.1, 1.6, 1.9], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(jump, 0.0, TN, P)
    # Going on past where a palm on the bell puts its fingertips: another hand's pixels taken.
    beyond = _track([-1.2, -0.8, -0.45, 0.5, 1.2, 2.1], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(beyond, 0.0, TN, P)
    # A frame missing: not seen two frames running.
    gap = [seen for k, seen in enumerate(coming) if k != 4]
    assert not _comes_on(gap, 0.0, TN, P)


def test_one_long_step_after_the_first_stopped_is_a_hand_still_coming() -> None:
    # Tuning rings: the second hand, 2 to 3 frames after the first, is seen one step on from
    # the ring at a hand's pace (0.59 radii here) and has struck by the next frame. Two
    # steps running are not seen; one that long is no front creeping on under a split.
    one_more = _track([-1.13, -0.54, 0.08, 0.66, 1.25, 1.31], [1, 0, 0, 0, 0, 0], start=-3)
    assert not _comes_on(one_more, 0.0, TN, P)
    assert _comes_on(one_more, 0.0, TN, P, running=1, far=TN.comes_on_far)
    # A front the split cut off, of a hand that struck within the frame, creeps on by less.
    creeps = _track([-0.64, -0.22, -0.02, 0.2, 0.39, 0.39], [0, 0, 0, 0, 0, 0], start=-3)
    assert not _comes_on(creeps, 0.0, TN, P, running=1, far=TN.comes_on_far)


def test_a_front_that_leaps_past_the_centre_into_no_hands_colour_is_no_hand_coming() -> None:
    # Tuning ring 431/79 (two hands within a frame): the first hand's front, against the
    # second's arm, crept on 0.12 radii, then stepped 0.9 past the bell's centre after the
    # ring, its front no hand's colour there: the second hand's pixels, not a hand coming.
    leap = _track([-0.5, -0.42, -0.22, -0.1, 0.8, 0.95], [0, 0, 0, 0, 0, 0], start=-3)
    leap[4] = leap[4]._replace(hand_seen=False)
    assert not _comes_on(leap, 0.0, TN, P, running=1, far=TN.comes_on_far)
    off = dataclasses.replace(TN, comes_on_unlike=False)
    assert _comes_on(leap, 0.0, off, P, running=1, far=TN.comes_on_far)
    # The same step in a hand's colour: a hand still coming.
    seen = _track([-0.5, -0.42, -0.22, -0.1, 0.8, 0.95], [0, 0, 0, 0, 0, 0], start=-3)
    assert _comes_on(seen, 0.0, TN, P, running=1, far=TN.comes_on_far)
    # Tuning ring 429/209 (two hands apart): a front lying still against the first hand's
    # arm leaps 0.41 into no hand's colour but stays short of the centre: it took in no
    # ringing hand, and is still a hand coming.
    short = _track([-1.33, -0.81, -0.8, -0.79, -0.38], [0, 0, 0, 0, 0], start=-3)
    short[4] = short[4]._replace(hand_seen=False)
    assert _comes_on(short, 0.0, TN, P, running=1, far=TN.comes_on_far)


def test_a_front_held_back_a_frame_then_on_at_a_hands_pace_is_still_coming() -> None:
    # Tuning ring 304/25: after the first hand stopped, the second's front crept on 0.11 (the
    # split over the first hand's edge held it back), then went on 0.31: it had not stopped,
    # so it had not struck. Neither one long step at the ring nor two steps running is seen.
    held = _track([-1.7, -0.86, -0.61, 0.31, 0.5, 0.61, 0.92], [1, 0, 0, 0, 0, 0, 0], start=-4)
    assert not _comes_on(held, 0.0, TN, P)
    assert not _comes_on(held, 0.0, TN, P, running=1, far=TN.comes_on_far)
    assert _comes_on_late(held, 0.0, TN, P)
    # Drawing back before the long step: no creeping on, the split is not to be trusted.
    back = _track([-1.7, -0.86, -0.61, 0.31, 0.5, 0.45, 0.92], [1, 0, 0, 0, 0, 0, 0], start=-4)
    assert not _comes_on_late(back, 0.0, TN, P)
    # Held still, read a hair back (tuning ring 448/89: 0.676, then 0.671), then on: still
    # coming; the same with no hair allowed is not shown.
    hair = _track([-0.1, 0.33, 0.676, 0.671, 1.04], [0, 0, 0, 0, 0], start=-2)
    assert _comes_on_late(hair, 0.0, TN, P)
    assert not _comes_on_late(hair, 0.0, dataclasses.replace(TN, creep_back=0.0), P)
    # A front the split cut off, creeping on by less each step: not seen coming.
    creeps = _track([-0.64, -0.22, -0.02, 0.2, 0.39, 0.39], [0, 0, 0, 0, 0, 0], start=-3)
    assert not _comes_on_late(creeps, 0.0, TN, P)
    # The long step later than `comes_on_late` steps on: not asked.
    later = _track([-1.7, -0.86, 0.31, 0.5, 0.61, 0.7, 1.02], [1, 0, 0, 0, 0, 0, 0], start=-3)
    assert not _comes_on_late(later, 0.0, TN, P)


def test_a_front_that_lay_still_on_the_bell_before_its_late_step_had_stopped() -> None:
    # Tuning ring 517/23 (two hands within a frame): the first hand's front lay at 0.22 bell
    # radii against the second hand's arm from two frames before the ring, then read 1.24 as
    # the second hand's front was lost: it had stopped on the bell before the second hand
    # did, and its step on is that hand's pixels. Not seen coming on late.
    depths = [-0.47, 0.05, 0.15, 0.22, 0.22, 0.22, 0.22, 0.22, 1.24]
    still = _track(depths, [1, 0, 0, 0, 0, 0, 0, 0, 0], start=-6)
    assert not _comes_on_late(still, 0.0, TN, P)
    assert _comes_on_late(still, 0.0, dataclasses.replace(TN, late_still=0), P)
    # Still for two frame steps before that step (tuning apart ring 456/133: held back by the
    # split, 0.15, 0.27, 0.27, then 0.53): still coming.
    held = _track([-0.43, 0.15, 0.27, 0.27, 0.53], [0, 0, 0, 0, 0], start=-2)
    assert _comes_on_late(held, 0.0, TN, P)
    # Lying as still short of the bell's centre, where it cannot have rung: coming on too.
    short = [s._replace(depth=s.depth - 0.5) for s in still]
    assert _comes_on_late(short, 0.0, TN, P)


def test_with_no_strike_seen_a_front_that_leaps_ahead_is_no_hand_coming() -> None:
    # Slowing to the bell, then a leap twice its last step: it took the other hand's pixels.
    # Asked when no strike of the first hand was seen, that is no proof it came later.
    leap = _track([-1.2, -0.7, -0.3, 0.1, 1.0, 1.4], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(leap, 0.0, TN, P, no_leap=True)
    assert _comes_on(leap, 0.0, TN, P)  # after a strike seen, its steps are enough
    # The same hand keeping its pace: still coming.
    even = _track([-1.2, -0.7, -0.3, 0.1, 0.45, 0.8], [1, 1, 0, 0, 0, 0], start=-3)
    assert _comes_on(even, 0.0, TN, P, no_leap=True)


def test_with_no_strike_seen_a_step_cut_short_by_the_split_is_no_pace_to_leap_from() -> None:
    # Clear at 0.33 a frame, then over the other hand: a step the split cut to 0.2, then on at
    # 0.33 and 0.3 again. No faster than it came in at: still coming, not a leap.
    paced = _track(
        [-1.16, -0.83, -0.5, -0.14, 0.04, 0.24, 0.57, 0.87], [1, 1, 1, 0, 0, 0, 0, 0], -5
    )
    assert _comes_on(paced, 0.0, TN, P, no_leap=True)
    # The same, then twice its pace: a leap (another hand's pixels taken).
    leap = _track([-1.16, -0.83, -0.5, -0.14, 0.04, 0.24, 0.9, 1.2], [1, 1, 1, 0, 0, 0, 0, 0], -5)
    assert not _comes_on(leap, 0.0, TN, P, no_leap=True)


def test_with_no_strike_seen_a_front_that_lay_still_and_moves_on_is_no_hand_coming() -> None:
    # On the bell past its centre, still into the frame at 0, then on by less than 1.5 times
    # a still hand's step: the pixels of another hand landing on it, not this hand coming.
    restart = _track([-0.2, 0.3, 0.46, 0.47, 0.69, 0.87], [1, 1, 0, 0, 0, 0], start=-3)
    assert not _comes_on(restart, 0.0, TN, P, no_leap=True)
    assert _comes_on(restart, 0.0, TN, P)  # after a strike seen, its steps are enough
    # Slowing but moving into the frame at 0 and on: still coming.
    slowing = _track([-0.9, -0.5, -0.2, 0.05, 0.27, 0.47], [1, 1, 0, 0, 0, 0], start=-3)
    assert _comes_on(slowing, 0.0, TN, P, no_leap=True)


def test_with_no_strike_seen_a_front_no_longer_a_hand_is_no_hand_coming() -> None:
    # Tuning ring 299/139: against the other arm, the front goes on at a hand's pace, but it
    # is no hand's colour from the frame into the ring on (the other hand's sleeve, laid over
    # it, taken by the split): no proof this hand came later.
    taken = _track([-0.95, -0.28, -0.11, 0.12, 0.17, 0.54, 0.82, 1.1, 1.27], [1] * 2 + [0] * 7)
    taken = [s._replace(hand_seen=k < 5) for k, s in enumerate(taken)]
    assert not _comes_on(taken, 0.5 * P, TN, P, no_leap=True)
    assert _comes_on(taken, 0.5 * P, TN, P)  # after a strike seen, its steps are enough
    # The same front, a hand all along: still coming.
    hand = [s._replace(hand_seen=True) for s in taken]
    assert _comes_on(hand, 0.5 * P, TN, P, no_leap=True)


def test_a_sleeve_whose_hand_is_not_seen_shows_no_fingertips_short_of_the_bell() -> None:
    # Tuning ring 296/259: a sleeve, its hand the table's colour, its front clear 2.1 bell
    # radii short of the centre just before the ring, coming at 0.35 a frame. Its fingertips
    # are a hand's length ahead of that front, unseen: it is not shown too far short to ring.
    sleeve = _track([-2.9, -2.47, -2.12, -1.9, -1.9, -1.9], [0, 1, 1, 0, 0, 0], start=-2.55)
    assert _out_of_reach(sleeve, 0.0, TN, P)  # were its front the hand's fingertips
    assert _steady_short(sleeve, 0.5 * P, TN, P)
    sleeve = [s._replace(hand_seen=False) for s in sleeve]
    assert not _out_of_reach(sleeve, 0.0, TN, P)
    assert not _steady_short(sleeve, 0.5 * P, TN, P)


def test_fingertips_that_went_under_another_hand_over_the_dome_may_have_rung() -> None:
    edge = (-0.5 * P, 0.5 * P)
    # Seen coming, then against another arm just short of the centre, still there after.
    under = _track([-1.5, -1.0, -0.5, -0.1, -0.05, -0.05, -0.05], [1, 1, 1, 0, 0, 0, 0])
    assert _under_at_edge(under, edge, TN) == under[3].t
    # Still coming under the other at the edge: its strike may come later.
    coming = _track([-1.5, -1.0, -0.5, -0.1, 0.2, 0.5, 0.8], [1, 1, 1, 0, 0, 0, 0])
    assert _under_at_edge(coming, edge, TN) is None
    # Stopped short of the dome: a hand that did not reach the bell.
    short = _track([-2.5, -2.0, -1.5, -1.1, -1.1, -1.1, -1.1], [1, 1, 1, 0, 0, 0, 0])
    assert _under_at_edge(short, edge, TN) is None
    # Clear again after the edge: its fingertips are seen, not under.
    seen = _track([-1.5, -1.0, -0.5, -0.1, -0.05, -0.05, -0.05], [1, 1, 1, 0, 0, 1, 1])
    assert _under_at_edge(seen, edge, TN) is None
    # A leap onto the dome no hand makes in a frame: the split, not the hand.
    leap = _track([-3.5, -3.0, -2.5, -0.1, -0.05, -0.05, -0.05], [1, 1, 1, 0, 0, 0, 0])
    assert _under_at_edge(leap, edge, TN) is None


def test_a_hand_keeping_its_pace_short_of_the_bell_just_before_the_edge_did_not_ring() -> None:
    # Clear at 0.6 a frame, then against the other arm at the same pace: 0.4 short of the
    # centre a third of a frame before the edge. At 1.5 times that pace it gets 0.3 nearer.
    paced = _track([-2.2, -1.6, -1.0, -0.4], [1, 1, 0, 0], start=-3.3)
    assert _paced_out_of_reach(paced, 0.0, TN, P)
    # Stalled against the other arm (its fingertips may go on under it): not ruled out.
    stalled = _track([-2.2, -1.6, -1.0, -0.95], [1, 1, 0, 0], start=-3.3)
    assert not _paced_out_of_reach(stalled, 0.0, TN, P)
    # Close enough to get there by the edge: not ruled out.
    close = _track([-1.9, -1.3, -0.7, -0.1], [1, 1, 0, 0], start=-3.3)
    assert not _paced_out_of_reach(close, 0.0, TN, P)


def test_a_hand_whose_front_goes_on_only_against_another_arm_has_an_unseen_stop() -> None:
    # Seen coming, on the bell past its centre with its fingertips clear, then against the
    # other hand's arm in every later frame while its front goes on: the split gives it the
    # other's pixels, or it goes on under it. It was on the bell by the clear frame.
    took = _track([-1.8, -1.16, -0.52, 0.01, 0.55, 0.76, 1.29, 1.51], [1, 1, 1, 1, 1, 0, 0, 0])
    assert _stop_unseen(took, TN, P) == (took[3].t, took[4].t, took[4].t)
    # Clear again in the last frame: its own front is seen, the ordinary strike rules apply.
    seen = _track([-1.8, -1.16, -0.52, 0.01, 0.55, 0.76, 1.29, 1.3], [1, 1, 1, 1, 1, 0, 0, 1])
    assert _stop_unseen(seen, TN, P) is None
    # Its last clear frame short of the bell's centre: not on the bell by then.
    short = _track([-1.8, -1.16, -0.52, -0.2, 0.3, 0.76, 1.29], [1, 1, 1, 1, 0, 0, 0])
    assert _stop_unseen(short, TN, P) is None
    # Never seen coming before it: when it got there is not known.
    sudden = _track([0.55, 0.76, 1.29], [1, 0, 0])
    assert _stop_unseen(sudden, TN, P) is None


def test_a_hand_that_stalled_against_an_arm_could_have_reached_the_bell_at_its_pace() -> None:
    # Clear coming at 0.9 radii a frame, 4.4 short of the centre seven frames before the edge,
    # then stalled against another arm: at its pace it could have got there by the edge.
    stalled = _track([-5.3, -4.4, -4.0, -3.7, -3.6, -3.6, -3.6, -3.6], [1, 1, 0, 0, 0, 0, 0, 0], -7)
    assert _could_reach(stalled, 0.0, TN, P)
    # The same, clear only a frame before the edge: 0.9 a frame does not cover 4.4 in one.
    late = _track([-5.3, -4.4], [1, 1], start=-2)
    assert not _could_reach(late, 0.0, TN, P)
    # Lying still (no pace it came in at): no reach to carry it.
    still = _track([-3.6, -3.6, -3.6, -3.6], [1, 1, 0, 0], start=-4)
    assert not _could_reach(still, 0.0, TN, P)


def test_an_arm_that_came_in_and_lies_still_short_of_the_bell_before_the_edge_is_found() -> None:
    # Came in at about 0.5 a frame, then still 3.9 short of the centre from four frames before
    # the edge on (tuning stress ring 240/23: a bare arm of the table's colour, its hand on
    # the bell unseen, merged with the second hand's).
    still = _track([-5.4, -4.7, -4.2, -3.8, -3.9, -3.9, -3.9, -3.9, -3.9], [1] * 9, start=-7)
    assert _still_short(still, 0.0, TN, P)
    # Still only from a frame before the edge (a reach turning back at it): not found.
    turning = _track([-5.4, -4.9, -4.4, -3.9, -3.5, -3.2, -3.1, -3.1], [1] * 8, start=-6)
    assert not _still_short(turning, 0.0, TN, P)
    # Lying there from the first frame seen (a resting hand): it never came in.
    resting = _track([-3.9] * 9, [1] * 9, start=-7)
    assert not _still_short(resting, 0.0, TN, P)
    # Seen no later than the edge: nothing says it lay still at the ring.
    gone = _track([-5.4, -4.7, -4.2, -3.8, -3.9, -3.9, -3.9], [1] * 7, start=-7)
    assert not _still_short(gone, 0.0, TN, P)
    # Drawing back every frame, by 0.66 in all (tuning ring 293/101: a pull-back turning
    # slowly, its steps each under a stopped hand's): pulling back, not lying still.
    drawing = [-3.0, -2.4, -2.14, -2.22, -2.37, -2.54, -2.65, -2.8, -2.92, -3.05, -3.2]
    assert not _still_short(_track(drawing, [1] * 11, start=-8), 0.0, TN, P)
    # Drifting back as far with a step forward in it: a still front's jitter, found.
    jitter = [-5.4, -4.7, -4.2, -3.8, -3.9, -4.0, -3.95, -4.1, -4.2, -4.3]
    assert _still_short(_track(jitter, [1] * 10, start=-7), 0.0, TN, P)


def test_a_front_that_leaps_onto_the_bell_and_is_no_hands_colour_is_found() -> None:
    # Coming at 0.39 a frame, then 1.09 in one frame onto the bell, its front no longer a
    # hand's colour (tuning stress ring 237/39: the bare first hand of the table's colour
    # taken into the second hand's arm).
    depths = [-0.97, -0.59, -0.2, 0.89, 1.04]
    leapt = [_Seen(k * P, d, True, False, hand_seen=k != 3) for k, d in enumerate(depths)]
    assert _leapt_unlike_a_hand(leapt, 4 * P, TN, P)
    # The same leap with its front still a hand's colour: its own fingertips over the bell.
    own = [s._replace(hand_seen=True) for s in leapt]
    assert not _leapt_unlike_a_hand(own, 4 * P, TN, P)
    # A front a little quicker than the step before (1.5 times): no leap.
    quick = [
        s._replace(depth=d) for s, d in zip(leapt, [-0.97, -0.59, -0.2, 0.38, 0.6], strict=True)
    ]
    assert not _leapt_unlike_a_hand(quick, 4 * P, TN, P)
    # The leap after the strike looked at: not asked.
    assert not _leapt_unlike_a_hand(leapt, 2 * P, TN, P)
    # The frame before the leap cannot tell (no pixel of its front inside its edge): it may
    # have been a hand, and the leap is found; only a front shown to be no hand is not.
    untold = [s._replace(hand_seen=None) if k == 2 else s for k, s in enumerate(leapt)]
    assert _leapt_unlike_a_hand(untold, 4 * P, TN, P)
    sleeve = [s._replace(hand_seen=False) if k == 2 else s for k, s in enumerate(leapt)]
    assert not _leapt_unlike_a_hand(sleeve, 4 * P, TN, P)


def test_a_front_read_short_for_a_frame_then_on_at_its_pace_did_not_leap() -> None:
    # Tuning one-hand ring 371/76: coming 0.74 a frame, read short (0.18) as its fingers
    # crossed the bell's rim, then 0.65 on, its front no hand's colour over the dome for a
    # frame. At its pace over the two steps before, no leap; judged on its last step alone
    # (`leap_pace` 1), a leap, and nobody was named.
    depths = [-1.22, -0.48, -0.3, 0.35, 0.45]
    track = [
        _Seen(k * P, d, d > -1.0, False, hand_seen=k != 3, alone=True) for k, d in enumerate(depths)
    ]
    assert not _leapt_unlike_a_hand(track, 4 * P, TN, P)
    assert _leapt_unlike_a_hand(track, 4 * P, dataclasses.replace(TN, leap_pace=1), P)
    # Sharing its region with another arm as it steps on (tuning ring 372/403: a second hand's
    # front taking the first's pixels as they met), its last step is its pace: a leap.
    shared = [s._replace(alone=k < 3) for k, s in enumerate(track)]
    assert _leapt_unlike_a_hand(shared, 4 * P, TN, P)


def test_a_fast_hand_alone_in_its_region_does_not_jump() -> None:
    # Tuning ring 295/33: alone in its region, fingertips clear, read 1.31 radii on in a frame
    # (it came 1.04): no split made that depth, and a fast hand's front is read a little off.
    fast = [s._replace(alone=True) for s in _track([-2.6, -1.53, -0.22, 0.53], [1, 1, 1, 0])]
    assert _confused(fast, TN, P, 0.02) == math.inf
    # Sharing its region with another arm, the same step is a split gone wrong.
    split = [s._replace(alone=k < 2) for k, s in enumerate(fast)]
    assert _confused(split, TN, P, 0.02) == split[2].t
    # Alone, a step past `alone_advance` is still a jump.
    leap = [s._replace(alone=True) for s in _track([-2.6, -1.8, -0.2, 0.5], [1, 1, 1, 0])]
    assert _confused(leap, TN, P, 0.02) == leap[2].t


def test_a_front_alone_in_its_region_read_short_and_found_again_does_not_jump() -> None:
    # Tuning ring 345/196 (one hand): a dark hand of the table's hue, its front lost for a
    # frame in a shadow's ratios (read 1.68 radii back, off the bell), then seen 3.27 on:
    # 0.8 a frame from its deepest read two frames before. No split made those depths.
    lost = [
        s._replace(alone=True)
        for s in _track([-3.76, -2.5, -2.41, -4.09, -0.82, -0.23, 0.27], [0, 1, 0, 0, 1, 1, 1])
    ]
    assert _confused(lost, TN, P, 0.02) == math.inf
    # Judged from the read before alone (`alone_lost` 1), it jumps (``found_on_rim`` off: the
    # hand found on the bell's rim and coming on to a strike is no jump either).
    one = dataclasses.replace(TN, alone_lost=1, found_on_rim=False)
    assert _confused(lost, one, P, 0.02) == lost[4].t
    # Sharing its region with another arm in the frame it was lost, it jumps.
    split = [s._replace(alone=k != 3) for k, s in enumerate(lost)]
    assert _confused(split, TN, P, 0.02) == lost[4].t
    # Found again farther on than a hand goes in those frames: still a jump.
    far = [
        s._replace(depth=d)
        for s, d in zip(lost, [-3.76, -2.5, -2.41, -4.09, 0.2, 0.3, 0.4], strict=True)
    ]
    assert _confused(far, TN, P, 0.02) == far[4].t


def test_a_hand_that_lay_still_alone_on_the_bell_struck_whatever_a_later_split_reads() -> None:
    # Tuning rings 371/349 and 380/553: the first hand still at 1.02 radii, alone in its
    # region, fingertips clear, three frames running; then the second hand's arm joins its
    # region and its front is read 0.21 on: it had struck, no later advance undoes it.
    depths = [-0.48, -0.11, 0.36, 1.02, 1.02, 1.02, 1.23]
    track = [
        _Seen((k - 5) * P + 0.001, d, d > -1.0, True, hand_seen=True, alone=k < 6)
        for k, d in enumerate(depths)
    ]
    hit = _strike(track, TN, P)
    assert hit is not None and track[2].t <= hit[1] <= track[3].t, hit
    # `strike_still` off: still advancing in the last frame, it strikes after it.
    off = _strike(track, dataclasses.replace(TN, strike_still=0), P)
    assert off is not None and off[1] > track[-1].t, off
    # Still for one frame only before the other arm joins: the advance counts.
    short = [s._replace(alone=k < 5) for k, s in enumerate(track[:4] + track[5:])]
    assert _strike(short, TN, P)[1] > short[-1].t
    # Moving on while still alone: it had not stopped.
    on = [*track[:6], track[6]._replace(alone=True)]
    assert _strike(on, TN, P)[1] > on[-1].t


def test_a_front_drawing_back_every_frame_from_the_ring_is_leaving() -> None:
    # Tuning one-hand ring 396/72: a reach beside the ringer, its fingertips against the
    # ringer's arm, drew back 0.06, 0.18 and 0.16 radii a frame from the frame before the ring.
    depths = [-2.39, -2.23, -1.93, -1.85, -1.91, -2.09, -2.25]
    track = [
        _Seen((k - 3) * P - 0.005, d, False, False, hand_seen=True) for k, d in enumerate(depths)
    ]
    edge = track[3].t
    assert _draws_back(track, edge, TN, P)
    # Off (`drawn_back` 0): not asked; less drawn back in all than `drawn_back`: not leaving.
    assert not _draws_back(track, edge, dataclasses.replace(TN, drawn_back=0.5), P)
    # A front that stops for a frame, or steps on, is not leaving.
    paused = [s._replace(depth=d) for s, d in zip(track, [*depths[:5], -1.91, -2.25], strict=True)]
    assert not _draws_back(paused, edge, TN, P)
    # A frame missing: not seen drawing back every frame.
    assert not _draws_back([*track[:5], *track[6:]], edge, TN, P)


def test_a_front_read_on_against_another_arm_between_two_clear_reads_did_not_go_on() -> None:
    # Tuning apart ring 376/37: the first hand still at 1.26 radii, fingertips clear; as the
    # second hand's arm met it, its front was read 1.44 for a frame, then 1.26 again, clear.
    depths = [0.3, 0.67, 1.26, 1.24, 1.44, 1.26]
    clear = [1, 1, 1, 1, 0, 1]
    track = _track(depths, clear)
    hit = _strike(track, TN, P)
    assert hit is not None and hit[2] == track[2].t, hit
    assert [s.depth for s in _not_lent(track[3:], 1.26, TN)] == [1.24, 1.26]
    # Every read counted (`lent_reads` off): its stop is the read after the lent one.
    off = _strike(track, dataclasses.replace(TN, lent_reads=False), P)
    assert off is not None and off[2] == track[4].t, off
    # No clear read where it stopped after it: the hand may have gone on under the other arm.
    on = _track(depths[:5], clear[:5])
    assert _not_lent(on[3:], 1.26, TN) == on[3:]
    assert _strike(on, TN, P)[2] >= on[4].t


def test_with_no_strike_seen_a_hand_held_back_then_on_is_judged_at_its_clear_pace() -> None:
    # Tuning apart ring 388/141, the second hand: clear steps 0.45, 0.49, 0.41, 0.41, 0.31 as
    # it slowed to meet the first hand's arm; held back against it, it crept on, then 0.30
    # and 0.57 after the ring. Against the largest of its last three clear steps (0.41) that
    # is a hand's pace, still coming; against its last (0.31) a leap.
    depths = [-2.92, -2.47, -1.98, -1.57, -1.16, -0.85, -0.34, -0.15, 0.09, 0.2, 0.5, 1.07]
    track = _track(depths, [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], start=-9)
    assert _comes_on_late(track, 0.0, TN, P, no_leap=True)
    last = dataclasses.replace(TN, clear_pace_steps=1)
    assert not _comes_on_late(track, 0.0, last, P, no_leap=True)
    # A step past 1.5 times every clear step before: still a leap.
    leap = [s._replace(depth=1.2) if k == 11 else s for k, s in enumerate(track)]
    assert not _comes_on_late(leap, 0.0, TN, P, no_leap=True)


def test_a_fast_hand_alone_into_a_front_touching_foreground_no_arm_holds_does_not_jump() -> None:
    # Tuning apart ring 428/49, the first hand alone in its region: 0.71 and 0.62 radii a
    # frame, clear, then 1.38 into a frame whose front touches foreground no arm holds, then
    # 0.69 on, clear. No split made those depths: no jump.
    fast = [
        s._replace(alone=True)
        for s in _track([-3.1, -2.39, -1.77, -0.39, 0.3, 0.65], [1, 1, 1, 0, 1, 1], start=-5)
    ]
    assert _confused(fast, TN, P, 0.02) == math.inf
    off = dataclasses.replace(TN, alone_into_unclear=False)
    assert _confused(fast, off, P, 0.02) == fast[3].t
    # Sharing its region with another arm in that frame: a split gone wrong.
    split = [s._replace(alone=k != 3) for k, s in enumerate(fast)]
    assert _confused(split, TN, P, 0.02) == fast[3].t
    # From a frame whose front touched such foreground too: judged at `max_advance`.
    unclear = [s._replace(clear=k not in (2, 3)) for k, s in enumerate(fast)]
    assert _confused(unclear, TN, P, 0.02) == fast[3].t


def test_a_hand_coming_on_from_the_first_hands_stop_through_the_ring_had_not_stopped() -> None:
    # Tuning ring 429/237: the first hand's fingertips stopped under the second hand's three
    # frames before the ring; the second came on 0.19, 0.28, 0.29, 0.28, then 0.19 after the
    # first frame past the ring: at a hand's pace every step, so it had not stopped (struck).
    paced = _track([-0.66, -0.47, -0.28, 0.0, 0.29, 0.57, 0.76, 0.86], [1] + [0] * 7, start=-4)
    assert not _comes_on(paced, 0.5 * P, TN, P, no_leap=True)  # 0.19, 0.1 from the ring
    assert _came_on_through(paced, -3 * P, P, TN, P)
    # Still in one step before the ring: it may have struck there.
    paused = _track([-0.66, -0.47, -0.28, -0.2, 0.29, 0.57, 0.76, 0.86], [1] + [0] * 7, -4)
    assert not _came_on_through(paused, -3 * P, P, TN, P)
    # Stopped after the first frame past the ring: it may have struck at the ring.
    stopped = _track([-0.66, -0.47, -0.28, 0.0, 0.29, 0.57, 0.62, 0.62], [1] + [0] * 7, -4)
    assert not _came_on_through(stopped, -3 * P, P, TN, P)
    # A leap on the way (another hand's pixels taken): no proof.
    leap = _track([-0.66, -0.47, -0.28, 0.0, 0.6, 0.8, 1.0, 1.1], [1] + [0] * 7, start=-4)
    assert not _came_on_through(leap, -3 * P, P, TN, P)


def test_a_front_alone_lost_for_a_frame_on_the_bell_did_not_draw_back() -> None:
    # Tuning one-hand ring 451/40: a dark hand on a red-brown table, alone in its region, its
    # front 0.44 radii short of the bell's centre, lost for a frame (read 2.19 short), then
    # 0.62 past it. No split made those reads: it did not draw back on the bell.
    lost = [
        s._replace(alone=True)
        for s in _track([-1.03, -0.44, -2.19, 0.62, 0.91, 0.91], [0, 1, 0, 1, 1, 0], start=-4)
    ]
    assert _confused(lost, TN, P, 0.02) == math.inf
    assert _confused(lost, dataclasses.replace(TN, lost_back=False), P, 0.02) == lost[2].t
    # Sharing its region with another arm in the frame it was lost: a split gone wrong.
    split = [s._replace(alone=k != 2) for k, s in enumerate(lost)]
    assert _confused(split, TN, P, 0.02) == lost[2].t
    # Not found again where it was the frame after: it drew back.
    back = [s._replace(depth=-1.0 if k == 3 else s.depth) for k, s in enumerate(lost)]
    assert _confused(back, TN, P, 0.02) == lost[2].t

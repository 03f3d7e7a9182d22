"""Reading one hand's track around a ring: when it struck, and what shows it came later.

A track is what one seat's arm did frame by frame around the edge (``_Seen``: its deepest
fingertips in bell radii past the bell's centre, whether on the bell, whether its fingertips
end against the table). ``hands.HandTracker.first_hand`` builds the tracks from its frames
and asks these questions of them; each answers from the picture alone, and a "no" only means
the picture does not say.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, NamedTuple

import cv2
import numpy as np

if TYPE_CHECKING:
    from halli_pi.vision.hands import Arm, HandFrame, HandTuning


def _strike(track: list[_Seen], tn: HandTuning, period: float) -> tuple[float, float, float] | None:
    """When one arm struck the bell: (earliest, estimate, latest), or None if it did not.

    A hand that strikes stops: the first frame on the bell after which its fingertips never
    advance further. The strike lies between that frame and the one before; the estimate
    extends the approach's speed to the depth it stopped at. A hand still advancing in the
    last frame strikes after it, unless the bell halted it there (``_slowed_to_stop``); one
    already still on the bell in the first frame struck before the frames began (earliest
    -inf)."""
    for k, (tk, dk, on, *_) in enumerate(track):
        if not on or dk < tn.strike_depth:
            continue
        later = _own_frames(track[k + 1 :], dk, tn, period)
        if tn.lent_reads:
            later = _not_lent(later, dk, tn)
        if not later and not _slowed_to_stop(track, k, tn, period):
            return (track[k - 1][0] if k else -math.inf), tk + period, tk + period
        if max((seen.depth for seen in later), default=dk) - dk > tn.stop_depth:
            continue  # it goes on towards the bell (a pause of a frame is not a strike)
        if k == 0 or track[k - 1][0] < tk - 1.5 * period:
            return -math.inf, tk, tk  # still on the bell since we first saw it
        t0, d0 = track[k - 1].t, track[k - 1].depth
        v = (d0 - track[k - 2][1]) / (t0 - track[k - 2][0]) if k >= 2 else 0.0
        at = tk if v <= 1e-6 else min(tk, t0 + (dk - d0) / v)
        return t0, max(at, t0), tk
    return None


def _slowed_to_stop(track: list[_Seen], k: int, tn: HandTuning, period: float) -> bool:
    """Whether the front of frame `k` was reached by a step no longer than `slowed_step` and
    no more than `slowed_share` of the step before, three frames a frame apart, fingertips
    clear in the last two: a hand halted mid-step (by the bell), not one still coming."""
    if tn.slowed_step <= 0 or k < 2:
        return False
    a, b, c = track[k - 2], track[k - 1], track[k]
    if c.t - a.t > 2.5 * period or not (b.clear and c.clear):
        return False
    step, before = c.depth - b.depth, b.depth - a.depth
    return step <= tn.slowed_step and step <= tn.slowed_share * before


def _own_frames(later: list[_Seen], depth: float, tn: HandTuning, period: float) -> list[_Seen]:
    """Of the frames after one at `depth`, those whose front is the arm's own to judge its
    stop by: all of them, or, once it lay still there (within `stop_depth`) alone in its
    region with its fingertips clear for `strike_still` frames running, only those before
    another arm joins its region: a hand that lay still on the bell has stopped, and a front
    that moves on only as another arm meets it is what the split between the two makes of
    it."""
    n = tn.strike_still
    if n < 1 or len(later) < n:
        return later
    for k, seen in enumerate(later):
        if k >= n and not seen.alone:
            return later[:k]
        if not seen.alone or not seen.clear or abs(seen.depth - depth) > tn.stop_depth:
            return later
        if seen.t - (later[k - 1].t if k else seen.t - period) > 1.5 * period:
            return later
    return later


def _crept_stop(
    track: list[_Seen], hit: tuple[float, float, float], tn: HandTuning, period: float
) -> tuple[float, float, float] | None:
    """The stop of a hand that crept on past the stop ``_strike`` read (`hit`, in the frame
    at its latest): its front, alone in its region and clear against the table in every frame
    from there to its last, a frame apart, never read back by more than `creep_back`, lies at
    its deepest, by more than `creep_back` past that stop's, from a frame before its last on. A
    hand easing onto the bell closes its last work pixel or two in steps under `stop_depth`;
    alone and clear, no split made those reads, and it struck where the creep ended: (the
    frame before that one, that one, that one). None if it did not creep so."""
    k = next((k for k, seen in enumerate(track) if seen.t == hit[2]), None)
    if k is None or k == len(track) - 1:
        return None
    after = track[k:]
    if not all(seen.alone and seen.clear for seen in after):
        return None
    for a, b in itertools.pairwise(after):
        if b.t - a.t > 1.5 * period or b.depth < a.depth - tn.creep_back:
            return None
    deepest = max(seen.depth for seen in after)
    if deepest - after[0].depth <= tn.creep_back:
        return None
    j = next(j for j, seen in enumerate(after) if seen.depth >= deepest - tn.creep_back)
    if j == len(after) - 1 or any(seen.depth < deepest - tn.creep_back for seen in after[j:]):
        return None  # still coming in its last frame, or read back from its deepest
    return after[j - 1].t, after[j].t, after[j].t


def _not_lent(later: list[_Seen], depth: float, tn: HandTuning) -> list[_Seen]:
    """Of the frames after one at `depth`, all but those whose front, against another arm,
    lies farther on than a clear read after it (within `stop_depth` of `depth`): seen with
    its fingertips against the table where it stopped, before and after, the hand did not go
    on between; that front is the other arm's pixels the split lent it for a frame."""
    out = []
    for k, seen in enumerate(later):
        back = any(
            s.clear and s.depth - depth <= tn.stop_depth and s.depth < seen.depth
            for s in later[k + 1 :]
        )
        if seen.clear or not back:
            out.append(seen)
    return out


def _stop_unseen(
    track: list[_Seen], tn: HandTuning, period: float
) -> tuple[float, float, float] | None:
    """An arm whose stop the picture does not show: seen coming (a frame before), then on the
    bell past `strike_depth` with its fingertips clear, and in every later frame against
    another arm while its front goes on (``_strike`` finds no stop). Past that frame its front
    may be the other hand's pixels the split gave it, or its fingertips going on under that
    hand: when it struck is not seen, only that it was on the bell by then. Returns (the frame
    before, that frame, that frame), or None."""
    clear = [k for k, seen in enumerate(track) if seen.clear]
    if not clear:
        return None
    k = clear[-1]
    seen = track[k]
    if k == 0 or k == len(track) - 1 or not seen.on or seen.depth < tn.strike_depth:
        return None
    if seen.t - track[k - 1].t > 1.5 * period:
        return None
    return track[k - 1].t, seen.t, seen.t


def _under_at_edge(track: list[_Seen], edge: tuple[float, float], tn: HandTuning) -> float | None:
    """When this arm's fingertips went under another arm over the bell's dome, if they did
    before the edge (`edge`: the frames just before and after it) and stayed under to the last
    frame: from a frame on, every frame shows them against another arm, at least `under_depth`
    past the bell's centre (over its dome, however little of the hand still shows), and from a
    frame before the edge on they advance no further (by more than `stop_depth`); the frame
    before they went under showed them coming at a hand's pace. Returns when they stopped, or
    None."""
    k = len(track)
    while k > 0 and not track[k - 1].clear and track[k - 1].depth >= tn.under_depth:
        k -= 1
    if k == 0 or k == len(track) or track[k].t > edge[0] or track[-1].t < edge[1]:
        return None  # never seen before it went under, or not under at the edge
    if track[k].depth - track[k - 1].depth > tn.max_advance:
        return None  # it jumped there: the split between the arms, not the hand
    for j in range(k, len(track)):
        if track[j].t > edge[0]:
            return None  # still coming under the other at the edge: its strike may be later
        if max(s.depth for s in track[j:]) - track[j].depth <= tn.stop_depth:
            return track[j].t
    return None


class _Seen(NamedTuple):
    """One seat's arm in one frame."""

    t: float
    depth: float  # its deepest fingertips, bell radii past the bell's centre
    on: bool  # on the bell
    clear: bool  # its fingertips end against the table (the depth is what the hand reaches)
    linked: bool = False  # a hand the colour of the table, seen over the bell (``hidden_hand``)
    # Its front is a hand the picture shows (``Arm.hand_seen``; None: the picture cannot tell).
    hand_seen: bool | None = False
    alone: bool = False  # no other arm in its region: no split between arms made its depth
    cut_off: bool = False  # its hand cut off from its bare arm over the bell (``Arm.cut_off``)


def _short_at(track: list[_Seen], since: float, tn: HandTuning) -> bool:
    """Whether a frame at or after `since` shows this arm clearly short of striking: fingertips
    ending against the table, not yet past `clear_depth`, and (with `short_unlike_a_hand`) not
    a front that is no hand's colour, a sleeve's end, nor one its front drew back into
    (``_drew_back_into``). Its strike, if any, came later."""
    for k, seen in enumerate(track):
        if seen.t < since:
            continue
        if seen.depth >= tn.clear_depth:
            return False
        if _drew_back_into(track, k, tn):
            continue
        if seen.clear and not (tn.short_unlike_a_hand and seen.hand_seen is False):
            return True
    return False


def _drew_back_into(track: list[_Seen], k: int, tn: HandTuning) -> bool:
    """Whether this arm's front in frame `k` lies farther back than in its read before by
    more than a hand moves in a frame (`max_advance`; with `short_not_drawn_back`): the arm
    lost its front there (a bare arm of the table's colour stops standing out short of its
    hand), it shows no hand short of the bell. A hand pulling back is read back by less. A
    front lying still since such a read (within `stop_depth`; with `lost_stays_lost`) is
    still lost: the reads before it where it lies now are passed over."""
    if not tn.short_not_drawn_back:
        return False
    j = k
    while (
        tn.lost_stays_lost and j > 0 and abs(track[j - 1].depth - track[k].depth) <= tn.stop_depth
    ):
        j -= 1
    return j > 0 and track[j - 1].depth - track[j].depth > tn.max_advance


def _touched_by_unknown(frames: list[HandFrame], seat: int, since: float) -> bool:
    """Whether, from `since` on, an arm whose side is between two seats' was in one region
    with the first hand's: it may be another player's arm merged with it at the border, its
    hand under the first one."""
    for f in frames:
        if f.t < since:
            continue
        mine = {a.region for a in f.arms if a.seat == seat}
        if any(a.seat is None and a.region in mine for a in f.arms):
            return True
    return False


def _took_unexplained_onto(
    frames: list[HandFrame], seat: int, track: list[_Seen], tn: HandTuning, period: float
) -> bool:
    """Whether, in one of `frames`, the arm of `seat` (its track `track`) took in foreground
    on the bell that no arm explained the frame before (``Arm.took_unexplained``), its front
    then past the bell's centre (`clear_depth`): a hand whose arm the picture does not show (a
    bare arm of the table's colour) may have merged into it there, and what seems its strike
    may be that hand's. A front still short of the centre took in no ringing hand; nor did
    one that takes back its own hand, lost for a frame (``_took_back_own``)."""
    untraced = {f.t: f.untraced for f in frames}
    return any(
        a.seat == seat
        and a.took_unexplained
        and a.depth >= tn.clear_depth
        and not (tn.lost_back and _took_back_own(track, f.t, untraced, tn, period))
        and not (tn.cut_off_own_short > 0 and _cut_off_own_hand(frames, j, a, tn))
        for j, f in enumerate(frames)
        for a in f.arms
    )


def _cut_off_own_hand(frames: list[HandFrame], j: int, a: Arm, tn: HandTuning) -> bool:
    """Whether arm read `a` of frame `j`, taking in foreground on the bell no arm explained
    in the frame before, is its own bare arm's hand held a frame late: a piece on the bell
    cut off from that arm (``Arm.cut_off``), the arm itself seen in that frame only as a
    patch at least `cut_off_own_short` bell radii short of the centre, its front no hand the
    picture shows, and no other seat's arm in the bell zone in that frame or the one before
    (``HandTuning.cut_off_own_short``)."""
    if not a.cut_off or j < 1:
        return False
    mine = [b for b in frames[j].arms if b.seat == a.seat and b is not a]
    if not mine or any(b.cut_off or b.linked or b.zone_px > 0 or b.hand_seen is True for b in mine):
        return False
    if max(b.depth for b in mine) > -tn.cut_off_own_short:
        return False
    return not any(
        b.seat != a.seat and b.zone_px > 0 for f in frames[j - 1 : j + 1] for b in f.arms
    )


def _own_hand_short(frames: list[HandFrame], seat: int, since: float, tn: HandTuning) -> bool:
    """Whether, in a frame from `since` on, the arm of `seat` lies in two regions: its
    deepest piece on the bell (`min_zone_px`) past its centre (`clear_depth`) and no hand's
    colour, and another whose front is a hand the picture shows, clear against the table,
    short of that centre (``HandTuning.own_hand_short``). An arm has one hand, and this
    one's is seen off the bell: what struck is another hand whose arm the picture does not
    show. A piece off the bell struck nothing (a ghost the arm left lying across the table)."""
    for f in frames:
        mine = [a for a in f.arms if a.seat == seat]
        on_bell = [a for a in mine if a.zone_px >= tn.min_zone_px]
        if f.t < since or len(mine) < 2 or not on_bell:
            continue
        deepest = max(on_bell, key=lambda a: a.depth)
        if deepest.hand_seen is not False or deepest.depth < tn.clear_depth:
            continue
        if any(
            a.region != deepest.region
            and a.hand_seen is True
            and a.tip_clear
            and a.depth < tn.clear_depth
            for a in mine
        ):
            return True
    return False


def _merged_unlike_its_hand(
    frames: list[HandFrame],
    seat: int,
    track: list[_Seen],
    stop: float,
    tn: HandTuning,
    period: float,
) -> bool:
    """Whether the arm of `seat` (its track `track`, its stop seen at `stop`) may hold on the
    bell a hand whose arm the picture does not show, merged into its region: before its
    stop it took in foreground on the bell no arm explained (``Arm.took_unexplained``) with
    its front no hand's colour, short of the bell's centre by no more than
    `merged_near_centre` (such a hand lies across its line, read short along it;
    ``HandTuning.merged_near_centre``), its front a hand the picture shows a frame before and
    a frame after (``_a_hand_either_side``); or its front was a hand the picture shows in
    the frame before it came onto the bell (a frame before the next, no read of it from
    there a hand linked to its sleeve) and is no hand's colour in every frame from its stop
    on (``HandTuning.front_not_its_hand``), a hand in every read before it came onto the
    bell (a bare arm of the table's colour is read a hand now and then by chance)."""
    if tn.merged_near_centre < 0.0 and any(
        a.seat == seat
        and a.took_unexplained
        and a.hand_seen is False
        and tn.merged_near_centre <= a.depth < tn.clear_depth
        and _a_hand_either_side(track, f.t, period)
        for f in frames
        if f.t <= stop
        for a in f.arms
    ):
        return True
    if not tn.front_not_its_hand:
        return False
    k = max((k for k, seen in enumerate(track) if seen.t < stop and not seen.on), default=None)
    since = [seen for seen in track if seen.t >= stop]
    if k is None or k + 1 >= len(track) or not since:
        return False
    # The frame just before it came onto the bell, a frame before the next; none of its
    # reads from there a hand seen over the bell joined to its sleeve (``Arm.linked``: no
    # hand's colour by its making).
    if track[k + 1].t - track[k].t > 1.5 * period or any(s.linked for s in track[k:]):
        return False
    came = [seen for seen in track[: k + 1] if not seen.on]
    return (
        len(came) >= 2
        and all(seen.hand_seen is True for seen in came)
        and all(seen.hand_seen is False for seen in since)
    )


def _a_hand_either_side(track: list[_Seen], t: float, period: float) -> bool:
    """Whether this arm's front was a hand the picture shows (``_Seen.hand_seen``) in its
    reads a frame before and a frame after `t`: it showed its own hand there, so what it took
    in at `t`, no hand's colour, is not its hand (a bare arm of the table's colour takes its
    own hand in so, no hand's colour before and after)."""
    j = next((j for j, seen in enumerate(track) if seen.t == t), None)
    if j is None or j == 0 or j + 1 >= len(track):
        return False
    a, b = track[j - 1], track[j + 1]
    if t - a.t > 1.5 * period or b.t - t > 1.5 * period:
        return False
    return a.hand_seen is True and b.hand_seen is True


def _took_back_own(
    track: list[_Seen], t: float, untraced: dict[float, float], tn: HandTuning, period: float
) -> bool:
    """Whether this arm, taking in foreground no arm explained in its frame at `t`, took back
    its own hand: its front a hand the picture shows in the frame two before and at `t`, it
    was lost in the frame between (``_lost_for_a_frame``), just as foreground no arm explains
    appeared on the bell, and at `t` none is left: its own hand, cut off from it for a frame
    (a hand of the table's hue)."""
    j = next((j for j, seen in enumerate(track) if seen.t == t), 0)
    if j < 2 or not (track[j - 2].hand_seen and track[j].hand_seen):
        return False
    if untraced.get(track[j - 1].t, 0.0) == 0.0 or untraced.get(t, 1.0) > 0.0:
        return False
    return _lost_for_a_frame(track, j - 1, tn, period)


def _holds_another_hand(
    frames: list[HandFrame],
    seat: int,
    until: float,
    tn: HandTuning,
    bell: tuple[np.ndarray, float],
    later: set[int | None],
) -> bool:
    """Whether, in one of `frames` up to `until` (the first frame after the edge), the arm
    of `seat`, alone in its region, reaches across its line near the bell farther than a hand
    does (``Arm.across`` past `across_hand`): its region holds another hand whose arm the
    picture does not show (a bare arm of the table's colour), and what seems its strike may
    be that hand's, which may have come first. A hand on the bell at the ring shows there in
    the first frame after it; one that spreads across the arm only later came after it. Nor
    one whose reach across lies on the way another arm seen in that frame comes, of a seat
    in `later` (shown to have come later, ``_on_the_way_of``): that arm's own hand joined
    the region. `bell`: the bell's centre and radius (image pixels)."""
    return any(
        a.seat == seat
        and a.across > tn.across_hand
        and not (tn.across_on_the_way and _on_the_way_of(a, f, later - {seat}, bell, tn))
        and not (tn.own_arm_across and _own_arm_reach(a, tn))
        for f in frames
        if f.t <= until
        for a in f.arms
    )


def _own_arm_reach(arm: Arm, tn: HandTuning) -> bool:
    """Whether `arm`'s reach across the bell (``Arm.across``) is its own hand's
    (``HandTuning.own_arm_across``): no farther than `own_arm_reach`, and no more than
    `own_arm_gain` past its forearm's own reach across (``Arm.forearm_across``), which lies
    no farther across than it."""
    forearm = arm.forearm_across
    return (
        0.0 < forearm <= arm.across <= tn.own_arm_reach and arm.across - forearm <= tn.own_arm_gain
    )


def _on_the_way_of(
    arm: Arm,
    frame: HandFrame,
    seats: set[int | None],
    bell: tuple[np.ndarray, float],
    tn: HandTuning,
) -> bool:
    """Whether all of `arm`'s outline within `across_near` bell radii of the bell's centre
    that lies farther than `across_hand` across its line lies within `across_hand` of the
    line from where another arm of `frame`, of one of `seats`, enters to the bell's centre,
    that arm's fingertips not clear (its front ends against other foreground, where its
    hand may go on unseen; one clear against the table shows where its hand is), and along
    that line no more than `on_the_way_reach` bell radii past its fingertips (its line runs
    on past where its hand can be): what reaches so far across this arm is on that arm's
    way to the bell, its hand."""
    centre, radius = bell
    near = tn.across_near * radius
    x0, y0 = np.floor(centre - near).astype(int)
    size = int(np.ceil(2 * near)) + 1
    inside = np.zeros((size, size), np.uint8)
    cv2.fillConvexPoly(inside, (arm.outline - (x0, y0)).astype(np.int32), 1)
    ys, xs = np.nonzero(inside)
    pts = np.stack([xs + x0, ys + y0], 1).astype(np.float64)
    pts = pts[np.hypot(*(pts - centre).T) <= near]
    far = pts[_across_line(pts, np.asarray(arm.entry), centre) > tn.across_hand * radius]
    if not len(far):
        return False
    return any(
        other.seat in seats
        and not other.tip_clear
        and float(_across_line(far, np.asarray(other.entry), centre).max())
        <= tn.across_hand * radius
        and float(_along_line(far, np.asarray(other.entry), centre).max())
        <= (other.depth + tn.on_the_way_reach) * radius
        for other in frame.arms
    )


def _across_line(pts: np.ndarray, entry: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """How far each of `pts` lies across the line from `entry` to `centre` (image pixels)."""
    u = (centre - entry) / (np.linalg.norm(centre - entry) + 1e-9)
    rel = pts - entry
    return np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])


def _along_line(pts: np.ndarray, entry: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """How far each of `pts` lies along the line from `entry` to `centre`, past `centre`
    (image pixels; negative: short of it), as an arm's depth is measured."""
    d = centre - entry
    dist = float(np.linalg.norm(d))
    return (pts - entry) @ (d / (dist + 1e-9)) - dist


def _met_behind(
    frames: list[HandFrame],
    tracks: dict[int | None, list[_Seen]],
    first: int,
    other: int | None,
    edge: tuple[float, float],
    tn: HandTuning,
) -> bool:
    """Whether the arm of `other` met the first hand's arm on the bell zone, behind its
    fingertips, after that hand lay alone there: it came onto the zone, or into the first
    hand's region, only after the first hand had lain on the zone for `alone_on_before`
    frames running (the one arm there, alone in its region, nothing on the bell that no arm
    explains); it met the first hand's arm on the zone, not off it (where it may have gone
    on under that arm unseen); and from then to the first frame after the edge (`edge`: the
    frames just before and after it) the first hand's fingertips end against the table in
    every frame. A hand that went on under the first hand's to the bell lies under its
    fingertips."""
    n = tn.alone_on_before
    if n < 1 or other not in tracks:
        return False
    mine = {seen.t: seen for seen in tracks[first]}
    theirs = {seen.t for seen in tracks[other] if seen.on}
    met = next(
        (k for k, f in enumerate(frames) if f.t in theirs or (f.t in mine and not mine[f.t].alone)),
        None,
    )
    if met is None or met < n or frames[met - 1].t > edge[0] or frames[met].t not in theirs:
        return False
    on = {seen.t for seat, track in tracks.items() if seat != first for seen in track if seen.on}
    alone_on = all(
        f.t in mine and mine[f.t].on and mine[f.t].alone and f.t not in on and f.untraced == 0.0
        for f in frames[met - n : met]
    )
    clear = all(f.t in mine and mine[f.t].clear for f in frames[met:] if f.t <= edge[1])
    return alone_on and clear


def _moves_over(
    frames: list[HandFrame],
    seat: int | None,
    under: int | None,
    since: float,
    *,
    moving: bool = False,
) -> bool:
    """Whether, in a frame from `since` on, an arm of `seat` is seen moving over a still arm
    of seat `under` (any other seat's, if None). `moving`: only in a frame in which its own
    fingertips moved."""
    for f in frames:
        if f.t < since:
            continue
        entries = {a.entry: a.seat for a in f.arms}
        for a in f.arms:
            if a.seat != seat or a.over is None or a.over not in entries:
                continue
            if moving and not a.moving:
                continue
            below = entries[a.over]
            if below != seat and (under is None or below == under):
                return True
    return False


def _over_head_on_since(
    frames: list[HandFrame], seat: int | None, under: int, since: float
) -> bool:
    """Whether, in a frame from `since` on, an arm of `seat` is seen over the still hand of
    seat `under` met head on (``Arm.head_on``, ``HandTracker._over_head_on``)."""
    for f in frames:
        if f.t < since:
            continue
        entries = {a.entry: a.seat for a in f.arms}
        for a in f.arms:
            if a.seat == seat and a.head_on is not None and entries.get(a.head_on) == under:
                return True
    return False


def _out_of_reach(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """Whether a frame just before the edge at `t` (within `reach_frames` frames) shows this
    arm with its fingertips clear against the table, so far short of the bell's centre that,
    at `reach_speedup` times the speed it came in at (a hand slows as it nears the bell, it
    does not speed up), it could not have reached it by `t`. Only a front that is a hand the
    picture shows (``_Seen.hand_seen``) is where its fingertips are: a sleeve whose hand is the
    table's colour ends a hand's length short of them."""
    clear = [
        seen
        for seen in track
        if seen.clear and seen.hand_seen and t - tn.reach_frames * period <= seen.t <= t
    ]
    if not clear:
        return False
    last = clear[-1]
    speed = tn.max_advance  # with no frame before it, the fastest a hand moves
    prior = [seen for seen in track if last.t - 1.5 * period <= seen.t < last.t and seen.clear]
    if prior:
        came = (last.depth - prior[-1].depth) / (last.t - prior[-1].t) * period
        speed = max(came * tn.reach_speedup, tn.stop_depth)
    return last.depth + speed * (t - last.t) / period < tn.clear_depth - tn.reach_margin


def _could_reach(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm, from its last frame up to `t` with its fingertips clear against the
    table, at `reach_speedup` times the speed it came in at there, could have got past the
    bell's centre by `t` (the converse of ``_out_of_reach``, over any number of frames)."""
    clear = [k for k, seen in enumerate(track) if seen.clear and seen.t <= t]
    if not clear or clear[-1] == 0:
        return False
    a, b = track[clear[-1] - 1], track[clear[-1]]
    if not a.clear or b.t - a.t > 1.5 * period:
        return False
    came = (b.depth - a.depth) / (b.t - a.t) * period
    if came <= tn.stop_depth:
        return False
    return b.depth + came * tn.reach_speedup * (t - b.t) / period >= tn.clear_depth


def _steady_short(track: list[_Seen], since: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm, last seen clear coming in at a steady speed, kept coming at about
    that speed, frame by frame, and was still short of the bell's centre in a frame at or after
    `since`. Its fingertips touch another arm by then, but they are no hidden ones: fingertips
    going on under a hand that lies still on the bell would stop at its edge, not keep their
    pace. Its strike, if any, came later."""
    seen = _paced(track, since, tn, period)
    return seen is not None and seen.depth < tn.clear_depth


def _paced_out_of_reach(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm, in its last frame before the edge at `t`, its fingertips against
    another arm, was seen keeping the pace it came in at (``_paced``: no hidden fingertips),
    so far short of the bell's centre that at `reach_speedup` times its last step it could
    not have reached it by `t` (``_out_of_reach``, the pace standing in for clear fingertips)."""
    k = sum(1 for seen in track if seen.t <= t) - 1
    if k < 1 or t - track[k].t > 1.5 * period:
        return False
    seen = _paced(track, track[k].t, tn, period)
    if seen is None or seen.t != track[k].t:
        return False
    came = (seen.depth - track[k - 1].depth) / (seen.t - track[k - 1].t) * period
    speed = max(came * tn.reach_speedup, tn.stop_depth)
    return seen.depth + speed * (t - seen.t) / period < tn.clear_depth - tn.reach_margin


def _still_short(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm came in (its front advanced more than `came_in` bell radii) and then
    lay still, short of the bell's centre, from a frame at least `still_before` frames before
    the edge at `t` to its last frame, after the edge. A hand reaching for the bell does not
    stop dead short of it while another rings; a front that does may be only where the arm
    stops standing out: a bare arm the colour of the table goes on to the bell unseen, and
    its hand, merged there with another's, looks like that one's. Or it is a hand hovering
    there: the picture does not say which. Not a front that drew back every frame of that
    stretch, by more than `still_drift` in all: that arm is pulling back, not lying still (a
    hand on the bell at the ring stays there; the ring is its first touch)."""
    if not track or track[-1].t <= t or track[-1].depth >= tn.clear_depth:
        return False
    k = _still_from(track, tn, period)
    if track[k].t > t - tn.still_before * period:
        return False
    stretch = track[k:]
    if track[k].depth - track[-1].depth > tn.still_drift and all(
        b.depth <= a.depth for a, b in itertools.pairwise(stretch)
    ):
        return False
    if tn.drift_from_deepest and _drawn_back_from_deepest(stretch, tn, period):
        return False
    return track[k].depth - min(seen.depth for seen in track[: k + 1]) > tn.came_in


def _still_from(track: list[_Seen], tn: HandTuning, period: float) -> int:
    """The index of the read the stretch of `track` that ends it lying still starts at: each
    read after it a frame after the one before and within `stop_depth` of it."""
    k = len(track) - 1
    while (
        k > 0
        and track[k].t - track[k - 1].t <= 1.5 * period
        and abs(track[k].depth - track[k - 1].depth) <= tn.stop_depth
    ):
        k -= 1
    return k


def _drawn_back_from_deepest(stretch: list[_Seen], tn: HandTuning, period: float) -> bool:
    """Whether the front of `stretch` (the frames an arm short of the bell lay still in, each
    step under `stop_depth`) drew back in every frame from its deepest read to its last, a
    frame apart, by more than `still_drift` in all, a hand the picture shows with its
    fingertips clear against the table in each (``HandTuning.drift_from_deepest``): a hand
    turning back slowly, its own fingertips seen leaving, not a front lying where an arm of
    the table's colour stops standing out."""
    deepest = max(range(len(stretch)), key=lambda j: stretch[j].depth)
    tail = stretch[deepest:]
    if len(tail) < 3 or tail[0].depth - tail[-1].depth <= tn.still_drift:
        return False
    if not all(seen.clear and seen.hand_seen is True for seen in tail):
        return False
    return all(b.t - a.t <= 1.5 * period and b.depth < a.depth for a, b in itertools.pairwise(tail))


def _lost_short(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm came on to within `lost_near` bell radii of the bell's centre (more
    than `came_in` on from its first read), then its front drew back in one frame farther
    than `lost_drop` and lay still (each read within `stop_depth` of the one before, a frame
    apart) from a frame before the edge at `t` to its last, after the edge, short of the
    bell's centre: its front was lost from view, not pulled back, and its hand may have gone
    on to the bell unseen (``HandTuning.lost_drop``)."""
    if tn.lost_drop <= 0.0 or not track or track[-1].t <= t:
        return False
    if track[-1].depth >= tn.clear_depth:
        return False
    k = _still_from(track, tn, period)
    if k == 0 or track[k].t > t or track[k].t - track[k - 1].t > 1.5 * period:
        return False
    came = track[:k]
    deepest = max(seen.depth for seen in came)
    return (
        track[k - 1].depth - track[k].depth > tn.lost_drop
        and deepest >= tn.lost_near
        and deepest - came[0].depth > tn.came_in
    )


def _draws_back(track: list[_Seen], since: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front draws back in every frame from its frame at `since` (the last
    before the edge) to its last, a frame apart, by more than `drawn_back` bell radii in all:
    a hand pulling back out. Fingertips going on under another arm leave that arm's edge as
    its front, which does not draw back while that arm lies still; a front that keeps drawing
    back is the hand's own, leaving."""
    k = next((k for k, seen in enumerate(track) if seen.t >= since), len(track))
    stretch = track[k:]
    if not stretch or stretch[0].t != since:
        return False
    return _drawn_back_all_along(stretch, tn, period)


def _lies_still(track: list[_Seen], since: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front lay within `stop_depth` of its read at `since` (the last frame
    before the edge) in every frame from there to its last, three frames or more, a frame
    apart: a hand held where it is (``HandTuning.apart_still_hides``), not one pulling back."""
    stretch = [seen for seen in track if seen.t >= since]
    if len(stretch) < 3 or stretch[0].t != since:
        return False
    if any(b.t - a.t > 1.5 * period for a, b in itertools.pairwise(stretch)):
        return False
    return all(abs(seen.depth - stretch[0].depth) <= tn.stop_depth for seen in stretch)


def _drawn_back_all_along(stretch: list[_Seen], tn: HandTuning, period: float) -> bool:
    """Whether a front drew back at every step of `stretch` (three frames or more, a frame
    apart), by more than `drawn_back` bell radii in all: a hand pulling back out."""
    if len(stretch) < 3:
        return False
    for a, b in itertools.pairwise(stretch):
        if b.t - a.t > 1.5 * period or b.depth >= a.depth:
            return False
    return stretch[0].depth - stretch[-1].depth > tn.drawn_back


def _drew_back_before(track: list[_Seen], until: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front drew back in every frame from its deepest read since its
    fingertips were last clear against the table to its frame at `until` (the last before
    the edge), a frame apart, by more than `drawn_back` bell radii in all, and came on by no
    more than `stop_depth` after it: a hand pulling back out before the ring. A front the
    split holds at another arm's edge while the hand goes on under it does not draw back
    frame after frame."""
    k = next((k for k, seen in enumerate(track) if seen.t >= until), len(track))
    if k == len(track) or track[k].t != until:
        return False
    clear = [j for j, seen in enumerate(track[: k + 1]) if seen.clear]
    start = clear[-1] if clear else 0
    deepest = max(range(start, k + 1), key=lambda j: track[j].depth)
    return _drawn_back_all_along(track[deepest : k + 1], tn, period) and all(
        seen.depth - track[k].depth <= tn.stop_depth for seen in track[k + 1 :]
    )


def _leapt_unlike_a_hand(track: list[_Seen], until: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front, up to `until` (its strike), stepped onto the bell more than
    `leap_unlike` times its pace before (``_pace_before`` over `leap_pace` steps when it is
    alone in its region in both frames, else its last step; at least `stop_depth`), into a
    frame in which its front is no hand's colour though it was one the frame before. A hand
    nearing the bell does not speed up so; a front that leaps there and changes colour has
    taken in something else: a hand whose arm the picture does not show (a bare arm of the
    table's colour), which may have rung it."""
    return any(
        track[j].t <= until and track[j].on and _leaps_unlike(track, j, tn, period)
        for j in range(2, len(track))
    )


def _leaps_unlike(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front, into frame `j` (`j` >= 2), stepped more than `leap_unlike`
    times its pace before (``_pace_before`` over `leap_pace` steps when it is alone in its
    region in both frames, else its last step; at least `stop_depth`) into a front that is no
    hand's colour though it was one the frame before, past the bell's centre: it took in
    something that is not its hand. A front the picture cannot tell (``_Seen.hand_seen``
    None) may be either: only a front shown to be no hand the frame before, or a hand now,
    is no such leap."""
    b, c = track[j - 1], track[j]
    if c.t - track[j - 2].t > 2.5 * period or b.hand_seen is False or c.hand_seen is True:
        return False
    # A front that became the hand seen over the bell moving with its sleeve (``_Seen.linked``)
    # took in that sleeve's own hand, whatever its front showed the frame before.
    if tn.link_net and c.linked and not b.linked:
        return False
    # A front that lands short of the bell's centre took in nothing there that can have rung
    # it (``HandTuning.leap_short_of_centre``).
    if tn.leap_short_of_centre and c.depth < tn.clear_depth:
        return False
    # Alone in its region in both frames, no split between arms made its depth: its pace is
    # its own hand's, over its last few steps; else its last step's.
    steps = tn.leap_pace if b.alone and c.alone else 1
    before = max(_pace_before(track, j - 1, steps, period), tn.stop_depth)
    return c.depth - b.depth > tn.leap_unlike * before


def _pace_before(track: list[_Seen], k: int, steps: int, period: float) -> float:
    """How far (bell radii a frame) this arm's front came on into frame `k`: the larger of its
    last step and its mean step over up to `steps` steps before (frames no more than one and a
    half frame periods apart): a front read short for a frame makes its last step short,
    not the hand's pace. Its last step (as one frame's, however far apart) when `steps` is 1."""
    last = track[k].depth - track[k - 1].depth
    j = k - 1
    while j > 0 and k - j < steps and track[j].t - track[j - 1].t <= 1.5 * period:
        j -= 1
    frames = max(round((track[k].t - track[j].t) / period), 1)
    return max(last, (track[k].depth - track[j].depth) / frames)


def _comes_on(
    track: list[_Seen],
    since: float,
    tn: HandTuning,
    period: float,
    *,
    no_leap: bool = False,
    running: int | None = None,
    far: float | None = None,
) -> bool:
    """Whether this arm's fingertips, in its first frame at or after `since` (the first hand
    has stopped on the bell by then), still advance: it is seen `running` frame steps running from
    there (`comes_on_steps` unless given), each step forward by more than a stopped hand moves
    (`stop_depth`; or by at least `far`, if given: one step that long is a hand's pace). A
    hand strikes when it stops, so this one strikes later. Its front is its own, not the
    first hand's edge: fingertips going on under a hand lying still leave its picture
    unchanged, and the split gives a hand only the pixels where its own picture, carried on,
    is seen. Its fingertips stay within `hand_reach`
    of the bell's centre: a front farther on has taken another hand's pixels. With `far`, it
    is not read back the frame after to where it was before (``_falls_back``, `far_back`).

    `no_leap`: also no step is more than `reach_speedup` times the one before it, counting the
    step into `since` (a hand nearing the bell does not speed up; a front that leaps ahead has
    taken another hand's pixels), or than that times the pace it came in at, last seen clear
    (a step the split cut short, over the other hand's edge, is no pace it sped up from),
    and the step into `since` is itself a hand's advance: a front
    that lay still on the bell and then moves on is no hand still coming (a still hand there
    has struck; what moves on is the pixels of another hand landing on it, taken); nor is a
    front that was a hand the picture shows and is no hand's colour from the frame before
    `since` on (another arm's sleeve laid over it, taken by the split). Asked when
    no strike of the first hand was seen at all, and so this arm's steps are all that shows
    which came first."""
    k = next((k for k, seen in enumerate(track) if seen.t >= since), len(track))
    n = tn.comes_on_steps if running is None else running
    least = tn.stop_depth if far is None else max(far, tn.stop_depth)
    on = track[k : k + n + 1]
    if len(on) < n + 1:
        return False
    if any(seen.depth > tn.hand_reach for seen in on):
        return False
    if far is not None and tn.far_back and _falls_back(track, k + n, tn, period):
        return False
    if far is not None and tn.step_on_a_hand and _unseen_step_short(on, tn):
        return False  # a front not shown a hand moves as the split moves (`step_on_a_hand`)
    if tn.comes_on_unlike and _leapt_past_centre(track, k, n, tn, period):
        return False
    steps = [b.depth - a.depth for a, b in itertools.pairwise(on)]
    if not all(
        b.t - a.t <= 1.5 * period and least < step <= tn.max_advance
        for (a, b), step in zip(itertools.pairwise(on), steps, strict=True)
    ):
        return False
    if not no_leap:
        return True
    if k == 0 or on[0].t - track[k - 1].t > 1.5 * period:
        return False  # no step into `since` to hold the first one to
    if any(s.hand_seen for s in track[: k - 1]) and not all(
        s.hand_seen for s in track[k - 1 : k + n + 1]
    ):
        return False  # its front was a hand and is not now: it took another arm's pixels
    steps.insert(0, on[0].depth - track[k - 1].depth)
    if steps[0] <= tn.stop_depth:
        return False  # still into `since`: it had stopped, not still coming
    pace = _clear_pace(track, since, period, tn.clear_pace_steps)
    return all(
        step <= tn.reach_speedup * max(before, tn.stop_depth, pace)
        for before, step in itertools.pairwise(steps)
    )


def _unseen_step_short(step: list[_Seen], tn: HandTuning) -> bool:
    """Whether this one frame step (its two frames) starts short of where a hand may touch
    the bell (`touch_depth`), in one region with another arm in both frames, its front not a
    hand the picture shows in both (``_Seen.hand_seen``): that front is where the split cut
    its arm off from the other, not a hand coming on (`step_on_a_hand`). An arm alone in its
    region was cut off by no split: its front's step is its own."""
    shared = not any(seen.alone for seen in step)
    unseen = not all(seen.hand_seen for seen in step)
    return step[0].depth < tn.touch_depth and shared and unseen


def _falls_back(track: list[_Seen], k: int, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front, seen on in frame `k` after a step, in one region with another
    arm there, is read back in the frame after it to within `stop_depth` of where it was
    before that step: a hand coming on to the bell does not go back a whole step the next
    frame; that front was another arm's pixels the split lent it for a frame. An arm alone in
    its region was lent nothing: its front's jitter is its own reading."""
    if k < 1 or k + 1 >= len(track) or track[k + 1].t - track[k].t > 1.5 * period:
        return False
    if track[k].alone:
        return False
    return track[k + 1].depth <= track[k - 1].depth + tn.stop_depth


def _leapt_past_centre(track: list[_Seen], k: int, n: int, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front, in one of its `n` steps from frame `k`, leapt past the bell's
    centre (`clear_depth`) into no hand's colour (``_leaps_unlike``): there it took the pixels
    of the hand that struck, not its own fingertips coming on. A front still short of the
    centre took in no ringing hand."""
    return any(
        track[j].depth >= tn.clear_depth and _leaps_unlike(track, j, tn, period)
        for j in range(max(k + 1, 2), min(k + n + 1, len(track)))
    )


def _came_on_through(
    track: list[_Seen], since: float, after: float, tn: HandTuning, period: float
) -> bool:
    """Whether this arm's front came on at a hand's pace in every frame step from its frame
    at `since` (the first hand's fingertips had gone under another's by then) to one step
    past its frame at `after` (the first after the ring): ``_comes_on`` with `no_leap`, over
    all those steps. A hand strikes when it stops; one seen coming on, frame by frame, from
    before the first hand stopped until after the ring had not stopped at it. Its front is
    its own all along: a hand's colour, no step a leap, never past a palm on the bell."""
    k = next((k for k, seen in enumerate(track) if seen.t >= since), len(track))
    j = next((j for j, seen in enumerate(track) if seen.t >= after), len(track))
    if j >= len(track) or track[j].t > after + 0.5 * period:
        return False  # not seen in the first frame after the ring
    if tn.came_on_a_hand and not all(seen.hand_seen for seen in track[k : j + 2]):
        return False  # no hand the picture shows in every frame: it may be another's pixels
    return _comes_on(track, since, tn, period, no_leap=True, running=j + 1 - k)


def _comes_on_late(
    track: list[_Seen], since: float, tn: HandTuning, period: float, *, no_leap: bool = False
) -> bool:
    """Whether this arm's fingertips, having crept on (never back, but for `creep_back`) from
    its first frame at or after `since` for up to `comes_on_late` frame steps, then advance
    by a hand's pace (``_comes_on`` with one step of at least `comes_on_far`): a hand
    strikes when it stops, and this one had not stopped by then. A hand that strikes a
    couple of frames after the first is held back a frame by the split over the first
    hand's edge, then seen on. Not a front that lay still past the bell's centre for more
    than `late_still` frame steps running before that step (``_lay_still``): that hand had
    stopped on the bell, and what steps on is another's pixels."""
    k = next((k for k, seen in enumerate(track) if seen.t >= since), len(track))
    for j in range(k + 1, min(k + tn.comes_on_late, len(track) - 1) + 1):
        a, b = track[j - 1], track[j]
        if b.t - a.t > 1.5 * period or b.depth < a.depth - tn.creep_back:
            return False
        if _comes_on(track, b.t, tn, period, no_leap=no_leap, running=1, far=tn.comes_on_far):
            return not (tn.late_still and _lay_still(track, j, tn, period) > tn.late_still)
    return False


def _lay_still(track: list[_Seen], j: int, tn: HandTuning, period: float) -> int:
    """How many frame steps running into frame `j` this arm's front lay still (each within
    `stop_depth`, frames no more than one and a half frame periods apart) past the bell's
    centre (`clear_depth`), where its fingertips may have rung it."""
    n = j
    while n > 0 and track[n].depth >= tn.clear_depth and track[n - 1].depth >= tn.clear_depth:
        a, b = track[n - 1], track[n]
        if b.t - a.t > 1.5 * period or abs(b.depth - a.depth) > tn.stop_depth:
            break
        n -= 1
    return j - n


def _still_through(track: list[_Seen], lo: float, hi: float, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front lay still on the bell, past `strike_depth` (where its
    fingertips may have rung it), in every frame from `lo` to `hi` (the frames around the
    first hand's strike; each step within `stop_depth`, none missing): it had stopped by the
    time the first hand struck, and may have struck before it."""
    seen = [s for s in track if lo <= s.t <= hi]
    if not seen or seen[0].t != lo or seen[-1].t != hi:
        return False
    return all(s.depth >= tn.strike_depth for s in seen) and all(
        b.t - a.t <= 1.5 * period and abs(b.depth - a.depth) <= tn.stop_depth
        for a, b in itertools.pairwise(seen)
    )


def _clear_pace(track: list[_Seen], since: float, period: float, steps: int = 1) -> float:
    """The pace (bell radii a frame) this arm came in at with its fingertips clear before
    `since`: the largest of its last `steps` steps between two clear frames a frame apart,
    counting back from its last clear frame; 0 if not seen so."""
    clear = [k for k, seen in enumerate(track) if seen.clear and seen.t < since]
    if not clear or clear[-1] == 0:
        return 0.0
    pace, k = 0.0, clear[-1]
    for _ in range(steps):
        if k == 0:
            break
        a, b = track[k - 1], track[k]
        if not a.clear or not b.clear or b.t - a.t > 1.5 * period:
            break
        pace = max(pace, (b.depth - a.depth) / (b.t - a.t) * period)
        k -= 1
    return pace


def _came_after(track: list[_Seen], lo: float, hi: float, t: float, tn: HandTuning) -> bool:
    """Whether this arm's strike, seen between its frames at `lo` and `hi` (``_strike``), came
    after the edge at `t`: its frame at `lo` lies after the edge, its fingertips clear against
    the table there and at `hi` (no split between arms read its front on), and it lay still
    where it stopped (within `stop_depth`) in every frame after `hi`. A front read farther on
    after the ring and then back was another hand's pixels merged into its region for a
    frame, not its own hand still coming."""
    at = {seen.t: seen for seen in track}
    if lo <= t or lo not in at or hi not in at or not (at[lo].clear and at[hi].clear):
        return False
    stop = at[hi].depth
    return all(abs(seen.depth - stop) <= tn.stop_depth for seen in track if seen.t > hi)


def _paced(track: list[_Seen], since: float, tn: HandTuning, period: float) -> _Seen | None:
    """The arm's first frame at or after `since`, if from its last clear frame before `since`
    it kept the pace it came in at there (every step between `steady_lo` and `steady_hi`
    times that speed, no frame missing), its front a hand the picture shows in both; else
    None."""
    clear = [k for k, seen in enumerate(track) if seen.clear and seen.t < since]
    if not clear or clear[-1] == 0:
        return None
    k = clear[-1]
    a, b = track[k - 1], track[k]
    if not a.clear or b.t - a.t > 1.5 * period:
        return None
    speed = (b.depth - a.depth) / (b.t - a.t) * period
    if speed < tn.steady_min:
        return None
    for before, seen in itertools.pairwise(track[k:]):
        frames = (seen.t - before.t) / period
        if frames > 1.5:
            return None
        step = (seen.depth - before.depth) / frames
        if not tn.steady_lo * speed <= step <= tn.steady_hi * speed:
            return None
        if seen.t >= since:
            # Its front a hand the picture shows, there and when last clear: a sleeve's front
            # keeping its pace says nothing of where its unseen hand's fingertips are.
            if not (seen.hand_seen and b.hand_seen):
                return None
            return None if tn.paced_stalls and _stalls_after(track, seen, tn) else seen
    return None


def _stalls_after(track: list[_Seen], seen: _Seen, tn: HandTuning) -> bool:
    """Whether this arm's front lay still (within `stop_depth` of where it was in `seen`) on
    the bell short of its centre (with `stalls_to_strike`, short of `strike_depth`: no
    strike is read there), its fingertips against another arm, in every frame after `seen`
    (one at least): they stopped at that arm's edge, where they may go on under it."""
    short_of = tn.strike_depth if tn.stalls_to_strike else tn.clear_depth
    after = [other for other in track if other.t > seen.t]
    return bool(after) and all(
        other.on
        and not other.clear
        and abs(other.depth - seen.depth) <= tn.stop_depth
        and other.depth < short_of
        for other in after
    )


def _tracks(frames: list[HandFrame], tn: HandTuning) -> dict[int | None, list[_Seen]]:
    """Per seat, what its arm did over the frames (the deepest of its arms in each)."""
    tracks: dict[int | None, list[_Seen]] = {}
    for f in frames:
        seen: dict[int | None, _Seen] = {}
        for arm in f.arms:
            on = arm.zone_px >= tn.min_zone_px
            had = seen.get(arm.seat)
            if had is None or arm.depth > had.depth:
                seen[arm.seat] = _Seen(
                    f.t,
                    arm.depth,
                    on or (had is not None and had.on),
                    arm.tip_clear,
                    arm.linked,
                    arm.hand_seen,
                    sum(a.region == arm.region for a in f.arms) == 1,
                    arm.cut_off,
                )
            elif on:
                seen[arm.seat] = had._replace(on=True)
        for seat, s in seen.items():
            tracks.setdefault(seat, []).append(s)
    return tracks


def _confused(track: list[_Seen], tn: HandTuning, period: float, until: float) -> float:
    """The first frame at which an arm on the bell has fingertips that jump further than a hand
    moves in a frame, or draw back while on the bell up to the first frame after the edge
    (later, a second hand landing on it may cover them): from there the split between arms
    went wrong. Infinity if it never does. An arm alone in its region in both frames, its
    fingertips clear against the table in both (or in the first, then against foreground no
    arm holds: `alone_into_unclear`), was split from no other: it may advance up to
    `alone_advance` (a fast hand, its front read a little short, then a little long). An arm
    alone in its region in every frame from one of the `alone_lost` frames before on advances
    from the deepest of those reads, per frame since: its front read short (its hand lost
    against a table of its hue) and found again did not jump. Found clear against the table
    after a read whose front touched foreground no arm holds, it advances from the deepest of
    the reads before that one (`alone_after_unclear`): that front was read short too (not a
    hand seen over the bell joined to its sleeve, `link_net`: never clear, it is no front
    against foreground no arm holds). An arm
    alone whose front draws back for a frame and is found again (``_lost_for_a_frame``) lost
    it for that frame: that is no split gone wrong (`lost_back`)."""
    for k, (a, b) in enumerate(itertools.pairwise(track)):
        if b.t - a.t > 1.5 * period or max(a.depth, b.depth) < tn.touch_depth:
            continue
        if b.linked and not a.linked:
            continue  # from its sleeve's front to its hand seen over the bell: no jump
        if tn.bare_keep and b.cut_off and not a.cut_off and not (a.clear and a.hand_seen):
            # From its bare arm's front to its hand cut off over the bell: no jump. Not from
            # a front that is a hand the picture shows, clear against the table: that is
            # where the arm's hand is, and a piece far ahead of it is another's.
            continue
        if tn.bare_keep and _kept_then_cut_off(track, k + 1, tn, period):
            continue  # ... unless that front was only kept where it stopped standing out
        if _surfaced_at_pace(track, k + 1, tn, period):
            continue  # a front read short against another arm, found clear at its pace
        if tn.found_on_rim and _found_on_rim(track, k + 1, tn, period):
            continue  # its hand, lost against the table, found where the bell shows it

        drew_back = (a.on or b.on) and a.depth - b.depth > tn.max_retreat and b.t <= until
        if drew_back and tn.lost_back and _lost_for_a_frame(track, k + 1, tn, period):
            drew_back = False  # alone, its front lost for a frame: no split made that read
        if drew_back and tn.rim_back > 0 and _stopped_on_rim(track, k + 1, tn, period):
            drew_back = False  # alone, its front past the rim lost as its hand stopped
        unsplit = a.alone and b.alone and a.clear and (b.clear or tn.alone_into_unclear)
        window, j = [a], k
        while j > 0 and k - j < tn.alone_lost - 1 and b.alone and track[j].alone:
            if track[j].t - track[j - 1].t > 1.5 * period or track[j - 1].linked != b.linked:
                break
            j -= 1
            if track[j].alone:
                window.append(track[j])
        # A front touching foreground no arm holds was read short; not a hand seen over the
        # bell moving with its sleeve (never clear, ``Arm.linked``), nor one cut off from its
        # bare arm there (``Arm.cut_off``): it is where the hand is.
        read_short = (
            not a.clear and not (tn.link_net and a.linked) and not (tn.bare_keep and a.cut_off)
        )
        if tn.alone_after_unclear and b.clear and read_short and len(window) > 1:
            window = window[1:]
        deepest = max(window, key=lambda r: r.depth)
        advance = (b.depth - deepest.depth) / max(round((b.t - deepest.t) / period), 1)
        if advance > (tn.alone_advance if unsplit else tn.max_advance) or drew_back:
            return b.t
    return math.inf


def _found_on_rim(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether read `j` is this arm's hand found where the bell first shows it
    (``HandTuning.found_on_rim``): a read past `touch_depth` but short of the bell's centre,
    clear against the table, its front no sleeve's end (a hand, or too thin to say) and a hand
    the picture shows the frame after, the read before it off the bell, shallower, and no
    hand seen clear against the table (read short against a table of its hue). Alone
    in its region from the read before it to the end of the track, a frame apart (so neither
    linked to a sleeve nor cut off from a bare arm), it comes on at a hand's pace (each
    of its next `found_steps` steps between `steady_min` and `max_advance`), never draws back
    by more than `stop_depth`, and stops past `strike_depth`. A hand of the table's hue is
    read short against it, then stands out over the bell's light metal: no split between
    arms made that step, and the hand seen from there on is the one that struck."""
    n = tn.found_steps
    if n < 1 or j < 1 or j + n >= len(track):
        return False
    a, b = track[j - 1], track[j]
    if a.on or not tn.touch_depth <= b.depth < tn.clear_depth:
        return False
    if not b.clear or b.hand_seen is False or not track[j + 1].hand_seen or a.depth >= b.depth:
        return False
    if a.clear and a.hand_seen:
        return False  # a hand the picture shows, clear against the table, was where it was
    rest = track[j - 1 :]
    if not all(s.alone and not s.linked and not s.cut_off for s in rest):
        return False
    for k, (p, q) in enumerate(itertools.pairwise(track[j:])):
        if q.t - p.t > 1.5 * period or p.depth - q.depth > tn.stop_depth:
            return False
        if k < n and not tn.steady_min <= q.depth - p.depth <= tn.max_advance:
            return False
    return track[-1].depth >= tn.strike_depth


def _kept_then_cut_off(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether read `j`, a bare arm's hand cut off over the bell (``_Seen.cut_off``), follows
    a front of that arm (not cut off) that came in at a hand's pace and then lay still, alone
    in its region, for `kept_still_least` to `kept_still_most` frame steps, a frame apart, up
    to the read before `j`, and lies on from where that front began to lie still by no more,
    per frame since, than `reach_speedup` times that pace (at least `steady_min`): the front
    was kept where it stopped standing out from the table while the hand went on unseen, at
    its pace (``HandTuning.kept_still_least``)."""
    if tn.kept_still_least < 1 or j < 1 or not track[j].cut_off or not track[j].alone:
        return False
    last = track[j - 1]
    if last.cut_off:
        return False
    # The stretch it lay still in: reads within `stop_depth` of the last, alone, a frame apart.
    s = j - 1
    while (
        s > 0
        and abs(track[s - 1].depth - last.depth) <= tn.stop_depth
        and track[s - 1].alone
        and not track[s - 1].cut_off
        and track[s].t - track[s - 1].t <= 1.5 * period
    ):
        s -= 1
    frames_still = round((last.t - track[s].t) / period)
    if not tn.kept_still_least <= frames_still <= tn.kept_still_most or s < 2:
        return False
    if not last.alone:
        return False
    # It came in at a hand's pace: its two steps into the stretch, a frame each, the lesser
    # at least `steady_min` (a hand slows to a stop it eases into; a kept front stops dead).
    a, b, c = track[s - 2], track[s - 1], track[s]
    if c.t - a.t > 2.5 * period:
        return False
    pace = min(b.depth - a.depth, c.depth - b.depth)
    if pace < tn.steady_min:
        return False
    since = max(round((track[j].t - c.t) / period), 1)
    return (track[j].depth - c.depth) / since <= tn.reach_speedup * pace


def _surfaced_at_pace(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether read `j`, a front clear against the table that the picture shows a hand, in one
    region with another arm, follows reads of it against another arm (not clear) only since
    its last clear read, at most `surfaced_most` frames before, a frame apart, never read
    back on the way (by more than `stop_depth`), the last of them in one region with another
    arm too; and lies on from that clear read by no more, per frame since, than
    `reach_speedup` times the pace it came in at there (at least `steady_min` a frame): a
    hand coming on over another arm is read at the seam between them, short of its
    fingertips, until it is clear of that arm; its clear front then is where its own pace
    took it, no split gone wrong (``HandTuning.surfaced_most``). An arm alone in its region
    was cut off by no seam: the rules for an arm alone judge it."""
    if tn.surfaced_most < 1 or j < 2:
        return False
    b = track[j]
    if not b.clear or b.hand_seen is not True or track[j - 1].clear:
        return False
    if b.alone or track[j - 1].alone:
        return False  # alone in its region: no seam with another arm made its short read
    if b.depth < track[j - 1].depth:
        return False  # a front read back is no hand coming out at its pace
    s = j - 1
    while s > 0 and not track[s].clear:
        if track[s].t - track[s - 1].t > 1.5 * period:
            return False
        if track[s].depth < track[s - 1].depth - tn.stop_depth:
            return False  # read back against that arm: the split moved, not its hand
        s -= 1
    c = track[s]
    if not c.clear or c.hand_seen is not True or s < 1:
        return False
    frames = round((b.t - c.t) / period)
    if frames > tn.surfaced_most:
        return False
    before = track[s - 1]
    if c.t - before.t > 1.5 * period:
        return False
    pace = c.depth - before.depth
    if pace < tn.steady_min:
        return False
    return (b.depth - c.depth) / max(frames, 1) <= tn.reach_speedup * pace


def _lost_for_a_frame(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front in frame `j` was lost for that frame: alone in its region in
    that frame and the frames either side of it, a frame apart, it drew back there by more
    than `max_retreat` and is found again in the frame after no farther back (by more than
    `stop_depth`) than in the frame before. Alone, no split between arms made those reads;
    a hand does not pull back a long way and come on again within two frames."""
    if j < 1 or j + 1 >= len(track):
        return False
    a, b, c = track[j - 1], track[j], track[j + 1]
    if not (a.alone and b.alone and c.alone) or c.t - a.t > 2.5 * period:
        return False
    return a.depth - b.depth > tn.max_retreat and c.depth >= a.depth - tn.stop_depth


def _stopped_on_rim(track: list[_Seen], j: int, tn: HandTuning, period: float) -> bool:
    """Whether this arm's front in frame `j`, drawn back from past the bell's far rim onto it,
    is its hand stopped there, seen past the rim only while it moved (``HandTuning.rim_back``):
    alone in its region in that frame and the one before, a frame apart, not linked to a
    sleeve, the read before it past the rim (depth over 1) and at most `max_advance` on from
    the one before that, this one within `rim_back` of the rim, and every later read, a frame
    apart, within `stop_depth` of it. A hand of the table's hue moving over the table beside
    the bell shows by its motion; still, only where it lies over the bell. Alone, no split
    between arms made those reads."""
    if j < 2:
        return False
    p, a, b = track[j - 2], track[j - 1], track[j]
    if not (a.alone and b.alone) or a.linked or b.linked or b.t - a.t > 1.5 * period:
        return False
    if a.t - p.t > 1.5 * period or a.depth - p.depth > tn.max_advance:
        return False
    if a.depth <= 1.0 or abs(b.depth - 1.0) > tn.rim_back:
        return False
    for q, r in itertools.pairwise(track[j:]):
        if r.t - q.t > 1.5 * period or abs(r.depth - b.depth) > tn.stop_depth:
            return False
    return True


def _laid_over_later(
    frames: list[HandFrame],
    seat: int | None,
    other: int | None,
    t: float,
    tn: HandTuning,
    period: float,
) -> bool:
    """Whether `other`'s hand lies over `seat`'s (the credited hand's) arm from the last frame
    before the ring (`t`) or later to the last frame judged, `over_later_frames` frames or
    more running: its fingertips end against that arm only, its outline bulging into it
    (``Arm.over_seats``), its front a hand the picture shows, while `seat`'s fingertips are
    against another arm in each of those frames; and `seat`'s arm never lies so over
    `other`'s in any frame judged (a bulge read both ways is the split's, not a hand on top);
    and `seat`'s front lies still (within `stop_depth`) through that run: fingertips under a
    hand that covers them leave its edge as their front, which does not go on (tuning ring
    601/7, within a frame: two hands of one skin, the split's edge round on the first
    hand's side, read over the second while the second's front went on 0.42 bell radii).
    A hand that landed on the bell over another's fingertips came after them. With
    `over_unlike`, not when the two fronts are read of one colour in a frame of that run and
    of unlike colour in none (``Arm.over_alike``, ``Arm.over_unlike``): between two hands of
    one skin the outline is the split's."""
    if tn.over_later_frames <= 0 or other is None:
        return False
    run = 0
    depths: list[float] = []
    unlike: list[bool] = []
    alike: list[bool] = []
    for f in frames:
        mine = [a for a in f.arms if a.seat == seat]
        theirs = [a for a in f.arms if a.seat == other]
        if any(other in a.over_seats for a in mine):
            return False
        if f.t < t - period:
            continue
        top = (
            len(mine) == 1
            and len(theirs) == 1
            and not mine[0].tip_clear
            and theirs[0].hand_seen is True
            and seat in theirs[0].over_seats
        )
        run = run + 1 if top else 0
        depths = [*depths, mine[0].depth] if top else []
        unlike = [*unlike, seat in theirs[0].over_unlike] if top else []
        alike = [*alike, seat in theirs[0].over_alike] if top else []
    if tn.over_unlike > 0 and any(alike) and not any(unlike):
        return False
    return run >= tn.over_later_frames and max(depths) - min(depths) <= tn.stop_depth


def _lies_over_at_end(frames: list[HandFrame], seat: int, tn: HandTuning) -> bool:
    """Whether `seat`'s arm lies over another seat's arm (``Arm.over_seats``: its fingertips
    end against that arm only, its outline bulging into it) in each of the last
    `over_credited_frames` frames judged, the same arm in each, its front a hand the picture
    shows (``Arm.hand_seen``): a hand on top of another's fingertips on the bell landed after
    them (``_laid_over_later``), so the hand under it may have rung first. A front the
    picture cannot tell for a hand is no outline of one (tuning ring 612/2, between frames,
    with the stress of a bare arm the table's colour: the first hand's front, a sliver the
    split gave it, read over the second's arm; credited right, it stays so)."""
    n = tn.over_credited_frames
    if n <= 0 or len(frames) < n:
        return False
    under: set[int | None] | None = None
    for f in frames[-n:]:
        now = {
            o
            for a in f.arms
            if a.seat == seat and a.hand_seen is True
            for o in a.over_seats
            if o != seat
        }
        under = now if under is None else under & now
    return bool(under)


def _lost_at_seam(track: list[_Seen], t: float, tn: HandTuning, period: float) -> bool:
    """``_lost_short`` for a front lost at another arm's edge: an arm that came on with its
    fingertips clear in its last two reads a frame apart (advancing, more than `came_in`
    bell radii on from its first read), to within `lost_near` of the bell's centre, then
    drew back in one frame farther than `lost_seam_drop` to a front against another arm
    (not clear) and lay still there (each read within `stop_depth` of the one before, a
    frame apart), against it in every read, from a frame before the edge at `t` to its
    last, after it, short of the bell's centre. A hand pulling back does not leap back a
    bell radius and more in a frame and freeze; a bare arm of the table's colour met by
    another arm ends, for the split, at that arm's edge, while its hand, merged into the
    other's region over the bell, may have rung (``HandTuning.lost_seam_drop``)."""
    if tn.lost_seam_drop <= 0.0 or not track or track[-1].t <= t:
        return False
    if track[-1].depth >= tn.clear_depth:
        return False
    k = _still_from(track, tn, period)
    if k < 2 or track[k].t > t or track[k].t - track[k - 1].t > 1.5 * period:
        return False
    if any(seen.clear for seen in track[k:]):
        return False
    came = track[:k]
    clear = [seen for seen in came if seen.clear]
    if not came[-1].clear or len(clear) < 2 or clear[-2] is not came[-2]:
        return False
    if came[-1].t - came[-2].t > 1.5 * period or came[-1].depth <= came[-2].depth:
        return False
    return (
        came[-1].depth - track[k].depth > tn.lost_seam_drop
        and came[-1].depth >= tn.lost_near
        and came[-1].depth - came[0].depth > tn.came_in
    )


def _over_at_ring(
    frames: list[HandFrame], seat: int, span: tuple[float, float], tn: HandTuning
) -> int | None:
    """A seat whose arm, on the bell, `seat`'s lies over (``Arm.over_unlike``: its fingertips
    end against that arm only, its outline bulging into it, the two fronts of unlike colour,
    so the outline is one the picture shows), its front a hand the picture shows, in both
    frames either side of the ring (`span`); None: not seen so
    (``HandTuning.over_at_ring``)."""
    if not tn.over_at_ring:
        return None
    under: set[int | None] | None = None
    seen = 0
    for f in frames:
        if f.t not in span:
            continue
        seen += 1
        on = {a.seat for a in f.arms if a.zone_px >= tn.min_zone_px}
        now = {
            o
            for a in f.arms
            if a.seat == seat and a.hand_seen is True
            for o in a.over_unlike
            if o != seat and o in on
        }
        under = now if under is None else under & now
    if seen < 2 or not under:
        return None
    return min(under, key=lambda o: -1 if o is None else o)


def _on_top_unstruck(
    tracks: dict[int | None, list[_Seen]],
    on_top: set[int | None],
    struck: set[int | None],
    tn: HandTuning,
) -> int | None:
    """Of the seats said to have come later only by lying on top of the credited hand
    (`on_top`), one on the bell whose strike was never seen (not in `struck`); None: none
    (``HandTuning.on_top_unstruck``)."""
    if not tn.on_top_unstruck:
        return None
    return next(
        (
            s
            for s in sorted(on_top, key=lambda o: -1 if o is None else o)
            if s not in struck and any(seen.on for seen in tracks[s])
        ),
        None,
    )

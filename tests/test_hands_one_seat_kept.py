"""An arm crossing the border near the middle of two seats' sides has its seat read and not
read in turn, as its crossing moves a work pixel from frame to frame: it keeps the seat its
own crossing was read as, while it stays nearer that seat (``HandTuning.seat_margin_kept``)."""

from __future__ import annotations

import dataclasses

from rendered_rings import credited_then_left_without, tracked_ring

from halli_pi.vision.hands import CreditReason, HandTuning

TN = HandTuning()
OFF = dataclasses.replace(TN, seat_margin_kept=0.0)


def _seats(frames) -> list[tuple[int | None, ...]]:
    return [tuple(a.seat for a in f.arms) for f in frames]


def test_bench_ring_of_an_arm_between_two_sides_is_credited() -> None:
    # Tuning one-hand ring 619/116: seat 4's arm crosses the right border 0.17 of the way
    # nearer seat 4 than seat 5 (y 222), or 0.14 (y 226, under `seat_margin`) the next frame:
    # two tracks, seat 4 and none, both striking within a frame; nobody was named.
    tracker, scene = tracked_ring(619, 116, "one")
    assert scene["first"] == 4
    # Judged on the tracker's same frames without the rule too.
    credited_then_left_without(
        tracker, scene, CreditReason.ONE_HAND, OFF, CreditReason.WITHIN_A_FRAME
    )


def test_bench_ring_of_two_hands_the_first_between_two_sides_is_credited() -> None:
    # Tuning seed 622, ring 6 (between one and two frames): seat 2's arm crosses the left
    # border 0.18 nearer seat 2 (y 218) or 0.14 (y 222), read seat 2's twice, then unsure
    # from 0.15 s before the ring on: the first strike was an arm between seats'. Seat 5's
    # hand, 3 frames later, is still the other one named.
    tracker, scene = tracked_ring(622, 6, "between")
    assert scene["first"] == 2
    credit, _ = credited_then_left_without(
        tracker, scene, CreditReason.FIRST_BY_FRAMES, OFF, CreditReason.BETWEEN_SEATS
    )
    assert credit.other_seat == 5


def test_only_an_arm_read_one_seat_and_still_nearer_it_keeps_the_seat() -> None:
    tracker, _ = tracked_ring(619, 116, "one")
    frames = list(tracker.history)
    assert any(None in s for s in _seats(frames))
    kept = tracker._seats_kept(frames)
    was = [a.entry for f in frames for a in f.arms if a.seat is None]
    assert [a.seat for f in kept for a in f.arms if a.entry in was] == [4] * len(was)
    assert not any(None in s for s in _seats(kept)), _seats(kept)
    # The unsure reads are 0.14 of the way nearer seat 4: under a floor above that, unsure.
    tracker.tuning = dataclasses.replace(TN, seat_margin_kept=0.15)
    assert _seats(tracker._seats_kept(frames)) == _seats(frames)
    # An arm read as another seat's in any frame keeps no seat.
    tracker.tuning = TN
    k = next(i for i, f in enumerate(frames) if f.arms and f.arms[0].seat == 4)
    other = dataclasses.replace(frames[k].arms[0], seat=5)
    mixed = [*frames[:k], dataclasses.replace(frames[k], arms=(other,)), *frames[k + 1 :]]
    assert _seats(tracker._seats_kept(mixed)) == _seats(mixed)
    # Nor does an arm never read as any seat's.
    unread = [
        dataclasses.replace(f, arms=tuple(dataclasses.replace(a, seat=None) for a in f.arms))
        for f in frames
    ]
    assert _seats(tracker._seats_kept(unread)) == _seats(unread)

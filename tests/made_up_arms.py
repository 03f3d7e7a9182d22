"""Made-up arms and frames for the unit tests of the rules on one hand lying over another
(``Arm.over_seats``, ``Arm.over_unlike``, ``Arm.over_alike``): each test builds a few frames
of two arms by hand, a frame apart, rather than rendering a ring."""

from __future__ import annotations

import numpy as np

from halli_pi.vision.hands import Arm, HandFrame, HandTuning

P = 1 / 60  # a frame


def over_arm(
    seat: int,
    clear: bool,
    over: tuple[int, ...] = (),
    *,
    hand: bool | None = True,
    unlike: bool | None = True,
) -> Arm:
    """An arm of `seat` on the bell, its fingertips `clear` or not, lying over the arms of the
    seats `over`; `hand`: whether the picture shows its front a hand; `unlike`: its front and
    theirs read of unlike colour (True), of one (False), or not read (None)."""
    return Arm(
        seat,
        (0.0, 0.0),
        (0.0, 0.0),
        0.2,
        HandTuning().min_zone_px,
        np.zeros((0, 2), np.int32),
        tip_clear=clear,
        hand_seen=hand,
        over_seats=over,
        over_unlike=over if unlike else (),
        over_alike=over if unlike is False else (),
        region=1,
    )


def frames_around_ring(*pairs: tuple[Arm, Arm]) -> list[HandFrame]:
    """Frames a frame apart, the ring between the second and the third."""
    return [HandFrame((k - 1.5) * P, pair, 0.0) for k, pair in enumerate(pairs)]

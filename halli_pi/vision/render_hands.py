"""Arms reaching for the one real bell, drawn over a table frame with exact timings.

A shared bell stands in the middle of the table; players reach for it from their own side.
This module draws, in image pixels, the bell and the arms of a moment: each arm comes in from
the image border on its seat's side, with a skin-toned hand, often a sleeve of any colour, and
a soft shadow on the table. What an arm does over time is a ``Reach``:

- ``ring``: the hand travels from off the image to the bell and strikes it at ``t_strike``
  (the edge time the bell's switch would give), stays a moment, and pulls back;
- ``pullback``: the hand starts for the bell and pulls back before touching it;
- ``rest``: the hand lies near the bell from ``t_start`` to ``t_strike``, never on it.

Hands slam the bell: the motion slows a little towards the bell but still moves at the strike,
as a real slap does. An arm that strikes later is drawn over one that struck earlier (it lands
on top of it), which is what a camera from above sees.

Timings are exact, so the benchmark and the tests know who struck first and by how much.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from halli_pi.vision.render import SKINS, along_from, lay_over, on_channels, paint

RING, PULLBACK, REST = "ring", "pullback", "rest"


@dataclass(frozen=True)
class BellSpot:
    """Where the bell stands in the image: its centre and the radius of its round foot."""

    centre: tuple[float, float]
    radius: float

    def zone(self) -> np.ndarray:
        """The layout's bell zone (SPEC §2): a square around the foot."""
        x, y, r = self.centre[0], self.centre[1], self.radius
        return np.array(
            [[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]], np.float32
        )


@dataclass(frozen=True)
class Reach:
    """One arm over time. Times in session seconds; lengths in image pixels."""

    seat: int
    kind: str  # RING, PULLBACK or REST
    direction: tuple[float, float]  # unit vector from the bell towards where the arm comes from
    t_start: float  # the hand leaves the edge of the image (RING, PULLBACK)
    t_strike: float  # RING: the hand hits the bell; PULLBACK: the hand stops and turns back
    hold_s: float = 0.25  # RING: time on the bell before pulling back
    ease: float = 1.6  # 1: constant speed; 2: slows to a stop at the bell
    stop: float = 1.0  # PULLBACK/REST: how far towards the bell the hand gets (0..1)
    offset: tuple[float, float] = (0.0, 0.0)  # where on the bell the hand lands (along, across)
    hand_len: float = 50.0  # half-length of the hand
    hand_w: float = 32.0  # half-width of the hand
    arm_w: float = 60.0  # forearm thickness
    skin: tuple[int, int, int] = (120, 150, 205)
    sleeve: tuple[int, int, int] | None = None

    def progress(self, t: float) -> float:
        """0 off the image, 1 with the hand's centre on the bell (RING)."""
        if self.kind == REST:  # there from t_start to t_strike
            return self.stop if self.t_start <= t <= self.t_strike else 0.0
        reach = max(self.t_strike - self.t_start, 1e-3)
        if t <= self.t_start:
            return 0.0
        top = 1.0 if self.kind == RING else self.stop
        if t < self.t_strike:
            u = (t - self.t_start) / reach
            return top * u * (self.ease - (self.ease - 1.0) * u)
        back_at = self.t_strike + (self.hold_s if self.kind == RING else 0.0)
        if t <= back_at:
            return top
        return max(0.0, top * (1.0 - (t - back_at) / (reach * 1.2)))


def bell_spot(size: tuple[int, int], radius: float = 40.0) -> BellSpot:
    """The bell in the middle of the table (where the mat puts it)."""
    return BellSpot((size[0] / 2.0, size[1] / 2.0), radius)


def seat_direction(zone: np.ndarray, bell: BellSpot) -> tuple[float, float]:
    d = np.asarray(zone, np.float64).mean(0) - np.asarray(bell.centre)
    d /= np.linalg.norm(d) + 1e-9
    return float(d[0]), float(d[1])


def random_reach(
    rng: np.random.Generator,
    seat: int,
    zone: np.ndarray,
    bell: BellSpot,
    kind: str,
    t_strike: float,
    size: tuple[int, int] = (640, 480),
) -> Reach:
    """A plausible arm from `seat`'s side: its angle, speed, size, skin and sleeve vary."""
    d = np.array(seat_direction(zone, bell))
    a = rng.uniform(-0.28, 0.28)  # players do not reach straight at the bell
    d = np.array([d[0] * math.cos(a) - d[1] * math.sin(a), d[0] * math.sin(a) + d[1] * math.cos(a)])
    r = bell.radius
    hand_len = float(rng.uniform(0.95, 1.3) * r)
    # PULLBACK, REST: fingertips stay short of the bell's centre by 1.2 to 2.5 radii.
    short = float(rng.uniform(1.2, 2.5)) * r if kind in (PULLBACK, REST) else 0.0
    reach = Reach(
        seat=seat,
        kind=kind,
        direction=(float(d[0]), float(d[1])),
        t_start=t_strike - float(rng.uniform(0.18, 0.35)),
        t_strike=t_strike,
        hold_s=float(rng.uniform(0.15, 0.4)),
        ease=float(rng.uniform(1.0, 1.4)),
        offset=(float(rng.uniform(-0.35, 0.2) * r), float(rng.uniform(-0.3, 0.3) * r)),
        hand_len=hand_len,
        hand_w=float(rng.uniform(0.65, 0.85) * r),
        arm_w=float(rng.uniform(1.1, 1.55) * r),
        skin=_colour(
            int(np.clip(c * rng.uniform(0.9, 1.1), 0, 255))
            for c in SKINS[int(rng.integers(len(SKINS)))]
        ),
        sleeve=_colour(int(v) for v in rng.integers(20, 235, 3)) if rng.random() < 0.6 else None,
    )
    if kind == RING:
        return reach
    # Fingertip depth is linear in progress p: depth(p) = depth(1) - (1 - p) * path.
    on_bell = hand_centre(reach, bell, size, 1.0e9 if kind == REST else t_strike)
    path = float(
        np.linalg.norm(
            hand_centre(dataclasses.replace(reach, kind=RING), bell, size, -1e9) - on_bell
        )
    )
    top = fingertip_depth(dataclasses.replace(reach, kind=RING, hold_s=1e9), bell, size, t_strike)
    stop = float(np.clip(1.0 - (top + short) / max(path, 1.0), 0.05, 1.0))
    return dataclasses.replace(reach, stop=stop)


def _colour(channels: Iterable[int]) -> tuple[int, int, int]:
    b, g, r = channels
    return b, g, r


def hand_centre(reach: Reach, bell: BellSpot, size: tuple[int, int], t: float) -> np.ndarray:
    """Where the hand's centre is at `t`: on a line from off the image to the bell."""
    d = np.asarray(reach.direction)
    across = np.array([-d[1], d[0]])
    on_bell = np.asarray(bell.centre) - d * reach.offset[0] + across * reach.offset[1]
    off = on_bell + d * (_to_border(on_bell, d, size) + reach.hand_len + 10.0)
    p = reach.progress(t)
    return off + (on_bell - off) * p


def fingertip_depth(reach: Reach, bell: BellSpot, size: tuple[int, int], t: float) -> float:
    """How far past the bell's centre the fingertips are, along the arm (negative: short of it)."""
    d = np.asarray(reach.direction)
    tip = hand_centre(reach, bell, size, t) - d * reach.hand_len
    return float(np.dot(np.asarray(bell.centre) - tip, d))


def _to_border(p: np.ndarray, d: np.ndarray, size: tuple[int, int]) -> float:
    """Distance from p along d to the image border."""
    w, h = size
    ts = []
    for i, lim in ((0, w), (1, h)):
        if d[i] > 1e-9:
            ts.append((lim - p[i]) / d[i])
        elif d[i] < -1e-9:
            ts.append(-p[i] / d[i])
    return float(min(ts)) if ts else 0.0


def draw_bell(frame: np.ndarray, bell: BellSpot) -> np.ndarray:
    """A chrome bell on a dark round foot, with its shadow: drawn once into the table frame."""
    out = frame.copy()
    c = (int(round(bell.centre[0])), int(round(bell.centre[1])))
    r = int(round(bell.radius))
    shadow = np.zeros(out.shape[:2], np.uint8)
    cv2.circle(shadow, (c[0] + 5, c[1] + 6), r, 255, -1)
    soft = cv2.GaussianBlur(shadow, (0, 0), 5).astype(np.float32) / 255.0
    out = (out.astype(np.float32) * (1 - 0.35 * soft)[..., None]).astype(np.uint8)
    cv2.circle(out, c, r, (40, 40, 45), -1, cv2.LINE_AA)
    dome = int(r * 0.78)
    for k in range(dome, 0, -1):  # a gradient towards a highlight: a round, shiny dome
        v = int(150 + 95 * (1 - k / dome))
        cv2.circle(out, (c[0] - (dome - k) // 3, c[1] - (dome - k) // 3), k, (v, v, v - 5), -1)
    cv2.circle(out, c, max(2, r // 6), (70, 70, 75), -1, cv2.LINE_AA)  # the striker
    return out


def draw_arms(
    base: np.ndarray,
    bell: BellSpot,
    reaches: Sequence[Reach],
    t: float,
    *,
    noise: float = 2.0,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """The frame at `t`: `base` (table and bell) with every arm that is in view.

    Arms are drawn in the order they reach the bell: resting hands first, then by strike time,
    so a later hand lies over an earlier one."""
    size = (base.shape[1], base.shape[0])
    img = base.astype(np.float32)
    order = sorted(reaches, key=lambda r: (r.kind != REST, r.t_strike))
    for reach in order:
        if reach.progress(t) <= 0.0:
            continue
        _draw_arm(img, reach, hand_centre(reach, bell, size, t))
    if noise > 0:
        sensor = np.empty(img.shape, np.float32)
        if rng is not None:
            cv2.setRNGSeed(int(rng.integers(2**31)))
        # The same spread in every channel: a bare number on the three channels is a Scalar
        # (v, 0, 0, 0), which put all the noise in the blue one. Filled as one channel of
        # three times the width, the draws are the same numbers in the same order as per
        # channel, a quarter faster.
        cv2.randn(sensor.reshape(img.shape[0], -1), np.zeros(1), np.full(1, float(noise)))
        img += sensor
    return np.clip(img, 0, 255, out=img).astype(np.uint8)


def _draw_arm(img: np.ndarray, reach: Reach, hand: np.ndarray) -> None:
    d = np.asarray(reach.direction)
    h, w = img.shape[:2]
    wrist = hand + d * reach.hand_len * 0.8
    elbow = hand + d * 900.0
    mask = np.zeros((h, w), np.uint8)
    cv2.line(mask, _pt(wrist), _pt(elbow), 255, int(reach.arm_w), cv2.LINE_AA)
    angle = math.degrees(math.atan2(d[1], d[0]))
    axes = (int(reach.hand_len), int(reach.hand_w))
    cv2.ellipse(mask, _pt(hand), axes, angle, 0, 360, 255, -1, cv2.LINE_AA)
    bx, by, bw, bh = cv2.boundingRect(mask)
    if bw == 0 or bh == 0:
        return
    m = 30  # room for the shadow
    x0, y0 = max(bx - m, 0), max(by - m, 0)
    x1, y1 = min(bx + bw + m, w), min(by + bh + m, h)
    sub = img[y0:y1, x0:x1]
    msk = mask[y0:y1, x0:x1]
    soft = msk.astype(np.float32) / 255.0
    cast = np.zeros_like(msk)
    cast[7:, 5:] = msk[:-7, :-5]
    sh = cv2.GaussianBlur(cast, (0, 0), 5).astype(np.float32) / 255.0
    sub *= on_channels(1 - 0.35 * sh)
    dist = cv2.distanceTransform((msk > 127).astype(np.uint8), cv2.DIST_L2, 3)
    shade = np.clip(0.72 + dist / (reach.arm_w * 0.5) * 0.33, 0.72, 1.05)
    if reach.sleeve is not None:
        sleeve = along_from(hand, d, x0, y0, x1, y1) > reach.hand_len * 1.6
        colour = paint(sub.shape, reach.skin, reach.sleeve, sleeve)
    else:
        colour = paint(sub.shape, reach.skin)
    lay_over(sub, colour, soft, shade * soft)


def _pt(p: np.ndarray) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))

"""A hand the colour of the table: seen only where it lies over the bell, cut off from its sleeve.

On a wooden table a hand of the wood's colour does not stand out from it (or only as a
shadow would); over the bell's dark foot and chrome dome it does. The foreground then shows
a sleeve that ends short of the bell and, on the bell, a piece that no arm explains. This
module says when that piece is the sleeve's hand, from what the picture shows:

- the sleeve is no hand: its front is not of a skin's hue (a visible hand's front would be its
  own fingertips, with nothing hidden beyond them);
- a hand could hide there: the learned empty table between the sleeve's front and the piece is
  of a skin's hue, and the piece on the bell has the table's colour (or a shadow's ratio of it),
  which is why the stretch between went unseen;
- the piece lies beyond the sleeve's front, within a hand's length, across its line;
- the two move as one: the sleeve's front and the piece's far end advance together, the same
  distance each frame, two frames running (afterwards the link is kept while the piece stays
  where the arm held it, see ``hands``).

Skin hues are the classic YCrCb box of Chai and Ngan (1999): a property of skin, not of any
table or renderer.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np

# Chai & Ngan (1999): skin lies in Cr 133..173, Cb 77..127 whatever its lightness.
SKIN_CR = (133.0, 173.0)
SKIN_CB = (77.0, 127.0)


@dataclass(frozen=True)
class Pair:
    """One arm and one piece on the bell in one frame, along the arm's line (work px)."""

    t: float
    front: float  # the arm's front, along its line from where it enters
    far: float  # the piece's far end, along the same line


def skin_hued(bgr: np.ndarray) -> bool:
    """Whether the median of these colours (N x 3, BGR) has a skin's hue."""
    if len(bgr) == 0:
        return False
    pixel = np.clip(np.median(np.asarray(bgr, np.float32), 0), 0, 255).astype(np.uint8)
    _, cr, cb = cv2.cvtColor(pixel.reshape(1, 1, 3), cv2.COLOR_BGR2YCrCb)[0, 0]
    return SKIN_CR[0] <= float(cr) <= SKIN_CR[1] and SKIN_CB[0] <= float(cb) <= SKIN_CB[1]


def unseen_against(
    colour: np.ndarray, table: np.ndarray, diff: float, shadow_lo: float, spread: float
) -> bool:
    """Whether a hand of `colour` (BGR) would go unseen against `table`: close to it in every
    channel (within `diff`), or darker in about the same ratio in every channel (down to
    `shadow_lo`, the ratios within `spread` of each other), as a shadow is, which the
    foreground leaves out."""
    colour = np.asarray(colour, np.float64)
    table = np.asarray(table, np.float64)
    if float(np.abs(colour - table).max()) <= diff:
        return True
    ratio = (colour + 4.0) / (table + 4.0)
    return bool(shadow_lo <= ratio.min() and ratio.max() <= 1.0 and np.ptp(ratio) <= spread)


def in_step(
    pairs: list[Pair], now: Pair, min_step: float, tolerance: float, *, net: bool = False
) -> bool:
    """Whether the arm's front and the piece's far end advanced together in each of the last
    steps up to `now` (`pairs` are the frames before, oldest first): each step forward by more
    than `min_step`, the two steps within `tolerance` of each other (a rigid arm). With `net`,
    the two ends' advances over both steps together are within `tolerance` instead: a read off
    in the middle frame (a sleeve's end with no pixel inside its edge) adds to one step what
    it takes from the next."""
    steps = [*pairs, now][-3:]
    if len(steps) < 3:
        return False
    for a, b in itertools.pairwise(steps):
        front, far = b.front - a.front, b.far - a.far
        if front <= min_step or far <= min_step:
            return False
        if not net and abs(far - front) > tolerance:
            return False
    front, far = steps[2].front - steps[0].front, steps[2].far - steps[0].far
    return abs(far - front) <= tolerance

"""A light that changes smoothly over a read area, as the table around a pile shows it: a
quadratic surface fitted to the read area's rim, again without the rim's pixels far from the
fit (a pile's cards or an arm crossing the rim). ``arms._lit_table`` fits the table's colour
so, ``light.evened_read_area`` its brightness."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from halli_pi.vision.reader.reading import median_1d
from halli_pi.vision.reader.tuning import TUNING as T


@lru_cache(maxsize=32)
def quadratic_terms(shape: tuple[int, int]) -> np.ndarray:
    """The terms 1, x, y, x², xy, y² of every pixel of an area of ``shape`` (h, w), x and y
    running from -0.5 to 0.5 across it: one row a pixel. Made once a shape (read only): the
    read areas of a table's zones keep their shapes from frame to frame."""
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    x, y = (xx / max(w - 1, 1) - 0.5).ravel(), (yy / max(h - 1, 1) - 0.5).ravel()
    terms = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], 1)
    terms.flags.writeable = False
    return terms


def fit_to_rim(
    values: np.ndarray, shape: tuple[int, int], floor: float = 0.0, pad: float = 0.0
) -> tuple[np.ndarray, np.ndarray] | None:
    """``values`` (one row a pixel of an area of ``shape``, one column a channel) fitted as a
    quadratic surface (``quadratic_terms``) to the area's rim, ``Tuning.lit_table_rim``
    pixels wide, in four rounds: after the first, the rim's worse half is left out (a fit
    through an arm, or a pile's cards across the rim, lies nearer the table on the better
    half); after each later one, the rim's pixels off the fit by ``Tuning.lit_table_keep``
    times its spread (plus ``pad``) or more, though never by less than ``floor``. The
    surface's coefficients and each pixel's distance from it; None when the area is too
    small for a rim or too few of the rim's pixels are left."""
    h, w = shape
    k = T.lit_table_rim
    if h <= 4 * k or w <= 4 * k:
        return None
    rim = np.zeros((h, w), bool)
    rim[:k], rim[-k:], rim[:, :k], rim[:, -k:] = True, True, True, True
    keep = rim.ravel()
    terms = quadratic_terms(shape)
    # The rounds before the last only weigh the rim's pixels: they are taken out once, and
    # each pixel's distance from the fit is worked out over the whole area only at the end.
    rim_terms, rim_values = terms[keep], values[keep]
    fit_on = np.ones(len(rim_terms), bool)  # of the rim's pixels
    coef = np.zeros((terms.shape[1], values.shape[1]), np.float32)
    for i in range(4):
        if np.count_nonzero(fit_on) < 4 * terms.shape[1]:
            return None
        coef = np.linalg.lstsq(rim_terms[fit_on], rim_values[fit_on], rcond=None)[0]
        if i == 3:
            break
        off = np.linalg.norm(rim_values - rim_terms @ coef, axis=1).astype(np.float32)
        if i == 0:
            fit_on = off <= median_1d(off)
        else:
            spread = float(median_1d(off[fit_on])) / 0.6745 + pad
            fit_on = off < max(floor, T.lit_table_keep * spread)
    return coef, np.linalg.norm(values - terms @ coef, axis=1).astype(np.float32)

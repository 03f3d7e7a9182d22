"""sRGB levels and linear light: a camera's 8-bit values encode light through sRGB's curve;
light adds (a reflection, a veil of it) only once decoded."""

from __future__ import annotations

import numpy as np


def to_linear(v: np.ndarray) -> np.ndarray:
    """sRGB levels (0 to 255) as linear light (0 to 1: the sensor's top)."""
    x = np.clip(np.asarray(v, np.float32), 0.0, None) / np.float32(255.0)
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4).astype(np.float32)


def to_srgb(lin: np.ndarray) -> np.ndarray:
    """Linear light (1: the sensor's top; more is kept, to clip later) as sRGB levels."""
    x = np.clip(np.asarray(lin, np.float32), 0.0, None)
    out = np.where(x <= 0.0031308, x * 12.92, 1.055 * x ** (1 / 2.4) - 0.055)
    return (255.0 * out).astype(np.float32)

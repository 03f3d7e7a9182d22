"""Table surfaces for the held-out scenes (``bench/heldout``), made without the renderer.

Real textures are photos that scikit-image ships inside its wheel (brick, gravel, grass, a
starry deep-field taken for dark speckled stone, the lunar surface, and the wooden table
under the coffee cup); they are read straight from the installed package's data folder, so
nothing is downloaded, and when scikit-image is not installed the ``photo`` tables fall back
to the procedural ones (``photo_names()`` is then empty). The procedural ones are drawn here:
wood grain (rings bent by slow noise, fibres along the grain), cloth weave (felt), a dark
cloth with folds, plain grey or beige, and red.

Every surface is float32 BGR in 0..255 at the requested size, deterministic in the generator
it is given, with its features sized from ``card_w`` (the card's width in pixels), so a
table looks the same at any resolution.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

TABLE_KINDS = ("photo", "wood", "felt", "dark", "plain", "red")

# Photo textures: file in skimage/data, crop (y0, y1, x0, x1) or None, colour or grey.
_PHOTOS: dict[str, tuple[str, tuple[int, int, int, int] | None]] = {
    "brick": ("brick.png", None),
    "gravel": ("gravel.png", None),
    "grass": ("grass.png", None),
    "stone": ("moon.png", None),
    "granite": ("hubble_deep_field.jpg", None),
    "oak": ("coffee.png", (0, 400, 0, 100)),  # the table's edge left of the cup
}
# Colours a grey photo is tinted with (BGR): tiles, linoleum, stone, a garden table.
_PHOTO_TINTS = [(150, 160, 170), (120, 140, 160), (90, 110, 120), (160, 150, 140), (70, 75, 80)]
_WOODS = [(70, 120, 175), (45, 80, 125), (95, 150, 200), (30, 55, 90), (60, 100, 150)]
_CLOTHS = [(50, 120, 40), (120, 80, 40), (60, 60, 60), (120, 110, 100), (40, 90, 120)]
_DARKS = [(30, 28, 26), (40, 30, 25), (25, 25, 35), (45, 40, 38)]
_PLAINS = [(128, 128, 128), (150, 150, 146), (160, 190, 205), (140, 170, 185), (95, 97, 100)]
_REDS = [(40, 40, 170), (50, 45, 140), (35, 30, 200), (60, 60, 150)]


def _data_dir() -> Path | None:
    spec = importlib.util.find_spec("skimage")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data"
    return path if path.is_dir() else None


def photo_names() -> list[str]:
    """The photo textures installed here (empty without scikit-image)."""
    root = _data_dir()
    if root is None:
        return []
    return [name for name, (file, _) in _PHOTOS.items() if (root / file).is_file()]


@lru_cache(maxsize=8)
def _photo(name: str) -> np.ndarray:
    file, crop = _PHOTOS[name]
    root = _data_dir()
    img = cv2.imread(str(root / file), cv2.IMREAD_COLOR) if root else None
    if img is None:
        raise FileNotFoundError(file)
    if crop is not None:
        y0, y1, x0, x1 = crop
        img = img[y0:y1, x0:x1]
    return img


def _noise(rng: np.random.Generator, shape: tuple[int, int], cell: float) -> np.ndarray:
    """Smooth noise of unit spread whose features are about ``cell`` pixels."""
    h, w = shape
    gh, gw = max(2, int(h / max(cell, 1.0)) + 2), max(2, int(w / max(cell, 1.0)) + 2)
    small = rng.standard_normal((gh, gw)).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return big / (big.std() + 1e-6)


def _stretched(rng, shape: tuple[int, int], cell_x: float, cell_y: float) -> np.ndarray:
    """Smooth noise of unit spread with features ``cell_x`` long and ``cell_y`` high."""
    h, w = shape
    gh = max(2, int(h / max(cell_y, 1.0)) + 2)
    gw = max(2, int(w / max(cell_x, 1.0)) + 2)
    small = rng.standard_normal((gh, gw)).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return big / (big.std() + 1e-6)


def _fine(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    return rng.standard_normal(shape, dtype=np.float32)


def _tile(img: np.ndarray, size: tuple[int, int], scale: float, rng) -> np.ndarray:
    """``img`` scaled by ``scale`` and mirrored-tiled over ``size``, from a random offset."""
    w, h = size
    small = cv2.resize(
        img,
        None,
        fx=scale,
        fy=scale,
        interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC,
    )
    sh, sw = small.shape[:2]
    block = np.vstack(
        [np.hstack([small, small[:, ::-1]]), np.hstack([small[::-1], small[::-1, ::-1]])]
    )
    reps = (h // (2 * sh) + 2, w // (2 * sw) + 2) + ((1,) if block.ndim == 3 else ())
    tiled = np.tile(block, reps)
    oy, ox = int(rng.integers(0, 2 * sh)), int(rng.integers(0, 2 * sw))
    return tiled[oy : oy + h, ox : ox + w]


def photo(name: str, size: tuple[int, int], card_w: float, rng) -> np.ndarray:
    img = _photo(name)
    # A brick or a stone a little smaller than a card; the wood's grain as wide as a card.
    scale = card_w * float(rng.uniform(3.0, 6.0)) / img.shape[1]
    if name == "oak":
        scale = card_w * float(rng.uniform(1.5, 2.5)) / img.shape[1]
    t = _tile(img, size, scale, rng).astype(np.float32)
    grey = t.mean(2, keepdims=True)
    if name == "oak":
        return t
    tint = np.array(_PHOTO_TINTS[int(rng.integers(len(_PHOTO_TINTS)))], np.float32)
    if name == "granite":
        return 25 + grey * 0.8 * tint / 255  # dark with bright specks
    # Keep the photo's contrast, around the tint.
    return np.clip(tint + (grey - grey.mean()) * float(rng.uniform(0.5, 0.9)), 0, 255)


def wood(size: tuple[int, int], card_w: float, rng) -> np.ndarray:
    vertical = rng.random() < 0.5  # boards along the image's height: drawn across, turned
    w, h = (size[1], size[0]) if vertical else size
    base = np.array(_WOODS[int(rng.integers(len(_WOODS)))], np.float32)
    base = base * float(rng.uniform(0.85, 1.15))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # Boards along x: the growth rings are thin dark lines across y, bent slowly (the bend
    # changes much more slowly along the grain than across it); fibres are streaks along x.
    board = card_w * float(rng.uniform(2.5, 4.5))
    offset = float(rng.uniform(0, board))
    index = np.floor((yy + offset) / board)
    bend = _stretched(rng, (h, w), card_w * 6, card_w * 1.2)
    across = yy + card_w * 0.3 * bend + index * float(rng.uniform(5, 50)) * card_w
    period = card_w * float(rng.uniform(0.07, 0.18))
    rings = (0.5 + 0.5 * np.sin(across / period * 2 * np.pi)) ** 6
    fibres = _stretched(rng, (h, w), card_w * 3, max(1.0, card_w * 0.02))
    shade = 1 - 0.25 * rings + 0.04 * fibres + 0.02 * _fine(rng, (h, w))
    # Each board a little lighter or darker, and a dark joint between boards.
    tone = np.random.default_rng(int(rng.integers(2**31))).uniform(0.9, 1.1, 64)
    shade *= tone[index.astype(np.int64) % 64]
    joint = (np.mod(yy + offset, board) < max(1.0, card_w * 0.02)).astype(np.float32)
    shade *= 1 - 0.35 * joint
    img = shade[..., None] * base
    return np.ascontiguousarray(img.transpose(1, 0, 2)) if vertical else img


def weave(size: tuple[int, int], card_w: float, rng, colour) -> np.ndarray:
    w, h = size
    period = max(2.0, card_w * float(rng.uniform(0.03, 0.07)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    threads = np.sin(xx / period * 2 * np.pi) * np.sin(yy / period * 2 * np.pi)
    fuzz = cv2.GaussianBlur(_fine(rng, (h, w)), (0, 0), max(0.6, period * 0.3))
    slow = _noise(rng, (h, w), card_w * 3)
    shade = 1 + 0.06 * threads + 0.08 * fuzz + 0.05 * slow
    return shade[..., None] * np.array(colour, np.float32)


def dark_cloth(size: tuple[int, int], card_w: float, rng) -> np.ndarray:
    w, h = size
    img = weave(size, card_w, rng, _DARKS[int(rng.integers(len(_DARKS)))])
    folds = _noise(rng, (h, w), card_w * float(rng.uniform(1.5, 3)))
    return img * (1 + 0.18 * np.tanh(folds))[..., None]


def plain(size: tuple[int, int], card_w: float, rng, colour=None) -> np.ndarray:
    w, h = size
    if colour is None:
        colour = _PLAINS[int(rng.integers(len(_PLAINS)))]
    col = np.array(colour, np.float32) * float(rng.uniform(0.9, 1.1))
    shade = 1 + 0.03 * _noise(rng, (h, w), card_w * 4) + 0.015 * _fine(rng, (h, w))
    return shade[..., None] * col


def red(size: tuple[int, int], card_w: float, rng) -> np.ndarray:
    colour = _REDS[int(rng.integers(len(_REDS)))]
    if rng.random() < 0.5:
        return weave(size, card_w, rng, colour)
    return plain(size, card_w, rng, colour)


def table_surface(kind: str, size: tuple[int, int], card_w: float, rng) -> np.ndarray:
    """A table of ``kind`` (one of ``TABLE_KINDS``), float32 BGR, ``size`` = (w, h)."""
    if kind == "photo":
        names = photo_names()
        if not names:
            return wood(size, card_w, rng)
        return photo(names[int(rng.integers(len(names)))], size, card_w, rng)
    if kind == "wood":
        return wood(size, card_w, rng)
    if kind == "felt":
        return weave(size, card_w, rng, _CLOTHS[int(rng.integers(len(_CLOTHS)))])
    if kind == "dark":
        return dark_cloth(size, card_w, rng)
    if kind == "plain":
        return plain(size, card_w, rng)
    if kind == "red":
        return red(size, card_w, rng)
    raise ValueError(f"no table kind {kind!r} (one of {', '.join(TABLE_KINDS)})")

"""A Hawaiki layout's pile zones (HAWAIKI.md §2): ``piles`` (the three discard piles) and an
optional ``stock`` (the draw pile). Seats and their zones are optional here: hands are never on
the table. Zones are checked as SPEC §2's are (``vision.layout``), and errors name the file
and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from halli_pi.errors import ConfigError, InputError
from halli_pi.vision.layout import _check_zone, _parse_zone

N_PILES = 3


@dataclass(frozen=True)
class PileLayout:
    image_size: tuple[int, int]
    piles: list[np.ndarray]  # zone of pile k at index k
    stock: np.ndarray | None = None

    def scaled_to(self, image_size: tuple[int, int]) -> PileLayout:
        """The zones for an image of another size (a layout drawn at 640x480, a 4K frame)."""
        kx = image_size[0] / self.image_size[0]
        ky = image_size[1] / self.image_size[1]
        k = np.array([kx, ky], np.float32)
        return PileLayout(
            image_size,
            [z * k for z in self.piles],
            None if self.stock is None else self.stock * k,
        )

    def centre(self, pile: int) -> tuple[float, float]:
        c = self.piles[pile].mean(0)
        return (float(c[0]), float(c[1]))


def has_piles(obj: Any) -> bool:
    """Whether a layout object is a Hawaiki one (it has ``piles``)."""
    return isinstance(obj, dict) and "piles" in obj


def parse_pile_layout(obj: Any) -> PileLayout:
    """The pile zones of a layout object; InputError naming the field on bad input."""
    if not isinstance(obj, dict):
        raise InputError(f"a layout is a JSON object, got {type(obj).__name__}")
    size = obj.get("image_size")
    if not (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in size)
    ):
        raise InputError(
            f"must be [width, height] in whole pixels, got {size!r:.60}", field="image_size"
        )
    image_size = (size[0], size[1])
    raw = obj.get("piles")
    if not isinstance(raw, list) or len(raw) != N_PILES:
        raise InputError(f"must list the {N_PILES} discard piles, got {raw!r:.60}", field="piles")
    zones: dict[int, np.ndarray] = {}
    for i, entry in enumerate(raw):
        here = f"piles[{i}]"
        if not isinstance(entry, dict) or "zone" not in entry:
            raise InputError(f'must be {{"pile": k, "zone": [...]}}, got {entry!r:.60}', field=here)
        k = entry.get("pile", i)
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < N_PILES:
            raise InputError(f"must be 0, 1 or 2, got {k!r:.60}", field=f"{here}.pile")
        if k in zones:
            raise InputError(f"pile {k} appears twice", field=f"{here}.pile")
        zone = _parse_zone(entry["zone"], f"{here}.zone")
        _check_zone(zone, image_size, f"{here}.zone")
        zones[k] = zone
    stock = None
    raw_stock = obj.get("stock")
    if raw_stock is not None:
        if not isinstance(raw_stock, dict) or "zone" not in raw_stock:
            raise InputError(
                f'must be {{"zone": [[x, y], ...]}}, got {raw_stock!r:.60}', field="stock"
            )
        stock = _parse_zone(raw_stock["zone"], "stock.zone")
        _check_zone(stock, image_size, "stock.zone")
    return PileLayout(image_size, [zones[k] for k in range(N_PILES)], stock)


def load_pile_layout(path: str | Path) -> PileLayout:
    """Read and check a Hawaiki layout file; every problem is a ConfigError naming it."""
    where = str(path)
    try:
        obj = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("no such layout file", where=where) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read layout: {err}", where=where) from None
    except json.JSONDecodeError as err:
        raise ConfigError(f"not valid JSON: {err.msg}", where=f"{where}:{err.lineno}") from None
    try:
        return parse_pile_layout(obj)
    except InputError as err:
        raise ConfigError(err.message, where=where, field=err.field) from None


def pile_layout_or_none(path: str | Path) -> PileLayout | None:
    """The file's pile zones when it is a Hawaiki layout (it has ``piles``), else None (a
    SPEC §2 layout, read by seat)."""
    try:
        obj = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None  # the SPEC §2 loader reports what is wrong with the file
    return load_pile_layout(path) if has_piles(obj) else None


def layout_json(zones: list[np.ndarray], image_size: tuple[int, int]) -> dict[str, Any]:
    """A layout object for these pile zones (for rendered tables and tests)."""
    return {
        "image_size": list(image_size),
        "piles": [
            {"pile": k, "zone": [[round(float(x), 1), round(float(y), 1)] for x, y in z]}
            for k, z in enumerate(zones)
        ],
    }

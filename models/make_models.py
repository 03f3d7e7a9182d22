"""Remake the card reader's colour profiles from the project's own rendered cards.

    .venv/bin/python models/make_models.py            # writes models/classic.json

Each kind's colour (median a/b of its symbols on a white-normalised card, in Lab) and one
symbol's area (fraction of the card) are measured on single cards rendered by
halli_pi.vision.render under many random looks (warm and cool light, blur, noise, JPEG), using
the renderer's exact corners. No outside data is used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from halli_pi.cards import FRUITS, parse_card
from halli_pi.vision.reader import KindModel, Profile, _warp, blobs
from halli_pi.vision.render import Art, SeatState, random_look, render_scene

HERE = Path(__file__).resolve().parent


def measure(kinds: list[str], *, scenes: int = 30, seed: int = 1000) -> Profile:
    abs_: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    areas: dict[str, list[float]] = {k: [] for k in kinds}
    for i in range(scenes):
        rng = np.random.default_rng(seed + i)
        for count in (1, 2, 3):
            seats = [SeatState((parse_card(f"{count} {k}"),)) for k in kinds]
            scene = render_scene(seats, seed=seed + i * 7 + count, look=random_look(rng))
            for kind, label in zip(kinds, scene.labels, strict=True):
                got = blobs(_warp(scene.frame, label.corners)) or []
                big = [b for b in got if b.area >= 0.3 * got[0].area] if got else []
                if len(big) != count:
                    continue
                for b in big:
                    abs_[kind].append(b.ab)
                    areas[kind].append(b.area)
    models = []
    for k in kinds:
        ab = np.array(abs_[k])
        centre = np.median(ab, axis=0)
        spread = float(np.percentile(np.linalg.norm(ab - centre, axis=1), 90)) / 2
        models.append(
            KindModel(k, (float(centre[0]), float(centre[1])), spread, float(np.median(areas[k])))
        )
        print(
            f"{k:12s} n={len(ab):4d} ab={centre.round(1)} std={spread:.1f} "
            f"unit={np.median(areas[k]):.4f}",
            file=sys.stderr,
        )
    return Profile("classic", models, made_by="models/make_models.py: rendered project art")


def main() -> None:
    profile = measure(list(FRUITS))
    (HERE / "classic.json").write_text(json.dumps(profile.to_json(), indent=1) + "\n")


if __name__ == "__main__":
    _ = Art
    main()

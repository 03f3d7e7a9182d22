"""Remake the card reader's colour profiles from the project's own rendered cards.

    .venv/bin/python models/make_models.py      # writes models/classic.json and twist.json

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

from halli_pi.cards import FRUITS, parse_card, twist_deck
from halli_pi.vision.reader import KindModel, Profile, _warp, blobs
from halli_pi.vision.render import SeatState, random_look, render_scene
from halli_pi.vision.teach import save_profile, teach

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
                    areas[kind].append(b.core)
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


def teach_twist(seed: int = 2000) -> Profile:
    """The Twist model as `halli-pi teach` makes it: every card of the deck rendered alone
    under an easy random look, each label confirmed (here by the renderer's truth)."""
    deck = twist_deck()
    zone = [np.array([[250, 170], [390, 170], [390, 310], [250, 310]], np.float32)]
    frames = (
        render_scene(
            [SeatState((c,))],
            zone,
            seed=seed + i,
            look=random_look(np.random.default_rng(seed + i), hard=False),
        ).frame
        for i, c in enumerate(deck)
    )
    answers = iter(str(c) for c in deck)
    return teach(frames, lambda _p: next(answers), lambda _m: None, "twist")


def main() -> None:
    profile = measure(list(FRUITS))
    profile.mixed = False  # a classic card shows one kind
    (HERE / "classic.json").write_text(json.dumps(profile.to_json(), indent=1) + "\n")
    # Clone decks: the same fruits, several kinds on one card.
    profile.name, profile.mixed = "clone", True
    (HERE / "clone.json").write_text(json.dumps(profile.to_json(), indent=1) + "\n")
    save_profile(teach_twist(), HERE / "twist.json")


if __name__ == "__main__":
    main()

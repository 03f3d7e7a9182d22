"""The Hawaiki reader's model: each colour's ink, one pip's size, the colour's animal.

It is a reader profile (``Profile``, the Halli Galli reader's format: one ``KindModel`` per
colour, with the animal's shape descriptors as ``shapes``), loaded by name like any other:
``models/hawaiki.json`` for the project's own deck, or a deck taught at the table
(``teach.py``). ``make_profile`` remakes the shipped one from the project's rendered faces:
``python -m halli_pi.vision.hawaiki.model [OUT]``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from halli_pi.rules.hawaiki.cards import COLOURS
from halli_pi.vision.reader import WARP_SIZE, KindModel, Profile, _warp, blobs, load_profile
from halli_pi.vision.reader.profile import models_dir, taught_dir

MODEL_NAME = "hawaiki"
# Who made the shipped model: the project's own deck, whose print layout (``art.PIP_SPOTS``)
# the reader knows. A deck taught at the table says otherwise, and its layout is not known.
OWN_DECK = "halli_pi/vision/hawaiki/model.py: rendered tables"
_SHAPES_KEPT = (
    48  # animal descriptors kept per colour: pips seen at several turns, styles and sizes
)


Layout = dict[int, list[tuple[float, float]]]  # each value's pip centres, fractions of the card


@dataclass
class HawaikiProfile(Profile):
    """A Hawaiki model that knows where its deck prints each value's pips (``layout``, as
    ``art.PIP_SPOTS`` does for the project's own deck): a deck taught at the table with one
    card of each value. Saved and loaded as a profile with a ``layout`` field beside it."""

    layout: Layout | None = None

    def to_json(self) -> dict:
        obj = super().to_json()
        if self.layout:
            obj["layout"] = {
                str(v): [[round(u, 4), round(w, 4)] for u, w in spots]
                for v, spots in sorted(self.layout.items())
            }
        return obj


def layout_of(obj: dict) -> Layout | None:
    """The ``layout`` a model's JSON holds (None when it has none, or it is not one)."""
    raw = obj.get("layout")
    if not isinstance(raw, dict):
        return None
    try:
        out = {int(v): [(float(u), float(w)) for u, w in spots] for v, spots in raw.items()}
    except (TypeError, ValueError):
        return None
    # A value's layout has that many pips; one value missing or miscounted: none at all.
    return out if sorted(out) == list(range(1, 8)) and all(len(out[v]) == v for v in out) else None


def face_at_work_scale(face: np.ndarray, blur: float = 0.0) -> np.ndarray:
    """A face as the reader sees it after warping a card of a real table: the warp's size,
    softened by the resampling (and ``blur``: a camera's)."""
    img = cv2.resize(face, WARP_SIZE, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(img, (0, 0), blur) if blur > 0 else img


def kind_from_samples(
    colour: str, abs_: list[tuple[float, float]], cores: list[float], shapes: list[list[float]]
) -> KindModel:
    """One colour's model from the pips seen of it: their ink, size and animal."""
    ab = np.array(abs_, np.float64)
    med = np.median(ab, 0)
    spread = float(np.median(np.linalg.norm(ab - med, axis=1))) * 1.4826 + 1.0
    step = max(1, len(shapes) // _SHAPES_KEPT)
    return KindModel(
        colour,
        (float(med[0]), float(med[1])),
        spread,
        float(np.median(cores)),
        [list(s) for s in shapes[::step][:_SHAPES_KEPT]],
    )


# The scenes the model is made from: the tuning looks only (``render.tuning_look``,
# ``render.wide_look``, the same tables at every card size and lamp, so the animal is known as
# a small or a large card shows it, and ``render.rough_look`` without its reflections, so it
# is known as the smallest cards, dim lamps and strong compression leave it), seeds the
# benchmark never scores.
MODEL_SEEDS = range(5000, 5150)
WIDE_MODEL_SEEDS = range(5150, 5300)
ROUGH_MODEL_SEEDS = range(5300, 5450)


def make_profile() -> Profile:
    """The model of the project's own deck: each colour's pips as the reader sees them on
    rendered tables of the tuning looks (through a camera's blur, light and JPEG, which
    spread a pip and pale its ink), warped from the labelled top cards' outlines."""
    from halli_pi.rules.hawaiki.cards import hawaiki_deck
    from halli_pi.vision.hawaiki.render import (
        random_piles,
        render_piles,
        rough_look,
        tuning_look,
        wide_look,
    )

    samples: dict[str, tuple[list, list, list]] = {c: ([], [], []) for c in COLOURS}
    deck = hawaiki_deck()
    looks = (
        [(s, tuning_look(s)) for s in MODEL_SEEDS]
        + [(s, wide_look(s)) for s in WIDE_MODEL_SEEDS]
        # A reflection is no part of a pip's ink or shape.
        + [(s, replace(rough_look(s), glare=0.0)) for s in ROUGH_MODEL_SEEDS]
    )
    for seed, look in looks:
        scene = render_piles(random_piles(seed, deck, p_arm=0.0), seed, look=look)
        for label in scene.labels:
            if label.card is None or label.corners is None:
                continue
            abs_, cores, shapes = samples[label.card.colour]
            for b in blobs(_warp(scene.frame, label.corners), with_shape=True) or []:
                if b.touches_edge or b.chroma_frac < 0.3:
                    continue
                abs_.append(b.ab)
                cores.append(b.core)
                shapes.append(b.shape)
    kinds = [kind_from_samples(c, *samples[c]) for c in COLOURS if samples[c][0]]
    return Profile(MODEL_NAME, kinds, OWN_DECK, False)


def load_hawaiki_profile(name: str = MODEL_NAME) -> Profile:
    """A Hawaiki model by name (a deck taught here first, then the shipped one) or path; a
    ``HawaikiProfile`` when it was taught with its print layout."""
    if name.endswith(".json") or (taught_dir() / f"{name}.json").is_file():
        profile = load_profile(name)
        path = Path(name) if name.endswith(".json") else taught_dir() / f"{name}.json"
        layout = layout_of(json.loads(path.read_text(encoding="utf-8")))
        if layout is None:
            return profile
        return HawaikiProfile(profile.name, profile.kinds, profile.made_by, profile.mixed, layout)
    # The model shipped with this source tree, also when it runs in place with an install of
    # another tree on the path (whose models/ folder the package's name would find).
    here = Path(__file__).resolve().parents[3] / "models" / f"{name}.json"
    return load_profile(str(here) if here.is_file() else name)


def main(argv: list[str]) -> int:
    out = argv[0] if argv else str(models_dir() / f"{MODEL_NAME}.json")
    with open(out, "w") as f:
        json.dump(make_profile().to_json(), f, indent=1)
        f.write("\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

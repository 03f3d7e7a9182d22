"""A second opinion on a card the blob reader read: a small network (models/card_net.onnx,
made by models/train_card_net.py) that reads the upright card as a count per fruit, run
through OpenCV's ``cv2.dnn`` (no other runtime). A card is claimed only when both agree and
the network is sure of every fruit's count; otherwise the reading is doubted.

Only for the fruit decks it was trained on (the classic deck, its Deluxe fives, clone decks
that mix two fruits); a taught deck of other symbols (Twist) has no second opinion.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from halli_pi.cards import Card
from halli_pi.vision.reader.profile import Profile, models_dir

KINDS = ("banana", "strawberry", "lime", "plum")  # the network's heads, in its order
MAX_COUNT = 5
MODEL_FILE = "card_net.onnx"


def net_input(card_img: np.ndarray) -> np.ndarray:
    """What the network sees (1 x 3 x H x W, float32): the upright card scaled by its own
    bright level, so the light's strength does not matter. (The training script uses this.)"""
    f = card_img.astype(np.float32)
    level = float(np.percentile(f.max(axis=2), 95)) + 1.0
    x = np.clip(f / level, 0.0, 1.2)
    return np.ascontiguousarray(x.transpose(2, 0, 1)[None], np.float32)


@lru_cache(maxsize=1)
def _net(path: str) -> cv2.dnn.Net | None:
    if not Path(path).is_file():
        return None
    net = cv2.dnn.readNetFromONNX(path)
    net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
    return net


def available() -> bool:
    return _net(str(models_dir() / MODEL_FILE)) is not None


def applies_to(profile: Profile) -> bool:
    """The profile's kinds are fruits the network reads (and it is on disk)."""
    return {k.kind for k in profile.kinds} <= set(KINDS) and available()


def opinion(card_img: np.ndarray) -> tuple[dict[str, int], float]:
    """The network's count per fruit (fruits counted 0 left out) and how sure it is of the
    least sure fruit (0..1)."""
    net = _net(str(models_dir() / MODEL_FILE))
    if net is None:
        raise FileNotFoundError(MODEL_FILE)
    net.setInput(net_input(card_img))
    logits = net.forward().reshape(len(KINDS), MAX_COUNT + 1)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    counts = {k: int(n) for k, n in zip(KINDS, p.argmax(1), strict=True) if n > 0}
    return counts, float(p.max(1).min())


def agrees(card_img: np.ndarray, card: Card, sure: float) -> bool:
    counts, certainty = opinion(card_img)
    return certainty >= sure and counts == {kind: n for n, kind in card.groups}

"""Without a layout, a card a reflection washed is not read as another kind by its most
coloured part: a strawberry washed to peach keeps its green leaves, and the kind of its
unwashed part must be one of the two kinds its whole colour lies between (crowded tuning seed
382513: a 1 strawberry, read 1 lime at one of the widths ``find_cards`` looks at)."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from halli_pi.bench.heldout import crowded_scene, tally_no_layout
from halli_pi.cards import parse_card
from halli_pi.vision.reader import Doubt, load_profile, read_card_image
from halli_pi.vision.reader.light import exposure, steady
from halli_pi.vision.reader.reading import _warp

# The washed 1 strawberry's outline on crowded tuning seed 382513 (1280x960).
_STRAWBERRY = np.array([[931, 185], [1092, 351], [821, 614], [660, 449]], np.float32)


def test_the_washed_strawberry_is_not_read_lime_at_a_quarter_width() -> None:
    scene = crowded_scene(382513)
    assert scene.in_view[0][0] == parse_card("1 strawberry")
    img = cv2.resize(scene.frame, (320, 240), interpolation=cv2.INTER_AREA)
    lit = steady(img, exposure(scene.frame))
    img = img if lit is None else lit[0]
    got = read_card_image(_warp(img, _STRAWBERRY / 4), load_profile(scene.profile))
    assert got.card is None
    assert got.doubt == Doubt.COLOUR_BETWEEN_KINDS


def test_no_wrong_card_on_crowded_tuning_seed_382513() -> None:
    tally: Counter = Counter()
    tally_no_layout(crowded_scene(382513), "crowded", tally)
    assert tally["crowded:wrong"] == 0

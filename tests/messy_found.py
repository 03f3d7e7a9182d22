"""A messy bench table (``bench.vision.messy_scene``) and the cards ``find_cards`` finds on it
with the classic profile, for the tests of finding cards without a layout."""

from __future__ import annotations

from functools import cache

from halli_pi.bench.vision import messy_scene
from halli_pi.vision.reader import Found, find_cards, load_profile
from halli_pi.vision.render import Scene


@cache
def messy_found(seed: int) -> tuple[Scene, tuple[Found, ...]]:
    """The messy table of ``seed`` and what the shipped reader finds on it, looked at once:
    several tests of a file ask about one table (a look is a second or more), and none of
    them patches the reader (a test that does must call ``find_cards`` itself)."""
    scene = messy_scene(seed)
    return scene, tuple(find_cards(scene.frame, load_profile("classic")))

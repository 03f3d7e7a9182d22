"""A read in steps (what the tracker runs, a step per frame at most) gives the plain read's
reading, and a costly read does take several steps."""

from __future__ import annotations

import numpy as np

from halli_pi.cards import classic_deck
from halli_pi.vision.reader import State, ZoneReader
from halli_pi.vision.render import default_zones, random_table, render_scene


def _in_steps(reader: ZoneReader, frame, zone, known):
    """The staged read driven one step at a time, as the tracker drives it: its reading and
    how many steps it took."""
    job = reader.read_zone_steps(frame, zone, known)
    steps = 0
    while True:
        steps += 1
        try:
            next(job)
        except StopIteration as done:
            return done.value, steps


def test_a_read_in_steps_gives_the_plain_reading():
    deck = classic_deck()
    zones = default_zones(6)
    many_steps = compared = 0
    for seed in range(700, 708):
        # Arms over some piles: their reads take the edge searches, in several steps.
        scene = render_scene(random_table(seed, deck, p_arm=0.3), zones, seed=seed)
        whole = ZoneReader("classic", learn=False).read(scene.frame, zones)
        known = [r for r in whole if r.state == State.CARD]
        for z, r in zip(zones, whole, strict=True):
            others = [o for o in known if o is not r]
            plain = ZoneReader("classic", learn=False).read_zone(scene.frame, z, others)
            staged, steps = _in_steps(ZoneReader("classic", learn=False), scene.frame, z, others)
            assert (staged.state, staged.card, staged.doubt, staged.why) == (
                plain.state,
                plain.card,
                plain.doubt,
                plain.why,
            )
            assert (staged.corners is None) == (plain.corners is None)
            if plain.corners is not None:
                assert np.array_equal(staged.corners, plain.corners)
            compared += 1
            many_steps += steps > 2
    assert compared == 48
    assert many_steps >= 10  # the costly reads were spread, not run in one step (32 here)

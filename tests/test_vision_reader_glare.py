"""Glare: a symbol paled by a lamp's reflection beside symbols of one kind is one of them; a
lone paled symbol stays a doubt (nothing says which kind it is)."""

from __future__ import annotations

from halli_pi.cards import classic_deck, parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import default_zones, random_table, render_scene, styled_look


def glare_reading(seed: int, seat: int):
    scene = render_scene(
        random_table(seed, classic_deck(), p_arm=0.1),
        default_zones(6),
        seed=seed,
        look=styled_look("glare", seed),
    )
    readings = read_zones(scene.frame, default_zones(6), load_profile("classic"))
    return scene.labels[seat], readings[seat]


def test_a_paled_banana_beside_three_bananas_is_counted() -> None:
    label, r = glare_reading(10, 1)
    assert label.card == parse_card("4 banana")
    assert r.state == State.CARD and r.card == label.card


def test_a_lone_paled_banana_stays_a_doubt() -> None:
    label, r = glare_reading(9, 3)
    assert label.card == parse_card("1 banana")
    assert r.state == State.UNKNOWN and r.doubt == Doubt.COLOUR_BETWEEN_KINDS

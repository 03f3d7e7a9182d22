"""Cards read wrong on fresh tuning seeds, each pinned by its scene (``bench_scene``) and read
as the bench reads a style scene: they must be doubted or read right, never claimed wrong."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.render import style_table


def _styled(kind: str, seed: int, style: str, seat: int):
    scene = bench_scene(kind, seed, style=style)
    zones = style_table(style, seed)[1]
    return scene.labels[seat], read_zones(scene.frame, zones, load_profile(profile_name(kind)))[
        seat
    ]


def test_symbols_that_touch_over_another_counts_places_are_no_count() -> None:
    # Tuning style dark, Deluxe: an outline run half off a 5 lime held a blob of two over a
    # 2's places beside two single limes: read 4 lime. A 4 prints no pair there.
    label, r = _styled("deluxe", 942007, "dark", 2)
    assert label.card == parse_card("5 lime")
    assert r.state != State.CARD, f"claimed {r.card}"

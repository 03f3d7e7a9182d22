"""Symbols that touch, counted by the profile's size alone (no single one of their kind on the
card to measure them by), must show as many lobes as symbols (card._fewer_lobes_than_symbols):
ink a hard compression bled around two symbols makes them the size of three, not the shape."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table


def _clone_jpeg(seed: int, seat: int):
    scene = bench_scene("clone", seed, 0.15, "jpeg")
    got = read_zones(scene.frame, style_table("jpeg", seed)[1], load_profile("clone"))[seat]
    return scene.labels[seat], got


def test_two_bananas_bled_to_the_size_of_three_are_not_counted_three() -> None:
    # Tuning style jpeg, clone deck: two touching bananas beside a plum measured 2.67
    # bananas, inside the band for 3, with no single banana to compare; read 3 banana + 1
    # plum. Their blob has two lobes.
    label, r = _clone_jpeg(240_524, 0)
    assert label.card == parse_card("2 banana + 1 plum")
    assert r.state == State.UNKNOWN and r.card is None
    assert r.doubt == Doubt.FEWER_LOBES_THAN_SYMBOLS


def test_a_pair_that_touches_beside_another_kind_is_still_read() -> None:
    # The same style: two limes that touch, beside a plum and with no single lime, show two
    # lobes for their two symbols.
    label, r = _clone_jpeg(240_501, 1)
    assert label.card == parse_card("2 lime + 1 plum")
    assert r.state == State.CARD and r.card == label.card

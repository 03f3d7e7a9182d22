"""A Deluxe silver five on a pale table, framed on its sides by the edge search, whose face the
blurred rims of its five big symbols cut apart once they are taken out as edges: found whole
(``outlines._grey_face_cut_by_its_print``) and read, where it read "no whole card"."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.render import style_table


def test_silver_five_cut_by_its_print_on_a_pale_table_is_found() -> None:
    # Tuning style pale, Deluxe, seed 2208000: seat 2's 5 lime (no card white on its face,
    # its grey one piece with the print's rims left in) read "no whole card"; the white
    # 4 strawberry at seat 1 and 4 banana at seat 5 read right beside it.
    scene = bench_scene("deluxe", 2208000, style="pale")
    zones = style_table("pale", 2208000)[1]
    readings = read_zones(scene.frame, zones, load_profile(profile_name("deluxe")))
    for seat, card in ((2, "5 lime"), (1, "4 strawberry"), (5, "4 banana")):
        assert scene.labels[seat].card == parse_card(card)
        r = readings[seat]
        assert r.state == State.CARD and r.card == parse_card(card), (seat, r.state, r.card, r.why)

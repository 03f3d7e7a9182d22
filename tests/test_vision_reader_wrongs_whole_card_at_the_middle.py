"""A wrong card off its place: the pile's bottom card lay fanned out whole beside the pile,
the cleaner of two whole outlines in the zone, while the top card over the zone's middle
had its white run into the cards under it. A whole outline beside the middle, with another
whole outline over the middle that reads another card, is not claimed
(``zone._another_whole_card_at_the_middle``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import load_profile
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.zone import read_zone
from halli_pi.vision.render import style_table


def test_a_bottom_card_fanned_out_beside_the_top_card_is_not_claimed() -> None:
    # Scans, style offzone, seed 1653000, seat 2: a 3 plum over the zone's middle, and the
    # pile's 2 banana whole beside it, its outline the cleaner, read 2 banana.
    scene = bench_scene("scan", 1653000, 0.15, "offzone")
    zone = style_table("offzone", 1653000)[1][2]
    first = read_zone(scene.frame, zone, load_profile("classic"))
    assert first.doubt is Doubt.WHOLE_CARD_AT_THE_MIDDLE
    label, got = read_styled("scan", "offzone", 1653000, 2)
    assert label.card == parse_card("3 plum")
    assert got.card is None


def test_the_other_piles_pushed_off_their_zones_still_read() -> None:
    for seat, card in ((0, "5 strawberry"), (3, "1 lime"), (5, "4 lime")):
        label, got = read_styled("scan", "offzone", 1653000, seat)
        assert got.card == label.card == parse_card(card)

"""Under a window's light, or a lamp's, the white of a top card and of the white card under
it both clip in each pixel's brightest channel, and the step between them leaves no edge
there: every look found no whole card. A last look searches the edges of the darkest
channel, which stays below the clip, once every look on the brightest channel's found none."""

from __future__ import annotations

import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import State, ZoneReader, load_profile
from halli_pi.vision.render import style_table
from tests.styled_reads import read_styled

pytestmark = pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "card"),
    [
        # A 5 plum, a lamp's reflection along one side: "no whole card".
        ("deluxe", "lamp", 305502, 1, "5 plum"),
        # A 2 banana on a white card under a window's light: "no whole card".
        ("scan", "window", 310502, 2, "2 banana"),
    ],
)
def test_a_top_card_clipped_to_white_is_framed_on_the_darkest_channel(
    deck: str, style: str, seed: int, seat: int, card: str
) -> None:
    label, got = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(card)
    assert got.state == State.CARD and got.card == label.card


def test_the_darkest_look_waits_until_no_pass_finds_a_card_more() -> None:
    # Guard seed 82500, Deluxe noise 313502: made inside the second looks' first pass, the
    # darkest look read seat 3's 5 plum, and the next pass, knowing four cards where it knew
    # three, lost seat 2's 5 lime (its look then found no card white).
    label, got = read_styled("deluxe", "noise", 313502, 2)
    assert label.card == parse_card("5 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_tracker_s_read_of_one_zone_makes_the_darkest_look_too() -> None:
    # The lamp's 5 plum above, read as a tracker reads one zone, knowing the other cards.
    deck, style, seed, seat = "deluxe", "lamp", 305502, 1
    scene = bench_scene(deck, seed, 0.15, style)
    zones = style_table(style, seed)[1]
    known = [read_styled(deck, style, seed, i)[1] for i in range(len(zones)) if i != seat]
    reader = ZoneReader(load_profile(profile_name(deck)))
    got = reader.read_zone(scene.frame, zones[seat], known)
    assert got.state == State.CARD and got.card == scene.labels[seat].card

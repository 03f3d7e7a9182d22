"""Scenes where the reader must doubt rather than read: part of a card that looks whole.

Each case is a benchmark scene (bench_scene: kind, seed, share of piles under an arm) where an
earlier reader claimed a wrong card. The exact card the label holds is known; the reader may
read it, or say unknown or occluded, but never claim another card.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.art import card_face, scans_available
from halli_pi.vision.reader import (
    WARP_SIZE,
    Doubt,
    State,
    load_profile,
    read_card_image,
    read_zones,
)
from halli_pi.vision.render import default_zones

ZONES = default_zones(6)


def _read(kind: str, seed: int, p_arm: float = 0.15):
    scene = bench_scene(kind, seed, p_arm)
    return scene, read_zones(scene.frame, ZONES, load_profile(profile_name(kind)))


@pytest.mark.parametrize(
    ("kind", "seed", "p_arm", "seat", "claimed"),
    [
        # The white card under a silver five: its part in view is a clean rectangle.
        ("deluxe", 8128, 0.6, 5, "1 plum"),
        # A covered card cut straight by the card on it looks whole, a little narrow.
        ("deluxe", 41053, 0.15, 3, "1 lime"),
        # Half a card under a hand: two compact symbols counted as two each.
        ("clone", 7055, 0.6, 5, "2 lime + 2 plum"),
        # The top card under an arm, a whole card that strayed from the pile beside it.
        ("clone", 7100, 0.6, 0, "3 strawberry + 1 plum"),
        # An outline over two cards: the covered one's, with the top card's side across it.
        ("own", 9752, 0.6, 4, "1 strawberry"),
    ],
)
def test_part_of_a_card_is_not_claimed(kind, seed, p_arm, seat, claimed):
    scene, readings = _read(kind, seed, p_arm)
    label, got = scene.labels[seat], readings[seat]
    assert label.card is not None and str(label.card) != claimed  # the case is what it was
    if got.state == State.CARD:
        assert got.card == label.card, f"claimed {got.card}, the top card is {label.card}"


def test_two_cards_either_on_top_is_unknown():
    scene, readings = _read("deluxe", 41053)
    assert readings[3].state == State.UNKNOWN
    assert readings[3].doubt == Doubt.TWO_CARDS_EITHER_ON_TOP


@pytest.mark.parametrize("card", ["1 plum", "1 lime", "2 strawberry"])
def test_one_compact_symbol_the_size_of_two_is_unknown(card):
    # The middle of a face, half its area, seen as a whole card: each symbol looks twice as
    # large as one (the rest of the card under a hand). The whole face reads right.
    face = card_face(parse_card(card))
    assert read_card_image(_upright(face), load_profile("classic"))[1] == parse_card(card)
    h, w = face.shape[:2]
    ch, cw = round(h / math.sqrt(2)), round(w / math.sqrt(2))
    y0, x0 = (h - ch) // 2, (w - cw) // 2
    got = read_card_image(_upright(face[y0 : y0 + ch, x0 : x0 + cw]), load_profile("classic"))
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.COMPACT_SYMBOL_SIZE_OF_TWO


def _upright(img):
    return cv2.resize(img, WARP_SIZE, interpolation=cv2.INTER_AREA)


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_real_cards_print_symbols_up_to_the_edge():
    # The real five strawberries reach the card's edge; they are whole, not cut.
    scene, readings = _read("scan", 3513)
    assert str(scene.labels[5].card) == "5 strawberry"
    assert readings[5].state == State.CARD and str(readings[5].card) == "5 strawberry"


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_full_size_symbol_at_the_edge_counts_against_two_that_touch():
    # Real bananas: two merged in one blob, the third printed up to the edge.
    scene, readings = _read("scan", 9638, 0.6)
    assert str(scene.labels[2].card) == "3 banana"
    assert readings[2].state == State.CARD and str(readings[2].card) == "3 banana"


@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_covered_real_card_beside_the_top_one_is_not_claimed():
    # The plum card under a real five-banana card: its part in view is a clean rectangle,
    # beside the zone's middle, which the top card's whole outline holds.
    scene, readings = _read("scan", 8128, 0.6)
    assert str(scene.labels[5].card) == "5 banana"
    got = readings[5]
    assert got.state != State.CARD or got.card == scene.labels[5].card
    assert got.state == State.CARD or got.doubt in (
        Doubt.TWO_CARDS_EITHER_ON_TOP,
        Doubt.WHOLE_CARD_AT_THE_MIDDLE,
    )


def _banana_in_two_parts(count: int):
    """A card of another deck's art: each banana drawn as two yellow pieces with a gap."""
    from halli_pi.vision.art import FACE_SIZE, FRUIT_COLOURS

    w, h = FACE_SIZE
    face = np.full((h, w, 3), 250, np.uint8)
    for i in range(count):
        cy = int(h * (i + 1) / (count + 1))
        for dx in (-16, 16):  # pieces 12 px apart, centres a quarter of the card's width
            cv2.ellipse(face, (w // 2 + dx, cy), (10, 9), 0, 0, 360, FRUIT_COLOURS["banana"], -1)
    return cv2.resize(face, WARP_SIZE, interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("count", [1, 2])
def test_symbols_drawn_in_parts_are_an_untaught_deck(count):
    got = read_card_image(_banana_in_two_parts(count), load_profile("classic"))
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.UNTAUGHT_DECK


def test_every_reading_the_reader_will_not_rule_on_names_its_doubt():
    from halli_pi.vision.reader.doubts import OVER_THE_PILE

    doubts = set()
    # Three of the twelve tables once read here (seeds 60-71), in a third of the time: with
    # the scans or the own art they meet every doubt, in the state it came with, that the
    # twelve met (61: an arm over a pile, no whole card; 68: skin over a pile, glare over a
    # face with the scans; 71: an arm over an empty zone).
    for seed in (61, 68, 71):
        for r in _read("scan" if scans_available() else "own", seed, p_arm=0.5)[1]:
            if r.state in (State.UNKNOWN, State.OCCLUDED):
                assert r.doubt is not None, r.why
                assert r.why.startswith(r.doubt.value)
                # Occluded only for what may lie over the pile (and then only with an arm
                # seen; without one the same doubt reads unknown).
                assert r.state != State.OCCLUDED or r.doubt in OVER_THE_PILE
                doubts.add(r.doubt)
            else:
                assert r.doubt is None
    assert doubts  # arms over half the piles: some doubts were met


def test_two_symbols_seen_small_are_not_one():
    # Found by the held-out benchmark (its compositor, not the renderer the reader is tuned
    # on): an outline that took in part of the card below makes two plums that touch hardly
    # larger than one whole plum, and a 4 plum read as 2. Never a wrong card.
    from halli_pi.bench.heldout import make_scene, read_layout

    scene = make_scene("deck-own", 500)
    state, card = read_layout(scene.frame, scene.zones, scene.profile)[0]
    assert scene.truth[0].card == parse_card("4 plum")
    assert state != "card" or card == parse_card("4 plum")


def test_a_symbol_washed_out_on_a_clipped_face_is_glare():
    # Also from the held-out benchmark: a phone photo lit to the sensor's top, a reflection
    # leaving a pale rim of one strawberry. Never "1 strawberry + 1 plum" for "2 + 1".
    from halli_pi.bench.heldout import make_scene, read_layout

    scene = make_scene("phone-dark-clone", 505)
    state, card = read_layout(scene.frame, scene.zones, scene.profile)[0]
    assert scene.truth[0].card == parse_card("2 strawberry + 1 plum")
    assert state != "card" or card == scene.truth[0].card


def _face_with(card: str, at: tuple[float, float], keep: float) -> np.ndarray:
    """The upright face of ``card``, lit as usual (below the sensor's top), with the symbol
    printed at ``at`` (shares of the face) washed towards the face's white: ``keep`` of its
    print left (0: gone)."""
    face = card_face(parse_card(card)).astype(np.float32) * 0.85
    h, w = face.shape[:2]
    white = np.median(face.reshape(-1, 3), axis=0)
    disc = np.zeros((h, w), np.uint8)
    cv2.circle(disc, (round(at[0] * w), round(at[1] * h)), round(0.2 * w), 1, -1)
    washed = face * keep + white * (1.0 - keep)
    face[disc > 0] = washed[disc > 0]
    return _upright(face.astype(np.uint8))


def test_a_symbol_without_its_partner_is_not_counted_short():
    # Glare on a tuning scene washed a corner lime of a 5 wholly out: four limes, one on the
    # centre, read as a 4. Printed symbols lie in pairs across the centre: one is missing.
    profile = load_profile("classic")
    got = read_card_image(_face_with("5 lime", (0.72, 0.2), 0.0), profile)
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.SYMBOL_WITHOUT_PARTNER
    # Three strawberries in a corner: a 4 with one gone.
    got = read_card_image(_face_with("4 strawberry", (0.3, 0.25), 0.0), profile)
    assert got.doubt == Doubt.SYMBOL_WITHOUT_PARTNER


@pytest.mark.parametrize(("card", "read_as"), [("3 strawberry", "2"), ("5 banana", "4")])
def test_a_pale_middle_symbol_is_not_left_out(card, read_as):
    # A reflection on the middle symbol of a 3 or a 5 leaves a pale tint of it, too pale to be
    # print: the card would be read one short, a 2 or a 4 (what 13 tuning scenes did).
    profile = load_profile("classic")
    got = read_card_image(_face_with(card, (0.5, 0.5), 0.2), profile)
    assert got.state == State.UNKNOWN and got.card is None
    assert got.doubt == Doubt.PALE_MIDDLE
    # The faces as printed read right; so does the 2 or 4 whose centre is plain face.
    assert read_card_image(_face_with(card, (0.5, 0.5), 1.0), profile).card == parse_card(card)
    fewer = f"{read_as} {card.split()[1]}"
    assert read_card_image(_upright(card_face(parse_card(fewer))), profile).card == parse_card(
        fewer
    )


@pytest.mark.parametrize(
    ("style", "kind", "seed", "seat", "claimed"),
    [
        # Tuning styles on seeds beyond the bench's own, where a reflection washed a symbol
        # out and the card was read one short.
        ("glare", "own", 400103, 1, "4 strawberry"),  # the middle of a 5
        ("glare", "own", 400021, 3, "2 strawberry"),  # the middle of a 3
        ("glare", "deluxe", 400073, 4, "4 banana"),  # the middle of a silver 5
        ("cloth", "deluxe", 400023, 4, "4 banana"),
        ("glare", "own", 400108, 2, "4 lime"),  # a corner of a 5
    ],
)
def test_a_symbol_a_reflection_washed_out_is_not_left_out(style, kind, seed, seat, claimed):
    scene = bench_scene(kind, seed, 0.15, style)
    got = read_zones(scene.frame, ZONES, load_profile(profile_name(kind)))[seat]
    label = scene.labels[seat]
    assert label.card is not None and str(label.card) != claimed
    assert got.state != State.CARD or got.card == label.card, f"claimed {got.card}"


def test_the_bench_names_each_wrong_card_by_its_scene():
    # The cases above were found with ``bench vision --wrong``: each wrong reading comes back
    # with the scene to render again (deck, style, seed) and the seat.
    from collections import Counter

    from halli_pi.bench.vision import _wrong, wrong_list

    tally = Counter({"glare:wrong_cards": 1})
    tally[_wrong("deluxe", "glare", 400073, 4, parse_card("5 banana"), parse_card("4 banana"))] += 1
    tally[_wrong("own", "", 7, 2, None, parse_card("1 plum"), "claim")] += 1
    assert wrong_list(tally) == [
        {"what": "claim", "deck": "own", "style": "", "seed": 7, "seat": 2}
        | {"card": "None", "read": "1 plum"},
        {"what": "card", "deck": "deluxe", "style": "glare", "seed": 400073, "seat": 4}
        | {"card": "5 banana", "read": "4 banana"},
    ]

"""The card reader on rendered tables: counts, colours under warm light, messy piles, arms,
clone (multi-kind) cards, Deluxe silver 5s, empty zones, whole-image search."""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.cards import FRUITS, parse_card
from halli_pi.errors import ConfigError
from halli_pi.vision.art import scans_available
from halli_pi.vision.reader import Profile, State, find_cards, load_profile, read_zone, read_zones
from halli_pi.vision.render import Art, Look, SeatState, default_zones, random_look, render_scene

ZONES = default_zones(6)
PLAIN = Look(table=(60, 100, 150), noise=1.0)
WARM = Look(table=(55, 95, 150), tint=(0.62, 0.85, 1.0), light=(0.85, 0.3, -0.2), noise=2.0)


def _read(seats, seed=1, look=PLAIN, art=Art.OWN):
    scene = render_scene(seats, ZONES, seed=seed, look=look, art=art)
    return scene, read_zones(scene.frame, ZONES)


@pytest.mark.parametrize("look", [PLAIN, WARM], ids=["plain", "warm"])
def test_every_classic_face_reads_exactly(look):
    for count in range(1, 6):
        seats = [SeatState((parse_card(f"{count} {f}"),)) for f in FRUITS] + [SeatState()] * 2
        _, readings = _read(seats, seed=count, look=look)
        got = [str(r.card) if r.state == State.CARD else r.state.value for r in readings[:4]]
        assert got == [f"{count} {f}" for f in FRUITS]
        assert [r.state for r in readings[4:]] == [State.EMPTY, State.EMPTY]


def test_covered_cards_do_not_leak_into_the_count():
    right = 0
    for seed in range(6):
        top = parse_card("1 lime")
        pile = (parse_card("5 banana"), parse_card("4 lime"), parse_card("5 lime"), top)
        seats = [SeatState(pile) for _ in range(6)]
        look = Look(table=(60, 100, 150), noise=2.0, mess=0.3, blur=0.5)
        _, readings = _read(seats, seed=seed, look=look)
        for r in readings:
            assert r.state != State.CARD or r.card == top  # never a count from below
            right += r.state == State.CARD
    assert right >= 30  # of 36


def test_arms_over_piles_never_give_a_wrong_card():
    # Of looks 0-11 (72 piles under arms, none claimed), on 0, 2, 4, 6 and 10 the reader
    # looked at a card under an arm (no whole card, a blank card): the reads that could go
    # wrong. On the other seven every arm was seen at the first look, so they are left out.
    claims = 0
    for seed in (0, 2, 4, 6, 10):
        rng = np.random.default_rng(seed)
        seats = [SeatState((parse_card("3 plum"), parse_card("2 strawberry")), arm=True)] * 6
        scene = render_scene(seats, ZONES, seed=seed, look=random_look(rng))
        for label, r in zip(scene.labels, read_zones(scene.frame, ZONES), strict=True):
            if label.state == "occluded" and r.state == State.CARD:
                assert r.card == label.card
                claims += 1
    assert claims < 9  # most arms leave no whole card to read (as 20 of 72 was, of 30 here)


def test_clone_cards_report_every_kind():
    cards = ["1 lime + 1 plum", "2 banana + 1 strawberry", "1 strawberry + 2 plum"]
    seats = [SeatState((parse_card(c),)) for c in cards] + [SeatState()] * 3
    scene = render_scene(seats, ZONES, seed=3, look=PLAIN)
    readings = read_zones(scene.frame, ZONES, load_profile("clone"))
    assert [str(r.card) for r in readings[:3]] == cards
    # The classic deck never mixes kinds: its model says so rather than guess.
    classic = read_zones(scene.frame, ZONES, load_profile("classic"))
    assert all(r.state == State.UNKNOWN for r in classic[:3])


def test_deluxe_silver_fives():
    seats = [SeatState((parse_card(f"5 {f}"),)) for f in FRUITS] + [SeatState()] * 2
    _, readings = _read(seats, seed=4, art=Art.DELUXE)
    # The silver face is darker than its yellow symbols: colours are judged against the
    # card's own level and the face's colour cast, so yellow stays yellow.
    assert [str(r.card) for r in readings[:4]] == [f"5 {f}" for f in FRUITS]
    warm = Look(table=(55, 95, 150), tint=(0.7, 0.9, 1.0), noise=2.0)
    _, readings = _read(seats, seed=5, look=warm, art=Art.DELUXE)
    got = [str(r.card) for r in readings[:4] if r.state == State.CARD]
    assert set(got) <= {f"5 {f}" for f in FRUITS}  # never a wrong card
    assert len(got) >= 3


def test_reading_carries_corners_near_the_truth():
    seats = [SeatState((parse_card("2 plum"),))] * 6
    scene, readings = _read(seats, seed=5)
    for label, r in zip(scene.labels, readings, strict=True):
        assert r.corners is not None
        dist = np.abs(np.sort(r.corners, 0) - np.sort(label.corners, 0)).max()
        assert dist < 4.0


def test_find_cards_without_layout():
    cards = ["1 banana", "2 strawberry", "3 lime", "4 plum", "5 banana", "2 lime"]
    seats = [SeatState((parse_card(c),)) for c in cards]
    scene = render_scene(seats, ZONES, seed=6, look=PLAIN)
    found = find_cards(scene.frame)
    assert sorted(str(f.card) for f in found) == sorted(cards)
    for f in found:
        assert f.corners.shape == (4, 2)


def test_empty_table_and_outside_zone():
    scene = render_scene([SeatState()] * 6, ZONES, seed=7)
    assert all(r.state == State.EMPTY for r in read_zones(scene.frame, ZONES))
    far = np.array([[700, 500], [760, 500], [760, 560], [700, 560]], np.float32)
    assert read_zone(scene.frame, far).state == State.UNKNOWN


@pytest.mark.parametrize("table", [(55, 95, 150), (35, 60, 100), (120, 150, 175)])
def test_an_arm_over_an_empty_zone_reads_occluded(table):
    # Wooden tables look like skin: the arm must be told from the table, not by skin tone.
    # (A pale sleeve can still pass for card white and read unknown: never empty, though.)
    occluded = 0
    for seed, skin in enumerate(((120, 150, 205), (85, 120, 175), (60, 85, 130), (45, 60, 95))):
        seats = [SeatState(arm=i % 2 == 0) for i in range(6)]
        look = Look(table=table, noise=2.0, skin=skin)
        scene = render_scene(seats, ZONES, seed=seed, look=look)
        readings = read_zones(scene.frame, ZONES)
        for label, r in zip(scene.labels, readings, strict=True):
            if label.state == "occluded":
                assert r.state in (State.OCCLUDED, State.UNKNOWN), (seed, label.seat, r.why)
                occluded += r.state == State.OCCLUDED
            else:
                assert r.state == State.EMPTY, (seed, label.seat, r.why)
    assert occluded >= 9


def test_profile_errors_name_the_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"kinds": [{"kind": "banana"}]}')
    with pytest.raises(ConfigError, match="bad.json"):
        load_profile(str(bad))
    with pytest.raises(ConfigError, match="nosuchdeck"):
        load_profile("nosuchdeck")
    p = load_profile("classic")
    assert Profile.from_json(p.to_json()).kinds[0].kind == p.kinds[0].kind


@pytest.mark.skipif(not scans_available(), reason="../shared reference scans absent")
def test_reference_scans_composited():
    right = total = 0
    for count in range(1, 6):
        seats = [SeatState((parse_card(f"{count} {f}"),)) for f in FRUITS] + [SeatState()] * 2
        _, readings = _read(seats, seed=10 + count, art=Art.SCAN)
        for f, r in zip(FRUITS, readings, strict=False):
            total += 1
            assert r.state != State.CARD or str(r.card) == f"{count} {f}"
            right += r.state == State.CARD
    assert right >= total - 1


def test_a_fitted_outline_that_cuts_a_symbol_reads_unknown():
    from halli_pi.vision.reader import _warp, read_card_image

    scene, _ = _read([SeatState((parse_card("3 strawberry"),))] + [SeatState()] * 5, seed=3)
    corners = scene.labels[0].corners
    profile = load_profile("classic")
    whole = read_card_image(_warp(scene.frame, corners), profile, strict_edge=True)
    assert whole[0] == State.CARD and str(whole[1]) == "3 strawberry"
    # The far third of the card cut off: the outline runs through a strawberry.
    cut = corners.copy()
    cut[2] = corners[1] + (corners[2] - corners[1]) * 0.72
    cut[3] = corners[0] + (corners[3] - corners[0]) * 0.72
    got = read_card_image(_warp(scene.frame, cut), profile, strict_edge=True)
    assert got.state != State.CARD, got
    assert got.doubt is not None

"""A hand the colour of the table, seen only over the bell: linked to its sleeve, or left out."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from halli_pi.vision.hands import HandTracker, HandTuning
from halli_pi.vision.hidden_hand import Pair, in_step, skin_hued, unseen_against
from halli_pi.vision.render import IMAGE_SIZE, Look, SeatState, default_zones, render_scene
from halli_pi.vision.render_hands import RING, bell_spot, draw_arms, draw_bell, random_reach

FPS = 60.0
WALNUT = (35, 60, 100)  # a dark wooden table, BGR: the hue of a dark skin


def _credit(table, reaches_of, n=4, seed=0, tuning=None):
    """Who the tracker credits for a ring at 0, the table of colour `table`."""
    zones = default_zones(n, IMAGE_SIZE)
    bell = bell_spot(IMAGE_SIZE)
    look = Look(table=table, texture=2.0)
    base = render_scene([SeatState(()) for _ in range(n)], zones, seed, look=look).frame
    base = draw_bell(base, bell)
    reaches = reaches_of(zones, bell)
    tracker = HandTracker(IMAGE_SIZE, zones, bell.zone(), tuning=tuning)
    rng = np.random.default_rng(seed)
    t = -0.5 + 0.004
    while t <= 0.05:
        tracker.update(draw_arms(base, bell, reaches, t, rng=rng), t)
        t += 1.0 / FPS
    return tracker.first_hand(0.0)


def _ring(seat, zones, bell, **changes):
    rng = np.random.default_rng(seat + 7)
    reach = random_reach(rng, seat, zones[seat], bell, RING, 0.0)
    return dataclasses.replace(reach, **changes)


def test_skin_hues_and_a_hand_unseen_against_the_table() -> None:
    assert skin_hued(np.array([[45, 60, 95], [60, 85, 130], [150, 175, 225]]))  # skins
    assert skin_hued(np.array([WALNUT]))  # a wood a hand may hide on
    assert not skin_hued(np.array([[110, 70, 40]]))  # blue cloth
    assert not skin_hued(np.array([[60, 120, 50]]))  # green felt
    assert not skin_hued(np.array([[36, 35, 226]]))  # a red sleeve
    assert not skin_hued(np.zeros((0, 3)))  # nothing to judge: not skin
    table = np.array(WALNUT, float)
    assert unseen_against(table + 10, table, 32.0, 0.45, 0.15)  # near the table's colour
    assert unseen_against(table * 0.6, table, 32.0, 0.45, 0.15)  # darker as a shadow is
    assert not unseen_against(table * 0.3, table, 32.0, 0.45, 0.15)  # far darker: seen
    assert not unseen_against(np.array([40.0, 60.0, 160.0]), table, 32.0, 0.45, 0.15)  # redder


def test_a_sleeve_and_the_piece_on_the_bell_move_as_one_two_frames_running() -> None:
    together = [Pair(0.0, 40.0, 60.0), Pair(1.0, 43.0, 63.2)]
    assert in_step(together, Pair(2.0, 46.0, 65.8), 1.0, 1.5)
    assert not in_step(together[1:], Pair(2.0, 46.0, 65.8), 1.0, 1.5)  # one step is no proof
    assert not in_step(together, Pair(2.0, 46.0, 63.3), 1.0, 1.5)  # the piece stopped
    assert not in_step(together, Pair(2.0, 46.0, 69.0), 1.0, 1.5)  # ... or ran ahead
    assert not in_step(together, Pair(2.0, 43.5, 63.4), 1.0, 1.5)  # both still: no motion


def test_a_hand_the_colour_of_the_table_is_credited_to_its_sleeve() -> None:
    # A dark hand on a walnut table: only its red sleeve and, on the bell, its hand show.
    def reaches(zones, bell):
        return [_ring(1, zones, bell, skin=WALNUT, sleeve=(36, 35, 226))]

    credit = _credit(WALNUT, reaches)
    assert credit.seat == 1, credit


def test_a_bare_arm_the_colour_of_the_table_is_left_to_a_person() -> None:
    # No sleeve: nothing but the hand over the bell shows as foreground, traced to no seat
    # by it. Its way out differs from the table by its shade alone: traced so
    # (``HandTuning.shade_fill``), the ringer's seat is credited, never another.
    def reaches(zones, bell):
        return [_ring(1, zones, bell, skin=WALNUT, sleeve=None)]

    credit = _credit(WALNUT, reaches, tuning=dataclasses.replace(HandTuning(), shade_fill=0.0))
    assert credit.seat is None, credit
    assert _credit(WALNUT, reaches).seat == 1


def test_a_hidden_hand_is_not_given_to_another_seats_visible_hand() -> None:
    # A bare arm the colour of the table rings; another player's light hand, sleeved, comes
    # for the bell two frames later. The piece on the bell is not the light hand's.
    def reaches(zones, bell):
        return [
            _ring(1, zones, bell, skin=WALNUT, sleeve=None),
            _ring(2, zones, bell, t_strike=2.5 / FPS, t_start=-0.2, sleeve=(200, 60, 40)),
        ]

    credit = _credit(WALNUT, reaches)
    assert credit.seat != 2, credit


def test_a_sleeved_hidden_hand_is_not_given_to_another_seats_visible_hand() -> None:
    # The same with a red sleeve: it stops short of the bell, its hand (the table's colour)
    # rings. A sleeve is no hand the picture shows, so it may end in a hidden one.
    def reaches(zones, bell):
        return [
            _ring(1, zones, bell, skin=WALNUT, sleeve=(36, 35, 226)),
            _ring(2, zones, bell, t_strike=2.5 / FPS, t_start=-0.2, sleeve=(200, 60, 40)),
        ]

    credit = _credit(WALNUT, reaches)
    assert credit.seat != 2, credit


def test_a_darkening_that_loses_the_tables_texture_is_a_hand_not_a_shadow() -> None:
    # A grained oak table. A shadow darkens it by one ratio in every channel and keeps its
    # grain; a dark hand of the oak's hue, flat, darker than the oak by the same ratio, shows
    # no grain: it is foreground, where the ratios alone took it for a shadow.
    n = 4
    zones = default_zones(n, IMAGE_SIZE)
    bell = bell_spot(IMAGE_SIZE)
    look = Look(table=(60, 95, 150), grain=12.0, texture=6.0)
    table = render_scene([SeatState(()) for _ in range(n)], zones, 0, look=look).frame
    table = table.astype(np.float32)
    frame = table.copy()
    shadow, hand = (slice(60, 140), slice(100, 220)), (slice(300, 380), slice(100, 220))
    frame[shadow] = table[shadow] * 0.6
    frame[hand] = table[hand].mean((0, 1)) * 0.6
    rng = np.random.default_rng(0)

    def noisy(img: np.ndarray) -> np.ndarray:
        return np.clip(img + rng.normal(0.0, 2.0, img.shape), 0, 255).astype(np.uint8)

    def foreground(tuning: HandTuning) -> np.ndarray:
        tracker = HandTracker(IMAGE_SIZE, zones, bell.zone(), tuning=tuning)
        tracker.update(noisy(table), 0.0)
        small = cv2.resize(noisy(frame), tracker.work, interpolation=cv2.INTER_AREA)
        assert tracker._bg is not None
        fg = tracker._foreground(small.astype(np.float32), tracker._bg)
        return cv2.resize(fg, IMAGE_SIZE, interpolation=cv2.INTER_NEAREST) > 0

    fg = foreground(HandTuning())
    inner = (slice(68, 132), slice(108, 212)), (slice(308, 372), slice(108, 212))
    assert fg[inner[1]].mean() > 0.9  # the hand
    assert fg[inner[0]].mean() < 0.02  # the shadow
    fg = foreground(dataclasses.replace(HandTuning(), shadow_texture=0.0))
    assert fg[inner[1]].mean() < 0.5  # by the ratios alone, the hand was mostly a shadow

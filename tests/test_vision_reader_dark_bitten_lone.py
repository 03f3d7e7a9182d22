"""A lone card whose white low light bites into (``outlines.bitten_lone_candidates``): smoothed
for a dim sensor's noise, the thin white between print near the rim and the rim is lost, and
the symbols open notches in the white's outline until it fills less of its box than a whole
card's white. The card is read when its white's hull is still the card's rectangle and nothing
lies around it; a white with a corner cut off, as a covered card's is, is not let in. The box
is looked at after every other look (``policy._bitten_look``), or first where no zone's first
look read a card: its size, short of the rim, is not told to other zones that have a surer one."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
from styled_reads import assert_reads

from halli_pi.bench.vision import bench_scene
from halli_pi.vision.reader.outlines import _hull_fill, bitten_lone_candidates
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.reader.zone import _expected_short, _work_view, first_look
from halli_pi.vision.render import style_table

# Tuning dark, scans, seed 2171194: seat 2 a 5 plum alone on the cloth, its white 0.54 of its
# box (plums near the rim open it), its hull 0.99; once "no whole card".
SCENE = ("scan", "dark", 2171194)


def test_a_lone_card_bitten_by_its_print_is_read():
    assert_reads(*SCENE, 2, "5 plum")


def test_a_card_beside_it_still_reads():
    assert_reads(*SCENE, 3, "4 plum")


# Check seed jpeg, scans, 336500: seat 3 a 5 strawberry whose first look framed no outline and
# a later look (a refined or searched outline) reads whole. Its bitten white's box, read
# strictly, has a strawberry touching its side ("a fitted outline cuts a shape"): the bitten
# box is tried only where every other look framed nothing.
JPEG = ("scan", "jpeg", 336500)


def test_a_card_a_later_look_reads_is_not_taken_from_its_bitten_box():
    assert_reads(*JPEG, 3, "5 strawberry")


def test_a_card_beside_the_jpeg_one_still_reads():
    assert_reads(*JPEG, 4, "1 plum")


# Deluxe dark 338501: seat 4 a 5 banana alone whose first look framed no outline; its bitten
# box frames the white short of the rim (0.95 and 0.97 of the card's sides). Read at the
# first look, that size was what the second looks at seats 1 and 2 were told, and both cards
# (read at the size the second look's own outline of seat 4 gives) were lost: the box waits
# until every other look, second looks included, read no card.
DELUXE = ("deluxe", "dark", 338501)


def test_a_bitten_box_does_not_tell_the_other_zones_its_short_size():
    assert_reads(*DELUXE, 1, "1 banana")
    assert_reads(*DELUXE, 2, "5 lime")


def test_the_card_the_bitten_box_frames_still_reads():
    assert_reads(*DELUXE, 4, "5 banana")


# Deluxe dark 2174250: no zone's first look read a card; the bitten box at seat 4 is then the
# one size the second looks are told, and seat 0's 5 banana is read at it.
NO_FIRST = ("deluxe", "dark", 2174250)


def test_where_no_first_look_read_a_card_the_bitten_box_tells_the_size():
    assert_reads(*NO_FIRST, 0, "5 banana")


def _look(seat: int):
    deck, style, seed = SCENE
    scene = bench_scene(deck, seed, 0.15, style)
    zone = np.asarray(style_table(style, seed)[1][seat], np.float32).reshape(-1, 2)
    view = _work_view(scene.frame, zone, _expected_short(zone, None, None))
    return first_look(view.image, view.zone)


def test_the_bitten_white_frames_the_card_and_a_cut_corner_does_not():
    look = _look(2)
    lo, hi = look.zone_area * 0.08, look.zone_area * 1.2
    cands = bitten_lone_candidates(look, lo, hi)
    assert len(cands) == 1
    quad = cands[0].corners
    assert cands[0].steep  # read strictly
    assert _hull_fill(look.white, quad) >= T.bitten_hull_least
    # A corner cut off the white, as a card lying over a covered card's corner cuts it: its
    # hull is no card's rectangle, and no outline is let in.
    cut = look.white.copy()
    corner = quad[0]
    tri = np.array([corner, corner + 0.6 * (quad[1] - corner), corner + 0.6 * (quad[3] - corner)])
    cv2.fillPoly(cut, [np.rint(tri).astype(np.int32)], 0)
    assert _hull_fill(cut, quad) < T.bitten_hull_least
    assert bitten_lone_candidates(replace(look, white=cut), lo, hi) == []

"""The outline search (card_outlines) on rendered messy piles, and reader cases fixed lately.

The piles pinned here are benchmark scenes (bench_scene: kind, seed) whose top card's white
runs into the cards under it: the ordinary outline misses it (read_zone with no size reads
``unknown``) and only the search on edges finds it. Labels give the exact corners.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import classic_deck
from halli_pi.vision import outline
from halli_pi.vision.outline import card_outlines
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.render import (
    SeatState,
    default_zones,
    random_look,
    random_table,
    render_scene,
)
from halli_pi.vision.steps import run

ZONES = default_zones(6)
NEAR_PX = 3.0  # a found corner this near the true one is the card itself


def _crop(frame: np.ndarray, zone: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The zone's crop as the reader takes it (a margin of a fifth around the zone: cards
    overhang it), and the crop's origin in the frame."""
    zone = np.asarray(zone, np.float32).reshape(-1, 2)
    h, w = frame.shape[:2]
    (x0, y0), (x1, y1) = zone.min(0), zone.max(0)
    mx, my = (x1 - x0) * 0.2, (y1 - y0) * 0.2
    x0, y0 = int(max(0, x0 - mx)), int(max(0, y0 - my))
    x1, y1 = int(min(w, x1 + mx)), int(min(h, y1 + my))
    return frame[y0:y1, x0:x1], np.array([x0, y0], np.float32)


def _dims(corners: np.ndarray) -> tuple[float, float]:
    """(short side, long side) of a quad, opposite sides averaged."""
    e = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    a, b = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    return (min(a, b), max(a, b))


def _corner_error(quad: np.ndarray, truth: np.ndarray) -> float:
    """The largest corner distance, over the quad's corners taken in any start and turn."""
    best = float("inf")
    for q in (quad, quad[::-1]):
        for r in range(4):
            best = min(best, float(np.linalg.norm(np.roll(q, r, 0) - truth, axis=1).max()))
    return best


# (kind, seed, seat): top cards the plain outline misses (its white merges with the cards
# under it) and the search finds.
MESSY = [
    ("own", 597, 4),
    ("own", 542, 5),
    ("deluxe", 587, 0),
    ("clone", 516, 4),
    ("clone", 603, 0),
]


@pytest.mark.parametrize(("kind", "seed", "seat"), MESSY, ids=lambda v: str(v))
def test_outline_search_finds_the_top_card_of_a_messy_pile(kind, seed, seat):
    scene = bench_scene(kind, seed)
    label = scene.labels[seat]
    assert label.state == "card"
    crop, origin = _crop(scene.frame, ZONES[seat])
    dims = _dims(label.corners)
    quads = card_outlines(crop, dims, 0.1)
    assert quads, "no outline at all"
    errors = [_corner_error(q + origin, label.corners) for q in quads]
    assert min(errors) <= NEAR_PX, errors
    for q in quads:
        assert q.shape == (4, 2)
        short, long_ = _dims(q)
        # Every quad returned is card-sized (tuning may stretch a side a little).
        assert abs(short / dims[0] - 1) <= 0.15 and abs(long_ / dims[1] - 1) <= 0.15


@pytest.mark.parametrize("seed", range(6))
def test_bare_table_has_no_card_outline(seed):
    # The benchmark's table looks (cloth texture, wood grain, uneven light, blur, noise, JPEG)
    # with no card on them: the texture's edges must not make a card.
    look = random_look(np.random.default_rng(seed))
    if seed % 2:
        look = replace(look, grain=15.0)
    scene = render_scene([SeatState()] * 6, ZONES, seed=seed, look=look)
    for zone in ZONES:
        crop, _ = _crop(scene.frame, zone)
        for dims in ((42.0, 65.0), (52.0, 80.0), (60.0, 93.0)):  # cards near and far
            assert card_outlines(crop, dims, 0.1) == []


def _read(kind: str, seed: int, p_arm: float = 0.15) -> list[str]:
    scene = bench_scene(kind, seed, p_arm)
    got = read_zones(scene.frame, ZONES, load_profile(profile_name(kind)))
    return [str(r.card) if r.state == State.CARD else r.state.value for r in got]


def test_deluxe_silver_fives_on_white_cards():
    got = _read("deluxe", 1503)
    assert (got[2], got[4]) == ("5 lime", "5 banana")


def test_clone_card_with_touching_plums():
    # Two plums touching, beside two bananas: two plums, not one big one.
    assert _read("clone", 2500)[3] == "2 banana + 2 plum"


def test_a_sleeve_over_a_clone_cards_corner_is_not_read_as_a_card():
    scene = bench_scene("clone", 578, 0.6)
    assert scene.labels[3].state == "occluded"  # the case is still an arm over the pile
    assert _read("clone", 578, 0.6)[3] in ("occluded", "unknown")


def test_a_search_made_again_with_a_reflection_excused_places_its_cards_once(monkeypatch):
    # A last look searches a crop's edges, and again with the part of a side a lamp's
    # reflection washes out excused: the same cards are placed on the same edges, and the
    # crop's edge maps place them once for both searches.
    img = np.zeros((200, 200, 3), np.uint8)
    img[:] = (70, 110, 150)
    cv2.rectangle(img, (70, 53), (130, 146), (225, 228, 230), -1)
    washed = np.zeros(img.shape[:2], np.uint8)
    washed[90:110, 120:140] = 1
    placed = []

    def placements(*args):
        placed.append(args)
        return place(*args)

    place = outline._placements
    monkeypatch.setattr(outline, "_placements", placements)
    maps = outline.EdgeMaps.of(img)
    first = run(outline.placement_steps(img, (60.0, 93.0), 0.1, maps=maps))
    again = run(outline.placement_steps(img, (60.0, 93.0), 0.1, maps=maps, washed=washed))
    assert len(first.quads) and len(again.quads)
    assert len(placed) == 1


def test_a_read_that_searches_a_loose_size_and_the_size_known_maps_the_edges_once(monkeypatch):
    # A messy pile under an arm, cards large in their zones: reads whose edge search at a
    # loose size finds no card search again at the size known, on the same crop; its edges'
    # distance maps are worked out once for both (they were worked out again: 14 of them).
    look = random_look(np.random.default_rng(700021))
    look = replace(look, card_w=look.card_w * 1.5, mess=0.35, table=(40, 90, 150))
    seats = random_table(700021, classic_deck(), p_arm=0.5, max_pile=6)
    scene = render_scene(seats, ZONES, seed=700021, look=look)
    mapped: list[int] = []

    def distances(gray, edges):
        mapped.append(hash(gray.tobytes()))
        return oriented(gray, edges)

    oriented = outline._oriented_distances
    monkeypatch.setattr(outline, "_oriented_distances", distances)
    read_zones(scene.frame, ZONES)
    assert mapped and len(set(mapped)) == len(mapped)

"""The stock zone (the draw pile, HAWAIKI.md §2): read only as a stack of backs or empty, and
an empty stock prompts a person to reshuffle (P16); draws are never counted from the image."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from halli_pi.referee import Referee
from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.rules.hawaiki.events import HawaikiStart
from halli_pi.runtime.table_readers import PileReader
from halli_pi.vision.hawaiki.piles import PileEventKind, PileTracker
from halli_pi.vision.hawaiki.render import PileState, Placed, pile_zones, render_piles, tuning_look
from halli_pi.vision.render import IMAGE_SIZE

TOPS = ("5 red", "7 purple", "6 green")


@pytest.fixture(params=[3, 8])
def table(request):
    look = tuning_look(request.param)
    zones = pile_zones(look)
    # The stock lies left of pile 0, as big as a pile zone.
    stock = zones[0] - np.array([1.3 * (zones[0][:, 0].max() - zones[0][:, 0].min()), 0.0])
    piles = [PileState((Placed(parse_hcard(c), angle=-8.0 + 6.0 * k),)) for k, c in enumerate(TOPS)]
    plain = render_piles(piles, request.param, look=look).frame
    return zones, stock.astype(np.float32), plain


def with_stack(frame: np.ndarray, zone: np.ndarray) -> np.ndarray:
    """A stack of card backs on the zone: navy, with a lattice of pale lines."""
    out = frame.copy()
    centre = zone.mean(0)
    card = (zone - centre) * 0.55 + centre
    cv2.fillConvexPoly(out, np.rint(card).astype(np.int32), (90, 40, 20))
    x0, y0 = card.min(0).astype(int)
    x1, y1 = card.max(0).astype(int)
    for x in range(x0 + 3, x1, 6):
        cv2.line(out, (x, y0 + 2), (x, y1 - 2), (200, 190, 170), 1)
    return out


def with_hand(frame: np.ndarray, zone: np.ndarray, k: int) -> np.ndarray:
    out = frame.copy()
    centre = zone.mean(0).astype(int) + np.array([3 * k, 2 * k])
    cv2.ellipse(out, tuple(int(v) for v in centre), (40, 25), 20 * k, 0, 360, (120, 150, 200), -1)
    return out


def test_an_emptied_stock_prompts_a_reshuffle_and_a_new_stack_clears_it(table) -> None:
    zones, stock, plain = table
    referee = Referee()
    referee.new_game(
        HawaikiStart(0.0, "hawaiki", ("Ana", "Bo"), {}, piles=tuple(map(parse_hcard, TOPS)))
    )
    reader = PileReader(PileTracker(zones, IMAGE_SIZE, stock=stock), referee.snapshot)
    film = (
        [with_stack(plain, stock)] * 8
        + [with_hand(plain, stock, k) for k in range(4)]  # the last cards are taken
        + [plain] * 8
        + [with_hand(plain, stock, k) for k in range(4)]  # the discards come back, shuffled
        + [with_stack(plain, stock)] * 8
    )
    seen = []
    for index, image in enumerate(film):
        t = round(index / 30, 6)
        seen += [(e.kind, e.t) for e in reader.tracker.update(image, t) if e.pile == -1]
    kinds = [k for k, _ in seen]
    assert kinds == [PileEventKind.STOCK_EMPTY, PileEventKind.STOCK_BACK]
    assert 12 / 30 <= seen[0][1] <= 20 / 30 and seen[1][1] >= 24 / 30

    # Through the session's pile reader, the empty stock is a prompt for a person.
    reader = PileReader(PileTracker(zones, IMAGE_SIZE, stock=stock), referee.snapshot)
    prompted = []
    for index, image in enumerate(film):
        reader.update(image, round(index / 30, 6))
        prompted.append([a.question() for a in reader.asks if a.kind == "reshuffle"])
    assert prompted[19] == [
        "the draw pile is empty: shuffle the discards under the three tops into it"
    ]
    assert prompted[-1] == [] and prompted[5] == []
    # The piles were read as dealt all along; the stock never became a play.
    assert [str(v.card) for v in reader.tracker.view()] == list(TOPS)

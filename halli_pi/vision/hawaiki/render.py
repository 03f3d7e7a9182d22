"""Synthetic Hawaiki tables: three discard piles side by side, drawn with exact labels.

The table, camera, light, sensor and arms are the Halli Galli renderer's (``vision/render``);
what is Hawaiki's is the scene: three piles in a row (a layout's ``piles`` zones), each card
laid on the one under it as players lay them (roughly aligned, a little turned and shifted;
a careful player lays a card almost exactly on its twin), and hands that reach over a pile to
lay a card. A card's pose is part of the pile state (``Placed``), so the frames of a film
keep every card where it landed, and a pair laid on its twin has a known pose change.

Four families of looks: ``tuning_look`` (the tables, lights and scales the reader was tuned
on), ``wide_look`` (the same tables at every lamp and card size, tuned on too), ``rough_look``
(the tuning tables made hard: shaded lighter and darker, harsher lamps with reflections, a
wider range of card sizes and camera poses; tuned on, with ``random_piles(rough=True)``'s
tighter and looser stacks) and ``heldout_look`` (tables, lights and scales it never saw while
tuning).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from halli_pi.rules.hawaiki.cards import HCard
from halli_pi.vision.hawaiki.art import hawaiki_face
from halli_pi.vision.render import (
    IMAGE_SIZE,
    SKINS,
    TABLES,
    Look,
    _apply_h,
    _arm,
    _camera,
    _glare,
    _light,
    _paste,
    _rng,
    _sensor,
    _table,
    moved,
)

N_PILES = 3
ZONE_CARDS = 1.9  # a pile zone's side, in card widths: room for a card laid askew


@dataclass(frozen=True)
class Placed:
    """One card on a pile: where it landed relative to the pile's spot (table-plane pixels,
    in card widths) and how it is turned (degrees)."""

    card: HCard
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0
    style: int = 0  # which of the two printed copies (pips turned a little differently)


@dataclass(frozen=True)
class PileState:
    cards: tuple[Placed, ...] = ()  # top card last
    arm: bool = False  # a hand over the pile

    @property
    def top(self) -> HCard | None:
        return self.cards[-1].card if self.cards else None


@dataclass(frozen=True)
class PileLabel:
    pile: int
    state: str  # "card", "empty" or "occluded" (an arm or its shadow over the top card)
    card: HCard | None  # the top card, also when occluded
    corners: np.ndarray | None  # the top card's corners in image pixels (4x2)


@dataclass
class PileScene:
    frame: np.ndarray
    labels: list[PileLabel]
    zones: list[np.ndarray]  # the pile zones in image pixels, as a layout holds them


def lay(
    pile: PileState,
    card: HCard,
    rng: np.random.Generator,
    *,
    careful: bool = False,
    spread: float = 1.0,
) -> Placed:
    """Where a player lays ``card`` on ``pile``: near the top card's pose, a little turned and
    shifted (``careful``: almost exactly on it, as on a twin nobody wants to hide; ``spread``
    scales how far a player strays: below 1 a tidy stack, whose edges lie close together)."""
    base = pile.cards[-1] if pile.cards else Placed(card)
    if careful:
        turn, shift = 1.0, 0.02
    else:
        turn, shift = 14.0 * spread, 0.08 * spread
    return Placed(
        card,
        float(np.clip(base.dx + rng.normal(0, shift), -0.25, 0.25)),
        float(np.clip(base.dy + rng.normal(0, shift), -0.25, 0.25)),
        float(base.angle + rng.normal(0, turn)),
        int(rng.integers(2)),
    )


# The ``rough`` family's stacks: each pile laid by a player as tidy as a fifth of the usual
# stray (edges of the cards under the top one a pixel or two from its own) or as loose as
# twice it, with up to this many cards.
ROUGH_SPREAD = (0.2, 2.0)
ROUGH_MOST = 8


def random_piles(
    seed: int, deck: Sequence[HCard], *, p_arm: float = 0.15, rough: bool = False
) -> list[PileState]:
    """Three piles of one to five cards each, laid as players lay them; sometimes a hand.
    ``rough``: one to ``ROUGH_MOST`` cards, each pile tidier or looser than usual (drawn from
    a stream of its own, so the other families' piles stay as they were)."""
    rng = _rng("hawaiki-piles", seed)
    more = _rng("hawaiki-rough-piles", seed)
    piles = []
    for _ in range(N_PILES):
        pile = PileState((Placed(deck[int(rng.integers(len(deck)))], angle=rng.uniform(-40, 40)),))
        laid = int(more.integers(0, ROUGH_MOST)) if rough else int(rng.integers(0, 5))
        spread = float(more.uniform(*ROUGH_SPREAD)) if rough else 1.0
        for _ in range(laid):
            card = deck[int(rng.integers(len(deck)))]
            pile = replace(pile, cards=pile.cards + (lay(pile, card, rng, spread=spread),))
        piles.append(replace(pile, arm=bool(rng.random() < p_arm)))
    return piles


# -- looks ------------------------------------------------------------------------------------

TUNING_TABLES = TABLES[:4]  # oak, walnut, green felt, blue cloth
HELDOUT_TABLES: list[tuple[int, int, int]] = [
    *TABLES[4:],  # slate, light beech, red cloth
    (30, 28, 26),  # near-black cloth
    (95, 45, 85),  # purple cloth: near a card colour
    (150, 150, 146),  # pale grey laminate
]


def _look(
    rng: np.random.Generator,
    tables: Sequence[tuple[int, int, int]],
    card_w: float,
    gain: float,
    warm: float,
) -> Look:
    b, g, r = (
        int(np.clip(c + rng.integers(-12, 13), 0, 255))
        for c in tables[int(rng.integers(len(tables)))]
    )
    return Look(
        table=(b, g, r),
        grain=float(rng.uniform(0, 16)) if rng.random() < 0.5 else 0.0,
        texture=float(rng.uniform(2, 7)),
        card_w=card_w,
        keystone=float(rng.uniform(0, 0.15)),
        roll=float(rng.uniform(-4, 4)),
        light=(gain, float(rng.uniform(-0.3, 0.3)), float(rng.uniform(-0.25, 0.25))),
        vignette=float(rng.uniform(0, 0.25)),
        tint=(1.0 - warm, 1.0 - warm * 0.35, 1.0),
        blur=float(rng.uniform(0, 1.0)),
        noise=float(rng.uniform(0, 4)),
        jpeg=int(rng.integers(65, 96)) if rng.random() < 0.6 else 0,
        mess=0.0,
        skin=SKINS[int(rng.integers(len(SKINS)))],
    )


def tuning_look(seed: int) -> Look:
    """The looks the reader is tuned on: four tables, ordinary lamps, cards 50-62 px wide."""
    rng = _rng("hawaiki-tuning-look", seed)
    return _look(
        rng,
        TUNING_TABLES,
        float(rng.uniform(50, 62)),
        float(rng.uniform(0.8, 1.05)),
        float(rng.uniform(0.0, 0.3)),
    )


def wide_look(seed: int) -> Look:
    """Tuning looks stretched: the tuning tables under any lamp from dim to bright, warm or
    cool, and cards 40-76 px wide, a camera higher or lower than the usual. Tuned on, with
    seeds of its own; the tables stay the tuning family's."""
    rng = _rng("hawaiki-wide-look", seed)
    return _look(
        rng,
        TUNING_TABLES,
        float(rng.uniform(40, 76)),
        float(rng.uniform(0.6, 1.15)),
        float(rng.uniform(-0.15, 0.45)),
    )


def rough_look(seed: int) -> Look:
    """Tuning looks made hard, to show what the reader still misses once ``tuning`` and
    ``wide`` read whole (tuned on, with seeds of its own; with ``random_piles(rough=True)``):
    the four tuning tables shaded from half to one and a half times as bright, lamps from dim
    to harsh and more uneven, a lamp's reflection on a quarter of the top cards, cards 36-80 px
    wide, a camera more tilted and turned, softer, noisier and more compressed."""
    rng = _rng("hawaiki-rough-look", seed)
    base = TUNING_TABLES[int(rng.integers(len(TUNING_TABLES)))]
    shade = float(rng.uniform(0.5, 1.5))
    table = tuple(int(np.clip(c * shade, 0, 255)) for c in base)
    look = _look(
        rng,
        [(table[0], table[1], table[2])],
        float(rng.uniform(36, 80)),
        float(rng.uniform(0.55, 1.25)),
        float(rng.uniform(-0.2, 0.5)),
    )
    return replace(
        look,
        keystone=float(rng.uniform(0, 0.22)),
        roll=float(rng.uniform(-10, 10)),
        light=(look.light[0], float(rng.uniform(-0.4, 0.4)), float(rng.uniform(-0.35, 0.35))),
        vignette=float(rng.uniform(0, 0.35)),
        blur=float(rng.uniform(0, 1.3)),
        noise=float(rng.uniform(0, 6)),
        jpeg=int(rng.integers(55, 96)) if rng.random() < 0.7 else 0,
        glare=0.25,
        glare_size=float(rng.uniform(0.08, 0.22)),
        glare_spots=2,
        glare_stretch=2.0,
        glare_profile=1.0,
        glare_tint=0.1,
    )


def heldout_look(seed: int) -> Look:
    """Looks never used for tuning: other tables, dimmer or brighter and warmer or cooler
    light, and cards smaller (40-48 px) or larger (64-76 px) than any tuned on."""
    rng = _rng("hawaiki-heldout-look", seed)
    small = rng.random() < 0.5
    card_w = float(rng.uniform(40, 48) if small else rng.uniform(64, 76))
    dim = rng.random() < 0.5
    gain = float(rng.uniform(0.62, 0.78) if dim else rng.uniform(1.06, 1.15))
    warm = float(rng.uniform(0.3, 0.45) if rng.random() < 0.6 else -0.12)
    return _look(rng, HELDOUT_TABLES, card_w, gain, warm)


# -- rendering --------------------------------------------------------------------------------


def pile_spots(look: Look, size: tuple[int, int] = IMAGE_SIZE) -> list[np.ndarray]:
    """Where the three piles lie on the table plane: in a row across the middle."""
    w, h = size
    gap = look.card_w * ZONE_CARDS * 1.25
    return [np.array([w / 2 + (i - 1) * gap, h / 2], np.float64) for i in range(N_PILES)]


def pile_zones(look: Look, size: tuple[int, int] = IMAGE_SIZE) -> list[np.ndarray]:
    """The pile zones in image pixels (squares on the table, seen through the camera)."""
    hmat = _camera(look, size)
    half = look.card_w * ZONE_CARDS / 2
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    return [_apply_h(hmat, spot + square) for spot in pile_spots(look, size)]


def render_piles(
    piles: Sequence[PileState],
    seed: int,
    *,
    look: Look,
    frame: int = 0,
    size: tuple[int, int] = IMAGE_SIZE,
) -> PileScene:
    """Draw the three piles on the table. Deterministic in (seed, frame); an arm's shape
    changes every few frames, as a hand moves."""
    if len(piles) != N_PILES:
        raise ValueError(f"Hawaiki has {N_PILES} piles, got {len(piles)}")
    # An arm's shape changes every fourth frame; with no arm over a pile only the sensor's
    # noise changes from frame to frame.
    arm_step = frame // 4 if any(p.arm for p in piles) else -1
    lit, labels = _lit_piles(tuple(piles), seed, look, arm_step, size)
    # The sensor adds its noise in place: to a copy, never to the kept picture.
    frame_img = _sensor(lit.copy(), look, _rng("sensor", seed, frame))
    return PileScene(frame_img, list(labels), pile_zones(look, size))


# A film holds the same piles for many frames in a row (a hand lays a card, then leaves them
# be), so the lit picture before the sensor is kept for the last few drawn: about 4 MB each.
@lru_cache(maxsize=4)
def _lit_piles(
    piles: tuple[PileState, ...],
    seed: int,
    look: Look,
    arm_step: int,
    size: tuple[int, int],
) -> tuple[np.ndarray, tuple[PileLabel, ...]]:
    """The piles drawn on the table and lit, before the sensor, with their exact labels;
    ``arm_step`` picks the arms' pose (-1: no arm over any pile)."""
    hmat = _camera(look, size)
    plane = _table(look, seed, size)
    labels: list[PileLabel] = []
    arms: list[tuple[np.ndarray, np.ndarray, int]] = []
    for i, (state, spot) in enumerate(zip(piles, pile_spots(look, size), strict=True)):
        corners = None
        for placed in state.cards:
            centre = spot + np.array([placed.dx, placed.dy]) * look.card_w
            face = hawaiki_face(placed.card, style=placed.style)
            pts = _paste(plane, face, centre, placed.angle, look.card_w)
            corners = _apply_h(hmat, pts)
        if state.arm:
            r = _rng("hawaiki-arm", seed, i, arm_step)
            # Players sit all round: a hand comes from below, above or a side.
            ang = float(r.uniform(0, 2 * math.pi))
            out = np.array([math.cos(ang), math.sin(ang)])
            hand = spot + r.normal(0, look.card_w * 0.2, 2)
            arms.append((hand, out, i))
        top = state.top
        labels.append(PileLabel(i, "card" if top else "empty", top, corners))
    if arms:
        before = plane.copy()
        for hand, out, i in arms:
            _arm(plane, look, hand, out, _rng("hawaiki-arm-shape", seed, i, arm_step))
        labels = _occluded(labels, plane, before, hmat, size, pile_zones(look, size))
    img = cv2.warpPerspective(
        plane, hmat, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    img = _light(img, look, size)
    if look.glare:  # a lamp's reflections on top cards (the ``rough`` family only)
        _glare(img, [lab.corners for lab in labels if lab.corners is not None], look, seed)
    return img, tuple(labels)


def _occluded(
    labels: list[PileLabel],
    plane: np.ndarray,
    before: np.ndarray,
    hmat: np.ndarray,
    size: tuple[int, int],
    zones: list[np.ndarray],
) -> list[PileLabel]:
    """Exact labels: a pile whose top card (or empty zone) an arm or its shadow touches is
    occluded, whichever pile the arm reached for."""
    touched: np.ndarray = cv2.warpPerspective(
        moved(plane, before).astype(np.uint8), hmat, size, flags=cv2.INTER_NEAREST
    )
    out = []
    for lab, zone in zip(labels, zones, strict=True):
        m = np.zeros(touched.shape, np.uint8)
        poly = lab.corners if lab.corners is not None else zone
        cv2.fillPoly(m, [np.asarray(poly).astype(np.int32)], 1)
        share = 0.01 if lab.corners is not None else 0.05
        if (touched & m).sum() > share * m.sum():
            lab = PileLabel(lab.pile, "occluded", lab.card, lab.corners)
        out.append(lab)
    return out


# -- films: frames of a game ------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """What happened in one turn of a film, the truth a tracker is scored against."""

    kind: str  # "play", "pair" (a twin laid on its twin), "hover" (nothing laid), "retract"
    pile: int
    card: HCard | None  # the card laid (play, pair) or shown again (retract)
    careful: bool  # a pair laid almost exactly on its twin
    t_reach: float  # the first frame a hand is over the pile
    t_shown: float  # the first frame the pile is clear again
    announced: bool = False  # an announcement was held over the turn


@dataclass(frozen=True)
class FilmFrame:
    index: int
    t: float
    frame: np.ndarray
    announced: bool = False  # an announcement is held: pressed before the reach, to the turn's end


@dataclass
class Film:
    """A rendered game: its frames (a generator), the pile zones and, once the frames have
    been consumed, every turn's truth."""

    zones: list[np.ndarray]
    dealt: list[HCard]
    turns: list[Turn]
    frames: Any


def film(
    seed: int,
    deck: Sequence[HCard],
    *,
    look: Look,
    turns: int = 12,
    fps: float = 30.0,
    p_pair: float = 0.3,
    p_careful: float = 0.5,
    p_hover: float = 0.1,
    p_retract: float = 0.05,
    p_announce_pair: float = 0.7,
    p_announce_other: float = 0.1,
    reach: int = 5,
    place: int = 4,
    idle: int = 8,
) -> Film:
    """Frames of a Hawaiki game: in turn a hand reaches over a pile (``reach`` frames), lays a
    card and stays (``place`` frames), leaves; then ``idle`` still frames. Some turns lay a
    twin on its twin (``p_pair``; half of them carefully, in the same pose), some only hover,
    some take the last card back."""
    rng = _rng("hawaiki-film", seed)
    piles = [
        PileState((Placed(deck[int(rng.integers(len(deck)))], angle=float(rng.uniform(-40, 40))),))
        for _ in range(N_PILES)
    ]
    truth: list[Turn] = []
    made = Film(pile_zones(look), [p.cards[0].card for p in piles], truth, None)

    def frames():
        index = 0

        def shot(arm: int | None, announced: bool = False) -> FilmFrame:
            nonlocal index
            state = [replace(p, arm=(i == arm)) for i, p in enumerate(piles)]
            scene = render_piles(state, seed, look=look, frame=index)
            out = FilmFrame(index, index / fps, scene.frame, announced)
            index += 1
            return out

        for _ in range(idle):
            yield shot(None)
        for _ in range(turns):
            k = int(rng.integers(N_PILES))
            pile = piles[k]
            roll = rng.random()
            kind, card, careful = "hover", None, False
            if roll < p_retract and len(pile.cards) > 1:
                kind, card = "retract", pile.cards[-2].card
            elif roll >= p_retract + p_hover:
                top = pile.cards[-1].card
                card = top if rng.random() < p_pair else deck[int(rng.integers(len(deck)))]
                careful = card == top and rng.random() < p_careful
                kind = "pair" if card == top else "play"
            announced = bool(
                rng.random() < (p_announce_pair if kind == "pair" else p_announce_other)
            )
            t_reach = index / fps
            for _ in range(reach):
                yield shot(k, announced)
            if kind == "retract":
                piles[k] = replace(pile, cards=pile.cards[:-1])
            elif card is not None:
                placed = lay(pile, card, rng, careful=careful)
                piles[k] = replace(pile, cards=pile.cards + (placed,))
            for _ in range(place):
                yield shot(k, announced)
            truth.append(Turn(kind, k, card, careful, t_reach, index / fps, announced))
            # Held until the turn is over (a play ruled, or the page answered), so the
            # last still frame lets it go.
            for i in range(idle):
                yield shot(None, announced and i < idle - 1)

    made.frames = frames()
    return made

"""The synthetic table: renders camera frames of piles of cards with exact labels.

A scene is the table state (per seat: the face-up pile, top card last, and whether an arm is
over it) plus zones in image pixels (a layout). ``render_scene`` draws it as a 640x480 BGR
frame, deterministically from a seed: a textured table, messy piles (covered cards peek out
around the top card, each card casting a thin shadow), rotation, a tilted camera (perspective),
uneven and coloured light, blur, noise, JPEG, and arms with hands across piles.

Geometry depends on (seed, seat, position in the pile), so adding a card to a pile keeps the
cards under it where they were: consecutive frames of a game look like a real table. Sensor
noise depends on ``frame`` as well.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import cv2
import numpy as np

from halli_pi.cards import Card
from halli_pi.vision.art import FACE_SIZE, card_face, scan_face
from halli_pi.vision.srgb import to_linear, to_srgb

IMAGE_SIZE: tuple[int, int] = (640, 480)


class Art:
    """Which faces are drawn: the project's own art, Deluxe (silver 5s), or the real scans."""

    OWN = "own"
    DELUXE = "deluxe"
    SCAN = "scan"


@dataclass(frozen=True)
class SeatState:
    pile: tuple[Card, ...] = ()  # top card last
    arm: bool = False


@dataclass(frozen=True)
class SeatLabel:
    seat: int
    state: str  # "card", "empty" or "occluded" (an arm over the pile)
    card: Card | None  # the top card, also when occluded
    corners: np.ndarray | None  # top card corners in image pixels (4x2)


@dataclass
class Scene:
    frame: np.ndarray
    labels: list[SeatLabel]
    # Every card drawn, in the order drawn (image corners): what lies over what, for
    # measuring a reader that finds cards without a layout (``cards_in_full_view``).
    cards: list[tuple[Card, np.ndarray]] = field(default_factory=list)


def cards_in_full_view(scene: Scene, share: float = 0.98) -> list[tuple[Card, np.ndarray]]:
    """The cards no later card covers (``share`` of each left in view) and that lie inside
    the frame: the cards a reader without a layout may claim. Arms are not counted: use
    scenes without them."""
    h, w = scene.frame.shape[:2]
    out = []
    for k, (card, quad) in enumerate(scene.cards):
        mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(mask, [np.round(quad).astype(np.int32)], 1)
        whole = int(mask.sum())
        inside = (quad >= 0).all() and (quad[:, 0] < w).all() and (quad[:, 1] < h).all()
        for _, above in scene.cards[k + 1 :]:
            cv2.fillPoly(mask, [np.round(above).astype(np.int32)], 0)
        if inside and whole and mask.sum() >= share * whole:
            out.append((card, quad))
    return out


@runtime_checkable
class Zoned(Protocol):
    """A layout, or anything with ``.seats[i].zone`` (and perhaps ``.image_size``)."""

    @property
    def seats(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Look:
    """Everything about a scene's appearance that is not the cards."""

    table: tuple[int, int, int] = (60, 95, 140)  # BGR
    grain: float = 0.0  # wood grain strength
    texture: float = 6.0  # cloth/noise texture strength
    card_w: float = 56.0  # card width on the table plane, pixels
    keystone: float = 0.0  # camera tilt: top edge shrinks by this fraction
    # A camera tilted from straight down as a pinhole sees it (the ``tilt`` style): degrees
    # from straight down, and the image direction (degrees) of the far side of the table.
    # 0: the keystone camera above, as the renderer always had.
    tilt: float = 0.0
    tilt_towards: float = 0.0
    # The pinhole's focal length, in image widths (of the longer side): 1.2, the ``tilt``
    # style's camera on a stand; a phone's wide lens is nearer 0.75, and at the same tilt
    # makes near cards larger still against far ones.
    focal: float = 1.2
    # Where the pinhole's axis meets the image, as a share of its width and height from the
    # centre (the ``tilt_hard`` style): a camera off to one side of the table, or a phone's
    # picture cropped, sees the table's perspective off-centre. (0, 0): the image's centre.
    axis: tuple[float, float] = (0.0, 0.0)
    roll: float = 0.0  # camera rotation, degrees
    light: tuple[float, float, float] = (1.0, 0.0, 0.0)  # gain, x slope, y slope
    vignette: float = 0.0
    tint: tuple[float, float, float] = (1.0, 1.0, 1.0)  # BGR multipliers (warm: B < 1)
    blur: float = 0.0
    noise: float = 0.0
    jpeg: int = 0  # 0: none
    mess: float = 0.2  # how far covered cards stray, in card widths
    skin: tuple[int, int, int] = (120, 150, 205)
    # Noise in every channel, as a sensor makes it in low light. The default (False) puts
    # ``noise`` in the blue channel only, as the renderer always has: the tuning scenes of
    # earlier figures stay as they were.
    colour_noise: bool = False
    # Glare: the chance that a top card shows a lamp's reflection (a soft, bright, neutral
    # spot), and the spot's radius as a share of the card's width.
    glare: float = 0.0
    glare_size: float = 0.25
    # A lamp's reflections of more kinds (the tuning style ``lamp``; the defaults draw the
    # ``glare`` style's round, neutral, Gaussian spot, one a card, as before): up to this many
    # spots a card, stretched up to this ratio along any direction, a profile from flat-topped
    # to peaked (an exponent of the distance drawn up to this spread around the Gaussian's 2),
    # and a lamp's colour up to this far from neutral (warm or cool).
    glare_spots: int = 1
    glare_stretch: float = 1.0
    glare_profile: float = 0.0
    glare_tint: float = 0.0
    # Shadows of hands held over the table (the tuning style ``shadow``): the chance that a
    # pile no arm lies over gets one, cast from beyond the image's border across it, and the
    # share of the light left in it.
    shadow: float = 0.0
    shadow_light: float = 0.6
    # How far (degrees, a normal spread) the covered cards of a pile turn from the pile's
    # angle: 18 keeps their edges peeking out around the top card, as the renderer always
    # had; the ``rotated`` style turns them any way.
    pile_turn: float = 18.0
    # A sensor's shot noise (the ``noise`` style): in every channel, a normal spread of this
    # many levels where the light reaches the sensor's top, growing as the square root of the
    # light (photons are counted), added before the sensor clips. 0: none, as before.
    shot_noise: float = 0.0
    # Daylight from a window beside the table (the ``window`` style): a broad, soft wash of
    # light over part of the table, cards and table alike, this many levels at its peak
    # (neutral to a little cool), as a Gaussian this many card widths wide (its spread),
    # centred near the window's side. 0: none, as before.
    wash: float = 0.0
    wash_size: float = 2.0
    # A camera placed a little off the table's layout (the ``edge`` style): the zones lie this
    # many pixels (x, y) from where ``default_zones`` draws them, so those near a side run
    # past the frame's border ...
    zone_shift: tuple[float, float] = (0.0, 0.0)
    # ... and each pile is drawn in view: its place (the zone's middle) moved in from the
    # frame's border to this many card widths from it, when nearer (0: the zone's middle
    # wherever it lies, as before).
    pile_in_view: float = 0.0
    # A camera out of focus (the ``blur`` style): each point spread over a disc of this radius
    # in pixels (a lens's blur circle, flat, not a Gaussian's soft hump), before the sensor's
    # noise. 0: none, as before.
    defocus: float = 0.0
    # Piles left off their zones, as players leave them (the ``offzone`` style): each top card
    # lies between these many card widths from its zone's middle, towards a side drawn for
    # each pile, and its covered cards fan out along the way from the middle to it. (0, 0):
    # every pile on its zone's middle, as before.
    pile_off: tuple[float, float] = (0.0, 0.0)
    # Reflections added in linear light where a lamp's or a window's mirror image falls in the
    # image (the ``sheen`` style): one to this many in the frame, over piles, across the
    # cards' sides, on covered cards and the table alike (``_sheen``). 0: none, as before.
    sheen: int = 0


TABLES: list[tuple[int, int, int]] = [
    (55, 95, 150),  # oak
    (35, 60, 100),  # walnut
    (60, 120, 50),  # green felt
    (110, 70, 40),  # blue cloth
    (80, 80, 85),  # slate
    (120, 150, 175),  # light beech
    (40, 40, 130),  # red cloth
]
SKINS: list[tuple[int, int, int]] = [
    (150, 175, 225),
    (120, 150, 205),
    (85, 120, 175),
    (60, 85, 130),
    (45, 60, 95),
]


def random_look(rng: np.random.Generator, *, hard: bool = True) -> Look:
    """A random appearance; ``hard`` adds tilt, warm light, blur, noise and JPEG."""
    table = TABLES[int(rng.integers(len(TABLES)))]
    warm = float(rng.uniform(0.0, 0.35)) if hard else 0.0
    if hard and rng.random() < 0.15:
        warm = -0.1  # a cool, blueish light
    b, g, r = (int(np.clip(c + rng.integers(-15, 16), 0, 255)) for c in table)
    return Look(
        table=(b, g, r),
        grain=float(rng.uniform(0, 18)) if rng.random() < 0.5 else 0.0,
        texture=float(rng.uniform(2, 8)),
        card_w=float(rng.uniform(50, 62)),
        keystone=float(rng.uniform(0, 0.18)) if hard else 0.0,
        roll=float(rng.uniform(-4, 4)) if hard else 0.0,
        light=(
            float(rng.uniform(0.75, 1.05)) if hard else 1.0,
            float(rng.uniform(-0.35, 0.35)) if hard else 0.0,
            float(rng.uniform(-0.3, 0.3)) if hard else 0.0,
        ),
        vignette=float(rng.uniform(0, 0.3)) if hard else 0.0,
        tint=(1.0 - warm, 1.0 - warm * 0.35, 1.0),
        blur=float(rng.uniform(0, 1.1)) if hard else 0.0,
        noise=float(rng.uniform(0, 5)) if hard else 1.0,
        jpeg=int(rng.integers(60, 96)) if hard and rng.random() < 0.7 else 0,
        mess=float(rng.uniform(0.05, 0.35)),
        skin=SKINS[int(rng.integers(len(SKINS)))],
    )


def dark_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: the same table in low light, an eighth to a third of the usual, with a
    sensor's noise in every channel and no JPEG (a camera's video frames are not compressed)."""
    gain = float(rng.uniform(0.12, 0.3))
    return replace(
        look,
        light=(gain, look.light[1], look.light[2]),
        noise=float(rng.uniform(6, 14)),
        jpeg=0,
        colour_noise=True,
    )


def glare_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a lamp's reflection on half the top cards, a tenth to a third of a
    card wide."""
    return replace(look, glare=0.5, glare_size=float(rng.uniform(0.1, 0.3)))


def cloth_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a dark cloth (near black, a little coloured, no grain) under a lamp
    whose reflection lies on half the top cards, as phone photos of a table at home show."""
    return replace(
        _dark_cloth(look, rng, 18.0),
        glare=0.5,
        glare_size=float(rng.uniform(0.1, 0.3)),
    )


def _dark_cloth(look: Look, rng: np.random.Generator, darkest: float) -> Look:
    """``look`` on a dark cloth: near black (grey ``darkest`` to 45), a little coloured, no
    grain, a faint weave."""
    grey = float(rng.uniform(darkest, 45))
    tint = rng.uniform(0.8, 1.2, 3)
    table = tuple(int(np.clip(grey * t, 0, 255)) for t in tint)
    return replace(
        look,
        table=(table[0], table[1], table[2]),
        grain=0.0,
        texture=float(rng.uniform(1, 4)),
    )


def tilt_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a camera tilted 15 to 35 degrees from straight down, towards any side
    of the table (a camera on a shelf or a stand at the table's edge): cards are trapezoids,
    far ones smaller and flattened, near ones larger. Cards keep their usual size at the
    image's centre."""
    tilt = float(rng.uniform(15, 35))
    towards = float(rng.uniform(-180, 180))
    _, zoom = _pinhole(tilt, towards, IMAGE_SIZE)
    return replace(
        look, tilt=tilt, tilt_towards=towards, keystone=0.0, roll=0.0, card_w=look.card_w / zoom
    )


def lamp_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: lamps' reflections of many kinds on the top cards (more than
    ``glare``'s round neutral spots, so what the reader learns of glare is not one spot's
    shape): on half the top cards, up to two spots a card, some off its edge, stretched up
    to 2.5 to 1 along any direction, flat-topped to peaked, neutral to warm or cool, an
    eighth to a third of a card wide."""
    return replace(
        look,
        glare=0.5,
        glare_size=float(rng.uniform(0.12, 0.33)),
        glare_spots=2,
        glare_stretch=2.5,
        glare_profile=1.0,
        glare_tint=0.15,
    )


def steep_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style harder than ``tilt``: a phone held at an angle over the table, tilted
    20 to 40 degrees from straight down towards any side, through a wide lens (a focal
    length of 0.75 to 1 image width, against ``tilt``'s 1.2): cards near the camera are
    much larger than far ones, and far ones flattened more. Cards keep their usual size at
    the image's centre."""
    tilt = float(rng.uniform(20, 40))
    towards = float(rng.uniform(-180, 180))
    focal = float(rng.uniform(0.75, 1.0))
    _, zoom = _pinhole(tilt, towards, IMAGE_SIZE, focal)
    return replace(
        look,
        tilt=tilt,
        tilt_towards=towards,
        focal=focal,
        keystone=0.0,
        roll=0.0,
        card_w=look.card_w / zoom,
    )


# Plain tables for ``strays_look``: grey, beige and wood of a skin's colours (BGR), where
# the print of covered cards is the most colourful thing around a pile, and the table itself
# may pass for a hand.
PLAIN_TABLES: list[tuple[int, int, int]] = [
    (128, 128, 128),  # grey
    (165, 170, 172),  # light grey
    (150, 185, 205),  # beige
    (95, 140, 185),  # light wood
    (60, 100, 150),  # oak
    (45, 75, 120),  # dark oak
]


def strays_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: messy piles on a plain table under a warm lamp. The covered cards
    stray 0.3 to 0.55 of a card from under the top one (the usual look's 0.05 to 0.35), so
    their fruit shows all round it, on a plain grey, beige or wooden table (wood grain on
    half of them) lit warm: nothing lies over most piles, and none of it is an arm."""
    table = PLAIN_TABLES[int(rng.integers(len(PLAIN_TABLES)))]
    b, g, r = (int(np.clip(c + rng.integers(-12, 13), 0, 255)) for c in table)
    warm = float(rng.uniform(0.15, 0.4))
    return replace(
        look,
        table=(b, g, r),
        grain=float(rng.uniform(6, 16)) if rng.random() < 0.5 else 0.0,
        texture=float(rng.uniform(1, 4)),
        tint=(1.0 - warm, 1.0 - warm * 0.35, 1.0),
        mess=float(rng.uniform(0.3, 0.55)),
    )


def shadow_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: shadows of hands held over half the piles (no hand on them), each
    leaving 0.45 to 0.75 of the light, cast from beyond the image's border."""
    return replace(look, shadow=0.5, shadow_light=float(rng.uniform(0.45, 0.75)))


PHONE_SIZE: tuple[int, int] = (1024, 768)  # a phone's picture, as the ``phone`` style takes it


def phone_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a phone's picture of four piles at home (``PHONE_SIZE``, the seats of
    ``style_table``): cards a sixth to a fifth of the picture wide, on a dark cloth (as
    ``cloth``) in dim light that the phone's gain lifts with a sensor's noise in every channel
    (as ``dark``, brighter), a lamp's reflection on half the top cards, saved as a JPEG."""
    return _phone_picture(
        look,
        rng,
        cloth=15.0,
        card_w=(0.16, 0.21),
        light=(0.3, 0.75),
        noise=(4, 12),
        blur=(0.3, 1.6),
        jpeg=(75, 96),
    )


def _phone_picture(
    look: Look,
    rng: np.random.Generator,
    *,
    cloth: float,
    card_w: tuple[float, float],
    light: tuple[float, float],
    noise: tuple[float, float],
    blur: tuple[float, float],
    jpeg: tuple[int, int],
) -> Look:
    """A phone's picture of four neat piles on a dark cloth (``cloth``: its light, as
    ``_dark_cloth``), each range drawn from ``rng``: the card's width as a share of the
    picture's, the light, the sensor's noise in every channel, the blur, the JPEG quality
    (its end excluded); a lamp's reflection on half the top cards."""
    return replace(
        _dark_cloth(look, rng, cloth),
        card_w=float(rng.uniform(*card_w)) * PHONE_SIZE[0],
        mess=float(rng.uniform(0.04, 0.15)),  # neat piles: four seats share the picture
        light=(float(rng.uniform(*light)), look.light[1], look.light[2]),
        noise=float(rng.uniform(*noise)),
        colour_noise=True,
        blur=float(rng.uniform(*blur)),
        jpeg=int(rng.integers(*jpeg)),
        glare=0.5,
        glare_size=float(rng.uniform(0.1, 0.25)),
    )


def jpeg_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a frame compressed hard (JPEG quality 18 to 40, as a phone's messaging
    app or a cheap webcam's stream sends it) of somewhat smaller cards (0.75 to 0.95 of the
    usual width), slightly blurred: the 8-pixel blocks are a large part of a symbol, and
    their steps run along and across the cards' edges."""
    return replace(
        look,
        jpeg=int(rng.integers(18, 41)),
        card_w=look.card_w * float(rng.uniform(0.75, 0.95)),
        blur=float(rng.uniform(0.3, 1.0)),
    )


def rotated_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: piles laid in a hurry, the covered cards turned any way under the top
    one (not near the pile's angle) and strayed 0.2 to 0.45 of a card, under a camera
    rolled up to 30 degrees: the corners and sides of several cards stick out all round the
    top card, at every angle to its sides."""
    return replace(
        look,
        pile_turn=90.0,
        mess=float(rng.uniform(0.2, 0.45)),
        roll=float(rng.uniform(-30, 30)),
    )


def noise_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a camera's video frames (no JPEG, little blur) exposed bright, so the
    card faces reach the sensor's top, with a sensor's noise: shot noise growing with the
    light (``shot_noise``) and read noise, both in every channel (chroma noise). Clipped
    faces are broken by scattered pixels a few levels below the top."""
    return replace(
        look,
        light=(float(rng.uniform(1.05, 1.4)), look.light[1] * 0.5, look.light[2] * 0.5),
        noise=float(rng.uniform(1.5, 4)),
        colour_noise=True,
        shot_noise=float(rng.uniform(3, 12)),
        blur=float(rng.uniform(0.0, 0.5)),
        jpeg=0,
    )


def night_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style harder than ``phone``: the same phone's picture of four piles
    (``PHONE_SIZE``, the seats of ``style_table``) at night, as the issue's photos of a clone
    deck show: cards a sixth to a quarter of the picture wide on a near-black cloth, lit a
    seventh to a third of the usual (dimmer than ``phone``), so the phone's gain lifts a
    heavier sensor's noise in every channel (as ``dark``), softened by the phone's own
    denoising (more blur), a lamp's reflection on half the top cards, saved as a JPEG."""
    return _phone_picture(
        look,
        rng,
        cloth=10.0,
        card_w=(0.17, 0.24),
        light=(0.15, 0.35),
        noise=(7, 14),
        blur=(0.6, 1.8),
        jpeg=(70, 93),
    )


def _tilted_camera(
    look: Look,
    rng: np.random.Generator,
    tilt: tuple[float, float],
    focal: tuple[float, float],
    axis_most: float,
    size: tuple[float, float],
) -> Look:
    """``look`` through a camera tilted from straight down by a drawn angle in ``tilt``
    (degrees) towards any side, through a lens of a drawn ``focal`` (image widths), its axis
    off the image's centre by up to ``axis_most`` of the picture each way, with cards a drawn
    ``size`` of the usual size at the image's centre; no keystone, no roll."""
    angle = float(rng.uniform(*tilt))
    towards = float(rng.uniform(-180, 180))
    lens = float(rng.uniform(*focal))
    axis = (float(rng.uniform(-axis_most, axis_most)), float(rng.uniform(-axis_most, axis_most)))
    hmat, _ = _pinhole(angle, towards, IMAGE_SIZE, lens, axis)
    at_centre = _scale_at(hmat, (IMAGE_SIZE[0] / 2, IMAGE_SIZE[1] / 2))
    return replace(
        look,
        tilt=angle,
        tilt_towards=towards,
        focal=lens,
        axis=axis,
        keystone=0.0,
        roll=0.0,
        card_w=look.card_w * float(rng.uniform(*size)) / at_centre,
    )


def tilt_hard_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style harder than ``steep``: a camera at the table's side, tilted 35 to 50
    degrees from straight down towards any side through a lens of 0.7 to 1 image width,
    its axis off the image's centre by up to a sixth of the picture (a camera off to one
    side, or a cropped picture), with cards 0.8 to 1 of the usual size at the image's
    centre: far piles are small and flattened, near ones large. With one of the other
    looks on top: a warm lamp, a dark cloth, a lamp's reflection on half the top cards,
    or a soft focus."""
    tilted = _tilted_camera(look, rng, (35, 50), (0.7, 1.0), 0.16, (0.8, 1.0))
    extra = int(rng.integers(4))
    if extra == 0:
        warm = float(rng.uniform(0.2, 0.35))
        return replace(tilted, tint=(1.0 - warm, 1.0 - warm * 0.35, 1.0))
    if extra == 1:
        return _dark_cloth(tilted, rng, 18.0)
    if extra == 2:
        return replace(tilted, glare=0.5, glare_size=float(rng.uniform(0.1, 0.25)))
    return replace(tilted, blur=float(rng.uniform(1.0, 1.8)))


# Pale plain tables for ``pale_look`` (BGR): grey, light grey, beige, near white, a pale
# blue-grey, a warm off-white: under warm light as bright and as neutral as a card's darker
# parts, standing less above them than the other tables do.
PALE_TABLES: list[tuple[int, int, int]] = [
    (170, 170, 170),  # grey
    (190, 192, 194),  # light grey
    (160, 185, 200),  # beige
    (185, 200, 212),  # pale beige
    (205, 208, 210),  # near white
    (200, 190, 180),  # pale blue-grey
    (195, 210, 220),  # warm off-white
]


def pale_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a plain pale table (``PALE_TABLES``, no grain, little texture), and on
    half the scenes light falling from one side (a window, a lamp off the table): the
    brightness ramps across the frame by 40 to 80 % of the usual level, in any direction,
    so one side of the table is as bright as card white on the other."""
    table = PALE_TABLES[int(rng.integers(len(PALE_TABLES)))]
    b, g, r = (int(np.clip(c + rng.integers(-10, 11), 0, 255)) for c in table)
    pale = replace(look, table=(b, g, r), grain=0.0, texture=float(rng.uniform(1, 4)))
    if rng.random() < 0.5:
        return pale
    slope = float(rng.uniform(0.4, 0.8))
    towards = float(rng.uniform(0, 2 * np.pi))
    return replace(
        pale,
        light=(
            float(rng.uniform(0.8, 1.1)),
            slope * float(np.cos(towards)),
            slope * float(np.sin(towards)),
        ),
    )


def _scale_at(hmat: np.ndarray, point: tuple[float, float]) -> float:
    """How many image pixels a table-plane pixel spans at image ``point`` (the square root
    of the area the homography ``hmat`` makes of a small square there)."""
    x, y = point
    back = _apply_h(np.linalg.inv(hmat), np.array([[x, y], [x + 1, y], [x, y + 1]]))
    u, v = back[1] - back[0], back[2] - back[0]
    return 1.0 / math.sqrt(max(abs(float(u[0] * v[1] - u[1] * v[0])), 1e-9))


def window_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: daylight from a window at one side of the table. The light falls off
    steeply across the table from that side (a gain ramp of 0.5 to 0.8 along the window's
    direction, brighter overall: the near side clips), and the window's own reflection lies
    as a broad, soft wash over part of the table, cards and table alike (1.5 to 3 card
    widths wide, 60 to 150 levels at its peak)."""
    turn = float(rng.uniform(-math.pi, math.pi))
    slope = float(rng.uniform(0.5, 0.8))
    return replace(
        look,
        light=(
            float(rng.uniform(0.9, 1.15)),
            slope * math.cos(turn),
            slope * math.sin(turn),
        ),
        vignette=0.0,
        wash=float(rng.uniform(60, 150)),
        wash_size=float(rng.uniform(1.5, 3.0)),
    )


def edge_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: piles at the frame's border. The camera sits a little off the table's
    layout: the zones lie 40 to 100 pixels (of the 640 x 480 frame) off towards any side,
    so those on that side run past the frame's border (some with their middle beyond it),
    and each pile lies in view, its place moved in to 1.15 card widths from the border: off
    its zone's middle, towards the part of the zone the frame shows."""
    turn = float(rng.uniform(-math.pi, math.pi))
    by = float(rng.uniform(40, 100))
    return replace(
        look,
        zone_shift=(by * math.cos(turn), by * math.sin(turn)),
        pile_in_view=1.15,
    )


def offzone_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: piles pushed off their zones, as players leave them. ``edge`` keeps each
    pile on its zone's middle where the frame shows it; here each top card lies 0.4 to 0.95
    card widths off its zone's middle, towards any side (a top card up to about half a card
    past the zone's edge), its covered cards fanned out under it between the middle and it
    (strayed 0.25 to 0.45 card widths), and every pile kept in view (its place at least a
    card width from the frame's border). A top card need not cover its zone's middle: a
    check that assumes it does refuses these."""
    return replace(
        look,
        pile_off=(0.4, 0.95),
        mess=float(rng.uniform(0.25, 0.45)),
        pile_in_view=1.0,
    )


def blur_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a camera out of focus (or a lens smudged), its blur circle 1.2 to 2.6
    pixels in radius (``defocus``) on top of the look's own slight blur, noise and JPEG: a
    card's sides, the thin shadow between cards and the symbols' dark outlines spread over
    several pixels, the sides of a card over another card's face fade into a soft ramp."""
    return replace(look, defocus=float(rng.uniform(1.2, 2.6)))


def phone_dim_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a phone's picture of four piles on a dark cloth (``PHONE_SIZE``, the
    seats of ``style_table``) as issue #10's photos show more of it than ``phone`` and
    ``night`` do, all at once: cards about a quarter of the picture wide, a lamp's reflection
    on every top card, a soft focus, a sensor's noise in every channel, and dim light that
    falls off to one corner (the light's slope towards a corner, 0.4 to 0.8, and a vignette:
    the piles there are lit a third to a half of the others), saved as a JPEG."""
    phone = _phone_picture(
        look,
        rng,
        cloth=12.0,
        card_w=(0.2, 0.26),
        light=(0.25, 0.55),
        noise=(6, 13),
        blur=(1.0, 2.2),
        jpeg=(70, 92),
    )
    slope = float(rng.uniform(0.4, 0.8))
    sx, sy = (slope if rng.random() < 0.5 else -slope for _ in range(2))
    return replace(
        phone,
        light=(phone.light[0], sx, sy),
        vignette=float(rng.uniform(0.2, 0.4)),
        glare=1.0,
    )


def tilt_blur_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: a tilted camera out of focus, with what else a hard look may bring.
    ``tilt``, ``steep`` and ``tilt_hard`` each keep the rest of the look plain (no roll, no
    defocus) and ``blur`` keeps the camera straight above; here a camera tilted 15 to 45
    degrees from straight down towards any side, through a lens of 0.75 to 1.2 image widths,
    its axis off the image's centre by up to a tenth of the picture, with cards 0.85 to 1.1
    of the usual size at the image's centre, is out of focus (a blur circle of 0 to 2.4
    pixels, ``defocus``), and on half the scenes a lamp's reflection lies on a third of the
    top cards: far piles are small, flattened and soft, near ones large."""
    tilted = _tilted_camera(look, rng, (15, 45), (0.75, 1.2), 0.1, (0.85, 1.1))
    tilted = replace(tilted, defocus=float(rng.uniform(0.0, 2.4)))
    if rng.random() < 0.5:
        return replace(tilted, glare=0.33, glare_size=float(rng.uniform(0.1, 0.25)))
    return tilted


def sheen_look(look: Look, rng: np.random.Generator) -> Look:
    """A tuning style: reflections on glossy cards and a glossy table as a camera sees them
    (``_sheen``), one to five in the frame. Light adds to light, so each is added in linear
    light, not to the gamma-encoded values the other glare styles add to: the print under it
    is lifted far more than the white beside it, to a pale, unsaturated tint whose outline
    stays. Each lies where the lamp's mirror image falls, not on a chosen card: over a pile,
    across a card's side, on the strip of a covered card or the table beside the pile. Each
    is a broad, faint veil over a whole card (a window, a ceiling panel: the face's contrast
    lowered), a small spot or a lamp tube's streak whose core clips to the sensor's top in
    every channel, with a soft fringe neutral, warm (a lamp) or cool (daylight)."""
    del rng  # every reflection is drawn in ``_sheen``, from draws of its own
    return replace(look, sheen=5)


# Tuning styles: a scene's look changed to reproduce a condition the reader failed under.
STYLES = {
    "dark": dark_look,
    "glare": glare_look,
    "cloth": cloth_look,
    "tilt": tilt_look,
    "lamp": lamp_look,
    "steep": steep_look,
    "strays": strays_look,
    "shadow": shadow_look,
    "phone": phone_look,
    "jpeg": jpeg_look,
    "rotated": rotated_look,
    "noise": noise_look,
    "night": night_look,
    "tilt_hard": tilt_hard_look,
    "window": window_look,
    "pale": pale_look,
    "edge": edge_look,
    "blur": blur_look,
    "phone_dim": phone_dim_look,
    "tilt_blur": tilt_blur_look,
    "offzone": offzone_look,
    "sheen": sheen_look,
}

# Tuning styles that take a phone's picture of four piles (``style_table``), not the camera's
# frame of six.
PHONE_STYLES = ("phone", "night", "phone_dim")


def styled_look(style: str, seed: int) -> Look:
    """The look of scene ``seed`` in tuning style ``style`` ("" for the plain look)."""
    look = random_look(_rng("look", seed))
    return STYLES[style](look, _rng("style", style, seed)) if style else look


def style_table(style: str, seed: int) -> tuple[tuple[int, int], list[np.ndarray]]:
    """The frame size and the zones of scene ``seed`` in tuning ``style``: six seats at the
    usual size, or (``PHONE_STYLES``) four seats in two rows of a phone's picture, each zone about
    two cards wide around its pile (the look's card width sets it; the usual zones are 2.2),
    cut to the picture."""
    if style not in PHONE_STYLES:
        shift = styled_look(style, seed).zone_shift if style else (0.0, 0.0)
        if shift == (0.0, 0.0):
            return IMAGE_SIZE, default_zones(6)
        moved = np.array(shift, np.float32)
        return IMAGE_SIZE, [z + moved for z in default_zones(6)]
    w, h = PHONE_SIZE
    half = 0.95 * styled_look(style, seed).card_w
    zones = []
    for fx, fy in ((0.24, 0.75), (0.76, 0.75), (0.76, 0.25), (0.24, 0.25)):
        x, y = fx * w, fy * h
        x0, y0, x1, y1 = (
            max(0.0, x - half),
            max(0.0, y - half),
            min(w - 1.0, x + half),
            min(h - 1.0, y + half),
        )
        zones.append(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32))
    return PHONE_SIZE, zones


def default_zones(n_seats: int, size: tuple[int, int] = IMAGE_SIZE) -> list[np.ndarray]:
    """Square zones on an ellipse around the table centre, seat 0 at the bottom, clockwise
    as seen from above (the camera looks down)."""
    w, h = size
    cx, cy, rx, ry = w / 2, h / 2, w * 0.36, h * 0.33
    half = min(w, h) * 0.13
    zones = []
    for i in range(n_seats):
        a = math.pi / 2 + 2 * math.pi * i / n_seats
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        zones.append(
            np.array(
                [
                    [x - half, y - half],
                    [x + half, y - half],
                    [x + half, y + half],
                    [x - half, y + half],
                ],
                np.float32,
            )
        )
    return zones


def _rng(*key: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _table(look: Look, seed: int, size: tuple[int, int]) -> np.ndarray:
    return _table_cached(look, seed, size).copy()


@lru_cache(maxsize=2)  # a few MB each: a demo renders one look per game
def _table_cached(look: Look, seed: int, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    rng = _rng("table", seed)
    # Filled, and the texture added, a channel at a time (``paint``, ``on_channels``): the
    # same numbers as a three-channel fill and a broadcast sum, 7.2 -> 5.1 ms a table (640x480).
    img = paint((h, w), look.table)
    small = rng.normal(0, look.texture, (h // 8 + 1, w // 8 + 1)).astype(np.float32)
    tex = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    tex += rng.normal(0, look.texture * 0.5, (h, w)).astype(np.float32)
    if look.grain:
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        phase = float(rng.uniform(0, 6))
        tex += look.grain * np.sin(yy / 5.0 + 3 * np.sin(xx / 90.0 + phase)) * 0.6
    img += on_channels(tex)
    return img


def _face(card: Card, art: str, style_key: int) -> np.ndarray:
    if art == Art.SCAN and not card.is_twist and len(card.groups) == 1 and card.total <= 5:
        return scan_face(card.groups[0][1], card.total)
    return card_face(card, style=1 if art == Art.DELUXE else 0)


_FACE_MASK = np.ones((FACE_SIZE[1], FACE_SIZE[0]), np.float32)


def _paste(plane: np.ndarray, face: np.ndarray, centre, angle: float, width: float) -> np.ndarray:
    """Draw ``face`` on the table plane with a soft shadow; return its corners (4x2)."""
    fw, fh = FACE_SIZE
    sc = width / fw
    m = cv2.getRotationMatrix2D((fw / 2, fh / 2), angle, sc)
    m[:, 2] += np.array(centre) - np.array([fw / 2, fh / 2])
    corners = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    pts = corners @ m[:, :2].T + m[:, 2]
    h, w = plane.shape[:2]
    x0, y0 = np.floor(pts.min(0)).astype(int) - 4
    x1, y1 = np.ceil(pts.max(0)).astype(int) + 6
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return pts
    m2 = m.copy()
    m2[:, 2] -= (x0, y0)
    size = (x1 - x0, y1 - y0)
    roi = plane[y0:y1, x0:x1]
    alpha = cv2.warpAffine(_FACE_MASK, m2, size, flags=cv2.INTER_LINEAR)
    # A contact shadow all round (light from above, card thickness) and a cast one to one side:
    # what makes the edge of a white card visible on the white card under it.
    shift = m2.copy()
    shift[:, 2] += np.array((1.2, 1.8))
    cast = cv2.warpAffine(_FACE_MASK, shift, size)
    contact = cv2.dilate(alpha, np.ones((3, 3), np.uint8))
    shadow = cv2.GaussianBlur(np.maximum(cast, contact), (5, 5), 1.0)
    roi *= on_channels(1 - 0.4 * shadow)
    warped = cv2.warpAffine(face, m2, size, flags=cv2.INTER_LINEAR).astype(np.float32)
    lay_over(roi, warped, alpha, alpha)
    return pts


def lay_over(under: np.ndarray, over: np.ndarray, cover: np.ndarray, weight: np.ndarray) -> None:
    """``under * (1 - cover) + over * weight`` (``cover`` and ``weight`` per pixel, over the
    channels), written into ``under``; ``over`` is spent. Each product is made in place: the
    same numbers as the expression, without its three frame-sized temporaries."""
    under *= on_channels(1 - cover)
    over *= on_channels(weight)
    under += over


def on_channels(per_pixel: np.ndarray) -> np.ndarray:
    """``per_pixel`` repeated on the three channels of a colour image. A product with it gives
    the same numbers as with ``per_pixel[..., None]``, several times faster: numpy's loop over
    a broadcast last axis runs three elements at a time."""
    return cv2.merge((per_pixel, per_pixel, per_pixel))


def paint(
    shape: tuple[int, ...],
    colour: Sequence[float] | np.ndarray,
    other: Sequence[float] | np.ndarray | None = None,
    where: np.ndarray | None = None,
) -> np.ndarray:
    """A float32 colour image of ``shape`` (rows, columns) in ``colour``, and ``other`` where
    ``where`` is set: the same numbers as filling an image and assigning through the mask,
    made a channel at a time (numpy's fill of three channels and its masked assignment run
    three elements at a time, several times slower)."""
    if other is None or where is None:
        planes = [np.full(shape[:2], c, np.float32) for c in colour]
    else:
        planes = [
            np.where(where, np.float32(o), np.float32(c))
            for c, o in zip(colour, other, strict=True)
        ]
    return cv2.merge(planes)


def _arm(plane: np.ndarray, look: Look, hand, towards_out, rng: np.random.Generator) -> None:
    """A forearm from outside the frame to a hand resting at ``hand`` (plane coordinates)."""
    cw = look.card_w
    d = np.asarray(towards_out, np.float64)
    d /= np.linalg.norm(d) + 1e-9
    d = d @ np.array(
        [[math.cos(a := rng.uniform(-0.5, 0.5)), -math.sin(a)], [math.sin(a), math.cos(a)]]
    )
    start = np.asarray(hand) + d * 700
    hand = np.asarray(hand, np.float64)
    thick = cw * rng.uniform(0.95, 1.3)
    skin = np.array(look.skin, np.float32) * rng.uniform(0.9, 1.1)
    mask = np.zeros(plane.shape[:2], np.uint8)
    cv2.line(mask, tuple(int(v) for v in start), tuple(int(v) for v in hand), 255, int(thick))
    ang = math.degrees(math.atan2(d[1], d[0]))
    cv2.ellipse(
        mask,
        tuple(int(v) for v in hand - d * cw * 0.1),
        (int(cw * 0.85), int(cw * 0.6)),
        ang,
        0,
        360,
        255,
        -1,
    )
    # Work only where the arm and its shadow are.
    bx, by, bw, bh = cv2.boundingRect(mask)
    m = 44  # room for the shadow: offset (8, 6) and blur (sigma 6)
    x0, y0 = max(bx - m, 0), max(by - m, 0)
    x1, y1 = min(bx + bw + m, plane.shape[1]), min(by + bh + m, plane.shape[0])
    sub = plane[y0:y1, x0:x1]
    msk = mask[y0:y1, x0:x1]
    soft = cv2.GaussianBlur(msk, (0, 0), 1.5).astype(np.float32) / 255
    # Shadow of the arm on the table, then the arm, rounded by a shading towards its edges.
    cast = np.zeros_like(msk)
    cast[8:, 6:] = msk[:-8, :-6]  # shifted, not rolled: nothing wraps round
    sh = cv2.GaussianBlur(cast, (0, 0), 6).astype(np.float32) / 255
    sub *= on_channels(1 - 0.35 * sh)
    dist = cv2.distanceTransform(msk, cv2.DIST_L2, 3)
    shade = np.clip(0.7 + dist / (thick * 0.5) * 0.35, 0.7, 1.05)
    if rng.random() < 0.5:
        # A sleeve from the wrist back: any colour; the hand stays skin.
        cloth = np.array(rng.integers(30, 230, 3), np.float32)
        colour = paint(sub.shape, skin, cloth, along_from(hand, d, x0, y0, x1, y1) > cw * 1.6)
    else:
        colour = paint(sub.shape, skin)
    lay_over(sub, colour, soft, shade * soft)


def moved(plane: np.ndarray, before: np.ndarray, least: float = 12) -> np.ndarray:
    """Where any channel of ``plane`` differs from ``before`` by more than ``least``: the same
    mask as ``np.abs(plane - before).max(2) > least``, some 30 times quicker on a 640x480 table
    (numpy's reduction over a last axis of three took 40-65 ms, most of a frame's render with
    an arm in it; OpenCV's per-element max of the split channels about 2 ms)."""
    channels = cv2.split(cv2.absdiff(plane, before))
    most = channels[0]
    for c in channels[1:]:
        most = cv2.max(most, c)
    return np.asarray(most > least)


def along_from(point, d, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """How far each pixel of the box [x0, x1) x [y0, y1) lies from ``point`` along ``d``: a
    row of x and a column of y broadcast, the same numbers as from a full grid of each."""
    xx = np.arange(x0, x1, dtype=np.float32)[None, :]
    yy = np.arange(y0, y1, dtype=np.float32)[:, None]
    return (xx - point[0]) * d[0] + (yy - point[1]) * d[1]


def _pile_off(look: Look, seed: int, seat: int) -> np.ndarray:
    """How far (image pixels, x and y) the top card of ``seat``'s pile lies from its zone's
    middle: ``Look.pile_off`` card widths, towards a side drawn for the pile (none when the
    look leaves piles on their zones)."""
    least, most = look.pile_off
    if most <= 0.0:
        return np.zeros(2)
    r = _rng("pile-off", seed, seat)
    turn, by = float(r.uniform(-math.pi, math.pi)), float(r.uniform(least, most))
    return by * look.card_w * np.array([math.cos(turn), math.sin(turn)])


def _pinhole(
    tilt: float,
    towards: float,
    size: tuple[int, int],
    focal: float = 1.2,
    axis: tuple[float, float] = (0.0, 0.0),
) -> tuple[np.ndarray, float]:
    """Homography from the table plane to the image of a pinhole camera over the table's
    centre, tilted ``tilt`` degrees so that the image direction ``towards`` looks further
    away, with a focal length of ``focal`` times the image's longer side; enlarged about
    the centre (by the returned zoom) until the image shows only the table plane that is
    drawn (no border to fill). ``axis``: where the camera's axis meets the image, as a share
    of its width and height from the centre."""
    w, h = size
    f = focal * max(w, h)
    a, t = math.radians(towards), math.radians(tilt)
    # Tilt about the axis across ``towards``: a rotation in the plane, the tilt, and back.
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    ry = np.array([[math.cos(t), 0, math.sin(t)], [0, 1, 0], [-math.sin(t), 0, math.cos(t)]])
    rot = rz @ ry @ rz.T
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    cam = np.c_[corners - (w / 2, h / 2), np.zeros(4)] @ rot.T + (0, 0, f)
    proj = cam[:, :2] / cam[:, 2:] * f
    centre = (w / 2 + axis[0] * w, h / 2 + axis[1] * h)
    base = cv2.getPerspectiveTransform(
        corners.astype(np.float32), (proj + centre).astype(np.float32)
    )
    zoom = 1.0
    while zoom < 4.0:
        k = np.array([[zoom, 0, (1 - zoom) * w / 2], [0, zoom, (1 - zoom) * h / 2], [0, 0, 1]])
        hmat = k @ base
        back = _apply_h(np.linalg.inv(hmat), corners)
        if (back >= -0.5).all() and (back[:, 0] <= w + 0.5).all() and (back[:, 1] <= h + 0.5).all():
            return hmat, zoom
        zoom *= 1.02
    return hmat, zoom


def _camera(look: Look, size: tuple[int, int]) -> np.ndarray:
    """Homography from the table plane to the image: a tilt (keystone, or a pinhole's with
    ``Look.tilt``) and a roll."""
    w, h = size
    if look.tilt:
        # its roll is ``towards``
        return _pinhole(look.tilt, look.tilt_towards, size, look.focal, look.axis)[0]
    k = look.keystone * w / 2
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = np.array(
        [[k, h * look.keystone * 0.3], [w - k, h * look.keystone * 0.3], [w, h], [0, h]], np.float32
    )
    hmat = cv2.getPerspectiveTransform(src, dst)
    rot = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), look.roll, 1.0), [0, 0, 1]])
    return rot @ hmat


def _apply_h(hmat: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(p, hmat).reshape(-1, 2).astype(np.float32)


def render_scene(
    seats: Sequence[SeatState],
    zones: Sequence[np.ndarray] | np.ndarray | Zoned | None = None,
    seed: int = 0,
    *,
    frame: int = 0,
    look: Look | None = None,
    art: str = Art.OWN,
    size: tuple[int, int] = IMAGE_SIZE,
) -> Scene:
    """Render the table: one pile per seat in its zone. Deterministic in (seed, frame).
    ``zones`` is a list of polygons or a layout (anything with ``.seats[i].zone``)."""
    if zones is None:
        zones = default_zones(len(seats), size)
    elif isinstance(zones, Zoned):
        width, height = getattr(zones, "image_size", size)
        size = (int(width), int(height))
        zones = [s.zone for s in zones.seats]
    if len(zones) != len(seats):
        raise ValueError(f"{len(seats)} seats but {len(zones)} zones")
    if look is None:
        look = random_look(_rng("look", seed))
    w, h = size
    hmat = _camera(look, size)
    hinv = np.linalg.inv(hmat)
    plane = _table(look, seed, size)
    centre_img = np.array([w / 2, h / 2])
    labels: list[SeatLabel] = []
    drawn: list[tuple[Card, np.ndarray]] = []
    arms: list[tuple[np.ndarray, np.ndarray, int]] = []
    for seat, (state, zone) in enumerate(zip(seats, zones, strict=True)):
        zc = np.asarray(zone, np.float64).mean(0)
        off = _pile_off(look, seed, seat)
        if look.pile_in_view:
            # The pile lies in view: moved in from the frame's border, when nearer to it.
            keep = look.pile_in_view * look.card_w
            zc = np.clip(zc, keep, np.array([w, h], np.float64) - keep)
            off = np.clip(zc + off, keep, np.array([w, h], np.float64) - keep) - zc
        pc = _apply_h(hinv, zc[None])[0]
        corners_img = None
        for depth, card in enumerate(state.pile):
            top = depth == len(state.pile) - 1
            r = _rng("card", seed, seat, depth)
            spread = 0.0 if top else look.mess * look.card_w
            jitter = np.array([0.0, 0.0]) if top else r.normal(0, 1, 2) * spread
            base = _rng("pile", seed, seat).uniform(-6, 6, 2)
            if off.any():
                # Off its zone: the top card at ``off``, a covered card along the way to it.
                share = 1.0 if top else float(_rng("pile-off", seed, seat, depth).uniform(0.2, 1))
                base = base + _apply_h(hinv, (zc + share * off)[None])[0] - pc
            angle = float(r.uniform(-180, 180))
            if not top:
                # covered cards keep near the pile's angle so their edges peek out around it
                angle = float(
                    _rng("pile-angle", seed, seat).uniform(-180, 180) + r.normal(0, look.pile_turn)
                )
            pts = _paste(plane, _face(card, art, depth), pc + base + jitter, angle, look.card_w)
            drawn.append((card, _apply_h(hmat, pts)))
            if top:
                corners_img = drawn[-1][1]
        if state.arm:
            r = _rng("arm", seed, seat, frame // 4)
            out = zc - centre_img
            if r.random() < 0.35:
                out = -out  # reaching across the table from the other side
            hand = pc + r.normal(0, look.card_w * 0.25, 2)
            arms.append((hand, out, seat))
        if not state.pile:
            labels.append(SeatLabel(seat, "occluded" if state.arm else "empty", None, None))
        else:
            labels.append(
                SeatLabel(seat, "occluded" if state.arm else "card", state.pile[-1], corners_img)
            )
    if arms:
        before = plane.copy()
        for hand, out, seat in arms:
            _arm(plane, look, hand, out, _rng("arm-shape", seed, seat, frame // 4))
        # Exact labels: any pile whose top card an arm (or its shadow) touches is occluded,
        # whichever seat the arm belongs to.
        touched = moved(plane, before)
        touched_img = np.asarray(
            cv2.warpPerspective(touched.astype(np.uint8), hmat, size, flags=cv2.INTER_NEAREST),
            np.uint8,
        )
        for i, lab in enumerate(labels):
            if lab.state == "card" and lab.corners is not None:
                m = np.zeros(touched_img.shape, np.uint8)
                cv2.fillPoly(m, [lab.corners.astype(np.int32)], 1)
                if (touched_img & m).sum() > 0.01 * m.sum():
                    labels[i] = SeatLabel(lab.seat, "occluded", lab.card, lab.corners)
            elif lab.state == "empty":
                # Another seat's arm across an empty zone covers it as much as its own would.
                m = np.zeros(touched_img.shape, np.uint8)
                cv2.fillPoly(m, [np.asarray(zones[i]).astype(np.int32)], 1)
                if (touched_img & m).sum() > 0.05 * m.sum():
                    labels[i] = SeatLabel(lab.seat, "occluded", None, None)
    img = cv2.warpPerspective(
        plane, hmat, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    img = _light(img, look, size)
    if look.wash:
        _window_wash(img, look, seed)
    if look.glare:
        _glare(img, [lab.corners for lab in labels if lab.corners is not None], look, seed)
    if look.sheen:
        _sheen(img, [lab.corners for lab in labels if lab.corners is not None], look, seed)
    if look.shadow:
        _hand_shadows(img, labels, look, seed)
    return Scene(_sensor(img, look, _rng("sensor", seed, frame)), labels, drawn)


def _pixel_grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's row and column as float32, shaped (h, 1) and (1, w). Broadcast in the
    expressions that use them, they give every pixel the same numbers as ``np.mgrid``'s two
    full planes (the same float32 operations, pixel by pixel), without making them: the
    planes and their cast were most of ``_gain``'s time and a fifth of ``_glare``'s."""
    return (
        np.arange(h, dtype=np.float32)[:, None],
        np.arange(w, dtype=np.float32)[None, :],
    )


def _light(img: np.ndarray, look: Look, size: tuple[int, int]) -> np.ndarray:
    img *= _gain(look, size)
    return img


def _window_wash(img: np.ndarray, look: Look, seed: int) -> None:
    """A window's broad, soft reflection (``Look.wash``): a Gaussian wash of light over part
    of the table, on the side the light comes from (``Look.light``'s slope), neutral to a
    little cool (daylight), cards and table alike."""
    rng = _rng("window", seed)
    h, w = img.shape[:2]
    sx, sy = look.light[1], look.light[2]
    norm = math.hypot(sx, sy) or 1.0
    # Towards the bright side, a third of the way from the centre, and anywhere along it.
    along = float(rng.uniform(-0.35, 0.35))
    cx = w * (0.5 + 0.3 * sx / norm - along * sy / norm)
    cy = h * (0.5 + 0.3 * sy / norm + along * sx / norm)
    spread = look.wash_size * look.card_w
    yy, xx = _pixel_grid(h, w)
    wash = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * spread * spread)) * look.wash
    cool = float(rng.uniform(0.0, 0.1))
    img += wash[..., None] * np.array([1 + cool, 1.0, 1 - cool], np.float32)


def _glare(img: np.ndarray, tops: list[np.ndarray], look: Look, seed: int) -> None:
    """Soft reflections of a lamp on some top cards: neutral, up to the sensor's top."""
    rng = _rng("glare", seed)
    h, w = img.shape[:2]
    yy, xx = _pixel_grid(h, w)
    for i, quad in enumerate(tops):
        if rng.random() >= look.glare:
            continue
        # anywhere on the card, as a lamp's place and the card's tilt make it
        a, b = rng.uniform(0.15, 0.85, 2)
        card_w = float(np.linalg.norm(quad[1] - quad[0]))
        r = look.glare_size * card_w * float(rng.uniform(0.6, 1.4))
        level = float(rng.uniform(120, 260))
        if look.glare_spots == 1 and look.glare_stretch == 1.0 and look.glare_profile == 0.0:
            top = quad[0] + (quad[1] - quad[0]) * a
            bottom = quad[3] + (quad[2] - quad[3]) * a
            cx, cy = top + (bottom - top) * b
            spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
            img += (spot * level)[..., None]
            continue
        # The ``lamp`` style's variety, from draws of its own (the ``glare`` style's stay).
        more = _rng("glare-shape", seed, i)
        for k in range(int(more.integers(1, look.glare_spots + 1))):
            if k:
                a, b = more.uniform(-0.05, 1.05, 2)  # another lamp: anywhere, even off the edge
                r = look.glare_size * card_w * float(more.uniform(0.5, 1.2))
                level = float(more.uniform(100, 260))
            top = quad[0] + (quad[1] - quad[0]) * a
            bottom = quad[3] + (quad[2] - quad[3]) * a
            cx, cy = top + (bottom - top) * b
            stretch = float(more.uniform(1.0, look.glare_stretch))
            turn = float(more.uniform(0, np.pi))
            u = (xx - cx) * np.cos(turn) + (yy - cy) * np.sin(turn)
            v = (yy - cy) * np.cos(turn) - (xx - cx) * np.sin(turn)
            d2 = ((u / stretch) ** 2 + (v * stretch) ** 2) / (2 * r * r)
            power = 2.0 * float(np.exp(more.uniform(-0.35, 0.6) * look.glare_profile))
            spot = np.exp(-(d2 ** (power / 2)))
            warm = float(more.uniform(-1, 1)) * look.glare_tint
            colour = np.array([1 - warm, 1 - warm * 0.4, 1 + warm * 0.2], np.float32)
            img += (spot * level)[..., None] * colour


def add_light_linearly(img: np.ndarray, light: np.ndarray) -> None:
    """Add ``light`` (linear, 1: the sensor's top; per pixel, one value or one per channel)
    to ``img`` (sRGB levels) as light adds: in linear light, then encoded again. Dark print
    is lifted far more than white."""
    base = np.clip(img, 0.0, None)
    if light.ndim == 2:
        light = light[..., None]
    img += (to_srgb(to_linear(base) + light) - base).astype(np.float32)


def _sheen(img: np.ndarray, tops: list[np.ndarray], look: Look, seed: int) -> None:
    """Reflections (``Look.sheen``, the ``sheen`` style) added in linear light where a lamp's
    or a window's mirror image falls: near a top card, anywhere over it and around it (its
    sides, the covered cards' strips, the table beside the pile), now and then anywhere in
    the frame. Each is a broad, faint veil, a small spot or a streak whose core clips in
    every channel, neutral, warm or cool (``_one_sheen``)."""
    rng = _rng("sheen", seed)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = np.zeros((h, w, 3), np.float32)
    for _ in range(int(rng.integers(1, look.sheen + 1))):
        if tops and rng.random() < 0.85:
            quad = np.asarray(tops[int(rng.integers(len(tops)))], np.float64)
            card_w = float(np.linalg.norm(quad[1] - quad[0]))
            # over the card or up to most of a card beyond its middle: across its sides
            cx, cy = quad.mean(0) + rng.uniform(-0.75, 0.75, 2) * card_w
        else:
            card_w = look.card_w
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        light += _one_sheen(xx - float(cx), yy - float(cy), card_w, rng)
    add_light_linearly(img, light)


def _one_sheen(dx: np.ndarray, dy: np.ndarray, card_w: float, rng: np.random.Generator):
    """One reflection's linear light at offsets (``dx``, ``dy``) from its centre: a veil
    (a window or a ceiling panel: half to one card wide, a tenth to half of the sensor's
    top), a spot (a lamp: a twentieth to a quarter of a card wide, its core 1.5 to 6 times
    the sensor's top) or a streak (a lamp's tube: 6 to 25 times as long as wide);
    a profile from peaked to flat-topped; neutral, warm or cool."""
    kind = rng.random()
    if kind < 0.3:  # a veil
        r = card_w * float(rng.uniform(0.5, 1.1))
        peak, stretch = float(rng.uniform(0.1, 0.5)), float(rng.uniform(1.0, 1.6))
    elif kind < 0.75:  # a spot
        r = card_w * float(rng.uniform(0.05, 0.25))
        peak, stretch = float(rng.uniform(1.5, 6.0)), float(rng.uniform(1.0, 2.0))
    else:  # a streak
        r = card_w * float(rng.uniform(0.1, 0.25))
        peak, stretch = float(rng.uniform(1.0, 4.0)), float(rng.uniform(2.5, 5.0))
    turn = float(rng.uniform(0, np.pi))
    u = dx * np.cos(turn) + dy * np.sin(turn)
    v = dy * np.cos(turn) - dx * np.sin(turn)
    d2 = ((u / stretch) ** 2 + (v * stretch) ** 2) / (2 * r * r)
    power = float(rng.uniform(1.5, 4.0))  # 2: a Gaussian; more: flat-topped
    spot = np.exp(-(d2 ** (power / 2))) * peak
    hue, t = rng.random(), float(rng.uniform(0.1, 0.35))
    if hue < 0.4:
        colour = (1.0, 1.0, 1.0)
    elif hue < 0.7:
        colour = (1 - t, 1 - 0.4 * t, 1.0)  # warm: a lamp (BGR)
    else:
        colour = (1.0, 1 - 0.3 * t, 1 - t)  # cool: daylight
    return spot[..., None] * np.array(colour, np.float32)


def _hand_shadows(img: np.ndarray, labels: list[SeatLabel], look: Look, seed: int) -> None:
    """Soft shadows of hands held over the table (nothing lies on the piles): on a share
    ``Look.shadow`` of the piles in view, a forearm's shadow from beyond the image's border
    with the hand's over the pile, darkening table and cards alike to ``Look.shadow_light``
    of the light (a shadow keeps the colours, only darker)."""
    rng = _rng("shadow", seed)
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    centre = np.array([w / 2, h / 2])
    for lab in labels:
        if lab.state != "card" or lab.corners is None or rng.random() >= look.shadow:
            continue
        quad = np.asarray(lab.corners, np.float64)
        card = float(np.linalg.norm(quad[1] - quad[0]))
        hand = quad.mean(0) + rng.normal(0, 0.4 * card, 2)
        out = hand - centre
        turn = math.radians(float(rng.uniform(-40, 40)))
        out = np.array(
            [
                out[0] * math.cos(turn) - out[1] * math.sin(turn),
                out[0] * math.sin(turn) + out[1] * math.cos(turn),
            ]
        )
        out /= max(float(np.linalg.norm(out)), 1e-6)
        far = hand + out * 2 * (w + h)
        thick = max(2, round(card * float(rng.uniform(0.7, 1.1))))
        cv2.line(mask, tuple(int(v) for v in hand), tuple(int(v) for v in far), 1.0, thick)
        cv2.circle(mask, tuple(int(v) for v in hand), thick // 2 + 2, 1.0, -1)
    if not mask.any():
        return
    soft = np.asarray(cv2.GaussianBlur(mask, (0, 0), 0.25 * look.card_w), np.float32)
    img *= (1 - (1 - look.shadow_light) * soft)[..., None]


@lru_cache(maxsize=2)
def _gain(look: Look, size: tuple[int, int]) -> np.ndarray:
    """Uneven, coloured light as a per-pixel, per-channel gain."""
    w, h = size
    yy, xx = _pixel_grid(h, w)
    x, y = xx / w - 0.5, yy / h - 0.5
    gain = look.light[0] * (1 + look.light[1] * x + look.light[2] * y)
    gain *= 1 - look.vignette * (x * x + y * y) * 2
    return gain[..., None] * np.array(look.tint, np.float32)


def _sensor(img: np.ndarray, look: Look, rng: np.random.Generator) -> np.ndarray:
    if look.defocus > 0.05:
        img = cv2.filter2D(img, -1, _disc(look.defocus))
    if look.blur > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), look.blur)
    if look.noise > 0:
        # OpenCV's generator, seeded per frame: ten times faster than numpy's at this size.
        noise = np.empty(img.shape, np.float32)
        cv2.setRNGSeed(int(rng.integers(2**31)))
        sigma = float(look.noise)
        # OpenCV takes a number or a tuple for a Scalar; its stubs ask for arrays.
        cv2.randn(noise, 0.0, (sigma, sigma, sigma) if look.colour_noise else sigma)  # type: ignore[call-overload]
        img += noise
    if look.shot_noise > 0:
        img += _shot_noise(img, look.shot_noise, int(rng.integers(2**31)))
    out = np.clip(img, 0, 255).astype(np.uint8)
    if look.jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def _disc(radius: float) -> np.ndarray:
    """A lens's blur circle of ``radius`` pixels as a kernel summing to 1 (its rim's pixels
    weighed by how much of them the circle covers, sampled on a finer grid)."""
    r = int(math.ceil(radius))
    fine = 8
    ax = (np.arange((2 * r + 1) * fine, dtype=np.float32) + 0.5) / fine - (r + 0.5)
    yy, xx = np.meshgrid(ax, ax, indexing="ij")
    inside = (xx * xx + yy * yy <= radius * radius).astype(np.float32)
    k = inside.reshape(2 * r + 1, fine, 2 * r + 1, fine).sum((1, 3))
    if not k.any():
        # A circle narrower than the grid's sample spacing holds no sample: it is a point,
        # not a blur (summing to 0, it made the frame black).
        k[r, r] = 1.0
    return k / k.sum()


def _shot_noise(img: np.ndarray, top_sigma: float, seed: int) -> np.ndarray:
    """Shot noise of ``img`` (float, levels): a normal spread of ``top_sigma`` levels at the
    sensor's top (255), as the square root of the light below it."""
    unit = np.empty(img.shape, np.float32)
    cv2.setRNGSeed(seed)
    cv2.randn(unit, 0.0, 1.0)  # type: ignore[call-overload]
    return unit * (top_sigma * np.sqrt(np.clip(img, 0.0, None) / 255.0))


# --- random tables for tests and the benchmark -----------------------------------------------


def random_table(
    seed: int,
    deck: Sequence[Card],
    n_seats: int = 6,
    *,
    p_empty: float = 0.12,
    p_arm: float = 0.12,
    max_pile: int = 5,
) -> list[SeatState]:
    rng = _rng("state", seed)
    seats = []
    for _ in range(n_seats):
        if rng.random() < p_empty:
            seats.append(SeatState((), arm=rng.random() < p_arm))
            continue
        n = int(rng.integers(1, max_pile + 1))
        pile = tuple(deck[int(i)] for i in rng.integers(0, len(deck), n))
        seats.append(SeatState(pile, arm=rng.random() < p_arm))
    return seats


@dataclass(frozen=True)
class FilmFrame:
    index: int
    t: float
    frame: np.ndarray
    shown: tuple[tuple[int, Card], ...]  # (seat, card) that became fully visible in this frame
    seats: tuple[SeatState, ...]


def film(
    seed: int,
    deck: Sequence[Card],
    *,
    n_seats: int = 6,
    turns: int = 12,
    fps: float = 30.0,
    art: str = Art.OWN,
    reach: int = 6,
    place: int = 4,
    idle: int = 8,
):
    """Frames of a game: in turn, a hand reaches over a seat (``reach`` frames), puts a card
    down and stays (``place`` frames), leaves; then ``idle`` still frames. Yields FilmFrame;
    ``shown`` marks the first frame on which a new top card is fully visible."""
    zones = default_zones(n_seats)
    rng = _rng("film", seed)
    piles = [[deck[int(rng.integers(len(deck)))]] for _ in range(n_seats)]
    look = random_look(_rng("look", seed))
    index = 0

    def frame_of(arm_seat: int | None, shown=()) -> FilmFrame:
        nonlocal index
        seats = tuple(SeatState(tuple(p), arm=(i == arm_seat)) for i, p in enumerate(piles))
        scene = render_scene(seats, zones, seed, frame=index, look=look, art=art)
        out = FilmFrame(index, index / fps, scene.frame, tuple(shown), seats)
        index += 1
        return out

    first = True
    for _ in range(idle):
        yield frame_of(None, [(i, p[-1]) for i, p in enumerate(piles)] if first else ())
        first = False
    for turn in range(turns):
        seat = turn % n_seats
        for _ in range(reach):
            yield frame_of(seat)
        piles[seat].append(deck[int(rng.integers(len(deck)))])
        for _ in range(place):
            yield frame_of(seat)
        yield frame_of(None, [(seat, piles[seat][-1])])
        for _ in range(idle - 1):
            yield frame_of(None)

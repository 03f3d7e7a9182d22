"""Held-out scenes: tables the card reader was never tuned on, and what it makes of them.

**Tuning and held-out.** The reader is tuned on the project's renderer (``vision/render.py``):
the art styles ``own``, ``deluxe``, ``clone`` and ``scan`` with the seeds ``bench vision`` uses
(``TUNING_FAMILIES``). The families here are **held out**: a compositor of its own, sharing
nothing with the renderer but the card faces (the project's art in ``vision/art.py`` and the
reference scans), draws its own tables (``heldout/textures.py``: photo textures that
scikit-image ships, wood grain, felt, dark cloth, plain, red), camera (a pinhole tilted and
rolled over the table), piles, arms with hands and sleeves, light (warm lamp, window, glare,
hand shadows, a coloured table's cast, low light) and sensor (blur, noise, JPEG), and its own
untaught deck (``heldout/otherart.py``). Its figures say how the reader holds on a table nobody
tuned it on; **do not tune the reader on these families** (nor change them to suit it): that
would make them flatter like the tuning ones.

A family is a named, seeded generator of scenes: ``make_scene(family, seed)`` gives a frame,
the zones (4-point polygons, as a layout's), and per zone the truth: ``card`` (the top card's
whole face is in view and nothing lies over it), ``covered`` (an arm or hand lies over the
top card, or over much of an empty zone), ``empty`` or ``cut`` (the top card runs out of the
image: counted nowhere). ``clear`` says that nothing at all lies over the zone and the margin
the reader looks at; ``in_view`` lists every card in the frame whose whole face is in view
(the truth of the no-layout part).

Families (groups): tables (``table-*``), lights (``light-*``), decks (``deck-*``; ``deck-scan``
only where ../shared has the scans), piles (``pile-*``), arms, cameras (``camera-*``); the
glare and dark-cloth set (``GLARE_DARK``); a scale sweep (card width 5 % to 60 % of the image
at 640x480 to 4056x3040); and the no-layout part (``find_cards`` on whole images). Families
that are not about the deck use the classic deck, drawn from the reference scans where they
are and from the project's art otherwise (the figures say which).

The reader is called in one place (``read_layout`` and ``read_anywhere``): switch there when
the reader gets a new entry point.
"""

from __future__ import annotations

import dataclasses
import math
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from halli_pi.bench.heldout.textures import table_surface
from halli_pi.bench.vision import SWEEP_SHARES, SWEEP_SIZES, clone_deck
from halli_pi.cards import Card, classic_deck

CARD_RATIO = 87 / 56  # long side / short side
TUNING_FAMILIES = ("own", "deluxe", "clone", "scan")  # render.py's styles: the reader tunes on them

# --- the reader, as the bench calls it --------------------------------------------------------


def read_layout(frame: np.ndarray, zones, profile: str) -> list[tuple[str, Card | None]]:
    """(state, card) per zone: the reader's whole policy over a layout."""
    from halli_pi.vision.reader import load_profile, read_zones

    return [(r.state.value, r.card) for r in read_zones(frame, zones, load_profile(profile))]


def read_anywhere(frame: np.ndarray, profile: str) -> list[tuple[str, Card | None, np.ndarray]]:
    """(state, card, corners) per card found anywhere in the frame, no layout."""
    from halli_pi.vision.reader import find_cards, load_profile

    return [(f.state.value, f.card, f.corners) for f in find_cards(frame, load_profile(profile))]


def read_card(frame: np.ndarray, zone, profile: str) -> tuple[str, Card | None]:
    """One zone read alone: what the tracker does when a pile changes (the per-card time)."""
    from halli_pi.vision.reader import load_profile, read_zone

    r = read_zone(frame, zone, load_profile(profile))
    return r.state.value, r.card


def select_families(spec: str) -> list[str]:
    """Held-out families from a comma-separated list of names and groups ("all": every one;
    "none" or "": none). Families that cannot be made here (no scans) are left out."""
    from halli_pi.errors import InputError

    names: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part or part == "none":
            continue
        if part == "all":
            got = list(ALL_FAMILIES)
        elif part in ALL_FAMILIES:
            got = [part]
        else:
            got = [f.name for f in ALL_FAMILIES.values() if f.group == part]
            if not got:
                known = ", ".join(
                    sorted({*ALL_FAMILIES, *(f.group for f in ALL_FAMILIES.values())})
                )
                raise InputError(f"no held-out family or group {part!r} (known: {known})")
        names += [n for n in got if n not in names]
    return [n for n in names if family_available(n)]


# --- recipes and families ---------------------------------------------------------------------


@dataclass(frozen=True)
class Recipe:
    """Everything one scene is made from, but the seed."""

    size: tuple[int, int] = (640, 480)
    seats: int = 6
    card_share: float = 0.09  # a card's short side as a share of the image width
    table: str = "plain"  # a textures.TABLE_KINDS
    light: str = "even"  # even, warm, window, glare, shadow, cast, dark
    deck: str = "classic"  # classic (scans if there, else own), own, scan, clone, other
    pile: str = "neat"  # neat, messy, rotated, edge
    p_arm: float = 0.1
    p_empty: float = 0.1
    tilt: float = 4.0  # camera tilt from straight down, degrees
    roll: float = 0.0  # camera roll, degrees
    blur: float = 0.3  # sigma, in pixels of a 640-pixel-wide image
    noise: float = 2.0  # sigma, 0..255
    jpeg: int = 0  # quality; 0: none


@dataclass(frozen=True)
class Family:
    name: str
    group: str
    about: str
    tweak: Callable[[Recipe, np.random.Generator], Recipe]


def _u(rng, a, b) -> float:
    return float(rng.uniform(a, b))


def _mild(rng: np.random.Generator) -> Recipe:
    """The base every family varies: a benign table, light and camera, varied a little."""
    return Recipe(
        seats=int(rng.integers(3, 7)),
        card_share=_u(rng, 0.08, 0.11),
        table=("plain", "wood", "felt")[int(rng.integers(3))],
        tilt=_u(rng, 0, 10),
        roll=_u(rng, -180, 180),
        blur=_u(rng, 0, 0.6),
        noise=_u(rng, 0.5, 3),
        jpeg=int(rng.integers(80, 96)) if rng.random() < 0.5 else 0,
    )


def _fam(name: str, group: str, about: str, **fixed):
    def tweak(r: Recipe, rng) -> Recipe:
        return replace(r, **{k: (v(rng) if callable(v) else v) for k, v in fixed.items()})

    return Family(name, group, about, tweak)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        _fam(
            "table-photo",
            "tables",
            "photo textures (brick, gravel, grass, stone, oak)",
            table="photo",
        ),  # noqa: E501
        _fam("table-wood", "tables", "procedural wood grain, boards", table="wood"),
        _fam("table-felt", "tables", "felt or cloth weave", table="felt"),
        _fam("table-dark", "tables", "dark cloth with folds", table="dark"),
        _fam("table-plain", "tables", "plain grey or beige", table="plain"),
        _fam("table-red", "tables", "red cloth or laminate", table="red"),
        _fam("light-even", "lights", "even light", light="even"),
        _fam("light-warm", "lights", "warm lamp: colour cast and falloff", light="warm"),
        _fam("light-window", "lights", "window light from one side", light="window"),
        _fam("light-glare", "lights", "glare spots on the cards", light="glare"),
        _fam("light-shadow", "lights", "shadows of hands over the piles", light="shadow"),
        _fam("light-cast", "lights", "a coloured table's cast", light="cast", table="red"),
        _fam("light-dark", "lights", "low light and sensor noise", light="dark"),
        _fam("deck-scan", "decks", "the real classic deck (reference scans)", deck="scan"),
        _fam("deck-own", "decks", "the project's classic art", deck="own"),
        _fam("deck-clone", "decks", "a clone deck, mixed fruit (--model clone)", deck="clone"),
        _fam(
            "deck-other", "decks", "untaught other art: must never read a wrong card", deck="other"
        ),  # noqa: E501
        _fam("pile-messy", "piles", "messy piles: covered cards' fruit in view", pile="messy"),
        _fam("pile-rotated", "piles", "cards at any angle", pile="rotated"),
        _fam("pile-edge", "piles", "top cards partly over the zone's edge", pile="edge"),
        _fam("arms", "arms", "arms and hands over piles, from the image border", p_arm=0.5),
        _fam("camera-tilt", "cameras", "tilted camera (perspective)", tilt=lambda r: _u(r, 18, 32)),  # noqa: E501
        _fam("camera-blur", "cameras", "out of focus", blur=lambda r: _u(r, 0.9, 1.8)),
        _fam("camera-jpeg", "cameras", "strong JPEG", jpeg=lambda r: int(r.integers(25, 50))),
        _fam("camera-noise", "cameras", "sensor noise", noise=lambda r: _u(r, 6, 11)),
    ]
}

# The glare and dark-cloth set: a phone over a dark cloth, cards a quarter of the width.
GLARE_DARK: dict[str, Family] = {
    f.name: f
    for f in [
        _fam(
            "glare-dark", "glare/dark", "glare spots on a dark cloth", table="dark", light="glare"
        ),  # noqa: E501
        _fam(
            "phone-dark",
            "glare/dark",
            "1024x768, cards 1/4 wide, dark cloth, glare",
            table="dark",
            light="glare",
            size=(1024, 768),
            seats=lambda r: int(r.integers(1, 4)),
            card_share=lambda r: _u(r, 0.2, 0.28),
        ),  # fmt: skip
        _fam(
            "phone-dark-clone",
            "glare/dark",
            "the same with a clone deck (--model clone)",
            table="dark",
            light="glare",
            size=(1024, 768),
            seats=lambda r: int(r.integers(1, 4)),
            card_share=lambda r: _u(r, 0.2, 0.28),
            deck="clone",
        ),  # fmt: skip
    ]
}

ALL_FAMILIES = {**FAMILIES, **GLARE_DARK}
OTHER_DECKS = ("deck-clone", "deck-other")  # the families whose deck is not the classic one


# What a family needs that a machine may lack.
NEEDS = {
    "deck-scan": "the reference scans (../shared/cards/classic)",
    "table-photo": "scikit-image's images (pip install '.[bench]')",
}


def family_available(name: str) -> bool:
    """Whether ``name`` can be made here: the scans and the photo textures may be missing."""
    from halli_pi.bench.heldout.textures import photo_names
    from halli_pi.vision.art import scans_available

    if name == "deck-scan":
        return scans_available()
    if name == "table-photo":
        return bool(photo_names())
    return True


def classic_art() -> str:
    """What the classic deck is drawn from here: the reference scans, else the project's art."""
    from halli_pi.vision.art import scans_available

    return "scan" if scans_available() else "own"


def _rng(*key: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(("heldout", *key)).encode()))


def family_recipe(name: str, seed: int) -> Recipe:
    fam = ALL_FAMILIES[name]
    rng = _rng("recipe", name, seed)
    return fam.tweak(_mild(rng), rng)


def sweep_recipe(size: tuple[int, int], share: float, seed: int) -> Recipe:
    rng = _rng("sweep", size, share, seed)
    r = replace(_mild(rng), size=size, card_share=share, seats=6, p_arm=0.0)
    # A card that fills the picture is seen from straight above, or it runs out of it.
    return replace(r, tilt=min(r.tilt, 2.0)) if share >= 0.3 else r


def no_layout_recipe(seed: int, sizes=SWEEP_SIZES) -> Recipe:
    """Any table, light and scale, one of ``sizes``; no arms (every top card is in view)."""
    rng = _rng("no-layout", seed)
    r = _mild(rng)
    return replace(
        r,
        size=tuple(sizes[int(rng.integers(len(sizes)))]),
        card_share=float(math.exp(rng.uniform(math.log(0.05), math.log(0.6)))),
        table=("photo", "wood", "felt", "dark", "plain", "red")[int(rng.integers(6))],
        light=("even", "warm", "window", "glare", "shadow", "dark")[int(rng.integers(6))],
        pile=("neat", "messy", "rotated")[int(rng.integers(3))],
        p_arm=0.0,
        p_empty=0.0,
    )


# Crowded tables (``crowded_scene``) are drawn at these sizes: a card's corner a pixel or
# two over another's is a few pixels at most there.
CROWDED_SIZES = ((640, 480), (1280, 960))


def crowded_scene(seed: int) -> HeldoutScene:
    """A **tuning** table for ``find_cards`` (not held out: the reader may be tuned on it),
    harder than the no-layout scenes in the way a crowded real table is: six piles drawn in
    towards the middle, their neighbours 0.5 to 0.8 zone sides apart, so that cards of
    neighbouring piles overlap at small angles, a corner or a strip of one under another."""
    rng = _rng("crowded", seed)
    recipe = replace(
        no_layout_recipe(seed, CROWDED_SIZES),
        seats=6,
        card_share=float(math.exp(rng.uniform(math.log(0.05), math.log(0.25)))),
    )
    return compose(recipe, seed, "crowded", crowd=_u(rng, 0.5, 0.8))


# --- the scene --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ZoneTruth:
    seat: int
    state: str  # "card", "covered", "empty" or "cut"
    card: Card | None  # the top card (also when covered)
    corners: np.ndarray | None  # the top card's corners in the image
    clear: bool  # nothing over the zone and the margin round it


@dataclass
class HeldoutScene:
    name: str
    frame: np.ndarray
    zones: list[np.ndarray]
    truth: list[ZoneTruth]
    in_view: list[tuple[Card, np.ndarray]]  # every card whose whole face is in view
    profile: str  # the reader model for the deck
    recipe: Recipe
    card_w: float  # a card's short side in image pixels, at the image's centre


def _camera(size: tuple[int, int], tilt: float, roll: float) -> np.ndarray:
    """Homography from the table plane (pixels, the image's size) to the image: a pinhole
    over the table's centre, tilted about the image's x axis and rolled, its scale at the
    centre kept at one."""
    w, h = size
    f = 1.1 * w
    t, r = math.radians(tilt), math.radians(roll)
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rot = rx @ rz
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    pts = np.c_[corners - (w / 2, h / 2), np.zeros(4)]
    cam = pts @ rot.T + (0, 0, f)
    proj = cam[:, :2] / cam[:, 2:] * f + (w / 2, h / 2)
    return cv2.getPerspectiveTransform(corners.astype(np.float32), proj.astype(np.float32))


def _project(hmat: np.ndarray, pts) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(p, hmat).reshape(-1, 2)


@lru_cache(maxsize=24)
def _scan(fruit: str, count: int) -> np.ndarray:
    """A reference scan at its own resolution, portrait (not the renderer's shrunk copy)."""
    from halli_pi.vision.art import shared_dir

    path = shared_dir() / "cards" / "classic" / f"{fruit}{count:02d}.png"
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise FileNotFoundError(path)
    return cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)


def _face(card: Card, deck: str) -> np.ndarray:
    from halli_pi.vision.art import card_face

    if deck == "scan":
        n, kind = card.groups[0]
        return _scan(kind, n)
    if deck == "other":
        from halli_pi.bench.heldout.otherart import other_face

        return other_face(card)
    return card_face(card)


def _deck_cards(deck: str) -> list[Card]:
    if deck == "clone":
        return clone_deck()
    return classic_deck()


def _paste(img: np.ndarray, face: np.ndarray, quad: np.ndarray, card_w: float, light_dir) -> None:
    """Warp ``face`` onto ``quad`` (image corners, clockwise from the face's top left), with
    the thin shadow a card casts on what lies under it."""
    h, w = img.shape[:2]
    pad = int(card_w * 0.08) + 3
    x0, y0 = np.floor(quad.min(0)).astype(int) - pad
    x1, y1 = np.ceil(quad.max(0)).astype(int) + pad
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    fh, fw = face.shape[:2]
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    alpha = cv2.warpPerspective(np.ones((fh, fw), np.float32), m, size, flags=cv2.INTER_LINEAR)
    off = np.array(light_dir) * card_w * 0.025
    shift = np.array([[1, 0, off[0]], [0, 1, off[1]]], np.float32)
    shadow = cv2.warpAffine(alpha, shift, size)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.7, card_w * 0.02))
    roi = img[y0:y1, x0:x1]
    roi *= (1 - 0.3 * shadow)[..., None]
    interp = cv2.INTER_AREA if fw > (x1 - x0) else cv2.INTER_LINEAR
    warped = cv2.warpPerspective(face, m, size, flags=interp).astype(np.float32)
    roi[:] = roi * (1 - alpha[..., None]) + warped * alpha[..., None]


SKINS = [
    (185, 200, 235),
    (150, 175, 225),
    (115, 150, 200),
    (90, 130, 170),
    (60, 90, 140),
    (42, 62, 100),
    (30, 40, 65),
]


def _arm_mask(shape, hand, entry, card_w: float, rng) -> tuple[np.ndarray, np.ndarray]:
    """An arm from ``entry`` (beyond the image's border) to a hand at ``hand``: the mask of
    the whole arm and the mask of the part a sleeve covers (uint8, 0/255)."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    hand = np.asarray(hand, np.float64)
    entry = np.asarray(entry, np.float64)
    d = hand - entry
    d /= np.linalg.norm(d) + 1e-9
    n = np.array([-d[1], d[0]])
    wrist = hand - d * card_w * 0.45
    elbow_w, wrist_w = card_w * _u(rng, 1.1, 1.5), card_w * _u(rng, 0.7, 0.9)
    fore = np.array(
        [
            entry + n * elbow_w / 2,
            wrist + n * wrist_w / 2,
            wrist - n * wrist_w / 2,
            entry - n * elbow_w / 2,
        ]
    )
    cv2.fillPoly(mask, [np.round(fore).astype(np.int32)], 255, cv2.LINE_8)
    palm_c = wrist + d * card_w * 0.4
    ang = math.degrees(math.atan2(d[1], d[0]))
    axes = (int(card_w * 0.48), int(card_w * 0.42))
    cv2.ellipse(mask, tuple(np.round(palm_c).astype(int)), axes, ang, 0, 360, 255, -1)
    spread = _u(rng, 0.1, 0.35)
    fw = max(2, int(card_w * 0.17))
    for k in range(4):
        a = (k - 1.5) * spread
        fd = d * math.cos(a) + n * math.sin(a)
        base = palm_c + d * card_w * 0.3 + n * (k - 1.5) * card_w * 0.17
        tip = base + fd * card_w * _u(rng, 0.4, 0.6)
        cv2.line(mask, tuple(np.round(base).astype(int)), tuple(np.round(tip).astype(int)), 255, fw)
    side = 1 if rng.random() < 0.5 else -1
    tb = palm_c + n * side * card_w * 0.35
    tt = tb + (d * 0.5 + n * side * 0.8) * card_w * 0.45
    cv2.line(mask, tuple(np.round(tb).astype(int)), tuple(np.round(tt).astype(int)), 255, fw)
    sleeve = np.zeros_like(mask)
    if rng.random() < 0.6:
        cuff = wrist - d * card_w * _u(rng, 0.2, 1.5)
        reach = np.array(
            [entry + n * elbow_w, cuff + n * elbow_w, cuff - n * elbow_w, entry - n * elbow_w]
        )
        cv2.fillPoly(sleeve, [np.round(reach).astype(np.int32)], 255)
        sleeve &= mask
    return mask, sleeve


def _entry(hand: np.ndarray, out: np.ndarray, size: tuple[int, int], card_w: float) -> np.ndarray:
    """Where a ray from ``hand`` along ``out`` leaves the image, and a card width beyond."""
    w, h = size
    out = out / (np.linalg.norm(out) + 1e-9)
    ts = []
    for c, lim in ((0, w), (1, h)):
        if out[c] > 1e-6:
            ts.append((lim - hand[c]) / out[c])
        elif out[c] < -1e-6:
            ts.append(-hand[c] / out[c])
    return hand + out * (min(ts) + card_w * 1.5)


def _draw_arm(img, arm_all, mask, sleeve, card_w, rng, light_dir) -> None:
    skin = np.array(SKINS[int(rng.integers(len(SKINS)))], np.float32) * _u(rng, 0.9, 1.08)
    cloth = np.array(rng.integers(20, 235, 3), np.float32)
    # The arm's shadow on the table first, then the arm, darker towards its edges (round).
    off = np.array(light_dir) * card_w * 0.35
    shift = np.array([[1, 0, off[0]], [0, 1, off[1]]], np.float32)
    cast = cv2.warpAffine(mask, shift, mask.shape[::-1])
    cast = cv2.GaussianBlur(cast, (0, 0), card_w * 0.15).astype(np.float32) / 255
    img *= (1 - 0.4 * cast)[..., None]
    body = cv2.GaussianBlur(mask, (0, 0), card_w * 0.12).astype(np.float32) / 255
    shade = 0.7 + 0.35 * body
    colour = np.empty_like(img)
    colour[:] = skin
    if sleeve.any():
        stripes = rng.random() < 0.4
        s = sleeve > 0
        colour[s] = cloth
        if stripes:
            yy, xx = np.nonzero(s)
            band = ((xx + yy) // max(2, int(card_w * 0.2))) % 2 == 0
            colour[yy[band], xx[band]] = 255 - cloth
    alpha = cv2.GaussianBlur(mask, (0, 0), 0.8).astype(np.float32) / 255
    a = alpha[..., None]
    img[:] = img * (1 - a) + colour * shade[..., None] * a
    arm_all |= mask


def _gain(recipe: Recipe, size: tuple[int, int], rng) -> np.ndarray:
    """The light as a per-pixel, per-channel gain (h, w, 3)."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    x, y = xx / w - 0.5, yy / h - 0.5
    tint = np.ones(3, np.float32)
    light = recipe.light
    if light == "warm":
        lx, ly = _u(rng, -0.4, 0.4), _u(rng, -0.4, 0.4)
        r2 = (x - lx) ** 2 + (y - ly) ** 2
        g = _u(rng, 0.95, 1.15) * (1 - _u(rng, 0.3, 0.55) * np.clip(r2 / 0.5, 0, 1.6))
        warm = _u(rng, 0.2, 0.38)
        tint = np.array([1 - warm, 1 - warm * 0.4, 1.0], np.float32)
    elif light == "window":
        a = _u(rng, 0, 2 * math.pi)
        along = (x * math.cos(a) + y * math.sin(a)) / 0.7 + 0.5  # 0..1 across the image
        lo, hi = _u(rng, 0.3, 0.5), _u(rng, 1.05, 1.25)
        g = lo + (hi - lo) * np.clip(along, 0, 1) ** _u(rng, 0.7, 1.5)
        tint = np.array([1.04, 1.0, 0.96], np.float32)  # daylight, a little blue
    elif light == "dark":
        g = np.full((h, w), _u(rng, 0.25, 0.4), np.float32) * (1 - 0.3 * (x * x + y * y))
    else:
        g = np.full((h, w), _u(rng, 0.92, 1.05), np.float32) * (
            1 + _u(rng, -0.1, 0.1) * x + _u(rng, -0.1, 0.1) * y
        )
    return g[..., None] * tint


def _glare(img: np.ndarray, tops: list[np.ndarray], card_w: float, rng) -> None:
    """Specular spots: the lamp seen in the card's glossy face, saturating near their middle."""
    if not tops:
        return
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(1, 4))):
        quad = tops[int(rng.integers(len(tops)))]
        wts = rng.dirichlet(np.ones(4))
        c = (quad * wts[:, None]).sum(0)
        r = card_w * _u(rng, 0.12, 0.35)
        x0, y0 = int(max(0, c[0] - 3 * r)), int(max(0, c[1] - 3 * r))
        x1, y1 = int(min(w, c[0] + 3 * r)), int(min(h, c[1] + 3 * r))
        if x1 <= x0 or y1 <= y0:
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        e = _u(rng, 1.0, 2.2)  # an elongated spot
        d2 = ((xx - c[0]) / e) ** 2 + ((yy - c[1]) * e) ** 2
        spot = np.exp(-d2 / (2 * r * r)) * _u(rng, 130, 260)
        img[y0:y1, x0:x1] += spot[..., None]


def _hand_shadows(img, zones_c, centre, size, card_w, rng) -> None:
    """Shadows of hands held above the table, the hands themselves out of the picture."""
    for _ in range(int(rng.integers(1, 4))):
        zc = zones_c[int(rng.integers(len(zones_c)))]
        hand = zc + rng.normal(0, card_w * 0.5, 2)
        out = zc - centre if np.linalg.norm(zc - centre) > 1 else np.array([1.0, 0.0])
        m, _ = _arm_mask(img.shape[:2], hand, _entry(hand, out, size, card_w), card_w, rng)
        soft = cv2.GaussianBlur(m, (0, 0), card_w * 0.25).astype(np.float32) / 255
        img *= (1 - _u(rng, 0.3, 0.5) * soft)[..., None]


def _seat_points(n: int, size: tuple[int, int], zone_side: float) -> list[np.ndarray]:
    """Zone centres in the image: on an ellipse round the middle, as many as fit (at least 1)."""
    w, h = size
    rx, ry = w / 2 - zone_side * 0.55, h / 2 - zone_side * 0.55
    if rx < zone_side * 0.15 or ry < zone_side * 0.15:
        return [np.array([w / 2, h / 2])]
    perim = math.pi * (3 * (rx + ry) - math.sqrt((3 * rx + ry) * (rx + 3 * ry)))
    n = max(1, min(n, int(perim / (zone_side * 1.15))))
    if n == 1:
        return [np.array([w / 2, h / 2])]
    return [
        np.array(
            [
                w / 2 + rx * math.cos(math.pi / 2 + 2 * math.pi * i / n),
                h / 2 + ry * math.sin(math.pi / 2 + 2 * math.pi * i / n),
            ]
        )
        for i in range(n)
    ]


def _crowded(centres: list[np.ndarray], size: tuple[int, int], apart: float) -> list[np.ndarray]:
    """``centres`` drawn in towards the image's middle until neighbours lie ``apart``."""
    if len(centres) < 2:
        return centres
    middle = np.array([size[0] / 2, size[1] / 2])
    after = centres[1:] + centres[:1]
    nearest = min(np.linalg.norm(p - q) for p, q in zip(centres, after, strict=True))
    k = min(1.0, apart / max(float(nearest), 1e-6))
    return [middle + (p - middle) * k for p in centres]


def _inside(quad: np.ndarray, size: tuple[int, int], margin: float = 1.0) -> bool:
    w, h = size
    return bool(
        (quad[:, 0] >= margin).all()
        and (quad[:, 1] >= margin).all()
        and (quad[:, 0] <= w - 1 - margin).all()
        and (quad[:, 1] <= h - 1 - margin).all()
    )


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def _hides(top: np.ndarray, quad: np.ndarray) -> bool:
    """A card ``top`` laid after the card ``quad`` hides part of its face: they overlap by
    more than a pixel's area, the overlap more than half a pixel across at its narrowest
    (``_least_width``). A corner a quarter of a pixel over a side (crowded tuning seed
    2510508: 1.3 square pixels along 10 pixels of a side, 0.26 pixels across) changes only
    pixels of the card's own edge, which the renderer's linear warp draws half over the table
    already, and none of its face inside them: that card is in view whole."""
    area, inter = cv2.intersectConvexConvex(quad.astype(np.float32), top.astype(np.float32))
    if area <= 1.0 or inter is None:
        return False
    return _least_width(inter.reshape(-1, 2).astype(np.float64)) > 0.5


def _least_width(poly: np.ndarray) -> float:
    """The narrowest width of the convex polygon ``poly`` (its points in order): over its
    sides, the least of the farthest distance of its points from that side's line."""
    least = float("inf")
    for k in range(len(poly)):
        a, b = poly[k], poly[(k + 1) % len(poly)]
        d = b - a
        n = float(np.hypot(d[0], d[1]))
        if n < 1e-3:
            continue  # two points of one corner (the intersection repeats some)
        far = float(np.abs((poly[:, 0] - a[0]) * d[1] - (poly[:, 1] - a[1]) * d[0]).max()) / n
        least = min(least, far)
    return least


def _mask_in(mask: np.ndarray, poly: np.ndarray) -> tuple[int, int]:
    """(pixels of ``mask`` inside ``poly``, pixels of ``poly``)."""
    h, w = mask.shape
    x0, y0 = np.floor(poly.min(0)).astype(int)
    x1, y1 = np.ceil(poly.max(0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return 0, 0
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(m, [np.round(poly - (x0, y0)).astype(np.int32)], 1)
    return int(((mask[y0:y1, x0:x1] > 0) & (m > 0)).sum()), int(m.sum())


def compose(recipe: Recipe, seed: int, name: str = "", crowd: float = 0.0) -> HeldoutScene:
    """Draw one scene of ``recipe``; deterministic in (recipe, seed, crowd). ``crowd`` > 0
    (tuning tables only, ``crowded_scene``): the seats drawn in nearer the middle, their
    neighbours ``crowd`` zone sides apart, so that cards of neighbouring piles overlap."""
    rng = _rng("scene", name, seed, dataclasses.astuple(recipe))
    size = recipe.size
    w, h = size
    deck = classic_art() if recipe.deck == "classic" else recipe.deck
    profile = "clone" if deck == "clone" else "classic"
    cards = _deck_cards(deck)
    card_w = recipe.card_share * w  # in the image, at its centre (the camera keeps scale 1)
    hmat = _camera(size, recipe.tilt, recipe.roll)
    hinv = np.linalg.inv(hmat)
    light_dir = rng.normal(0, 1, 2)
    light_dir /= np.linalg.norm(light_dir) + 1e-9
    big = recipe.card_share >= 0.3  # one card fills much of the picture: laid landscape
    # The zone holds a card at any angle with room round it.
    zone_side = card_w * (1.95 if recipe.card_share < 0.15 else 1.7) * _u(rng, 1.0, 1.15)
    centres = [np.array([w / 2, h / 2])] if big else _seat_points(recipe.seats, size, zone_side)
    if crowd > 0:
        centres = _crowded(centres, size, crowd * zone_side)
    plane = table_surface(recipe.table, size, card_w, rng)
    img = cv2.warpPerspective(
        plane, hmat, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    zones: list[np.ndarray] = []
    piles: list[list[tuple[Card, np.ndarray]]] = []
    centre_img = np.array([w / 2, h / 2])
    for zc in centres:
        pc = _project(hinv, zc[None])[0]
        if big:
            # A zone round the card, as large as the picture allows.
            hx = min(card_w * CARD_RATIO * 0.62, w * 0.49)
            hy = min(card_w * 0.7, h * 0.49)
            rect = zc + np.array([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]])
            zones.append(rect.astype(np.float32))
        else:
            half = zone_side / 2
            sq = pc + np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
            zones.append(_project(hmat, sq).astype(np.float32))
        if rng.random() < recipe.p_empty and not big:
            piles.append([])
            continue
        pile: list[tuple[Card, np.ndarray]] = []
        n_under = {"messy": int(rng.integers(3, 7)), "neat": int(rng.integers(0, 3))}.get(
            recipe.pile, int(rng.integers(0, 4))
        )
        if big:
            n_under = min(n_under, 2)
        # Angles are chosen as the camera sees them: a card's long side towards the table's
        # middle (its player sits outside), or across the picture when it is big.
        towards = math.degrees(math.atan2(*(centre_img - zc)[::-1])) + 90
        base = _plane_angle(hinv, zc, 90.0 if big else towards + rng.normal(0, 12))
        for depth in range(n_under + 1):
            top = depth == n_under
            if recipe.pile == "rotated":
                angle = _u(rng, -180, 180)
            elif top:
                angle = base + rng.normal(0, 5 if big else 10)
            else:
                angle = base + rng.normal(0, 30 if recipe.pile == "messy" else 8)
            if top:
                if recipe.pile == "edge":
                    a = _u(rng, 0, 2 * math.pi)
                    off = np.array([math.cos(a), math.sin(a)]) * zone_side * _u(rng, 0.3, 0.45)
                else:
                    off = rng.normal(0, zone_side * 0.04, 2)
            else:
                spread = 0.4 if recipe.pile == "messy" else 0.08
                off = rng.normal(0, card_w * spread, 2)
            quad = _card_quad(pc + off, angle, card_w)
            if top:
                quad = _keep_in(quad, hmat, size)
            card = cards[int(rng.integers(len(cards)))]
            pile.append((card, _project(hmat, quad)))
        piles.append(pile)
    # Cards: the piles in turn, each from the bottom up.
    for pile in piles:
        for card, quad in pile:
            _paste(img, _face(card, deck).astype(np.float32), quad, card_w, light_dir)
    arm_all = np.zeros((h, w), np.uint8)
    for zc in centres:
        if rng.random() >= recipe.p_arm:
            continue
        hand = zc + rng.normal(0, card_w * 0.35, 2)
        out = zc - centre_img if np.linalg.norm(zc - centre_img) > 1 else rng.normal(0, 1, 2)
        if rng.random() < 0.3:
            out = -out  # reaching across the table
        out = out + rng.normal(0, 0.3, 2) * np.linalg.norm(out)
        mask, sleeve = _arm_mask((h, w), hand, _entry(hand, out, size, card_w), card_w, rng)
        _draw_arm(img, arm_all, mask, sleeve, card_w, rng, light_dir)
    if recipe.light == "shadow":
        _hand_shadows(img, centres, centre_img, size, card_w, rng)
    img *= _gain(recipe, size, rng)
    if recipe.light == "cast":
        # Light bounced off the coloured table tints everything a little.
        tc = plane.reshape(-1, 3).mean(0)
        k = _u(rng, 0.15, 0.3)
        img *= (1 - k) + k * tc / tc.max()
    if recipe.light == "glare":
        _glare(img, [p[-1][1] for p in piles if p], card_w, rng)
    frame = _sensor(img, recipe, rng)
    truth, in_view = _truth(piles, zones, arm_all, size)
    return HeldoutScene(name, frame, zones, truth, in_view, profile, recipe, card_w)


def _plane_angle(hinv: np.ndarray, at: np.ndarray, image_deg: float) -> float:
    """The angle on the table plane that the camera shows as ``image_deg`` at ``at``."""
    a = math.radians(image_deg)
    p = _project(hinv, np.array([at, at + np.array([math.cos(a), math.sin(a)]) * 10.0]))
    d = p[1] - p[0]
    return math.degrees(math.atan2(d[1], d[0]))


def _card_quad(centre, angle_deg: float, card_w: float) -> np.ndarray:
    """A portrait card's corners on the plane, clockwise from the face's top left."""
    a = math.radians(angle_deg)
    u = np.array([math.cos(a), math.sin(a)]) * card_w / 2
    v = np.array([-math.sin(a), math.cos(a)]) * card_w * CARD_RATIO / 2
    c = np.asarray(centre, np.float64)
    return np.array([c - u - v, c + u - v, c + u + v, c - u + v])


def _keep_in(quad: np.ndarray, hmat: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Move a card on the plane so that its image lies inside the image, where it can."""
    w, h = size
    hinv = np.linalg.inv(hmat)
    for _ in range(6):
        img = _project(hmat, quad)
        dx = max(0.0, 3 - img[:, 0].min()) - max(0.0, img[:, 0].max() - (w - 4))
        dy = max(0.0, 3 - img[:, 1].min()) - max(0.0, img[:, 1].max() - (h - 4))
        if dx == 0 and dy == 0:
            break
        c = img.mean(0)
        moved = _project(hinv, np.array([c, c + (dx * 1.1, dy * 1.1)]))
        quad = quad + (moved[1] - moved[0])
    return quad


def _sensor(img: np.ndarray, recipe: Recipe, rng) -> np.ndarray:
    sigma = recipe.blur * recipe.size[0] / 640  # a lens's blur grows with the sensor's pixels
    if sigma > 0.2:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    noise = recipe.noise + (_u(rng, 4, 8) if recipe.light == "dark" else 0.0)
    if noise > 0:
        img = img + rng.standard_normal(img.shape, dtype=np.float32) * noise
    out = np.clip(img, 0, 255).astype(np.uint8)
    if recipe.jpeg:
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, recipe.jpeg])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def _truth(piles, zones, arm_all, size):
    truth: list[ZoneTruth] = []
    in_view: list[tuple[Card, np.ndarray]] = []
    every = [(i, d, q) for i, p in enumerate(piles) for d, (_, q) in enumerate(p)]
    for i, pile in enumerate(piles):
        zone = zones[i]
        c = zone.mean(0)
        margin = (zone - c) * 1.3 + c  # the margin a reader looks at round its zone
        over_margin, _ = _mask_in(arm_all, margin)
        clear = over_margin == 0
        for d, (card, quad) in enumerate(pile):
            later = [q for (j, e, q) in every if (j, e) > (i, d)]
            hidden = any(_hides(q, quad) for q in later)
            armed, _ = _mask_in(arm_all, quad)
            if not hidden and not armed and _inside(quad, size):
                in_view.append((card, quad))
        if not pile:
            over, area = _mask_in(arm_all, zone)
            state = "covered" if over > 0.05 * area else "empty"
            truth.append(ZoneTruth(i, state, None, None, clear))
            continue
        card, quad = pile[-1]
        armed, _ = _mask_in(arm_all, quad)
        if armed:
            state = "covered"
        elif not _inside(quad, size):
            state = "cut"
        else:
            # Cards of other piles may lie over this one: then it is not whole in view.
            later = [q for (j, e, q) in every if j > i]
            state = "cut" if any(_overlap(quad, q) > 1.0 for q in later) else "card"
        truth.append(ZoneTruth(i, state, card, quad.astype(np.float32), clear))
    return truth, in_view


def make_scene(family: str, seed: int) -> HeldoutScene:
    """Scene ``seed`` of ``family`` (a name in ``FAMILIES`` or ``GLARE_DARK``)."""
    return compose(family_recipe(family, seed), seed, family)


# --- measuring --------------------------------------------------------------------------------


def tally_layout(scene: HeldoutScene, key: str, tally: Counter) -> None:
    """Read ``scene`` over its zones and count the outcomes under ``key:``."""
    t0 = time.perf_counter()
    readings = read_layout(scene.frame, scene.zones, scene.profile)
    # The tally counts outcomes and also sums milliseconds, which a Counter adds as well.
    tally[f"{key}:ms"] += (time.perf_counter() - t0) * 1000  # type: ignore[assignment]
    tally[f"{key}:frames"] += 1
    for truth, (state, card) in zip(scene.truth, readings, strict=True):
        if truth.state == "card":
            tally[f"{key}:visible"] += 1
            if state == "card" and card == truth.card:
                tally[f"{key}:right"] += 1
            elif state == "card":
                tally[f"{key}:wrong"] += 1
            else:
                tally[f"{key}:read_{state}"] += 1
            if truth.clear:
                tally[f"{key}:clear"] += 1
                tally[f"{key}:clear_occluded"] += state == "occluded"
        elif truth.state == "covered":
            tally[f"{key}:covered"] += 1
            if state == "card" and card != truth.card:
                tally[f"{key}:wrong_claims"] += 1
            if truth.card is not None and state == "empty":
                tally[f"{key}:covered_read_empty"] += 1
        elif truth.state == "empty":
            tally[f"{key}:empty"] += 1
            tally[f"{key}:empty_right"] += state == "empty"
        else:
            tally[f"{key}:cut"] += 1
            if state == "card" and card != truth.card:
                tally[f"{key}:cut_wrong"] += 1


def tally_no_layout(scene: HeldoutScene, key: str, tally: Counter) -> None:
    """``find_cards`` on the whole frame: which cards in view it finds, and what it claims."""
    found = read_anywhere(scene.frame, scene.profile)
    used: set[int] = set()
    tally[f"{key}:in_view"] += len(scene.in_view)
    centres = [q.mean(0) for _, q in scene.in_view]
    for state, card, corners in found:
        c = np.asarray(corners, np.float64).reshape(-1, 2).mean(0)
        best, dist = -1, float("inf")
        for j, t in enumerate(centres):
            d = float(np.linalg.norm(c - t))
            if d < dist and j not in used:
                best, dist = j, d
        if best >= 0 and dist < 0.35 * scene.card_w:
            used.add(best)
            tally[f"{key}:found"] += 1
            truth = scene.in_view[best][0]
            if state == "card" and card == truth:
                tally[f"{key}:right"] += 1
            elif state == "card":
                tally[f"{key}:wrong"] += 1
        elif state == "card":
            # A claim where no whole card is in view (a covered card's visible part, a
            # table pattern): as bad as a wrong card if it is taken for one.
            tally[f"{key}:claims_not_in_view"] += 1
        else:
            tally[f"{key}:extra_doubts"] += 1


def run_job(job: tuple) -> Counter:
    """One unit of work: ("family", name, n, seed) | ("sweep", (w, h), share, n, seed) |
    ("nolayout", n, seed, sizes). Counts keyed by family, sweep cell or "nolayout"."""
    cv2.setNumThreads(1)
    tally: Counter = Counter()
    kind = job[0]
    if kind == "family":
        _, name, n, seed = job
        for s in range(seed, seed + n):
            tally_layout(make_scene(name, s), name, tally)
    elif kind == "sweep":
        _, size, share, n, seed = job
        key = sweep_key(size, share)
        for s in range(seed, seed + n):
            tally_layout(compose(sweep_recipe(size, share, s), s, key), key, tally)
    elif kind == "nolayout":
        _, n, seed, sizes = job
        for s in range(seed, seed + n):
            scene = compose(no_layout_recipe(s, sizes), s, "nolayout")
            tally_no_layout(scene, "nolayout", tally)
    elif kind == "crowded":
        _, n, seed = job
        for s in range(seed, seed + n):
            tally_no_layout(crowded_scene(s), "crowded", tally)
    else:
        raise ValueError(f"no held-out job {kind!r}")
    return tally


# The crowded tuning tables' seeds start this far from the held-out seeds.
CROWDED_SEEDS = 369_500


def sweep_key(size: tuple[int, int], share: float) -> str:
    return f"{size[0]}x{size[1]}@{share:g}"


def jobs(
    families: list[str],
    n: int,
    seed: int,
    *,
    sweep_sizes=SWEEP_SIZES,
    sweep_shares=SWEEP_SHARES,
    sweep_n: int = 2,
    nolayout_n: int = 12,
    crowded_n: int = 0,
    chunk: int = 4,
) -> list[tuple]:
    out: list[tuple] = []
    for name in families:
        for i in range(0, n, chunk):
            out.append(("family", name, min(chunk, n - i), seed + i))
    for size in sweep_sizes:
        for share in sweep_shares:
            if sweep_n > 0:
                out.append(("sweep", tuple(size), float(share), sweep_n, seed))
    for i in range(0, nolayout_n, chunk):
        out.append(("nolayout", min(chunk, nolayout_n - i), seed + i, tuple(sweep_sizes)))
    for i in range(0, crowded_n, chunk):
        out.append(("crowded", min(chunk, crowded_n - i), CROWDED_SEEDS + seed + i))
    return out


def _share(a: int, b: int) -> float:
    return a / b if b else 0.0


def family_figures(tally: Counter, key: str) -> dict:
    """One line of figures for ``key`` (a family or a sweep cell)."""
    t = {k.split(":", 1)[1]: v for k, v in tally.items() if k.startswith(f"{key}:")}
    visible = int(t.get("visible", 0))
    return {
        "visible": visible,
        "right": _share(int(t.get("right", 0)), visible),
        "wrong_cards": int(t.get("wrong", 0)),
        "unknown": int(t.get("read_unknown", 0)),
        "occluded": int(t.get("read_occluded", 0)),
        "read_empty": int(t.get("read_empty", 0)),
        "clear": int(t.get("clear", 0)),
        "occluded_clear": _share(int(t.get("clear_occluded", 0)), int(t.get("clear", 0))),
        "covered": int(t.get("covered", 0)),
        "wrong_claims": int(t.get("wrong_claims", 0)),
        "covered_read_empty": int(t.get("covered_read_empty", 0)),
        "cut": int(t.get("cut", 0)),  # top cards not whole in view: counted nowhere else
        "cut_wrong": int(t.get("cut_wrong", 0)),  # ... read as a wrong card
        "empty_zones": int(t.get("empty", 0)),
        "empty_right": _share(int(t.get("empty_right", 0)), int(t.get("empty", 0))),
        "frame_ms_mean": float(t.get("ms", 0.0)) / max(1, int(t.get("frames", 0))),
    }


def no_layout_figures(tally: Counter, key: str = "nolayout") -> dict:
    t = {k.split(":", 1)[1]: v for k, v in tally.items() if k.startswith(f"{key}:")}
    in_view = int(t.get("in_view", 0))
    return {
        "in_view": in_view,
        "found": _share(int(t.get("found", 0)), in_view),
        "read_right": _share(int(t.get("right", 0)), in_view),
        "wrong_cards": int(t.get("wrong", 0)),
        "claims_not_in_view": int(t.get("claims_not_in_view", 0)),
        "extra_doubts": int(t.get("extra_doubts", 0)),
    }

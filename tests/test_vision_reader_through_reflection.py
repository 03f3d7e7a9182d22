"""A card a reflection doubts is read again with the reflection's light taken off: a lamp adds
one light to face and print alike, so a symbol it paled shows its print again wherever the
sensor did not clip. What the sensor clipped in every channel shows nothing: a symbol may lie
there whole, and the print's layout judges whether one could at a place the deck prints."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.art import card_face, scans_available
from halli_pi.vision.reader import WARP_SIZE, State, load_profile, read_card_image, read_zones
from halli_pi.vision.reader.card import _Card, _keeps_what_was_seen, _reflection_taken_off
from halli_pi.vision.reader.symbols import blobs
from halli_pi.vision.render import default_zones
from tests.styled_reads import read_styled

W, H = WARP_SIZE


def _spot(level: float, sigma: float, at: tuple[float, float]) -> np.ndarray:
    """A lamp's round reflection (H x W x 1): ``level`` grey levels at its peak ``at``."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    d2 = (xx - at[0] * W) ** 2 + (yy - at[1] * H) ** 2
    return (level * np.exp(-d2 / (2 * sigma**2)))[..., None]


def _lit_card(
    card: str, level: float, sigma: float, at: tuple[float, float], light: float
) -> np.ndarray:
    """The upright card ``card`` (own art, at the working scale) lit to ``light`` of its
    print's levels, with a reflection added to print and face alike, clipped at the top."""
    face = cv2.resize(card_face(parse_card(card)), (W, H), interpolation=cv2.INTER_AREA)
    lit = face.astype(np.float32) * light + _spot(level, sigma, at)
    return np.clip(lit, 0, 255).astype(np.uint8)


def _face_with_disc(level: float) -> tuple[np.ndarray, np.ndarray]:
    """A grey face with a red disc under a reflection centred on it (and the disc's mask)."""
    img = np.full((H, W, 3), 170.0, np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    disc = (xx - W / 2) ** 2 + (yy - H / 2) ** 2 <= 7**2
    img[disc] = (50.0, 50.0, 190.0)
    img += _spot(level, 14.0, (0.5, 0.5))
    return np.clip(img, 0, 255).astype(np.uint8), disc


# -- the reflection's light taken off (card._reflection_taken_off) -------------------------------


def test_the_reflections_light_is_taken_off_face_and_print() -> None:
    img, disc = _face_with_disc(70.0)
    got = _reflection_taken_off(img)
    assert got is not None
    face = got[~disc].astype(np.float32)
    # The face is flat again, at its level away from the reflection ...
    off = np.abs(face[:, 0] - 170.0)
    assert np.percentile(off, 95) <= 4.0 and off.max() <= 20.0  # it was up to 61
    # ... and the print's darkest channels sink back most of the way to its own level.
    before = float(img[disc][:, :2].mean())
    after = float(got[disc][:, :2].mean())
    assert before - after >= 0.5 * (before - 50.0)


def test_a_core_clipped_in_every_channel_stays_at_the_top() -> None:
    img, _ = _face_with_disc(400.0)
    clipped = img.min(axis=2) >= 255
    got = _reflection_taken_off(img)
    assert got is not None and clipped.any()
    assert (got[clipped] == 255).all()


def test_a_face_no_reflection_lifts_is_not_read_again() -> None:
    img, _ = _face_with_disc(0.0)
    assert _reflection_taken_off(img) is None


# -- a card read through the reflection -----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "level", "sigma"),
    [("3 strawberry", 160.0, 12.0), ("3 lime", 250.0, 9.0)],
)
def test_a_middle_symbol_a_reflection_paled_is_read_through_it(card, level, sigma) -> None:
    # A reflection over the middle symbol pales it (glare over the face, or a colour between
    # two kinds); with its light taken off, the symbol's print is its own again.
    img = _lit_card(card, level, sigma, (0.5, 0.5), 0.72)
    r = read_card_image(img, load_profile("classic"))
    assert r.state == State.CARD and r.card == parse_card(card)


@pytest.mark.parametrize(
    ("kind", "seed", "seat"),
    [("own", 260014, 4), ("scan", 261011, 0)],
)
@pytest.mark.skipif(not scans_available(), reason="the reference scans are not here")
def test_a_symbol_paled_on_a_tuning_table_is_read_through_the_reflection(kind, seed, seat) -> None:
    # Tuning style glare (extra tuning seeds): a 3 strawberry whose middle symbol, and a
    # 1 plum whose only symbol, a reflection paled to a third of a symbol's ink.
    scene = bench_scene(kind, seed, 0.15, "glare")
    r = read_zones(scene.frame, default_zones(6), load_profile("classic"))[seat]
    assert r.state == State.CARD and r.card == scene.labels[seat].card


# -- a clipped core in the second read (card._clipped_core_may_hide_a_symbol) --------------------


def test_a_middle_symbol_a_clipped_core_took_whole_is_not_read_through_the_reflection() -> None:
    # A dim face: the first read doubts the reflection; read again with its light taken off,
    # the core clipped in every channel is all that is left of the middle plum of a 5, with
    # no falloff around it to measure its light by: the 4 seen is not taken (it read 4 plum).
    img = _lit_card("5 plum", 465.0, 13.7, (0.39, 0.53), 0.68)
    r = read_card_image(img, load_profile("classic"))
    assert r.state == State.UNKNOWN and r.card is None


def test_a_core_over_no_printed_place_leaves_the_card_read() -> None:
    # A strong reflection beside the 4's corners, where no count prints a symbol the core
    # could hide whole: the 4 is read.
    img = _lit_card("4 plum", 530.0, 5.0, (0.5, 0.36), 0.95)
    r = read_card_image(img, load_profile("classic"))
    assert r.state == State.CARD and r.card == parse_card("4 plum")


def test_a_second_read_that_loses_or_moves_a_symbol_is_not_taken() -> None:
    img = _lit_card("2 plum", 0.0, 1.0, (0.5, 0.5), 0.8)
    profile = load_profile("classic")
    plum = next(k for k in profile.kinds if k.kind == "plum")
    lime = next(k for k in profile.kinds if k.kind == "lime")
    found = blobs(img)
    assert len(found) >= 2
    first = _Card(img, profile, False, False, found)
    first.symbols = [(found[0], plum), (found[1], plum)]
    second = _Card(img, profile, False, False, found)
    second.symbols = list(first.symbols)
    assert _keeps_what_was_seen(first, second)
    second.symbols = [(found[0], plum)]  # one lost
    assert not _keeps_what_was_seen(first, second)
    second.symbols = [(found[0], plum), (found[1], lime)]  # one read as another kind
    assert not _keeps_what_was_seen(first, second)
    x, y = found[1].centre
    moved = replace(found[1], centre=(x + 0.1, y))  # one a tenth of the card away
    second.symbols = [(found[0], plum), (moved, plum)]
    assert not _keeps_what_was_seen(first, second)


def test_a_colour_between_kinds_is_not_read_through_the_reflection() -> None:
    # Tuning style glare, own art: a lime washed between lime and banana; read through the
    # reflection with its clipped channel set to the face's white, it read 1 banana.
    scene = bench_scene("own", 200507, 0.15, "glare")
    r = read_zones(scene.frame, default_zones(6), load_profile("classic"))[3]
    assert scene.labels[3].card == parse_card("1 lime")
    assert r.state != State.CARD or r.card == parse_card("1 lime"), f"read {r.card}"


# -- the printed places judged in the second read (card._least_hidden_share) --------------------


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat"),
    [
        ("own", "lamp", 202500, 2),  # a 2 lime, a small clipped spot beside the middle place
        ("deluxe", "glare", 220526, 3),  # a 2 banana, a spot between the two
        ("own", "cloth", 204527, 1),  # a 2 plum, a spot on the middle place
    ],
)
def test_a_middle_place_the_lifted_read_shows_clean_is_no_hiding_place(deck, style, seed, seat):
    # Tuning scenes: a reflection near the middle place of a 2, where a 3 prints its middle
    # symbol. Read again with the light taken off, the symbol's shape there lies only a half
    # to two thirds in the core clipped in every channel (and print not read): a middle
    # symbol would show the rest of its print on the face the light was taken off. Judged
    # as the second read's own clipped core is (most of a shape there), the 2 is read.
    label, got = read_styled(deck, style, seed, seat)
    assert got.state == State.CARD and got.card == label.card


# -- clone decks read through the reflection too (card.read_card_image) --------------------------


@pytest.mark.parametrize(
    ("style", "seed", "seat"),
    [
        ("phone", 900014, 0),  # a 3 lime + 1 plum, a reflection over a lime's rim
        ("phone", 900035, 0),  # a 3 banana + 1 strawberry, a banana paled by a reflection
    ],
)
def test_a_clone_card_a_reflection_doubts_is_read_through_it(style, seed, seat) -> None:
    # Tuning scenes of a clone deck (cards mix kinds, told by colour alone): a reflection
    # doubted the card as it came (glare over the face); with its light taken off every
    # symbol shows its print and no clipped core could hide one, so the card is read.
    label, got = read_styled("clone", style, seed, seat)
    assert got.state == State.CARD and got.card == label.card

"""A reflection that clips only part of a place the classic deck prints a symbol at cannot
hide a whole symbol there when the rest of that place is plain face: the symbol's rest would
show as ink (card.py, ``_hidden_fill`` with ``rest_judged``, ``_plain_face``)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import assert_doubted, assert_reads, read_styled


def _rule_off(monkeypatch) -> None:
    """No share of a place on plain face is enough to rule a hidden symbol out; nor is a rest
    level with the face around the clipped core (``_halo_shows_no_print``, which reads the
    scans 4 lime too)."""
    monkeypatch.setattr(card, "T", dataclasses.replace(card.T, rest_plain=2.0))
    monkeypatch.setattr(card, "_halo_shows_no_print", lambda *_: False)


# A small spot beside the middle of a 4 lime clips 0.436 of a lime's shape at the middle
# place (over ``hidden_fill``), while 0.35 of it lies on plain face: no lime hides there.
# Tuning own lamp 2244002: a 4 lime and a 2 banana so spotted.
READ_WITH_A_PLAIN_REST = [
    ("scan", "phone", 313501, 2, "4 lime"),
    ("own", "lamp", 2244002, 4, "4 lime"),
    ("own", "lamp", 2244002, 2, "2 banana"),
]


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "want"), READ_WITH_A_PLAIN_REST)
def test_a_spot_that_clips_part_of_a_place_whose_rest_is_plain_hides_nothing(
    deck, style, seed, seat, want
) -> None:
    assert_reads(deck, style, seed, seat, want)


@pytest.mark.parametrize(("deck", "style", "seed", "seat", "want"), READ_WITH_A_PLAIN_REST)
def test_without_the_rest_judged_the_same_cards_are_doubted(
    monkeypatch, deck, style, seed, seat, want
) -> None:
    _rule_off(monkeypatch)
    assert_doubted(deck, style, seed, seat, want, Doubt.GLARE_OVER_FACE)


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat", "truth"),
    [
        # A 5 banana whose middle banana the spot washed: its place clipped over 0.9.
        ("scan", "lamp", 620016, 1, "5 banana"),
        # A 4 plum whose middle a spot centred there could wash (also in the layout-fit tests).
        ("scan", "cloth", 1142005, 0, "4 plum"),
    ],
)
def test_a_place_clipped_nearly_whole_stays_a_doubt(deck, style, seed, seat, truth) -> None:
    label, reading = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(truth)
    assert reading.state is State.UNKNOWN
    assert reading.doubt is Doubt.GLARE_OVER_FACE


def _face_with_ink_lifted(lift: float) -> np.ndarray:
    """A cream face (darkest channel 120, hue 40) with a lime-coloured square lifted by
    ``lift`` grey levels in every channel, clipped at the sensor's top, as a spot lifts it."""
    img = np.empty((60, 40, 3), np.float32)
    img[:] = (120.0, 150.0, 160.0)  # BGR: cream face
    img += np.random.default_rng(0).normal(0.0, 2.0, img.shape)
    img[20:40, 10:30] = (10.0, 190.0, 120.0)  # BGR: lime green ink
    img[20:40, 10:30] += lift
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("lift", [0.0, 60.0, 120.0, 180.0, 230.0, 245.0])
def test_lifted_ink_is_never_plain_face(lift) -> None:
    img = _face_with_ink_lifted(lift)
    face = np.ones(img.shape[:2], bool)
    face[20:40, 10:30] = False
    plain = card._plain_face_of(img, face, np.zeros(img.shape[:2], bool))
    assert not plain[20:40, 10:30].any()
    assert np.count_nonzero(plain[:15]) > 0.5 * plain[:15].size  # face, less its noise

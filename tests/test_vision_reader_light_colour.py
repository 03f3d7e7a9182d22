"""Symbols a window's light turns to one colour: it clips a lime's print and a banana's to one
pale yellow, between the two kinds, and pales them below the size of one symbol seen alone. On
the classic deck, which prints one kind a card, the shapes of the card's symbols together tell
them (``card._kind_by_the_card_s_shapes``): all ovals are limes, all bent ones bananas. And a
symbol a JPEG's blocks moved between two colours is printed in the ink of the symbols beside it
(``card._kind_of_its_ink``)."""

from __future__ import annotations

import numpy as np
import pytest

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card, load_profile
from halli_pi.vision.reader.outlines import _order
from halli_pi.vision.reader.zone import _warp
from tests.styled_reads import read_styled, said_by


@pytest.mark.parametrize(
    ("seed", "seat", "top"),
    [
        # Tuning style window, Deluxe: five bananas at a=-10 b=34, 0.59 to 0.74 of one
        # symbol's coloured size, on a face clipped all over.
        (316502, 0, "5 banana"),
        # ... and five limes at a=-15 b=53, ovals of 0.77 to 0.81 of one lime.
        (315501, 5, "5 lime"),
    ],
)
def test_symbols_between_lime_and_banana_read_by_their_shapes_together(seed, seat, top) -> None:
    label, got = read_styled("deluxe", "window", seed, seat)
    assert label.card == parse_card(top)
    assert got.state == State.CARD and got.card == label.card


def test_the_shapes_together_are_what_read_them(monkeypatch) -> None:
    # Their colour leaves each between two kinds, and each alone is too small to be told
    # by its own bend: the card's symbols together read them.
    said = said_by(monkeypatch, card, "_kind_by_the_card_s_shapes")
    label, got = read_styled("deluxe", "window", 316502, 0)
    assert got.card == label.card
    assert any(kind is not None and kind.kind == "banana" for kind, _ in said)
    assert not any(kind is not None and kind.kind == "lime" for kind, _ in said)


def _read_on_its_outline(deck: str, style: str, seed: int, seat: int):
    """The card of ``seat`` warped from its true outline and read (an outline the search
    cannot frame yet: a white card on a white face under a window)."""
    scene = bench_scene(deck, seed, 0.15, style)
    label = scene.labels[seat]
    img = _warp(scene.frame, _order(np.asarray(label.corners, np.float32)))
    return label, card.read_card_image(img, load_profile("classic"), strict_edge=True)


def test_bananas_of_a_card_no_outline_frames_yet_read_from_its_true_outline() -> None:
    # Tuning style window, own art: five bananas at a=-12 b=35, 0.54 to 0.68 of one.
    label, got = _read_on_its_outline("own", "window", 1908001, 3)
    assert label.card == parse_card("5 banana")
    assert got.state == State.CARD and got.card == label.card


def test_a_symbol_a_jpeg_moved_between_two_colours_reads_in_its_siblings_ink(monkeypatch) -> None:
    # Tuning style jpeg, scans: a 3 banana, one banana at a=-12 b=51 (between a banana's and
    # a lime's colour), 2.7 from the colour of the two beside it, which touch and read as
    # bananas.
    said = said_by(monkeypatch, card, "_kind_of_its_ink")
    label, got = read_styled("scan", "jpeg", 300500, 5)
    assert label.card == parse_card("3 banana")
    assert got.state == State.CARD and got.card == label.card
    assert any(kind is not None and kind.kind == "banana" for kind, _ in said)

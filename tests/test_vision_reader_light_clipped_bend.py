"""Bananas on a face a window's light clips all over: their colour lies between a lime's and a
banana's, and on such a face every part of it is clipped to the sensor's top, so no reflection
can be told near them. Their shape tells them (bent, their centre in the bend), as it does on
a face lit as usual; a lime stays an oval."""

from __future__ import annotations

import pytest

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, card
from tests.styled_reads import read_styled, said_by


@pytest.mark.parametrize(
    ("seed", "seat", "top"),
    [
        # Tuning style window, scans: bananas at a=-15 b=60, between the two colours, on a
        # face whose 60th percentile is at the sensor's top.
        (1869001, 1, "2 banana"),
        (1869002, 4, "1 banana"),
        (1869002, 5, "5 banana"),
    ],
)
def test_a_banana_on_a_face_clipped_all_over_reads_by_its_bend(seed, seat, top) -> None:
    label, got = read_styled("scan", "window", seed, seat)
    assert label.card == parse_card(top)
    assert got.state == State.CARD and got.card == label.card


def test_the_banana_is_told_by_its_bend_on_the_clipped_face(monkeypatch) -> None:
    # Its colour alone leaves it between two kinds: the shape is what reads it.
    said = said_by(monkeypatch, card, "_kind_by_its_bend")
    label, got = read_styled("scan", "window", 1869001, 1)
    assert got.card == label.card
    assert any(kind is not None and kind.kind == "banana" for kind, _ in said)

"""A reflection clips a card's face far wider than it clips the print: the print lies far below
the face's white. Of the face it clipped, only the part near its core, where its light (from
its falloff, taken as a spot) clips print too, can hide a symbol. A 2 or a 4 whose larger
count's middle place lies in clipped face beyond that reach reads its count, and so does a
clone card; one whose middle place lies within it stays a doubt, as does a Deluxe's silver
5 (``test_vision_reader_glare_fullest``), whose face is too dim to measure the spot by."""

from __future__ import annotations

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt
from tests.styled_reads import read_styled


def test_a_clone_card_under_a_spot_beside_its_middle_reads_the_card() -> None:
    # A spot clips the face between a banana and a strawberry; a second strawberry drawn
    # at the middle in the same light is read.
    label, got = read_styled("clone", "glare", 1685001, 5)
    assert label.card == parse_card("1 banana + 1 strawberry")
    assert got.state == State.CARD and got.card == label.card


def test_a_two_under_a_broad_spot_reads_the_card() -> None:
    # A broad spot clips the face over a 2 lime's middle place; a 3's middle lime drawn
    # there in the same light is read.
    label, got = read_styled("own", "lamp", 1648002, 1)
    assert label.card == parse_card("2 lime")
    assert got.state == State.CARD and got.card == label.card


def test_a_four_under_a_spot_over_its_middle_stays_a_doubt() -> None:
    # The spot's core lies on the middle place itself: a 5's middle lime would clip there.
    label, got = read_styled("own", "glare", 1635007, 2)
    assert label.card == parse_card("4 lime")
    assert got.state == State.UNKNOWN and got.doubt is Doubt.GLARE_OVER_FACE

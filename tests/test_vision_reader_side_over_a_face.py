"""An outline found on edges (a second look's searched or refined one) one of whose sides lies
over a face, on print or on the noise, not on the step down from the face to what is beyond
it: the card goes on past that side, and what the outline holds is a part of a card. Each case
is a tuning scene where the reader claimed a wrong card from such an outline; the reader may
read the top card (through another outline), or doubt, but never claim another card."""

from __future__ import annotations

import pytest

from halli_pi.vision.reader import Doubt, State, outlines
from tests.styled_reads import read_styled


def _read_with_faces_doubted(monkeypatch, deck: str, style: str, seed: int, seat: int):
    """The scene's ``seat`` read as the bench does, and the doubt of every outline found on
    edges and read as a card that was not taken for a side over a face."""
    said: list[Doubt] = []
    check = outlines.side_over_a_face

    def spy(*args, **kwargs):
        got = check(*args, **kwargs)
        if got:
            said.append(Doubt.SIDE_OVER_A_FACE)
        return got

    monkeypatch.setattr(outlines, "side_over_a_face", spy)
    label, got = read_styled(deck, style, seed, seat)
    return label, got, said


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat"),
    [
        # 1 strawberry + 3 lime read 2 lime: a searched outline across the face, turned from
        # the card's, two sides over it.
        ("clone", "dark", 254025, 1),
        # 1 banana + 2 strawberry read 1 banana + 1 strawberry + 2 plum: a searched outline
        # over the top card and the one under it, a side across the top card's face.
        ("clone", "dark", 900003, 4),
        # (Deluxe tilt_hard 900001 seat 0, a 5 banana once read 3 banana from a refined
        # outline with a side between its rows, is now doubted before this check by the
        # count's layout: test_vision_reader_wrongs_blur_layout.py.)
        # 1 banana + 2 plum read 2 plum: a searched outline of the size of smaller cards
        # inside the card, a side across its face under the banana.
        ("clone", "night", 263007, 1),
        # 5 strawberry, read 4 strawberry without the check (fresh tuning seeds): an outline
        # found on edges with a side over the face; the card is read right through another.
        ("deluxe", "night", 950026, 3),
    ],
)
def test_an_outline_with_a_side_over_a_face_is_doubted(monkeypatch, deck, style, seed, seat):
    label, got, said = _read_with_faces_doubted(monkeypatch, deck, style, seed, seat)
    assert got.state != State.CARD or got.card == label.card
    assert Doubt.SIDE_OVER_A_FACE in said


def test_a_dim_five_beside_a_reflection_claims_no_card():
    # Deluxe night 246001 seat 0 (a fresh guard's seeds, 22000): a 5 banana read 4 banana
    # before, from a searched outline of a second look with a side over the face, then doubted
    # so. With the neighbourhood cap beside a reflection the first look finds the whole face
    # and reads the card; no second look searches. Whatever it says, it claims no other card.
    label, got = read_styled("deluxe", "night", 246001, 0)
    assert got.state != State.CARD or got.card == label.card


def test_the_doubt_is_the_reading_when_no_other_outline_reads():
    label, got = read_styled("clone", "dark", 254025, 1)
    assert got.doubt == Doubt.SIDE_OVER_A_FACE


def test_a_false_edge_along_a_jpeg_block_step_claims_no_card():
    # Scan deck, tuning style jpeg, seed 900000 seat 1: a 2 strawberry once read wrong from an
    # outline on a block step; it is doubted now (another card's edge across it), not claimed.
    label, got = read_styled("scan", "jpeg", 900000, 1)
    assert got.state != State.CARD or got.card == label.card


@pytest.mark.parametrize(
    ("deck", "style", "seed", "seat"),
    [
        # Deluxe silver fives over white cards or the table: their faces darker than what
        # lies beyond a side, a step up, not down.
        ("deluxe", "", 1522, 4),
        ("deluxe", "phone", 225507, 0),
        ("deluxe", "rotated", 229507, 3),
    ],
)
def test_a_side_on_a_step_up_to_a_brighter_card_is_the_cards(deck, style, seed, seat):
    label, got = read_styled(deck, style, seed, seat)
    assert got.state == State.CARD and got.card == label.card

"""An outline refined onto edges in low light (the tuning style ``dark``): the loose second
look may move an outline onto a side of the card below and a line across the top card's
face, so that the top card's side runs through it as a seam fainter than the bar every
outline is held to. Each case is a tuning scene where the reader claimed a wrong card; the
reader may read the top card, or doubt, but never claim another card."""

from __future__ import annotations

import pytest

from halli_pi.vision.reader import Doubt, State, zone
from halli_pi.vision.reader.zone import low_light_doubt
from tests.styled_reads import card_doubts, read_styled


def _read_with_low_light_doubts(monkeypatch, seed: int, seat: int):
    """The clone ``dark`` scene's ``seat`` read as the bench does, and the doubts the low
    light checks raised on the way, each with whether its outline was a refined one."""
    said: list[tuple[bool, Doubt | None]] = []

    def spy(*args, **kwargs):
        got = low_light_doubt(*args, **kwargs)
        said.append((bool(kwargs.get("refined", False)), got))
        return got

    monkeypatch.setattr(zone, "low_light_doubt", spy)
    label, got = read_styled("clone", "dark", seed, seat)
    return label, got, said


@pytest.mark.parametrize(
    ("seed", "seat"),
    [
        # 1 banana + 3 strawberry read 1 banana + 1 strawberry + 1 lime, seam 3.97.
        (254005, 3),
    ],
)
def test_a_refined_outline_over_two_cards_is_doubted_for_a_fainter_seam(monkeypatch, seed, seat):
    label, got, said = _read_with_low_light_doubts(monkeypatch, seed, seat)
    assert got.state != State.CARD or got.card == label.card
    assert (True, Doubt.EDGE_ACROSS) in said


def test_the_piece_of_a_cut_symbol_turns_the_read_before_the_seam_is_needed(monkeypatch):
    # Seed 254007 seat 4: a 1 banana + 3 lime read 1 banana + 2 lime on an outline over half
    # the top card and the card under it (seam 3.95), the case the seam bar was made for.
    # Since a piece of a symbol apart from the others counts from a tenth of a symbol
    # (``Tuning.apart_piece_least``), a card read on the way is doubted for such a piece
    # (none was before), and the seat is read right on a searched outline: that refined
    # outline is not claimed.
    label, got = read_styled("clone", "dark", 254007, 4)
    assert got.state == State.CARD and got.card == label.card
    doubts = card_doubts(monkeypatch, "dark", 254007, deck="clone", seat=4)
    assert Doubt.PIECE_APART_FROM_SYMBOLS in doubts


def test_a_first_outline_with_as_faint_a_seam_is_still_read():
    # The same scene's seat 1 reads right through a first outline whose face shows a seam of
    # 3.91: the fainter bar is for refined outlines only.
    label, got = read_styled("clone", "dark", 254005, 1)
    assert got.state == State.CARD and got.card == label.card

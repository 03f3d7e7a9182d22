"""An outline fitted into the white to a size the zone guessed, squatter than a card's, is
doubted (zone._squat_fitted_to_a_guess): each far side is found by itself, within a third of
the guess, and one may stop on an edge across the card's face, framing part of the card."""

from __future__ import annotations

from styled_reads import read_clone, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, zone
from halli_pi.vision.reader.doubts import Doubt


def test_an_outline_over_part_of_a_card_is_not_read_as_a_card() -> None:
    # Tuning style phone_dim, clone deck, seed 2273003 seat 2: no other card read, a second
    # look fitted an outline to the zone's guess of the size on the lower row of a
    # 3 strawberry + 1 plum (its upper row under a lamp's reflection), its short side 0.82
    # of its long one: read 1 strawberry + 1 plum before.
    label, r = read_clone("phone_dim", 2_273_003, 2)
    assert label.card == parse_card("3 strawberry + 1 plum")
    assert r.state != State.CARD, f"claimed {r.card}"
    assert r.doubt is Doubt.SQUAT_FITTED_OUTLINE


def test_a_whole_card_fitted_to_the_zone_s_guess_is_still_read(monkeypatch) -> None:
    # Tuning style phone_dim, clone deck, seed 2273011 seat 0: a 1 lime + 2 plum outlined by a
    # fit to the zone's guess of the size, with a card's proportions (0.67): still read.
    squat = said_by(monkeypatch, zone, "_squat_fitted_to_a_guess")
    label, r = read_clone("phone_dim", 2_273_011, 0)
    assert label.card == parse_card("1 lime + 2 plum")
    assert r.state == State.CARD and r.card == label.card
    assert squat and not any(squat)

"""A card read with a reflection on its face is seen again with the reflection's light taken
off (card._pale_middle_through_the_reflection): pale print where a middle symbol would be,
there, is a middle symbol the reflection lifted past the checks on the card as it came."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import State
from halli_pi.vision.reader.doubts import Doubt


def test_a_middle_plum_lifted_brighter_than_a_dim_face_is_not_lost(monkeypatch) -> None:
    # Tuning style night, clone deck, seed 279007 seat 3: a lamp's reflection lifted the
    # middle plum to a pale lilac disc brighter than the dim face; its rim's pale piece lay
    # just beyond the middle's reach. Read 1 banana + 1 plum before.
    label, r = read_clone("night", 279_007, 3)
    assert label.card == parse_card("1 banana + 2 plum")
    assert r.state != State.CARD, f"claimed {r.card}"
    doubts = card_doubts(monkeypatch, "night", 279_007, seat=3)
    assert Doubt.PALE_MIDDLE_THROUGH_THE_REFLECTION in doubts

"""A wrong count under a lamp: a reflection over a clone card's corner washed a banana to
pale pieces, too small to be doubted anywhere on the face, and its partner across the
centre stood alone. Pale print where a symbol's partner would be is that partner
(``card._pale_print_at_a_partner_s_place``)."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card
from halli_pi.vision.reader.doubts import Doubt


def test_a_banana_washed_out_at_its_partner_s_place_is_a_doubt(monkeypatch) -> None:
    # Clone, style lamp, seed 1229002, seat 4: a 3 banana + 1 lime, the banana at its fourth
    # corner washed to pale pieces of 0.29 to 0.36 of a banana, read 2 banana + 1 lime.
    label, got = read_clone("lamp", 1229002, 4)
    assert label.card == parse_card("3 banana + 1 lime")
    assert got.card is None
    doubts = card_doubts(monkeypatch, "lamp", 1229002, seat=4)
    assert Doubt.PALE_PRINT_AT_A_PARTNER_S_PLACE in doubts


def test_a_card_read_on_a_face_lit_to_the_top_with_every_partner_still_reads(
    monkeypatch,
) -> None:
    # Clone, style lamp, seed 1229004, seat 2: a 2 banana + 1 lime on a face lit to the
    # sensor's top; the check runs on it and finds no pale print at a partner's place.
    said: list[tuple[bool, Doubt | None]] = []  # (the face lit to the top, the doubt)
    check = card._pale_print_at_a_partner_s_place

    def spy(c):
        said.append((c.clipped, check(c)))
        return said[-1][1]

    monkeypatch.setattr(
        card,
        "TOGETHER_CHECKS",
        tuple(spy if f is check else f for f in card.TOGETHER_CHECKS),
    )
    label, got = read_clone("lamp", 1229004, 2)
    assert got.card == label.card == parse_card("2 banana + 1 lime")
    assert any(clipped for clipped, _ in said)
    assert all(doubt is None for _, doubt in said)

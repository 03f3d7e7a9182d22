"""Wrong cards on clone decks, each closed by a doubt true of the picture: a searched outline
over half of the top card and half of the card under it, one side excused under a face lit
to the top, cutting a banana's tip."""

from __future__ import annotations

from styled_reads import card_doubts, read_clone, read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader.doubts import Doubt


def test_print_cut_by_a_side_a_reflection_excused_is_not_a_wrong_card() -> None:
    # Clone, style window, seed 1218003, seat 4: a searched outline over the left half of a
    # 1 banana + 3 plum and the upper half of the card under it once read 1 lime + 3 plum (its
    # side across the top card's face, lit to the sensor's top, excused as lying under a
    # reflection, cutting the banana's tip); it was closed by the card's doubts of that
    # outline. The table's clipped bananas now read by their unclipped print's hue
    # (``card._one_kind_turned_apart_by_clipping``), so the zone reads the whole card before
    # any search and the half outline is not looked at: the right card, never the wrong one.
    label, got = read_clone("window", 1218003, 4)
    assert label.card == parse_card("1 banana + 3 plum")
    assert got.card == label.card


def test_cards_on_the_same_table_still_read() -> None:
    # The same scene's other cards in full view read as before.
    label, got = read_clone("window", 1218003, 5)
    assert got.card == label.card == parse_card("2 lime + 1 plum")


def test_a_searched_card_with_a_short_run_of_table_on_its_edge_still_reads() -> None:
    # Clone, style window, seed 995000, seat 4: read on a searched outline with a side
    # excused under the reflection; a plum-coloured run of 0.0012 of the card lies along its
    # left side, less than a cut symbol's piece.
    label, got = read_clone("window", 995000, 4)
    assert got.card == label.card == parse_card("3 strawberry + 1 lime")


def test_colour_blurred_in_from_beyond_a_true_side_is_no_cut_symbol() -> None:
    # Deluxe, style window, seed 995004, seat 0: a 5 banana read on a searched outline with
    # a side excused under the reflection; a plum of the card under it, beyond the side,
    # tints the border band along it, with no dark rim inside the card: still read.
    label, got = read_styled("deluxe", "window", 995004, 0)
    assert got.card == label.card == parse_card("5 banana")


def test_a_corner_symbol_without_its_partner_on_an_outline_off_the_card_is_a_doubt(
    monkeypatch,
) -> None:
    # Clone, style night, seed 2202000, seat 2: a 3 strawberry + 1 lime, the lime at a 4's
    # corner paled by a lamp's reflection and not read. A searched outline with a side
    # excused under that reflection sits 0.12 of the card's width in from its side, which
    # brings the lone strawberry's mirror image to 0.333 of another: it was read 3
    # strawberry. That strawberry has no partner (``Tuning.partner_missing_gap``).
    label, got = read_clone("night", 2202000, 2)
    assert label.card == parse_card("3 strawberry + 1 lime")
    assert got.card is None
    assert Doubt.SYMBOL_WITHOUT_PARTNER in card_doubts(monkeypatch, "night", 2202000, "clone", 2)

"""A wrong count under blur: an outline over the top part of a blurred 5 held two of its
corners and its middle, one symbol blurred larger than a single one, and read a 3. Each blob
counted as one symbol must take a place of its own of the count's printed layout, whatever
its size (``_singles_off_the_count_s_layout``)."""

from __future__ import annotations

from styled_reads import read_styled, said_by

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card, outlines
from halli_pi.vision.reader.doubts import Doubt


def test_the_top_part_of_a_blurred_five_is_not_read_as_a_three(monkeypatch) -> None:
    # Scans, style blur, seed 294002, seat 1: symbols at (0.39, 0.43), (0.38, 0.78) and
    # (0.82, 0.58) of the outline, counted 3 strawberry; a 3's diagonal holds none of the last
    # two within the layout's slack, nor does its mirror image.
    label, got = read_styled("scan", "blur", 294002, 1)
    assert label.card == parse_card("5 strawberry")
    # The whole five, white in part, is framed on its four sides and read
    # (``outlines._one_grey_face_in_part_white``); without that judgement of its face, the
    # top part's three symbols are no card.
    assert got.card == label.card
    monkeypatch.setattr(outlines, "_one_grey_face_in_part_white", lambda *a: False)
    said = said_by(monkeypatch, card, "_singles_off_the_count_s_layout")
    _, got = read_styled("scan", "blur", 294002, 1)
    assert got.card is None
    assert Doubt.OFF_THE_PRINT_LAYOUT in said


def test_the_same_table_in_the_own_art_still_reads_its_five() -> None:
    # The same scene drawn in the project's own art: the whole 5 is found and read.
    label, got = read_styled("own", "blur", 294002, 1)
    assert label.card == parse_card("5 strawberry")
    assert got.card == parse_card("5 strawberry")


def test_an_outline_on_the_card_under_a_five_is_doubted_by_the_threes_layout(monkeypatch) -> None:
    # Deluxe, style tilt_hard, seed 900001, seat 0: a refined outline on the card under a 5
    # banana, turned 90 degrees, one side between the top card's rows, held three bananas
    # off a 3's diagonal (read 3 banana before an outline's side over a face was doubted).
    # The layout now doubts it first, and the 5 is read through another outline.
    said = said_by(monkeypatch, card, "_singles_off_the_count_s_layout")
    label, got = read_styled("deluxe", "tilt_hard", 900001, 0)
    assert label.card == parse_card("5 banana")
    assert got.card == parse_card("5 banana")
    assert Doubt.OFF_THE_PRINT_LAYOUT in said

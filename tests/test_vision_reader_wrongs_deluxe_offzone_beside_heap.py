"""A Deluxe pile pushed off its zone: a covered silver five lay whole on the table beside the
pile, its white a few pixels from the heap at the zone's middle, whose top card's white ran
into the card under it (no outline of its own). The five, the one clean outline in the zone,
was read for the pile. It touches the heap along little of its sides, and the heap spreads
over more than a card: it lies beside the pile, not over it, and is not claimed
(``policy._beside_the_heap_at_the_middle``)."""

from __future__ import annotations

from styled_reads import assert_doubted, assert_reads

from halli_pi.vision.reader.doubts import Doubt

SEED = 2151009


def test_a_whole_card_beside_the_heap_at_the_middle_is_not_claimed() -> None:
    # Deluxe, style offzone, seed 2151009, seat 0: the pile's 5 banana over a card whose
    # white it runs into, at the zone's middle; a 5 strawberry whole beside it, 0.78 widths
    # off the middle, its sides against the heap's white along 0.11 of them, read 5 strawberry.
    assert_doubted("deluxe", "offzone", SEED, 0, "5 banana", Doubt.ALONE_BESIDE_A_HEAP)


def test_the_same_table_s_cards_still_read() -> None:
    # The scene's other piles read as before, a silver five among them.
    assert_reads("deluxe", "offzone", SEED, 1, "4 banana")
    assert_reads("deluxe", "offzone", SEED, 4, "5 banana")


def test_a_top_card_over_the_heap_at_the_middle_still_reads() -> None:
    # Deluxe, style offzone, seed 2214008, seat 5: a 2 plum on top 0.87 widths off its middle,
    # a heap of covered cards at the middle, their white against its sides along 0.40 of
    # them: it lies over them.
    assert_reads("deluxe", "offzone", 2214008, 5, "2 plum")


def test_a_top_card_touching_a_small_heap_little_still_reads() -> None:
    # Clone, style offzone, seed 2151110, seat 2: a 1 banana + 2 lime on top 0.96 widths off,
    # over covered cards at the middle that touch its sides along 0.19 of them, spread over
    # 1.08 of a card; scans, seed 2214102, seat 2: a 2 banana over the corner of a lone 1
    # lime at the middle, 0.11 of its sides, the lime spread over 1.00. No more than a card
    # at the middle: no top card of its own there.
    assert_reads("clone", "offzone", 2151110, 2, "1 banana + 2 lime")
    assert_reads("scan", "offzone", 2214102, 2, "2 banana")

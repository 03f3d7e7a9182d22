"""Every reason the Hawaiki reader gives for not ruling on a face, as a named value.

A pile the reader will not rule on carries one doubt: one of the Halli Galli reader's
``Doubt`` values where the reason is the same (an arm over the pile, no whole card, glare, a
card's edge across the face), else a ``HawaikiDoubt`` below, about the pips and their colour.
Tests and the page test doubts by name, never by text. The checks that raise them run in one
fixed order, listed in ``reader.FACE_CHECKS``.
"""

from __future__ import annotations

from enum import StrEnum

from halli_pi.vision.reader.doubts import Doubt


class HawaikiDoubt(StrEnum):
    NO_PIPS = "no pips on the card"
    PIP_CUT_BY_OUTLINE = "a pip cut by the outline"
    PIPS_OFF_CENTRE = "pips off-centre: not a whole card's outline"
    COLOUR_BETWEEN = "a pip's colour between two colours"
    PIPS_OF_TWO_COLOURS = "pips of two colours"
    ANIMAL_DISAGREES = "the animal is another colour's"
    PIP_SIZE_OFF = "a pip of an odd size"
    TOO_MANY_PIPS = "more pips than a value"
    PIPS_OFF_LAYOUT = "the pips do not lie where the deck prints that value"
    PIP_IN_DARK_INK = "a pip run together with unprinted dark ink"
    UNTAUGHT_DECK = "this deck is not taught: run `halli-pi teach --hawaiki`"

    def said(self, detail: str = "") -> str:
        """The reason as a person reads it: the doubt, and what was seen."""
        return f"{self.value}: {detail}" if detail else self.value


AnyDoubt = Doubt | HawaikiDoubt

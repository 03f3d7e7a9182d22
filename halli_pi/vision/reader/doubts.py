"""Every reason the reader gives for not ruling on what it sees, as a named value.

A reading that is not a card carries one ``Doubt`` (``Reading.doubt``); its text is what the
reading's ``why`` starts with (a detail may follow, after a colon). Tests and the page test
doubts by name, never by text. The order of the checks that raise them is in ``symbols``
(a card's print) and ``zone`` (a pile).
"""

from __future__ import annotations

from enum import StrEnum


class Doubt(StrEnum):
    # -- the pile (zone.py) ------------------------------------------------------------------
    ZONE_OUTSIDE_IMAGE = "zone outside the image"
    ARM_OVER_EMPTY_ZONE = "no card; an arm"
    SKIN_OVER_PILE = "no whole card; skin"
    ARM_OVER_PILE = "an arm"
    ARM_AND_STRAYED_CARD = "an arm over the pile"  # the card in view may have strayed
    NO_WHOLE_CARD = "card white but no whole card"
    # Card faces fill the read area, so no white stands out from a table (arms.py).
    FACES_WITHOUT_WHITE = "card faces fill the view: no card white against the table"
    TWO_CARDS_EITHER_ON_TOP = "two cards, either on top"
    CARD_SIZE_OFF = "card size off"  # much smaller or larger than the table's other cards
    LOST_IN_NOISE = "too little light: the print is lost in the camera's noise"
    # -- a card found without a layout (policy.py) -----------------------------------------
    OUT_OF_IMAGE = "a card running out of the image"  # a corner on the image's border
    ANOTHER_CARD_OVER_IT = "another card's outline over its outline"  # it may be covered
    # -- the card's face (symbols.py, in this order) -----------------------------------------
    NO_WHITE_ON_CARD = "no white on the card"
    GLARE_OVER_FACE = "glare over the face"
    GLARE_AGAINST_SYMBOL = "glare against a symbol"
    EDGE_ACROSS = "another card's edge across it"
    BLANK_CARD = "a blank card"
    # -- each symbol -------------------------------------------------------------------------
    FITTED_OUTLINE_CUTS_SHAPE = "a fitted outline cuts a shape"
    COLOURED_PIECE_ON_EDGE = "a coloured piece on the card's edge"
    DARK_OVER_EDGE = "something dark over the card's edge"
    DARK_SHAPE = "a dark or grey shape"
    COLOURS_OVER_EDGE = "colours running over the card's edge"
    COLOUR_BETWEEN_KINDS = "colour between kinds"
    THING_OVER_EDGE = "something over the card's edge"
    SYMBOL_CUT_BY_OUTLINE = "a symbol cut by the outline"
    # -- the symbols together ----------------------------------------------------------------
    SYMBOLS_OFF_CENTRE = "symbols off-centre: not a whole card's outline"
    UNTAUGHT_DECK = "this deck is not taught: run `halli-pi teach`"
    MOST_SYMBOLS_ON_EDGE = "most symbols on the outline's edge"
    SYMBOL_WITHOUT_PARTNER = "a symbol without its partner across the centre: one is not seen"
    PALE_MIDDLE = "pale print where a middle symbol would be: a reflection may have washed it out"
    # -- counting ----------------------------------------------------------------------------
    LARGE_BLOB_CUT = "a large blob cut by the outline"
    SYMBOL_SMALLER_THAN_OTHERS = "a symbol smaller than the others"
    OFF_SIZE_ON_FITTED_OUTLINE = "a symbol of an odd size on a fitted outline"
    BLOB_BETWEEN_COUNTS = "a blob between counts"
    COMPACT_SYMBOL_SIZE_OF_TWO = "one compact symbol the size of several"
    SEVERAL_KINDS_ON_ONE_KIND_DECK = "several kinds, on a deck whose cards show one"
    NO_COUNTABLE_SYMBOLS = "no countable symbols"
    # -- added later (kept at the end: values are compared by name, listed in order) ---------
    OFF_THE_PRINT_LAYOUT = "symbols off the places the deck prints them: part of a card, or two"
    NO_SINGLE_TO_MEASURE_BY = "symbols that touch, and no single one on the card to measure them by"
    # -- low light (zone.py) -------------------------------------------------------------
    # A stretch of the outline over the table beside the card (its side lost in the noise).
    SIDE_OFF_THE_CARD = "an outline's side off the card, in the dark: not a whole card's outline"
    # -- where the card lies in its zone (policy.py) -----------------------------------------
    CARD_OFF_THE_PILE = "a card off the pile's place: the zone's middle lies beyond it"
    # A card framed off the zone's middle by a second look, another card's side within it.
    SIDE_WITHIN_IT = "another card's side within the outline: it may lie under that card"
    # Off the zone's middle, another whole card against the one read: a covered card nearly
    # whole in view beside the top card looks as whole as the top card.
    WHOLE_CARD_BESIDE_IT = (
        "another whole card beside it, off the zone's middle: which is on top is not clear"
    )
    # -- counting against the deck (card.py) -------------------------------------------------
    # More symbols than any card of the deck shows (the classic deck: five at most).
    MORE_THAN_THE_DECK_PRINTS = "more symbols than the deck prints on a card"
    # -- a card found without a layout, at the frame's resolution (search.py) ---------------
    # Another card's corner a few pixels over one of its sides: it may lie under that card.
    CORNER_OVER_A_SIDE = "another card's corner over a side: it may lie under that card"
    # -- a card found without a layout: another card's corner at a side (search.py) ----------
    # Another card's corner a pixel or two over a side, or just at it: which is on top is
    # not clear.
    CORNER_AT_A_SIDE = "another card's corner at a side: which card is on top is not clear"
    # -- a middle symbol's faint rim inside a reflection (card.py) ---------------------------
    # A flat reflection on a bright face washed the middle symbol to a faint rim, seen only
    # as a thin dip in the darkest channel where the reflection clips the face around it.
    FAINT_RIM_IN_A_REFLECTION = (
        "a faint rim inside a reflection where a middle symbol would be: it may be washed out"
    )
    # -- a lamp's spot over the middle place of a pair as far apart as a 3's corners --------
    # The face clipped over the whole middle place and both symbols brightening towards it:
    # a spot there may have washed a 3's middle symbol away whole.
    SPOT_OVER_THE_MIDDLE = (
        "a reflection over the middle place lifts both symbols towards it: a middle symbol"
        " may be washed out"
    )
    # On a clone deck, whose 2 is printed nearer than a 3's corners, a pair as far apart as
    # those, the face clipped over the whole middle place (or, on the card's centre, clipped
    # or print no symbol read): a 3's middle may be washed away.
    CLIPPED_MIDDLE_OF_A_WIDE_PAIR = (
        "a pair as far apart as a 3's corners, the face clipped over the middle place: a"
        " middle symbol may be washed out"
    )
    # -- a symbol's print seen only in its darkest channel under a reflection (card.py) ------
    # A reflection lifted a symbol's print to the top in its brighter channels: only its
    # darkest channel still shows it, a shallow patch darker than the clipped face around it.
    PRINT_IN_THE_DARKEST_CHANNEL = (
        "print seen only in its darkest channel under a reflection: a symbol may be washed out"
    )

    # -- a card found without a layout: another card's side over a corner (search.py) -------
    # Another card's side runs across a corner, or into the card near one, a few pixels deep:
    # that card lies over this one's corner.
    SIDE_ACROSS_A_CORNER = "another card's side across a corner: it may lie over this card"

    # -- symbols that touch, counted by the profile alone (card.py) --------------------------
    # A blob counted as several symbols that touch shows fewer lobes than symbols: its size,
    # not its shape, made the count (a hard compression bleeds two bananas to the size of
    # three, or shrinks the single one they are measured by). Decks printed off the classic
    # layout only.
    FEWER_LOBES_THAN_SYMBOLS = "a blob counted as symbols that touch shows fewer of them"
    # ... and a blob shaped like symbols that touch, counted as one, wears into two like
    # lobes: two symbols a shadow darkened, measured together as one (card.py,
    # ``_two_lobes_counted_as_one``).
    TWO_LOBES_COUNTED_AS_ONE = "a blob counted as one symbol wears into two like lobes"

    # -- symbols that touch, counted against other kinds (card.py) ---------------------------
    # A blob counted as several symbols that touch by the profile alone is counted again
    # against the card's single symbols of other kinds (one scale a card): the counts differ.
    COUNT_UNLIKE_OTHER_KINDS = "symbols that touch, counted otherwise by the other kinds' size"

    # -- a long symbol's spine (card.py, ``_spine_shorter_than_symbols``)
    SPINE_SHORTER_THAN_SYMBOLS = "long symbols that touch, with the spine of fewer"

    # -- two pairs of symbols that touch, not laid out as printed (card.py) ------------------
    PAIRS_NOT_EACH_OTHERS_TURN = "two pairs of symbols that touch, not each other's turn"

    # -- a card found without a layout: another card's side through a corner (search.py) -----
    # A straight edge passes through a corner of the outline and runs on past it, with a
    # card's face beyond it: the outline's corner is where another card's side cuts this card,
    # which may lie under it (its tip, or the rest of it, hidden).
    SIDE_THROUGH_A_CORNER = "another card's side through a corner: it may lie over this card"

    # -- a 3 or a 5 read as a 2 or a 4: its middle symbol lost (card.py) -------------------
    # Print of the card's own kind at the middle place, where a 3 or a 5 prints its middle
    # symbol, that the blob search did not read as a symbol.
    KIND_COLOUR_AT_THE_MIDDLE = "print of the symbols' colour at the middle: a middle symbol lost"

    # -- a middle symbol a reflection paled (card.py, ``_print_under_a_reflection_at_the_middle``)
    PRINT_UNDER_A_REFLECTION_AT_THE_MIDDLE = (
        "print under a reflection at the middle: a middle symbol lost"
    )

    # -- a card found without a layout: another card's corner inside its outline (search.py) --
    # Two straight edges meet at a card's angle inside the outline, each running out to its
    # side: another card's corner lies over this card, which is not whole in view.
    CORNER_INSIDE_THE_OUTLINE = "another card's corner inside the outline: it lies over this card"

    # -- no card white, and something brighter than the table in the zone (zone.py) ---------
    # What is unlike the table is brighter than it and lies within the read area: no arm is
    # seen come from outside it, so the zone is not "no card; an arm". Most often a card
    # whose white was not found (a dim view, a lamp's reflection).
    BRIGHT_WITHIN_NO_ARM_SEEN = (
        "no card white, but something brighter than the table within the read area,"
        " and no arm seen come from outside it"
    )

    # -- a printed place under the reflection that excused a side of a searched outline
    # (card.py, ``_printed_place_under_the_excused_reflection``) ------------------------------
    # The outline was found with a side let lie on no edge under a lamp's reflection: a
    # place the deck prints a symbol at lies under that reflection with no symbol read on it,
    # where the reflection may have washed out a symbol with the side (a 4 read as a 3).
    PRINTED_PLACE_UNDER_EXCUSED_REFLECTION = (
        "a printed place bare under the reflection that excused the outline's side:"
        " a symbol there may be washed out"
    )

    # -- a shallow patch at the middle place inside a clipped face (card.py,
    # ``_shallow_patch_at_the_middle``) -------------------------------------------------------
    # A reflection clipped the face over the middle place in every channel but for a soft
    # patch there in the darkest channel: what it left of a 3's or a 5's middle symbol.
    SHALLOW_PATCH_AT_THE_MIDDLE = (
        "a shallow patch in the darkest channel at the middle, inside a clipped reflection:"
        " a middle symbol may be washed out"
    )

    # -- a coloured piece apart from every symbol (card.py, ``_piece_apart_from_symbols``) ----
    # A piece of a kind's colour too small for a symbol, far from every symbol: no leaf or
    # stem, which grow from their symbol, but part of a symbol another card or the outline
    # cut, which the count would leave out.
    PIECE_APART_FROM_SYMBOLS = "a coloured piece apart from every symbol: part of a cut symbol"

    # -- long symbols turned apart (card.py, ``_long_symbols_turned_apart``) ------------------
    # The classic deck draws a card's symbols the same way round: long symbols (bananas)
    # turned well apart are two cards' symbols in one outline.
    LONG_SYMBOLS_TURNED_APART = "long symbols turned apart: symbols of two cards in one outline"

    # -- a side of an outline found on edges where a clipped reflection ends (outlines.py,
    # ``_reflection_beyond_a_side``) ------------------------------------------------------------
    # Beyond one side of a searched or refined outline the view is clipped to the sensor's
    # top over most of the side: the side may be the reflection's sharp edge across the face,
    # and the card go on under the reflection (a part of a card read as a whole one).
    REFLECTION_BEYOND_A_SIDE = "a clipped reflection beyond a side: the card may go on under it"

    # -- no card white, and what is unlike the table within the read area (zone.py) -------
    # Something unlike the table lies in the zone, but none of it (a thick region) comes from
    # outside the read area as an arm does: not "no card; an arm". Most often a card on a pale
    # table lit to the sensor's top, its white not told from the clipped table.
    UNLIKE_TABLE_NO_ARM_SEEN = (
        "no card white; something unlike the table, but no arm seen come from outside"
    )

    # -- a washed piece measured with its pale rest, its print of another hue (card.py,
    # ``_print_hue_unlike``) ---------------------------------------------------------------
    # A piece of print beside a reflection, classified by its washed colour, shows through the
    # reflection a hue far from its kind's: the reflection's light turned its colour (a
    # strawberry washed to lilac, read as a plum).
    PALE_REST_OF_ANOTHER_HUE = (
        "a washed piece whose print, seen through the reflection, is of another kind's hue"
    )

    # -- a squat outline with an arm in the zone (zone.py, ``_squat_beside_an_arm``) --------
    # The outline is squatter than a card's and an arm comes into the zone: the arm's
    # straight edge may have cut the card's white short (part of a card read as a whole one).
    ARM_ACROSS_A_SQUAT_OUTLINE = "a squat outline beside an arm: the arm may cut the card short"
    # ... and an outline fitted to a size guessed loosely (the zone's) is squatter than a
    # card's: one of its sides may have stopped on an edge across the card's face
    # (``_squat_fitted_to_a_guess``; part of a card read as a whole one). Raised once every
    # zone is read, where no other card was (``policy.part_fitted_to_a_guess``).
    SQUAT_FITTED_OUTLINE = (
        "an outline fitted to a guessed size is squat: it may frame part of a card"
    )

    # -- a side of an outline found on edges over a face (outlines.py, ``side_over_a_face``)
    # One side of a searched or refined outline lies on no step down from the face to what
    # is beyond it: it runs over a face, on print or noise, and the card goes on past it.
    # Such an outline is passed over; said when the search then reads no other.
    SIDE_OVER_A_FACE = "an outline's side over a face, on no edge: the card may go on past it"

    # -- a symbol whose colour names one kind, its print through the reflection another
    # (card.py, ``_hue_of_the_other_kind``) --------------------------------------------------
    # A reflection beside a symbol turned its colour to the next kind's (a washed banana
    # leans to lime green): seen through the reflection, its print is of the other kind's
    # hue of the two its colour lies between.
    HUE_OF_THE_OTHER_KIND = (
        "a symbol beside a reflection whose print, seen through it, is of the other kind's hue"
    )

    # -- a blob shaped like several, measured by the other kinds (card.py,
    # ``_several_large_by_other_kinds``) ------------------------------------------------------
    # A blob shaped like symbols that touch, counted as one by its kind's size, measures more
    # than one of the card's single symbols of other kinds: two of its kind, one paled.
    SEVERAL_LARGE_BY_OTHER_KINDS = (
        "a blob shaped like symbols that touch, larger than one by the other kinds' size"
    )

    # -- a card read with a reflection on it, seen with the reflection's light taken off
    # (card.py, ``_pale_middle_through_the_reflection``) -------------------------------------
    PALE_MIDDLE_THROUGH_THE_REFLECTION = (
        "pale print at the middle, seen through the reflection: a middle symbol may be washed out"
    )

    # -- a symbol between two colours read by its unwashed part, whose pixels name several
    # kinds (card.py, ``_unwashed_part_of_several_hues``) ----------------------------------
    # The most coloured part of a symbol a reflection paled splits between kinds (a
    # strawberry's red and its green leaf): their median is a colour between them, not the
    # print's.
    UNWASHED_PART_OF_SEVERAL_HUES = (
        "a washed symbol whose most coloured part names several kinds: its colour is between them"
    )

    # -- two whole cards apart in the zone, as clean outlines as each other, read as
    # different cards (zone.py, ``_another_whole_card_alike``) ------------------------------
    # Either may be the pile's top card: a covered card strayed out whole beside it.
    WHOLE_CARDS_ALIKE_IN_ZONE = "two whole cards alike in the zone: either may be the pile's"

    # -- two symbols near each other, a 3's middle and corner, its other corner under a
    # reflection (card.py, ``_glare_over_a_corner_of_three``) ------------------------------
    GLARE_OVER_A_CORNER_OF_THREE = (
        "two symbols nearer than a 2 prints them, a 3's other corner under a reflection"
    )

    # -- a card read with no reflection judged on it, clipped over its centre, seen with the
    # reflection's light taken off (card.py, ``_pale_middle_under_a_clipped_centre``) ---------
    PALE_MIDDLE_UNDER_A_CLIPPED_CENTRE = (
        "pale print at a centre clipped by a reflection: a middle symbol may be washed out"
    )

    # -- a grey shape lit far above the face over the centre of a card read under a veil
    # (card.py, ``_lit_shape_over_the_middle``) -------------------------------------------
    LIT_SHAPE_OVER_A_VEILED_CARD = (
        "a lit grey shape over the card's centre to its edge: no veil, something over the card"
    )

    # -- a whole outline whose corner lies on another card's white (zone.py,
    # ``_corner_under_another_card``) -------------------------------------------------------
    # A card over that corner is the pile's top card: the outline is the card under it.
    CORNER_UNDER_ANOTHER_CARD = "a corner of the outline under another card's white"
    # -- a whole outline whose side lies on another card's white (zone.py,
    # ``_side_under_another_card``) ---------------------------------------------------------
    # A card over that side is the pile's top card: the outline is the card under it.
    SIDE_UNDER_ANOTHER_CARD = "a side of the outline under another card's white"

    # -- pale print at the place of a symbol's partner across the centre, on a face lit to
    # the top (card.py, ``_pale_print_at_a_partner_s_place``) ------------------------------
    PALE_PRINT_AT_A_PARTNER_S_PLACE = (
        "pale print where a symbol's partner would be: a reflection may have washed it out"
    )

    # -- one of a 3's corners a reflection washed in part, its centre off its place, that
    # fixed the one layout a count under the reflection was read by (card.py,
    # ``_one_of_a_pair_washed_in_part``) ------------------------------------------------------
    WASHED_CORNER_OF_A_PAIR = (
        "one of a pair washed in part by a reflection: a 2, or a 3 whose middle it hides"
    )

    # -- a card a second look framed at a size known loosely (the zone's guess, with no card
    # read elsewhere to say it, or one card's perspective), smaller than the cards read since
    # (policy.py, ``_smaller_than_the_others``) ---------------------------------------------
    # The outline may frame part of the card, a side across its face.
    SMALLER_THAN_THE_OTHERS_AT_A_GUESSED_SIZE = (
        "framed at a loosely guessed size, smaller than the other cards: part of a card"
    )

    # -- a whole outline beside the zone's middle, another whole card over it (zone.py,
    # ``_another_whole_card_at_the_middle``) -------------------------------------------------
    # The one read may be a covered card fanned out whole beside the pile.
    WHOLE_CARD_AT_THE_MIDDLE = (
        "another whole card over the zone's middle: either may be the pile's top card"
    )

    # -- a card well off the zone's middle, the middle on a heap of cards another pile's card
    # lies against (policy.py, ``_beside_a_heap_under_another_card``) -------------------------
    # That card may hide the pile's top card: the one read may be the pile's bottom card.
    HEAP_AT_THE_MIDDLE_UNDER_ANOTHER_CARD = (
        "a heap of cards at the zone's middle, against another pile's card: the top card may lie"
        " under it"
    )

    # -- a card far off the zone's middle, alone on the table, a heap of cards beside it
    # (policy.py, ``_alone_beside_a_heap``) --------------------------------------------------
    # The heap is the pile: its top card was not found, and the one read strayed from it.
    ALONE_BESIDE_A_HEAP = "a lone card far off the zone's middle, a heap of cards beside it"

    # -- a card off the zone's middle over covered cards, another card's white over them
    # apart from it (policy.py, ``_another_card_on_the_same_heap``) ----------------------------
    # Neither lies over the other: either may be the pile's top card.
    ANOTHER_CARD_ON_THE_SAME_HEAP = (
        "a card off the zone's middle, another card over the same covered cards beside it"
    )

    # -- a side of a first look's outline across the white it holds (zone.py,
    # ``outlines.side_across_its_white``) ------------------------------------------------------
    # The outline is a covered card's: its side runs on no edge across the top card's face.
    SIDE_ACROSS_ITS_WHITE = "a side of the outline across the card's white, on no edge"

    # -- pale pieces of a kind's hue at the middle, measured together, under a reflection
    # only the darkest channel shows (card.py,
    # ``_torn_middle_under_a_reflection_in_the_darkest_channel``) -------------------------
    # The reflection may have torn a middle symbol into pieces each too small to tell.
    TORN_MIDDLE_UNDER_A_REFLECTION = (
        "pale pieces of a kind's hue at the middle, under a reflection: a middle symbol may be"
        " washed out"
    )

    # -- a card the look in the table's plane read, whose face on the frame as it is reads
    # another card (policy.py, ``_plane_face_as_it_is``) -------------------------------------
    FACE_AS_IT_IS_READS_OTHERWISE = (
        "the card read in the table's plane reads otherwise on the frame as it is"
    )

    # -- a washed piece on the outline's edge taken for a layout's last symbol (card.py,
    # ``_washed_piece_past_the_print``) --------------------------------------------------------
    # It lies where the deck prints no symbol: another card's print the outline took in.
    WASHED_PIECE_PAST_THE_PRINT = (
        "a washed piece on the outline's edge, past where the deck prints symbols: another"
        " card's print, not a symbol's rest"
    )

    def said(self, detail: str = "") -> str:
        """The reason as a person reads it: the doubt, and what was seen."""
        return f"{self.value}: {detail}" if detail else self.value


# Doubts that mean something may lie over the pile or the card: ``occluded`` when an arm is
# seen over the pile, else ``unknown`` (a reading the reader will not make).
OVER_THE_PILE = frozenset(
    {
        Doubt.ARM_OVER_EMPTY_ZONE,
        Doubt.SKIN_OVER_PILE,
        Doubt.ARM_OVER_PILE,
        Doubt.ARM_AND_STRAYED_CARD,
        Doubt.ARM_ACROSS_A_SQUAT_OUTLINE,
        Doubt.DARK_OVER_EDGE,
        Doubt.COLOURS_OVER_EDGE,
        Doubt.THING_OVER_EDGE,
    }
)

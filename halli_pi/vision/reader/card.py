"""One upright card: what its symbols add up to, or the doubt that stops a ruling.

The checks run in a fixed order, each a small function that returns a ``Doubt`` (or None):
first on the face as a whole (``FACE_CHECKS``), then on each symbol as it is classified
(``SYMBOL_CHECKS``), then on the symbols together (``TOGETHER_CHECKS``), then while counting
(``COUNT_CHECKS``). A new doubt is one more function in one of these lists.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import cv2
import numpy as np

from halli_pi.cards import Card, make_card
from halli_pi.vision.outline import brightest, darkest_channel
from halli_pi.vision.reader.doubts import OVER_THE_PILE, Doubt
from halli_pi.vision.reader.light import card_margin, glare_doubt, glare_spots, normalised_face
from halli_pi.vision.reader.profile import KindModel, Profile
from halli_pi.vision.reader.reading import CARD_ASPECT, WARP_SIZE, State
from halli_pi.vision.reader.symbols import (
    COLOURED_CHROMA,
    COLOURED_LIGHTNESS,
    Blob,
    _centre_depth,
    _edge_across,
    _looks_like_several,
    _outer_contour,
    _pale_print_pieces,
    _solidity,
    _split_mixed,
    blobs,
    classify,
    colour_distance,
    pale_piece_colours,
    pale_pieces,
    print_marks,
)
from halli_pi.vision.reader.tuning import TUNING as T
from halli_pi.vision.srgb import to_linear, to_srgb


class CardRead(NamedTuple):
    state: State
    card: Card | None
    confidence: float
    why: str
    doubt: Doubt | None = None


def _doubtful(doubt: Doubt, detail: str = "") -> CardRead:
    state = State.OCCLUDED if doubt in OVER_THE_PILE else State.UNKNOWN
    return CardRead(state, None, 0.0, doubt.said(detail), doubt)


@dataclass
class _Card:
    """What the checks look at: the upright card, its blobs, and what was read so far."""

    img: np.ndarray
    profile: Profile
    strict_edge: bool  # an outline fitted, not seen whole: nothing may touch its edge
    one_size: bool  # an outline found by a search: whole symbols of one size only
    found: list[Blob] | None = None
    symbols: list[tuple[Blob, KindModel]] = field(default_factory=list)
    confidence: float = 1.0
    detail: str = ""  # what a doubt saw, for the reason a person reads
    glare: Doubt | None = None  # a reflection that may hide print, judged with the symbols
    _clipped_spots: np.ndarray | None = None
    _glare_spots: np.ndarray | None = None
    _clipped: bool | None = None
    _middle_pale: list[tuple[float, tuple[float, float]]] | None = None
    # Where a reflection excused a side of the outline (a 0/1 mask of the upright card;
    # ``outlines._search_steps``), or None.
    excused: np.ndarray | None = None
    # The blobs skipped as no symbol (a leaf, a stem, a speck, a strip of table).
    skipped: list[Blob] = field(default_factory=list)
    # The card as read a second time, a reflection's light taken off
    # (``_read_through_the_reflection``): print it paled shows again, and only what it
    # clipped in every channel can hide print.
    lifted: bool = False
    _may_hide: np.ndarray | None = None
    # Where symbols lie unseen under a reflection, counted: the places of the one layout the
    # deck prints that the symbols seen fit (``_glare_over_a_printed_place``).
    hidden: list[tuple[float, float]] = field(default_factory=list)
    # Coloured pieces beside a reflection clipped on a face lit as usual, whose rest no check
    # accounted for (``_washed_out``): a doubt, unless they are the rest of a layout's last
    # symbol (``_piece_at_a_layouts_last_place``).
    washed: list[Blob] = field(default_factory=list)
    # Symbols seen whose other part is one of the washed pieces, a reflection across them,
    # each one symbol however small (``_pieces_of_a_filled_fullest_layout``).
    torn: list[Blob] = field(default_factory=list)

    @property
    def smallest_unit(self) -> float:
        return min(k.unit_area for k in self.profile.kinds)

    @property
    def middle_pale_pieces(self) -> list[tuple[float, tuple[float, float]]]:
        """The pale pieces of print (``symbols.pale_piece_colours``) within ``T.middle_reach``
        of the card's centre, each as its share of the card and its colour (a, b): what a
        reflection may have left of a middle symbol. Found once: two checks weigh them."""
        if self._middle_pale is None:
            self._middle_pale = [
                (share, ab)
                for share, at, ab in pale_piece_colours(self.img)
                if abs(at[0] - 0.5) + abs(at[1] - 0.5) < T.middle_reach
            ]
        return self._middle_pale

    @property
    def clipped_spots(self) -> np.ndarray:
        """Reflections clipped to the sensor's top: bright, near neutral, more than a speck
        (a 0/1 mask of the card)."""
        if self._clipped_spots is None:
            v = brightest(self.img)
            spots = (v >= T.clipped_face) & (darkest_channel(self.img) > T.glare_neutral * v)
            self._clipped_spots = cv2.morphologyEx(
                spots.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)
            )
        return self._clipped_spots

    def clipped_near(self, centre: tuple[float, float]) -> bool:
        """A clipped reflection within ``T.glare_reach`` card widths of ``centre`` (shares of
        the card)."""
        spots = self.clipped_spots
        h, w = spots.shape
        x, y = centre[0] * w, centre[1] * h
        r = T.glare_reach * w
        win = spots[max(0, int(y - r)) : int(y + r) + 1, max(0, int(x - r)) : int(x + r) + 1]
        return bool(win.any())

    def glare_near(self, centre: tuple[float, float], reach: float | None = None) -> bool:
        """A reflection on the face (``light.glare_spots``, or clipped) within ``reach`` card
        widths of ``centre`` (shares of the card; ``T.unwashed_reach`` unless told)."""
        if self._glare_spots is None:
            # Brighter than the face, or (on a face itself lit near the top, where nothing
            # stands above it) clipped to the sensor's top.
            spots = glare_spots(self.img)
            self._glare_spots = self.clipped_spots if spots is None else spots | self.clipped_spots
        h, w = self._glare_spots.shape
        x, y = centre[0] * w, centre[1] * h
        r = (T.unwashed_reach if reach is None else reach) * w
        win = self._glare_spots[
            max(0, int(y - r)) : int(y + r) + 1, max(0, int(x - r)) : int(x + r) + 1
        ]
        return bool(win.any())

    @property
    def clipped(self) -> bool:
        """The face is lit to the sensor's top: a reflection on it cannot stand out."""
        if self._clipped is None:
            self._clipped = float(np.percentile(brightest(self.img), 60)) >= T.clipped_face
        return self._clipped


# -- the face as a whole ----------------------------------------------------------------------


def _no_white(c: _Card) -> Doubt | None:
    return Doubt.NO_WHITE_ON_CARD if c.found is None else None


def _glare(c: _Card) -> Doubt | None:
    # A spot of light washes out whatever is printed under it: a symbol may be missing. A
    # reflection is a normal condition, not a doubt by itself: whether it could hide a symbol
    # that changes the count is judged once the symbols are seen (``_glare_may_hide_a_symbol``).
    c.glare = glare_doubt(c.img, c.smallest_unit, clipped_core=not c.lifted)
    return None


def _edge_across_face(c: _Card) -> Doubt | None:
    # A card's face has no long straight edge on it: that is another card's side, so the
    # outline holds parts of two cards.
    return Doubt.EDGE_ACROSS if _edge_across(c.img) else None


def _blank(c: _Card) -> Doubt | None:
    return Doubt.BLANK_CARD if not c.found else None


def _print_cut_by_an_excused_side(c: _Card) -> Doubt | None:
    """On an outline one side of which a reflection excused (``c.excused``: the side lies on
    no edge there, ``outlines._search_steps``), a short piece of a kind's colour reaching the
    card's edge is a symbol that side cuts: the side runs across a face lit to the top, not
    along the card's edge. The piece may be too small to be a blob (a banana's tip, its dark
    rim inside and its colour in the border the symbols leave out). Tuning style window,
    clone, seed 1218003 seat 4: a searched outline over half of a 1 banana + 3 plum and half
    of the card under it read 1 lime + 3 plum, a banana's tip cut by its excused side."""
    if c.excused is None or not c.clipped:
        return None  # only a face lit to the sensor's top hides the side's step across it
    for piece in _coloured_pieces_on_the_edge(c.img):
        if piece.area >= T.cut_print_least and classify(piece, c.profile)[0] is not None:
            return Doubt.SYMBOL_CUT_BY_OUTLINE
    return None


def _coloured_pieces_on_the_edge(card_img: np.ndarray) -> Iterator[Blob]:
    """The runs of coloured print in the border band along each side of the upright card
    (the band the symbols are read without, ``card_margin``) that are a symbol's cut piece:
    its dark rim lies just inside the band along ``T.cut_print_rim`` of the run or more
    (colour blurred in from beyond the side has none), and the run lies along no more than
    ``T.cut_print_longest`` of the side (a strip of table the outline takes in). Each as a
    blob of its share of the card and its colour."""
    got = normalised_face(card_img)  # its Lab image and ink, white-normalised as symbols are read
    if got is None:
        return
    lab, ink, _ = got
    h, w = ink.shape
    band = card_margin(w)
    coloured = (np.hypot(lab[..., 1], lab[..., 2]) > COLOURED_CHROMA) & (
        lab[..., 0] > COLOURED_LIGHTNESS
    )
    for side in (np.s_[:], np.s_[::-1]):
        # The top and bottom bands, then (the card turned) the left and right ones, each
        # laid along its side with the band outermost, then the strip inside it.
        for colour, lb, ik in (
            (coloured[side], lab[side], ink[side]),
            (coloured.T[side], lab.transpose(1, 0, 2)[side], ink.T[side]),
        ):
            yield from _pieces_along_a_side(colour, lb, ik, band)


def _pieces_along_a_side(
    coloured: np.ndarray, lab: np.ndarray, ink: np.ndarray, band: int
) -> Iterator[Blob]:
    """``_coloured_pieces_on_the_edge`` along the side on the first rows of the arrays."""
    size = float(coloured.size)
    along: np.ndarray = np.any(coloured[:band], axis=0).astype(np.uint8)[None]
    rim: np.ndarray = np.any(ink[band : 3 * band], axis=0)
    n, runs, stats, _ = cv2.connectedComponentsWithStats(along, connectivity=8)
    for i in range(1, n):
        run = runs[0] == i
        if stats[i, cv2.CC_STAT_WIDTH] > T.cut_print_longest * coloured.shape[1]:
            continue
        if rim[run].mean() < T.cut_print_rim:
            continue
        piece = coloured[:band] & run[None]
        ab = lab[:band][piece][:, 1:]
        median = (float(np.median(ab[:, 0])), float(np.median(ab[:, 1])))
        yield Blob(float(piece.sum()) / size, median, 1.0, True, [], px=ab)


FACE_CHECKS: tuple[Callable[[_Card], Doubt | None], ...] = (
    _no_white,
    _glare,
    _edge_across_face,
    _blank,
)


# -- each symbol --------------------------------------------------------------------------------


class _Skip:
    """A blob that is no symbol: a leaf, a stem, a speck, a strip of table along a side."""


SKIP = _Skip()
SymbolVerdict = Doubt | _Skip | list[tuple[Blob, KindModel]] | None


def _fitted_outline_cuts_it(c: _Card, b: Blob) -> SymbolVerdict:
    return Doubt.FITTED_OUTLINE_CUTS_SHAPE if c.strict_edge and b.touches_edge else None


def _washed_out(c: _Card, b: Blob) -> SymbolVerdict:
    """On a face lit to the sensor's top, a coloured piece too small for a symbol but larger
    than a leaf is what a reflection left of one (its colour washed out to a pale rim)."""
    small = b.area < T.leaf_share * (c.found or [b])[0].area
    if not (small and b.area >= T.washed_out * c.smallest_unit):
        return None
    if b.chroma_frac < T.coloured_share:
        return None
    if not c.clipped:
        # A face lit as usual with a reflection clipped to the sensor's top beside the piece:
        # the rest of that symbol is under it (a leaf there is doubted too; a guess is not),
        # unless the rest shows as pale print, the whole symbol's size with the piece.
        if not c.clipped_near(b.centre):
            return None
        whole = _pale_rest_beside_glare(c, b) or _rest_under_reflection(c, b)
        if whole:
            return whole
        # Judged once every symbol is seen (``_washed_piece_beside_glare``).
        c.washed.append(b)
        return SKIP
    # Washed out: paler than the kind whose hue it has (a leaf or a stem is not).
    hue = math.atan2(b.ab[1], b.ab[0])
    kind = min(c.profile.kinds, key=lambda k: abs(_turn(hue, math.atan2(k.ab[1], k.ab[0]))))
    pale = math.hypot(*b.ab) < T.washed_chroma * math.hypot(*kind.ab)
    lone = _small(c, b) and _apart_from_symbols(c, b)
    if not (pale or lone):
        return None
    # One symbol still when the rest of it is accounted for, as beside a reflection on a face
    # lit as usual (``_whole_under_reflection``: where its partner's print, turned to it,
    # lies clipped or in print not read).
    return _rest_under_reflection(c, b) or Doubt.GLARE_OVER_FACE


def _washed_piece_beside_glare(c: _Card) -> Doubt | None:
    """A coloured piece beside a reflection whose rest no check accounted for
    (``_washed_out``) leaves the count unknown, unless it is the rest of the last symbol of a
    layout (``_piece_at_a_layouts_last_place``): then that symbol is counted at its place
    (``_Card.hidden``)."""
    if not c.washed:
        return None
    if torn := _pieces_of_a_filled_fullest_layout(c):
        c.torn = torn
        return None
    place = _piece_at_a_layouts_last_place(c)
    if place is None:
        return Doubt.GLARE_OVER_FACE
    if _washed_piece_past_the_print(c):
        return Doubt.WASHED_PIECE_PAST_THE_PRINT
    c.hidden = [place]
    return None


def _washed_piece_past_the_print(c: _Card) -> bool:
    """A washed piece touches the outline's edge, its centre within
    ``T.washed_piece_edge_reach`` of that edge: past where any printed symbol reaches, so not
    the rest of the symbol a layout's last place would hold, but print beyond the top card's
    side that a loose outline took in (or print of a card over it). Counted, it adds a symbol
    the card does not show (style dark, Deluxe, seed 2494001 seat 5: a 2 banana read 3)."""
    edge = T.washed_piece_edge_reach
    return any(
        b.touches_edge and min(*b.centre, 1.0 - b.centre[0], 1.0 - b.centre[1]) <= edge
        for b in c.washed
    )


def _pieces_of_a_filled_fullest_layout(c: _Card) -> list[Blob]:
    """On the classic deck, the symbols seen, of one kind, take every place of the layout of
    the most symbols the deck prints, and each washed piece, of their kind's hue, lies within
    ``T.washed_piece_reach`` of a symbol seen: it is the other part of that symbol, which a
    reflection tore, and no larger count is printed, so the reflection hides nothing. The
    symbols so torn (each nearest a piece), or none."""
    seen = [b for b, _ in c.symbols]
    if _kind_of_the_washed_pieces(c) is None or len(seen) != max(CLASSIC_SPOTS):
        return []
    centres = [b.centre for b in seen]
    if all(_unmatched(centres, spots) is None for spots in _printed_layouts(len(seen))):
        return []
    torn = []
    for piece in c.washed:
        nearest = min(seen, key=lambda b: _reach(b.centre, piece.centre))
        if _reach(nearest.centre, piece.centre) > T.washed_piece_reach:
            return []
        torn.append(nearest)
    return torn


def _reach(p: tuple[float, float], q: tuple[float, float]) -> float:
    """How far apart two places of the card lie, in card widths plus card heights."""
    return abs(p[0] - q[0]) + abs(p[1] - q[1])


def _kind_of_the_washed_pieces(c: _Card) -> KindModel | None:
    """On the classic deck, with every symbol seen a single one of one kind, that kind when
    every washed piece's hue lies within ``T.washed_piece_hue`` degrees of it; else None."""
    if not c.symbols or not _by_print_layout(c):
        return None
    kinds = {k.kind: k for _, k in c.symbols}
    if len(kinds) != 1:
        return None
    (kind,) = kinds.values()
    kind_hue = math.atan2(kind.ab[1], kind.ab[0])
    hue_most = math.radians(T.washed_piece_hue)
    if any(abs(_turn(math.atan2(b.ab[1], b.ab[0]), kind_hue)) > hue_most for b in c.washed):
        return None
    return kind


def _piece_at_a_layouts_last_place(c: _Card) -> tuple[float, float] | None:
    """On the classic deck, washed pieces of the kind the symbols seen show, where the symbols
    seen fill every place but one of a layout the deck prints, each piece within
    ``T.washed_piece_reach`` of that one place: the rest of the symbol printed there, a
    reflection over it. Below the deck's fullest layout, only pieces apart from the symbols
    seen (no leaf or stem of one), and only where no larger count fits with that symbol
    counted (``_counts_that_fit``: each larger layout has a place seen clear): the count is
    known. The place, or None."""
    if _kind_of_the_washed_pieces(c) is None:
        return None
    seen = [b.centre for b, _ in c.symbols]
    count = len(seen) + 1
    if count not in CLASSIC_SPOTS:
        return None
    for spots in _printed_layouts(count):
        missing = _unmatched(seen, spots)
        if missing is None or len(missing) != 1:
            continue
        at = missing[0]
        if not all(
            abs(b.centre[0] - at[0]) + abs(b.centre[1] - at[1]) <= T.washed_piece_reach
            for b in c.washed
        ):
            continue
        if count == max(CLASSIC_SPOTS):
            return at
        if all(_apart_from_symbols(c, b) for b in c.washed) and not _larger_count_fits(
            c, [*seen, at]
        ):
            return at
    return None


def _larger_count_fits(c: _Card, seen: list[tuple[float, float]]) -> bool:
    """A layout the deck prints for more symbols than ``seen`` holds them, its other places
    where a whole symbol could lie unseen (``_counts_that_fit``); True too when where print
    may hide is not known."""
    fill = _hidden_fill(c)
    if fill is None:
        return True
    middle = _middle_by_pairs(seen, fill.shape)
    fits = _counts_that_fit(seen, fill, _least_hidden_share(c), middle)
    return any(n > len(seen) for n in fits)


def _apart_from_symbols(c: _Card, b: Blob) -> bool:
    """A piece far from every blob large enough for a symbol: no leaf or stem, which grows
    from its symbol, but the part of a symbol a reflection left in full colour (a banana's
    tip), the rest washed to the face's white (asked of pieces small enough to be skipped as
    a leaf: a whole symbol beside symbols that touch is small beside them, but counted).
    Far: the gap between them, as discs of their areas, is ``T.piece_apart`` of the
    smallest symbol's radius or more."""
    assert c.found is not None
    w, h = WARP_SIZE
    unit = math.sqrt(c.smallest_unit * w * h / math.pi)

    def gap(o: Blob) -> float:
        apart = math.hypot((o.centre[0] - b.centre[0]) * w, (o.centre[1] - b.centre[1]) * h)
        return apart - math.sqrt(o.area * w * h / math.pi) - math.sqrt(b.area * w * h / math.pi)

    gaps = [gap(o) for o in c.found if o is not b and not _small(c, o)]
    return bool(gaps) and min(gaps) >= T.piece_apart * unit


def _pale_rest_beside_glare(c: _Card, b: Blob) -> SymbolVerdict:
    """A symbol beside a reflection clipped to the sensor's top, on a face lit as usual, is
    measured with its pale rest (``_with_pale_rest``) when that makes one whole symbol of it;
    else it is judged as it is."""
    if c.clipped or b.touches_edge:
        return None
    kind = classify(b, c.profile)[0] or _paled_sibling(c, b)[0]
    if kind is None or not _beside_a_clipped_reflection(c, b, kind):
        return None
    whole = _with_pale_rest(c, b, kind)
    if whole is None:
        return None
    return Doubt.PALE_REST_OF_ANOTHER_HUE if _print_hue_unlike(c, b, kind) else [(whole, kind)]


def _beside_a_clipped_reflection(c: _Card, b: Blob, kind: KindModel) -> bool:
    """A symbol of ``kind`` inside the outline beside a reflection clipped to the sensor's
    top, on a face lit as usual: what the reflection washed of it may show as pale print.
    Near its centre, or, a round kind's, near its print: a reflection pales the side of a
    round symbol it lies on, so the ink left lies on the far side, its centre further from
    the spot than the symbol's (tuning style phone, own art, seed 2276002 seat 0: a plum
    whose ink, paled to a crescent, had its centre beyond ``T.glare_reach`` of the spot that
    cut it). Not a banana's: a 3 banana whose piece was measured so, through the
    reflection, was doubted as off the card's centre (tuning style phone_dim, own art, seed
    2296201 seat 1)."""
    if c.clipped or b.touches_edge:
        return False
    if c.clipped_near(b.centre):
        return True
    return kind.kind not in _LONG_KINDS and _clipped_near_the_print(c, b)


def _clipped_near_the_print(c: _Card, b: Blob) -> bool:
    """A clipped reflection within ``T.glare_reach`` card widths of the blob's ink (its print
    marks' piece), as ``_Card.clipped_near`` judges it of a centre."""
    ink = _ink_components(c)
    piece = None if ink is None else ink.under(b.centre)
    if ink is None or piece is None:
        return False
    side = 2 * int(T.glare_reach * ink.labels.shape[1]) + 1
    reach = cv2.dilate((ink.labels == piece).astype(np.uint8), np.ones((side, side), np.uint8))
    return bool(np.any((reach > 0) & (c.clipped_spots > 0)))


def _print_hue_unlike(c: _Card, b: Blob, kind: KindModel) -> bool:
    """The piece's print, seen through the reflection (``_unclipped_hue``: its light taken
    off, the face's white balanced out), lies more than ``T.pale_rest_print_hue`` degrees of
    hue from its kind's. A reflection's light unlike the face's white turns a washed piece's
    colour against that white (a paled strawberry reads lilac, near plum), and its pale rest
    with it; the differences between its channels keep the print's hue. False when too little
    of it is left unclipped to tell."""
    hue = _unclipped_hue(c, b)
    return hue is not None and _hue_gap(hue, _kind_hue(kind.ab)) > T.pale_rest_print_hue


def _with_pale_rest(c: _Card, b: Blob, kind: KindModel) -> Blob | None:
    """The symbol a piece of print beside a reflection is part of, measured with the pale
    print around it (what the reflection washed of the rest of it); None unless that makes
    one whole symbol of the piece's kind, and no more (a lamp adds white to print, never a
    shape: the pale rest is where the symbol was printed). None too for a piece whole as
    it is. A round kind's print that is not one symbol so is measured again with what lies
    inside it, when that is its print paled further (``_tinted_inside``)."""
    if b.core >= T.pale_rest_least * kind.unit_area:
        return None
    found = _whole_print_of(c, b)
    if found is None:
        return None
    marks, whole_mask = found
    pale = marks[0]
    whole = whole_mask.astype(np.uint8)
    one = _one_symbol_of(b, kind, whole, pale & whole, marks)
    if one is not None or kind.kind in _LONG_KINDS:
        return one
    inside = _tinted_inside(c, whole, kind, marks)
    if inside is None:
        return None
    return _one_symbol_of(b, kind, whole | inside, (pale & whole) | inside, marks)


def _whole_print_of(
    c: _Card, b: Blob
) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray] | None:
    """The card's print marks (``print_marks``) and the print the blob ``b`` is part of: the
    piece of ink under its centre joined to the pale print around it, as one mask (bool).
    None when the card has no marks, no ink lies under the blob's centre, or the ink's piece
    joins more than one piece of print."""
    marks = print_marks(c.img)
    if marks is None:
        return None
    pale, ink, _ = marks
    _, ink_labels, _, ink_centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    piece = _component_under(ink_centres, ink.shape, b.centre)
    if piece is None:
        return None
    _, labels = cv2.connectedComponents(pale | ink, connectivity=8)
    mine = np.unique(labels[ink_labels == piece])
    if len(mine) != 1 or mine[0] == 0:
        return None
    return marks, labels == mine[0]


def _one_symbol_of(
    b: Blob,
    kind: KindModel,
    whole: np.ndarray,
    coloured: np.ndarray,
    marks: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> Blob | None:
    """The blob ``b`` measured as the print ``whole`` (a 0/1 mask), ``coloured`` of it, when
    that is one whole symbol of its kind; else None."""
    pale, ink, lab = marks
    h, w = ink.shape
    share = cv2.countNonZero(coloured) / float(h * w)
    size = share / kind.unit_area
    # One symbol: no more than one's size, nor shaped like two that touch (as a long kind's
    # single symbol is shaped too).
    several = _looks_like_several(_outer_contour(whole)) and kind.kind not in _LONG_KINDS
    if not T.pale_rest_least <= size < T.pale_rest_most or several:
        return None
    # The pale rest is the piece's print, paled: of its hue (not a leaf's beside a paled
    # fruit of another colour).
    rest = (whole > 0) & (ink == 0) & (pale > 0)
    if rest.any():
        hue = math.atan2(float(np.median(lab[..., 2][rest])), float(np.median(lab[..., 1][rest])))
        if abs(_turn(hue, math.atan2(kind.ab[1], kind.ab[0]))) > math.radians(T.pale_rest_hue):
            return None
    area = cv2.countNonZero(whole) / float(h * w)
    return replace(b, area=area, chroma_frac=share / area, centre=_mask_centre(whole))


def _tinted_inside(
    c: _Card, ring: np.ndarray, kind: KindModel, marks: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> np.ndarray | None:
    """What lies inside the print ``ring`` of a round kind's symbol (its convex hull, less the
    ring and what the sensor clipped), when it is the symbol's own print paled below what
    ``print_marks`` calls pale: tinted off the face's median by ``T.pale_over_face`` (as pale
    print is, short of ``T.pale_chroma``), towards its kind's hue (within
    ``T.pale_rest_hue``). A spot's light taken off leaves a paled plum's outline and rim as
    print and its middle a faint tint of plum (tuning style phone, scans, seed 2277301 seat
    2: the top plums' rings 0.66 and 0.64 of a plum, 1.06 and 1.01 with their insides, 9.3
    off the face; own art, seed 2276002 seat 0: a ring the spot cut, 0.84 and shaped as two
    that touch, 1.29 with its inside, 8.2 off the face). None when nothing lies inside, or
    it is face."""
    pale, ink, lab = marks
    contours, _ = cv2.findContours(ring, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = np.zeros_like(ring)
    cv2.fillPoly(hull, [cv2.convexHull(np.vstack(contours))], 1)
    inside = (hull > 0) & (ring == 0) & (c.clipped_spots == 0)
    face = (pale == 0) & (ink == 0) & (c.clipped_spots == 0) & (hull == 0)
    if not inside.any() or not face.any():
        return None
    tint = [
        float(np.median(lab[..., i][inside])) - float(np.median(lab[..., i][face])) for i in (1, 2)
    ]
    if math.hypot(*tint) < T.pale_over_face:
        return None
    hue = math.atan2(tint[1], tint[0])
    if abs(_turn(hue, math.atan2(kind.ab[1], kind.ab[0]))) > math.radians(T.pale_rest_hue):
        return None
    return inside.astype(np.uint8)


def _mask_centre(mask: np.ndarray) -> tuple[float, float]:
    """The centre of a 0/1 mask's pixels, as shares of its width and height."""
    h, w = mask.shape
    ys, xs = np.nonzero(mask)
    return float(xs.mean()) / w, float(ys.mean()) / h


def _component_at(centres: np.ndarray, at: tuple[float, float]) -> int | None:
    """The connected component (of the mask ``centres`` came with) whose centre is ``at``
    (pixels): a blob's own, as ``symbols.blobs`` measured it."""
    found = [i for i in range(1, len(centres)) if math.dist(centres[i], at) < 0.5]
    return found[0] if len(found) == 1 else None


def _component_under(
    centres: np.ndarray, shape: tuple[int, ...], centre: tuple[float, float]
) -> int | None:
    """``_component_at`` a blob's ``centre`` given in shares of the mask's width and height
    (``shape``, the mask's)."""
    h, w = shape[:2]
    return _component_at(centres, (centre[0] * w, centre[1] * h))


def _rest_under_reflection(c: _Card, b: Blob) -> SymbolVerdict:
    """A piece of print beside a reflection clipped to the sensor's top is one symbol when
    the rest of that symbol is accounted for (``_whole_under_reflection``)."""
    kind = classify(b, c.profile)[0] or _paled_sibling(c, b)[0]
    if kind is None:
        return None
    whole = _whole_under_reflection(c, b, kind)
    return None if whole is None else [(whole, kind)]


def _whole_under_reflection(c: _Card, b: Blob, kind: KindModel) -> Blob | None:
    """On the classic deck, the whole symbol a piece of print beside a reflection is part
    of, or None. Printed symbols lie in pairs across the card's centre, alike (or one on the
    centre): the piece lies where a seen whole symbol of its kind has its partner (or on the
    centre), and that symbol's print, turned about the centre to that place, holds the
    piece and lies, wherever the piece does not show it, where the sensor clipped (its rim
    too) or under print not read (``_hideout``): nothing of it is missing where a face
    shows. Then the count is certain: one symbol there. A piece whose symbol would show its
    print on clean face is a piece of something else, and is left to the other checks."""
    if not _classic_print(c.profile) or b.touches_edge:
        return None
    components = _ink_components(c)
    if components is None:
        return None
    labels, stats, _ = components
    piece_id = components.under(b.centre)
    if piece_id is None:
        return None
    piece = labels == piece_id
    hideout = (_hideout(c) > 0) | (cv2.dilate(piece.astype(np.uint8), _RIM) > 0)
    # The piece on the centre is an odd count's middle symbol, shaped as any other (either
    # way round); elsewhere, its partner's across the centre, turned to it.
    piece_on_centre = _mirror_gap((0.5, 0.5), b.centre) <= T.layout_slack
    for partner, _ in c.symbols:
        if partner is b or not _a_whole_single(partner, kind):
            continue
        if _mirror_gap((0.5, 0.5), partner.centre) <= T.layout_slack:
            continue  # the middle symbol: its own partner
        turns: tuple[bool, ...]
        if piece_on_centre:
            place, turns = (0.5, 0.5), (False, True)
        elif _mirror_gap(partner.centre, b.centre) <= T.layout_slack:
            place, turns = (1.0 - partner.centre[0], 1.0 - partner.centre[1]), (True,)
        else:
            continue
        i = components.under(partner.centre)
        if i is None:
            continue
        x, y, bw, bh = stats[i, :4]
        shape = labels[y : y + bh, x : x + bw] == i
        for turned in turns:
            seen = shape[::-1, ::-1] if turned else shape
            if _accounted_for(seen, place, piece, hideout):
                return replace(b, area=partner.area, chroma_frac=partner.chroma_frac, centre=place)
    return None


_RIM = np.ones((5, 5), np.uint8)  # a symbol's soft rim, two pixels out (as ``_unread_print``)


def _a_whole_single(b: Blob, kind: KindModel) -> bool:
    """A symbol seen whole, alone in its blob: a measure of its kind's print on this card."""
    return not b.touches_edge and T.single_min <= b.core / kind.unit_area < T.single_max


def _accounted_for(
    shape: np.ndarray, place: tuple[float, float], piece: np.ndarray, hideout: np.ndarray
) -> bool:
    """A symbol's print ``shape`` (a mask) centred near ``place`` (shares of the card, within
    ``T.rest_shift`` pixels) holds most of ``piece`` (``T.rest_holds``) and lies in
    ``hideout`` (the piece, where print vanishes, print not read) over ``T.rest_hidden``
    of it."""
    h, w = piece.shape
    ys, xs = np.nonzero(shape)
    size = float(len(ys))
    piece_px = float(np.count_nonzero(piece))
    if size == 0 or piece_px == 0:
        return False
    cx, cy = place[0] * w - xs.mean(), place[1] * h - ys.mean()
    reach = T.rest_shift
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            px = np.round(xs + cx + dx).astype(int)
            py = np.round(ys + cy + dy).astype(int)
            inside = (px >= 0) & (px < w) & (py >= 0) & (py < h)
            if not inside.all():
                continue
            hidden = np.count_nonzero(hideout[py, px]) / size
            held = np.count_nonzero(piece[py, px]) / piece_px
            if hidden >= T.rest_hidden and held >= T.rest_holds:
                return True
    return False


def _turn(a: float, b: float) -> float:
    return (a - b + math.pi) % (2 * math.pi) - math.pi


def _small_piece(c: _Card, b: Blob) -> SymbolVerdict:
    """Leaves, stems and specks are small beside the largest blob (unless that blob is two
    symbols that touch: then beside the smallest symbol the deck prints); but a piece in a
    symbol's colour cut by the outline is a symbol half outside it."""
    if not _small(c, b):
        return None
    if b.touches_edge and b.chroma_frac >= T.coloured_share and classify(b, c.profile)[0]:
        return Doubt.COLOURED_PIECE_ON_EDGE
    return SKIP


def _small(c: _Card, b: Blob) -> bool:
    """Small beside the largest blob and beside the smallest symbol: a leaf, a stem, a speck
    (or what is left of a symbol)."""
    assert c.found is not None
    return b.area < T.leaf_share * c.found[0].area and b.core < T.leaf_core * c.smallest_unit


def _dark(c: _Card, b: Blob) -> SymbolVerdict:
    if b.chroma_frac >= T.coloured_share:
        return None
    if not b.touches_edge and (relit := _in_its_own_light(c, b)) is not None:
        kind, conf = classify(relit, c.profile)
        if kind is not None:
            c.confidence = min(c.confidence, conf)
            return [(relit, kind)]
    return Doubt.DARK_OVER_EDGE if b.touches_edge else Doubt.DARK_SHAPE


def _in_its_own_light(c: _Card, b: Blob) -> Blob | None:
    """The blob's colour judged against the white of the face around it, where that face is
    lit below the card's one white (``normalised_face`` judges every colour against that
    white): a lamp's reflection elsewhere on the card lifts the card's white, and a symbol
    in the dimmer rest reads as a dark shape. The blob re-measured, or None when it is no
    more coloured in its own light."""
    got = normalised_face(c.img)
    if got is None:
        return None
    lab, ink, ref = got
    h, w = ink.shape
    n, labels = cv2.connectedComponents(ink, connectivity=8)
    i = labels[min(int(b.centre[1] * h), h - 1), min(int(b.centre[0] * w), w - 1)]
    if i == 0:
        return None
    comp = (labels == i).astype(np.uint8)
    # The face within 4 pixels of the blob (a fifteenth of the upright card's width: near
    # enough to share the blob's light), a pixel clear of any print's soft rim; at least 20
    # pixels of it, as ``normalised_face`` asks of the face it takes the card's white from.
    near = cv2.dilate(comp, np.ones((9, 9), np.uint8)) > 0
    face = near & (cv2.dilate(ink, np.ones((3, 3), np.uint8)) == 0)
    if np.count_nonzero(face) < 20:
        return None
    g = c.img.astype(np.float32) * (ref.max() / ref)
    local = float(np.median(g.max(2)[face]))
    if local >= ref.max():
        return None
    inside = comp > 0
    bgr = np.clip(g[inside] / local, 0, 1).reshape(-1, 1, 3).astype(np.float32)
    relit = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    chroma = np.hypot(relit[:, 1], relit[:, 2])
    coloured = (chroma > COLOURED_CHROMA) & (lab[..., 0][inside] > COLOURED_LIGHTNESS)
    share = float(coloured.mean())
    if share < T.coloured_share:
        return None
    ab = (float(np.median(relit[coloured, 1])), float(np.median(relit[coloured, 2])))
    px = relit[coloured][:, 1:3]
    return replace(b, ab=ab, chroma_frac=share, px=px[:: max(1, len(px) // 300)])


def _mixed(c: _Card, b: Blob) -> SymbolVerdict:
    """Symbols of two kinds that touch (clone decks) are split by colour; two colours in one
    blob running over the outline are a sleeve or a hand on a symbol, never print. A blob
    shaped as one symbol (not ``several``) whose split leaves a part between two kinds is
    one symbol whose colour a light spreads (a lamp's reflection pales part of a lime
    towards banana yellow): it is read whole (``_one_symbol_whole``; tuning style lamp,
    clone, seed 2327005 seat 1: a lime at a=-22 b=59, split into a lime's part and a pale
    part at a=-9 b=39 between a lime and a banana, doubted as a blob of mixed colours)."""
    parts = _split_mixed(b, c.profile) if c.profile.mixed else [b]
    if len(parts) == 1:
        return None
    if b.touches_edge:
        return Doubt.COLOURS_OVER_EDGE
    kinds = []
    for part in parts:
        kind, conf = classify(part, c.profile)
        if kind is None and not b.several:
            return _one_symbol_whole(c, b)
        if kind is None and (whole := _one_kind_turned_apart_by_clipping(c, b, parts)):
            return whole
        if kind is None:
            c.detail = "a blob of mixed colours"
            return Doubt.COLOUR_BETWEEN_KINDS
        kinds.append((part, kind))
        c.confidence = min(c.confidence, conf * 0.9)
    return kinds


def _one_symbol_whole(c: _Card, b: Blob) -> SymbolVerdict:
    """A blob shaped as one symbol whose split by colour left a part between two kinds
    (``_mixed``): the kind its whole colour names (``symbols.classify``), else the doubt.
    Only by its colour: a symbol a reflection washed so far that its whole colour lies
    between kinds stays a doubt, as the reflection may have washed out more of the card
    (tuning style lamp, clone, seed 2327011 seat 4: a 2 lime + 1 plum whose middle lime the
    reflection washed out, the other lime half washed at a=-15 b=49)."""
    kind, conf = classify(b, c.profile)
    if kind is None and (whole := _one_kind_turned_apart_by_clipping(c, b, [b])):
        return whole
    if kind is None:
        c.detail = "a blob of mixed colours"
        return Doubt.COLOUR_BETWEEN_KINDS
    c.confidence = min(c.confidence, conf)
    return [(b, kind)]


def _one_kind_turned_apart_by_clipping(
    c: _Card, b: Blob, parts: list[Blob]
) -> list[tuple[Blob, KindModel]] | None:
    """A blob split by colour (``_mixed``) into ``parts`` one of which lies between two kinds,
    read as one symbol of the kind its unclipped print names, where a channel clipped at the
    sensor's top turned the rest of its print: a light bright enough to clip a banana's red
    (a window's, a bright exposure's) turns its most coloured pixels towards lime green,
    and the split by colour parts them from the rest as if a lime touched the banana
    (tuning styles noise and window, clone decks, seeds 2517000 seat 0, 2517002 seat 4 and
    2520001 seat 3: bananas at hue 97 to 103 (a/b), split into a banana's part and a part
    at a=-20 b=89 between a lime and a banana; their unclipped print at HSV hue 46 to 59,
    a banana's 51, a lime's 75). Only when much of the blob's coloured print is clipped
    (``T.turned_apart_clipped_least``), its kind read through the clipping as a reflection's
    is (``_kind_through_the_reflection``: its unclipped print's hue near that kind's and
    clearly nearer than to any other), no part of it of another kind, and nearly all its
    unclipped print near that kind's hue (``T.turned_apart_one_hue``): a lime touching a
    banana keeps a lime's hue in its own unclipped pixels, and stays a doubt. None
    otherwise."""
    if b.touches_edge or _clipped_share_of_print(c, b) < T.turned_apart_clipped_least:
        return None
    kind, conf = _kind_through_the_reflection(c, b)
    if kind is None:
        return None
    for part in parts:
        named = classify(part, c.profile)[0]
        if named is not None and named is not kind:
            return None
    hues = _unclipped_hues(c, b)
    if hues is None:
        return None
    gaps = np.abs((hues - _kind_hue(kind.ab) + 180.0) % 360.0 - 180.0)  # ``_hue_gap``, each
    near = np.count_nonzero(gaps <= T.through_hue_reach)
    if near < T.turned_apart_one_hue * hues.size:
        return None
    c.confidence = min(c.confidence, conf)
    return [(b, kind)]


def _clipped_share_of_print(c: _Card, b: Blob) -> float:
    """The share of the blob's coloured print (channels ``T.through_spread`` apart) whose
    brightest channel is clipped (``T.through_unclipped`` or above); 0 where its ink is not
    found."""
    ink = _blob_ink(c, b)
    if ink is None:
        return 0.0
    px = c.img[ink].astype(np.float32)
    high, low = px.max(axis=1), px.min(axis=1)
    coloured = high - low >= T.through_spread
    n = np.count_nonzero(coloured)
    return np.count_nonzero(coloured & (high >= T.through_unclipped)) / n if n else 0.0


def _one_kind(c: _Card, b: Blob) -> SymbolVerdict:
    kind, conf = classify(b, c.profile)
    if kind is None and b.touches_edge and b.thin:
        return SKIP  # a strip of table along a side: the outline is a little wide there
    if kind is None and b.touches_edge:
        return Doubt.THING_OVER_EDGE  # not a symbol's colour: a hand or sleeve on the card
    if kind is None and not b.touches_edge:
        kind, conf = _unwashed_kind(c, b)
    if kind is None and not b.touches_edge:
        kind, conf = _paled_sibling(c, b)
        if kind is not None and (whole := _paled_on_a_clipped_face(c, b, kind)):
            c.confidence = min(c.confidence, conf)
            return [(whole, kind)]
    if kind is None and not b.touches_edge:
        kind, conf = _kind_through_the_reflection(c, b)
        if kind is not None and (whole := _pale_rest_of_a_kind_through_the_reflection(c, b, kind)):
            c.confidence = min(c.confidence, conf)
            return [(whole, kind)]
    if kind is None and not b.touches_edge:
        kind, conf = _kind_by_its_bend(c, b)
    if kind is None and not b.touches_edge:
        kind, conf = _kind_by_the_card_s_shapes(c, b)
    if kind is None and not b.touches_edge:
        kind, conf = _kind_of_its_ink(c, b)
    if kind is None:
        c.detail = f"a={b.ab[0]:.0f} b={b.ab[1]:.0f}"
        return Doubt.COLOUR_BETWEEN_KINDS
    if b.touches_edge and b.core < T.whole_symbol * kind.unit_area:
        # Its colour runs on past the outline and too little of it is inside.
        c.detail = kind.kind
        return Doubt.SYMBOL_CUT_BY_OUTLINE
    c.confidence = min(c.confidence, conf)
    return [(b, kind)]


def _pale_rest_of_a_kind_through_the_reflection(c: _Card, b: Blob, kind: KindModel) -> Blob | None:
    """A symbol too pale for its kind's colour, its kind read with the reflection's light
    taken off (``_kind_through_the_reflection``), measured with its pale rest as
    ``_pale_rest_beside_glare`` measures one whose colour told its kind: a glossy face's
    sheen pales the whole print, so only its inner part reads as ink, and the pale print
    around it is the rest of the same symbol, the whole symbol's size with it (tuning style
    sheen, own art and scans, seed 324502 seat 3: a 1 lime whose ink was 0.13 and 0.16 of a
    symbol, 0.94 and 0.92 with its pale rest, doubted as a piece of one under the
    reflection). A rest of another hue than the print's leaves the symbol as it is."""
    if not _beside_a_clipped_reflection(c, b, kind):
        return None
    return _whole_with_its_pale_rest(c, b, kind)


def _paled_on_a_clipped_face(c: _Card, b: Blob, kind: KindModel) -> Blob | None:
    """A paled sibling (``_paled_sibling``) on a face lit to the sensor's top in its brightest
    channel (``_Card.clipped``), measured with its pale rest (``_with_pale_rest``) when that
    makes one whole symbol of its kind, and no more; None otherwise, or when its print seen
    through the reflection is of another kind's hue (``_print_hue_unlike``). On such a face
    no clipped reflection can be placed beside a symbol (``_pale_rest_beside_glare`` asks
    for one), yet a symbol paled as its siblings are not is one a reflection washed: only
    its inner part reads as ink, its rest as pale print (tuning style glare, own art, seed
    2183002 seat 4: a 3 strawberry, its top one paled to 0.49 of a symbol as ink, 1.1 of
    the others' with its pale rest, doubted as smaller than the others)."""
    if not c.clipped:
        return None
    return _whole_with_its_pale_rest(c, b, kind)


def _whole_with_its_pale_rest(c: _Card, b: Blob, kind: KindModel) -> Blob | None:
    """``b`` measured with its pale rest (``_with_pale_rest``) when that makes one whole
    symbol of its ``kind``; None otherwise, or when its print seen through the reflection is
    of another kind's hue (``_print_hue_unlike``)."""
    whole = _with_pale_rest(c, b, kind)
    return None if whole is None or _print_hue_unlike(c, b, kind) else whole


def _unwashed_kind(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A symbol between two colours beside a reflection: its kind read from its unwashed
    part. A lamp adds white to the part it lies on, which pales it and, where one channel
    clips before the others, turns its hue (a washed lime leans to banana yellow, a washed
    banana to lime green); the part the reflection missed keeps the print's colour, and it
    is the most coloured part of the pixels no channel clips (``_unclipped_colours``).
    Only a clear kind is taken from it, and only one of the two kinds the whole blob's colour
    lies between: a reflection turns a hue to the next kind's, no further. A strawberry
    washed to peach keeps its green leaves, the most coloured part of it, whose kind is
    neither of the two (crowded tuning seed 382513: a 1 strawberry read 1 lime)."""
    most = _unwashed_part(c, b)
    if most is None:
        return None, 0.0
    return _kind_of_unwashed_part(c, b, most)


def _kind_of_unwashed_part(c: _Card, b: Blob, most: np.ndarray) -> tuple[KindModel | None, float]:
    """``_unwashed_kind`` of the symbol's unwashed part ``most`` (``_unwashed_part``)."""
    ab = (float(np.median(most[:, 0])), float(np.median(most[:, 1])))
    kind, conf = classify(replace(b, ab=ab), c.profile)
    between = _two_nearest_kinds(c.profile, b.ab)
    if kind is not None and kind not in between:
        return None, 0.0
    return kind, conf * 0.8


def _unwashed_part(c: _Card, b: Blob) -> np.ndarray | None:
    """The white-normalised a/b (N x 2) of a symbol's unwashed part beside a reflection: the
    most coloured ``T.unwashed_share`` of its pixels no channel clips; None away from a
    reflection or with too few pixels."""
    if b.px is None or len(b.px) < T.unwashed_pixels or not c.glare_near(b.centre):
        return None
    px = _unclipped_colours(c, b)
    if px is None:
        return None
    chroma = np.hypot(px[:, 0], px[:, 1])
    return px[chroma >= np.quantile(chroma, 1.0 - T.unwashed_share)]


def _unwashed_part_of_several_hues(c: _Card, b: Blob) -> SymbolVerdict:
    """A symbol between two colours that its unwashed part would name (``_unwashed_kind``),
    that part's pixels split between kinds, none holding ``T.unwashed_one_kind`` of them:
    the part's median colour lies between its hues, not on the print's (a strawberry's red
    and its green leaf median to a banana's yellow)."""
    if b.touches_edge or classify(b, c.profile)[0] is not None:
        return None
    most = _unwashed_part(c, b)
    if most is None or _kind_of_unwashed_part(c, b, most)[0] is None:
        return None
    nearest = [
        min(c.profile.kinds, key=lambda k: colour_distance((float(a), float(bb)), k)).kind
        for a, bb in most
    ]
    top = max(nearest.count(kind) for kind in set(nearest))
    if top >= T.unwashed_one_kind * len(nearest):
        return None
    return Doubt.UNWASHED_PART_OF_SEVERAL_HUES


def _unclipped_colours(c: _Card, b: Blob) -> np.ndarray | None:
    """The white-normalised a/b (N x 2) of the blob's coloured pixels whose brightest channel
    stays below the sensor's top (``T.unclipped_print_top``), or None when fewer than
    ``T.unwashed_pixels`` are left. A channel clipped at the top turns a pixel's hue: under
    a warm light a banana's red clips first, and what is left of it reads lime green (tuning
    style cloth, scans, seed 333010 seat 0: its most coloured part, red at 255, read 1 lime)."""
    marks = print_marks(c.img)
    if marks is None:
        return None
    _, ink, lab = marks
    _, labels, _, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    i = _component_under(centres, labels.shape, b.centre)
    if i is None:
        return None
    a, bb = lab[..., 1], lab[..., 2]
    coloured = (np.hypot(a, bb) > COLOURED_CHROMA) & (lab[..., 0] > COLOURED_LIGHTNESS)
    keep = (labels == i) & coloured & (brightest(c.img) < T.unclipped_print_top)
    if np.count_nonzero(keep) < T.unwashed_pixels:
        return None
    return np.stack([a[keep], bb[keep]], axis=1)


def _paled_sibling(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A symbol between two colours on a card of a one-kind deck whose larger symbols are all
    of one kind, and paler than they are: a reflection over it added white to it (a lamp adds
    white, never a colour), so it is one more of them. Only near that kind's colour, and only
    when that kind is one of the two its colour lies between.

    Near that kind's colour by its hue alone (``_paled_hue_of``) when the reflection paled
    it to half its siblings' chroma or so: the distance to a kind's colour counts chroma as
    well as hue, and so much white takes the chroma alone beyond ``T.paled_reach`` (tuning
    style glare, scans, seed 2183002 seat 4: a 3 strawberry under a spot, its middle one
    paled to a=24 b=27, 0.44 of the chroma of the strawberry read beside it, 3.3 spreads
    from a strawberry's colour all told and 1.9 by its hue alone)."""
    if c.profile.mixed:
        return None, 0.0
    kind = _siblings_kind(c, b)
    if kind is None:
        return None, 0.0
    siblings = float(np.median([math.hypot(*s.ab) for s, _ in c.symbols]))
    if math.hypot(*b.ab) > T.paled_chroma * siblings:
        return None, 0.0
    if colour_distance(b.ab, kind) > T.paled_reach and not _paled_hue_of(b, kind, siblings):
        return None, 0.0
    return kind, c.confidence * 0.8


def _paled_hue_of(b: Blob, kind: KindModel, siblings: float) -> bool:
    """The colour of ``b`` is its ``kind``'s hue paled: within ``T.paled_reach`` of the kind's
    colour once its chroma is set to the kind's (white added pales a colour, it hardly turns
    it), its chroma still ``T.paled_hue_chroma_least`` of its siblings' (``siblings``: a
    paler piece's hue is too near the face's grey to name a kind). Only beside siblings that
    keep their kind's colour (their chroma ``T.paled_hue_siblings_least`` of the kind's): a
    light that paled them too is a veil over the whole face, which the read under a veil
    judges (``_read_under_a_veil``; tuning style sheen, Deluxe, seed 2183004 seat 2: a 5
    lime whose limes all lie paled to 0.4 to 0.7 of a lime's chroma, read so, whose lower
    left lime taken so left the rest off the centre). Not a piece smaller than
    ``T.paled_hue_core_least`` of a symbol of the kind: what a reflection left of one, a
    crescent, is judged as such a piece is (own art, tuning style cloth, seed 2264002 seat
    4: a 3 lime, a lime washed to a crescent of 0.22 of a lime at a corner, stays a doubt)."""
    chroma = math.hypot(*b.ab)
    kind_chroma = math.hypot(*kind.ab)
    if siblings < T.paled_hue_siblings_least * kind_chroma:
        return False
    if b.core < T.paled_hue_core_least * kind.unit_area:
        return False
    if chroma < T.paled_hue_chroma_least * siblings:
        return False
    scale = kind_chroma / chroma
    return colour_distance((b.ab[0] * scale, b.ab[1] * scale), kind) <= T.paled_reach


def _two_nearest_kinds(profile: Profile, ab: tuple[float, float]) -> list[KindModel]:
    """The two kinds of ``profile`` whose colours lie nearest ``ab``, nearest first: the two
    a colour between kinds lies between."""
    return sorted(profile.kinds, key=lambda k: colour_distance(ab, k))[:2]


def _siblings_kind(c: _Card, b: Blob) -> KindModel | None:
    """The one kind of the symbols read on the card so far, when it is one of the two kinds
    the colour of ``b`` lies between; else None."""
    if not c.symbols or len({k.kind for _, k in c.symbols}) != 1:
        return None
    kind = c.symbols[0][1]
    nearest = _two_nearest_kinds(c.profile, b.ab)
    return kind if kind in nearest else None


def _kind_through_the_reflection(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A symbol between two colours beside a reflection: its kind read through the
    reflection. A lamp's reflection adds one light to every channel, so it pales the print
    (its Lab colour turns: a washed banana leans to lime, a washed lime to banana) but leaves
    the differences between a pixel's channels, and with them its hue, the print's wherever
    no channel clips. The hue of those pixels (``_unclipped_hue``) names a kind when it lies
    near that kind's hue and clearly nearer to it than to any other, and that kind is one of
    the two the symbol's colour lies between. Only on a deck whose kinds colour alone tells
    apart (a taught deck of one colour's kinds tells them by shape)."""
    kinds = c.profile.kinds
    if len(kinds) < 2 or any(k.shapes for k in kinds) or not c.glare_near(b.centre):
        return None, 0.0
    hue = _unclipped_hue(c, b)
    if hue is None:
        return None, 0.0
    by_hue = sorted(c.profile.kinds, key=lambda k: _hue_gap(hue, _kind_hue(k.ab)))
    near, other = _hue_gap(hue, _kind_hue(by_hue[0].ab)), _hue_gap(hue, _kind_hue(by_hue[1].ab))
    if near > T.through_hue_reach or other - near < T.through_hue_margin:
        return None, 0.0
    between = _two_nearest_kinds(c.profile, b.ab)
    if by_hue[0] not in between or _clipped_print_turned(c, b, by_hue[0]):
        return None, 0.0
    return by_hue[0], c.confidence * 0.8


def _kind_by_its_bend(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A whole symbol of the classic deck whose colour lies between a lime's and a banana's
    (a window's light turns both to one colour): a lime when it is an oval (its centre deep
    in it, ``T.oval_centre_depth``), a banana when it is bent (its centre in its bend,
    ``T.bent_centre_depth``, filling little of its hull, ``T.bent_solidity_most``) and no
    reflection lies near it (one that washes part of a lime leaves a crescent). On a face lit
    to the sensor's top all over (``_Card.clipped``) every part of the face is a clipped spot,
    so no reflection can be placed near or far: the shape alone tells, the crescent a
    reflection leaves of a lime lying deeper than a banana's bend (tuning style window, scans,
    seed 1869001 seat 1: a 2 banana at a=-15 b=60 doubted as between the two). Whole: the
    size of one symbol of that kind (``T.whole_symbol`` to the first count band's top),
    not a piece of one nor symbols that touch. (Tuning style window, own art, seed 1686003
    seat 3: a 1 lime at a=-16 b=54, doubted as between the two.)"""
    if not _classic_print(c.profile):
        return None, 0.0
    kinds = {k.kind: k for k in c.profile.kinds}
    nearest = _two_nearest_kinds(c.profile, b.ab)
    if {k.kind for k in nearest} != {"lime", "banana"}:
        return None, 0.0
    if b.centre_depth >= T.oval_centre_depth:
        kind = kinds["lime"]
    elif (
        b.centre_depth <= T.bent_centre_depth
        and b.solidity <= T.bent_solidity_most
        and (c.clipped or not c.glare_near(b.centre))
        and not _washed_lime_s_crescent(c, b)
        and not _pale_oval_round_the_bend(c, b)
    ):
        kind = kinds["banana"]
    else:
        return None, 0.0
    if not T.whole_symbol <= b.core / kind.unit_area <= T.count_bands[0][1]:
        return None, 0.0
    return kind, c.confidence * 0.8


def _washed_lime_s_crescent(c: _Card, b: Blob) -> bool:
    """A bent blob on a face clipped all over (``_Card.clipped``) whose centre lies off it
    (shallower than ``T.crescent_centre_depth``): what a lamp's spot leaves of a lime it
    washes across its middle, the lime's colour gone white there and its crescent the size
    of a banana (tuning style lamp, own art, seed 2230201 seat 3: a 1 lime under a warm
    lamp, the face clipped in green and red, read 1 banana by its bend). On such a face no
    reflection can be placed near or far, so the depth alone must part a crescent from a
    banana's bend, whose centre lies in it."""
    return c.clipped and b.centre_depth < T.crescent_centre_depth


def _pale_oval_round_the_bend(c: _Card, b: Blob) -> bool:
    """The print a bent blob is part of, its pale print joined to its ink (``print_marks``),
    is an oval: its centre as deep in it as a lime's (``T.oval_centre_depth``) and filling
    more of its hull than a bent symbol may (``T.bent_solidity_most``). A lamp's highlight
    on a lime pales one side of it below what reads as ink, which leaves its ink bent
    around the highlight like a banana, while the pale print there still draws the whole
    oval; a banana's pale print follows its bend (crowded tuning table 2513506: a 1 lime on
    a face clipped all over, its ink 0.55 deep and filling 0.84 of its hull, read 1 banana
    by its bend; with its pale print 0.90 deep, filling 0.97)."""
    found = _whole_print_of(c, b)
    if found is None:
        return False
    whole = found[1]
    return (
        _centre_depth(whole) >= T.oval_centre_depth
        and _solidity(_outer_contour(whole)) > T.bent_solidity_most
    )


def _kind_by_the_card_s_shapes(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A symbol of the classic deck between a lime's and a banana's colour, told by the
    shapes of the card's symbols together (``_lime_banana_symbols``): the deck prints one
    kind a card, so when all of them lie between the two colours, every one the size of one
    symbol of a kind as counted (``T.count_bands[0]``), they are limes when all are ovals
    (``T.oval_centre_depth``, filling more of their hull than ``T.bent_solidity_most``), and
    bananas when none is an oval, none fills more of its hull than a bent one may, none has
    its centre off it (``T.bent_centre_depth_least``: two symbols that touch), their
    median centre lies as shallow as a banana's (``T.bent_centre_depth``) and no reflection
    lies near any of them (or the face is clipped all over, ``_Card.clipped``). A window's
    light clips both prints to one pale yellow and pales them, so that a whole symbol's
    coloured core falls short of the size ``_kind_by_its_bend`` asks of one seen alone
    (tuning style window, Deluxe, seed 316502 seat 0: five bananas of 0.59 to 0.74 of one,
    read as between the two colours); a washed lime's crescent, of about a banana's size,
    lies 0.66 to 0.74 deep: crescents do not bring the median down to a banana's."""
    if not _classic_print(c.profile):
        return None, 0.0
    symbols = _lime_banana_symbols(c)
    if (
        symbols is None
        or all(x is not b for x in symbols)
        or len(symbols) < T.shapes_together_least
    ):
        return None, 0.0
    kinds = {k.kind: k for k in c.profile.kinds}
    depths = [x.centre_depth for x in symbols]
    if all(d >= T.oval_centre_depth for d in depths) and all(
        x.solidity > T.bent_solidity_most for x in symbols
    ):
        kind = kinds["lime"]
    elif (
        T.bent_centre_depth_least <= min(depths)
        and max(depths) < T.oval_centre_depth
        and all(x.solidity <= T.bent_solidity_most for x in symbols)
        and float(np.median(depths)) <= T.bent_centre_depth
        and (c.clipped or not any(c.glare_near(x.centre) for x in symbols))
    ):
        kind = kinds["banana"]
    else:
        return None, 0.0
    least, most = T.count_bands[0]
    if not all(least <= x.core / kind.unit_area <= most for x in symbols):
        return None, 0.0
    return kind, c.confidence * 0.8


def _kind_of_its_ink(c: _Card, b: Blob) -> tuple[KindModel | None, float]:
    """A symbol of the classic deck between two colours, printed in the ink of the larger
    symbols read on the card so far (``_siblings_kind``): the deck prints one kind a card,
    so when they count at least ``T.ink_siblings_least`` symbols and its colour lies within
    ``T.ink_sibling_reach`` (a/b) of the median of theirs, it is one more of them. A JPEG's
    blocks move one symbol's colour a few units off its siblings' and across the border
    between two kinds (tuning style jpeg, scans, seed 300500 seat 5: a 3 banana, one banana
    at a=-12 b=51 beside two that touch, read as between the two)."""
    if not _classic_print(c.profile):
        return None, 0.0
    kind = _siblings_kind(c, b)
    if kind is None:
        return None, 0.0
    if sum(round(x.core / kind.unit_area) for x, _ in c.symbols) < T.ink_siblings_least:
        return None, 0.0
    ink = np.median([x.ab for x, _ in c.symbols], axis=0)
    if math.dist(b.ab, ink) > T.ink_sibling_reach:
        return None, 0.0
    return kind, c.confidence * 0.8


def _lime_banana_symbols(c: _Card) -> list[Blob] | None:
    """The card's symbols (blobs larger than a leaf, ``_small``), none on its edge, when all
    of them lie nearer a lime's and a banana's colour than any other kind's; else None."""
    assert c.found is not None
    symbols = [x for x in c.found if not _small(c, x)]
    for x in symbols:
        nearest = _two_nearest_kinds(c.profile, x.ab)
        if x.touches_edge or {k.kind for k in nearest} != {"lime", "banana"}:
            return None
    return symbols


def _clipped_print_turned(c: _Card, b: Blob, kind: KindModel) -> bool:
    """Much of the symbol's coloured print (``T.through_clipped_least``) is clipped in its
    brightest channel, at a hue far from ``kind``'s (``T.through_clipped_reach``): a
    reflection turns clipped print towards the channels left below the top, never across
    the hue circle, so what is read through it is the print's rim, leaf or seeds, not the
    print (a strawberry clipped in red, read as a banana by its seeds and leaves)."""
    ink = _blob_ink(c, b)
    if ink is None:
        return False
    px = c.img[ink].astype(np.float32)
    high, low = px.max(axis=1), px.min(axis=1)
    coloured = high - low >= T.through_spread
    clipped = coloured & (high >= T.through_unclipped)
    if np.count_nonzero(clipped) < T.through_clipped_least * np.count_nonzero(coloured):
        return False
    hue = float(np.median(_hsv_hue(px[clipped])))
    return _hue_gap(hue, _kind_hue(kind.ab)) > T.through_clipped_reach


def _unclipped_hue(c: _Card, b: Blob) -> float | None:
    """The median HSV hue (degrees) of the blob's unclipped print (``_unclipped_hues``); None
    when there is too little of it."""
    hues = _unclipped_hues(c, b)
    return None if hues is None else float(np.median(hues))


def _unclipped_hues(c: _Card, b: Blob) -> np.ndarray | None:
    """The HSV hues (degrees) of the blob's pixels that no channel clips and that are
    coloured (``T.through_unclipped``, ``T.through_spread``), the face's white balanced
    out (its median colour where it is not clipped); None when too few such pixels
    (``T.through_least`` of the smallest symbol) or no face to balance by."""
    ink = _blob_ink(c, b)
    face = _clean_face(c)
    if ink is None or face is None:
        return None
    h, w = ink.shape
    img = c.img.astype(np.float32)
    lit = face & (brightest(c.img) < T.through_unclipped)
    if np.count_nonzero(lit) < T.through_least * c.smallest_unit * h * w:
        return None
    white = np.median(img[lit], axis=0)
    px = img[ink]
    low, high = px.min(axis=1), px.max(axis=1)
    keep = (high < T.through_unclipped) & (high - low >= T.through_spread)
    if np.count_nonzero(keep) < T.through_least * c.smallest_unit * h * w:
        return None
    # The reflection's light taken off (each pixel's darkest channel), then the face's
    # colour cast: what is left is the print's own colour, up to a grey.
    own = (px[keep] - low[keep, None]) * (white.max() / np.maximum(white, 1.0))
    return _hsv_hue(own)


def _hsv_hue(bgr: np.ndarray) -> np.ndarray:
    """HSV's hue (degrees) of BGR pixels (N x 3): set by the differences between the
    channels alone."""
    b, g, r = bgr[:, 0], bgr[:, 1], bgr[:, 2]
    top = bgr.max(axis=1)
    spread = np.maximum(top - bgr.min(axis=1), 1e-6)
    by_green = np.where(top == g, (b - r) / spread + 2, (r - g) / spread + 4)
    sextant = np.where(top == r, ((g - b) / spread) % 6, by_green)
    return sextant * 60.0


def _kind_hue(ab: tuple[float, float]) -> float:
    """A kind's hue as HSV sees it: its profile colour (Lab a/b, at a print's lightness)."""
    lab = np.array([[[_PRINT_LIGHTNESS, ab[0], ab[1]]]], np.float32)
    bgr = np.clip(cv2.cvtColor(lab, cv2.COLOR_Lab2BGR), 0.0, 1.0)
    return float(_hsv_hue(bgr.reshape(1, 3))[0])


_PRINT_LIGHTNESS = 60.0  # a symbol's print, neither dark outline nor pale highlight


def _hue_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def _hue_of_the_other_kind(c: _Card, b: Blob) -> SymbolVerdict:
    """A symbol beside a reflection whose colour names a kind (``symbols.classify``), while
    its print seen through the reflection names another (``_kind_through_the_reflection``,
    by the rules that read a symbol between two colours: near that kind's hue and clearly
    nearer to it than to any other, one of the two kinds its colour lies between): the
    reflection turned its colour to the next kind's (a washed banana leans to lime green)
    past what tells the two apart."""
    if b.touches_edge:
        return None
    kind = classify(b, c.profile)[0]
    if kind is None:
        return None
    through = _kind_through_the_reflection(c, b)[0]
    if through is None or through.kind == kind.kind:
        return None
    c.detail = f"{kind.kind} by its colour, {through.kind} through the reflection"
    return Doubt.HUE_OF_THE_OTHER_KIND


SYMBOL_CHECKS: tuple[Callable[[_Card, Blob], SymbolVerdict], ...] = (
    _fitted_outline_cuts_it,
    _washed_out,
    _small_piece,
    _dark,
    _mixed,
    _pale_rest_beside_glare,
    _hue_of_the_other_kind,
    _unwashed_part_of_several_hues,
    _one_kind,
)


# -- the symbols together ------------------------------------------------------------------


def _off_centre(c: _Card) -> Doubt | None:
    """Printed symbols sit symmetrically on the face: an outline that cut some off would
    leave the rest off-centre. Each blob weighs as the symbols it holds, a symbol counted
    unseen under a reflection (``_Card.hidden``) as one. Single symbols laid out as printed
    (``_singles_whole_as_laid_out``) are centred, too, when their places are, each weighed
    as one."""
    weight = [max(b.core / k.unit_area, 0.5) for b, k in c.symbols] + [1.0] * len(c.hidden)
    off = _off_the_middle(c, weight)
    if off > T.off_centre and _singles_whole_as_laid_out(c):
        off = _off_the_middle(c, [1.0] * len(weight))
    return Doubt.SYMBOLS_OFF_CENTRE if off > T.off_centre else None


def _off_the_middle(c: _Card, weight: list[float]) -> float:
    """How far (card widths or heights, the larger) the centre of the card's symbols and
    hidden places (``_centres``), each weighed by ``weight``, lies from the card's."""
    wsum = sum(weight)
    pts = _centres(c)
    cx = sum(w * p[0] for w, p in zip(weight, pts, strict=True)) / wsum
    cy = sum(w * p[1] for w, p in zip(weight, pts, strict=True)) / wsum
    return max(abs(cx - 0.5), abs(cy - 0.5))


def _singles_whole_as_laid_out(c: _Card) -> bool:
    """Every symbol seen is a single one with its partner across the card's centre
    (``_laid_out_as_printed``) and none touches the outline's edge: where they lie says the
    outline is the card's own, whatever their sizes. A reflection or a light's falloff pales
    part of one symbol of a pair, and its size, not its place: weighed by its size it pulls
    the pair's centre towards its partner (tuning style sheen, classic scan, seed 2514001
    seat 2: a 2 banana, the lower one under a sheen at 0.70 of the upper's size, its centre
    0.107 off by weight, 0.06 by place; phone_dim, seed 2508001 seat 1: a 2 plum, a spot on
    the lower one, 0.62 of the upper's). Whether a symbol so paled is whole is for the
    checks of its size (``COUNT_CHECKS``); a symbol an outline cuts touches its edge."""
    if any(b.touches_edge for b, _ in c.symbols):
        return False
    return _laid_out_as_printed(c)


def _drawn_in_parts(c: _Card) -> Doubt | None:
    """Two blobs nearer than any deck the reader knows prints two symbols are parts of one
    drawing (a banana drawn in two pieces): not a deck it knows."""
    w, h = WARP_SIZE
    pts = [(b.centre[0] * w, b.centre[1] * h) for b, _ in c.symbols]
    near = any(math.dist(p, q) < T.parts_apart * w for i, p in enumerate(pts) for q in pts[i + 1 :])
    return Doubt.UNTAUGHT_DECK if near else None


def _most_cut(c: _Card) -> Doubt | None:
    """Symbols cut by the outline are smaller than the whole ones (a deck may print its
    symbols up to the card's edge: touching it is not enough)."""
    whole = [b.core for b, _ in c.symbols if not b.touches_edge]
    full = float(np.median(whole)) if whole else min(k.unit_area for _, k in c.symbols)
    cut = [b for b, _ in c.symbols if b.touches_edge and b.core < T.whole_symbol * full]
    return Doubt.MOST_SYMBOLS_ON_EDGE if len(cut) * 2 > len(c.symbols) else None


def _laid_out_as_printed(c: _Card, *, with_hidden: bool = False) -> bool:
    """Every symbol seen is a single one with a partner across the card's centre (or lies on
    it), as printed symbols are. ``with_hidden``: the places of symbols counted unseen under
    a reflection (``_Card.hidden``) are partners too, and have theirs."""
    if any(b.core > T.count_bands[0][1] * k.unit_area for b, k in c.symbols):
        return False  # symbols that touch make one blob, between its symbols' places
    pts = _centres(c) if with_hidden else [b.centre for b, _ in c.symbols]
    return all(
        any(abs(px - (1.0 - x)) + abs(py - (1.0 - y)) < T.layout_slack for px, py in pts)
        for x, y in pts
    )


def _glare_may_hide_a_symbol(c: _Card) -> Doubt | None:
    """A reflection on the face doubts the card only when a symbol that changes the count
    could lie under it. With the symbols seen laid out as printed (each with its partner
    across the centre), a hidden one would lie under the reflection (its centre within
    ``T.hidden_reach`` of it), as far from every symbol seen as printed symbols stand apart,
    inside the card's sides, and either on the centre or with its partner across the
    centre hidden as well. A reflection with no such place cannot change the count; symbols
    not laid out as printed keep the doubt. Where a symbol could lie unseen at all is
    ``_room_to_hide``'s."""
    doubt = c.glare
    if doubt is None:
        return None
    spots = glare_spots(c.img, clipped_core=not c.lifted)
    if spots is None or not _laid_out_as_printed(c):
        return doubt
    return doubt if _a_hidden_symbol_s_place_by(c, spots) else None


def _a_hidden_symbol_s_place_by(c: _Card, spots: np.ndarray) -> bool:
    """Whether a symbol could lie unseen by ``spots`` (a 0/1 mask of the upright card, a
    reflection), the symbols seen laid out as printed (``_laid_out_as_printed``): a place
    within ``T.hidden_reach`` of the spots, as far from every symbol seen as printed symbols
    stand apart, inside the card's sides, on the centre or with its partner across the
    centre such a place too (``_with_partners``), with room to hide there
    (``_room_to_hide``)."""
    h, w = spots.shape
    r = max(1, round(T.hidden_reach * w))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    places = cv2.dilate(spots, disc) > 0
    inset = max(1, round(T.hidden_inset * w))
    places[:inset] = places[h - inset :] = False
    places[:, :inset] = places[:, w - inset :] = False
    ys, xs = np.mgrid[0:h, 0:w]
    apart = (T.hidden_apart * w) ** 2
    for b, _ in c.symbols:
        cx, cy = b.centre[0] * w, b.centre[1] * h
        places &= (xs - cx) ** 2 + (ys - cy) ** 2 >= apart
    if not _with_partners(places).any():
        return False
    # ... and where a symbol could lie unseen at all.
    places &= _room_to_hide(c) >= T.hidden_room * c.smallest_unit * spots.size
    return bool(_with_partners(places).any())


def _unread_print(c: _Card, pale: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Print on the card (pale, or ink) that is no symbol read, nor the soft rim of one: a
    leaf, a speck, or what a reflection left of a symbol (a 0/1 mask)."""
    n, labels, _, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    seen = [_component_under(centres, ink.shape, b.centre) for b, _ in c.symbols]
    read = [i for i in seen if i is not None]
    symbols = cv2.dilate(np.isin(labels, read).astype(np.uint8), np.ones((5, 5), np.uint8))
    return (pale | ink) & (symbols == 0)


def _with_partners(places: np.ndarray) -> np.ndarray:
    """The places (a mask of the upright card) a hidden symbol could take as printed: on the
    centre (its own partner), or elsewhere with its partner, within the layout's slack of its
    mirror image, in a place as well."""
    h, w = places.shape
    ys, xs = np.mgrid[0:h, 0:w]
    on_centre = (np.abs(xs / w - 0.5) + np.abs(ys / h - 0.5)) * 2 < T.layout_slack
    kw = max(1, round(T.layout_slack / 2 * w))
    kh = max(1, round(T.layout_slack / 2 * h))
    partner = cv2.dilate(
        places[::-1, ::-1].astype(np.uint8), np.ones((2 * kh + 1, 2 * kw + 1), np.uint8)
    )
    return places & (on_centre | (partner > 0))


def _room_to_hide(c: _Card) -> np.ndarray:
    """For each place on the card, how many pixels within a symbol's radius of it (the
    smallest the deck prints) could belong to a symbol no one sees there (``_hideout``)."""
    hideout = _print_may_hide(c)
    h, w = hideout.shape
    r = max(1, round(math.sqrt(c.smallest_unit * h * w / math.pi) * T.hidden_disc))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    return cv2.filter2D(
        hideout.astype(np.float32), -1, disc.astype(np.float32), borderType=cv2.BORDER_CONSTANT
    )


def _hideout(c: _Card, *, near_the_spot: bool = False) -> np.ndarray:
    """Where print could lie unseen (a 0/1 mask of the card). A reflection adds light to print
    and face alike, so print keeps its colour under it (paler against the lifted face, yet
    print) except where the sensor clips both: only there, and in the rim that blur spreads
    from there, can print vanish. What is left of a symbol elsewhere is print (ink, or pale)
    that was not read, and counts too; clean face does not. ``near_the_spot``: what the
    sensor clipped only within the reflection's reach (``_clipped_within_the_spot_s_reach``)."""
    washed = (darkest_channel(c.img) >= T.hidden_washed).astype(np.uint8)  # the print's darkest too
    hideout = cv2.dilate(washed, np.ones((3, 3), np.uint8))
    if near_the_spot:
        hideout = _clipped_within_the_spot_s_reach(c, hideout)
    marks = print_marks(c.img)
    if marks is not None:
        hideout = hideout | _unread_print(c, marks[0], marks[1])
    return hideout


def _clipped_within_the_spot_s_reach(c: _Card, hideout: np.ndarray) -> np.ndarray:
    """``hideout`` cut to where the reflection's light could clip print (a 0/1 mask), where
    its falloff can be measured: the face clips under a reflection long before the print
    does (the print lies far below the face's white), so of the face it clipped only the
    part near its core, where its light clips print too, can hide a symbol. The largest
    solid core, taken as a Gaussian spot: ``_where_print_vanishes`` gives the area where
    print clips, and the core scaled about its centre to that area (its radius
    ``T.vanish_reach_margin`` times more, for a spot's shape unlike a Gaussian's) is the
    reach. (Tuning style lamp, own art, seed 1648002 seat 1: a 2 lime under a broad spot
    that clipped the face over the middle place, doubted as a 3 whose middle lime was
    washed away; a lime drawn there in the same light is read.)

    The reach is cut to hold no ink of a symbol read (``_reach_clear_of_print_read``).

    On a face lit to the sensor's top in its brightest channel the spot is measured on its
    darkest (``_where_print_vanishes``, ``on_the_darkest``). Tuning style lamp (own art, scans,
    Deluxe) and glare (Deluxe), seed 2160003 seat 3: a 1 plum at the middle of a spot that
    clipped the face around it over half the card, the plum's print some 100 levels below the
    top there; the face's brightest channel lit near the top all over (240 to 252 away from
    the spot; its darkest 220 to 231), the whole clipped face was taken as where a 3's or a
    5's corners could hide, and the card doubted. Measured on the darkest channel, the reach
    shrinks to a few pixels: the plum shows its print at the spot's middle. Only with every
    symbol seen whole (``_seen_whole``): a Deluxe 3 plum under a spot (glare, seed 302500
    seat 3), one plum washed to 0.43 of the others, stays a doubt of the reflection.

    ``hideout`` as it came where the spot cannot be measured so: on a face not white
    (``T.spot_reach_face_least``), where the model sees no print clipped at all (on a
    Deluxe's silver face it saw none where a spot washed a whole middle banana away:
    tuning style glare, seed 1191003 seat 0), or where another core beyond the reach
    could hide a symbol (``T.glare_hides``: another spot, or one unlike a Gaussian's). A
    smaller one is a pale symbol's inside, or face a weak light clipped: a symbol's rim,
    far darker, clips only under light that clips the face far wider."""
    clipped = _solid(darkest_channel(c.img) >= T.hidden_washed)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(clipped, connectivity=8)
    face = _clean_face(c)
    if n < 2 or face is None or _lit_away_from_reflections(c, face) < T.spot_reach_face_least:
        return hideout
    # On the darkest channel only with every symbol seen whole: a piece a reflection left of
    # one says its light washes print away there (``_seen_whole``).
    vanish = _where_print_vanishes(c, on_the_darkest=bool(c.symbols) and _seen_whole(c))
    if not vanish:
        return hideout  # no measure, or a spot too faint to clip print: the model failed it
    core = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    grow = T.vanish_reach_margin * math.sqrt(vanish / stats[core, cv2.CC_STAT_AREA])
    spot = (labels == core).astype(np.uint8)
    reach = _reach_clear_of_print_read(c, spot, centres[core], grow)
    h, w = clipped.shape
    hides = T.glare_hides * c.smallest_unit * h * w
    for other in range(1, n):
        beyond = np.count_nonzero((labels == other) & (reach == 0))
        if other != core and beyond >= hides:
            return hideout  # another spot's core, or one unlike a Gaussian's
    return hideout & reach


def _reach_clear_of_print_read(
    c: _Card, spot: np.ndarray, centre: np.ndarray, grow: float
) -> np.ndarray:
    """Where a reflection's light may clip print (a 0/1 mask): its clipped ``spot`` scaled
    ``grow`` times about its ``centre``, and scaled down further (by ``T.reach_shrink`` a
    step) until it holds no ink of a symbol read. A spot's light falls off from its centre,
    so print it clips lies nearer that centre than any print it left: a symbol that shows
    there says the light beyond it cannot have washed a whole symbol away (own art, tuning
    style cloth, seed 285501 seat 3: a 4 plum whose lower plums show pale inside a broad
    spot's clipped face, the middle place further out, was doubted as a 5's middle plum
    washed away). Only where the falloff was measured: on a face lit near the top the
    clipped core is no spot's shape, and its hull, cut so, left out a middle place that a
    spot centred on it could wash (scans, tuning style cloth, seed 1142005 seat 0: a 4
    plum, its top right plum pale at the spot's side, was read, where a 5 may lie)."""
    ink = _ink_read(c)
    cx, cy = centre
    h, w = spot.shape
    while True:
        scale = np.array([[grow, 0.0, cx * (1 - grow)], [0.0, grow, cy * (1 - grow)]], np.float32)
        reach = cv2.warpAffine(spot, scale, (w, h), flags=cv2.INTER_NEAREST)
        reach = cv2.dilate(reach, np.ones((3, 3), np.uint8))
        if ink is None or not (ink & (reach > 0)).any() or grow < T.reach_least_grow:
            return reach
        grow *= T.reach_shrink


def _ink_read(c: _Card) -> np.ndarray | None:
    """The ink of the symbols read (a boolean mask of the card), or None with no print marks."""
    ink = _ink_components(c)
    if ink is None:
        return None
    seen = [ink.under(b.centre) for b, _ in c.symbols]
    return np.isin(ink.labels, [i for i in seen if i is not None])


def _print_may_hide(c: _Card) -> np.ndarray:
    """Where print could lie unseen once the symbols are read (a 0/1 mask of the card):
    ``_hideout``, and print a reflection lifted to white that no symbol read
    (``_unread_print_under_the_reflection``). Worked out once per card: two glare checks
    ask, and taking the reflection's light off is not cheap."""
    if c._may_hide is None:
        c._may_hide = _hideout(c, near_the_spot=True) | _unread_print_under_the_reflection(c)
    return c._may_hide


def _unread_print_under_the_reflection(c: _Card) -> np.ndarray:
    """Print a reflection standing out on the face lifts, unclipped, above the level the
    card's colours are judged against (``light.normalised_face``): every channel there reads white,
    and the print is neither ink nor pale on the card as it came. With the reflection's light
    taken off (``_reflection_taken_off``) it shows again: the print there that is no symbol
    read (a 0/1 mask of the card; none on a card read so already, or with no such
    reflection). (Tuning style phone, clone deck, seed 900007 seat 3: a middle strawberry
    paled to (223, 223, 252) read as white, and the card as 1 strawberry + 1 plum.)"""
    none = np.zeros(c.img.shape[:2], np.uint8)
    if c.lifted or c.glare is None:
        return none
    symbols = _ink_read(c)
    lifted = _reflection_taken_off(c.img)
    marks = None if lifted is None else print_marks(lifted)
    if marks is None or symbols is None:
        return none
    pale, ink, _ = marks
    # The symbols read, as the lifted print shows them: its pieces over their ink.
    _, pieces = cv2.connectedComponents(ink, connectivity=8)
    over = np.isin(pieces, np.unique(pieces[symbols & (pieces > 0)])).astype(np.uint8)
    read = cv2.dilate(over, np.ones((5, 5), np.uint8))
    return (pale | ink) & (read == 0)


def _glare_may_hide_print(c: _Card) -> Doubt | None:
    """A reflection that may hide a symbol doubts the card where the print's symmetry says
    one could lie under it (``_glare_may_hide_a_symbol``, ``_glare_breaks_layout``,
    ``_glare_on_searched_outline``). On the classic deck, with every symbol seen a single
    one (``_by_print_layout``), only where a symbol could lie unseen at a place the deck
    prints one (``_glare_over_a_printed_place``): the symmetry alone cannot tell a place a
    larger count prints at from one it never does."""
    doubt = _glare_may_hide_a_symbol(c) or _glare_breaks_layout(c) or _glare_on_searched_outline(c)
    least = _least_hidden_share(c)
    if doubt is None and _by_print_layout(c):
        if _reflection_lifts_the_face(c):
            doubt = Doubt.GLARE_OVER_FACE
        elif _reflection_on_a_clipped_face(c):
            # On a face lit to the top a symbol's pale rim is judged by its pale print
            # (``_pale_print_on_clipped_face``); one washed away whole lies within what the
            # sensor clipped in every channel, its whole shape there.
            doubt, least = Doubt.GLARE_OVER_FACE, T.clipped_hidden_fill
    if not _by_print_layout(c):
        return doubt
    if doubt is None:
        return _glare_over_a_corner_of_three(c, least)
    return _glare_over_a_printed_place(c, least)


def _glare_over_a_corner_of_three(c: _Card, least: float) -> Doubt | None:
    """Two symbols of a classic card, nearer each other than a 2 prints them
    (``T.close_pair_width``, ``T.close_pair_height``), that a 3's layout holds as its middle
    and a corner, with its other corner where a whole symbol could lie unseen under a
    reflection (``_hidden_fill``): a 3 whose corner the reflection washed out. The two are
    near enough across the centre to pass for a 2's corners, and no place they leave as a
    2's partners lies under the reflection (tuning style phone_dim, scans, seed 964023 seat
    0: a 3 banana, its top banana washed at the outline's corner, read 2 banana)."""
    seen = _centres(c)
    if c.glare is None or len(seen) != 2:
        return None
    p, q = seen
    if abs(p[0] - q[0]) >= T.close_pair_width or abs(p[1] - q[1]) >= T.close_pair_height:
        return None
    fill = _hidden_fill(c)
    if fill is None:
        return None
    for spots in _printed_layouts(3):
        for missing in _ways_unmatched(seen, spots):
            (at,) = missing
            corner = _mirror_gap(at, at) > T.layout_slack
            if corner and _could_hide(fill, at, least):
                return Doubt.GLARE_OVER_A_CORNER_OF_THREE
    return None


def _least_hidden_share(c: _Card) -> float:
    """How much of a symbol's shape must lie where print could vanish, or in print not read,
    for a symbol to hide at a printed place (``_glare_over_a_printed_place``). On the card as
    it came, ``T.hidden_fill``: a symbol a reflection paled shows a rim too pale to be marked
    as print. With the reflection's light taken off (``_Card.lifted``) the paled print is
    print again, marked or left unread (both count), and only the core clipped in every
    channel hides: a symbol's shape must lie there nearly whole, as
    ``_clipped_core_may_hide_a_symbol`` judges it (``T.clipped_hidden_fill``)."""
    return T.clipped_hidden_fill if c.lifted else T.hidden_fill


def _reflection_lifts_the_face(c: _Card) -> bool:
    """A reflection wide enough to lift the face's median with it, which ``light.glare_spots``
    therefore did not judge (nothing stands above that median), yet strong enough to clip a
    whole symbol away with the face: it clips a good part of a symbol's size
    (``T.glare_touches``) and its light, judged from its shape, would clip print over
    ``T.reflection_hides`` of the smallest symbol (``_where_print_vanishes``). Only a spot
    that falls off into a face lit well below the top counts: a plain face near the top,
    clipped in part, is no such spot and is never doubted here."""
    if c.glare is not None:
        return False
    size = c.img.shape[0] * c.img.shape[1]
    clipped = np.count_nonzero(darkest_channel(c.img) >= T.hidden_washed)
    if clipped < T.glare_touches * c.smallest_unit * size:
        return False
    vanish = _where_print_vanishes(c)
    return vanish is not None and vanish >= T.reflection_hides * c.smallest_unit * size


def _reflection_on_a_clipped_face(c: _Card) -> bool:
    """On a face lit to the sensor's top in its brightest channel (``_Card.clipped``: a warm
    light clips the red first) no reflection stands out there, nor in ``light.glare_spots``;
    it shows in the darkest channel, which only the lamp's own light takes to the top. A
    core clipped in every channel over a whole symbol's size (``T.glare_hides``) may have
    washed a symbol away with the face, when the face away from it is lit well below the
    top in that channel (``T.reflection_face_below``) and the core is less than most of the
    face (``T.clipped_reflection_most``): a plain face lit to the top all over clips in
    every channel over most of it, and is judged by its pale print instead
    (``_pale_print_on_clipped_face``)."""
    if not c.clipped:
        return False
    face = _clean_face(c)
    if face is None:
        return False
    darkest = darkest_channel(c.img)
    if float(np.percentile(darkest[face], 20)) > T.reflection_face_below:
        return False
    core = np.count_nonzero(face & _solid(darkest >= T.hidden_washed))
    return bool(
        T.glare_hides * c.smallest_unit * darkest.size
        <= core
        < T.clipped_reflection_most * np.count_nonzero(face)
    )


def _solid(clipped: np.ndarray) -> np.ndarray:
    """The solid parts of a mask of clipped pixels (a 0/1 mask): a reflection's clipped core
    is a solid patch, where a dark face lifted by the camera's gain clips in specks of its
    noise, a few pixels each, that together may make a symbol's size."""
    return cv2.morphologyEx(clipped.astype(np.uint8), cv2.MORPH_OPEN, _SOLID_KERNEL)


_SOLID_KERNEL = np.ones((T.clipped_solid, T.clipped_solid), np.uint8)


def _clean_face(c: _Card) -> np.ndarray | None:
    """The card's clean face (a boolean mask): neither print nor its border margin. None when
    the face shows no print marks to tell them apart, or no clean face is left."""
    marks = print_marks(c.img)
    if marks is None:
        return None
    h, w = c.img.shape[:2]
    m = card_margin(w)
    face = marks[1] == 0
    face[:m] = face[h - m :] = False
    face[:, :m] = face[:, w - m :] = False
    return face if face.any() else None


def _lit_away_from_reflections(c: _Card, face: np.ndarray) -> float:
    """How bright the clean ``face`` is away from any reflection: its brightest channel's
    20th percentile (a reflection lights less than most of a face)."""
    return float(np.percentile(brightest(c.img)[face], 20))


def _where_print_vanishes(c: _Card, *, on_the_darkest: bool = False) -> float | None:
    """How many pixels of the card a reflection lights so strongly that print under it would
    clip with the face (its darkest channel ``T.print_darkest``), from the reflection's shape
    on the clean face, taken as a round Gaussian spot over a flat face: its clipped core and
    the wider area lit half way from the face to the sensor's top say its width and its
    peak. None where the face shows no such spot: no clipped core, an edge with no falloff,
    a face away from it lit near the top already (``T.reflection_face_below``) or clipped
    over most of it (``T.clipped_reflection_most``: a face lit to the top all over, judged
    by its pale print instead). The face's light is judged on its brightest channel; the spot
    is measured on that channel, and where it is lit near enough the top to leave the spot
    little room (``T.falloff_on_darkest_from``) on the darkest too, the larger taken: a
    reflection is neutral and lifts every channel alike, but on a face a warm lamp tints the
    brightest channel shows little of the spot's falloff, which the darkest, lit well below
    the top, still shows (tuning lamp, own art, scans and Deluxe, seed 930204 seat 5: a 3
    strawberry whose middle one the spot washed away, read as a 2; 0 pixels on the brightest
    channel, some 600 on the darkest).

    ``on_the_darkest``: a face whose brightest channel is lit near the top away from the spot
    (a warm lamp clips the red over all of it) is measured on its darkest channel alone, when
    that one is lit below ``T.reflection_face_below`` (as ``_reflection_on_a_clipped_face``
    judges such a face): only there does the spot's falloff show."""
    face = _clean_face(c)
    if face is None:
        return None
    lit = _lit_away_from_reflections(c, face)
    dark = darkest_channel(c.img)
    channels = [brightest(c.img)]
    if lit > T.reflection_face_below:
        if not on_the_darkest or float(np.percentile(dark[face], 20)) > T.reflection_face_below:
            return None
        channels = []  # the brightest channel clipped all over: no falloff shows in it
    core = int(np.count_nonzero(face & (dark >= T.hidden_washed)))  # clipped in every channel
    if core >= T.clipped_reflection_most * np.count_nonzero(face):
        return None
    if lit >= T.falloff_on_darkest_from:
        channels.append(dark)
    level = _print_s_darkest_level(c)
    found = [
        vanish
        for channel in channels
        if (vanish := _print_vanishes_in(face, core, channel, level)) is not None
    ]
    return max(found, default=None)


def _print_s_darkest_level(c: _Card) -> float:
    """How bright the print's darkest channel is where a reflection does not lift it: on the
    classic deck (one kind a card, so a hidden symbol is printed as those seen) the median,
    over the symbols read, of each one's ink at ``T.print_level_pct`` (a symbol lifted by the
    reflection reads brighter, and so errs towards more print clipped), never above
    ``T.print_darkest``; elsewhere ``T.print_darkest``. A plum's print stays near 40 where
    a generic print's paler parts reach 80: the same spot clips far less of it (own art,
    tuning style glare seed 1660003 seat 5: a 4 plum doubted as a 5 whose middle plum a
    reflection beside the centre washed away)."""
    components = _ink_components(c)
    if not _by_print_layout(c) or components is None:
        return T.print_darkest
    darkest = darkest_channel(c.img)
    levels = []
    for b, _ in c.symbols:
        i = components.under(b.centre)
        if i is not None:
            levels.append(float(np.percentile(darkest[components.labels == i], T.print_level_pct)))
    return min(T.print_darkest, float(np.median(levels))) if levels else T.print_darkest


def _print_vanishes_in(
    face: np.ndarray, core: int, channel: np.ndarray, print_level: float
) -> float | None:
    """``_where_print_vanishes`` judged on one channel of the card, its reflection's clipped
    ``core`` (pixels of the ``face``) counted once for every channel, for print whose darkest
    channel is ``print_level`` bright."""
    v = channel.astype(np.float32)
    lit = float(np.percentile(v[face], 20))  # the face away from reflections
    half = np.count_nonzero(face & (v >= lit + (255.0 - lit) / 2))
    if core == 0 or half <= core * T.reflection_falloff:
        return None
    # Areas as discs: r_half^2 - r_core^2 = 2 s^2 ln 2, and lit + peak exp(-r_core^2/2s^2)
    # reaches the top.
    two_s2 = (half - core) / math.pi / math.log(2)
    peak = (255.0 - lit) * math.exp(core / math.pi / two_s2)
    room = T.hidden_washed - print_level
    return math.pi * two_s2 * math.log(peak / room) if peak > room else 0.0


def _glare_over_a_printed_place(c: _Card, least: float = T.hidden_fill) -> Doubt | None:
    """A reflection on a classic card (every symbol seen a single one) hides a symbol that
    changes the count only where the card may be one of a larger count whose other symbols
    lie under it: a layout the deck prints for more symbols holds each symbol seen at one
    of its places, and every other place of it could hide a whole symbol of the card's
    kind, shaped as those seen (``_hidden_fill``). Where the layouts fit one count only (each
    other count's ruled out by a symbol seen off its places, or a place of it where no symbol
    could hide) and it is larger, that count is read: its places the symbols seen leave are
    ``_Card.hidden``, at most ``T.fit_hidden_most`` of them, with ``T.fit_seen_least``
    symbols seen at least, and not a 3's corners one of which a reflection washed in part
    (``_one_of_a_pair_washed_in_part``: its centre does not say its place)."""
    fill = _hidden_fill(c, rest_judged=True)
    if fill is None:
        return Doubt.GLARE_OVER_FACE
    seen = [b.centre for b, _ in c.symbols]
    middle = _middle_by_pairs(seen, fill.shape)
    fits = _counts_that_fit(seen, fill, least, middle)
    if _a_twos_pair_as_a_threes_corners(seen, fits.get(3)):
        del fits[3]
    if fits.get(len(seen)) == [] and _seen_whole(c):
        fits = _larger_counts_behind_a_halo_ruled_out(c, fits, fill, least, middle)
    if not any(n > len(seen) for n in fits):
        return None
    if len(fits) == 1 and not _a_symbol_cut_by_the_outline(c):
        ((n, places),) = fits.items()
        if n - len(seen) <= T.fit_hidden_most and len(seen) >= T.fit_seen_least:
            if _one_of_a_pair_washed_in_part(c, places):
                return Doubt.WASHED_CORNER_OF_A_PAIR
            c.hidden = places
            return None
    return Doubt.GLARE_OVER_FACE


def _larger_counts_behind_a_halo_ruled_out(
    c: _Card,
    fits: dict[int, list[tuple[float, float]]],
    fill: np.ndarray,
    least: float,
    middle: tuple[float, float] | None,
) -> dict[int, list[tuple[float, float]]]:
    """``fits`` without the larger counts each of whose places the symbols seen leave holds a
    symbol's shape only in part under the reflection's clipped core (below
    ``T.clipped_hidden_fill``), its rest on face that shows no print
    (``_halo_shows_no_print``). Asked only where the symbols seen, each whole
    (``_seen_whole``), make a whole layout by themselves: the card is that count, or a larger
    one whose extra symbols the reflection washed away whole (tuning lamp, own art, seed
    2337001 seat 4: a 4 plum, 0.62 of a plum's shape clipped at a 5's middle place, the face
    around the core level with its falloff)."""
    kept = {}
    for n, places in fits.items():
        if places and all(_halo_shows_no_print(c, fill, at, least, middle) for at in places):
            continue
        kept[n] = places
    return kept


def _seen_whole(c: _Card) -> bool:
    """Every symbol seen is as large as a whole one beside the largest (``T.smaller``): none is
    a piece a reflection left of one, which says the reflection washes print away near it
    (own lamp, seed 1172503 seat 4: a 4 strawberry, its top corner washed to 0.3 of the
    others, stays a doubt where a 5's middle may lie)."""
    largest = max(b.core for b, _ in c.symbols)
    return all(b.core >= T.smaller * largest for b, _ in c.symbols)


def _halo_shows_no_print(
    c: _Card,
    fill: np.ndarray,
    at: tuple[float, float],
    least: float,
    middle: tuple[float, float] | None,
) -> bool:
    """No symbol lies with its centre near ``at`` (as ``_could_hide_at_place`` finds it) where
    the reflection clipped its shape in part: wherever ``fill`` says enough of it could hide
    there, less than ``T.clipped_hidden_fill`` of it does, and its rest off what the sensor
    clipped in every channel (print not read counts as rest: it is print) lies level with
    the face around it (at ``T.halo_rest_pct``, within ``T.halo_rest_share`` of how far the
    print lies below the face away from the reflection). A reflection adds one light to face
    and print alike, so print the sensor did not clip stays as far below the face beside it,
    however pale against the card's white (the first read marks no print there). A shape
    with no such rest, all of it on face the sensor clipped, is judged by its part beyond
    the spot's reach instead (``_beyond_the_spot_s_reach``)."""
    template = _symbol_shape(c)
    clean = _clean_face(c)
    if template is None or clean is None:
        return False
    hideout = _print_may_hide(c)
    darkest = darkest_channel(c.img)
    clipped = cv2.dilate((darkest >= T.hidden_washed).astype(np.uint8), np.ones((3, 3), np.uint8))
    k = T.through_face_px
    face = cv2.morphologyEx(
        darkest, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    below = face.astype(np.int32) - darkest.astype(np.int32)  # print lies far below its face
    # How far print lies below the face where no reflection lifts it (the face as
    # ``_lit_away_from_reflections`` takes it, in the darkest channel).
    contrast = float(np.percentile(darkest[clean], 20)) - _print_s_darkest_level(c)
    level = T.halo_rest_share * contrast
    near = _near_place(fill.shape, at, middle)
    size = float(cv2.countNonZero(template))
    for shape in (template, template[::-1, ::-1], template[:, ::-1], template[::-1, :]):
        got = _share_under(hideout, shape) / size
        for y, x in zip(*np.nonzero(near & (got >= least)), strict=True):
            if got[y, x] >= T.clipped_hidden_fill:
                return False
            rest = _rest_of_shape_at(shape, (x, y), clipped)
            if not rest.any():
                if _beyond_the_spot_s_reach(shape, (x, y), hideout, clipped) < size * (
                    1.0 - T.clipped_hidden_fill
                ):
                    return False
                continue
            if float(np.percentile(below[rest], T.halo_rest_pct)) > level:
                return False
    return True


def _near_place(
    shape: tuple[int, ...], at: tuple[float, float], middle: tuple[float, float] | None
) -> np.ndarray:
    """Where a symbol's centre may lie for the place ``at`` (a boolean mask), as
    ``_could_hide_at_place`` looks: by the pairs' middle, or within the layout's slack."""
    h, w = shape[:2]
    ys, xs = np.mgrid[0:h, 0:w]
    if middle is None or _mirror_gap(at, at) > T.layout_slack:
        return np.abs(xs / w - at[0]) + np.abs(ys / h - at[1]) <= T.hidden_slack
    x, y, r = round(middle[0] * w), round(middle[1] * h), T.middle_by_pairs_px
    return (np.abs(xs - x) <= r) & (np.abs(ys - y) <= r)


def _beyond_the_spot_s_reach(
    shape: np.ndarray, centre: tuple[int, int], hideout: np.ndarray, clipped: np.ndarray
) -> int:
    """How many pixels of ``shape`` placed at ``centre`` lie on face the sensor clipped
    (``clipped``) beyond where the spot's light clips print (``hideout``, cut to the spot's
    reach, ``_clipped_within_the_spot_s_reach``): there the face clips, yet print, far
    darker, shows. A symbol whose shape lies wholly on clipped face, this part of it over a
    tenth of it (``T.clipped_hidden_fill``), shows there; clipped face with no print there
    holds none (tuning lamp, scans, seed 2206004 seat 4: a 4 strawberry under a band of
    light clipped between its pairs, 0.41 of a strawberry within the spot's reach at a 5's
    middle place, the rest on that band, where the top left strawberry, lit as much, shows
    its print; cloth, every classic art, seed 2205000 seat 5: a 4 plum, 0.8 at the middle
    place)."""
    off = _rest_of_shape_at(shape, centre, hideout)
    return int(np.count_nonzero(off & (clipped > 0)))


def _rest_of_shape_at(
    shape: np.ndarray, centre: tuple[int, int], clipped: np.ndarray
) -> np.ndarray:
    """The pixels of ``shape`` placed with its centre at ``centre`` (as ``_share_under``
    anchors it) that lie on the card off ``clipped`` (a 0/1 mask), as a boolean mask."""
    ys, xs = np.nonzero(shape)
    ys = ys - round(float(ys.mean())) + centre[1]
    xs = xs - round(float(xs.mean())) + centre[0]
    h, w = clipped.shape
    on = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
    rest = np.zeros((h, w), bool)
    rest[ys[on], xs[on]] = True
    return rest & (clipped == 0)


def _one_of_a_pair_washed_in_part(c: _Card, missing: list[tuple[float, float]]) -> bool:
    """Two symbols seen, taken as the corners of a 3 whose middle lies unseen (``missing``:
    the places they leave), one beside a clipped reflection (``_clipped_near_the_print``) and
    smaller than ``T.pair_washed_in_part`` of the other: the reflection washed part of it,
    and its centre, measured on the rest, lies off its place, where it may have ruled out a
    2's (the scans print a 2's pair as far apart as a 3's corners, and only the middle tells
    them). No symbol is counted unseen (tuning lamp, scans, seed 2287002 seat 3: a 2 banana,
    its top banana washed on the side towards the centre to 0.78 of the other, measured 0.32
    off the 2's place and 0.23 off a 3's corner; read 3 banana). Beside the reflection: its
    print's piece, or its centre, where the piece under the centre is not found (a banana's
    bend leaves its centre off its ink; tuning tilt_hard, scans, seed 358501 seat 3: a 2
    banana on a searched outline, its top banana washed to 0.851 of the other, its centre
    0.30 off the 2's place; read 3 banana)."""
    if len(c.symbols) != 2 or len(missing) != 1:
        return False
    ((x, y),) = missing
    if abs(x - 0.5) + abs(y - 0.5) > T.print_layout_slack:
        return False  # a corner unseen: the two seen are the middle and a corner
    largest = max(b.core for b, _ in c.symbols)
    return any(
        b.core < T.pair_washed_in_part * largest
        and (_clipped_near_the_print(c, b) or c.clipped_near(b.centre))
        for b, _ in c.symbols
    )


def _a_symbol_cut_by_the_outline(c: _Card) -> bool:
    """A symbol seen touches the outline's side: the outline may frame part of a card (a
    card's side under a reflection, another side taken for it), and a layout judged in it
    is not the card's, so no symbol is counted unseen (tuning sheen, Deluxe, seed 1625005
    seat 0: an outline over the left part of a 5, its right side across the bananas, read
    as 4 banana with one counted under the reflection)."""
    return any(b.touches_edge for b, _ in c.symbols)


def _counts_that_fit(
    seen: list[tuple[float, float]],
    fill: np.ndarray,
    least: float,
    middle: tuple[float, float] | None,
) -> dict[int, list[tuple[float, float]]]:
    """The counts the deck prints (as many as the symbols seen, or more) whose layout holds
    each symbol seen at a place of its own, every other place of it one where a whole symbol
    could lie unseen (``_could_hide_at_place``): each with the places the symbols seen leave
    (one layout a count: the first that fits)."""
    fits: dict[int, list[tuple[float, float]]] = {}
    for more in range(len(seen), max(CLASSIC_SPOTS) + 1):
        for spots in _printed_layouts(more):
            missing = _unmatched(seen, spots)
            if missing is not None and all(
                _could_hide_at_place(fill, at, least, middle) for at in missing
            ):
                fits[more] = missing
                break
    return fits


def _a_twos_pair_as_a_threes_corners(
    seen: list[tuple[float, float]], threes_missing: list[tuple[float, float]] | None
) -> bool:
    """Two symbols seen, taken as the corners of a 3 whose middle lies unseen
    (``threes_missing``: the 3's places they leave, None when no 3 fits), that lie nearer
    each other along the card's length than a 3's corners ever do
    (``T.threes_corners_apart``): they are a 2's pair, and the 3 does not fit. (The 2's
    places lie further in along the diagonal than the 3's corners; the long side's gap,
    unlike the places themselves, does not move with a banana's weight or an outline a few
    pixels off.) Asked of symbols seen only: a place a washed piece stands for is the
    layout's, not measured."""
    if threes_missing is None or len(seen) != 2 or len(threes_missing) != 1:
        return False
    ((x, y),) = threes_missing
    if abs(x - 0.5) + abs(y - 0.5) > T.print_layout_slack:
        return False  # a corner unseen: the two seen are the middle and a corner
    return abs(seen[0][1] - seen[1][1]) < T.threes_corners_apart


def _middle_by_pairs(
    seen: list[tuple[float, float]], shape: tuple[int, ...]
) -> tuple[float, float] | None:
    """Where an odd count's middle symbol would lie, from the pairs seen across the centre:
    the classic deck draws every symbol of a card the same way round, so the middle one's
    centre (a banana's weight, off its place, too) lies on the midpoint of each pair's
    centres (within a pixel on the own art and the scans). None without a pair, or with
    pairs whose midpoints disagree by more than ``T.middle_pairs_agree_px`` (then the
    layout's place, with its slack, is all there is)."""
    mids = [
        ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        for i, p in enumerate(seen)
        for q in seen[i + 1 :]
        if _mirror_gap(p, q) <= T.layout_slack
    ]
    if not mids:
        return None
    h, w = shape[:2]
    mx = sum(x for x, _ in mids) / len(mids)
    my = sum(y for _, y in mids) / len(mids)
    spread = max(math.hypot((x - mx) * w, (y - my) * h) for x, y in mids)
    return (mx, my) if spread <= T.middle_pairs_agree_px else None


def _could_hide_at_place(
    fill: np.ndarray, at: tuple[float, float], least: float, middle: tuple[float, float] | None
) -> bool:
    """``_could_hide`` at a place a larger count prints; the middle place (on the card's
    centre) where the pairs seen fix it (``_middle_by_pairs``) is judged there, within
    ``T.middle_by_pairs_px`` pixels, not within the layout's slack: a reflection beside the
    centre cannot hide a middle symbol that would show its print on clean face."""
    if middle is None or _mirror_gap(at, at) > T.layout_slack:
        return _could_hide(fill, at, least)
    h, w = fill.shape
    x, y, r = round(middle[0] * w), round(middle[1] * h), T.middle_by_pairs_px
    return bool(fill[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1].max() >= least)


def _where_printed(
    seen: list[tuple[float, float]], spots: tuple[tuple[float, float], ...], order: tuple[int, ...]
) -> list[tuple[float, float]]:
    """The places of a layout the symbols seen leave (``order``: the place each took), moved
    as the symbols seen lie off theirs (an outline a few pixels off moves all the print)."""
    dx = sum(x - spots[k][0] for (x, _), k in zip(seen, order, strict=True)) / len(seen)
    dy = sum(y - spots[k][1] for (_, y), k in zip(seen, order, strict=True)) / len(seen)
    return [(x + dx, y + dy) for k, (x, y) in enumerate(spots) if k not in order]


def _by_print_layout(c: _Card) -> bool:
    """A reflection on the card is judged by where the deck prints its symbols: the classic
    deck, every symbol seen a single one."""
    return _classic_print(c.profile) and _all_single(c)


def _printed_layouts(count: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """Where the classic deck prints ``count`` symbols, and that layout's mirror image (an
    outline's corners taken the other way round would show it so)."""
    spots = CLASSIC_SPOTS[count]
    return (spots, tuple((1.0 - x, y) for x, y in spots))


def _unmatched(
    seen: list[tuple[float, float]], spots: tuple[tuple[float, float], ...]
) -> list[tuple[float, float]] | None:
    """The places of a layout left over once each symbol seen takes a place of its own within
    ``T.print_layout_slack`` of it (``_where_printed``); None when the symbols seen do not
    fit the layout."""
    return next(_ways_unmatched(seen, spots), None)


def _ways_unmatched(
    seen: list[tuple[float, float]], spots: tuple[tuple[float, float], ...]
) -> Iterator[list[tuple[float, float]]]:
    """``_unmatched`` for each way the symbols seen take places of the layout, in turn."""
    for order in itertools.permutations(range(len(spots)), len(seen)):
        if all(
            abs(x - spots[k][0]) + abs(y - spots[k][1]) <= T.print_layout_slack
            for (x, y), k in zip(seen, order, strict=True)
        ):
            yield _where_printed(seen, spots, order)


def _hidden_fill(c: _Card, *, rest_judged: bool = False) -> np.ndarray | None:
    """For each place on the card, the share of a symbol's print, shaped as the smallest
    single symbol read (any way round), that ``_hideout`` covers with its centre there: where
    it is (nearly) all, a symbol could lie there unseen. None when no symbol read gives the
    shape. With ``rest_judged``, a place where the shape lies there in part only (below
    ``T.clipped_hidden_fill``) and ``T.rest_plain`` of it on plain face (``_plain_face``) is
    0: a symbol there would show that part of it as ink."""
    template = _symbol_shape(c)
    if template is None:
        return None
    hideout = _print_may_hide(c)
    plain = _plain_face(c, hideout) if rest_judged else None
    size = float(cv2.countNonZero(template))
    fill = np.zeros(hideout.shape, np.float32)
    for shape in (template, template[::-1, ::-1], template[:, ::-1], template[::-1, :]):
        got = _share_under(hideout, shape) / size
        if plain is not None:
            rest_shows = _share_under(plain, shape) / size >= T.rest_plain
            got[rest_shows & (got < T.clipped_hidden_fill)] = 0.0
        fill = np.maximum(fill, got)
    return fill


def _share_under(mask: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """For each place, how many pixels of ``mask`` lie under ``shape`` with its centre there."""
    ys, xs = np.nonzero(shape)
    anchor = (round(float(xs.mean())), round(float(ys.mean())))  # its centre, as seen ones'
    return cv2.filter2D(
        mask.astype(np.float32),
        -1,
        np.ascontiguousarray(shape, np.float32),
        anchor=anchor,
        borderType=cv2.BORDER_CONSTANT,
    )


def _plain_face(c: _Card, hideout: np.ndarray) -> np.ndarray:
    """Where the card shows plain face that no symbol's print could lie under
    (``_plain_face_of`` its clean face, ``_clean_face``; none where it has none)."""
    face = _clean_face(c)
    if face is None:
        return np.zeros(hideout.shape, bool)
    return _plain_face_of(c.img, face, hideout)


def _plain_face_of(img: np.ndarray, face: np.ndarray, hideout: np.ndarray) -> np.ndarray:
    """Where ``img`` shows plain face (a boolean mask): beyond ``hideout``, no darker in its
    darkest channel than the clean ``face``'s own white, less its noise and shading
    (``T.plain_dark_pct``), and no more hue than the clean face's (``T.plain_hue_pct``). A
    reflection lifts every channel alike, so lifted ink keeps its hue until its brightest
    channel clips; from there its hue is what the top leaves above its darkest channel, so a
    pixel within the face's hue of the top is not judged plain."""
    dark = darkest_channel(img).astype(np.int32)
    hue = brightest(img).astype(np.int32) - dark
    white = float(np.percentile(dark[face], T.plain_dark_pct))
    tint = float(np.percentile(hue[face], T.plain_hue_pct))
    plain = ~hideout & (dark >= white) & (hue <= tint) & (dark < 255 - tint)
    # A pixel of plain face among plain face: a symbol's blurred rim passes for face alone.
    return cv2.erode(plain.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


class _InkPieces(NamedTuple):
    """The card's ink as connected pieces: OpenCV's labels, stats and centres."""

    labels: np.ndarray
    stats: np.ndarray
    centres: np.ndarray

    def under(self, centre: tuple[float, float]) -> int | None:
        """The piece whose centre is a blob's ``centre`` (shares of the card's width and
        height): the blob's own ink (``_component_under``)."""
        return _component_under(self.centres, self.labels.shape, centre)


def _ink_components(c: _Card) -> _InkPieces | None:
    """The card's ink as connected pieces, or None where the face shows no print marks."""
    marks = print_marks(c.img)
    if marks is None:
        return None
    _, labels, stats, centres = cv2.connectedComponentsWithStats(marks[1], connectivity=8)
    return _InkPieces(labels, stats, centres)


def _symbol_shape(c: _Card) -> np.ndarray | None:
    """The print (ink) of the smallest single symbol read, cut to its box (a 0/1 mask)."""
    components = _ink_components(c)
    if components is None:
        return None
    labels, stats, _ = components
    for b, _ in sorted(c.symbols, key=lambda s: s[0].core):
        i = components.under(b.centre)
        if i is not None:
            x, y, bw, bh = stats[i, :4]
            return (labels[y : y + bh, x : x + bw] == i).astype(np.uint8)
    return None


def _could_hide(fill: np.ndarray, at: tuple[float, float], least: float) -> bool:
    """A whole symbol could lie unseen with its centre near ``at`` (shares of the card): within
    ``T.hidden_slack`` of it, where ``least`` of its shape lies hidden."""
    h, w = fill.shape
    ys, xs = np.mgrid[0:h, 0:w]
    near = np.abs(xs / w - at[0]) + np.abs(ys / h - at[1]) <= T.hidden_slack
    return bool(fill[near].max() >= least)


def _glare_breaks_layout(c: _Card) -> Doubt | None:
    """A clipped reflection large enough to hide a whole symbol, on a face lit as usual, and
    symbols not laid out as printed ones are (each with a partner across the card's centre,
    or on it): a symbol may lie under the reflection."""
    if c.clipped:
        return None
    share = cv2.countNonZero(c.clipped_spots) / float(c.clipped_spots.size)
    if share < T.glare_hides * c.smallest_unit:
        return None
    if any(b.core > T.count_bands[0][1] * k.unit_area for b, k in c.symbols):
        return None  # symbols that touch make one blob, between its symbols' places
    pts = [b.centre for b, _ in c.symbols]
    for x, y in pts:
        mx, my = 1.0 - x, 1.0 - y
        if not any(abs(px - mx) + abs(py - my) < T.layout_slack for px, py in pts):
            return Doubt.GLARE_OVER_FACE
    return None


def _glare_on_searched_outline(c: _Card) -> Doubt | None:
    """A searched outline is read strictly (whole symbols of one size only), so a symbol a
    reflection washed to a pale piece is dropped rather than doubted; with a clipped
    reflection on a face lit as usual, the count cannot be trusted."""
    if not c.one_size or c.clipped:
        return None
    # A reflection stands well above the face's white; a dark face lifted to the usual
    # exposure can touch the top with its white alone.
    if float(np.percentile(brightest(c.img), 60)) > T.clipped_face - T.glare_above_white:
        return None
    # A reflection big enough to wash out a good part of a symbol.
    share = cv2.countNonZero(c.clipped_spots) / float(c.clipped_spots.size)
    return Doubt.GLARE_OVER_FACE if share >= T.glare_touches * c.smallest_unit else None


def _pale_print_on_clipped_face(c: _Card) -> Doubt | None:
    """On a face lit to the sensor's top, where no reflection stands out, a symbol a lamp
    washed out shows only as a pale ring or crescent of its colour, too pale to be print: a
    pale patch nearly half a symbol's size, away from the symbols read, is one that the
    count would leave out."""
    if not c.clipped:
        return None
    middle_read = _middle_symbol_read(c)
    pieces = _pale_print_by_a_clipped_core(c, _pale_print_of_the_card_s_kind(c))
    for share, (x, y) in pieces:
        size = share / c.smallest_unit
        if size >= T.pale_piece:
            return Doubt.GLARE_OVER_FACE
        # A smaller pale piece (a lifted dark face's noise leaves specks of up to a third of
        # a symbol) is what is left of one on the card's middle symbol, an odd count's, which
        # a reflection over the card's middle takes: the piece, a rim of it, lies within the
        # layout's slack of the centre.
        on_centre = abs(x - 0.5) + abs(y - 0.5) < T.layout_slack
        if size >= T.pale_piece_middle and on_centre and not middle_read:
            return Doubt.GLARE_OVER_FACE
    if middle_read:
        return None
    # The clip can cut that crescent into pieces, each too small alone: pieces of a rim's
    # size (``T.pale_rim_piece_least``) on the centre count together.
    rim = sum(
        share
        for share, (x, y) in pieces
        if share >= T.pale_rim_piece_least * c.smallest_unit
        and abs(x - 0.5) + abs(y - 0.5) < T.layout_slack
    )
    return Doubt.GLARE_OVER_FACE if rim >= T.pale_piece_middle * c.smallest_unit else None


def _pale_print_by_a_clipped_core(
    c: _Card, pieces: list[tuple[float, tuple[float, float]]]
) -> list[tuple[float, tuple[float, float]]]:
    """Of the pale ``pieces`` (share of the card, centre), those a reflection may have left
    of a symbol: within ``T.pale_piece_clip_reach`` card widths of face clipped in every
    channel (``_solid``). A reflection adds one light to face and print alike, so light
    strong enough to pale print past ink takes the face beside it to the sensor's top in
    every channel; a pale piece far from any such core lies where the face is lit below the
    top, where a symbol would show as ink: it is the face's own tint beyond the reflection
    (tuning style sheen, scans, seed 2514001 seat 0: a 1 lime on a face a broad sheen
    clipped over its upper half, the cream face in its lower right corner a pale piece of
    0.5 to 0.8 of a symbol, 0.49 to 0.63 of the card's width from the nearest clipped
    face)."""
    got = _pale_print_pieces(c.img, False)
    if got is None:
        return pieces
    n, labels, _, centres, _ = got
    h, w = labels.shape
    clipped = _solid(darkest_channel(c.img) >= T.hidden_washed)
    if not clipped.any():
        return pieces
    far = cv2.distanceTransform((clipped == 0).astype(np.uint8), cv2.DIST_L2, 5)
    kept = []
    for share, at in pieces:
        i = next((i for i in range(1, n) if _same_place(centres[i], at, w, h)), None)
        if i is None or float(far[labels == i].min()) <= T.pale_piece_clip_reach * w:
            kept.append((share, at))
    return kept


def _same_place(centre: np.ndarray, at: tuple[float, float], w: int, h: int) -> bool:
    """A piece's centre in pixels (OpenCV's) is the place ``at`` (shares of the card)."""
    return math.isclose(centre[0] / w, at[0]) and math.isclose(centre[1] / h, at[1])


def _pale_print_of_the_card_s_kind(
    c: _Card, *, against_tint: bool = False
) -> list[tuple[float, tuple[float, float]]]:
    """The pale pieces (``symbols.pale_pieces``: each its share of the card and its centre;
    ``against_tint`` as there) that may be what a reflection left of a symbol of this card.
    The classic deck prints one kind a card, and a reflection pales a symbol towards the
    face's white, its hue roughly kept, while a light's cast on the face has a hue of its
    own: there a piece whose hue lies more than ``T.pale_cast_hue_apart`` degrees from every
    kind read is the cast, not print (tuning window, scans, seed 311501 seat 2: a 4 plum
    under a warm window's light, a yellowish piece of 0.78 of a symbol along its lower left
    sides, 148 degrees from the plums' hue)."""
    if not (_classic_print(c.profile) and c.symbols):
        return pale_pieces(c.img, against_tint=against_tint)  # no hue to hold them to
    return [
        (share, at)
        for share, at, ab in pale_piece_colours(c.img, against_tint=against_tint)
        if _hue_of_a_kind_on_the_card(c, ab, T.pale_cast_hue_apart)
    ]


def _middle_symbol_read(c: _Card) -> bool:
    """A single symbol is read on the card's centre (within the layout's slack): the middle
    place, which only one symbol takes, holds it, and pale print beside it on the centre is
    what a reflection left of its rim, not another symbol (scans, tuning style lamp, seed
    1665005 seat 2: a 1 strawberry, 0.7 of a symbol read on the centre and a pale crescent
    of 0.16 beside it, doubted as an odd count's middle symbol washed away)."""
    return any(
        _mirror_gap(b.centre, b.centre) <= T.layout_slack and _a_whole_single(b, k)
        for b, k in c.symbols
    )


def _pale_pieces_off_the_symbols(c: _Card, seen: list) -> list:
    """The face's pale pieces (share of a symbol, place) inside the print
    (``T.apart_piece_inset``) and off every symbol read (farther than ``T.partner_slack``
    from each of `seen`): print a reflection may have washed out of a count."""
    inset = T.apart_piece_inset
    return [
        (share, at)
        for share, at in pale_pieces(c.img)
        if all(_reach(p, at) > T.partner_slack for p in seen)
        and inset <= at[0] <= 1.0 - inset
        and inset <= at[1] <= 1.0 - inset
    ]


def _pale_print_at_a_partner_s_place(c: _Card) -> Doubt | None:
    """On a face lit to the sensor's top, pale pieces of ``T.pale_partner_piece`` of a symbol
    or more in all where a symbol's partner across the centre would be (within
    ``T.partner_slack`` of its mirror image), inside the print (``T.apart_piece_inset``), and
    no symbol read there (none that near): the partner, washed out by a lamp's reflection
    and cut by the clip into pieces, which the count would leave out. Every deck the reader
    knows prints its symbols in pairs across the centre; pieces too small to be doubted
    anywhere (``_pale_print_on_clipped_face``) are doubted at such a place."""
    return _pale_at_a_partner_s_place(c, T.pale_partner_piece)


def _pale_partner_of_a_nearly_lone_symbol(c: _Card) -> Doubt | None:
    """``_pale_print_at_a_partner_s_place`` for a symbol that stands nearly alone: its nearest
    other symbol lies farther from its mirror image than ``T.partner_nearly_missing_gap``
    (more than right readings showed, a little less than ``T.partner_missing_gap`` asks of a
    lone one), and pale pieces of ``T.nearly_lone_pale_partner_piece`` of a symbol or more
    in all lie at its partner's place. Each alone falls just short; both together say the
    partner is there, washed out (tuning style tilt_hard, clone, seed 375502 seat 5: a 3
    banana + 1 plum under a steep tilt, its top left banana paled by a lamp to a piece of
    0.24 of a banana, the plum across from it 0.3097 from a partner on an outline a few
    pixels wide over the card beneath, read 2 banana + 1 plum)."""
    return _pale_at_a_partner_s_place(
        c, T.nearly_lone_pale_partner_piece, alone_past=T.partner_nearly_missing_gap
    )


def _pale_at_a_partner_s_place(
    c: _Card, least_piece: float, alone_past: float | None = None
) -> Doubt | None:
    """The two checks above: on a clipped face of single symbols, pale pieces of
    `least_piece` of a symbol or more in all at a symbol's partner's place (within
    ``T.partner_slack`` of its mirror image), for every symbol or, given `alone_past`, only
    for one whose nearest other symbol lies farther than that from its mirror image."""
    if not c.clipped or not _all_single(c):
        return None
    seen = _centres(c)
    pieces = _pale_pieces_off_the_symbols(c, seen)
    least = least_piece * c.smallest_unit
    for p in seen:
        if alone_past is not None and min(_mirror_gap(p, q) for q in seen) <= alone_past:
            continue
        there = sum(share for share, at in pieces if _mirror_gap(p, at) <= T.partner_slack)
        if there >= least:
            return Doubt.PALE_PRINT_AT_A_PARTNER_S_PLACE
    return None


# -- the print's layout: every deck the reader knows prints its symbols in pairs across the
# card's centre, and an odd count's middle one on it ----------------------------------------


def _mirror_gap(p: tuple[float, float], q: tuple[float, float]) -> float:
    """How far ``q`` lies from ``p``'s mirror image across the card's centre (card widths
    plus heights)."""
    return abs(q[0] - (1.0 - p[0])) + abs(q[1] - (1.0 - p[1]))


def _all_single(c: _Card) -> bool:
    """Every blob read is one symbol: symbols that touch make one blob between their places,
    where no layout can be judged."""
    return all(b.core <= T.count_bands[0][1] * k.unit_area for b, k in c.symbols)


def _centres(c: _Card) -> list[tuple[float, float]]:
    """The centres of the symbols seen, and the places of those counted unseen under a
    reflection (``_Card.hidden``)."""
    return [b.centre for b, _ in c.symbols] + c.hidden


def _symbol_without_partner(c: _Card) -> Doubt | None:
    """A symbol whose partner across the centre is not seen: one of the print is missing (a
    reflection washed it out, a hand or another card's edge lies over it), and the count
    would be one short."""
    if not _all_single(c):
        return None
    pts = _centres(c)
    lone = any(min(_mirror_gap(p, q) for q in pts) > T.partner_missing_gap for p in pts)
    return Doubt.SYMBOL_WITHOUT_PARTNER if lone else None


# Where the classic deck prints its symbols, by count (shares of the upright card's width and
# height; measured on the reference scans of the real cards, which the project's own art
# follows): a 2 and a 3 along the diagonal from the top left, a 4 in the corners, a 5 in the
# corners and on the centre. Each layout is its own turn by half a circle, so an upright card
# read either way up matches it.
CLASSIC_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.3, 0.28), (0.7, 0.72)),
    3: ((0.28, 0.21), (0.5, 0.5), (0.72, 0.79)),
    4: ((0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)),
    5: ((0.28, 0.2), (0.72, 0.2), (0.5, 0.5), (0.28, 0.8), (0.72, 0.8)),
}


def _classic_print(profile: Profile) -> bool:
    """The profile reads the classic deck (as shipped, or taught at a table): the four fruits,
    one kind a card, told apart by colour alone."""
    kinds = {k.kind for k in profile.kinds}
    plain = not any(k.shapes for k in profile.kinds)
    return not profile.mixed and plain and kinds == {"banana", "strawberry", "lime", "plum"}


def _off_the_print_layout(c: _Card) -> Doubt | None:
    """On the classic deck (one kind a card), every single symbol seen lies on one of the
    places the deck prints that many symbols. An outline over part of a card, or over parts
    of two whose shared edge a dim light's noise hides, holds some of their symbols elsewhere
    (two of a 3 side by side, read as a 2)."""
    if not _classic_print(c.profile) or not _all_single(c):
        return None
    spots = CLASSIC_SPOTS.get(len(_centres(c)))
    if spots is None:
        return None
    for b, _ in c.symbols:
        x, y = b.centre
        if min(abs(x - sx) + abs(y - sy) for sx, sy in spots) > T.print_layout_slack:
            return Doubt.OFF_THE_PRINT_LAYOUT
    return None


def _pair_off_the_diagonal(c: _Card) -> Doubt | None:
    """On the classic deck a 2 prints its symbols across the card's diagonal, far apart both
    along the card's width and along its height (``CLASSIC_SPOTS``; the real cards' scans,
    further). Two single symbols seen side by side, or one above the other, are two of a
    card's corners (a 4 whose other half lies under another card) or parts of two cards (an
    outline over the sides of both, which a dim light's noise hides): each near some place
    a 2 prints, so ``_off_the_print_layout`` passes them, but not as a pair."""
    if not _classic_print(c.profile) or not _all_single(c) or len(_centres(c)) != 2:
        return None
    p, q = _centres(c)
    across = abs(p[0] - q[0]) >= T.pair_across_width
    down = abs(p[1] - q[1]) >= T.pair_across_height
    return None if across and down else Doubt.OFF_THE_PRINT_LAYOUT


def _rows_turned_apart(c: _Card) -> Doubt | None:
    """On the classic deck a 4 and a 5 print their corner symbols in two level rows and two
    upright columns: on one card, in any outline fitted to it, the rows run parallel and so
    do the columns. An outline over the halves of two cards turned to each other (their
    shared side lost in a dim light's noise) holds a row of each: the rows turn apart by the
    cards' turn, though each symbol lies near a place the deck prints."""
    if not _classic_print(c.profile) or not _all_single(c) or len(_centres(c)) not in (4, 5):
        return None
    return Doubt.OFF_THE_PRINT_LAYOUT if _corner_skew(c) > T.rows_turned_apart else None


def _corner_skew(c: _Card) -> float:
    """How far (degrees, on the card's true proportions) the rows of a 4's or 5's corner
    symbols turn from each other, or its columns, whichever more (a 5's middle left out)."""
    pts = sorted(_centres(c), key=lambda p: abs(p[0] - 0.5) + abs(p[1] - 0.5))
    top_left, top_right, bottom_left, bottom_right = _corners_of(pts[-4:])

    def turn(p: tuple[float, float], q: tuple[float, float]) -> float:
        return math.degrees(math.atan2((q[1] - p[1]) / CARD_ASPECT, q[0] - p[0]))

    rows = turn(top_left, top_right) - turn(bottom_left, bottom_right)
    columns = turn(top_left, bottom_left) - turn(top_right, bottom_right)
    return max(abs(rows), abs(columns))


def _corners_of(
    pts: list[tuple[float, float]],
) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]:
    """Four symbol centres as the top left, top right, bottom left and bottom right."""
    top, bottom = sorted(pts, key=lambda p: p[1])[:2], sorted(pts, key=lambda p: p[1])[2:]
    (tl, tr), (bl, br) = sorted(top), sorted(bottom)
    return tl, tr, bl, br


def _no_middle_symbol(c: _Card) -> bool:
    """Every symbol read is a single one and none lies on the card's centre (a 2 or a 4, as
    read): a 3's or a 5's middle symbol may be missing."""
    return _all_single(c) and not any(
        _mirror_gap(b.centre, b.centre) <= T.partner_slack for b, _ in c.symbols
    )


def _pale_middle(c: _Card) -> Doubt | None:
    """No symbol on the card's centre (a 2 or a 4, as read), yet a pale piece of print there:
    what a reflection left of the middle symbol of a 3 or a 5."""
    if not _no_middle_symbol(c):
        return None
    least = T.middle_pale * c.smallest_unit
    hued_least = T.middle_pale_hued * c.smallest_unit
    for share, ab in c.middle_pale_pieces:
        if share >= least or (
            share >= hued_least and _hue_of_a_kind_on_the_card(c, ab, T.pale_hue_near)
        ):
            return Doubt.PALE_MIDDLE
    if _small_piece_at_the_middle(c):
        return Doubt.PALE_MIDDLE
    return _washed_middle_rim(c)


def _hue_of_a_kind_on_the_card(c: _Card, ab: tuple[float, float], within: float) -> bool:
    """Whether a pale piece's colour ``ab`` lies within ``within`` degrees of the hue of a
    kind read on the card. A smaller pale piece at the middle place
    (``T.middle_pale_hued`` of the smallest symbol) of such a hue is what a reflection left
    of a middle symbol: it pales a symbol towards the face's white, its hue roughly kept,
    where noise on a lifted face has none (tuning style lamp, clone, seed 310002 seat 2: a
    1 banana + 2 strawberry, its middle strawberry washed to a pink crescent of 0.14 of a
    symbol, read 1 banana + 1 strawberry)."""
    hue = math.atan2(ab[1], ab[0])
    return any(
        math.degrees(abs(math.remainder(hue - math.atan2(k.ab[1], k.ab[0]), math.tau))) <= within
        for _, k in c.symbols
    )


def _small_piece_at_the_middle(c: _Card) -> bool:
    """A coloured piece skipped as too small for a symbol (``_small_piece``), inside the
    face, at the middle place: the rim a soft reflection (not clipped) left as ink of a
    middle symbol it washed out, whose leaves and stem the deck prints beside a symbol,
    never alone there."""
    assert c.found is not None
    read = {id(b) for b, _ in c.symbols}
    return any(
        id(b) not in read
        and _small(c, b)
        and not b.touches_edge
        and b.chroma_frac >= T.coloured_share
        and abs(b.centre[0] - 0.5) + abs(b.centre[1] - 0.5) < T.middle_reach
        and b.core >= T.middle_piece * c.smallest_unit
        for b in c.found
    )


def _washed_middle_rim(c: _Card) -> Doubt | None:
    """A reflection clipped to the sensor's top over the card's centre washes the middle
    symbol's core to white and leaves only its rim, a thin crescent cut into pieces around
    the core, each too small to tell (``_pale_middle``): there the pieces of pale print
    around the centre are measured together, and against the face's tint as colours (a
    plum's crescent on a cream face lies opposite the cream, ``symbols._off_the_tint``).
    Only pieces that may be a symbol's (``_pale_print_of_the_card_s_kind``): the lamp's
    light beside its reflection casts the face a tint of its own (tuning lamp, own art,
    seed 2158000 seat 2: a 4 lime, pieces of 0.16 of a symbol about the centre, a lilac
    tint 174 degrees from the limes' hue)."""
    if not _clipped_over_the_middle(c):
        return None
    rim = sum(
        share
        for share, at in _pale_print_of_the_card_s_kind(c, against_tint=True)
        if abs(at[0] - 0.5) + abs(at[1] - 0.5) < T.middle_rim_reach
    )
    return Doubt.PALE_MIDDLE if rim >= T.middle_pale * c.smallest_unit else None


def _torn_middle_under_a_reflection_in_the_darkest_channel(c: _Card) -> Doubt | None:
    """A reflection the brightest channel cannot show (``_reflection_only_in_the_darkest
    _channel``) over the centre of a card read with no middle symbol may have torn a middle
    symbol into pale pieces, each too small for ``_pale_middle``: the pale pieces there of a
    kind's hue (``_hue_of_a_kind_on_the_card``) are measured together, against the share
    one such piece needs (``T.middle_pale_hued``). (Tuning style glare, clone, seed 316502
    seat 4: a 2 banana + 1 plum, its middle banana torn by a reflection into pieces of 0.117,
    0.019 and 0.008 of a symbol, read 1 banana + 1 plum.)"""
    if not _no_middle_symbol(c) or not _reflection_only_in_the_darkest_channel(c):
        return None
    torn = _pale_of_a_kind_at_the_middle(c)
    return (
        Doubt.TORN_MIDDLE_UNDER_A_REFLECTION
        if torn >= T.middle_pale_hued * c.smallest_unit
        else None
    )


def _pale_of_a_kind_at_the_middle(c: _Card) -> float:
    """The pale pieces at the middle place of a kind's hue on the card
    (``_hue_of_a_kind_on_the_card``), together, in symbols: what a reflection may have left
    of a middle symbol it tore."""
    return sum(
        share
        for share, ab in c.middle_pale_pieces
        if _hue_of_a_kind_on_the_card(c, ab, T.pale_hue_near)
    )


def _reflection_only_in_the_darkest_channel(c: _Card) -> bool:
    """A tinted face (a cream one) lit to the sensor's top in its brightest channel away
    from any reflection, so that no reflection stands out there (``light.glare_spots`` sees
    none, nor ``_clipped_over_the_middle``), while its darkest channel lies below
    ``T.reflection_face_below``: what is clipped in every channel (``T.hidden_washed``) over
    the card's centre (``_over_the_centre``) is a reflection there. (A face lit to the top
    in every channel, a dark one lifted by the camera's gain, is no such face.)"""
    face = _clean_face(c)
    if face is None or _lit_away_from_reflections(c, face) <= T.reflection_face_below:
        return False
    darkest = darkest_channel(c.img)
    if float(np.percentile(darkest[face], 20)) > T.reflection_face_below:
        return False
    return _over_the_centre(c, _solid(darkest >= T.hidden_washed))


def _torn_middle_of_a_wide_pair(c: _Card) -> Doubt | None:
    """A clone card read as a pair as far apart as a 3's corners (``_middle_of_a_wide_pair``:
    the deck prints its 2 nearer, but for a banana's weight), under a reflection that only the
    darkest channel shows over its centre (``_reflection_only_in_the_darkest_channel``): the
    pale pieces of a kind's hue at the middle (``_hue_of_a_kind_on_the_card``) are what the
    reflection left of a 3's middle symbol down to ``T.wide_pair_torn_least`` of the smallest
    symbol, where the torn middle of any card read with no middle symbol must make
    ``T.middle_pale_hued`` (``_torn_middle_under_a_reflection_in_the_darkest_channel``): a
    reflection that clips most of the middle place leaves only a thin rim beyond the clip.
    (Style lamp, clone, seed 2490102 seat 3: a 1 strawberry + 2 lime under a band of light
    across the card, the middle lime washed but for its lower rim, 0.049 of a symbol of the
    lime's hue, 0.81 of the middle place clipped in every channel; read 1 strawberry + 1
    lime.)"""
    if not c.profile.mixed or _middle_of_a_wide_pair(c) is None:
        return None
    if not _reflection_only_in_the_darkest_channel(c):
        return None
    torn = _pale_of_a_kind_at_the_middle(c)
    return (
        Doubt.TORN_MIDDLE_UNDER_A_REFLECTION
        if torn >= T.wide_pair_torn_least * c.smallest_unit
        else None
    )


def _kind_colour_at_the_middle(c: _Card) -> Doubt | None:
    """No symbol on the card's centre (a 2 or a 4, as read), yet print of the card's own
    colour at the middle place, where a 3 or a 5 prints its middle symbol: a symbol a soft
    light (a phone's, a reflection not clipped) lifted below the ink threshold, so that
    the blob search lost it, while its colour still shows. Colour is measured from the
    clean face's towards the symbols read (``_towards_the_symbols``), so a cast over the
    whole card moves face and print alike; pixels near the symbols read do not count."""
    if not _all_single(c) or not _classic_print(c.profile):
        return None
    if any(_mirror_gap(b.centre, b.centre) <= T.partner_slack for b, _ in c.symbols):
        return None
    colour = _towards_the_symbols(c)
    if colour is None:
        return None
    h, w = colour.shape
    middle = _middle_by_pairs([b.centre for b, _ in c.symbols], colour.shape) or (0.5, 0.5)
    r = math.sqrt(c.smallest_unit * h * w / math.pi)  # the smallest symbol's radius
    ys, xs = np.mgrid[0:h, 0:w]
    near = (xs - middle[0] * w) ** 2 + (ys - middle[1] * h) ** 2 <= r * r
    print_there = near & (colour >= T.middle_kind_colour) & ~_near_symbols_read(c)
    least = T.middle_kind_least * c.smallest_unit * h * w
    return Doubt.KIND_COLOUR_AT_THE_MIDDLE if np.count_nonzero(print_there) >= least else None


def _towards_the_symbols(c: _Card) -> np.ndarray | None:
    """Each pixel's colour (Lab a, b) from the clean face's median, as a share of the ink's
    mean colour from it (1.0: as coloured as the symbols read); 0 where its hue turns from
    the ink's by half of that share or more. None without clean face, ink, or colour."""
    face = _clean_face(c)
    marks = print_marks(c.img)
    if face is None or marks is None or not marks[1].any():
        return None
    ab = cv2.cvtColor(c.img, cv2.COLOR_BGR2LAB)[..., 1:].astype(np.float32)
    ab -= np.median(ab[face], axis=0)
    ink = ab[marks[1] > 0].mean(axis=0)
    size = float(np.hypot(*ink))
    if size == 0.0:
        return None
    u = ink / size
    along = (ab @ u) / size
    across = np.abs(ab[..., 0] * u[1] - ab[..., 1] * u[0]) / size
    return np.where(across < 0.5 * along, along, 0.0)


def _near_symbols_read(c: _Card) -> np.ndarray:
    """The symbols read (their ink) and the soft rim blur leaves around them (a boolean mask
    of the card)."""
    seen = _ink_read(c)
    if seen is None:
        return np.zeros(c.img.shape[:2], bool)
    return cv2.dilate(seen.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0


def _clipped_over_the_middle(c: _Card) -> bool:
    """A reflection clipped to the sensor's top lies over the card's centre: clipped pixels
    within ``T.glare_reach`` card widths of it make ``T.rim_clipped`` of the smallest symbol
    or more (a lifted dark face's noise leaves clipped specks, no reflection), on a face lit
    well below the top away from it (``T.reflection_face_below``): a face lit to the top all
    over (a dark face lifted by the camera's gain) clips with no reflection at all, and is
    judged by its pale print instead (``_pale_print_on_clipped_face``)."""
    face = _clean_face(c)
    if face is None or _lit_away_from_reflections(c, face) > T.reflection_face_below:
        return False
    return _clipped_over_the_centre(c)


def _no_middle_read_on_a_clipped_centre(
    c: _Card,
) -> tuple[list[tuple[float, float]], tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """Where a middle symbol may be washed out of a classic card read with single symbols:
    the face clipped over its centre and no middle symbol read. Then the symbols' centres
    and the print's marks (``print_marks``); None otherwise."""
    if not _classic_print(c.profile) or not _all_single(c) or not _clipped_over_the_centre(c):
        return None
    seen = [b.centre for b, _ in c.symbols]
    if any(_mirror_gap(p, p) <= T.partner_slack for p in seen):
        return None  # a middle symbol is read
    marks = print_marks(c.img)
    if marks is None:
        return None
    return seen, marks


def _faint_middle_rim(c: _Card) -> Doubt | None:
    """A flat reflection on a face lit near the top, clipped over the card's centre, can wash
    a 3's or a 5's middle symbol to a faint rim with no colour left: no pale print for
    ``_pale_middle`` or ``_washed_middle_rim``, and no spot standing out of so bright a face
    for the reflection checks. Clipped face is flat at the sensor's top, so a thin line a
    few levels darker with clipped face on both sides of it (``_dips_in_clipped_face``) is
    print: a rim's worth of it around the middle place, away from any ink, doubts a card
    read with no middle symbol."""
    found = _no_middle_read_on_a_clipped_centre(c)
    if found is None:
        return None
    seen, marks = found
    h, w = marks[1].shape
    near_ink = cv2.dilate(marks[1], np.ones((5, 5), np.uint8)) > 0
    radius = math.sqrt(c.smallest_unit * h * w / math.pi)
    mx, my = _middle_by_pairs(seen, marks[1].shape) or (0.5, 0.5)
    ys, xs = np.mgrid[0:h, 0:w]
    disc = np.hypot(xs - mx * w, ys - my * h) <= T.faint_rim_reach * radius
    rim = np.count_nonzero(_dips_in_clipped_face(c.img) & disc & ~near_ink)
    least = T.faint_rim_least * 2 * math.pi * radius
    return Doubt.FAINT_RIM_IN_A_REFLECTION if rim >= least else None


def _spot_over_the_middle_of_a_wide_pair(c: _Card) -> Doubt | None:
    """Two single symbols of a classic card as far apart along it as a 3's corners (as the
    scans print a 2, too), the face clipped in every channel over the whole middle place
    between them: a lamp's spot there may have washed a 3's middle symbol away whole, its
    rim too, leaving no print for the middle checks. Such a spot lifts the print of the two
    corners as well, more on each one's side towards it (``_lift_towards``): both brighten
    towards the middle place. A light falling across the card (a window's) brightens the
    two towards the same side, one towards the middle and one away, as a symbol's own
    shading does, drawn the same way round on both. (Tuning style lamp, own art, seed
    304501 seat 4: a 3 banana, its middle banana washed to the clip, its corners lifted
    towards it, read 2 banana.) A clone card so clipped is doubted without the lift
    (``Doubt.CLIPPED_MIDDLE_OF_A_WIDE_PAIR``): its deck prints no 2 that wide."""
    middle = _middle_of_a_wide_pair(c)
    if middle is None:
        return None
    if c.profile.mixed:
        # A clone deck prints its 2 as the own art does, nearer than a 3's corners: a pair
        # this far apart is a 3's corners (or a 4's), lifted towards the middle or not
        # (tuning style sheen, clone, seed 2363001 seat 0: a 1 lime + 2 plum, its middle
        # plum washed under a broad reflection that lifted its corners by 77 and 112 only,
        # read 1 lime + 1 plum).
        if not (_clipped_over_a_symbol_at(c, middle) or _hidden_at_the_printed_middle(c)):
            return None
        return Doubt.CLIPPED_MIDDLE_OF_A_WIDE_PAIR
    # Both corners lifted towards it say a spot lies over the middle place: its clip need only
    # say that no print shows there, a soft edge of the spot a few levels below the top
    # (``T.lifted_pair_clipped_fill``; check seed 347502, style tilt_hard, scans, seat 1: a 3
    # strawberry, its middle strawberry washed away whole, read 2 strawberry).
    if not _clipped_over_a_symbol_at(c, middle, T.lifted_pair_clipped_fill):
        return None
    lifts = [_lift_towards(c, b, middle) for b, _ in c.symbols]
    if any(lift is None or lift < T.lift_towards_middle for lift in lifts):
        return None
    return Doubt.SPOT_OVER_THE_MIDDLE


def _hidden_at_the_printed_middle(c: _Card) -> bool:
    """On a clone card read as a wide pair, the middle place as the deck prints it (a 3's
    middle, on the card's centre) lies hidden over ``T.clipped_hidden_fill`` of a disc the
    size of the deck's smallest symbol: clipped in every channel, or print no symbol read
    (``_hideout``). A clone card's pair is of two kinds drawn each its own way, a banana's
    weight in its bend, off its place: their midpoint can lie beside the middle place, and
    what a reflection leaves of the middle symbol there (its rim, unread) is print, not face.
    (Tuning style sheen, clone, seed 2200631 seat 1: a 2 banana + 1 lime, its middle banana
    washed under a sheen but for a thin rim, 0.75 of the place clipped at the pair's
    midpoint, 0.94 clipped or unread print on the card's centre, read 1 banana + 1 lime.)"""
    h, w = c.img.shape[:2]
    radius = math.sqrt(c.smallest_unit * h * w / math.pi)
    at = CLASSIC_SPOTS[3][1]
    ys, xs = np.mgrid[0:h, 0:w]
    disc = np.hypot(xs - at[0] * w, ys - at[1] * h) <= radius
    return bool(np.mean(_hideout(c)[disc] > 0) >= T.clipped_hidden_fill)


def _middle_of_a_wide_pair(c: _Card) -> tuple[float, float] | None:
    """Where the middle symbol of a 3 would lie between two single symbols read on a classic
    or a clone card (the clone deck prints as the own art) as far apart along its length as
    a 3's corners (``T.threes_corners_apart``), none on the centre: the midpoint of the
    pair. None for any other card."""
    dice = _classic_print(c.profile) or c.profile.mixed
    if not dice or len(c.symbols) != 2 or not _no_middle_symbol(c):
        return None
    (p, _), (q, _) = c.symbols
    if abs(p.centre[1] - q.centre[1]) < T.threes_corners_apart:
        return None
    return ((p.centre[0] + q.centre[0]) / 2, (p.centre[1] + q.centre[1]) / 2)


def _clipped_over_a_symbol_at(
    c: _Card, at: tuple[float, float], least: float | None = None
) -> bool:
    """The face is clipped in every channel (``T.hidden_washed``) over ``least`` (unless told,
    ``T.clipped_hidden_fill``) of a disc the size of the deck's smallest symbol at ``at``."""
    h, w = c.img.shape[:2]
    radius = math.sqrt(c.smallest_unit * h * w / math.pi)
    ys, xs = np.mgrid[0:h, 0:w]
    disc = np.hypot(xs - at[0] * w, ys - at[1] * h) <= radius
    clipped = darkest_channel(c.img)[disc] >= T.hidden_washed
    return bool(np.mean(clipped) >= (T.clipped_hidden_fill if least is None else least))


def _lift_towards(c: _Card, b: Blob, at: tuple[float, float]) -> float | None:
    """How fast the darkest channel of the symbol's ink brightens towards ``at`` (levels a
    card width; a plane fitted over its ink), or None where its ink is not found."""
    ink = _ink_components(c)
    i = None if ink is None else ink.under(b.centre)
    if ink is None or i is None:
        return None
    h, w = ink.labels.shape
    ys, xs = np.nonzero(ink.labels == i)
    if len(xs) < 3:
        return None
    level = darkest_channel(c.img)[ys, xs].astype(np.float64)
    plane = np.column_stack([np.ones(len(xs)), xs / w, ys / h])
    (_, along_x, along_y), *_ = np.linalg.lstsq(plane, level, rcond=None)
    towards = np.array([(at[0] - b.centre[0]) * w, (at[1] - b.centre[1]) * h])
    towards /= max(float(np.linalg.norm(towards)), 1e-9)
    # Per card width both ways: a step of one pixel across is one of w, down one of h.
    return float(towards[0] * along_x + towards[1] * along_y * w / h)


def _dips_in_clipped_face(img: np.ndarray) -> np.ndarray:
    """Thin lines (``T.faint_rim_kernel_px`` across at most) at least ``T.faint_rim_dip``
    levels darker in the darkest channel than the face clipped to the sensor's top on both
    sides of them (a boolean mask): what a reflection leaves of a symbol's outline. A smooth
    falloff, or noise on a face lit below the top, has no clipped face on both sides. A
    sensor's noise on a face lit just to the top breaks it with scattered pixels and specks
    a few levels below it: only what dips along a line (``_along_a_line``) counts."""
    darkest = _along_a_line(darkest_channel(img))
    k = T.faint_rim_kernel_px
    closed = cv2.morphologyEx(
        darkest, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    dip = closed.astype(np.int16) - darkest
    return (closed >= T.hidden_washed) & (dip >= T.faint_rim_dip)


def _along_a_line(grey: np.ndarray) -> np.ndarray:
    """Each pixel as the darkest of its medians over ``T.faint_rim_line_px`` pixels along each
    of four directions (across, down and the two diagonals): a pixel of a line, however thin,
    keeps its level along the line's own direction; a lone pixel or a speck of noise is the
    face around it in every direction."""
    half = T.faint_rim_line_px // 2
    padded = np.pad(grey, half, mode="edge")
    h, w = grey.shape

    def shifted(dy: int, dx: int) -> np.ndarray:
        return padded[half + dy : half + dy + h, half + dx : half + dx + w]

    medians = [
        np.median(np.stack([shifted(i * dy, i * dx) for i in range(-half, half + 1)]), axis=0)
        for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1))
    ]
    return np.min(medians, axis=0).astype(grey.dtype)


def _clipped_over_the_centre(c: _Card) -> bool:
    """Clipped reflection within ``T.glare_reach`` card widths of the card's centre makes
    ``T.rim_clipped`` of the smallest symbol or more (``_clipped_over_the_middle`` without
    its light's condition: a face lit near the top is this check's case)."""
    return _over_the_centre(c, _solid(c.clipped_spots))


def _over_the_centre(c: _Card, spots: np.ndarray) -> bool:
    """``spots`` (a 0/1 mask of the card) within ``T.glare_reach`` card widths of the card's
    centre make ``T.rim_clipped`` of the smallest symbol or more."""
    h, w = spots.shape
    r = T.glare_reach * w
    win = spots[
        max(0, int(h / 2 - r)) : int(h / 2 + r) + 1, max(0, int(w / 2 - r)) : int(w / 2 + r) + 1
    ]
    return cv2.countNonZero(win) >= T.rim_clipped * c.smallest_unit * spots.size


def _print_in_the_darkest_channel(c: _Card) -> Doubt | None:
    """A reflection that lifts a symbol's brighter channels to the sensor's top leaves its
    darkest channel below it (a lime's blue, a plum's green): the symbol shows only as a
    shallow patch, with no colour left to read, inside the face the reflection clipped in
    every channel: a hole in that clipped core, on any deck and at any place. A falloff of
    the reflection lies around its core, never inside it; a hole the size of a good part of
    a symbol, away from the print read, is a symbol the count would leave out."""
    darkest = cv2.GaussianBlur(darkest_channel(c.img).astype(np.float32), (0, 0), 1.0)
    core = (darkest >= T.hidden_washed).astype(np.uint8)
    least = T.darkest_patch_least * c.smallest_unit * core.size
    if cv2.countNonZero(core) < least:
        return None
    marks = print_marks(c.img)
    if marks is None:
        return None
    reach = 2 * T.darkest_patch_clear_px + 1
    clear = cv2.dilate(marks[1], np.ones((reach, reach), np.uint8)) == 0
    dark = darkest <= T.hidden_washed - T.darkest_patch_dip
    holes = _holes(core) & dark & clear
    n, _, stats, _ = cv2.connectedComponentsWithStats(holes.astype(np.uint8), connectivity=8)
    most = max((int(stats[i, cv2.CC_STAT_AREA]) for i in range(1, n)), default=0)
    return Doubt.PRINT_IN_THE_DARKEST_CHANNEL if most >= least else None


def _print_vanishes_less(c: _Card) -> bool:
    """The reflection's falloff around its core says (``_where_print_vanishes``) that it
    clips print over less than ``T.reflection_hides`` of the smallest symbol: its core is
    the face's, not the print's. Where it cannot be measured (no falloff: a face lit near
    the top, or the light taken off), the core alone is what can be judged."""
    vanish = _where_print_vanishes(c)
    size = c.img.shape[0] * c.img.shape[1]
    return vanish is not None and vanish < T.reflection_hides * c.smallest_unit * size


def _holes(mask: np.ndarray) -> np.ndarray:
    """The holes of a 0/1 mask (a boolean mask): what it encloses, reached from no side of
    the image without crossing it."""
    h, w = mask.shape
    outside = np.zeros((h + 2, w + 2), np.uint8)
    outside[1:-1, 1:-1] = mask
    flood = np.zeros((h + 4, w + 4), np.uint8)
    cv2.floodFill(outside, flood, (0, 0), 2)
    return outside[1:-1, 1:-1] == 0


def _pairs_not_each_others_turn(c: _Card) -> Doubt | None:
    """A card read as two blobs of two symbols that touch each (off the classic print, on a
    deck told apart by colour) shows two pairs that are each other's turn by half a circle,
    as every layout a deck prints is its own turn: the lines through each pair's two symbols
    run alike (within ``T.pairs_turned_apart`` degrees). An outline over parts of two cards
    whose shared side a compression's blocks hide holds a pair of each, laid out as no card
    prints them: one pair above the other's side, across it."""
    if len(c.symbols) != 2 or _classic_print(c.profile) or any(k.shapes for k in c.profile.kinds):
        return None
    low, high = T.count_bands[1]
    if not all(low <= b.core / k.unit_area < high for b, k in c.symbols):
        return None
    lines = [_line_through_lobes(ink) for ink in _symbol_inks(c)]
    if len(lines) != 2:
        return None
    first, second = lines
    if first is None or second is None:
        return None
    turned = abs(first - second) % 180.0
    apart = min(turned, 180.0 - turned)
    return Doubt.PAIRS_NOT_EACH_OTHERS_TURN if apart > T.pairs_turned_apart else None


def _symbol_inks(c: _Card) -> list[np.ndarray]:
    """The ink (a mask of the warped card) under each symbol read, where it is found."""
    ink = _ink_components(c)
    if ink is None:
        return []
    found = (ink.under(b.centre) for b, _ in c.symbols)
    return [ink.labels == i for i in found if i is not None]


def _line_through_lobes(ink: np.ndarray) -> float | None:
    """The direction (degrees, 0 to 180) of the line through the centres of the two largest
    pieces the ink first falls into as it is worn away from its edge (as ``_lobes`` wears
    it): the two symbols of a pair that touch. None where it never falls into two."""
    depth = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3)
    for level in np.arange(T.lobe_step_px, float(depth.max()), T.lobe_step_px):
        n, _, stats, centres = cv2.connectedComponentsWithStats(
            (depth > level).astype(np.uint8), connectivity=8
        )
        pieces = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= T.lobe_least_px]
        if len(pieces) >= 2:
            a, b = sorted(pieces, key=lambda i: -stats[i, cv2.CC_STAT_AREA])[:2]
            (xa, ya), (xb, yb) = centres[a], centres[b]
            return math.degrees(math.atan2(yb - ya, xb - xa)) % 180.0
    return None


def _print_under_a_reflection_at_the_middle(c: _Card) -> Doubt | None:
    """No symbol on the card's centre (a 2 or a 4, as read), yet a reflection lifts the middle
    place well above the face's light, and print darker than the lifted face lies there: a
    3's or a 5's middle symbol the reflection paled below the ink threshold and off its own
    colour (a banana turns pale green when the sensor clips its red), whose core it may have
    clipped so that the first read sees no spot standing out. A reflection adds light to face
    and print alike, so where the sensor does not clip, print keeps a dip in the darkest
    channel against the face around it; the reflection itself is a smooth hill with no dip
    narrower than a symbol, so a closing wider than a symbol's stroke leaves it as it is and
    fills the print (``_lifted_face``). A piece of such print a good part of a symbol's size,
    within reach of the middle place and away from the symbols read, doubts the card."""
    if not _classic_print(c.profile) or not _all_single(c):
        return None
    seen = [b.centre for b, _ in c.symbols]
    if any(_mirror_gap(p, p) <= T.partner_slack for p in seen):
        return None  # a middle symbol is read
    face, marks = _clean_face(c), print_marks(c.img)
    if face is None or marks is None:
        return None
    darkest = darkest_channel(c.img)
    h, w = darkest.shape
    radius = math.sqrt(c.smallest_unit * h * w / math.pi)  # the smallest symbol's radius
    lifted = _lifted_face(darkest, radius)
    mx, my = _middle_by_pairs(seen, darkest.shape) or (0.5, 0.5)
    ys, xs = np.mgrid[0:h, 0:w]
    from_middle = np.hypot(xs - mx * w, ys - my * h) / radius
    over = lifted[from_middle <= 1.0]
    light = float(over.mean()) - float(np.median(lifted[face]))
    # A reflection that takes the middle place to the sensor's top lifts it by more than the
    # clipped face shows, and print under it by nearly as much: a shallower dip is print.
    at_top = float(over.min()) >= T.hidden_washed
    if light < T.lifted_middle_light and not at_top:
        return None  # no reflection over the middle: the other checks judge it
    dip = T.lifted_print_dip_at_top if at_top else T.lifted_print_dip
    dips = (lifted.astype(np.int16) - darkest >= dip) & (from_middle <= T.lifted_print_reach)
    dips &= cv2.dilate(marks[1], np.ones((5, 5), np.uint8)) == 0  # not the symbols read
    m = card_margin(w)
    dips[:m] = dips[h - m :] = False
    dips[:, :m] = dips[:, w - m :] = False
    n, _, stats, _ = cv2.connectedComponentsWithStats(dips.astype(np.uint8), connectivity=8)
    largest = max((int(stats[i, cv2.CC_STAT_AREA]) for i in range(1, n)), default=0)
    least = T.lifted_print_least * c.smallest_unit * h * w
    return Doubt.PRINT_UNDER_A_REFLECTION_AT_THE_MIDDLE if largest >= least else None


def _lifted_face(darkest: np.ndarray, radius: float) -> np.ndarray:
    """The face's light in the darkest channel with the print closed over: a closing
    ``T.lifted_face_closing`` symbol radii across, wider than any symbol's stroke."""
    k = round(T.lifted_face_closing * radius) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return cv2.morphologyEx(darkest, cv2.MORPH_CLOSE, kernel)


def _printed_place_under_the_excused_reflection(c: _Card) -> Doubt | None:
    """An outline found with a side let lie on no edge under a lamp's reflection
    (``c.excused``) frames a card whose print the reflection may have washed out with the
    side: on the classic deck, a place it prints a symbol at (any count's, either way round)
    that lies under that reflection with no symbol read on it (``T.excused_place_held``)
    may hold a washed-out symbol, and the count would be short (a 4 strawberry read as 3,
    tuning style ``lamp``, own art, seed 202528, seat 0, with two cards known)."""
    if c.excused is None or not _classic_print(c.profile):
        return None
    h, w = c.excused.shape
    held = np.zeros((h, w), np.uint8)
    for ink in _symbol_inks(c):
        held[ink] = 1
    # Distance (card widths) from each pixel to the ink of a symbol read.
    far = cv2.distanceTransform(1 - held, cv2.DIST_L2, 3) / w
    for count in CLASSIC_SPOTS:
        for spots in _printed_layouts(count):
            for x, y in spots:
                px, py = min(round(x * w), w - 1), min(round(y * h), h - 1)
                if c.excused[py, px] and far[py, px] > T.excused_place_held:
                    return Doubt.PRINTED_PLACE_UNDER_EXCUSED_REFLECTION
    return None


def _shallow_patch_at_the_middle(c: _Card) -> Doubt | None:
    """No symbol on the card's centre (a 2 or a 4, as read), on a face a reflection clipped
    over the middle place, yet a hole in that clipped core at the middle place: a soft patch
    in the darkest channel, too shallow over most of it for ``_print_in_the_darkest_channel``
    (a reflection clipping a whole face washes a 3's or a 5's middle symbol to a few levels
    below the top). A reflection's falloff lies around its core, never inside it: a hole a
    good part of a symbol's size (``T.darkest_patch_least``), away from the print read,
    whose deepest point dips ``T.middle_patch_dip`` below the clip, centred within
    ``T.middle_patch_reach`` of the middle place, is a middle symbol the count would leave
    out."""
    found = _no_middle_read_on_a_clipped_centre(c)
    if found is None:
        return None
    seen, marks = found
    darkest = cv2.GaussianBlur(darkest_channel(c.img).astype(np.float32), (0, 0), 1.0)
    core = (darkest >= T.hidden_washed).astype(np.uint8)
    reach = 2 * T.darkest_patch_clear_px + 1
    clear = cv2.dilate(marks[1], np.ones((reach, reach), np.uint8)) == 0
    holes = (_holes(core) & clear).astype(np.uint8)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(holes, connectivity=8)
    h, w = core.shape
    radius = math.sqrt(c.smallest_unit * h * w / math.pi)  # the smallest symbol's radius
    mx, my = _middle_by_pairs(seen, core.shape) or (0.5, 0.5)
    least = T.darkest_patch_least * c.smallest_unit * h * w
    for i in range(1, n):
        near = math.hypot(centres[i][0] - mx * w, centres[i][1] - my * h)
        if stats[i, cv2.CC_STAT_AREA] < least or near > T.middle_patch_reach * radius:
            continue
        if float(darkest[labels == i].min()) <= T.hidden_washed - T.middle_patch_dip:
            return Doubt.SHALLOW_PATCH_AT_THE_MIDDLE
    return None


def _piece_apart_from_symbols(c: _Card) -> Doubt | None:
    """A piece of a kind's colour skipped as too small for a symbol (``_small_piece``),
    inside the outline where the deck prints (``_within_the_print``), ``T.apart_piece_least``
    of the smallest symbol's core or more, and far from every blob large enough for a
    symbol (``_apart_from_symbols``): leaves and stems grow from their symbol, so it is part
    of a symbol another card or the outline cut, and the count would leave that symbol out
    (an outline over part of a top card and part of the card beside it), or what a
    reflection left of a symbol (``_piece_kind``: a piece too pale for its kind is named by
    its hue through the reflection)."""
    return next(
        (
            Doubt.PIECE_APART_FROM_SYMBOLS
            for b in c.skipped
            if not b.touches_edge
            and _within_the_print(b)
            and b.chroma_frac >= T.coloured_share
            and b.core >= T.apart_piece_least * c.smallest_unit
            and _piece_kind(c, b) is not None
            and _apart_from_symbols(c, b)
        ),
        None,
    )


def _piece_kind(c: _Card, b: Blob) -> KindModel | None:
    """The kind a coloured piece is print of: the one its colour names, or, beside a
    reflection that paled it past every kind's colour, the one its hue through the
    reflection names (``_kind_through_the_reflection``: tuning lamp clone seed 1182043 seat
    2, a banana's tip beside a reflection, 0.69 of a banana's colour, skipped unnamed; 3
    banana + 1 strawberry read as 2 banana + 1 strawberry)."""
    return classify(b, c.profile)[0] or _kind_through_the_reflection(c, b)[0]


def _within_the_print(b: Blob) -> bool:
    """The blob's centre lies ``T.apart_piece_inset`` or more in from every side of the card:
    where the deck prints, not in a strip of the card beside it that an outline a little too
    wide takes in along a side."""
    x, y = b.centre
    inset = T.apart_piece_inset
    return inset <= x <= 1.0 - inset and inset <= y <= 1.0 - inset


def _long_symbols_turned_apart(c: _Card) -> Doubt | None:
    """On the classic deck, every symbol a single one, the long symbols' directions
    (``_direction``) lie within ``T.long_symbols_turned_apart`` degrees of each other: a card
    draws its symbols the same way round, each turned a little. Farther apart, the outline
    holds symbols of two cards turned to each other (a covered card's and the top card's)."""
    if not _classic_print(c.profile) or not _all_single(c):
        return None
    turns = [t for t in (_direction(ink) for ink in _symbol_inks(c)) if t is not None]
    for i, a in enumerate(turns):
        for b in turns[i + 1 :]:
            apart = abs(a - b) % 180.0
            if min(apart, 180.0 - apart) > T.long_symbols_turned_apart:
                return Doubt.LONG_SYMBOLS_TURNED_APART
    return None


def _direction(ink: np.ndarray) -> float | None:
    """The direction (degrees, 0 to 180) of a symbol's print along its longer axis (its
    second moments'), or None when it is less than ``T.long_symbol_elongation`` times longer
    than wide (a round symbol has no direction to judge)."""
    m = cv2.moments(ink.astype(np.uint8), binaryImage=True)
    if m["m00"] == 0:
        return None
    mu20, mu02, mu11 = m["mu20"] / m["m00"], m["mu02"] / m["m00"], m["mu11"] / m["m00"]
    spread = math.hypot((mu20 - mu02) / 2, mu11)
    long_, short = (mu20 + mu02) / 2 + spread, (mu20 + mu02) / 2 - spread
    if short <= 0 or math.sqrt(long_ / short) < T.long_symbol_elongation:
        return None
    return math.degrees(0.5 * math.atan2(2 * mu11, mu20 - mu02)) % 180.0


def _pale_piece_at_the_middle_of_a_wide_pair(c: _Card) -> Doubt | None:
    """On a face lit to the sensor's top (``_Card.clipped``), a classic card read as a pair as
    far apart as a 3's corners (``_middle_of_a_wide_pair``: their midpoint is where a 3's
    middle symbol would lie): a pale piece of the card's kind of ``T.pale_piece_middle`` of a
    symbol or more within ``T.layout_slack`` of that midpoint is what a reflection left of
    the middle symbol, as ``_pale_print_on_clipped_face`` judges one on the card's centre.
    An outline a few pixels off the card (a strip of table taken in at a side) moves the
    print off the outline's centre; the pair's midpoint moves with the print. (Fresh style
    lamp, scans, seed 2488000 seat 2: a 3 plum, its middle plum washed to a lilac smear of
    0.31 of a symbol, 0.12 from the pair's midpoint and 0.23 from the outline's centre;
    read 2 plum.)"""
    if not c.clipped or not _classic_print(c.profile):
        return None
    middle = _middle_of_a_wide_pair(c)
    if middle is None:
        return None
    for share, (x, y) in _pale_print_of_the_card_s_kind(c):
        near = abs(x - middle[0]) + abs(y - middle[1]) < T.layout_slack
        if near and share >= T.pale_piece_middle * c.smallest_unit:
            return Doubt.GLARE_OVER_FACE
    return None


TOGETHER_CHECKS: tuple[Callable[[_Card], Doubt | None], ...] = (
    _pale_print_on_clipped_face,
    _pale_print_at_a_partner_s_place,
    _pale_partner_of_a_nearly_lone_symbol,
    _glare_may_hide_print,
    _off_centre,
    _drawn_in_parts,
    _most_cut,
    _symbol_without_partner,
    _off_the_print_layout,
    _pair_off_the_diagonal,
    _rows_turned_apart,
    _pale_middle,
    _torn_middle_under_a_reflection_in_the_darkest_channel,
    _faint_middle_rim,
    _print_in_the_darkest_channel,
    _pairs_not_each_others_turn,
    _kind_colour_at_the_middle,
    _print_under_a_reflection_at_the_middle,
    _printed_place_under_the_excused_reflection,
    _shallow_patch_at_the_middle,
    _piece_apart_from_symbols,
    _long_symbols_turned_apart,
    # Last: it only turns a card every other check let stand into a doubt (a doubt met
    # before it may send the card to a second look through the reflection).
    _spot_over_the_middle_of_a_wide_pair,
    # ... and after it, what a reflection left of the middle of a clone's pair that the
    # wide pair's clip did not doubt.
    _torn_middle_of_a_wide_pair,
)


# The checks that doubt a card because a reflection or pale print may hide a symbol: moot on
# a card whose symbols, seen and the one a washed piece shows, fill the layout of the most
# symbols the deck prints (``_fullest_layout_filled``), as no larger count is printed.
MAY_HIDE_A_SYMBOL = frozenset(
    {
        _pale_print_on_clipped_face,
        _pale_print_at_a_partner_s_place,
        _pale_partner_of_a_nearly_lone_symbol,
        _glare_may_hide_print,
        _pale_middle,
        _torn_middle_under_a_reflection_in_the_darkest_channel,
        _torn_middle_of_a_wide_pair,
        _faint_middle_rim,
        _spot_over_the_middle_of_a_wide_pair,
        _print_in_the_darkest_channel,
        _kind_colour_at_the_middle,
        _print_under_a_reflection_at_the_middle,
        _printed_place_under_the_excused_reflection,
        _shallow_patch_at_the_middle,
        _piece_apart_from_symbols,
    }
)


def _fullest_layout_filled(c: _Card) -> bool:
    """The symbols seen and the one a washed piece shows at the last place of a layout
    (``_piece_at_a_layouts_last_place``) are as many as the deck prints at most."""
    return bool(c.washed) and len(_centres(c)) == max(CLASSIC_SPOTS)


# -- counting --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Blob:
    """One counted blob: its size in symbols of its kind (``r``: by the profile, ``q``: by
    this card's own single symbols), and whether the card has single ones to compare."""

    blob: Blob
    kind: str
    r: float
    q: float
    compared: bool
    washed: bool = False  # one symbol a reflection washed smaller (``_washed``)


def _cut_large(c: _Card, x: _Blob) -> Doubt | None:
    return Doubt.LARGE_BLOB_CUT if x.blob.touches_edge and x.q >= T.cut_large else None


def _smaller_beside_a_spot_on_a_mixed_card(c: _Card, x: _Blob) -> Doubt | None:
    """On a deck whose cards mix kinds, a symbol smaller than a whole one beside it (as
    ``_smaller_than_others`` measures it) with a reflection standing out on the face within
    ``T.glare_reach`` of it, unclipped (``_washed_by_glare`` judges a clipped one): the
    reflection paled part of it, not a side cut it. The glare doubt, so that the card is read
    again with the reflection's light taken off (``_read_through_the_reflection``), where
    its print shows whole or the doubt stays. (Tuning style phone_dim, clone, seed 2524000
    seat 1: a 1 strawberry + 3 lime, its corner lime paled in part by a small spot in dim
    light to 0.6 of its siblings, was doubted as a symbol smaller than the others.) Only on
    decks told by colour alone: those a second look reads (``read_card_image``)."""
    if not c.profile.mixed or any(k.shapes for k in c.profile.kinds):
        return None
    if c.lifted or c.clipped or c.glare is None or x.washed:
        return None
    if not (x.compared and x.q < T.smaller) or x.blob.touches_edge:
        return None
    return Doubt.GLARE_OVER_FACE if c.glare_near(x.blob.centre, T.glare_reach) else None


def _smaller_than_others(c: _Card, x: _Blob) -> Doubt | None:
    # A card prints its symbols of one size: one much smaller than a whole one beside it is
    # cut (another card's edge, or a hand, lies across it).
    small = x.compared and x.q < T.smaller and not x.washed
    return Doubt.SYMBOL_SMALLER_THAN_OTHERS if small else None


def _odd_size_on_search(c: _Card, x: _Blob) -> Doubt | None:
    # A searched outline may hold a covered card, whose symbols another card cuts: whole
    # symbols of one size only (or two or three of them that touch).
    odd = abs(x.q - round(x.q)) > T.one_size_slack
    return Doubt.OFF_SIZE_ON_FITTED_OUTLINE if c.one_size and odd else None


def _between_counts(c: _Card, x: _Blob) -> Doubt | None:
    return Doubt.BLOB_BETWEEN_COUNTS if _symbols_in(x) is None else None


def _several_the_size_of_one(c: _Card, x: _Blob) -> Doubt | None:
    # Shaped like symbols that touch, yet hardly larger than one: two symbols seen small
    # (an outline that took in part of the card below) or one large one? Not told apart.
    n = _symbols_in(x)
    big = x.blob.several and n == 1 and max(x.q, x.r) >= T.several_as_one
    return Doubt.BLOB_BETWEEN_COUNTS if big and not _long_kind(x) else None


def _several_large_by_other_kinds(c: _Card, x: _Blob) -> Doubt | None:
    """A blob shaped like symbols that touch and counted as one, yet as large as
    ``T.several_by_other_kinds`` of the card's single symbols of other kinds: two of its
    kind, one paled by a reflection (a washed plum beside a plum), measure less than two by
    the profile, but more than one on this card's scale. Not long kinds (a banana is shaped
    like several alone), nor decks told apart by taught shapes (a candle is as long as two
    round symbols). Only a kind's one blob on the card: one with siblings is measured by them
    (``_several_the_size_of_one``; against other kinds, two strawberries beside a plum a dim
    light shrank doubted a card read right, tuning night clone 1184123)."""
    if not x.blob.several or _symbols_in(x) != 1 or _long_kind(x) or x.washed or x.compared:
        return None
    if any(k.shapes for k in c.profile.kinds):
        return None
    others = _other_kinds_singles(c, x.kind)
    if not others or x.r < T.several_by_other_kinds * float(np.median(others)):
        return None
    return Doubt.SEVERAL_LARGE_BY_OTHER_KINDS


def _long_kind(x: _Blob) -> bool:
    return x.kind in _LONG_KINDS


_LONG_KINDS = frozenset({"banana"})  # a single symbol long or bent: like several, by shape


def _compact_of_several(c: _Card, x: _Blob) -> Doubt | None:
    # One compact symbol as large as two: the outline is smaller than the card (part of a
    # card, the rest under a hand or another card).
    n = _symbols_in(x)
    return Doubt.COMPACT_SYMBOL_SIZE_OF_TWO if n and n > 1 and not x.blob.several else None


def _washed_by_glare(c: _Card, x: _Blob) -> Doubt | None:
    # A symbol smaller than a whole one of its kind beside it (or than the deck's, when it is
    # alone; by the share that says a symbol is cut) next to a reflection clipped to the
    # sensor's top: the rest of it is under the reflection (and taken for the size of one,
    # it would make the card's other symbols count for more).
    if x.washed or c.clipped or not c.clipped_near(x.blob.centre):
        return None
    unit = next(k.unit_area for _, k in c.symbols if k.kind == x.kind)
    singles = [
        b.core
        for b, k in c.symbols
        if k.kind == x.kind and b is not x.blob and T.single_min <= b.core / unit < T.single_max
    ]
    whole = max(singles) if singles else unit
    return Doubt.GLARE_OVER_FACE if x.blob.core < T.smaller * whole else None


def _measured_by_a_paled_symbol(c: _Card, x: _Blob) -> Doubt | None:
    # On a face lit to the sensor's top no reflection stands out, only what it did to the
    # print: a symbol it washed is paler, and smaller. Symbols that touch are counted by
    # their size against the card's smallest single symbol: when that one is paler than
    # they are, it may be a washed one, too small a measure (two that touch count for three).
    if not c.clipped or not x.compared or (_symbols_in(x) or 0) < 2:
        return None
    unit = next(k.unit_area for _, k in c.symbols if k.kind == x.kind)
    singles = [
        b
        for b, k in c.symbols
        if k.kind == x.kind
        and not (b.touches_edge and b.core < T.whole_symbol * unit)
        and T.single_min <= b.core / unit < T.single_max
    ]
    if not singles:
        return None
    ref = min(singles, key=lambda b: b.core)
    paled = math.hypot(*ref.ab) < T.paled_chroma * math.hypot(*x.blob.ab)
    return Doubt.GLARE_OVER_FACE if paled else None


def _one_by_the_profile_beside_a_reflection(c: _Card, x: _Blob) -> Doubt | None:
    """Symbols that touch are counted by their size against the card's smallest single
    symbol of their kind; on a face lit as usual (``_measured_by_a_paled_symbol`` judges one
    lit to the sensor's top) a reflection may have eaten part of that single symbol, its
    centre moved off the reflection with what it lost, too small a measure: a whole symbol
    beside the reflection then counts for two. Counted as several on the card's scale yet
    one by the profile (under ``T.single_max``), beside a reflection, it is doubted (tuning
    style glare, clone, seed 2218157 seat 3: a 2 strawberry + 2 plum, read again with the
    reflection's light taken off, its left strawberry still torn by the clipped core to 0.63
    of a symbol, the right one whole at 1.08 beside the core counted as two: read 3
    strawberry + 2 plum)."""
    if c.clipped or x.washed or not x.compared or (_symbols_in(x) or 0) < 2:
        return None
    if x.r >= T.single_max or x.blob.touches_edge:
        return None
    beside = c.clipped_near(x.blob.centre) or c.glare_near(x.blob.centre, T.glare_reach)
    return Doubt.GLARE_OVER_FACE if beside else None


def _smaller_than_other_kinds(c: _Card, x: _Blob) -> Doubt | None:
    # A card prints all its symbols at one scale, whatever their kinds (clone decks show
    # two kinds a card). A kind seen once has no sibling to be measured against, only the
    # profile; the card's single symbols of other kinds say how large one symbol of each
    # kind is on this card (blur, print size). Much smaller than that, it is a part of a
    # symbol: another card's edge or a hand cuts it (in low light the shadow of that edge
    # may be lost in the noise, so the outline holds parts of two cards).
    if x.compared or x.washed or _symbols_in(x) != 1:
        return None
    others = _other_kinds_singles(c, x.kind)
    if not others:
        return None
    small = x.r < T.kinds_smaller * float(np.median(others))
    return Doubt.SYMBOL_SMALLER_THAN_OTHERS if small else None


def _cut_at_the_edge_by_other_kinds(c: _Card, x: _Blob) -> Doubt | None:
    """A symbol on the outline's edge, its kind's only one on the card, is cut by the outline
    when it measures less than ``T.edge_whole_by_other_kinds`` of what the card's whole single
    symbols of other kinds measure (each against its kind's profile size: a card prints every
    kind at one scale). Against the profile alone it may pass as whole: an outline narrower
    than the card enlarges every symbol inside it, so a part of one inside it measures nearly
    a whole one of the profile's (``T.whole_symbol``). Tuning style pale, clone, seed 2150000
    seat 3: an outline on white across the top card's faint side took in its strawberry,
    cut by that side at 0.93 of the profile's size, and the limes and plum of the card under
    it at 1.07 to 1.13, and read 1 strawberry + 2 lime + 1 plum for 1 strawberry + 2 lime.
    Compact kinds only, both the symbol and its measures: a banana's area strays from its
    profile's with its bend (tuning tilt clone 2216711 seat 4: three bananas read right at
    1.21 to 1.30 beside a whole strawberry on the outline at 1.07)."""
    if not x.blob.touches_edge or x.compared or x.washed or _long_kind(x):
        return None
    if _symbols_in(x) != 1:
        return None
    others = _other_kinds_singles(c, x.kind, compact_only=True)
    if not others:
        return None
    cut = x.r < T.edge_whole_by_other_kinds * float(np.median(others))
    return Doubt.SYMBOL_CUT_BY_OUTLINE if cut else None


def _several_by_the_profile_alone(c: _Card, x: _Blob) -> Doubt | None:
    # A blob counted as symbols that touch is measured against the card's other symbols
    # (blur, print size and the outline's scale change areas alike: a pair across the centre
    # is alike). Alone on the card, only the profile's size counts it, and one symbol seen
    # larger (an outline smaller than the card, a face blurred in a dim light) passes for two.
    alone = len(c.symbols) == 1
    return Doubt.NO_SINGLE_TO_MEASURE_BY if alone and (_symbols_in(x) or 0) >= 2 else None


def _touching_off_the_print_layout(c: _Card, x: _Blob, total: int) -> Doubt | None:
    # (A last guard, after the count: a count the deck never prints is said as such.)
    # On the classic deck symbols that touch (a blur in the dark, an outline a little small)
    # make one blob between the places they are printed at: its centre lies on the mean of
    # as many places of the layout of the card's count, ``total``, as it counts. One on a
    # place where the deck prints a single symbol is one symbol with something more (print
    # of a card beside it that the outline took in, washed together with it by a reflection),
    # not several; one over places of another count's layout only is no part of this
    # count's print (tuning style dark, Deluxe, seed 942007 seat 2: a blob of two over a
    # 2's places, beside two single limes, read 4 lime on an outline run half off a 5).
    n = _symbols_in(x) or 0
    if n < 2 or not _classic_print(c.profile):
        return None
    bx, by = x.blob.centre
    for spots in _printed_layouts(total):
        for group in itertools.combinations(spots, n):
            mx = sum(p[0] for p in group) / n
            my = sum(p[1] for p in group) / n
            if abs(bx - mx) + abs(by - my) <= T.touching_slack and _places_on_blob(c, x, group):
                return None
    return Doubt.OFF_THE_PRINT_LAYOUT


# The counts whose layout a deck of mixed kinds is held to: a 4's four corners, as the
# classic deck prints them (the others were not measured on those decks).
_MIXED_LAYOUTS_JUDGED = frozenset({4})


def _singles_off_the_count_s_layout(c: _Card, counted: list[_Blob], total: int) -> Doubt | None:
    """(A last guard, after the count.) On the classic deck, when every blob is counted as
    one symbol, each takes a place of its own of the layout the deck prints for the count
    (or its mirror image). ``_off_the_print_layout`` judges this before the count only when
    every blob is a single symbol's size; one blurred larger and counted as one by the
    others' size passes it. An outline over the top part of a blurred 5 holds two corners
    and the middle, read as a 3 whose diagonal they do not lie on (tuning style blur, scans,
    seed 294002 seat 1). Decks of mixed kinds print a 4 at the same four corners: an outline
    across two of them, its side faint in the noise, held two symbols by one corner and none
    by another, and read a 4 (tuning style noise, clone, seed 1703002 seat 1)."""
    classic = _classic_print(c.profile)
    if c.hidden or total not in (CLASSIC_SPOTS if classic else _MIXED_LAYOUTS_JUDGED):
        return None
    if any(_symbols_in(x) != 1 for x in counted):
        return None  # symbols that touch (their own guard)
    if classic and _all_single(c):
        return None  # judged before the count (``_off_the_print_layout``)
    seen = [x.blob.centre for x in counted]
    fits = any(_unmatched(seen, spots) is not None for spots in _printed_layouts(total))
    return None if fits else Doubt.OFF_THE_PRINT_LAYOUT


def _corner_columns_apart(c: _Card, counted: list[_Blob], total: int) -> Doubt | None:
    """(A last guard, after the count.) On a deck of mixed kinds, a 4 of single symbols,
    printed in the card's corners in two columns 0.4 of the card's width apart
    (``CLASSIC_SPOTS``), holds them ``Tuning.corner_columns_apart`` of the width apart or
    more: the outline spans parts of two cards side by side, a column of each
    (``_singles_off_the_count_s_layout`` lets each symbol lie that far off its corner, as a
    banana's weight needs). Not on the classic deck, whose scanned 4s print wider. Check
    seed style sheen, clone, scene 2221930 seat 3: the top card's side against the covered
    card washed out by a reflection, an outline over the covered card's two bananas and the
    top card's strawberry and plum, 0.62 apart, read 2 banana + 1 strawberry + 1 plum for
    1 strawberry + 3 plum."""
    if not c.profile.mixed or c.hidden or total != 4 or len(counted) != 4:
        return None
    if any(_symbols_in(x) != 1 for x in counted):
        return None
    xs = sorted(x.blob.centre[0] for x in counted)
    apart = (xs[2] + xs[3] - xs[0] - xs[1]) / 2
    return Doubt.OFF_THE_PRINT_LAYOUT if apart >= T.corner_columns_apart else None


def _washed_corner_of_a_four(c: _Card, counted: list[_Blob], total: int) -> Doubt | None:
    """(A last guard, after the count.) On a deck of mixed kinds, on a face lit to the
    sensor's top (``_Card.clipped``), a count of 3 whose symbols take three corners of a 4
    (``CLASSIC_SPOTS``; symbols that touch, the mean of two side by side within
    ``T.touching_slack``), with a speck of a kind's hue (``T.washed_corner_hue``), too pale
    for any kind's colour, that the count skipped as a leaf lying by the fourth corner
    (``T.washed_corner_reach``): a 4 whose symbol there a lamp washed out to that speck,
    which no layout of a 3 (a diagonal) would leave. Tuning style lamp, clone, seed 373500
    seat 3: a 1 banana + 3 plum, its banana washed to a pale yellow smear and a speck of
    0.06 of a banana, its top plums touching, read 3 plum."""
    if not c.profile.mixed or c.hidden or total != 3 or not c.clipped:
        return None
    hues = [_kind_hue(k.ab) for k in c.profile.kinds]
    specks = [
        b.centre
        for b in c.skipped
        if min(_hue_gap(_kind_hue(b.ab), h) for h in hues) <= T.washed_corner_hue
    ]
    if not specks:
        return None
    corners = CLASSIC_SPOTS[4]
    for gone in corners:
        if not any(_reach(gone, at) <= T.washed_corner_reach for at in specks):
            continue
        left = [p for p in corners if p != gone]
        if _takes_places(counted, left):
            return Doubt.GLARE_OVER_FACE
    return None


def _takes_places(counted: list[_Blob], places: list[tuple[float, float]]) -> bool:
    """Every place taken by one counted symbol: a single one within ``T.print_layout_slack``
    of it, symbols that touch by the mean of as many places within ``T.touching_slack``."""
    if not counted:
        return not places
    x, rest = counted[0], counted[1:]
    n = _symbols_in(x) or 0
    if n < 1:
        return False
    bx, by = x.blob.centre
    slack = T.print_layout_slack if n == 1 else T.touching_slack
    for group in itertools.combinations(places, n):
        mx = sum(p[0] for p in group) / n
        my = sum(p[1] for p in group) / n
        near = abs(bx - mx) + abs(by - my) <= slack
        if near and _takes_places(rest, [p for p in places if p not in group]):
            return True
    return False


def _places_on_blob(c: _Card, x: _Blob, group: tuple[tuple[float, float], ...]) -> bool:
    """Symbols that touch cover the places they are printed at: each place of the group lies
    on the blob's ink (within ``T.touching_place_reach`` card widths: the outline and the
    print sit a little off). Two symbols a hard compression bled together, with the ink
    between them, are as large as three, and their centre lies near the mean of three places
    of a 5 (two corners and the middle), yet the middle place is bare face. Only the ink's
    body counts (``T.touching_place_body``): threads of the camera's noise grown onto one
    symbol in the dark reach places that are bare face."""
    ink = _blob_ink(c, x.blob)
    if ink is None:
        return False
    h, w = ink.shape
    body = _ink_body(ink)
    reach = cv2.distanceTransform((~body).astype(np.uint8), cv2.DIST_L2, 3) / w
    far = max(
        float(reach[min(round(py * h), h - 1), min(round(px * w), w - 1)]) for px, py in group
    )
    return far <= T.touching_place_reach


def _ink_body(ink: np.ndarray) -> np.ndarray:
    """The mask ``ink`` without its thin parts: the pixels at least ``T.touching_place_body``
    of its deepest pixel's depth (distance to the face) deep."""
    depth = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3)
    return depth >= T.touching_place_body * float(depth.max())


def _blob_ink(c: _Card, b: Blob) -> np.ndarray | None:
    """The card's ink component under the blob's centre, as a mask of the warped card; None
    where the ink is not found there."""
    ink = _ink_components(c)
    i = None if ink is None else ink.under(b.centre)
    return None if ink is None or i is None else ink.labels == i


def _fewer_lobes_than_symbols(c: _Card, x: _Blob) -> Doubt | None:
    # Symbols that touch make a blob of as many lobes, joined by necks. Its size alone may
    # count one too many: with no single one of its kind on the card, ink a hard compression
    # or a blur bled around it passes for one more symbol (two bananas of a clone card
    # measured as three); measured against a single one of its kind that a compression
    # shrank, two plums pass for three. So its shape must show the count too. (On the
    # classic print the places the blob covers check the count, ``_places_on_blob``; a deck
    # printed elsewhere has only the blob's shape to show it.)
    n = _symbols_in(x) or 0
    if n < 2 or _classic_print(c.profile):
        return None
    lobes = _lobes(c, x)
    return Doubt.FEWER_LOBES_THAN_SYMBOLS if lobes is not None and lobes < n else None


def _lobes(c: _Card, x: _Blob) -> int | None:
    """The most pieces the blob's ink falls into as it is worn away from its edge, a step of
    ``T.lobe_step_px`` pixels at a time (each piece ``T.lobe_least_px`` pixels at least): a
    neck between symbols that touch breaks before their cores do. None where the blob's ink
    is not found."""
    ink = _blob_ink(c, x.blob)
    if ink is None:
        return None
    return max((len(pieces) for pieces in _worn_pieces(ink)), default=0)


def _like_lobes(c: _Card, x: _Blob) -> int | None:
    """The most lobes (``_lobes``) the blob's ink falls into that are each at least
    ``T.like_lobe_share`` of the largest one as large: the cores of symbols that touch, not
    a leaf or a stem worn away beside one symbol's body. Only while the ink is worn by
    ``T.like_lobe_neck`` of its depth at most: symbols that touch part at the neck between
    them, narrower than their cores; one symbol's deepest ridge, worn to its last pixels,
    breaks into specks alone. None where the blob's ink is not found."""
    ink = _blob_ink(c, x.blob)
    if ink is None:
        return None
    return max(
        (
            int(np.count_nonzero(p >= T.like_lobe_share * p.max()))
            for p in _worn_pieces(ink, T.like_lobe_neck)
            if p.size
        ),
        default=0,
    )


def _worn_pieces(ink: np.ndarray, deepest: float = 1.0) -> Iterator[np.ndarray]:
    """The areas (pixels) of the pieces of ``T.lobe_least_px`` pixels at least that the mask
    ``ink`` falls into as it is worn away from its edge, ``T.lobe_step_px`` pixels a step,
    up to ``deepest`` of its deepest pixel's depth: one array a step."""
    depth = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3)
    for level in np.arange(T.lobe_step_px, deepest * float(depth.max()), T.lobe_step_px):
        _, _, stats, _ = cv2.connectedComponentsWithStats(
            (depth > level).astype(np.uint8), connectivity=8
        )
        areas = stats[1:, cv2.CC_STAT_AREA]
        yield areas[areas >= T.lobe_least_px]


def _two_lobes_counted_as_one(c: _Card, x: _Blob) -> Doubt | None:
    """A blob shaped like symbols that touch and counted as one by its size, whose ink wears
    into two like lobes (``_like_lobes``): two symbols whose print a shadow darkened, so that
    few of their pixels count as coloured and together they measure one. Guard style shadow,
    clone, seed 345502 seat 5: two plums that touch, 0.59 of their pixels coloured (the
    strawberries beside them 0.87), in one blob of 1.18 plums (1.17 of the strawberries,
    under ``T.several_by_other_kinds``), two lobes alike, read 2 strawberry + 1 plum for
    2 strawberry + 2 plum. Not long kinds (a banana's ends wear into two lobes alone), nor
    decks told apart by taught shapes, nor the classic print (its places check a count,
    ``_places_on_blob``)."""
    if _symbols_in(x) != 1 or x.washed or not x.blob.several or _long_kind(x):
        return None
    if _classic_print(c.profile) or any(k.shapes for k in c.profile.kinds):
        return None
    like = _like_lobes(c, x)
    return Doubt.TWO_LOBES_COUNTED_AS_ONE if like is not None and like >= 2 else None


def _spine_shorter_than_symbols(c: _Card, x: _Blob) -> Doubt | None:
    # A long symbol (a banana) is as long along its spine as its area makes it, and long
    # symbols that touch make a spine as long as theirs end to end (or side by side, a
    # little less): the spine per symbol over the root of the area per symbol is one
    # symbol's, whatever the count. One bent banana a compression bled to the size of two
    # shows two lobes (its ends), yet only one banana's spine: for two symbols it is far
    # too short. (Off the classic print only, as ``_fewer_lobes_than_symbols``: there the
    # places it covers check the count.)
    n = _symbols_in(x) or 0
    if n < 2 or not _long_kind(x) or _classic_print(c.profile):
        return None
    ink = _blob_ink(c, x.blob)
    if ink is None:
        return None
    spine = _spine_px(ink) / math.sqrt(n * float(np.count_nonzero(ink)))
    return Doubt.SPINE_SHORTER_THAN_SYMBOLS if spine < T.long_spine_least else None


def _spine_px(ink: np.ndarray) -> float:
    """The length (pixels) of the longest shortest path inside the mask ``ink``, between the
    pixel farthest from one of its pixels and the pixel farthest from that: the length along
    a symbol's spine, bent or not."""
    ys, xs = np.nonzero(ink)
    if len(ys) == 0:
        return 0.0
    top, left = int(ys.min()), int(xs.min())
    box = ink[top : int(ys.max()) + 1, left : int(xs.max()) + 1]
    end, _ = _farthest_inside(box, (int(ys[0]) - top, int(xs[0]) - left))
    return _farthest_inside(box, end)[1]


def _farthest_inside(mask: np.ndarray, start: tuple[int, int]) -> tuple[tuple[int, int], float]:
    """The pixel of ``mask`` farthest from ``start`` by paths inside it (8 neighbours), and
    that distance: each step takes the least of the pixel's distance and its neighbours'
    plus the way to them (1 straight, the root of 2 across), until none changes."""
    outside = np.float32(1e9)
    dist = np.full(mask.shape, outside, np.float32)
    dist[start] = 0.0
    for _ in range(mask.size):
        straight = cv2.erode(dist, _STRAIGHT_NEIGHBOURS, borderValue=float(outside)) + 1.0
        across = cv2.erode(dist, _ACROSS_NEIGHBOURS, borderValue=float(outside)) + math.sqrt(2)
        relaxed = np.minimum(dist, np.minimum(straight, across))
        relaxed[~mask] = outside
        if np.array_equal(relaxed, dist):
            break
        dist = relaxed
    reached = np.where(dist < outside, dist, -1.0)
    y, x = np.unravel_index(int(np.argmax(reached)), reached.shape)
    return (int(y), int(x)), float(reached[y, x])


_STRAIGHT_NEIGHBOURS = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], np.uint8)
_ACROSS_NEIGHBOURS = np.array([[1, 0, 1], [0, 0, 0], [1, 0, 1]], np.uint8)


def _several_unlike_other_kinds(c: _Card, x: _Blob) -> Doubt | None:
    # A card prints all its symbols at one scale, whatever their kinds. A blob counted as
    # symbols that touch by the profile alone (no single one of its kind on the card) is
    # counted again against the card's single symbols of other kinds, which say how large
    # one symbol is on this card: an outline fitted inside the card enlarges every symbol
    # alike, and one banana seen at 1.74 beside a plum seen at 1.22 passes for two by the
    # profile, one by the plum. Two counts that differ are no count.
    n = _symbols_in(x) or 0
    if x.compared or x.washed or n < 2:
        return None
    others = _other_kinds_singles(c, x.kind)
    if not others:
        return None
    again = _symbols_in(replace(x, q=x.r / float(np.median(others)), compared=True))
    return Doubt.COUNT_UNLIKE_OTHER_KINDS if again != n else None


def _other_kinds_singles(c: _Card, kind: str, compact_only: bool = False) -> list[float]:
    """The sizes (by the profile) of the card's whole single symbols of kinds other than
    ``kind`` (``compact_only``: not of the long kinds, whose area strays with their bend)."""
    return [
        b.core / k.unit_area
        for b, k in c.symbols
        if k.kind != kind
        and not (compact_only and k.kind in _LONG_KINDS)
        and not b.touches_edge
        and T.single_min <= b.core / k.unit_area < T.single_max
    ]


COUNT_CHECKS: tuple[Callable[[_Card, _Blob], Doubt | None], ...] = (
    _washed_by_glare,
    _measured_by_a_paled_symbol,
    _one_by_the_profile_beside_a_reflection,
    _cut_large,
    _smaller_beside_a_spot_on_a_mixed_card,
    _smaller_than_others,
    _smaller_than_other_kinds,
    _cut_at_the_edge_by_other_kinds,
    _odd_size_on_search,
    _between_counts,
    _several_the_size_of_one,
    _several_large_by_other_kinds,
    _compact_of_several,
    _several_by_the_profile_alone,
    _fewer_lobes_than_symbols,
    _two_lobes_counted_as_one,
    _several_unlike_other_kinds,
    _spine_shorter_than_symbols,
)


def _symbols_in(x: _Blob) -> int | None:
    """How many symbols one blob holds (symbols that touch merge into one); None for an
    in-between size, which is doubtful, not rounded."""
    if x.washed:
        return 1
    for n, (lo, hi) in enumerate(T.count_bands, start=1):
        if lo <= x.q < hi and (n > 1 or x.r < T.single_max):
            return n
    return None


def _counted(c: _Card) -> list[_Blob]:
    """Each blob's size in symbols: against the smallest whole-looking single symbol of its
    kind on this card when there is one (blur and print size change areas; a card's symbols
    are all one size), else against the profile's. A symbol a reflection washed smaller is
    no measure of the others (``_washed``)."""
    out = []
    for name in sorted({k.kind for _, k in c.symbols}):
        unit = next(k.unit_area for _, k in c.symbols if k.kind == name)
        mine = [b for b, k in c.symbols if k.kind == name]
        whole = [b for b in mine if not b.touches_edge or b.core >= T.whole_symbol * unit]
        singles = [b for b in whole if T.single_min <= b.core / unit < T.single_max]
        unwashed = [b for b in singles if not _by_a_reflection(c, b)]
        compared = bool(singles) and len(mine) > 1
        ref = min(b.core for b in (unwashed or singles)) / unit if compared else 1.0
        blobs_ = [_Blob(b, name, b.core / unit, b.core / unit / ref, compared) for b in mine]
        out += [replace(x, washed=_washed(c, x, blobs_)) for x in blobs_]
    return out


def _by_a_reflection(c: _Card, b: Blob) -> bool:
    """A reflection clipped to the sensor's top lies beside the symbol, on a face lit as usual."""
    return not c.clipped and not b.touches_edge and c.clipped_near(b.centre)


def _by_an_unclipped_reflection(c: _Card, b: Blob) -> bool:
    """A reflection brighter than the face, though not clipped to the sensor's top, lies
    beside the symbol (``T.glare_reach`` of its centre, as a clipped one must): in low light a
    lamp's reflection stays below the top, yet pales the print it lies over as a clipped one
    does."""
    return not c.clipped and not b.touches_edge and c.glare_near(b.centre, T.glare_reach)


def _washed(c: _Card, x: _Blob, blobs_: list[_Blob]) -> bool:
    """A symbol a reflection washed smaller than a whole one is still one symbol when the
    print's layout says so. Printed symbols lie in pairs across the card's centre (or on
    it), and a pair is alike: one of two symbols that touch has a partner of two that touch.
    So with every symbol laid out as printed, a washed piece whose partner is a whole single
    symbol of its kind (or, on the centre, among symbols that are all whole singles) is one
    symbol, whatever shape the reflection left it (a crescent looks like several), if it is
    more than a leaf of one. A reflection in low light, below the sensor's top, washes a
    symbol so too (tuning night, own art, seed 2358000 seat 2: a 4 strawberry, one paled to
    0.46 of the smallest whole one, was doubted as a symbol smaller than the others); by it
    only the layout tells."""
    b = x.blob
    if any(t is b for t in c.torn):
        return True  # its other part is a washed piece beside it
    if not _by_a_reflection(c, b):
        # The layout first: it rules out nearly every blob at once, where the reflection's
        # spots would be found on every card read.
        return _washed_as_laid_out(c, x, blobs_) and _by_an_unclipped_reflection(c, b)
    kind = next(k for s, k in c.symbols if s is b)
    if _whole_under_reflection(c, b, kind) is not None:
        return True  # its rest lies where the reflection clipped
    if _last_corner_beside_three_whole_singles(c, x, blobs_):
        return True
    return _washed_as_laid_out(c, x, blobs_)


def _washed_as_laid_out(c: _Card, x: _Blob, blobs_: list[_Blob]) -> bool:
    """The symbol ``x``, smaller than a whole one, is one symbol by the print's layout: every
    symbol laid out as printed, its partner across the centre a whole single symbol of its
    kind (or, on the centre, every other symbol one), and more than a leaf of one. A place
    where a symbol is counted unseen under a reflection (``_Card.hidden``) is a partner too:
    the reflection that washed that symbol out pales the one beside it (tuning style phone,
    own art, seed 2487000 seat 1: a 3 plum under the phone's light, its top corner counted
    unseen, its middle plum paled to 0.63 of the lower corner's size, was doubted as a
    symbol smaller than the others)."""
    b = x.blob
    if not _laid_out_as_printed(c, with_hidden=True):
        return False

    def whole_single(y: _Blob) -> bool:
        return (
            y.blob is not b
            and _shaped_as_one(c, y.blob, y.kind)
            and not y.blob.touches_edge
            and not _by_a_reflection(c, y.blob)
            and T.smaller <= y.q < T.count_bands[0][1]
        )

    singles = [y for y in blobs_ if whole_single(y)]
    if not singles:
        return _lone_on_the_centre(c, b)
    # Measured as ``_washed_by_glare`` measures it: against the largest whole one.
    whole = max(y.blob.core for y in singles)
    if not T.washed_least * whole <= b.core < T.smaller * whole:
        return False
    others = [y for y in blobs_ if y.blob is not b]
    bx, by = b.centre
    if (abs(bx - 0.5) + abs(by - 0.5)) * 2 < T.layout_slack:
        return all(whole_single(y) for y in others)
    return any(
        abs(y.blob.centre[0] - (1.0 - bx)) + abs(y.blob.centre[1] - (1.0 - by)) < T.layout_slack
        for y in singles
    )


def _last_corner_beside_three_whole_singles(c: _Card, x: _Blob, blobs_: list[_Blob]) -> bool:
    """On a deck that mixes kinds, a piece washed by a reflection is one symbol when three
    whole single symbols, of any kinds, and the piece take the four corners of a four's
    layout, each with a partner across the card's centre: no two symbols that touch lie at
    a corner, so its size, whatever the reflection left of it, counts nothing. (A symbol the
    reflection may hide on the centre is judged before the count, as on any card:
    ``_glare_may_hide_print``; the piece's kind by its colour, as every symbol's, by the
    symbol checks.) Tuning style lamp, clone, seed 1676001 seat 3: a 1 banana + 3
    strawberry whose banana a reflection washed to 0.42 of a symbol. The three need not be
    of one kind: guard style cloth, clone, seed 323501 seat 1, a 2 lime + 2 plum whose top
    lime a reflection washed, read before as a doubt."""
    if not c.profile.mixed or _classic_print(c.profile):
        return False
    b = x.blob
    unit = next(k.unit_area for s, k in c.symbols if s is b)
    others = [(s, k) for s, k in c.symbols if s is not b]
    if len(others) != 3:
        return False
    if b.core < T.washed_least * unit:
        return False  # a leaf or a speck, not what is left of a symbol
    if not all(_whole_single(s, k) and _shaped_as_one(c, s, k.kind) for s, k in others):
        return False
    pts = [s.centre for s, _ in c.symbols]
    if any(_reach(p, (0.5, 0.5)) * 2 < T.layout_slack for p in pts):
        return False  # a symbol on the centre: not a four's corners
    return all(any(_reach(q, (1.0 - p[0], 1.0 - p[1])) < T.layout_slack for q in pts) for p in pts)


def _whole_single(s: Blob, k: KindModel) -> bool:
    """One whole symbol by its size against the profile's, not cut by the outline (its shape:
    ``_shaped_as_one``)."""
    whole = T.smaller <= s.core / k.unit_area < T.count_bands[0][1]
    return whole and not s.touches_edge


def _shaped_as_one(c: _Card, b: Blob, kind: str) -> bool:
    """Not shaped like symbols that touch, or of a long kind, which is shaped like several
    alone (its size says it is one), as the partner of a symbol a reflection washed
    (``_washed``). Not on a searched outline: there every symbol must be whole, of one size
    (``_odd_size_on_search``), and a washed one keeps the glare's doubt, so the card is read
    through the reflection (guard style phone_dim, Deluxe: a 5 banana read so on a searched
    outline was lost when its washed banana counted as one by its partner and doubted for
    its size)."""
    return not b.several or (kind in _LONG_KINDS and not c.one_size)


def _lone_on_the_centre(c: _Card, b: Blob) -> bool:
    """On the classic deck a card's only symbol, on the card's centre where a 1 prints it, is
    one symbol however much of it a reflection washed, if more than ``T.washed_least`` of the
    deck's size of its kind is left: the deck prints no symbols that touch, so its size
    counts nothing, and a symbol of a larger count under the reflection is judged before
    the count (``_glare_may_hide_print``)."""
    if not _classic_print(c.profile) or len(c.symbols) != 1:
        return False
    kind = c.symbols[0][1]
    bx, by = b.centre
    on_centre = (abs(bx - 0.5) + abs(by - 0.5)) * 2 < T.layout_slack
    return on_centre and b.core >= T.washed_least * kind.unit_area


# -- the card ----------------------------------------------------------------------------------


def _more_than_the_deck_prints(profile: Profile, counts: dict[str, int]) -> Doubt | None:
    """A count the deck never prints is a miscount, not a card: the classic deck shows at most
    five symbols (``CLASSIC_SPOTS``), so a "6 banana" is noise or a symbol split in two that
    passed every other check. A last guard; the profile's own decks (clone, taught) keep
    ``T.most_symbols``."""
    if not _classic_print(profile):
        return None
    return Doubt.MORE_THAN_THE_DECK_PRINTS if sum(counts.values()) > max(CLASSIC_SPOTS) else None


def read_card_image(
    card_img: np.ndarray,
    profile: Profile,
    *,
    strict_edge: bool = False,
    one_size: bool = False,
    excused: np.ndarray | None = None,
) -> CardRead:
    """Read an upright card image (WARP_SIZE). ``strict_edge``: no symbol may touch the edge
    (for outlines fitted rather than seen whole). ``one_size``: every symbol must be a whole
    one of the card's size (for outlines found by a search, which may frame a covered card
    whose symbols another card cuts). ``excused``: where a reflection excused a side of the
    outline (a 0/1 mask of the upright card), no printed place may lie bare
    (``_printed_place_under_the_excused_reflection``). A card a reflection doubts is read a
    second time with the reflection's light taken off (``_read_through_the_reflection``), and
    a card whose print is too pale for any kind's colour with a veil of reflected light taken
    off (``_read_under_a_veil``), on any deck told by colour alone: the classic deck, and
    clone decks, whose cards mix kinds."""
    first, seen = _read(card_img, profile, strict_edge, one_size, excused)
    if any(k.shapes for k in profile.kinds):
        return first
    if first.state == State.CARD and seen.glare is not None:
        return _pale_middle_through_the_reflection(card_img, profile, seen) or first
    if first.state == State.CARD and _clipped_over_the_middle(seen):
        return _pale_middle_under_a_clipped_centre(card_img, profile, seen) or first
    if first.doubt == Doubt.COLOUR_BETWEEN_KINDS:
        return _read_under_a_veil(card_img, profile, seen) or first
    if first.doubt not in _THROUGH_THE_REFLECTION:
        return first
    return _read_through_the_reflection(card_img, profile, strict_edge, one_size, seen) or first


def wide_pair_clipped_at_its_middle(
    card_img: np.ndarray, profile: Profile, *, strict_edge: bool = False
) -> bool:
    """The upright card, read, is a classic card's wide pair (``_middle_of_a_wide_pair``: two
    single symbols as far apart as a 3's corners) on a face lit to the sensor's top
    (``_Card.clipped``, as ``_pale_piece_at_the_middle_of_a_wide_pair`` asks), whose middle
    place the face clips in every channel over ``T.fit_wide_pair_clipped_middle`` of a
    symbol's disc: where a 3's middle symbol would lie, a spot may have washed it away. (A
    wide 2 across which a light's band falls, its face below the top, is no such card: own
    lamp 2244002 seat 2, its middle place 0.96 clipped, read 2 banana.) Asked of a second
    look's fitted outline over a face the clean outline doubted for glare
    (``zone._fitted_over_a_washed_middle``)."""
    if not _classic_print(profile):
        return False
    first, seen = _read(card_img, profile, strict_edge, False)
    if first.state != State.CARD or not seen.clipped:
        return False
    middle = _middle_of_a_wide_pair(seen)
    return middle is not None and _clipped_over_a_symbol_at(
        seen, middle, T.fit_wide_pair_clipped_middle
    )


def _pale_middle_through_the_reflection(
    card_img: np.ndarray, profile: Profile, first: _Card
) -> CardRead | None:
    """A card read with a reflection on its face (``_Card.glare``) that the checks let stand,
    seen again with the reflection's light taken off (``_reflection_taken_off``): pale print
    where a middle symbol would be, there (``_pale_middle``), is a middle symbol the
    reflection lifted past every check on the card as it came (tuning night, clone, seed
    279007 seat 3: a plum lifted to a pale lilac disc brighter than the dim face, its rim's
    piece just beyond ``T.middle_reach``, read 1 banana + 1 plum for 1 banana + 2 plum).
    The doubt, or None."""
    if not _pale_middle_with_the_light_taken_off(card_img, profile, first):
        return None
    return _doubtful(Doubt.PALE_MIDDLE_THROUGH_THE_REFLECTION)


def _pale_middle_under_a_clipped_centre(
    card_img: np.ndarray, profile: Profile, first: _Card
) -> CardRead | None:
    """A card read with no reflection judged on its face (one as wide as the face lifts the
    face's white with it), yet clipped to the sensor's top over its centre
    (``_clipped_over_the_middle``): seen again with the reflection's light taken off, pale
    print where a middle symbol would be is a middle symbol the reflection washed out, its
    rim's pieces too small on the card as it came (tuning style sheen, own art, seed 1171021
    seat 1: a 3 lime, its middle lime washed to a faint crescent, read 2 lime). The doubt,
    or None."""
    if not _pale_middle_with_the_light_taken_off(card_img, profile, first):
        return None
    return _doubtful(Doubt.PALE_MIDDLE_UNDER_A_CLIPPED_CENTRE)


def _pale_middle_with_the_light_taken_off(
    card_img: np.ndarray, profile: Profile, first: _Card
) -> bool:
    """Pale print where a middle symbol would be (``_pale_middle``) on the card seen with a
    reflection's light taken off (``_reflection_taken_off``), the symbols as first read.
    Never on a card whose symbols fill the deck's fullest layout (``_fullest_layout_filled``):
    the washed piece there is that middle symbol's rest."""
    if _fullest_layout_filled(first):
        return False
    lifted = _reflection_taken_off(card_img)
    if lifted is None:
        return False
    c = _Card(lifted, profile, first.strict_edge, first.one_size, first.found, lifted=True)
    c.symbols = first.symbols
    return _pale_middle(c) is not None


def _read(
    card_img: np.ndarray,
    profile: Profile,
    strict_edge: bool,
    one_size: bool,
    excused: np.ndarray | None = None,
    *,
    lifted: bool = False,
) -> tuple[CardRead, _Card]:
    """One read of the upright card, with what its checks saw (``lifted``: a reflection's
    light taken off it, ``_Card.lifted``)."""
    shapes = any(k.shapes for k in profile.kinds)
    found = blobs(card_img, with_shape=shapes)
    c = _Card(card_img, profile, strict_edge, one_size, found, excused=excused, lifted=lifted)
    return _read_checked(c), c


def _read_checked(c: _Card) -> CardRead:
    """The checks in their order on ``c``: the first doubt, or the card counted."""
    profile = c.profile
    for face_check in FACE_CHECKS:
        if doubt := face_check(c):
            return _doubtful(doubt)
    assert c.found is not None
    for blob in c.found:
        for symbol_check in SYMBOL_CHECKS:
            verdict = symbol_check(c, blob)
            if isinstance(verdict, Doubt):
                # A washed piece met first is the doubt it always was.
                return _doubtful(Doubt.GLARE_OVER_FACE if c.washed else verdict, c.detail)
            if verdict is SKIP:
                c.skipped.append(blob)
                break
            if isinstance(verdict, list):
                c.symbols += verdict
                break
    if doubt := _washed_piece_beside_glare(c):
        return _doubtful(doubt, c.detail)
    if c.symbols:
        for together_check in TOGETHER_CHECKS:
            if _fullest_layout_filled(c) and together_check in MAY_HIDE_A_SYMBOL:
                continue
            if c.washed and together_check is _glare_may_hide_print:
                continue  # judged with the washed piece's symbol (``_larger_count_fits``)
            if doubt := together_check(c):
                return _doubtful(doubt)
    counts: dict[str, int] = {}
    counted = _counted(c)
    for x in counted:
        for count_check in COUNT_CHECKS:
            if doubt := count_check(c, x):
                return _doubtful(doubt, f"{x.kind} of {x.q:.2f} symbols")
        counts[x.kind] = counts.get(x.kind, 0) + (_symbols_in(x) or 0)
    if len(counts) > 1 and not profile.mixed:
        return _doubtful(Doubt.SEVERAL_KINDS_ON_ONE_KIND_DECK)
    if c.hidden and len(counts) == 1:
        # The one layout the symbols seen fit: its symbols under the reflection, counted.
        ((kind, n),) = counts.items()
        counts[kind] = n + len(c.hidden)
    if not counts or sum(counts.values()) > T.most_symbols:
        return _doubtful(Doubt.NO_COUNTABLE_SYMBOLS)
    if doubt := _more_than_the_deck_prints(profile, counts):
        return _doubtful(doubt, f"{sum(counts.values())} symbols")
    for x in counted:
        if doubt := _touching_off_the_print_layout(c, x, sum(counts.values())):
            return _doubtful(doubt, f"{x.kind} of {x.q:.2f} symbols")
    if doubt := _singles_off_the_count_s_layout(c, counted, sum(counts.values())):
        return _doubtful(doubt, f"{sum(counts.values())} symbols")
    if doubt := _corner_columns_apart(c, counted, sum(counts.values())):
        return _doubtful(doubt, "a 4's columns apart")
    if doubt := _washed_corner_of_a_four(c, counted, sum(counts.values())):
        return _doubtful(doubt, "a 4's corner washed out")
    # Last, so that it only turns a card otherwise read into a doubt (the other checks'
    # doubts, more telling, are said first).
    if doubt := _print_cut_by_an_excused_side(c):
        return _doubtful(doubt)
    if doubt := _pale_piece_at_the_middle_of_a_wide_pair(c):
        return _doubtful(doubt, "a pale piece at a wide pair's middle")
    return CardRead(State.CARD, make_card(counts), c.confidence, "")


# -- a second look through a reflection -------------------------------------------------------

# Doubts that say a reflection may have washed print away: a card so doubted is read again
# with the reflection's light taken off. (Not a colour between kinds: a channel clipped under
# the reflection is set to the face's white, which turns a lime's washed colour to banana;
# tuning style glare, own art, seed 200507 seat 3 read 1 banana.)
_THROUGH_THE_REFLECTION = frozenset(
    {
        Doubt.GLARE_OVER_FACE,
        Doubt.GLARE_AGAINST_SYMBOL,
        Doubt.PALE_MIDDLE,
        Doubt.FAINT_RIM_IN_A_REFLECTION,
        Doubt.PRINT_IN_THE_DARKEST_CHANNEL,
    }
)


def _read_through_the_reflection(
    card_img: np.ndarray, profile: Profile, strict_edge: bool, one_size: bool, first: _Card
) -> CardRead | None:
    """A lamp's reflection adds one light to every channel of face and print alike, so
    wherever the sensor does not clip, print keeps its difference from the face: with that
    light taken off (``_reflection_taken_off``) a symbol it paled shows its print again, and
    what the sensor clipped in every channel stays a spot at the top, where print may have
    vanished. The card is read again so, through every check, and taken only as a card that
    holds every symbol the first read saw, each where it was and of its kind, and whose
    clipped spot cannot hide a symbol at a place the deck prints one
    (``_clipped_core_may_hide_a_symbol``; unless the reflection's falloff on the card as it
    came says it clips print over less than a symbol). None when that is not so."""
    lifted = _reflection_taken_off(card_img)
    if lifted is None:
        return None
    second, c = _read(lifted, profile, strict_edge, one_size, first.excused, lifted=True)
    if second.state != State.CARD or not _keeps_what_was_seen(first, c):
        return None
    if _adds_a_kind(first, c):
        return None
    if _clipped_core_may_hide_a_symbol(c) and not _print_vanishes_less(first):
        return None
    return second


def _clipped_core_may_hide_a_symbol(c: _Card) -> bool:
    """With the reflection's light taken off, its core clipped in every channel stands at the
    top with no falloff around it, which the reflection checks of a read judge a reflection
    by: so it is judged here, by the print's layout alone. Any such core on a card whose
    symbols are not all single ones may hide one; else one may lie there where a layout the
    deck prints for more symbols has a place whose symbol the core (its rim, and print not
    read) could hide whole (``_glare_over_a_printed_place``, ``T.clipped_hidden_fill``: a
    symbol partly under the core shows the rest of its print, which the read either counts
    or leaves unread, and print left unread counts as hidden)."""
    core = (c.img.min(axis=2) >= T.hidden_washed).astype(np.uint8)
    if not core.any():
        return False
    if not _by_print_layout(c):
        return not _core_off_every_place_of_a_mixed_card(c, core)
    # Symbols counted unseen are those the read counted, at the same places.
    counted = c.hidden
    doubt = _glare_over_a_printed_place(c, T.clipped_hidden_fill)
    return doubt is not None or c.hidden != counted


def _core_off_every_place_of_a_mixed_card(c: _Card, core: np.ndarray) -> bool:
    """On a deck whose cards mix kinds (no layout of the classic deck to judge by), a clipped
    core hides no symbol where the symbols read again are each a single one laid out as
    printed (``_laid_out_as_printed``: each with its partner across the centre) and no place
    by the core could hold one unseen (``_a_hidden_symbol_s_place_by``): a hidden symbol
    would need a hidden partner, or the centre.
    (Tuning style phone_dim, clone, seed 2524000 seat 1: a 1 strawberry + 3 lime whose
    corner lime a small spot, a third of a symbol, paled in part, all four corners read
    again whole with the light taken off and the spot on the margin beside that lime, was
    left unknown.)"""
    if not c.profile.mixed or not c.symbols or not _laid_out_as_printed(c):
        return False
    return not _a_hidden_symbol_s_place_by(c, core)


def _adds_a_kind(first: _Card, second: _Card) -> bool:
    """On a deck whose cards mix kinds, the second read counts a kind the first saw none of,
    though the first saw symbols: with the light taken off, a channel the reflection clipped
    stands at the face's white, and a lime's washed colour reads banana there (tuning style
    glare, clone, seed 1675020 seat 1: a 2 lime + 2 plum, its first read a lime and two
    plums, read 1 banana + 1 lime + 2 plum). A kind the first read saw print of is the
    reflection's paled print; a new one may be its hue turned, unless its colour is plainly
    its kind's (``Tuning.through_new_kind_fit``: a turned hue lies between kinds)."""
    if not first.profile.mixed or not first.symbols:
        return False
    seen = {k.kind for _, k in first.symbols}
    return any(
        k.kind not in seen and colour_distance(blob.ab, k) > T.through_new_kind_fit
        for blob, k in second.symbols
    )


def _keeps_what_was_seen(first: _Card, second: _Card) -> bool:
    """Every symbol of the first read has one of its kind in the second within
    ``T.through_same_place`` card widths of it (the light taken off moves no print)."""
    return all(
        any(
            k2.kind == k1.kind and math.dist(b1.centre, b2.centre) <= T.through_same_place
            for b2, k2 in second.symbols
        )
        for b1, k1 in first.symbols
    )


def _read_under_a_veil(card_img: np.ndarray, profile: Profile, first: _Card) -> CardRead | None:
    """A card whose print is too pale for any kind's colour (``first``: its first read),
    read again with a veil of reflected light taken off (``_card_veil``,
    ``_veil_taken_off``): a broad reflection (a window, a ceiling panel) adds one light over
    the whole face in linear light, paling its print to tints of its hues and shrinking what
    reads as print. Read again, every check judges the print as it was printed, and a veil
    pales a colour without turning it to a third kind (``_paled_not_turned``). The card, or
    None (no veil, print the sensor clipped, or still doubtful)."""
    if _print_clipped_share(card_img) >= T.veil_clipped_print_most:
        return None  # a reflection that clips the print is no veil: its levels are lost
    veil = _card_veil(card_img)
    if veil is None:
        return None
    clear = _veil_taken_off(card_img, veil)
    again, seen = _read(clear, profile, first.strict_edge, first.one_size, first.excused)
    if again.state != State.CARD or not _paled_not_turned(first, seen):
        return None
    if _lit_shape_over_the_middle(card_img):
        return _doubtful(Doubt.LIT_SHAPE_OVER_A_VEILED_CARD)
    return again


def _lit_shape_over_the_middle(img: np.ndarray) -> bool:
    """A grey shape far brighter than the face's median (``T.lit_shape_above_face``) over
    the card's middle place (``T.middle_reach``), reaching its edge, of
    ``T.lit_shape_least`` of the card or more: something over the card a flash lit (a
    hand), not a veil, which lights the face smoothly. Its light hides the print under it,
    and the middle symbol of a 3 or a 5 lies there."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    grey = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128) < T.lit_shape_grey
    if not grey.any():
        return False
    light = lab[..., 0]
    lit = grey & (light > T.lit_shape_above_face * float(np.median(light[grey])))
    _, pieces, stats, _ = cv2.connectedComponentsWithStats(lit.astype(np.uint8), connectivity=8)
    h, w = lit.shape
    ys, xs = np.mgrid[0:h, 0:w]
    middle = np.abs(xs / w - 0.5) + np.abs(ys / h - 0.5) < T.middle_reach
    for shape in np.unique(pieces[middle & lit]):
        x, y, sw, sh = stats[shape, :4]
        large = stats[shape, cv2.CC_STAT_AREA] >= T.lit_shape_least * lit.size
        if large and (x == 0 or y == 0 or x + sw == w or y + sh == h):
            return True
    return False


def _print_clipped_share(img: np.ndarray) -> float:
    """The share of the upright card's print (its ink) clipped at the sensor's top in its
    brightest channel (``T.hidden_washed``); 0 where no print is found."""
    marks = print_marks(img)
    if marks is None or not marks[1].any():
        return 0.0
    return float(np.mean(brightest(img)[marks[1] > 0] >= T.hidden_washed))


def _paled_not_turned(first: _Card, again: _Card) -> bool:
    """Each symbol read with the veil taken off (``again``) was there in the first read
    (``first``: a blob within ``T.veil_same_blob`` card widths), its kind is one of the two
    its paled colour lay nearest, and where the sensor clipped its print its paled hue
    already leans clearly to that kind (``_clipped_and_unsure``): a veil pales a colour, it
    does not turn it."""
    kinds = first.profile.kinds
    for b, kind in again.symbols:
        paled = _blob_near(first.found or [], b.centre)
        if paled is None:
            return False
        if kind not in sorted(kinds, key=lambda k: colour_distance(paled.ab, k))[:2]:
            return False
        if _clipped_and_unsure(first, paled, kind):
            return False
    return True


def _clipped_and_unsure(c: _Card, paled: Blob, kind: KindModel) -> bool:
    """The symbol ``paled`` (a blob of the first read ``c``) has its print clipped in its
    brightest channel over ``T.veil_clipped_symbol_least`` of it, and its paled hue does not
    lean clearly to ``kind`` (``_hue_leans_to``). A clipped channel stops short of the
    print's own level, turning the hue towards the channels left below the top (a
    strawberry clipped in red towards banana), and taking a veil off does not bring that
    level back: only a hue that already showed the kind may name it."""
    ink = _blob_ink(c, paled)
    if ink is None or not ink.any():
        return True  # no print to measure the clipping on: not named under the veil
    clipped = float(np.mean(brightest(c.img)[ink] >= T.hidden_washed))
    if clipped < T.veil_clipped_symbol_least:
        return False
    return not _hue_leans_to(paled.ab, kind, c.profile.kinds)


def _hue_leans_to(ab: tuple[float, float], kind: KindModel, kinds: list[KindModel]) -> bool:
    """The hue of ``ab`` (Lab a/b) lies nearer ``kind``'s than any other kind's by
    ``T.veil_hue_margin`` degrees at least: a hue about halfway between two kinds names
    neither."""
    hue = _ab_hue(ab)
    own = _hue_gap(hue, _ab_hue(kind.ab))
    others = [_hue_gap(hue, _ab_hue(k.ab)) for k in kinds if k.kind != kind.kind]
    return all(gap - own >= T.veil_hue_margin for gap in others)


def _ab_hue(ab: tuple[float, float]) -> float:
    """The hue (degrees) of a Lab a/b colour."""
    return math.degrees(math.atan2(ab[1], ab[0]))


def _blob_near(found: list[Blob], centre: tuple[float, float]) -> Blob | None:
    """The blob of ``found`` nearest ``centre`` (shares of the card), if within
    ``T.veil_same_blob`` card widths of it."""
    if not found:
        return None
    near = min(found, key=lambda x: math.dist(x.centre, centre))
    return near if math.dist(near.centre, centre) <= T.veil_same_blob else None


def _card_veil(img: np.ndarray) -> np.ndarray | None:
    """The veil of reflected light over the upright card (linear light per pixel, H x W x
    1, neutral): over each symbol's print (each piece of print of ``T.veil_print_least`` of
    the card or more) what its rim measures (``_veil_at``; none where it shows none), and
    between them a blend of those, each weighed by the inverse square of the distance to its
    print's middle: a broad reflection's light changes smoothly across the card. None where
    no symbol shows a veil."""
    marks = print_marks(img)
    if marks is None:
        return None
    n, labels, stats, centres = cv2.connectedComponentsWithStats(marks[1], connectivity=8)
    least = T.veil_print_least * labels.size
    pieces = [i for i in range(1, n) if stats[i, 4] >= least]
    lin = to_linear(img)  # once per card, not once per symbol
    veils = [_veil_at(lin, labels == i) for i in pieces]
    if all(v is None for v in veils):
        return None
    h, w = labels.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    total = np.zeros((h, w), np.float32)
    weights = np.zeros((h, w), np.float32)
    for i, veil in zip(pieces, veils, strict=True):
        d2 = (xx - centres[i][0]) ** 2 + (yy - centres[i][1]) ** 2
        weight = 1.0 / (d2 + 1.0)
        weights += weight
        if veil is not None:
            total += weight * veil
    return (total / weights)[..., None]


def _veil_at(lin: np.ndarray, ink: np.ndarray) -> float | None:
    """A veil's linear light (1: the sensor's top) over the symbol whose print is ``ink`` (a
    mask of the upright card ``lin``, in linear light), taken as neutral (a reflection of
    the light the camera is balanced to): the light of its rim's darkest pixels (the darkest
    ``T.veil_rim_share`` in their brightest channel, within ``T.veil_rim_px`` of its print)
    less the ink's own black (``T.veil_ink_black`` of the face beside it), in the channel
    where it is least (a blurred rim takes in some of the print's colour, which is no
    veil's). None where the rim is clipped or the veil is fainter than ``T.veil_least`` of
    the face's light."""
    k = 2 * T.veil_rim_px + 1
    rim = cv2.dilate(ink.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    around = cv2.dilate(rim.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    if np.count_nonzero(around & ~rim) < T.veil_face_least:
        return None
    face = np.median(lin[around & ~rim], axis=0)
    top = lin[rim].max(axis=1)
    darkest = lin[rim][top <= np.quantile(top, T.veil_rim_share)]
    if darkest.max() >= T.veil_unclipped:
        return None
    veil = float((darkest.mean(axis=0) - T.veil_ink_black * face).min())
    return veil if veil >= T.veil_least * float(face.max()) else None


def _veil_taken_off(img: np.ndarray, veil: np.ndarray) -> np.ndarray:
    """The upright card with ``veil`` (neutral linear light per pixel, H x W x 1) taken off
    in linear light; a pixel clipped in any channel is left as it is (what it hides stays
    hidden, for the reflection checks)."""
    lin = to_linear(img)
    out = to_srgb(lin - veil)
    clipped = img.max(axis=2) >= T.hidden_washed
    out[clipped] = img[clipped]
    return np.clip(out, 0, 255).astype(np.uint8)


def _reflection_taken_off(img: np.ndarray) -> np.ndarray | None:
    """The upright card with a reflection's light taken off, or None where no reflection
    lifts the face (``T.through_light_least``). The face's light is its darkest channel with
    the print closed over (a closing wider than a symbol, ``T.through_face_px``): above the
    face's level away from the reflection (its ``T.through_face_pct`` percentile) it is the
    reflection's, taken off every channel. A channel clipped at the sensor's top has lost
    the print's level there: it is set to the face's own white in that channel (print is no
    brighter than its face), and a pixel clipped in every channel (``T.hidden_washed``) is
    left at the top: print may have vanished there, and the reflection checks judge it."""
    darkest = img.min(axis=2)
    k = T.through_face_px
    face = cv2.morphologyEx(
        darkest, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    ).astype(np.float32)
    h, w = darkest.shape
    m = card_margin(w)
    level = float(np.percentile(face[m : h - m, m : w - m], T.through_face_pct))
    light = np.maximum(face - level, 0.0)
    if float(light[m : h - m, m : w - m].max()) < T.through_light_least:
        return None
    unlit = (light <= T.through_unlit) & (darkest.astype(np.float32) >= face - T.through_unlit)
    unlit[:m] = unlit[h - m :] = False
    unlit[:, :m] = unlit[:, w - m :] = False
    if np.count_nonzero(unlit) < T.through_face_least * h * w:
        return None
    white = np.median(img[unlit], axis=0).astype(np.float32)
    f = img.astype(np.float32)
    out = f - light[..., None]
    clipped = f >= T.hidden_washed
    out = np.where(clipped, np.broadcast_to(white, f.shape), out)
    out[clipped.all(axis=2)] = 255.0
    return np.clip(out, 0, 255).astype(np.uint8)

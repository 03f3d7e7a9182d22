"""Every threshold of the reader's judgement, named and said once.

Sizes are shares of the upright card (``WARP_SIZE``) or of one symbol of its kind
(``KindModel.unit_area``) unless a field says otherwise. The values were set on the project's
rendered tables and the composites of the reference scans (the tuning families of ``bench
vision``); the held-out families there say how they hold elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    # -- scale -------------------------------------------------------------------------------
    # The short side of a card, in pixels, that every kernel and margin is set for (a
    # 640x480 view of a table for six); a zone is read resampled to it.
    work_card_short: float = 56.0
    # A card's short side as a share of the side of a square of its zone's area.
    card_short_per_zone_side: float = 0.45
    # Within this ratio of the working scale a zone is read as it is (no resampling).
    scale_slack: float = 1.25

    # -- a card's outline (reading.py, outlines.py) ------------------------------------------
    # A four-cornered outline is a card's when a squeeze of the table along one direction by
    # no less than this (``reading.foreshortening``; 1: none) makes it a card's rectangle:
    # about the proportions a card's outline had to have before (0.5 to 0.8 short to long,
    # 0.78 and 0.81 of a card's 0.64), now also for a card that a tilt shears.
    card_squeeze: float = 0.78
    # A second look at a zone where the cards read elsewhere predict a squeeze below this
    # (``card_squeeze``'s measure) is made with the squeeze undone (zone.py), so the searches
    # that place card-shaped rectangles find a tilted card's outline.
    straighten_below: float = 0.93
    # The size and squeeze a card would have in a zone are fitted as planes over the image
    # (policy.py, ``card_dims_at`` and ``straightener_at``) when the cards read elsewhere
    # spread this far both ways (card widths: the root of the sum of their squared distances
    # from their middle, across the narrowest direction): three cards around the table fix
    # a tilt's slope. (On tuning tilt scenes, the size of a card with three others read
    # came out more than 5 % off for a quarter of them, against three quarters with the
    # line over the image's height that three cards had.) ...
    plane_spread: float = 1.0
    # ... and the fitted size (log of a card's side) lies no further than this beyond the
    # sizes seen (a plane through few points can tip: the outlines read are a few percent
    # off, and 0.1 put more sizes of plain scenes off than it saved on tilted ones).
    size_beyond: float = 0.05
    # With fewer cards read (or all near one line) each card's perspective predicts the size
    # (``policy._perspective_scale``), never further than this (log of a card's side) beyond
    # the sizes seen: a card's side at most twice or half theirs (a phone's wide lens tilted
    # 40 degrees, the ``steep`` style, made near cards up to 1.6 times the far ones' side).
    perspective_beyond: float = 0.7
    # Two cards read on a table (too few for ``consistent_sizes``): when one shows a card's
    # proportions unsqueezed (its squeeze, ``reading.foreshortening``, at least
    # ``pair_straight``), the camera looks straight down and squeezes no card on the table;
    # an outline beside it that needs a squeeze below ``pair_squeezed``, covers less than
    # ``pair_part_area`` of its area, and whose long side is the straight card's short side
    # (within ``pair_side_slack`` of it) is part of a card: an outline cut across a card's
    # long sides (a 3 banana + 1 lime on tuning phone_dim, seed 965031, read 2 banana from
    # its upper half: squeezes 1.00 and 0.79, long side 1.04 of the short side). (A tilted
    # camera's far card, 0.82 beside 0.95, long side 1.13 of it, is a card: tuning tilt.)
    pair_straight: float = 0.97
    pair_squeezed: float = 0.85
    pair_part_area: float = 0.75
    pair_side_slack: float = 0.08
    # With no card read anywhere in the frame, a zone whose loose look (the zone's guess of
    # the size, a third either way) found white but no whole card is looked at again at
    # these multiples of that guess, each as a size known well (tuning phone_dim: the
    # cards' short side 1.15 to 1.2 times the zone's guess; a lamp's reflection washing a
    # side out, which only a well-known size lets the search excuse).
    zone_guess_scales: tuple[float, ...] = (1.1, 1.2)
    # A second look, with the size the cards read elsewhere show, lets in an outline of card
    # white squeezed down to this (a camera tilted 30 to 40 degrees squeezes far cards to
    # 0.65 to 0.75) when it is that size within this share of its area, and reads it
    # strictly (no symbol on its edge); the two-cards check then looks for a card beside it
    # as for any outline (a covered card's part cut across by the top card).
    steep_squeeze: float = 0.68
    steep_size: float = 0.25
    # The four corners of a card's white (some of its hull's) may frame it, not its turned
    # bounding box, when they keep this share of the hull (a corner cut off does not).
    quad_fill: float = 0.93
    # In low light's noise (a view's noise ``noisy`` of its white or more), a last look
    # (outlines._search_steps) that found no card on the edges as the outline search asks
    # them (each side on an edge over 0.8 of its length, outline.py) searches them once more
    # with each side on an edge over this share: the step from a top card to the white card
    # under it breaks up along a side in the noise (tuning dark, scans, seed 1686001 seats 2
    # and 4, a 4 plum and a 1 banana, read "no whole card" and "a symbol cut by the
    # outline"). Not in clean views, where it lost a tilted camera's cards (tilt_hard).
    searched_side_support: float = 0.7
    # A lamp's reflection washes out the edges it lies over: between the top card and the cards
    # under it, and between a card and a light table (light.washed_by_glare). Where the view
    # stands this many grey levels above the card white (this percentile of the white's
    # brightest channel: the brightest faces, the white cards under a darker silver face among
    # them), a second look's outline search lets a side lie on no edge over part of its
    # length (outline.py, ``_WASHED_LEAST``) ...
    washed_over_white: float = 8.0
    washed_white_pct: float = 90.0
    # ... or reaches this level (clipped: a reflection over a whole face takes the white up
    # to the sensor's top with it).
    washed_clipped: float = 250.0
    # ... and this many pixels around it (the reflection's blurred rim washes the edge too).
    washed_rim: int = 2
    # The search and the fit excuse a washed side only when the card's size is known this well
    # (a share of it: the size the cards read elsewhere show, 0.1 to 0.12; a guess from the
    # zone is 0.25 or looser). With a guess, a washed side slid out over a lamp's reflection
    # on the table, and a 4 strawberry whose fourth the reflection washed out read as 3
    # (tuning style ``lamp``, seed 202528).
    washed_size_tol: float = 0.12

    # -- light and glare (light.py) ------------------------------------------------------------
    # Low light (light.steady): the frame's card white is this percentile of its brightest
    # channel (cards cover more than the top 2 % of a table's view; glare spots less) ...
    exposure_pct: float = 98.0
    # ... and a frame whose card white is below this level is lifted ...
    dark_level: float = 110.0
    # ... by the gain that brings it to this level, at most this gain.
    lift_to: float = 200.0
    lift_most: float = 6.0
    # The read area's own bright end (this percentile of its brightest channel, smoothed)
    # is never lifted past ``lift_to`` when it stands this many times above the frame's white
    # (that white was then taken on the table, not on cards).
    lift_area_pct: float = 99.0
    white_misjudged: float = 1.5
    # Noise (a standard deviation) this share of card white or more is smoothed away, with a
    # Gaussian blur of this many pixels per unit of that share, at most that many pixels
    # (a symbol is some 15 pixels across at the working scale).
    noisy: float = 0.03
    smooth_per_noise: float = 8.0
    smooth_most: float = 1.6
    # No card is claimed where the noise is more than this share of card white: smoothed
    # that much, the thin shadows between cards and the waists of symbols that touch are
    # gone too. (Read with no bar, the dark style's first wrong cards came at 0.3: a top card
    # and the card under it taken for one outline. With the seam and the sides checked
    # (``seam_across``, ``side_off_the_card``) none came on some 600 cards of four decks read
    # at 0.15 to 0.38 on tuning seeds, where 0.25 had left a third of the style unread; the
    # bar stays above what was tried.)
    noise_most: float = 0.4
    # In low light (noise above ``noisy``), a card's face is searched for the shadow of
    # another card's side across it (symbols.seam_across), which noise hides from the edge
    # detector: a line this long (a share of the card's width) of face, this much darker
    # (a share of the face's white) than the face on both sides, and this many times the
    # spread of such lines' means over the face. (At 6 the tuning style dark read a wrong
    # card: a top card's corner over the card under it, its sides' shadows at 5.6; at 5
    # nothing read right on the low-light styles' tuning seeds was lost.)
    seam_length: float = 0.4
    seam_depth: float = 0.04
    seam_score: float = 5.0
    # The white reference leaves out a reflection's clipped core (light._white_mask): clipped
    # pixels whose ring (two pixels out) is this share or more at this grey level or above
    # fall off smoothly, as a reflection does into the face around it; a face lit to the
    # sensor's top all over ends at its card's edge, within a pixel or two, and is the white.
    falloff_level: float = 230.0
    falloff_share: float = 0.5
    # A pixel this much brighter than the card's median face, and near neutral, is a
    # reflection of a lamp or a window, not print.
    glare_over_face: float = 1.2
    # ... or, on a face lit above 210 (where 1.2 times it passes the sensor's top), clipped
    # (``clipped_face``) while the face lies this far below that: a sheen's clipped core over
    # a face at 216 hid a clone's middle lime (tuning style sheen, clone deck, seed 322001
    # seat 0, read 1 lime + 1 plum). Before, nothing on a face above 210 was glare.
    glare_face_below_clipped: float = 20.0
    # Glare this share of the smallest symbol may hide a whole one.
    glare_hides: float = 0.6
    # Glare this large against a symbol's print may hide most of that symbol.
    glare_touches: float = 0.15
    # A face whose 60th percentile is this bright is lit to the sensor's top (clipped).
    clipped_face: float = 250.0
    # On a clipped face, a coloured piece this share of the smallest symbol is a washed-out
    # symbol, not a leaf.
    washed_out: float = 0.15
    # ...when its colour is this much paler than the kind whose hue it has.
    washed_chroma: float = 0.7
    # On a face lit as usual, such a piece beside a clipped reflection is one symbol when its
    # pale rest, with it, measures this share of a whole one of its kind or more (card.py,
    # ``_with_pale_rest``): as the card's other symbols are measured.
    pale_rest_least: float = 0.75
    # ... and less than this (two washed symbols that touch measure more).
    pale_rest_most: float = 1.3
    # ... and its pale rest's hue within this (degrees) of its kind's.
    pale_rest_hue: float = 45.0
    # On a clipped face, a patch this coloured (Lab chroma against the face's white; print
    # is 22 or more), and this much more than the face's own median (a warm or uneven light
    # leaves a face 1 to 16), this share of the smallest symbol or more, is what a reflection
    # left of a symbol the count would miss (card.py, ``_pale_print_on_clipped_face``). (A
    # lifted dark face's noise leaves pale specks of up to a third of a symbol.)
    pale_chroma: float = 10.0
    pale_over_face: float = 6.0
    pale_piece: float = 0.45
    # ... or this share on the card's centre (``layout_slack``), where a reflection over the
    # card's middle takes an odd count's middle symbol and leaves a pale crescent of a fifth
    # to a third of it.
    pale_piece_middle: float = 0.15
    # ... each only within this many card widths (from its nearest pixel) of face clipped in
    # every channel (card.py, ``_pale_print_by_a_clipped_core``): light that pales print past
    # ink clips the face beside it, so a piece farther off is the face's own tint where the
    # reflection does not reach (tuning sheen, scans, seed 2514001 seat 0: the cream corner
    # of a 1 lime's face, 0.49 to 0.63 from the clipped face). About a symbol's width: a
    # washed symbol's rim lies against the clipped core that took the rest of it.
    pale_piece_clip_reach: float = 0.3
    # On the classic deck (one kind a card) a pale piece counts so (and as a middle
    # symbol's rim, ``_washed_middle_rim``) only within this many degrees of the hue of a
    # kind read on the card: a reflection pales a symbol's colour without turning it far (a
    # lamp's tint turned a washed strawberry by 44 degrees, ``pale_hue_near``), while a
    # light's cast on the face has a hue of its own (tuning window, scans, seed 311501 seat
    # 2: a yellowish cast 148 degrees from a 4 plum's hue; tuning lamp, own art, seed
    # 2158000 seat 2: a lilac tint 174 degrees from a 4 lime's). Twice the turn measured,
    # so a washed symbol's piece is not left out.
    pale_cast_hue_apart: float = 90.0
    # On a face lit as usual, such a piece, or a symbol smaller than a whole one, this near
    # (card widths, from its centre) a spot clipped to the sensor's top is what a reflection
    # left of a symbol, pale or not ...
    glare_reach: float = 0.15
    # A searched outline's face is doubted for a reflection only when its white lies this many
    # grey levels below the clipped level (a lifted dark face's white may reach the top).
    glare_above_white: float = 30.0
    # A symbol washed by such a reflection to less than a whole one but to this share of one
    # or more is still one symbol when the print's layout says so (card.py, ``_washed``):
    # less than a quarter of a symbol is a leaf's size.
    washed_least: float = 0.25
    # ... the spot's darkest channel above this share of its brightest (a reflection is
    # near neutral, a warm light's too; yellow print that reaches the top is not).
    glare_neutral: float = 0.7
    # Printed symbols lie in pairs across the card's centre (or on it): a symbol's partner
    # is within this (card widths plus heights) of its mirror image.
    layout_slack: float = 0.22
    # A reflection doubts a card only where it could hide a symbol that changes the count
    # (card.py, ``_glare_may_hide_a_symbol``): a symbol under it has its centre within this
    # (card widths) of the reflection (about three quarters of a symbol's radius: a symbol
    # mostly washed out) ...
    hidden_reach: float = 0.1
    # ... at least this far (card widths) from every single symbol seen (printed symbols
    # stand 0.39 apart or more, centre to centre) ...
    hidden_apart: float = 0.33
    # ... and this far (card widths) inside the card's sides (a printed symbol is whole on
    # the face: its centre lies a radius, some 0.13, inside them).
    hidden_inset: float = 0.08
    # ... and where the reflection, its rim and print that was not read fill this share of
    # the smallest symbol's size (card.py, ``_room_to_hide``) within this share of that
    # symbol's radius: a symbol printed there shows wherever the reflection leaves it. (A
    # banana, the longest, has half its print or more within its radius of its centre.)
    hidden_room: float = 0.35
    hidden_disc: float = 1.0
    # ... where print may vanish under a reflection: a pixel whose every channel is this
    # bright (at the sensor's top, where print and face clip alike).
    hidden_washed: float = 250.0

    # A symbol between two colours beside symbols of one kind is one of them, paled by a
    # reflection, when its colour is within this distance of that kind's (in the kind's
    # spreads; the same reach within which a symbol is classified at all) ...
    paled_reach: float = 3.2
    # ... and its chroma is below this share of theirs.
    paled_chroma: float = 0.9
    # A symbol so paled whose colour lies beyond that reach is one of them still when its hue
    # alone lies within it (card.py, ``_paled_hue_of``: a reflection that adds much white
    # takes the chroma far off the kind's) and its chroma is at least this share of theirs:
    # paler, its hue lies too near the face's grey to name a kind. (Seen paled so: 0.44 to
    # 0.51 of their chroma.)
    paled_hue_chroma_least: float = 0.4
    # ... only beside symbols whose median chroma is this share of their kind's at least:
    # symbols paled all alike lie under a veil of light, not beside a reflection (seen:
    # siblings at 0.92 to 1.2 of their kind's beside a reflection, 0.63 under a sheen).
    paled_hue_siblings_least: float = 0.75
    # ... and only for a symbol whose ink is this share of its kind's symbol at least: a
    # smaller piece is what a reflection left of one (a crescent), judged as such (seen:
    # pieces of 0.1 and 0.22 of a symbol under cloth light; symbols read so, 0.37 to 0.87).
    paled_hue_core_least: float = 0.3
    # A symbol between two colours with a reflection this near (card widths from its centre;
    # a symbol's radius is some 0.13) is read by its unwashed part (card.py,
    # ``_unwashed_kind``): the most coloured share of its pixels, this share ...
    unwashed_reach: float = 0.25
    unwashed_share: float = 0.3
    # ... when it has this many coloured pixels sampled (the sample holds up to 300), and
    # this share of that part at least is nearest to one kind (``_unwashed_part_of_several
    # _hues``): a strawberry washed to peach left its red and its green leaf most coloured,
    # 16, 18 and 14 of 48 pixels nearest strawberry, banana and lime, and their median
    # read banana (tuning style lamp, scans, seed 965017 seat 4).
    unwashed_pixels: int = 40
    unwashed_one_kind: float = 0.5
    # A view where no card white stood out (``light._white_mask``) is looked at again for a
    # pale table's (light.white_on_pale_table): the table's darkest channel fitted as a plane
    # to this many pixels of the view's rim, ...
    pale_table_rim: int = 4
    # ... from the pixels within this share of the rim's most common level (a side light
    # changes a table's level across a view by a fifth or so), ...
    pale_table_ramp: float = 0.2
    # ... a flat table when its pixels spread no more than this share of its level around
    # the plane (a robust deviation: a rendered pale table's grain and a camera's noise
    # spread it 0.01 to 0.02; a pile or an arm along the rim is dropped from the fit) ...
    pale_table_flat: float = 0.03
    # ... and card white's level (the 96th percentile of the view so divided) this many
    # times the table's or more.
    pale_white_over: float = 1.06
    # The darkest channel is smoothed first with a Gaussian blur of this many pixels: a noisy
    # camera's pixels on a pale table clipped at the top spread 0.03 to 0.05 of its level
    # (tuning scenes of pale tables with the ``noise`` style's sensor), 0.025 so smoothed.
    pale_smooth: float = 1.0
    # ... and a table is pale when card white's level is at most this many times its own (in
    # the darkest channel; pale tuning tables under warm or side light, 1.2 to 1.45): a
    # darker table is left to the usual check, and to low light's lift.
    pale_white_most: float = 2.0

    # -- each symbol (card.py) -----------------------------------------------------------------
    # A blob smaller than this share of the card's largest blob, and than this share of the
    # smallest symbol, is a leaf, a stem or a speck.
    leaf_share: float = 0.3
    leaf_core: float = 0.5
    # Share of a blob's pixels that must be coloured for it to be print (not a dark shape).
    coloured_share: float = 0.3
    # A symbol on the outline with less than this of a whole one inside is cut by it.
    whole_symbol: float = 0.85

    # -- the symbols together --------------------------------------------------------------------
    # The symbols' weighted centre may stray this far (card widths and heights) from the
    # card's: printed symbols sit symmetrically.
    off_centre: float = 0.1
    # Symbols of the decks the reader knows stand at least 0.39 of the card's width apart,
    # centre to centre (the classic deck, its scans, clone decks): two blobs nearer than this
    # are parts of one drawing.
    parts_apart: float = 0.3

    # -- counting --------------------------------------------------------------------------------
    # A blob's size in symbols: sizes in these bands count 1, 2 and 3 (symbols that touch
    # merge); in between is doubtful, not rounded.
    count_bands: tuple[tuple[float, float], ...] = ((0.45, 1.5), (1.7, 2.45), (2.65, 3.4))
    # A single symbol measured against the profile lies within these (blur and print vary).
    single_min: float = 0.6
    single_max: float = 1.6
    # A blob shaped like symbols that touch and this large (in symbols) may be two seen small
    # (a single strawberry of a rendered clone card measured 1.32).
    several_as_one: float = 1.4
    # ... and one counted as one, its kind's only blob on the card, that measures this many
    # of the card's single symbols of other kinds (each against its kind's profile size; a
    # card prints all kinds at one scale) may be two, one of them paled by a reflection (card.py,
    # ``_several_large_by_other_kinds``). Tuning clone lamp 269002 seat 1: two plums, one
    # washed, in one blob of 1.36 beside two bananas, read as one plum; on tuning clone
    # scenes of 16 styles (seeds 940500 on, 85 scenes) such blobs read right measured 1.00
    # at most.
    several_by_other_kinds: float = 1.25
    # A blob on the outline this large (in symbols) is cut from a larger one.
    cut_large: float = 1.5
    # A symbol smaller than this share of the card's other single ones is cut.
    smaller: float = 0.75
    # On a searched outline every blob must be within this of a whole number of symbols.
    one_size_slack: float = 0.27
    # No card of any deck shows more symbols than this.
    most_symbols: int = 9

    # -- the print's layout (card.py, ``_symbol_without_partner``, ``_pale_middle``) -----------
    # Every deck the reader knows prints its symbols in pairs across the card's centre, and an
    # odd count's middle one on it. A symbol's partner has its centre within this (card widths
    # plus heights) of the symbol's mirror image (a symbol on the centre is its own partner).
    # Right readings on tuning scenes showed up to 0.28 (a banana's weight lies off its middle);
    # where a partner is missing, the nearest other symbol stands 0.4 or more away.
    partner_slack: float = 0.34
    # A symbol is judged to have no partner (``_symbol_without_partner``) when its nearest
    # other symbol lies farther than this from its mirror image: nearer than
    # ``partner_slack``, since right readings showed up to 0.28, and an outline that sits off
    # the card (a side excused under a reflection) brings a missing partner's gap down from
    # 0.4 (tuning style night, clone, seed 2202000 seat 2: a 3 strawberry + 1 lime whose lime
    # a lamp's reflection paled, outlined 0.12 of a card's width in from its side, its lone
    # strawberry 0.333 from a partner: read 3 strawberry). Midway between 0.28 and 0.333.
    partner_missing_gap: float = 0.31
    # A card with no symbol on its centre (2, 4) and a pale piece (``symbols.pale_pieces``)
    # this share of the smallest symbol or more, its centre within this (card widths plus
    # heights) of the card's centre: a reflection washed out the middle symbol of a 3 or a 5.
    # (On tuning scenes most washed middle symbols left pieces of 0.19 to 0.9 of a symbol, a
    # few 0.13 or less; 5 of some 1,600 readings of a 2 or a 4 read right showed 0.15 or more
    # there, and 11 showed 0.13: mostly the noise of a lifted dark face.)
    middle_pale: float = 0.15
    # ... or this share, when the piece's hue is near a kind read on the card (within
    # ``pale_hue_near`` degrees of the kind's a, b): what a reflection left of a middle symbol
    # keeps roughly its kind's hue, where the noise of a lifted dark face has none (tuning
    # lamp, clone, seed 310002 seat 2: a middle strawberry washed to a pink piece of 0.14,
    # read away; its hue lay 44 degrees from the strawberry's, the lamp's tint turning it).
    # Under a reflection only the darkest channel shows, the pieces of a kind's hue there are
    # measured together against it (card.py, ``_torn_middle_under_a_reflection_in_the
    # _darkest_channel``: a banana torn into pieces of 0.117, 0.019 and 0.008).
    middle_pale_hued: float = 0.12
    pale_hue_near: float = 50.0
    middle_reach: float = 0.22
    # ``middle_pale_hued``, lowered to this on a clone card read as a pair as far apart as a
    # 3's corners (card.py, ``_torn_middle_of_a_wide_pair``), under a reflection only the
    # darkest channel shows over its centre: the pair's width already says a 3 (the deck
    # prints its 2 nearer, but for a banana's weight), and a reflection that clips most of
    # the middle place leaves only a thin rim of its symbol beyond the clip (style lamp,
    # clone, seed 2490102 seat 3: a middle lime washed but for its lower rim, a piece of
    # 0.049 of a symbol of the lime's hue, 0.81 of the middle place clipped in every
    # channel; read 1 strawberry + 1 lime). About the least of a rim's pieces
    # (``pale_rim_piece_least``), below that piece.
    wide_pair_torn_least: float = 0.03

    # -- arms (arms.py) --------------------------------------------------------------------------
    # Share of a card-less zone unlike the table that is an arm over it.
    foreign_occluded: float = 0.08
    # The same, for a zone with card white in it (away from the white).
    foreign_partly: float = 0.25
    # Lab distance from the table's colour that is something else.
    foreign_dist: float = 5.0
    # ... or this many times the noise of the read area's colours (Lab, at a quarter of the
    # size), if more: in low light a table's own pixels lie far from its colour. (Rendered
    # tables in usual light show a noise of 0.6 at most, in the dark style 1.5 to 3.)
    foreign_over_noise: float = 8.0
    # A card a second look claims in a zone the first look saw an arm over lies this far
    # from the zone's middle or more (card widths): it may have strayed from the pile whose
    # top card the arm hides (policy.py; the first look holds a card so placed beside an arm
    # as doubtful too, zone.py). (A tuning scene of messy piles, covered cards strayed 0.6 of
    # a card: one wholly out from under the top card, claimed beside an arm over the pile,
    # lay 1.1 away; the top cards read on that table, 0.15 or less.)
    strayed_off_centre: float = 0.5
    # Share of a zone that looks like skin, and is unlike the table, that is a hand.
    skin_share: float = 0.08
    # A card the first look reads this far from the zone's middle or more (card widths),
    # with skin over the zone (``skin_share``), may have strayed from a pile whose top card
    # the arm hides (zone.py, ``_strayed_beside_an_arm``). (Tuning style offzone, own art,
    # seed 293002 seat 4: an arm over a 1 plum, whose covered 1 strawberry lay whole 1.0
    # away; the arm's unlike share was 0.247, just short of ``foreign_partly``, its skin
    # 0.27.) The style's top cards lie 0.4 to 0.95 away.
    strayed_beside_skin: float = 0.9
    # Two whole outlines in a zone whose rectness differs by no more than this are as clean
    # as each other: the larger one's card is not known to be the pile's top card when the
    # other reads another card (zone.py, ``_another_whole_card_alike``). (Tuning style
    # offzone, scans, seed 964101 seat 4: a 1 lime on its pile, rectness 0.989, and a
    # covered 4 strawberry strayed out whole beside it, 0.986, larger by 25 pixels.)
    whole_alike_rectness: float = 0.005
    # Two whole outlines in a zone that share no more than this share of the smaller one's
    # area lie beside each other, neither over the other: the one read is not known to be
    # the pile's top card when the other reads another card (zone.py,
    # ``_another_whole_card_beside``). A little is allowed for fitted corners, which a card's
    # rounded ones fall short of. (Tuning style offzone, scans, seed 333500 seat 2: the
    # pile's 3 lime fanned out beside a covered 1 lime whole over the middle, sharing none;
    # clone, seed 2256000 seat 1: the top card's corner against a covered card's side, the
    # fitted outlines sharing 0.019.) ...
    beside_overlap: float = 0.03
    # ... and the other outline shows this share of a whole card's area (the read one's)
    # within the zone or more: a card half out of the zone, a neighbour's or a stray at its
    # border, is not the pile's. (Tuning offzone, seeds 333500 and 2256000: the top cards
    # beside the read ones, 0.763 and 0.776 in the zone; strays, seeds 2241002, 2207000
    # and 2222000: covered or neighbours' cards at the zone's border beside a top card over
    # its middle, 0.53, 0.54 and 0.46.)
    beside_in_zone: float = 0.65
    # ... or this share, when the read one leaves the zone's middle outside its outline: it
    # is no more the pile's for where it lies than the other, and a top card pushed off its
    # place beside a covered card fanned out whole lies as far out of the zone as the read
    # one (zone.py, ``_beside_in_zone_asked``). (Tuning offzone, clone, seed 2222037 seat 1:
    # the covered 1 banana + 1 plum whole 0.88 widths off, the middle outside it, the pile's
    # 1 strawberry + 1 lime against its side 0.58 in the zone, read 1 banana + 1 plum. The
    # cards at a zone's border beside a top card over its middle, above, keep 0.65. On
    # tuning scenes of eight styles and four decks, seeds 2227000 on, and 500 more of
    # offzone, strays and edge, no outline reading another card beside a read card off the
    # middle, and not under its side, lay between this and 0.65 in the zone; the nearest
    # below, 0.46, beside a covered card already doubted, strays Deluxe seed 2227875.)
    beside_in_zone_off_the_middle: float = 0.55
    # ... looked for, when the read area's white reaches its border, in the zone's area
    # widened by this share of its size too (the read area's margin is 0.2): a card beside
    # the read one that lies on past the read area has its white cut there and no outline.
    # (Tuning offzone, Deluxe, seed 333500 seat 2: the pile's silver 5 lime beside a covered
    # 1 lime whole over the middle, its far corner 10 pixels, 0.08 of the zone's size, past
    # the read area: all within the area widened by 0.3, a little to spare.)
    beside_wider_margin: float = 0.3
    # A blob of white beside the read card, with no outline of its own, counts as a card
    # beside it (``zone._bitten_by_a_card_off_the_zone``) when its turned box is as large as
    # the read card's outline (within this share) ...
    bitten_size: float = 0.2
    # ... its white's hull fills this share of that box or more (short of the 0.9 an outline
    # asks: a bite out of it) ...
    bitten_fill: float = 0.85
    # ... and the white in its box that is not its own (the card over its bite) lies in the
    # zone no more than this share of a card's area: another pile's card or a stray, not one
    # of this pile. (Tuning offzone, Deluxe, seed 336502 seat 1: the pile's 1 banana beside
    # the covered 5 lime read, its box 0.98 of that card's area, its hull 0.89 of the box, a
    # corner under the next pile's covered 1 lime, 0.19 of a card in the zone.)
    bitten_by_in_zone: float = 0.3
    # The read card's outline is measured whole, for the box of such a blob, when a corner
    # of it lies this near the read area's border (pixels of the read area) and a wider
    # area's outline of the same card holds this share of its area or more: its white ran on
    # past the border, cut there, short of a card's length (``zone._whole_past_the_read_area``;
    # offzone, clone, seed 2506100 seat 2: a corner 1 pixel past the bottom, 0.99 of the
    # cut outline within the whole one, 4191 of 4920 pixels).
    cut_at_read_area_px: float = 1.5
    cut_at_read_area_within: float = 0.9
    # An edge across the other outline that lies this near (card widths) a side of the read
    # one is that side: the read card lies over the other (zone.py, ``_read_card_over_it``).
    # (Tuning offzone, clone, seed 297007 seat 4: the top card's sides 0.3 and 0.9 pixels
    # off the edges across its covered card, some 0.02 card widths; scans, seed 333500 seat
    # 2, a second look: a covered card's side across the top card's outline, 19.6 pixels,
    # 0.35 widths, off the read card's nearest side.)
    side_along_read: float = 0.1
    # A whole outline beside the read one that reads another card, shares no more than
    # ``beside_overlap`` of it and lies against it (its nearest corner or side within
    # ``against_gap`` card widths of the read outline), counts as a card of this pile from
    # this share of a whole card's area in the zone, short of ``beside_in_zone`` (zone.py,
    # ``_pile_card_against_it``): a top card pushed off its place against the covered card
    # it left in full view lies in the zone hardly less than that card. (Tuning offzone,
    # clone, seed 2240832 seat 3: the pile's 1 banana + 1 strawberry 0.599 in the zone, 6
    # pixels, 0.12 widths, from the covered 2 banana + 2 lime read over the middle. The
    # cards at a zone's border beside a top card, above, lay 0.46 to 0.54 in the zone; the
    # top card of seed 2222037, above, 0.58, is left to ``beside_in_zone_off_the_middle``.)
    against_in_zone: float = 0.59
    # ... and this (card widths) is how near it lies to the read outline to lie against it.
    against_gap: float = 0.2
    # ... but not so near as this (card widths): a card whose corner meets the read one's
    # side, or a pixel off it, may lie over it, which the doubts of a card over a side name.
    # (Tuning offzone, seed 2240832 seat 3, above: 0.12 widths apart.)
    against_gap_least: float = 0.05
    # A hand's shadow on a skin-coloured (wooden) table is the table, not skin
    # (arms._table_in_shadow): darker than the table down to this share of its Lab L + 16
    # (the tuning style ``shadow`` leaves 0.45 to 0.75 of the pixel values: some 0.55 to
    # 0.8 of L + 16; a hand's shadow in a room, no darker) ...
    shadow_least: float = 0.5
    # ... with its a and b within this of the table's scaled by that share (a hand's shadow
    # on a wooden table of the shadow style: 0.3 to 2.7 for most of it; the renderer's skins
    # lie 5.5 or more from any of its wooden tables so darkened).
    shadow_ab: float = 3.5
    # Share of a zone under a thick region unlike the table, come from outside it, that is
    # evidence of an arm: without it a card's doubt is ``unknown``, never ``occluded``; nor is
    # a zone with no card white "no card; an arm" (zone.py). (Arms over empty zones of tuning
    # scenes of ten styles came from outside over 0.29 of the zone or more; clear cards on a
    # pale table lit to the sensor's top, taken for an arm over an empty zone, 0.08 at most.)
    arm_evidence: float = 0.04
    # The table's colour is taken away from the card faces (and their print) when at least
    # this share of the read area is left by them; else from all of it (a pale table under
    # even light is near card white all over).
    table_least: float = 0.1
    # Card faces, for that: darkest channel above this share of the card white, and near
    # neutral (light.py's card white, not judged against the table).
    face_level: float = 0.7
    # A zone where no card white was found, but card faces (near neutral, and as bright as
    # this share of the read area's brightest or more) cover this share of it, holding
    # coloured print (Lab chroma above this; print is 22 or more) over this share of the
    # faces' area, and nothing else unlike the table covers ``foreign_occluded`` of it, holds
    # a pile: one that fills its read area, or one in a view left dark (a straightened second
    # look in low light): unknown, neither empty nor an arm (arms._faces_without_white).
    # (0.08: a lone card far from a tilted camera covered 0.11 of its straightened zone; a
    # card fills about 0.3 of a zone of the usual size.)
    faces_bright: float = 0.7
    faces_fill: float = 0.08
    # ... and when the faces' median brightness is this many times the rest's or more (a
    # face against a table, in a view left dark), their print's colour is judged against
    # their own brightness, not the sensor's full scale. (In dark tuning scenes, faces with a
    # table round them stood 1.7 to 3 times the rest; a dark cloth alone, its "faces" all
    # over, 1.2.)
    faces_stand_out: float = 1.5
    print_chroma: float = 15.0
    print_share: float = 0.03
    # A zone with no card white, where what is unlike the table comes from nowhere outside
    # the read area (``arm_evidence`` of it at most) and is this many times as bright as the
    # table or more (their median greatest channels), shows no arm: unknown, not occluded
    # (arms._bright_within; most often a card whose white was not found). (Tuning scenes of
    # the ``night`` style: clear cards taken for an arm over an empty zone came from outside
    # over 0.003 of it at most and stood 4.3 to 8.5 times their dark cloth; on tuning scenes
    # with arms over most piles, arms so taken came from outside over 0.085 of the zone or
    # more, but for arms of the dark cloth's colour over piles whose cards stood 2.8 to 3.6
    # times it: those read unknown, no arm seen.)
    within_bright: float = 1.5
    # A card's outline whose short side is this share of its long one or more (a card's is
    # 0.64) in a zone an arm comes into (``foreign_occluded`` of it) is doubted: a sleeve's
    # straight edge across the card may cut it short (zone.py, ``_squat_beside_an_arm``;
    # tuning pale own seed 3009 seat 0, a 2 strawberry cut so, 0.80). First looks read right
    # with an arm in the zone on tuning scenes of six styles (pale, strays, shadow, tilt,
    # steep, tilt_hard; own and Deluxe, seeds 700000 to 700007, most seats under arms): 0.69
    # at most. An outline fitted to the size the zone guesses this squat or more is doubted
    # too where no other card is read (``_squat_fitted_to_a_guess``): fitted outlines claimed
    # on the tuning scenes it was measured on reached 0.74 (0.68 on a guessed size), a part
    # of a card so outlined 0.82 (a tilt_hard card squeezed so, other cards read, 0.82 too).
    squat_outline: float = 0.75
    # The table's colour under light that changes over the read area (a window's wash, one
    # side lit): fitted as a smooth surface to the read area's rim, this many pixels wide
    # at a quarter of the size (a fifth of a card's short side), ...
    lit_table_rim: int = 3
    # ... again without the rim's pixels further from it than this many times the fit's own
    # spread (or ``foreign_dist``), which are an arm's or a pile's (arms._lit_table).
    # (Tuning style ``window``, own art, seeds 900000 to 900039: clear piles read
    # "occluded" 11 of 158 with the table one colour, 1 so fitted, and empty zones read
    # "occluded" or "unknown" 9 of 25, 1; the arms over piles read as before.)
    lit_table_keep: float = 2.5
    # ... and only where that fit lies this share of ``foreign_dist`` (or the noise's bar)
    # or more from the table's most common colour: where the light left the table's colour
    # as it is, the fit only excuses an arm barely unlike a table of its own colour (a dark
    # arm on a walnut table, tests/test_vision_reader.py).
    lit_table_moved: float = 0.5

    # -- cards found without a layout (search.py) ----------------------------------------------
    # Two outlines this close (a share of a card's short side, measured outwards from each)
    # touch: one card lies over the other.
    touch_margin: float = 0.04
    # A card found with the cards found before painted out (white a look found only a found
    # card in again) stands only when it and one of them, each grown by this share of its
    # short side, overlap: a gap of up to about a card's short side. Messy small tuning table
    # 2118001: a 3 strawberry 0.23 of its short side from the card its white ran into
    # (through the card under both), found; 0.25 lost it. Crowded tuning seed 2118008: a 5
    # banana under another card's corner, about three cards from the card painted out of a
    # blob spanning most of the table, claimed without this.
    beside_near: float = 0.5
    # Of two touching cards, one smaller than this share of the other's area is the covered
    # one, cut by the top card; closer in size (outlines measure a few % apart), either may
    # be on top.
    cut_card: float = 0.85
    # ... unless where they overlap the pixels show which is on top: its sides run on edges
    # inside the other outline over at least this length (a share of the working card's
    # short side) and this share of it, and the other's sides inside its outline over at most
    # this share of theirs (the sides of a covered card are hidden; symbols cross them here
    # and there).
    on_top_length: float = 0.2
    on_top_seen: float = 0.8
    under_seen: float = 0.35
    # ... or unless one of its sides runs across the other outline, as a covering card's side
    # does (``sides_across``): the side found lies along it, both its ends within this share
    # of its short side of the side's line (an outline and an edge fitted to the same side
    # are a pixel or two apart at the working scale).
    side_across_near: float = 0.05
    # A face found without a layout and doubted is read again as a zone round it
    # (``_faces_read_as_zones``); that reading stands only for the same card: the two outlines
    # overlapping over at least this share of each (a card read elsewhere in the zone, a
    # pile's top card beside a covered one, stands for another card).
    same_card_overlap: float = 0.7
    # ... the other's sides counted only this far (a share of the working card's short side)
    # from the print on the top card: a covered card's side under a symbol meets its edges.
    print_beside: float = 0.05
    # ... the print being the pixels at least this saturated ((max - min) / max of the
    # channels; the reader's card white is neutral below 0.45).
    print_saturation: float = 0.45
    # A card whose corner lies this near the image's border (pixels of the image, or this
    # share of the card's short side when more: the corners of a card found in a small copy
    # of a large image are coarse) may run out of it: not claimed.
    image_edge_px: float = 1.5
    image_edge_share: float = 0.01
    # A straight edge this long (a share of the working card's short side) that runs from this
    # far inside a card's outline to as far outside it (the same share) is another card's
    # side across the outline: the card may lie under that one. (0.05: a card over a covered
    # card's corner crosses its outline by some 3 pixels at the working scale; the edges of
    # the cards under a top card stop at its outline, within a pixel.)
    crossing_length: float = 0.35
    crossing_inset: float = 0.05
    # ... when beyond it (away from the card's centre, where it runs inside the outline) lies
    # a face of the card's own colour within this distance (Lab a and b; a covering card's
    # face, white or silver, under the same light: 0 on the tuning case of a covered card
    # claimed). A top card's outline a few pixels off its edges crosses the sides of the
    # cards under it, with the table beyond them: on tuning scenes 12 or more for all but
    # two crossings of a silver five's outline (1.7 and 4.5, still doubted).
    beyond_card_ab: float = 10.0
    # Such an edge may be broken (a silver card's side where it leaves the white card under
    # it for the table; a yellow symbol of the card under it, as bright as a face in the
    # brightest channel): straight pieces this long or more (shares of the working card's
    # short side), this near one line (pixels at the working scale), with gaps of up to
    # this share between them, are one. (Unbroken pieces alone found a drawn silver card's
    # side across a white one 2 times in 79, joined across gaps of 0.05 61 times; gaps of
    # 0.1 to 0.35, up to a symbol's width, found 64 to 69 and doubted 1 to 5 more claims
    # read right on tuning scenes: second looks' and messy tables' cards.)
    side_piece: float = 0.1
    side_off: float = 1.5
    side_gap: float = 0.05
    # Across a side of a card found without a layout: an edge is this much darker than the
    # card's face (another card's edge and its shadow), card white this bright or more
    # (outlines._side_inside).
    edge_shade: float = 0.9

    # -- piles found without a layout when no clean card is (search.py) ------------------------
    # The smallest card ``find_cards`` must find, its short side as a share of the image's
    # width (issue 10: 5 % to 60 %): when no card is found at all, and no pile as large as
    # half a card of the usual size (0.09 of the width), piles are looked for at that card's
    # scale. (The piles of tuning tables of 5 % cards whose white ran together measured under
    # half a card of the usual size: all six of messy small seed 320508 missed. Looked for so
    # whenever no card was found cleanly, the piles of a dark tuning table were lost.)
    least_card_share: float = 0.05

    # -- low light and cut symbols (card.py) ----------------------------------------------------
    # A kind seen once on a card is cut when it measures less than this share of what the
    # card's single symbols of its other kinds measure (each against its kind's profile size).
    kinds_smaller: float = 0.75
    # A kind seen once on a card, on the outline's edge, is cut by the outline when it
    # measures less than this share of the card's whole single symbols of other kinds
    # (card.py, ``_cut_at_the_edge_by_other_kinds``): touching the edge, a part of it may
    # lie beyond, and an outline narrower than the card enlarges what lies inside it. An
    # outline across the top card's faint side held its strawberry at 0.86 (tuning pale
    # clone 2150000 seat 3); right cards on tuning clone scenes (2216000 on, 240 scenes)
    # held such symbols at 0.93 and up (edge 2216468 seat 3: a plum clipped by an outline
    # that stops short of the card's lower side).
    edge_whole_by_other_kinds: float = 0.9
    # On the classic deck a single symbol's centre lies within this (card widths plus
    # heights) of a place the deck prints that many symbols (card.py, ``CLASSIC_SPOTS``).
    # Right readings on tuning scenes, plain and dark, showed up to 0.25 (a banana's weight
    # lies off its place); outlines over parts of cards, 0.38 or more.
    print_layout_slack: float = 0.3
    # On a deck of mixed kinds, a 4 of single symbols whose two columns lie this share of
    # the card's width apart or more is no one card's print, which sets them 0.4 apart
    # (card.py, ``_corner_columns_apart``): an outline over parts of two cards side by side.
    # Clone 4s read right on tuning scenes (seeds 2231000 to 2231999, eight styles): 0.48
    # at most; the two cards in one outline of check seed sheen 2221930 seat 3: 0.62. (The
    # classic deck's scanned 4s print wider, up to 0.55 there: not judged.)
    corner_columns_apart: float = 0.55
    # How near a 4's corner, free of the symbols counted as a 3, a coloured speck skipped as
    # a leaf lies for it to be what a lamp left of the symbol printed there (card.py,
    # ``_washed_corner_of_a_four``; card widths plus heights). A banana's weight lies off its
    # place: 0.11 on the tuning case (lamp, clone, seed 373500 seat 3).
    washed_corner_reach: float = 0.2
    # How near in hue (HSV degrees) to some kind's colour that speck lies: a lamp pales a
    # symbol towards the face's white and roughly keeps its hue. The tuning case's speck,
    # a banana's paled to a pale yellow: 16 degrees from the banana's, 8 from the lime's.
    washed_corner_hue: float = 12.0

    # -- glare over the places the deck prints (card.py, ``_glare_over_a_printed_place``) -------
    # On the classic deck a reflection the older checks doubt (by its print's symmetry)
    # doubts a card only where a symbol could lie unseen at a place a larger count prints
    # one: where this share or more of a symbol's print, shaped as the card's smallest one,
    # lies in what the sensor clipped (its rim too) or in print not read. (A symbol under a
    # reflection shows as print wherever the print is not clipped; its pale rim, too pale to
    # be marked as print, is the rest: a lime a reflection paled whole, not read, showed its
    # clipped rim and its print marked over 0.45 of it, tuning style glare 212511 seat 3.)
    hidden_fill: float = 0.4
    # ... with its centre within this (card widths plus heights) of the place, moved as the
    # symbols seen lie off theirs (a banana's weight lies off its place, some 0.1).
    hidden_slack: float = 0.12
    # Two symbols that lie nearer each other than this along the card's length (a share of
    # it) are not the corners of a 3 whose middle a reflection hides (card.py,
    # ``_a_twos_pair_as_a_threes_corners``). A 3's corners measured 0.53 or more on every
    # classic art, lit or under glare; a 2's pair 0.34 to 0.46 on the own art and the
    # Deluxe's (the scans print a 2's pair as far apart as a 3's corners: 0.6 to 0.66, and
    # this check passes them by).
    threes_corners_apart: float = 0.5

    # -- a reflection that lifts the face's median (card.py, ``_reflection_lifts_the_face``) ----
    # Judged only on a face that shows a real spot: the face away from it (its 20th
    # percentile) lit no brighter than this (a face near the top clips in part with no
    # reflection at all; where a spot's reach is judged, a face whose brightest channel a warm
    # light clipped all over is judged so on its darkest, ``_where_print_vanishes``) ...
    reflection_face_below: float = 235.0
    # ... its clipped core less than this share of the face (more is a face lit to the
    # sensor's top all over, judged by its pale print instead; faces lit to the top on tuning
    # scenes of the cloth style clipped 0.67 or more) ...
    clipped_reflection_most: float = 0.6
    # ... and the area lit half way from the face to the top larger than its core by this
    # factor (a spot falls off into the face; a clipped plain face ends at a sharp edge).
    reflection_falloff: float = 1.05
    # Such a spot doubts the card where its light, taken as a round Gaussian spot, would clip
    # print whose darkest channel is this bright over this share of the smallest symbol or
    # more. (Reflections that took a whole middle symbol away, drawn on the own art's faces,
    # gave 0.45 or more; those on tuning scenes of the glare style that clipped the face
    # between the symbols, none.)
    print_darkest: float = 80.0
    # ... or, on the classic deck, the print's own level if darker: each symbol read's ink
    # at this percentile of its darkest channel (the paler part of it, which a spot clips
    # first; a hidden symbol's shape is judged hidden from 0.4 of it), the median over them.
    # (Own art, tuning style glare: plums 43 to 55, their lit edges aside.)
    print_level_pct: float = 75.0
    reflection_hides: float = 0.25
    # Where print may lie unseen under such a spot (card.py, ``_clipped_within_the_spot_s_reach``):
    # its clipped core grown about its centre to the area where it clips print, the radius
    # this many times more (a lamp's spot falls off unlike a Gaussian, and a second spot may
    # add its light).
    vanish_reach_margin: float = 1.3
    # ... and scaled down by this a step until it holds no ink of a symbol read (print that
    # shows lies beyond where the light clips print), down to this scale at least (below it
    # the reach is a few pixels about the spot's centre). (Tuning style cloth, own art, seed
    # 285501 seat 3: a 4 plum's lower plums inside the spot took it from 0.91 to 0.05 of
    # the core, off the middle place; a step of a tenth leaves a reach at most a tenth
    # short of the print that shows.)
    reach_shrink: float = 0.9
    reach_least_grow: float = 0.05
    # ... judged so only on a face lit this bright away from the spot (its brightest
    # channel's 20th percentile): a white face. (A Deluxe's silver face measured 142, and
    # its spot's falloff told of no print clipped where a middle banana was washed away;
    # the white faces of the own art and the scans under a spot, 179 to 226.)
    spot_reach_face_least: float = 170.0

    # -- low light: a card's sides in the noise (zone.py, ``side_off_the_card``) -------------
    # In low light (noise above ``noisy``) a card is claimed only where every stretch of its
    # outline (each side cut in this many) has face white just inside it: the brightest of
    # the lines a few pixels inside is this share of the card's white or more. (On tuning
    # seeds of the dark style, right readings showed 0.65 or more; the outlines that took in
    # a strip of table, lifted from the dark and read as print, 0.35 or less.)
    side_parts: int = 3
    side_face: float = 0.5

    # -- where a card lies in its zone (policy.py, ``_on_its_pile``) ----------------------------
    # A card claimed in a zone lies over the pile the zone is drawn round: one whose centre is
    # this far or further from the zone's middle (card widths) leaves that middle outside its
    # outline whichever way it is turned (half a card's length is 0.78 widths), and is not
    # claimed: it is a card beside the pile, or a covered card strayed from under a top card
    # that something hides (on a tuning table of messy piles, a covered card 1.4 widths out,
    # cut short by an arm the colour of the wooden table, was claimed for the top card). Top
    # cards pushed off their zones (tuning style ``offzone``: 0.95 widths at most, as drawn)
    # are measured up to 1.16 widths off, the pile's own jitter and its move into view
    # added; 1.0 doubted the commonest miss of classic cards on that style. With the check
    # set off, on tuning scenes of bench seeds 2093000 to 2093059 (styles strays and offzone,
    # and edge to 2093029; every deck), the top cards it had doubted read right 1.004 to 1.16
    # off, and the cards claimed wrong lay 1.11 and 1.36 off (own strays, seed 2305011 seat
    # 3, a stray 2 lime beside a 4 plum whose white runs into its fanned cards): this keeps
    # the nearest wrong one 0.05 out, and reads the top cards to 1.06 (30 of the 56).
    off_the_pile: float = 1.06
    # A card that far off or more, up to ``alone_off_the_pile``, is claimed all the same when
    # the zone's read area holds no card white but its own (``policy._alone_in_the_zone``:
    # other white under ``alone_in_zone_white`` of its area): no pile lies at the middle
    # whose top card the look missed, so the card is the pile, pushed off. With the check
    # off, on tuning offzone scenes of bench seeds 2113000 to 2117005 (every deck), the top
    # cards read right 1.06 off or more lay up to 1.14 off; those alone (1.06 to 1.12 off)
    # had no other white at all (0.00), those beside covered cards 0.40 of their area or
    # more. The strays claimed wrong had the pile they lie beside in view: 1.72 of their area
    # (own strays, seed 2305011 seat 3, 1.11 off) and 0.94 (scans rotated, seed 2334002 seat
    # 0, 1.27 off). 1.2: top cards pushed off their zones are measured up to 1.16 off.
    alone_off_the_pile: float = 1.2
    alone_in_zone_white: float = 0.1
    # A card this far off the zone's middle or more (card widths), the middle about a card
    # beyond one of its sides (this many times the way from its centre to that side's middle
    # or more: 1.0 is on the side, 2.0 the middle of a card lying against it), its white
    # running on past its outline over the middle (the white beyond its outline this share
    # of its area or more: most of a card), is not claimed (``policy._white_on_to_the_middle``):
    # it is a covered card fanned out from under the top card that lies against that side
    # over the middle (check seed 118500: Deluxe noise, seed 349501 seat 4, a silver 5
    # banana on top, the 2 plum under it 1.08 off, 2.15 times the way, white 1.02 beyond).
    # Right cards read 0.5 widths off or more on tuning scenes of styles offzone, strays,
    # edge, pale and noise (every deck, seeds 2150000 to 2152999) with the middle on their own
    # white: 0.68 beyond at most (offzone, clone, seed 2151831 seat 4, a top card pushed off
    # over its heap: 0.88 off, 1.29 times the way); tuning offzone, scans, seed 2334013 seat
    # 5, 1.02 off, 1.93 times the way, 0.71 beyond. The same table's scans pale seat 4, a 2
    # plum under the 4 plum, 0.97 off, 1.93 times the way, 0.69 beyond, is as that top card:
    # not told apart by this check (the 4 plum's corner over it is: the next fields).
    heap_past_a_side_off_centre: float = 0.9
    heap_past_a_side_reach: float = 1.75
    heap_past_a_side_white: float = 0.9
    # Such a card with less of that white beyond it, this share of its area or more, is not
    # claimed either when another card's corner lies over the side towards the middle
    # (``policy._a_corner_over_the_side``): a straight edge this long at least (a share of the
    # card's short side) that comes in from beyond that side, crosses it at this angle or
    # more (degrees), and ends inside the outline this deep (a share of the short side) up to
    # ``corner_over_the_side_deepest``, the face on both sides of it (``_look`` of the short
    # side away) this share of the card's white at least; looked at in a copy where the short
    # side is ``_copy`` pixels. The top card's side that runs into the covered card's corner
    # ends at its own corner there; the sides of the cards under a top card stop at its edge,
    # no deeper into its outline than the outline is off. Tuning scans pale, seed 349501
    # seat 4: a 4 plum on top, the 2 plum fanned out from under it (0.97 off, 1.93 times the
    # way, 0.69 beyond) read 2 plum, the 4 plum's left side 0.088 deep into it at 82 degrees;
    # tuning offzone, scans, seed 2334013 seat 5, the top card pushed off over its heap
    # (1.02, 1.93, 0.71), has no edge across that side steeply: the sides of the cards under
    # it stop at its edge (the edges there run along it, 0.002 deep at most).
    corner_over_the_side_white: float = 0.5
    corner_over_the_side_length: float = 0.15
    corner_over_the_side_angle: float = 45.0
    corner_over_the_side_depth: float = 0.05
    corner_over_the_side_deepest: float = 0.25
    corner_over_the_side_look: float = 0.05
    corner_over_the_side_level: float = 0.9
    corner_over_the_side_copy: float = 112.0
    # A card a search fitted off the zone's middle, the middle about a card beyond one of its
    # sides, is not claimed with another card's side inside its outline along that side
    # (``policy._under_a_side_along_it``, ``outlines.side_along_within``): a straight edge
    # within this many degrees of the side ...
    along_within_angle: float = 10.0
    # ... from this share of the short side inside it at both ends (a fitted outline lies a
    # pixel or two off its card's own edge: a card's own side is not another's) ...
    along_within_least: float = 0.05
    # ... up to this share (deeper lies the print, or a card's side across its face) ...
    along_within_deepest: float = 0.2
    # ... along this share of the side's length or more. Tuning dark, Deluxe, seed 349501
    # seat 4: the silver 5 banana's side 0.1 inside the 2 plum fitted under it, along 0.31
    # of it (broken by the five's bananas), 4 degrees off.
    along_within_length: float = 0.25
    # A card a second look framed with no card read elsewhere, at the size the zone guesses
    # (loosely, to three tenths), is looked at again with the size the cards read since
    # predict at its place when it is smaller than that by more than this (the side of a
    # square of its area over theirs), and not claimed when that look reads another card or
    # doubts the print it frames (``policy._smaller_than_the_others``): the loose size let
    # the outline frame part of the card, a side across its face (tuning night clone seed
    # 316002 seat 0: a 3 strawberry + 1 lime framed at 0.85, read as 1 strawberry + 1 lime;
    # at the others' size, a symbol smaller than the others). Whole cards so framed and read
    # right lay at 0.85 to 0.89 too (bench seeds 1430000 and 1431000: phone Deluxe scene
    # 1658002 seat 3, tilt_hard Deluxe 1664003 seat 1, night clone 1683002 seat 2, one or
    # two cards read beside them), read the same at the others' size. A card a second look
    # framed at the size one card's perspective predicts is held so against that card's own
    # size (tuning tilt_hard, own art, seed 1655002 seat 4: a 4 banana framed at 0.69 of the
    # one card's side round two of its bananas, read 2 banana).
    guessed_size_least: float = 0.9
    # A look at the others' size that finds no whole card excuses the card framed at the
    # guess only when that card is this share or more of the side the others' perspective
    # predicts at its place (``policy._far_smaller``). Deluxe night seed 347500 seat 0: a
    # 5 banana framed round two of its bananas, a lamp's reflection between them, at 0.735
    # of the side the one other card's perspective predicts, read 2 banana. Kept below the
    # right reads and other doubts measured so: own steep seed 200501 seat 2, a far card
    # tilted to 0.58 of the near card's side as it is, lies at 0.957 in its perspective;
    # clone phone_dim seed 965031 seat 0, half a card a later check names (card size off),
    # at 0.766.
    far_smaller_least: float = 0.75
    # With fewer than three cards read around the table, a second look that finds no card with
    # the size their perspective predicts searches again with the size they show as they are
    # (their median) when the two are this far apart (log of a card's side) or more.
    sizes_apart: float = 0.03
    # A card a second look claims this far from the zone's middle or more (card widths; up to
    # ``off_the_pile``, which doubts it anyway) is checked for another card's side across it
    # (``outlines.covered_outline``), whatever outline found it: a covered card's part in view
    # beside a top card the look did not see
    # (tuning pale Deluxe seed 248001 seat 4, a covered 2 lime framed 0.93 away beside a
    # silver 5 on top). Cards second looks claimed right on tuning scenes of 15 styles
    # (Deluxe and clone, seeds 700000 to 700005) lay 0.41 from the middle at most (steep tilt).
    framed_off_centre: float = 0.5
    # A card claimed this far from the zone's middle or more (card widths, where the frame
    # shows the zone) is not claimed when another whole card lies against it
    # (``policy._beside_a_whole_card``), even when the card read is as large as a whole one:
    # which of the two is on top is not clear from their outlines. A covered card nearly
    # whole in view, cut straight along the top card's side, is framed so (own art, seed
    # 27035 seat 1: a 1 plum 0.95 widths off beside the 2 strawberry on top, read from its
    # white alone). The card against it counts only when no other card's side crosses it (a
    # covered card in full view but for a corner under the top card is not on top: tuning
    # offzone clone seed 297007 seat 4). Nearer the middle the first look's two-cards check
    # (whole cards left out) stands: top cards read right on tuning scenes lie within 0.3
    # widths of it. Off their zones (tuning styles offzone and edge, seeds 946100 to 946104
    # and 946200 to 946203), no card read right 0.5 widths off or more had another whole
    # card against it.
    whole_beside_off_centre: float = 0.5
    # Such a card ``heap_past_a_side_off_centre`` widths off or more, the middle
    # ``heap_past_a_side_reach`` beyond a side, is not claimed either when a whole card's
    # outline (edges all round, not read) lies against that side over the middle, the two
    # outlines sharing this share of the card's area at most (``outlines.
    # whole_card_over_the_middle``; a search's own placements, or outlines found in the
    # frame once every look is done): a covered card strayed nearly whole out from under the
    # top card, cut along its side. Check seed 349501, Deluxe steep seat 4: a 2 plum 1.02
    # widths off, the middle 2.04 times the way past its side, read 2 plum beside the silver
    # 5 banana on top, whose outline shares 0.078 of it (the fit runs a pixel or two over
    # the top card's side); own art tilt_hard, the same seat: a 2 plum beside the 4 plum on
    # top, placements sharing 0.012. A top card lying on another card shares its whole area.
    # Top cards pushed off over their heaps (tuning offzone, 0.9 off or more, the middle
    # 1.75 beyond) had no whole card at the middle: none changed on tuning seeds 2225000 on.
    middle_card_overlap: float = 0.15
    # The whole card found against it that a strict read says its outline cuts a shape of
    # (the search placed the outline a pixel or two past its sides, over a symbol of the
    # card under it) is read again on the outline drawn in to this share of its size (about
    # a pixel a side at the working scale; 1.0: not read again). A silver five, whose face
    # is no card white to fit an outline to, was so missed beside the covered card read for
    # it (tuning offzone Deluxe seed 284005 seat 0: 5 banana read as 1 lime; its outline
    # read as 5 banana drawn in to 0.93 to 0.97).
    beside_read_within: float = 0.97
    # A card read ``whole_beside_off_centre`` widths or more off its zone's middle, the
    # middle outside it on a blob of card white not its own, is the pile's bottom card
    # fanned out beside a heap when that blob covers this share of its area or more and runs
    # up against a card read in another zone (policy.py, ``_beside_a_heap_under_another_card``).
    # (Tuning offzone, clone, seed 324000 seat 1: the heap 0.73, its top card's corner under
    # the next pile's card; on tuning offzone and edge scenes of bench seeds 1450100 to
    # 1450111, 40 cards read right with the middle on white beyond them, up to 0.9 of a
    # card, none against another pile's card.)
    heap_at_the_middle: float = 0.5
    # A card read this far off its zone's middle or more (card widths), alone on the table
    # (no other card's white against its own), is not claimed when other cards' white in the
    # read area comes to ``heap_beside_a_lone_card`` of its area or more (policy.py,
    # ``_alone_beside_a_heap``): a top card lies on its pile, and the heap is that pile.
    # Tuning offzone, clone, seed 1699016 seat 4: a lone card 0.96 widths off, other white
    # 1.67 of its area (``off_the_pile`` doubts any card 1.06 off or more).
    alone_off_centre: float = 0.75
    heap_beside_a_lone_card: float = 1.0
    # Alone: no other card's white within this share of its short side of its outline. The
    # shadow of a top card's side parts its white from the cards under it by a few pixels
    # (offzone, scans, seed 964101 seat 2: a 1 lime on top 0.87 widths off, 0.05 of its side
    # from the card under it); the lone card of seed 1699016 seat 4 lay farther from the heap.
    alone_margin: float = 0.1
    # A card read off its zone's middle (``same_heap_off_centre`` widths or more), other
    # cards' white against it (within ``alone_margin``) along no more than this share of its
    # sides, the middle outside it on a heap of other white (``heap_at_the_middle`` of its
    # area or more), is not claimed either (policy.py, ``_beside_the_heap_at_the_middle``):
    # it lies beside the heap, not over it, and the heap is the pile whose top card the look
    # did not find (tuning offzone, Deluxe, seed 2151009 seat 0: a covered 5 strawberry whole
    # beside the pile, its sides against other white along 0.11, the pile's 5 banana merged
    # with the card under it at the middle, read 5 strawberry). On tuning scenes of six
    # styles and four decks (seeds 2151000 and 2214000 on, three scenes each) the cards read
    # right with such a heap at the middle had their sides against other white along 0.40 to
    # 0.92: covered cards run under a top card along much of its sides.
    heap_beside_touch: float = 0.2
    # ... and only when that heap's white spreads (its hull) over this share of the card's
    # area or more: more than one card, a card over another, the pile's own top card among
    # them. A top card over covered cards may touch them along little of its sides, a
    # single covered card or a few at the middle spreading no wider than a card (tuning
    # offzone: scans seed 2214102 seat 2, a 2 banana over the corner of a 1 lime, 0.11 of its
    # sides, the lime's hull 1.00 of a card; clone seed 2151110 seat 2, 0.19, 1.08; cards read
    # right with a heap at the middle on the seeds above, 0.66 to 1.08). The 5 strawberry of
    # seed 2151009 lay beside a heap spreading over 1.50.
    heap_beside_spread: float = 1.25
    # A card read this far off its zone's middle or more (card widths) over covered cards is
    # not claimed when another card's white lies over those same cards apart from it
    # (policy.py, ``_another_card_on_the_same_heap``): either may be the pile's top card,
    # wherever the one read lies, and a covered card fanned out of a pile pushed off its
    # place may lie nearer the middle than the top card (tuning offzone, clone, seed 333500
    # seat 2: a 2 strawberry + 1 lime 0.42 widths off, over the card the pile's 1 strawberry
    # + 3 lime 0.97 off lies over too, read 2 strawberry + 1 lime). On tuning scenes of all
    # 22 styles and four decks (bench seed 1600000, three scenes each: 967 cards read, none
    # wrong) the check doubted no card at any distance; a card at its pile's place (within a
    # quarter of a width: 897 of them) is spared the zone's look it costs.
    same_heap_off_centre: float = 0.25
    # ... a blob of white this share of the card's area or more (its outline filled; the
    # read area may cut it), ...
    # Tuning offzone, clone, seed 1725001 seat 0: the pile's top card beside the one read,
    # 0.76 of its area in the read area.
    top_beside_white: float = 0.5
    # ... filling this share of its smallest rectangle or more (a card's is a rectangle; a
    # covered card's white, cut by the cards over it, is not; that top card's: 0.84) ...
    top_beside_fill: float = 0.75
    # ... with no more than this share of that rectangle other cards' white (a card over
    # it; that top card's: none).
    top_beside_clear: float = 0.02
    # A card a second look claims ``framed_off_centre`` or more from the zone's middle is not
    # claimed either with another card's side within its outline (``outlines.side_within``):
    # a straight edge this share of the short side long or longer ...
    side_within_length: float = 0.6
    # A card a second look claims on an outline of its white (not on edges) with a
    # confidence below this is checked for another card's side within it, wherever it lies
    # (``policy._loosely_outlined``): a loose outline may hold the top card and part of the
    # card under it (tuning cloth, clone, seed 1702007 seat 5: 0.31, a 1 banana + 1 lime and
    # the banana beside it, read 2 banana). At 0.5 it doubted cards read right whose
    # second looks outlined them more loosely (tuning dark, scans, seed 980006 seat 0, a
    # 4 lime; night, clone, seed 316002 seat 0, a part of a card doubted for its size).
    loose_outline_confidence: float = 0.4
    # ... whose middle lies this share of the short side inside the outline or deeper. A
    # silver five turned a little across the covered card framed beside it lays its side
    # there (tuning lamp Deluxe seed 248001 seat 4: a 5 banana read as the covered 2 lime,
    # 0.97 widths off; its side 0.81 of the short side long, 0.13 deep). Cards read right
    # 0.5 widths off or more (tuning offzone, four decks, seeds 946200 to 946203) had no
    # edge that long deeper than 0.08.
    side_within_depth: float = 0.1
    # ... or such a side broken where print meets it: straight pieces on one line (their
    # ends within this share of the short side of it: a few pixels, the line segments'
    # own wobble), apart by this share of it at most (a symbol's width)
    # (``search.side_within_in_pieces``). Check seed Deluxe strays 327502 seat 0: a silver
    # 5 banana's side across the covered card framed 0.93 widths off, broken by its banana
    # 0.23 apart, its pieces' ends within 0.005 of one line, 0.69 of the short side long
    # together, 0.17 deep: read as the covered card's 2 banana before. No other seat read
    # otherwise on tuning seeds 2040000 and 2041000 (22 styles: 955 of 1075 and 970 of
    # 1078 right) nor on check seed 103500 (975 of 1097 right), 0 wrong on each.
    side_within_off: float = 0.02
    side_within_gap: float = 0.3
    # ... and broken somewhere by this share of the short side at least: a line unbroken is
    # ``side_within``'s to judge (check seed own offzone 339501 seat 3, a right 4 strawberry
    # framed beside the middle, a straight edge within its outline in three pieces apart by
    # 0.008 at most, was doubted; the silver side above broke by 0.12 to 0.23).
    side_within_break: float = 0.05
    # A card a second look claims on an outline found on edges, in a view straightened for a
    # tilted camera or with a size too few cards predicted, is looked at for another card's
    # side across it (``covered_outline``) as one on the outline of its white is, when the
    # outline is nearly square in the frame: its short side this share of its long one or
    # more (``policy._squat_on_edges``). A card's is 0.64 seen from above; a refined outline
    # over the upper half of a top card was 0.94 (tuning steep clone seed 279004 seat 3, a 2
    # strawberry + 2 plum read as 2 strawberry). Checked on every outline found on edges, the
    # check doubted a card read right (tuning tilt Deluxe seed 946302 seat 4, 0.53).
    squat_on_edges: float = 0.85

    # -- a lamp's light on the face (symbols.py) -------------------------------------------------
    # The edge check (``symbols._edge_across``) leaves out edges this many pixels (at the
    # working scale) around a reflection clipped to the sensor's top: a lamp's reflection
    # stretched into a band has long straight sides, and its blurred rim runs a pixel or two
    # beyond the clipped core. (Tuning style ``lamp``: bands across the face were the most
    # frequent doubt on cards read otherwise right.)
    reflection_rim: int = 2
    # The two symbols of a classic 2 lie this far apart at least along the card's width, and
    # this far along its height (shares of them; card.py, ``_pair_off_the_diagonal``). The
    # own art prints them 0.4 and 0.44 apart, the real cards' scans 0.44 to 0.52 and 0.57 to
    # 0.63; right readings on tuning scenes showed 0.33 and 0.4 or more. The wrong cards
    # this stops: two plums of a 4 one above the other (0.08 across), two strawberries of
    # a 3 and its covered card side by side in the dark (0.14 down).
    pair_across_width: float = 0.22
    pair_across_height: float = 0.25
    # Two symbols nearer than this along the card's width and along its height are nearer
    # than a 2 prints them (the own art 0.4 and 0.44 apart, the scans more): with a
    # reflection where a 3's other corner would be, they may be its middle and a corner
    # (card.py, ``_glare_over_a_corner_of_three``; tuning style phone_dim, scans, seed 964023
    # seat 0: a 3 banana's middle and lower banana, 0.29 and 0.35 apart, read 2 banana).
    close_pair_width: float = 0.36
    close_pair_height: float = 0.4

    # -- another card's corner over a side, at the frame's resolution (search.py,
    # ``corner_over_a_side``) ------------------------------------------------------------------
    # A card found without a layout whose short side is this many working card sides or more
    # in the frame is looked at at the frame's own resolution too: there a corner of another
    # pile's card lying 2 to 5 frame pixels over its side is under 2 pixels deep at the working
    # scale, within what an outline may be off (``crossing_inset``). (Smaller cards are looked
    # at as finely by ``covered_outline``.)
    corner_fine_from: float = 1.5
    # Along each side the card's edge is looked for this far either way of the outline
    # (pixels, or this share of the card's short side when more: an outline found in a small
    # copy of a large frame is off by a pixel of that copy) ...
    corner_reach_px: float = 6.0
    corner_reach_share: float = 0.03
    # ... as the first line, from inside out, darker than this share of the face's white
    # (a card's edge: its border, its shadow, or the table) ...
    corner_edge_level: float = 0.9
    # ... seen so (unbroken) along this share of the side at least, else the side is not
    # judged: on no-layout tuning scenes, an outline some 17 pixels off a large card's edge
    # (seed 340011) and a red table as bright as the face in the brightest channel (340027)
    # showed print or the cards under it where the edge was looked for.
    corner_edge_seen: float = 0.7
    # ... and a corner over it is something dark from this many pixels inside that edge
    # (nearer, the edge's own blur) to this many (or this share of the card's short side
    # when less: the print begins further in), ...
    corner_depth_least: float = 2.0
    corner_depth_most_px: float = 6.0
    corner_depth_share: float = 0.04
    # ... this much darker than the face (a share of its white) ...
    corner_dark: float = 0.35
    # ... within this many pixels along the side of where the edge is broken (no line darker
    # than ``corner_edge_level`` on it or just outside: a covering card's face runs across).
    corner_break_px: int = 3

    # -- a reflection's core and the card's white (light.py, ``_without_reflection_core``) -------
    # A face's white is taken without the pixels whose darkest channel reaches this level (a
    # reflection's clipped core: the lamp's light, not the face's) ...
    reflection_core: float = 250.0
    # ... on a face lit to the top in its brightest channel (``clipped_face``), when the core
    # is this share of the face pixels the white is taken from or more (a smaller one hardly
    # moves their median: on tuning scenes of the cloth style, faces whose white a
    # reflection set, read as a whole face of print, showed 0.32 and 0.39; on the glare
    # style a core of 0.08, left out, paled a washed plum out of sight) ...
    reflection_core_least: float = 0.3
    # ... and the rest keeps this share of them (a face lit to the top all over is itself
    # the white).
    reflection_core_rest: float = 0.4
    # On the classic deck a blob counted as symbols that touch has its centre within this
    # (card widths plus heights) of the mean of as many places of one layout (card.py,
    # ``_touching_off_the_print_layout``). Right readings on tuning scenes (the pairs of a 4
    # or a 5 merged in the dark) showed up to 0.1; a banana washed together with a covered
    # card's print on a searched outline, 0.22 (tuning style cloth, scans, seed 203529).
    touching_slack: float = 0.15
    # On a face lit to the top in its brightest channel, a reflection clipped in every channel
    # doubts the card only where a whole symbol's shape lies this much in what it clipped (or
    # in print not read) at a place a larger count prints (card.py,
    # ``_reflection_on_a_clipped_face``): a symbol washed away whole there. (Tuning style lamp,
    # scans, seed 620016: a middle banana of a 5, 1.0; two plums of a 2 on glare-style seeds
    # 200010, 1.0, read right before, stay doubted; corners of a 3 or a 5 beside a reflection
    # over a lone symbol, 0.5 to 0.8 at one of the places, are read.)
    clipped_hidden_fill: float = 0.9
    # Where less of the shape than that lies there, a symbol hides only if its rest could too:
    # a place where this share of the shape lies on plain face holds none (card.py,
    # ``_plain_face``): its rest would show as ink. (Scans phone 313501 seat 2, a 4 lime, a
    # small spot beside its middle: 0.436 clipped at the middle place, 0.35 on plain face, the
    # rest lit too near the top to judge; on tuning seeds 2035000 to 2039000, 8 styles, two
    # cards so spotted read, no reading turned wrong. The washed middles of scans lamp 620016
    # seat 1 and scans cloth 1142005 seat 0 clip over ``clipped_hidden_fill``.) ...
    rest_plain: float = 0.3
    # ... plain face: no darker in the darkest channel than this percentile of the clean
    # face's (shading and noise; 82 on that lime's face, its median 119), no more hue
    # (brightest less darkest channel) than this one of it (52 there; its ink's median 115).
    plain_dark_pct: float = 5.0
    plain_hue_pct: float = 99.0
    # A classic card whose symbols seen, each whole, make a whole layout (a 4's four corners)
    # is held to a larger count's place a reflection's clipped core covers in part only where
    # the rest of the symbol's shape off the core could be print: a reflection adds one light
    # to face and print alike, so print the sensor did not clip lies as far below the face
    # beside it as it does away from the reflection, and a rest level with that face is face
    # (card.py, ``_halo_shows_no_print``). The face's level is its darkest channel closed over
    # a symbol (``through_face_px``); the rest lies level with it when this percentile of it
    # lies below by no more than this share of the print's depth below the face away from the
    # reflection. Tuning lamp seed 2337001 seat 4, a 4 plum, 0.54 to 0.62 of a plum clipped at
    # a 5's middle place: 0.063 to 0.072 (own art), 0.033 (scans). Washed middles of a 5 stay
    # doubts: Deluxe phone_dim seeds 2366001 and 2366002 seat 2 (limes), 0.59 to 0.70;
    # Deluxe glare seed 1191003 seat 0 (a banana), 1.17. True 4s elsewhere: 0.0 to 0.1.
    # (Every read that asks it, own art, scans and Deluxe, glare-like and dim styles, tuning
    # dump bases 2128000 and 2129000.)
    halo_rest_pct: float = 90.0
    halo_rest_share: float = 0.1
    # A pair of single symbols as far apart as a 3's corners, the face clipped over the middle
    # place between them, is doubted when the darkest channel of each one's ink brightens
    # towards that place by this much a card width or more (card.py,
    # ``_spot_over_the_middle_of_a_wide_pair``): a spot there lifts both. The 3 banana a
    # lamp's spot washed to a 2 (tuning style lamp, own art, seed 304501 seat 4) measured 233
    # and 261, and the own art's 3 banana under a flat spot of 230 levels on its centre 188
    # and 256; pairs as wide read right on tuning seeds 2010000 to 2014000 (styles lamp,
    # glare, sheen, window, cloth, dark and jpeg; own art, scans, Deluxe) 66 at most on their
    # weaker side, those clipped over the middle place below 0 on one side, as the scans' 2
    # banana under a window's light (scan window 310502 seat 2: 52 and -39).
    lift_towards_middle: float = 150.0
    # Such a pair, both lifted so, is doubted where the face is clipped in every channel
    # (``hidden_washed``) over this share of the middle place (a disc the size of the smallest
    # symbol): less than ``clipped_hidden_fill``, which a clone's pair is held to with no lift
    # to say a spot is there. The lift says it; the clip need only say no print shows. A
    # steep tilt's blur and the small card's enlargement soften the spot's edge a few levels
    # below the top over an eighth of the place (check seed 347502, style tilt_hard, scans,
    # seat 1: a 3 strawberry, its middle washed away whole under a spot, corners lifted 165
    # to 216 towards it, 0.876 and 0.877 of the place clipped on its two looks, read 2
    # strawberry). On tuning seeds 2200000 to 2201999 (styles tilt, tilt_hard, tilt_blur,
    # steep, rotated, blur, offzone, pale, glare, lamp, sheen, window; own art, scans, clone)
    # the wide pairs that came to this check were scans' 2s read right, 0.0 and 0.17 clipped.
    lifted_pair_clipped_fill: float = 0.8
    # A piece of print beside a reflection clipped to the sensor's top is one symbol when the
    # print of its partner across the centre, turned to its place (moved up to this many
    # pixels at the working scale: an outline a pixel off), lies where the reflection
    # clipped, in print not read or in the piece over this share of it (its rim blurs a
    # little onto clean face) ...
    rest_shift: int = 2
    rest_hidden: float = 0.9
    # ... and holds this share of the piece (the piece is that symbol's, nothing more).
    rest_holds: float = 0.8

    # -- a lamp's light and low light on the face (light.py, symbols.py, card.py's colours) ----
    # Pieces of pale print around a card's centre, under a reflection clipped over it, are
    # measured together when their centres lie within this (card widths plus heights) of
    # the card's centre (card.py, ``_washed_middle_rim``): the rim of a middle symbol whose
    # core the reflection washed out lies up to a symbol's radius beyond ``middle_reach``
    # (a plum's: 0.18 widths, 0.12 heights). The corner symbols' rims lie further (a 2's
    # and a 4's symbols 0.42 or more) and are left out with their symbols.
    middle_rim_reach: float = 0.3
    # ... only under a reflection: clipped pixels near the centre (``glare_reach``) of this
    # share of the smallest symbol or more (the plum's: 0.94 of one; a lifted dark face's
    # noise leaves clipped specks, and its pale noise summed made 2s and 4s doubted).
    rim_clipped: float = 0.25

    # -- another card's corner at a side, without a layout (search.py, ``corner_at_a_side``) --
    # A claimed card's surroundings are looked at in a copy where its short side is this many
    # pixels at most (the frame's own resolution for the cards of a 640x480 frame; a corner
    # a pixel or two over a side there is what no-layout seed 341008 showed) ...
    corner_at_short_most: float = 240.0
    # ... out to this share of its short side beyond the outline.
    corner_at_pad: float = 0.45
    # Another card's sides: straight edges this long at least (pixels, or this share of the
    # card's short side when more; a card's side seen beside a corner, not a symbol's curve)
    # ...
    corner_at_edge_px: float = 8.0
    corner_at_edge_share: float = 0.3
    # ... whose near end lies within this many pixels inside the outline, and whose far
    # end lies this far outside it at least (pixels, or this share of the short side when
    # more: the edges along the card's own sides do not run away from it).
    corner_at_tip_px: float = 1.5
    corner_at_away_px: float = 3.0
    corner_at_away_share: float = 0.04
    # Two of them are a card's corner where they meet at this angle at least (degrees, and
    # at most its supplement: a tilted camera shows a card's corners from some 60 degrees),
    # ...
    corner_at_angle_least: float = 50.0
    # ... their lines meeting from this many pixels outside the outline to this many inside
    # (deeper corners darken the face: ``corner_over_a_side``): an outline of card white may
    # sit a few pixels inside the card's edge (crowded tuning seed 376534: up to 8 pixels
    # inside a card 176 across, another card's corner 1 pixel over its side met 2.3 pixels
    # outside the outline; at 3.5, one card read right of 209 on the crowded tuning seeds
    # 370000 to 370039 and 376500 to 376539 was doubted, and that claim closed) ...
    corner_at_out_px: float = 3.5
    corner_at_in_px: float = 2.5
    # ... with both near ends this close to where they meet (pixels, or this share of the
    # short side when more: a side nearly along the outline is seen only where it leaves it)
    # ...
    corner_at_gap_px: float = 5.0
    corner_at_gap_share: float = 0.15
    # ... and a card's white (``corner_edge_level`` of the face) this far from the tip
    # between them (pixels, or this share of the short side when more).
    corner_at_look_px: float = 4.0
    corner_at_look_share: float = 0.05
    # White left of a blob when the outlines found without a layout are taken out of it
    # (each grown by this share about its centre: the blur round its sides) is looked at
    # as a pile when it is this share of a card's area at least (search.py,
    # ``_white_beside``).
    beside_grow: float = 0.08
    beside_least: float = 0.6

    # -- glare over a middle place the pairs seen fix (card.py, ``_middle_by_pairs``) --------
    # On the classic deck the middle symbol of a 3 or a 5 lies on the midpoint of the pairs
    # seen across the centre (every symbol drawn the same way round: its centre within 0.7
    # pixels of that midpoint on the own art and the scans, banana too). Whether a reflection
    # may hide it whole (``hidden_fill``) is judged within this many pixels of that midpoint
    # (an outline a pixel off, blur), not within ``hidden_slack`` of the layout's place ...
    middle_by_pairs_px: int = 2
    # ... when the pairs' midpoints agree within this many pixels (else the layout's place
    # and its slack judge it).
    middle_pairs_agree_px: float = 2.0

    # -- low light and phone-like pictures (card.py's clipped cores) ---------------------------
    # A reflection's core clipped to the sensor's top is what survives an opening with a
    # square this many pixels wide (card.py, ``_solid``): a dark face lifted by the camera's
    # gain clips in specks of its noise, which together made a symbol's size (tuning style
    # dark, own art, seed 200525: a 2 plum and a 3 strawberry doubted for glare, none there).
    clipped_solid: int = 3

    # -- hard JPEG compression (card.py) ---------------------------------------------------------
    # A blob counted as symbols that touch is as many symbols only when each printed place of
    # the group it stands for lies on its ink or within this (card widths) of it
    # (``_places_on_blob``). Right readings on tuning styles dark, jpeg and lamp (pairs and
    # threes merged) lie 0 to 0.03 off; two limes of a 4 bled into one blob as large as three
    # (tuning style jpeg, own art, seed 200512, seat 3) leave the middle place 0.13 to 0.2 off.
    touching_place_reach: float = 0.08
    # ... and that ink is the body of a symbol, not a thread: ink at least this share of the
    # blob's deepest point (its distance to the face) deep. In the dark the camera's noise
    # grows threads of coloured specks onto a symbol, which make it as large as two and reach
    # the places of a pair it is not: a 2 strawberry's each, measured 1.76 symbols, had threads
    # 2 pixels deep (of 11.5 at its middle) over the far place of a 4's top pair and read 4
    # strawberry (tuning style dark, scans, seed 258001, seat 0); a symbol's place lies in a
    # body 3 pixels deep or more.
    touching_place_body: float = 0.25

    # -- a middle symbol's faint rim inside a flat reflection (card.py, ``_faint_middle_rim``)
    # A flat reflection on a face lit near the top clips the face in every channel and can
    # wash a 3's or a 5's middle symbol to a faint rim: too pale for ``_pale_middle`` and
    # ``_washed_middle_rim`` (no chroma left), yet a thin line darker than the clipped face
    # on both sides of it in the darkest channel. A smooth falloff, or clipped face, dips
    # nowhere. Looked for only on a card read with no middle symbol whose centre a clipped
    # reflection covers (``rim_clipped`` of the smallest symbol within ``glare_reach``).
    # A dip is a thin line in the darkest channel, darker than the face around it as a
    # morphological closing over a disc this many pixels across fills it (a rim two or
    # three pixels wide at the work scale) ...
    faint_rim_kernel_px: int = 5
    # ... this many levels deep at least (the washed strawberry's rim in the tuning cloth
    # scene: 8 to 22), where that closing is clipped (``hidden_washed``: clipped face on
    # both sides of the line; noise on a face lit below the top is not) ...
    faint_rim_dip: int = 8
    # ... away from any ink (the symbols read, and their edges) and within this many radii
    # of the smallest symbol (as a disc of its area) of the middle place, on the midpoint of
    # the pairs seen (``_middle_by_pairs``) or the card's centre ...
    faint_rim_reach: float = 1.4
    # ... where the dipping pixels make this share of that radius's circumference at least
    # (the washed strawberry: 0.63; a rim partly seen is enough to doubt).
    faint_rim_least: float = 0.4

    # -- a symbol's kind read through a reflection (card.py, ``_kind_through_the_reflection``)
    # A reflection adds one light to every channel: the differences between a pixel's
    # channels, and so its hue (HSV's, which only those differences make), stay the print's
    # wherever no channel clips. A symbol a reflection paled between two kinds' colours is
    # read by the hue of its pixels whose brightest channel is below this (levels; a pixel
    # lifted to the top in one channel has lost that channel's difference) ...
    through_unclipped: float = 245.0
    # ... and whose channels lie this many levels apart at least (a face's noise, a few
    # levels, turns the hue of a pixel with little colour) ...
    through_spread: float = 40.0
    # ... when such pixels make this share of the smallest symbol the deck prints (the rest
    # of the symbol clipped away) ...
    through_least: float = 0.25
    # ... and their median hue lies within this many degrees of one kind's (its profile
    # colour's hue as HSV sees it) ...
    through_hue_reach: float = 10.0
    # ... and this many degrees nearer to it than to any other kind's. (Tuning styles glare
    # and cloth, own art and scans: symbols read right showed bananas at hue 46 to 56, limes
    # at 66 to 77 (the profile's: 51 and 76); bananas paled between the two, 52 to 60,
    # limes 65 to 69.)
    through_hue_margin: float = 7.0

    # -- print under a reflection seen only in its darkest channel (card.py,
    # ``_print_in_the_darkest_channel``)
    # A reflection that lifts a symbol's brighter channels to the top leaves its darkest one
    # below it: a hole in the face the reflection clipped (``hidden_washed``, in the darkest
    # channel smoothed over a pixel), this many levels below the clip at least (a clipped
    # face's noise, smoothed, dips a few levels; a lime washed to its blue channel on a clone
    # card, tuning style glare seed 240001 seat 1, 10 to 25) ...
    darkest_patch_dip: float = 10.0
    # ... away from the print read (its soft rim, this many pixels out) ...
    darkest_patch_clear_px: int = 3
    # ... and as large as this share of the smallest symbol the deck prints, in one piece.
    darkest_patch_least: float = 0.3

    # -- a dim face beside a wide reflection (light.py, ``_face_beside_wide_reflection``) -----
    # The white reference of a view is taken at its brightest few percent; a lamp's reflection
    # too wide for the glare opening (a quarter of a card, on a dim face the phone's gain
    # lifts) fills that few percent with its falloff, and the faces around it fall below card
    # white (tuning style phone: no whole card found, holes in the face's white, or only the
    # reflection left white and the pile read as under an arm). The faces' level is the most
    # common level of the bright neutral pixels (a histogram smoothed over this many grey
    # levels; the faces this share of the view at least) ...
    wide_reflection_smooth: float = 3.0
    wide_reflection_face: float = 0.05
    # ... and a reflection is this share of the view or more, this many times as bright as
    # the faces at least (whether clipped or not: a dim face's reflection may stop short) ...
    wide_reflection_least: float = 0.002
    wide_reflection_peak: float = 1.5
    # ... lie below the reference by more than this factor: the reference is then taken no
    # higher than this factor above the faces (a face's noise and a soft light's gradient
    # across it stay within it).
    wide_reflection_over_face: float = 1.15

    # -- another card's side across a corner, without a layout (search.py,
    # ``side_across_a_corner``) -------------------------------------------------------------
    # A claimed card is looked at in a copy where its short side is this many pixels at
    # least (a small card enlarged: a side a frame pixel or two over its corner is a few
    # pixels there) and ``corner_at_short_most`` at most ...
    across_short_least: float = 112.0
    # ... for straight edges this long at least (a share of the short side there) ...
    across_length: float = 0.15
    # ... with an end this far outside the outline at least (the covering card's side runs on
    # past the corner), ...
    across_out: float = 0.01
    # ... that run inside it this deep (a share of the short side: deeper than the outline
    # and the ends of the sides of the cards under it can be off) ...
    across_in: float = 0.015
    # ... within this distance of a corner (a share of the short side) ...
    across_corner_near: float = 0.3
    # ... crossing the side it enters by at least this angle (degrees): the side of a card
    # under a top card, turned a little, runs nearly along its side where it sticks out, and
    # an outline a pixel off takes it in near a corner (no-layout tuning seeds 360028,
    # 360033, 360040: top cards of neat and messy piles doubted). A covering card's side
    # across a corner crosses it at some 30 to 60 degrees; one that runs into the card along
    # a side enters it through the other side, nearly square (messy tuning seed 306047).
    across_angle: float = 20.0
    # Inside such an edge, the card's face runs on unbroken (no line darker than
    # ``corner_edge_level``) from this far (a share of the short side: past the edge's own
    # blurred line) to ``corner_at_look_*``: an outline a few pixels off a top card (no-layout
    # tuning seed 360040) takes in the sides of the cards under it, and its own side lies
    # between them and its face.
    across_clear_from: float = 0.03
    # ... or from where the brightness past it stops rising (the edge's line, wider on a small
    # card seen enlarged and blurred: crowded tuning seeds 2507506 and 2507513, crossing at 24
    # and 44 degrees), where the edge runs out of the outline again past the corner (the side
    # of a card over this one: the sides of the cards under it stop at its edge) and crosses
    # the side at no more than this many degrees. An under card's side, nearly square to this
    # card's side that an outline a pixel off takes in (81 degrees, messy tuning seed 300508),
    # rises through this card's own side into its face, and that side still counts.
    across_rise_angle_most: float = 65.0
    # ... and there the face is looked for this far inside the edge (a share of the short
    # side) when farther than ``corner_at_look_*``: the blurred line of a side over a small
    # card seen enlarged may fill the whole way to that (crowded tuning seed 2510512, a
    # 2 strawberry's corner 6 frame pixels under a neighbour's card, its side crossing at 61
    # degrees and still rising at ``corner_at_look_*``: the strawberry was claimed).
    across_rise_look: float = 0.1

    # -- noisy faces and merged symbols (card.py) -----------------------------------------------
    # A faint rim's dips are looked for along lines (``_along_a_line``): each pixel the
    # darkest of its medians over this many pixels along four directions. A sensor's noise
    # on a face lit just to the top dips in scattered pixels and specks (tuning style noise:
    # 29 to 131 dipping pixels in the middle's disc without it, 0 to 13 with it; the rim
    # needs 23), while the washed strawberry's rim, a line, keeps 33 to 36 of its 36 to 43.
    faint_rim_line_px: int = 5
    # A blob counted as symbols that touch (off the classic print) is worn
    # away from its edge this many pixels a step (its ink's distance to the face), and the
    # most pieces of this many pixels at least it falls into are its lobes, one a symbol
    # (``_lobes``; decks printed off the classic layout). Right readings on tuning style
    # jpeg (own, Deluxe, clone) showed as many lobes as symbols or more; two bananas bled to
    # the size of three (clone, seed 240524, seat 0) two.
    lobe_step_px: float = 0.5
    lobe_least_px: int = 3
    # A blob counted as one symbol yet shaped like several is doubted when it wears into two
    # lobes each at least this share of the larger's pixels (``_like_lobes``): a leaf or a
    # stem wears away to a speck beside a symbol's body. On tuning clone scenes of every style
    # (seeds 2255000 to 2276011, 264 scenes) such blobs on cards read showed 0.01 at most;
    # two plums that touch on a guard shadow clone card (seed 345502 seat 5) 1.00.
    like_lobe_share: float = 0.5
    # ... counted only while the ink is worn by this share of its depth at most: two plums
    # that touch (seed 345502 seat 5) part at 0.29 of their depth (a neck 3 px deep, cores
    # 10); one strawberry a reflection bit into a crescent (phone_dim clone, seed 1216005
    # seat 3, read right) parts at 0.90 (6 px of 6.7), its deepest ridge worn into specks of
    # 5 and 3 px. Symbols that touch part at a neck: on tuning clone scenes of eight styles
    # (seeds 2290048 to 2308065, 144 scenes), the 27 blobs of two round symbols counted as
    # two parted by 0.09 to 0.38 of their depth; no blob counted as one parted into two like
    # lobes at any depth there, nor on 312 more (seeds 2290000 to 2308044).
    like_lobe_neck: float = 0.5

    # -- a symbol's colour from pixels no channel clips (card.py, ``_unclipped_colours``) -----
    # A symbol's pixel whose brightest channel is this bright or more is clipped there (or
    # nearly: a clipped channel blurred by the warp): its hue is turned, not the print's. The
    # unwashed part of a symbol beside a reflection is read from the others only (a banana
    # under a warm light, red clipped at 255, read lime; tuning style cloth, scans, seed
    # 333010 seat 0).
    unclipped_print_top: float = 245.0

    # -- a long symbol's spine (card.py, ``_spine_shorter_than_symbols``) ----------------------
    # A blob of a long kind (banana) counted as n symbols that touch (off the classic print)
    # has a spine (its longest path inside the ink) of at least this many times the root of
    # n times its ink area. A banana's own is 1.7 to 1.9 (clone cards rendered at the warp's
    # size, blurred or not). On tuning styles jpeg and dark (clone) two bananas that touch
    # showed 1.76 to 1.86, the same two counted as three 1.46, and one bent banana a
    # compression bled to the size of two 1.15 to 1.25 (seed 247106 seat 5 read 2 banana + 1
    # plum): midway between 1.46 and 1.76.
    long_spine_least: float = 1.6

    # -- two pairs of symbols that touch (card.py, ``_pairs_not_each_others_turn``) ------------
    # A card read as two blobs of two symbols each (off the classic print) shows two pairs
    # that are each other's turn by half a circle, as every layout a deck prints is its own
    # turn: the lines through each pair's two symbols (their lobes) run alike. They may lie
    # at most this many degrees apart. An outline over the side of the top card and the card
    # beneath it, their shared side lost in a compression's blocks, held the top card's two
    # plums, one above the other, and the covered card's two limes, side by side: 89 degrees
    # (tuning style jpeg, clone, seed 247428 seat 3, read 2 lime + 2 plum).
    pairs_turned_apart: float = 45.0

    # -- another card's side through a corner, without a layout (search.py,
    # ``side_through_a_corner``) -------------------------------------------------------------
    # Looked at in the copy ``side_across_a_corner`` uses. Straight edges this long at least
    # (a share of the card's short side there) ...
    through_length: float = 0.12
    # ... whose line passes this near a corner of the outline (pixels of that copy, or this
    # share of the short side when more: an outline found at a coarser width is a pixel or two
    # off the card's edges; crowded tuning seed 370044, a side 2.5 to 3.6 pixels of the copy
    # past a cut tip as the outline fell) ...
    through_off_px: float = 2.5
    through_off_share: float = 0.04
    # ... and runs on past it, outside the outline, this far at least (a share of the short
    # side: well past a side's blurred end at its corner) ...
    through_run: float = 0.08
    # ... clearly outside it there (pixels of the copy: not a side of the card itself) ...
    through_out_px: float = 1.5
    # ... either along a side that meets there (this many degrees off it at most: the
    # covering card's side that cut the card's part in view straight) or across both
    # (``across_angle`` at least: a side cutting the corner's tip). Between, it is a side of a
    # card beside this one that passes its corner by chance (messy tuning seed 300522, two
    # sides 3 and 11 degrees off; crowded tuning seed 370034, 4 degrees off).
    through_along_most: float = 2.0
    # ... unless the outline's own corner there is this many degrees off square at least: its
    # side from that corner then runs to a point where no card side meets another at a right
    # angle, the outline of a covered card's part in view, cut along the covering card's side
    # at a small angle to its own (crowded tuning seed 2507527, a 2 strawberry with 20 pixels
    # of its end under another card, its outline's corner on that card's side 7 degrees off
    # square, the side 2.6 degrees off the outline's). A whole card's outline, the camera
    # seeing it nearly from above, has its corners within a degree or two of square.
    through_skew_least: float = 4.0
    # ... with a card's white (``corner_edge_level`` of the face) beyond it, on its side away
    # from the card, ``corner_at_look_*`` from it: the covering card's face. (The sides of the
    # cards under a top card that stick out past its corner have their face towards it.) The
    # face is this card's by the corner when that is duller than its brightest quarter, but
    # no duller than this share of it (``_dull_white``): a light falling off across a card
    # dulls its far corner to some 0.82 of it (crowded tuning seed 370017), while an outline
    # a few pixels off has its corner on the table.
    dull_face_least: float = 0.75
    # A card smaller than ``corner_fine_from`` working card sides counts another card's corner
    # at a side (``corner_at_a_side``) only when its tip lies this many pixels inside the
    # outline at least (negative: that many outside at most): the corners of neighbouring
    # piles touch such cards from outside often (tips 0.7 to 1.9 pixels outside on messy
    # tuning seeds 300515, 300522, 300526, 300528 and messy small 320515, 320518, cards read
    # right), while one a pixel over the side of a lime 43 pixels across (crowded tuning seed
    # 370015, a claim: with the reference scans in its table its tip measures 0.81 outside,
    # the edge lines a pixel off the true sides) shows the same. Within 0.9 of the side which
    # card is on top cannot be told at this size: the lime is doubted, and so is the 5 banana
    # of messy seed 300515 (tip 0.73 outside, read right before). Was 0.0.
    corner_at_small_in_px: float = -0.9
    # -- another card's side through a corner in two pieces, without a layout (search.py,
    # ``side_through_a_corner_in_pieces``) ---------------------------------------------------
    # The line detector breaks a covering card's side where the view beside it changes, at the
    # covered card's corner (its white on one side, then the table): the two pieces, each this
    # long at least (a share of the short side in ``side_across_a_corner``'s copy) ...
    through_piece_least: float = 0.04
    # ... this many degrees apart at most ...
    through_piece_angle: float = 4.0
    # ... each one's ends this near the other's line (a share of the short side) ...
    through_piece_off: float = 0.015
    # ... a gap this long at most between them (a share of the short side) ...
    through_piece_gap: float = 0.06
    # ... whose middle lies this near a corner of the outline (a share of the short side), are
    # one side, looked at as ``side_through_a_corner`` looks at one (crowded tuning seed
    # 2510516: a 1 banana whose corner lies 5 pixels under the side of a 3 lime, the side
    # broken 3.6 pixels of the copy from the outline's corner, the banana claimed).
    through_piece_near: float = 0.08

    # -- a second look through a reflection (card.py, ``_read_through_the_reflection``) -------
    # A card a reflection doubts is read again with the reflection's light taken off. The
    # face's light is its darkest channel closed over a disc this many pixels across (wider
    # than a symbol at the work scale, so print is closed over) ...
    through_face_px: int = 21
    # ... and the reflection's light is what lies above this percentile of it (the face away
    # from the reflection) ...
    through_face_pct: float = 30.0
    # ... when it reaches this many levels somewhere (less is a face's gradient, no lamp) ...
    through_light_least: float = 30.0
    # ... the face's own white taken where that light is this many levels at most, and the
    # darkest channel that near the closed face (no print), over this share of the card.
    through_unlit: float = 8.0
    through_face_least: float = 0.1
    # The second read is taken only when each symbol the first saw lies within this many
    # card widths of one of its kind in it.
    through_same_place: float = 0.06
    # On a deck that mixes kinds, a kind the first read saw none of is taken from the second
    # only when each of its symbols' colour lies this near its kind's (``colour_distance``, in
    # the kind's spreads) or nearer: a clipped channel set to the face's white turns a washed
    # colour to a hue between kinds, a print the light only paled keeps its own (tuning
    # glare, clone, seed 1675020 seat 1: a washed lime read banana at 3.0, lime 3.4 away;
    # the limes the second read finds on night 318002 seat 3 and phone_dim 324001 seat 3,
    # a covering reflection taken off, 0.9 to 1.8).
    through_new_kind_fit: float = 2.4

    # -- a middle symbol lost: print of the symbols' colour at the middle (card.py,
    # ``_kind_colour_at_the_middle``) --------------------------------------------------------
    # A pixel counts as print of the card's kind where its colour, taken from the clean
    # face's, reaches this share of the colour of the symbols read (and turns from their hue
    # by less than half of that: a warm reflection over a plum card is no plum) ...
    middle_kind_colour: float = 0.5
    # ... and such pixels within a symbol's radius of the middle place, away from the symbols
    # read, over this share of the smallest symbol's size doubt a 2 or a 4: a middle symbol a
    # phone's soft light washed below the ink threshold (Deluxe phone seed 225501 seat 0, a 5
    # banana read as 4: 0.47) shows there, where the clean middle of 2s and 4s read right on
    # the phone, glare, lamp and cloth tuning styles shows none (0.0 on extra tuning seeds).
    middle_kind_least: float = 0.25

    # -- a card found without a layout: another card's corner inside its outline (search.py,
    # ``corner_inside_the_outline``) ---------------------------------------------------------
    # Two straight edges that meet at a card's angle inside the outline, their meeting point
    # from this share of the card's short side deep (deeper than an outline a pixel or two off
    # the card can take in a side of a card under it) ...
    corner_inside_least: float = 0.06
    # ... to this share (a covering card's corner a strip over this card; deeper, the part in
    # view is no card's outline and other checks see the covering card's sides) ...
    corner_inside_most: float = 0.3
    # ... each running from there out to the outline's side, its far end no deeper inside than
    # this share: another card's corner lies over this card, the rest of that card over its
    # side (crowded tuning seed 370005: a 1 plum cut straight by a banana card's side, with a
    # third card's corner 0.12 of a card over it). The cards under a top card have their
    # corners hidden under it, and print has no straight sides that reach the card's edge.
    corner_inside_side: float = 0.02

    # -- a lone card under a steep tilt (outlines.py, ``lone_candidates``) -------------------
    # A card far from a camera tilted 40 to 55 degrees (a camera at the table's side, the
    # ``tilt_hard`` style) is squeezed past ``card_squeeze`` and ``steep_squeeze``, and a
    # first look has no other card to say so. Its outline is let in when the card lies alone:
    # nothing like a card's face (white, or a bright neutral silver) in a ring around it,
    # where the card a covered card's part lies against would be. A squeeze down to this
    # (a tilt of about 60 degrees; past it a card is a sliver no camera at a table shows) ...
    lone_squeeze: float = 0.5
    # ... with the ring from this many pixels beyond the outline (its blur and contact shadow)
    # out to this share of the card's short side ...
    lone_ring_from_px: float = 3.0
    lone_ring_to: float = 0.35
    # ... holding no more card white, nor card-like face, than this share of the ring.
    lone_ring_card: float = 0.03
    # A lone card whose white low light bites into at its sides (``bitten_lone_candidates``):
    # smoothed for a dim sensor's noise, the thin white between a symbol printed near the
    # rim and the rim is lost, and the print opens notches in the white's outline (tuning
    # dark scans seed 2171194 seat 2: a 5 plum alone on the cloth, its white 0.54 of its
    # box, its hull 0.99). Its box is let in when the white fills this share of it or more
    # (under the usual 0.8, which keeps out a covered card with a bite taken out by the
    # card on it) ...
    bitten_fill_least: float = 0.5
    # ... when the white's hull fills this share of the box or more (notches of print open
    # to the rim leave the hull the card's rectangle; a card's corner over another cuts a
    # corner off the hull) ...
    bitten_hull_least: float = 0.96

    # -- a middle symbol lost under a reflection: print darker than the lifted face at the
    # middle (card.py, ``_print_under_a_reflection_at_the_middle``) ---------------------------
    # The face's light is the darkest channel closed over with a disc this many of the
    # smallest symbol's radii across (wider than a symbol's stroke, so print is closed over) ...
    lifted_face_closing: float = 2.0
    # ... a reflection lifts the middle place (within a symbol's radius of it) this many levels
    # above the clean face's median light, or the check does not run (Deluxe lamp seed 222505
    # seat 4, a 5 banana read as 4: 82; about one in six of the 2s and 4s read right on the
    # phone, glare, lamp, cloth and dark tuning styles, own, scans and Deluxe, reach it) ...
    lifted_middle_light: float = 30.0
    # ... and print is where the darkest channel lies this many levels below that light ...
    lifted_print_dip: int = 20
    # ... within this many symbol radii of the middle place (a banana's crescent reaches past
    # its radius) ...
    lifted_print_reach: float = 1.4
    # ... in one piece over this share of the smallest symbol's size (the Deluxe lamp case:
    # 0.36; the 2s and 4s read right under such a reflection, tuning seeds and extra seeds
    # 500 on: 0.09 at most).
    lifted_print_least: float = 0.2

    # -- a rectified second look (zone.py, ``_rectified_view``; policy.py, ``table_plane``) ---
    # A steep tilt's far cards are sheared past what an affine straightening undoes: when the
    # straightened second look finds no card, the cards read elsewhere fix the table's whole
    # perspective (a homography that makes them all rectangles of one size) and the zone is
    # looked at in the table's plane. Its read area, so mapped, may take up at most this many
    # squares of a card's length: a zone near the table's horizon stretches without end.
    # (On tuning tilt_hard own seeds 910000 to 910014 the views looked at took 9 to 33; on
    # seeds 910000 to 910029, own, scans and Deluxe, 16 read 304 of 384 cards, 40 read 314,
    # none wrong.) ...
    rectified_most: float = 40.0
    # ... and each card's corners, mapped into the plane, lie within this share of a card's
    # length of the rectangle fitted to them: a card farther off (its outline a few pixels
    # off, most often a far card's, small in the image) is left out of the fit. (Read cards'
    # corners lay 0.004 to 0.25 off on tuning tilt_hard own seeds 910000 to 910011, the
    # rendered cards' own 0.002 at most; on seeds 910000 to 910029, own, scans and Deluxe,
    # 0.03 of the mean, 0.06 and 0.12 of the farthest read 300, 303 and 305 of 384 cards,
    # none wrong.)
    plane_fit_most: float = 0.12

    # -- a 4's or 5's rows and columns (card.py, ``_rows_turned_apart``) --------------------
    # On one card the corner symbols' rows run parallel, and so do its columns: they may turn
    # from each other by this many degrees at most (on the card's true proportions). The
    # Deluxe dark case (seed 718027 seat 1: the upper row of a 3's top card and the lower
    # row of the card under it, read as a 4) turned 26.5; the 36 4s and 5s read right on
    # tuning seeds of their own (Deluxe dark 731000, own dark 732000, scans dark 733000,
    # Deluxe night 734000, Deluxe plain 735000) 7.3 at most.
    rows_turned_apart: float = 15.0

    # -- a small piece at the middle (card.py, ``_small_piece_at_the_middle``) ----------------
    # On a card read with no symbol on its centre, a coloured piece skipped as too small for
    # a symbol, within ``middle_reach`` of the centre and of this share of the smallest
    # symbol's core or more, is what a soft reflection left of a middle symbol. (The clone
    # night case, seed 252000 seat 1: a strawberry's rim of 0.19, a 2 strawberry + 1 plum
    # read as 1 strawberry + 1 plum; on the guard's tuning scenes, plain and five styles,
    # no other card read showed such a piece at the middle.)
    middle_piece: float = 0.1

    # -- a piece apart from the symbols on a clipped face (card.py, ``_apart_from_symbols``) --
    # On a face lit to the sensor's top, a coloured piece the size of a washed-out symbol
    # (``washed_out``) but in full colour is a leaf or a stem when it touches a symbol; when
    # the gap to every blob large enough for a symbol is this many of the smallest symbol's
    # radius or more, it is what a reflection left of a symbol (the clone lamp case, seed
    # 250001 seat 5: a banana's tip 1.4 apart, 1 banana + 3 plum read as 3 plum). On the
    # guard's tuning scenes such pieces lay 0.29 to 0.48 apart beside their symbols, and
    # 0.79 or more on faces doubted anyway: no card read right was lost.
    piece_apart: float = 0.5

    # -- a printed place under the reflection that excused a side of a searched outline
    # (card.py, ``_printed_place_under_the_excused_reflection``) ------------------------------
    # A place the classic deck prints a symbol at, under that reflection, is held by a symbol
    # read when that symbol's ink lies within this many card widths of it (an outline and
    # the print sit a little off, as for ``touching_place_reach``); farther, the place is
    # bare, and the reflection may have washed out a symbol there. (Tuning style ``lamp``,
    # own art, seed 202528, seat 0, with two cards known: the places of the three
    # strawberries read lay 0.0 off their ink, the fourth's bare place 0.28, the middle 0.22.)
    excused_place_held: float = 0.08

    # -- a shallow patch at the middle place, in a face clipped over it (card.py,
    # ``_shallow_patch_at_the_middle``) -------------------------------------------------------
    # A reflection that clips a whole face can leave a 3's or a 5's middle symbol as a soft,
    # shallow patch in its darkest channel, too shallow for ``darkest_patch_dip`` over most of
    # it: a hole in the clipped core (``hidden_washed``) counts at the middle place when its
    # deepest point lies this many levels below the clip (a clipped face's noise, smoothed,
    # dips a few levels, in specks; the scans lamp case, seed 1001015 seat 1, a 3 lime read
    # as 2 lime: a patch of 0.30 of a symbol, 11 levels deep at most) ...
    middle_patch_dip: float = 6.0
    # ... and its centre lies within this many of the smallest symbol's radius of the middle
    # place (``_middle_by_pairs``: the same case's patch, a lime's half the reflection left,
    # lay 0.62 off).
    middle_patch_reach: float = 1.0

    # -- a coloured piece apart from the symbols (card.py, ``_piece_apart_from_symbols``) -----
    # A piece of a kind's colour skipped as too small for a symbol, inside the outline, at
    # least this share of the smallest symbol's core, and ``piece_apart`` from every blob
    # large enough for a symbol: no leaf or stem (they grow from their symbol), but part of
    # a symbol that another card or the outline cut (the clone dark case, seed 943007 seat 4:
    # a refined outline over a top card's lower half and a covered card's banana tips, cores
    # 0.28 and 0.43, 0.9 and 1.7 apart; 3 strawberry + 1 lime read as 1 strawberry + 1 lime).
    # A covering card may leave no more than a symbol's tip in view: a fresh guard seed's
    # phone_dim, clone, scene 343500 seat 1, a 3 banana + 1 plum framed by a second look
    # short of its third banana, whose tip (0.14) it read past as 2 banana + 1 plum. On the
    # 3,024 seats of guard seeds 81500 and 82500 no reading changes with this at 0 (the
    # piece's other tests alone keep specks and leaves out); it is kept above a speck of
    # noise.
    apart_piece_least: float = 0.1
    # ... and lying this share of the card's width (height) or more in from its long (short)
    # sides, where the deck prints: an outline a little wide takes in a strip of the card
    # beside it along a side, with pieces of that card's symbols (tuning noise Deluxe seed
    # 233505: a 5 lime read right with two strawberry pieces 0.07 and 0.08 in from its side;
    # the clone dark case's banana tips lay 0.19 and 0.24 in).
    apart_piece_inset: float = 0.15

    # -- long symbols turned apart (card.py, ``_long_symbols_turned_apart``) ------------------
    # The classic deck draws a card's symbols the same way round, each turned a little: a
    # symbol whose print is this many times longer than wide (its moments' axes; a banana
    # 2.0 to 2.8, a strawberry 1.45, a lime 1.35, a plum 1.1) has a direction ...
    long_symbol_elongation: float = 1.8
    # ... and on one card those directions lie within this many degrees of each other (the
    # own art's bananas 11 to 27 apart, Deluxe's read right on tuning noise and cloth scenes
    # 26 to 27): farther apart, they are symbols of two cards turned to each other, in an
    # outline over parts of both (tuning noise Deluxe seed 805012 seat 0: a covered card's
    # two bananas and the top card's one, 59 apart, read as 3 banana, a 5 on top).
    long_symbols_turned_apart: float = 45.0

    # -- a clipped reflection beyond a side of an outline found on edges (outlines.py,
    # ``_reflection_beyond_a_side``) ----------------------------------------------------------
    # A lamp's reflection clipped to the sensor's top (``clipped_face``, near neutral as
    # ``glare_neutral`` says) has a sharp edge, which the outline searches can take for a
    # card's side: a searched or refined outline is not taken when, beyond one of its sides
    # (from ``clipped_beyond_from`` to ``clipped_beyond_to`` of its short side out), the view
    # is so clipped along this share of the side or more: the card may go on under the
    # reflection. (Tuning style ``lamp``, clone deck, seed 244506 seat 4: the lower half of a
    # 3 banana + 1 strawberry, cut along a reflection's edge, read 2 banana; that side showed
    # 0.95 of its length clipped beyond it. Outlines found on edges and read right on the
    # lamp and glare styles, seeds 500 to 509, all four decks: 0.6 at most.)
    clipped_beyond_from: float = 0.03
    clipped_beyond_to: float = 0.1
    clipped_beyond_share: float = 0.8

    # -- a washed piece's print hue through the reflection (card.py, ``_print_hue_unlike``) -
    # A piece of print beside a clipped reflection, measured whole with its pale rest, is
    # taken as its kind only when its print's hue through the reflection (``_unclipped_hue``)
    # lies within this many degrees of that kind's (strawberry 5, banana 51, lime 75, plum
    # 286). (Tuning style cloth, clone deck, seed 242513 seat 5: a strawberry a reflection
    # washed to lilac, classified plum by its colour, showed print at hue 30, 105 from the
    # plum's, and read 2 strawberry + 2 plum, a 3 strawberry + 1 plum. Pieces read right so,
    # glare, lamp, cloth and window, four decks, ten seeds: 5 from their kind's. No right read
    # lost on the broad tuning guard.)
    pale_rest_print_hue: float = 45.0

    # -- a refined outline's seam in low light (zone.py, ``low_light_doubt``) ---------------
    # In low light, an outline refined onto edges near a first one (outlines._refine_steps)
    # is doubted for a fainter seam across its face (symbols.seam_across) than
    # ``seam_score``: such an outline may rest one side on the card below and another across
    # the top card's face, the top card's side a seam inside it. (Tuning style dark, clone
    # deck, seeds 254005 seat 3 and 254007 seat 4: refined outlines over half a top card and
    # the card under it, seams 3.97 and 3.95, read wrong cards; right refined reads in dark,
    # night, phone and cloth, own and clone decks, showed seams up to 3.5. With the bar, dark
    # own and clone at 60 seeds, deluxe at 20, night, phone and cloth at 10 to 15 lost no
    # right read, and the broad tuning guard read as before.)
    seam_score_refined: float = 3.75

    # -- two whole cards found apart without a layout (search.py, ``_apart``) ---------------
    # Two outlines that touch (``touch_margin``) stand for two whole cards side by side when
    # each lies clear of the other by at least this much (a share of the working card's short
    # side: a gap, not an outline a pixel off) ...
    apart_gap: float = 0.02
    # ... and the card's sides run within the two margins of the other outline over less than
    # this share of its short side: a card cut straight along another's side shows that side
    # over a whole side of its own; two cards whose corners come near each other only there.
    # (Crowded tuning tables, seeds 370011 and 370014: whole cards meeting at a corner, 1.5 to
    # 2.7 pixels apart at the working scale, near each other over 0.16 to 0.23 of the short
    # side; seed 370012: a card whose side another's corner crosses by 2.6 pixels, 0.6.)
    apart_contact: float = 0.3
    # ... and round where they come nearest (within this share of the working card's short
    # side, outside both outlines) at most this share of the view is card white: a card
    # beneath one of them, not found, may lie over the other's corner there.
    apart_look: float = 0.2
    apart_white: float = 0.1

    # -- a rectified second look with few cards read (policy.py, ``_rectified_look_steps``) --
    # The table's plane that one or two cards fix (their corners a few pixels off, in a soft
    # or dim view) misjudges a far card's size by a fifth or more, and may run a far zone's
    # view past ``rectified_most``: with too few cards around the table to fit the size as a
    # plane, a rectified look that finds no card looks again with the plane's scale changed
    # by each of these (the card then a quarter larger, or a fifth smaller, than the plane
    # said). (Tuning tilt_hard seeds 700000 to 700029, own, scans, Deluxe and clone: far
    # cards so missed came out 0.6 to 1.7 times the area the plane predicted.)
    few_cards_plane_scales: tuple[float, ...] = (1.25, 0.8)

    # -- card white on a table a window's light clips (light.py, ``_white_mask``) -----------
    # A warm table lit to the sensor's top in its brightest channel stands no brighter than
    # the card white there (and rings a clipped face as a reflection's falloff would), but a
    # neutral face still stands out in its darkest channel: the pixels clipped in every
    # channel are the card white when their darkest channel is this many times the view's
    # darker fifth's darkest channel or more. (Tuning style
    # ``window``, own art, seeds 700000 to 700029: clear cards on a washed wooden table taken
    # for an arm over an empty zone stood 1.55 to 1.9 times above it, the table clipped in
    # red; the usual bar, 1.12 in the brightest channel, met 1.0 to 1.1.)
    white_darkest_over_table: float = 1.3

    # -- a symbol's kind read through a reflection, against its clipped print (card.py,
    # ``_clipped_print_turned``) ------------------------------------------------------------
    # A reflection that clips a symbol's brightest channel turns the hue of those pixels
    # towards the channels still below the top, not across the hue circle: when clipped
    # print (channels ``through_spread`` apart, the brightest at ``through_unclipped`` or
    # more) outnumbers the print read through the reflection, and its median HSV hue lies
    # more than this many degrees from the kind read, what was read through is not the
    # print but its rim, leaf or seeds. (Scans, tuning styles glare seed 215005 seat 0 and
    # window seed 700018 seat 5: a 1 strawberry read as 1 banana, hue 51, its clipped print
    # at 15 and 18; bananas so read right on the lamp style, seeds 701000 to 701024: clipped
    # print at 48 to 51. A lime's clipped print turns from its hue, 76, towards yellow, 60.)
    through_clipped_reach: float = 25.0
    # ... when the clipped print makes this share of the coloured print at least: a share
    # that large is the print's own colour, whatever the rest's hue, where a reflection
    # clips at most a few pixels of a symbol's paler rim. (Scans, tuning style glare seed
    # 1662004 seat 2: a 1 strawberry read as 1 banana through the reflection, its unclipped
    # pixels red to leaf green, median hue 42; 101 of its 218 coloured pixels clipped, at
    # hue 20.)
    through_clipped_least: float = 0.4

    # -- a symbol split by colour where a clipped channel turned part of it (card.py,
    # ``_one_kind_turned_apart_by_clipping``) -------------------------------------------------
    # A blob whose split by colour left a part between two kinds is read as one symbol of the
    # kind its unclipped print names (``through_hue_reach``, ``through_hue_margin``) when this
    # share of its coloured print or more is clipped in its brightest channel: the part
    # between kinds is then what the clipping turned (tuning styles noise and window, clone
    # decks: bananas so split, 0.46 to 0.56 of their print clipped) ...
    turned_apart_clipped_least: float = 0.4
    # ... and this share of its unclipped print or more lies within ``through_hue_reach`` of
    # that kind's hue: print of one kind, not two kinds that touch (a lime's unclipped pixels
    # keep a lime's hue, some 24 degrees from a banana's).
    turned_apart_one_hue: float = 0.8

    # -- cards found without a layout under a light falling off across the table (search.py,
    # ``_light_evened``) -----------------------------------------------------------------------
    # A frame whose light's level (a plane fitted to the log of its brightest channel over the
    # table) differs between its corners by this factor or more is looked at again with that
    # light evened out: one card white for the whole frame, judged on its bright side, leaves
    # the cards on its dim side unfound. The plane is refitted without the pixels more than
    # ``light_fit_above`` median deviations above it (card white) or ``light_fit_below``
    # below it (a dark pattern). (Crowded tuning tables, window light, seeds 370000, 370020,
    # 386500, 386531: cards in the dim half found nowhere, the plane's corners 4 to 9 times
    # apart; even and shadow light, 1.2 to 1.5.)
    even_light_ratio: float = 2.0
    light_fit_above: float = 0.5
    light_fit_below: float = 3.0
    # A card found only so stands only when the frame's own card white covered at most this
    # share of its face: white that showed there was looked at already (the pile looks), and
    # a card read only in the evened light beside it may be a covered one, its corner a few
    # pixels under a card's side that the dim light hid (crowded tuning seed 382501: a 3
    # strawberry so claimed, 8 % of its face white; the cards gained on seeds 370013, 370020,
    # 382501, 386500, 386531, 0 to 1 %; cards partly white, 14 to 57 %, are left unfound).
    evened_white_seen_most: float = 0.05

    # -- a zone past the frame's border (policy.py, ``in_view``) ----------------------------
    # Where a card lies in a zone that runs past the frame's border is judged against the
    # zone moved into the frame by as much as it runs past, up to this share of its width (or
    # height): its pile lies in the part in view. (Tuning style ``edge``: zones 40 to 100
    # pixels past, their middle beyond the border at most.)
    into_view_most: float = 0.5

    # -- a squat outline beside an arm, the tilt's squeeze undone (policy.py,
    # ``_squat_straightened_beside_an_arm``) ---------------------------------------------------
    # A card claimed in a zone an arm comes into whose outline, with the squeeze the other
    # cards show there undone, has its short side this share of its long one or more is
    # doubted: under a steep tilt a sleeve cuts a card short and the part in view keeps a
    # card's proportions in the image (``squat_outline`` judges the outline as the image
    # shows it). Tuning tilt_hard scans seed 910025 seat 0, a 3 lime cut so and read as a
    # 2 lime: 0.86 straightened (0.67 in the image). Read right beside an arm: 0.77 at most
    # (shadow clone seed 950009 seat 3, arms over most seats; the first attempt's 0.75, the
    # image's threshold, doubted it).
    squat_straightened: float = 0.82

    # -- card white against a tinted table a window's light clips (light.py,
    # ``_clipped_faces_left_out``) ---------------------------------------------------------------
    # When the white reference is taken below the sensor's top (clipped pixels ring a
    # falloff) and the pixels clipped in every channel cover this share of the view or more
    # (a good part of a card's face: a read area holds a whole card in a quarter to a third
    # of it; a lamp's clipped spot on a face is smaller)...
    clipped_faces_least: float = 0.08
    # ...and at most this share of them passes for white against that reference, the
    # reference is a tinted table lifted towards white (its brightest channel clipped, its
    # tint unlike the neutral faces), not faces beside a reflection, whose clipped core
    # passes for white: the clipped pixels are the card white then, if they stand out from
    # the table in their darkest channel (``white_darkest_over_table``). (Tuning window,
    # own art 930035 seat 2 and clone 930027 seat 4: clear cards on a red table the wash
    # lifts towards white, their white taken as the table's, read "no card white"; own art
    # 930002 seat 0, 930006 seat 4, 930028 seat 0 so get their white, 0 to 30 % of the
    # clipped pixels in it before, but stay "no whole card": piles whose cards all clip.)
    clipped_faces_white_most: float = 0.3

    # -- a side of an outline found on edges that lies over a face (outlines.py,
    # ``side_over_a_face``) -------------------------------------------------------------------
    # Each side of a top card's outline lies on a step from its face to what is beyond (the
    # table, or a shadow and the card under it): across the side, at a pixel or two off it at
    # most, the view two to four pixels inside differs from as far outside, along most of it
    # (the median step, up or down: a Deluxe silver five's face is darker than the white
    # card under it). A searched or refined outline is not taken when its weakest side's
    # step is this share of its strongest side's or less: that side lies over a face, on
    # print or on the noise, and the card goes on past it (a part of a card read as a whole
    # one). (Tuning dark clone seeds 254025 seat 1 and 900003 seat 4, night clone 263007
    # seat 1, tilt_hard deluxe 900001 seat 0, read wrong: 0.007 to 0.038; outlines found on
    # edges and read right on sixteen styles, seeds 900000 to 900007, all four decks: 0.12
    # and up, but for the window own art seed 930035 seat 2, a white card on a white card,
    # 0.077. Counted as a step down only, silver fives over white cards, -0.5 to -0.1, were
    # refused: 26 to 40 right reads a guard run.)
    side_step_least: float = 0.06
    # ... and an outline refined onto the edges near a pile (``_refine_steps``) is not the
    # card's when a side whose step is this share of its strongest side's or less has the
    # white the outline holds running on beyond it along ``across_white_share`` of its
    # length or more (``side_across_its_white``): an edge of the cards under the top card,
    # crossing its face. Tuning tilt_hard, clone, seed 1712001 seat 0: a 1 lime + 2 plum
    # outlined short of its lime, that side 0.061 of the strongest, its white beyond it
    # along 0.54 of it, read 2 plum.
    across_white_step: float = 0.1
    across_white_share: float = 0.33
    # ... and for an outline fitted into the white by its size alone, the step where the
    # white runs on past the side is this share of the strongest side's or less: none at
    # all, as across one face (0.01 on the guard seed's covered card fitted across a 2 plum;
    # top cards' sides over merged white in noise, blur, glare and dim views step 0.06-0.09;
    # 0.031 on tuning clone window seed 2314102 seat 1, a covered card's outline across a 2
    # banana + 2 strawberry short of its bananas; right top cards fitted with white past
    # another side too, which the rule below excuses: scans window seed 1680003 seat 0, a
    # 3 lime, 0.033, and seed 2301001 seat 4, a 4 strawberry, 0.039).
    across_white_fitted_step: float = 0.035
    # ... and only when past each of its other sides the white runs on along this share of
    # it or less: a size fitted onto a covered card hugs the white's outline at its other
    # sides, the top card past one side only (the guard seed's covered card: 0 of 24 points
    # past each). A top card's own outline, its sides as shadowless over covered white as
    # that one, has covered white past another side too (pinned lamp, window, noise and dim
    # scenes: 2 to 20 of 24 points, 0.08 or more; all read right or doubted otherwise).
    across_white_fitted_others: float = 0.04
    # ... nor when the white past that side is this many grey levels brighter than the
    # outline's own white (medians) or more: a reflection's light over the side, which washes
    # its step out, not a card's face (a guard seed's sheen, own art, scene 316501 seat 2: a
    # 1 plum's side under a sheen, 255 past it over a face of 186; the covered card across a
    # 2 plum: 253 past it, as its own).
    across_white_lit: float = 30.0
    # ... and only when the white still runs on this share of the outline's shorter side
    # beyond that side (along ``across_white_share`` of it): a side cut across a card's face
    # leaves a symbol out only where that face runs on past it by a symbol and the card's
    # border (the guard seed's covered card across a 2 plum: 0.42 to 0.5 of its points at
    # 6 to 20 pixels, a short side of 47). A reflection's spot on the table past a top card's
    # own side merges with its white a few pixels only (lamp, scans, scene 285501 seat 3, a
    # 4 plum: 0.42 at 3 pixels, 0.25 at 12, 0.04 at 16, none at 20; a short side of 45).
    across_white_fitted_depth: float = 0.4
    # ... and a card a second look claims on the outline of its white, with a size too few
    # cards predicted, on a face lit to the sensor's top, when it is this share or less
    # (policy.py, ``_not_its_own_outline``): there a top card's side over the covered card's
    # face, both lifted to the top, shows little step either (tuning window, scans, seed
    # 1680003 seat 0: a 3 lime read right, its side over the card under it 0.057), and only
    # a side running on over a face shows none (seed 1650001 seat 2: a covered card's
    # outline over the top card's face, 0.006, read 2 strawberry for a 1 strawberry on top).
    lit_side_step_least: float = 0.02
    # ... and on a face this dim or dimmer (its brightest channel's 60th percentile, as
    # ``clipped_face`` is judged), when one side's step down from the face to what is beyond
    # it, at the offset where it is largest (not taken as large up as down, as
    # ``side_step_least`` takes it), is this share of the strongest side's or less, below
    # 0: past that side the view is brighter than the face at every offset, a face running
    # on under a reflection's light, no card's own side (a guard seed's phone_dim, clone,
    # scene 340501 seat 3, a 2 banana + 2 strawberry framed round its bananas beside a
    # lamp's reflection, read 2 banana: -0.14 on a face of 58). Top cards' own outlines so
    # claimed and read right on dim faces step down past every side, 0.027 and up (guard
    # seeds 79500 and 80500, dim styles, and tuning seed 1670000: night, clone, scene 331500
    # seat 1, a side over a white covered card on a face of 69; the margin below 0 is for
    # such a side's noise), but for an outline of white a little off the card's edges
    # (guard seed 81500's night, scans, scene 306500 seat 1, a 1 banana: -0.16 on a face of
    # 51), which the look on its edges then finds whole and reads (``_on_its_edges_steps``;
    # the wrong card's outline is found on no edges). Brighter faces are left alone: a
    # Deluxe five's silver face is darker than the white card under it (guard seed 79500's
    # glare, scenes 300500 seat 4 and 300501 seat 1, read right: -0.17 and -0.06 on faces of
    # 135 and 170), a covered card's white past a top card's side in a shadow is brighter
    # than its shaded face (80500's shadow, clone, 327502 seat 0: -0.09 on a face of 161),
    # and a face lit to the top is judged as above.
    dim_face: float = 100.0
    dim_side_step_most: float = -0.05

    # -- a middle symbol lost under a reflection that clips the middle place (card.py,
    # ``_print_under_a_reflection_at_the_middle``) ------------------------------------------
    # Where the lifted face over the middle place (within a symbol's radius) is at the
    # sensor's top (``hidden_washed``) the check runs whatever ``lifted_middle_light`` says
    # (the clip hides how far the reflection lifts it), and print is where the darkest
    # channel lies this many levels below the lifted face (a reflection that clips the face
    # lifts the print under it nearly as far). Tuning glare, own art, scans and Deluxe, seed
    # 930204 seat 5: a 3 strawberry whose middle one a reflection over the whole card washed
    # to a faint crescent read as a 2 (light 29.97; the crescent 36 pixels at a dip of 20, 88
    # at 12; the piece needed, ``lifted_print_least``: 53).
    lifted_print_dip_at_top: int = 12

    # -- a frame where no look reads a card under a steep tilt (outlines.py,
    # ``sheared_outlines``; policy.py, ``_steep_cards``) ---------------------------------------
    # A camera at the table's side (tilt_hard) shears every card, and where each top card's
    # white runs into the cards under it no quad of white frames one: no card is read, so no
    # second look learns the tilt. Parallelograms hung on a corner of the white are tried,
    # its two sides meeting at an angle whose cosine is this at most (a card's square corner
    # sheared by the tilt; 0.6: 53 to 127 degrees) ...
    sheared_corner_cos: float = 0.6
    # ... the best supported this many a zone read strictly (only to tell the second looks
    # the tilt: never claimed themselves).
    sheared_most: int = 3

    # -- a reflection's falloff on a tinted face (card.py, ``_where_print_vanishes``) --------
    # Where the face away from the reflection is lit this bright or more in its brightest
    # channel (20th percentile), the spot is measured on the darkest channel too, the larger
    # taken: a warm lamp's tint leaves the brightest channel too little room for the spot's
    # falloff. (Tuning lamp 930204 seat 5, own art: 205, the 3 strawberry read as 2; cloth
    # Deluxe 248000 seat 2: 186, a 5 lime read as 4; a phone's dim face lit to 103 under a
    # reflection beside a clone card's banana, read right, keeps its brightest channel's
    # measure.)
    falloff_on_darkest_from: float = 160.0

    # -- a middle symbol's crescent cut into pieces on a face lit to the top (card.py,
    # ``_pale_print_on_clipped_face``) ---------------------------------------------------------
    # The pale pieces on the card's centre (``layout_slack``) of this share of the smallest
    # symbol or more each count together against ``pale_piece_middle``: a reflection that
    # clips the face all over cuts the middle symbol's pale crescent in pieces. (Tuning
    # glare, own art, seed 227007 seat 3 on a fresh guard's seeds, 25000: a 3 banana read as
    # a 2, its middle banana two pale pieces of 0.13 and 0.045 of a symbol.)
    pale_rim_piece_least: float = 0.03

    # -- a read area's light evened out (light.py, ``evened_read_area``; policy.py,
    # ``_evened_look``) -------------------------------------------------------------------------
    # A zone whose looks found no card white, or white but no whole card, is looked at once
    # more with its read area's light evened out, when the table's level fitted over it
    # changes by this factor or more across it (a window's light from one side and its wash).
    evened_area_ratio: float = 1.2

    # -- card white beside a reflection (light.py, ``_white_mask``) --------------------------
    # Card white stands out from its neighbourhood (split from the shadowed edges of the
    # cards under it), but in a view with a reflection the neighbourhood's level is taken at
    # most this many times the white reference's brightest channel: a reflection's bright
    # falloff is no neighbour, and a face beside it fell short of it, a ring of face lost
    # around the reflection, and with a reflection at a card's side the side itself (tuning
    # phone seeds 930000 to 930029: own seed 930006 seat 0, a 3 plum, and clone seed 930009
    # seat 2, read "no whole card", now read right).
    glare_local_cap: float = 1.1
    # The cap holds only this many of a reflection's radii (the radius of a disc of its area)
    # from it, beyond the neighbourhood's own reach: a reflection's falloff spreads about in
    # proportion to its size, and a view far from any reflection is judged as one with none.
    # Capped across the whole view, a crowded tuning table (seed 370017, a dark cloth) read
    # its 1 banana whose tip another pile's card cuts with another card over it instead of a
    # side through its corner. The cards the cap is for are read right from 1.5 radii; the
    # crowded table keeps its doubt up to 10 and more.
    glare_local_reach: float = 6.0
    # A patch at the glare level of fewer pixels than this is no reflection and has no reach:
    # a compression leaves specks of up to some 8 pixels on a face (tuning jpeg, clone seed
    # 247106: taken for reflections, the cap around them took from a bent banana's reads the
    # doubt that its spine is shorter than its symbols), where the reflections the cap is
    # for hold 90 pixels and more.
    glare_reach_least_px: int = 20
    # Where no patch at the glare level is a reflection's size, specks at it that lie in a
    # patch above the cap of at least this many pixels are a reflection's core that only
    # just reaches the glare level, as large as that patch: tuning phone deluxe seed 243004
    # seat 3, a 3 banana whose reflection reached it with one pixel in one of its looks,
    # lost its card with no reach there. (The jpeg specks lie in no such patch.)
    glare_lit_least_px: int = 500

    # -- a small card's own light beside a reflection (light.py, ``_face_beside_a_reflection``)
    # Where the card's own light (the face with its print's holes closed) stands more than
    # this many times above the card's white, its face is taken at its own light instead,
    # never below the white: on a small card the closing fills the face between a reflection
    # and the card's border with the reflection's light, and the face there, divided by it,
    # read as a dark shape (tuning night own seeds 930008 seat 1, a 1 lime, and 930020 seat
    # 3, a 4 banana, a reflection near a side).
    closed_over_white: float = 1.1

    # -- a look in the table's plane where the view shows no squeeze (policy.py,
    # ``_plane_worth_a_look``, ``_plane_card_stands``) ---------------------------------------
    # A look in the table's plane is made for a zone whose second look found no whole card
    # where the cards read show a squeeze (``straightener_at``), and also, when this is set,
    # where they show none but are too few to fit the change of size over the image
    # (``_size_unsure``): a tilted camera out of focus soft-edges a near card's white into
    # the cards under it, and two far cards read there misjudge its size (tuning tilt_blur
    # Deluxe seed 933010 seats 1 and 2, a 3 lime and a 5 lime: "no whole card"; read right in
    # the plane).
    plane_when_size_unsure: bool = True
    # ... and with three cards or more around the table, a rectified look that finds no card
    # looks again with the plane's scale changed by each of these (as
    # ``few_cards_plane_scales``): their corners, soft in an out-of-focus view, misjudge a
    # far card's size by a tenth to a fifth (tuning tilt_blur own seed 933012 seat 1, a 1
    # banana read at 0.8; scans seed 933008 seat 0, a 4 lime read at 1.1).
    fitted_plane_scales: tuple[float, ...] = (1.1, 0.9, 1.25, 0.8)
    # ... and a card that look reads where no squeeze is seen is not claimed when its weakest
    # side's step is this share of its strongest side's or less (``side_over_a_face``, as
    # ``side_step_least``, which it exceeds): the plane's card size, fixed loosely by one or
    # two cards, may be a fifth off, and the search then frames part of a card, a side across
    # its face, whose step on a dim view's noise stays just above ``side_step_least``
    # (tuning night own seed 230002 seat 1 on a fresh guard's seeds, 22000: a 3 banana read
    # as 2 banana, the outline's side between its second and third banana, 0.061; the cards
    # that look read right on tuning tilt_blur seeds 933000 to 933014, all four decks: 0.26
    # and up; on guard seeds 22000 and 31000, 0.133 and up but for a white card on a white
    # card under noise, 0.072, now refused; outlines found on edges and read right, as for
    # ``side_step_least``: 0.12 and up).
    plane_side_step_least: float = 0.12
    # ... and a card a search reads in low light's noise on a size guessed loosely (placed
    # over several sizes, the smallest first: the zone's own guess, each side free by 0.3,
    # or one card's size elsewhere, by 0.25)
    # is not claimed when its weakest side's step is this share of its strongest side's or
    # less (``outlines._part_framed_at_a_loose_size``): the smallest size fits three sides
    # of a larger card and lays the fourth across its face, where the noise keeps that
    # side's step just above ``side_step_least`` (night Deluxe seed 2480002 seat 0: a silver
    # 5 banana framed over its lower two bananas, that side 0.076, read 4 banana). Cards
    # such searches read right on tuning seeds 2260000 (every style, all four decks): 0.123
    # and up (night Deluxe seed 2492002: seat 3, a 4 banana, 0.123; seat 0, a 5 banana,
    # 0.151); about the middle between.
    loose_size_side_step_least: float = 0.1

    # -- a count only one printed layout fits, a symbol under a reflection (card.py,
    # ``_glare_over_a_printed_place``) ------------------------------------------------------
    # On the classic deck, with every symbol seen a single one, a reflection that could hide
    # a symbol at a place a larger count prints leaves the card to a person, unless the deck's
    # layouts fit one count only: each other count's ruled out by a symbol seen off its
    # places, or by one of its places seen clear (no symbol could lie there unseen). That
    # count is read, with the symbols it prints under the reflection counted unseen: at most
    # this many (a 4 with one corner under a reflection, three seen; a 5 with one corner
    # under it, three corners and the middle seen) ...
    fit_hidden_most: int = 1
    # ... and only with this many symbols seen at least: a lone symbol off its place is what
    # an outline over part of a card shows, and fits a corner of any layout (tuning dark, own
    # art, seed 1138013 seat 3: a 1 banana's outline half over the dark table, its banana in
    # the outline's corner, the noise there "could hide" the rest; read as 2 banana).
    fit_seen_least: int = 2
    # ... and not from a pair taken as a 3's corners, its middle unseen, one of which, beside
    # a clipped reflection, measures less than this share of the other: the reflection
    # washed part of it, and its centre, measured on the rest, lies off its place (card.py,
    # ``_one_of_a_pair_washed_in_part``). Tuning lamp, scans, seed 2287002 seat 3: a 2
    # banana's top banana at 0.78, read as a 3's corner. On tuning seeds 2078000, 2080000
    # and 2082000 (styles glare, lamp, sheen, window, phone, phone_dim) it is the only such
    # pair; a corner and the middle of a 3 seen, a corner unseen (not judged so), measured
    # 0.73 to 0.95 (own phone 2298001 seat 1, a 3 strawberry read at 0.73). Tuning tilt_hard,
    # scans, seed 358501 seat 3: a 2 banana's top banana at 0.851 on a searched outline
    # (0.77 on a sheared one), read as a 3's corner, hence 0.9, not 0.85.
    pair_washed_in_part: float = 0.9
    # A coloured piece beside a reflection, its rest washed away, is the rest of a layout's
    # last symbol when its centre lies within this (card widths plus heights) of that
    # symbol's place, the symbols seen at every other place of it (card.py,
    # ``_piece_at_a_layouts_last_place``). A piece's centre lies off its symbol's, toward the
    # part the reflection left (up to 0.13 on the tuning cases). On a full 5, a piece this
    # near a symbol seen is that symbol's other part (``_pieces_of_a_filled_fullest_layout``;
    # Deluxe, lamp, 1206005 seat 4: 0.26 from half a banana the reflection cut).
    washed_piece_reach: float = 0.3
    # ... and its hue within this many degrees of the kind's the symbols seen show (Lab a/b
    # hue): a washed banana on a silver face turns toward lime, 10 to 16 degrees on the
    # tuning cases (glare and sheen, Deluxe), while the deck's kinds stand 23 degrees
    # (banana and lime) or more apart.
    washed_piece_hue: float = 20.0
    # A washed piece on the outline's edge, its centre this share of the card's side from that
    # edge or nearer, is not counted as the rest of a layout's last symbol
    # (``card._washed_piece_past_the_print``): the classic deck prints its corner symbols 0.2
    # of the card's length in from its ends and 0.28 of its width in from its sides, and the
    # largest symbol's rim reaches some 0.12 of the length (0.19 of the width) from its centre,
    # so a printed symbol's part lies further in (a little slack left for an outline a pixel
    # or two loose); print beyond the top card's side that a loose outline took in lies there
    # (style dark, Deluxe, seed 2494001 seat 5: the banana of the card beneath, 0.05 from the
    # lower side of a 2 banana's outline, specks of low light's noise lit to the sensor's top
    # beside it taken for a reflection, counted as a 3's last corner).
    washed_piece_edge_reach: float = 0.08

    # -- a card read again under a veil of reflected light (card.py, ``_read_under_a_veil``) -
    # A broad reflection over a card adds one light to its print and to the print's dark rim
    # alike, in linear light; the rim's darkest pixels measure it. Each piece of print of
    # this share of the card or more is measured (a symbol, not a speck) ...
    veil_print_least: float = 0.01
    # The rim: within this many pixels of the symbol's print (of the upright card) ...
    veil_rim_px: int = 2
    # ... its darkest share, in the brightest channel: the black outline, not the print ...
    veil_rim_share: float = 0.05
    # ... less the black ink's own light, this share of the face's (printed black reflects a
    # little) ...
    veil_ink_black: float = 0.02
    # ... the face beside it measured on at least this many pixels around the rim ...
    veil_face_least: int = 12
    # ... and no veil taken off unless it is this share of the face's light at least: a rim
    # is lifted a little with no veil at all (the ink's grey, blur mixing it with the face:
    # some 0.04 on sharp tuning cards), which is no reflection to take off ...
    veil_least: float = 0.1
    # ... nor where the rim's darkest pixels reach this linear light (clipped: no measure).
    veil_unclipped: float = 0.97
    # No veil is taken off a card whose print is clipped in its brightest channel over this
    # share of it or more: a reflection that clips the print has lost its levels, which no
    # veil taken off restores (scans, tuning glare seed 215005 seat 0 and window seed 700018
    # seat 5: a strawberry clipped in red over 0.77 and 0.59 of its print, its rim read
    # banana's hue; on tuning sheen seeds 943000 the cards read under a veil show 0.48 at
    # most).
    veil_clipped_print_most: float = 0.5
    # A grey shape lit above the face's median by this factor (grey: Lab chroma below
    # ``lit_shape_grey``, 8-bit units) ...
    lit_shape_grey: float = 12.0
    lit_shape_above_face: float = 1.3
    # ... over the card's middle place, reaching its edge, and this share of the card or
    # more, is no veil but something over the card a flash lit (card.py,
    # ``_lit_shape_over_the_middle``; tuning style night, own art, seed 277001 seat 1: a
    # flash-lit hand over a 3 strawberry's middle and lower right, lit 1.4 to 2 times the
    # face's median, read 2 strawberry under a veil).
    lit_shape_least: float = 0.1
    # A symbol read with the veil taken off is the one read before within this many card
    # widths (its centre moves a little as its paled rim reads as print again).
    veil_same_blob: float = 0.08
    # A symbol whose print the sensor clipped in its brightest channel over this share of it
    # is named under the veil only where its paled hue leans clearly to its kind (a clipped
    # channel turns the hue towards the channels left below the top, and no veil taken off
    # restores its level) ...
    veil_clipped_symbol_least: float = 0.1
    # ... by this many degrees at least: its hue (Lab a/b) lies nearer its kind's than any
    # other kind's by so much. Scans, tuning cloth seed 252003 seat 3: a strawberry clipped
    # in red over 0.35 of its print paled to hue 64, 1 degree nearer banana (93) than
    # strawberry (33), and was read as 1 banana with the veil off. On tuning seeds 949000
    # (sheen, cloth, glare, window, lamp; 15 scenes a style and deck) the clipped symbols read
    # right under a veil lean 8.8 degrees or more (a lime clipped over 0.75) and 60 (clipped
    # strawberries); clipped bananas leaning 1 to 6 degrees from lime stay refused, as they
    # were before the veil. (Banana and lime lie 23 degrees apart: a clipped paled lime or
    # banana must lie within 7.5 degrees of its own kind's hue. Unclipped symbols are not
    # held to it: a warm or cool veil turns a pale print's hue a little, a paled strawberry's
    # towards plum by 15 degrees on own sheen seed 1143025 seat 5, and their levels are all
    # there to read.)
    veil_hue_margin: float = 8.0

    # -- print cut by a side a reflection excused (card.py, ``_print_cut_by_an_excused_side``)
    # On an outline with a side excused under a reflection, a run of a kind's colour in the
    # border band along a side, this share of the card or more, is a symbol the side cuts.
    # Tuning style window, clone, seed 1218003 seat 4: a banana's tip of 0.0024 (14 pixels)
    # cut by the excused side of a searched outline over two cards' halves, read 1 lime + 3
    # plum for 1 banana + 3 plum. A card read right (window, clone, seed 995000 seat 4)
    # showed a plum-coloured run of 0.0012 along a side.
    cut_print_least: float = 0.002
    # ... unless the run lies along more than this share of the side: a strip of table
    # along the side, the outline a pixel wide there (a cut symbol's chord is shorter).
    cut_print_longest: float = 0.3
    # ... and only when the symbol's dark rim lies just inside the band along this share of
    # the run or more: colour blurred in from a symbol beyond a card's true side shows no
    # rim inside it. Tuning style window, deluxe, seed 995004 seat 0, a 5 banana read right:
    # a plum of the card under it, beyond the side, tinted a run of 0.0044 along it, with no
    # rim inside; the banana's tip above had its rim along 0.6 of its run.
    cut_print_rim: float = 0.4

    # -- a whole outline's corner under another card (zone.py, ``_corner_under_another_card``)
    # Points this share of the way in from a whole outline's corner towards its centre, all
    # on card white of another blob than the outline's own, say another card lies over that
    # corner: its edge split the two whites, and the outline's fitted corner lies beyond
    # what is seen of its own. A top card's corner is its own white there (or, blurred,
    # the table). Tuning style offzone, own art, seed 1201000 seat 2: the 1 lime on top,
    # off its place, over the corner of a 5 banana whose white was read as a whole card;
    # the points at 0.04 and 0.08 lay on the lime's white, at 0.12 on the banana's rim.
    corner_cover_insets: tuple[float, ...] = (0.04, 0.08)
    # ... and only when that blob shows this share of the outline's area or more beyond it:
    # a card over the corner shows much of its white, where the white of a card under a top
    # card shows as a strip between the top card's edge and the table, and a fitted corner
    # a pixel or two beyond the top card's own reaches it. Tuning style offzone, seed
    # 1201000 seat 2: the lime over the banana's corner, 1.24 of the outline (own art) and
    # 0.54 (deluxe, its white cut by five limes). True top cards doubted for a strip of
    # white under them: clone edge 318001 seat 2, 0.12; own tilt_blur 300001 seat 1, 0.19
    # to 0.20; deluxe rotated 291001 seat 0, 0.04; scans tilt_hard 289000 seat 2, 0.01.
    # (A cover it lets by: scans, strays 253016 seat 5, the top card under an arm that
    # leaves 0.08 of its white; the covered card is doubted off the pile.)
    corner_cover_white: float = 0.3

    # -- a whole outline's side under another card (zone.py, ``_side_under_another_card``)
    # The places along each side, as shares of it from its first corner, judged as a corner
    # is (``corner_cover_insets``, ``corner_cover_white``). Tuning style offzone, clone, seed
    # 1699013 seat 0: the top card's corner over the fanned card's side from 0.40 to 0.50
    # of it. Near a corner the points inward run on a slant, off the side: a top card's
    # fitted corner a little past its white reaches the covered card beside it there
    # (offzone, clone, seed 1725003 seat 2: a 2 banana + 1 strawberry on top, 0.85 and 0.9
    # along its side on the card under it). The corners are left to ``corner_cover_insets``.
    side_cover_places: tuple[float, ...] = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
    # ... and, nearer the side, these shares of the way in (zone.py,
    # ``_corner_just_over_a_side``): a covering card's corner a few pixels over the side, its
    # shaded rim where ``corner_cover_insets`` look, its white at these (offzone, clone, seed
    # 2150875 seat 2: at 0.02 and 0.04 on the top card's white 0.40 and 0.45 along the side,
    # the rim at 0.08), counted only between two places of the same side whose points lie on
    # the outline's own white: a notch, not a card under it meeting the side towards one end
    # (tilt, scan, seed 326502 seat 1: own white at 0.20 alone, the card under it at 0.75).
    # A corner drawn soft shows its white at the first alone, its rim at ``corner_cover_insets``
    # (offzone, scans, seed 2150875 seat 2; zone.py, ``_white_at_the_side_its_rim_within``).
    side_shallow_insets: tuple[float, ...] = (0.02, 0.04)
    # ... at these places along each side, closer together: a corner so shallow is covered
    # by its white along a twentieth of the side or so (the same table with the classic
    # deck's own art and with the Deluxe art: at 0.45 alone).
    side_shallow_places: tuple[float, ...] = tuple(round(0.2 + 0.05 * i, 2) for i in range(13))
    # Along a side, a point on no white between the outline's white and another card's
    # counts as that card's when its grey is nearer that card's white (median grey) than the
    # outline's own by this many levels or more: the line between two whites is a card's
    # shaded rim, and it is the card's whose grey it has. Deluxe, offzone, seed 1716003 seat
    # 3: a silver 5 lime (white 193) over the side of a 3 lime (251), its edge nearly along
    # it, the point at 0.04 on the silver white and at 0.08 on the line, grey 184 (58 nearer
    # the silver); read 3 lime. Deluxe rotated 302500 seat 0: the silver 5 banana on top
    # (166) fitted a pixel past its side onto a white card under it (217), the line 179 and
    # 187 (its own rim, 17 and 9 farther from that card): read right. Two whites alike (two
    # white cards) differ by less than it, and leave the line to neither. (Not at a corner:
    # a card's rounded corner lies inside its fitted one; lines passed over there lost two
    # cards read right on tuning seed 1550000, deluxe cloth 1772000 seat 4, own tilt 1756000
    # seat 0.)
    dark_line_nearer: float = 20.0
    # A second look that claims the card a first look found with a side under another
    # card keeps the first look's doubt when its outline's centre lies within this
    # share of the first outline's short side of the first's: the same card outlined again
    # (policy.py, ``_covered_card_claimed_again``). Offzone, scans, seed 310001 seat 3: the
    # second look's outline 0.01 of a side from the first's, the top card over it 1.3 off.
    same_card_apart: float = 0.25
    # ... and a second look that claims the card a first look doubted for another card's
    # edge across it keeps that doubt as ANOTHER_CARD_OVER_IT (policy.py,
    # ``_edge_across_claimed_again``) only when its outline is the first's again, the smaller
    # of the two at least this share of the larger's area. Offzone, own art, seed 2214228
    # seat 1: the covered card outlined again 0.96 of the first's area, corners 1-2 px off.
    # A first outline that ran past the top card over the card under it is not the card
    # claimed (tuning rotated, own art, seed 785007 seat 2: 0.68, corners 6-20 px off, the 4
    # strawberry read right on its own edges).
    same_outline_area: float = 0.9

    # A second look that claims a card this far or further from the card a first look read
    # and doubted for another whole card beside it keeps that doubt, when the first look's
    # card lay this many card widths or more off the zone's middle (policy.py,
    # ``_other_of_two_cards_claimed``). Offzone: own art, seed 2354002 seat 2, the 2 lime
    # on top read first lay 0.92 off, the 5 banana under its corner claimed 1.66 sides from
    # it; clone, seed 2256000 seat 1, the covered card read first lay 0.48 off, over the
    # middle, and the top card claimed beside it is right. 0.7: between the two.
    two_cards_first_over_the_middle: float = 0.7

    # -- pale print at a symbol's partner's place (card.py, ``_pale_print_at_a_partner_s_place``)
    # On a face lit to the top, pale pieces inside the print (``apart_piece_inset``) within
    # ``partner_slack`` of a symbol's mirror image across the centre, and farther than that
    # from every symbol read, this share of the smallest symbol or more in all, are that
    # symbol's partner, washed out by a reflection (pieces of ``pale_piece`` are doubted
    # wherever they lie). Tuning style lamp, clone, seed 1229002 seat 4: a 3 banana + 1
    # lime, its fourth-corner banana washed to pale pieces of 0.29 to 0.36 of a banana (by
    # the outline read), read 2 banana + 1 lime.
    pale_partner_piece: float = 0.25
    # A symbol whose nearest other symbol lies farther than this from its mirror image
    # (``partner_slack``'s measure) is nearly alone: right readings showed up to 0.28, a
    # lone one is judged past ``partner_missing_gap`` (0.31). Between the two it is doubted
    # with pale pieces of ``nearly_lone_pale_partner_piece`` of a symbol at its partner's
    # place, less than ``pale_partner_piece`` (``_pale_partner_of_a_nearly_lone_symbol``).
    # Check seed 375502, style tilt_hard, clone, seat 5: a 3 banana + 1 plum, its top left
    # banana paled by a lamp to a piece of 0.24 of a banana, the plum across from it 0.3097
    # from a partner on an outline a few pixels wide over the card beneath: read 2 banana +
    # 1 plum.
    partner_nearly_missing_gap: float = 0.3
    # ... and the pale pieces at such a symbol's partner's place, this share of the smallest
    # symbol or more in all: a little under what that case showed (0.24 of a banana). Either
    # sign alone falls just short of its own doubt; the two together are held to.
    nearly_lone_pale_partner_piece: float = 0.2

    # -- one card's face in an outline (outlines.py, ``_one_face``) --------------------------
    # A searched or refined outline holds one card's face when its face (card white, away
    # from the sides) covers this share of the outline or more ...
    one_face_least: float = 0.45
    # ... and its largest piece holds this share of it or more: symbols are islands in a
    # face, where another card's edge or an arm across it cuts it in pieces.
    one_face_piece: float = 0.7
    # A face the card white leaves out (``_one_face_of_its_own_shade``): card white over this
    # share of the outline at most. A Deluxe silver five on a pale table is as bright as the
    # table and darker than the white cards under it, and shows none: tuning style pale,
    # deluxe, seed 1675000, seats 0 and 2 (a 5 banana and a 5 lime, the search's outline of
    # each 0.00 to 0.07 white), read "no whole card". Its face is then judged by its grey,
    # ``one_face_least`` and ``one_face_piece`` as for white (the 5 lime's grey, 0.43 to 0.46
    # of the outline once the print's rims were taken out, is measured before).
    own_shade_white_most: float = 0.15
    # A silver face white in part (``_one_grey_face_in_part_white``): card white over more
    # than this share of the outline and less than ``one_face_least``. A hand's shadow over a
    # silver five darkens part of its sheen below card white: tuning style shadow, Deluxe,
    # seeds 2292001 and 2292012, three fives framed on their sides with 0.16 to 0.38 of the
    # outline white, read "no whole card". Where ``own_shade_white_most`` ends, so that the
    # faces with less white are the other check's alone.
    part_white_least: float = 0.15
    # A silver face of its own shade whose print cuts it apart (``_grey_face_cut_by_its_print``):
    # the blurred rims of five big symbols, taken out as edges, cut the face's grey into many
    # pieces (tuning style pale, Deluxe, seeds 2208000 to 2208004: four fives framed on their
    # sides, the largest piece 0.32 to 0.47 of the grey left), read "no whole card". With the
    # rims left in, the grey in one piece over this share of it (0.999 to 1.0 there) and no
    # other card's side within the outline: a side across the face or the table beyond a
    # misplaced side leaves more grey apart.
    own_shade_grey_piece: float = 0.97

    # -- a symbol between a lime's and a banana's colour, told by its shape (card.py,
    # ``_kind_by_its_bend``) ------------------------------------------------------------------
    # A window's light or a lamp turns a lime's and a banana's print to one colour (a=-17
    # b=61 for both); on the classic deck a banana is bent and a lime an oval, and how deep
    # in the blob its centre lies (``Blob.centre_depth``, a share of its deepest point's)
    # tells them: whole bananas measured 0.34 to 0.83 and whole limes 0.86 to 1 on the own
    # art, the scans and the Deluxe, under all 22 tuning styles (seed 1482000). A lime's
    # centre lies this deep or deeper ...
    oval_centre_depth: float = 0.88
    # ... and a banana's this shallow or shallower, with the blob filling this share of its
    # hull at most (whole bananas 0.5 to 0.88, whole limes 0.82 to 0.99). A lime that a
    # reflection washed in part leaves a crescent of about half a lime, a banana's size, its
    # centre 0.66 to 0.74 deep: so a banana is read so only far from any reflection, or on
    # a face clipped all over, where no reflection can be placed and the depth alone parts
    # them (there, tuning seeds 79500 and 1640000, 22 styles: whole limes 0.98 to 1 deep on
    # three seats, whole bananas 0.50 to 0.77 on nine).
    bent_centre_depth: float = 0.6
    bent_solidity_most: float = 0.85
    # ... but on a face clipped all over, not when its centre lies shallower than this, off
    # the blob (``_washed_lime_s_crescent``): a lamp's spot across a lime's middle washes it
    # to white there and leaves a crescent around an empty middle, 0.0 deep (tuning style
    # lamp, own art, seed 2230201 seat 3), where whole bananas measured 0.34 deep or more
    # (above) and those read by their bend on clipped faces 0.37 to 0.6 (tuning seeds
    # 2233000 to 2233999, own art and scans, style window).
    crescent_centre_depth: float = 0.15
    # A card's symbols between those two colours, none whole alone, are told by their shapes
    # together (``_kind_by_the_card_s_shapes``) when there are this many: one symbol alone
    # may be a piece of a lime a reflection washed in part, of a banana's size. (True
    # outlines, guard seeds 81500 and 82500, cards of two symbols or more: of 385 banana
    # cards none has all its symbols ovals, the least deep symbol of each at 0.83 at most; of
    # 261 lime cards one has them all bent, two pairs of limes that touch, below.)
    shapes_together_least: int = 2
    # ... each with its centre at least this deep in it, read together as bananas: two limes
    # that touch make one bent blob whose centre lies off it, in the gap between them (0.0 on
    # tuning style night, scans, seed 306501 seat 2), where all but one of 1,476 bananas'
    # lie 0.23 deep or deeper (on 385 cards of two symbols or more, read from their true
    # outlines, guard seeds 81500 and 82500; the one, under a lamp, 0.0).
    bent_centre_depth_least: float = 0.15

    # -- a symbol between two colours in the ink of the card's other symbols (card.py,
    # ``_kind_of_its_ink``) ------------------------------------------------------------------
    # Read as their kind when the symbols read on the card so far, all of that kind, count
    # this many ...
    ink_siblings_least: int = 2
    # ... and its colour lies within this (a/b) of the median of theirs. Symbols of one card,
    # one ink, lie 1.4 from the median of their siblings' (median; 4.1 at the 90th
    # percentile); those between two kinds 2.4 to 7.1 from it (six), the next 8.9; the median
    # colours of two cards of different kinds in one scene, a banana or a lime one of them,
    # lie 10.7 apart or more (true outlines, Deluxe, own art and scans, 22 styles, guard
    # seeds 81500 and 82500: 2,816 symbols, 1,722 pairs of cards).
    ink_sibling_reach: float = 8.0

    # -- another card's side across an outline fitted by size (zone.py,
    # ``_fitted_across_another_card``) ---------------------------------------------------
    # A side across a fitted outline that stands for another card over it runs steep to the
    # outline's side it crosses and deep into it. Measured on the sides ``sides_across`` finds
    # across fitted outlines (tuning and check scenes): the top card's side across the outline of
    # check seed cloth, clone, 355500 seat 0 crosses at 84 degrees, 0.37 of the outline's short
    # side deep. A card's own side where the outline is fitted a little inside it runs nearly
    # along the outline's side (own phone_dim 306002 seat 0, a 3 strawberry read right: 4 and 30
    # degrees, 0.06 deep), a neighbour's side just inside a side crosses the next side steeply
    # but shallow (clone night 326501 seat 0, a 1 banana + 1 lime read right: 88 degrees, 0.02
    # deep), and the deepest steep ones across outlines doubted otherwise reach 0.20 (clone night
    # 316002 seat 0) and 0.15 (clone phone_dim 2273003 seat 2).
    across_steep_deg: float = 60.0
    across_deep: float = 0.3  # of the outline's short side

    # -- a whole card against a side of a card a second look claims (policy.py,
    # ``_whole_card_against_a_side_steps``) -----------------------------------------------
    # The outlines looked for one card across each side are the claimed card's size within
    # this share, as the Hawaiki reader looks for a card beside a pile's (offzone, Deluxe,
    # seed 2384001 seat 2: the silver 5 lime on top, against the 2 lime claimed, is found).
    against_size_tol: float = 0.1

    # -- a first look's outline of white cut short under another card (outlines.py,
    # ``cut_short_under_another_card_steps``) ---------------------------------------------
    # An outline of white narrower than a card by this share of a card's proportions (short
    # side over long) is looked at on edges for the whole card it is part of ... (offzone,
    # scans, seed 2225028 seat 3: the 2 lime under the 4 lime's side, 0.91; the outlines
    # first looks claimed on tuning seeds 2235000 to 2235999 lie from 0.79 to 1.20, so this
    # alone tells nothing: it spares the search on edges most cards)
    cut_short_aspect: float = 0.95
    # ... when one of its short sides is this share of the other or shorter: the corner cut
    # off shortens the side it is on (the 2 lime: 34 and 42 pixels, 0.81; the outlines first
    # looks claimed on those tuning seeds, 0.93 or more, among them cards read right that
    # the search on edges finds with another card's side across them).
    cut_short_end: float = 0.88
    # An outline on edges counts as the card the white is part of when it holds this share
    # of the white's outline or more (the 2 lime's found on edges: 0.997 and 1.0).
    cut_short_within: float = 0.8

    # -- another card's side along an outline, into it at a corner (zone.py,
    # ``_side_along_into_a_corner``) ---------------------------------------------------------
    # A whole outline read on a first look stands for a covered card when a straight edge this
    # share of the working card's short side long or longer (a card's long side is some 1.5 of
    # it; print has no straight edge so long) runs from past one end of a side along it into
    # the outline, ``crossing_inset`` deep or more near a corner (``across_corner_near``), with
    # a face of the card's colour beyond it (``beyond_card_ab``): the covering card's side,
    # turned a few degrees from the covered card's, whose white the outline fitted past its
    # side takes in as a thin wedge. ``outlines.covered_why`` moves the outline onto that side
    # first and so does not see it (offzone, own art and Deluxe, seed 2481501 seat 3: a
    # 1 strawberry under the 1 banana on top, the banana's side 4.5 degrees off the outline's,
    # 1.54 long, 0.07 deep, read 1 strawberry).
    along_side_length: float = 1.2

    # -- a second look's fitted outline over a face the first read doubted (zone.py,
    # ``_fitted_over_the_face_doubted``) ----------------------------------------------------------
    # An outline fitted at the size other cards show frames the same face as the clean outline
    # whose read doubted a symbol's colour between kinds when the two share this share of the
    # larger one or more: the fit reads the same print a pixel or two off, and the doubt stands
    # (scans, cloth, seed 2476001 seat 2: a 1 lime, 0.95, the fit read 1 banana by its bend).
    fit_same_face_shared: float = 0.9
    # ... and keeps a glare doubt where the fit reads a classic wide pair (a 3's corners apart)
    # whose middle place the face clips in every channel over this share of a symbol's disc
    # (zone.py, ``_fitted_over_a_washed_middle``): the clean read's glare doubt says a spot lies
    # there, as a lift of both corners does for ``lifted_pair_clipped_fill``. (Deluxe lamp, seed
    # 2496001 seat 3: a 3 banana, its middle washed under a clipped spot, the clean outline
    # doubted at 0.90 of the place hidden, the fit, 0.94 shared, clipped 0.84 at the pair's
    # middle, its corners lifted 26 and 106 only, read 2 banana.)
    fit_wide_pair_clipped_middle: float = 0.8


TUNING = Tuning()

"""The card reader: what lies on top of a pile, from one frame.

A frame flows one way through it (each step a module of this package):

1. ``light``: card white, judged from the card faces (a glare spot is not white's reference),
   and each card's colours normalised against its own white;
2. ``outlines``: the top card's outline: the clean white quad, or, when the top card's white
   runs into the cards under it, a card-sized quad found on full-length edges;
3. ``symbols``: the card warped upright, its symbols found, each classified by colour (and,
   for taught decks, by shape), and counted;
4. ``doubts``: every reason not to rule on what was read, a named value (``Doubt``), each
   checked by one small function in a fixed order;
5. ``zone``: one zone read at the working card scale (any camera, any zone size);
6. ``policy``: ``ZoneReader``, the one policy the tracker, ``halli-pi read`` and the benchmark
   run: first looks, second looks with the card size other cards show, consistent sizes;
7. ``search``: ``find_cards``, the cards anywhere in a whole frame, without a layout.

Anything doubtful reads ``unknown`` (or ``occluded`` when something lies over the pile) rather
than a guess: a referee must not rule on a wrong reading. The profiles it loads live in
models/ (models/README.md says how they are made); ``table_colours`` learns this table's.
"""

from halli_pi.vision.reader.card import CardRead, read_card_image
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.light import _white_mask
from halli_pi.vision.reader.outlines import _candidates
from halli_pi.vision.reader.policy import (
    ZoneReader,
    card_dims_at,
    consistent_sizes,
    read_zones,
)
from halli_pi.vision.reader.profile import (
    KindModel,
    Profile,
    find_model,
    load_profile,
    models_dir,
    taught_dir,
)
from halli_pi.vision.reader.reading import CARD_ASPECT, WARP_SIZE, Found, Reading, State, _warp
from halli_pi.vision.reader.search import find_cards
from halli_pi.vision.reader.symbols import (
    Blob,
    blobs,
    classify,
    colour_distance,
    shape_descriptor,
)
from halli_pi.vision.reader.tuning import TUNING, Tuning
from halli_pi.vision.reader.zone import WORK_CARD_SHORT, check_reading, read_zone

__all__ = [
    "CARD_ASPECT",
    "TUNING",
    "WARP_SIZE",
    "WORK_CARD_SHORT",
    "Blob",
    "CardRead",
    "Doubt",
    "Found",
    "KindModel",
    "Profile",
    "Reading",
    "State",
    "Tuning",
    "ZoneReader",
    "_candidates",
    "_warp",
    "_white_mask",
    "blobs",
    "card_dims_at",
    "check_reading",
    "classify",
    "colour_distance",
    "consistent_sizes",
    "find_cards",
    "find_model",
    "load_profile",
    "models_dir",
    "read_card_image",
    "read_zone",
    "read_zones",
    "shape_descriptor",
    "taught_dir",
]

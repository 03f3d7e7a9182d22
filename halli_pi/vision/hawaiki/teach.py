"""Teach the Hawaiki reader a real deck at the table: its inks, its pips' size and animals, and
the names the table gives its colours.

The person lays one card of value 3 per colour, in the order asked; the reader counts its pips
(three: the deck shows its value as pips, which is what the reader reads; a deck that does not
is refused, never half-learned), and learns where this camera sees the colour's ink, one pip's
size and the animal's shape. Then one card of each other value, of any colour: where the deck
prints each value's pips (its print layout), which lets the reader check a card's pips against
the layout as it does on the project's own deck (a pip unseen, an outline that frames part of
a card). The result is a Hawaiki reader model, saved where taught decks go, so
``load_hawaiki_profile`` finds it before the shipped one. The colours keep the contract's
kinds (``red`` ... ``purple``: the session log's card strings); the table's own names are kept
beside them (``names``) for the page and the terminal to show.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import numpy as np

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import COLOURS
from halli_pi.vision.hawaiki.model import MODEL_NAME, HawaikiProfile, Layout, kind_from_samples
from halli_pi.vision.reader import Blob, Profile, blobs
from halli_pi.vision.teach import _check_apart, card_in_view

TEACH_VALUE = 3  # the value of the card laid per colour: pips enough to learn from, few to cut
_MOVED = 4.0  # pixels a card's corners move before it counts as the next card laid


def parse_colour_names(text: str | None) -> dict[str, str]:
    """``red=coral,blue=lagoon`` as {kind: the table's name}; InputError on a bad entry."""
    names: dict[str, str] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        kind, sep, name = part.partition("=")
        kind, name = kind.strip(), name.strip()
        if not sep or kind not in COLOURS or not name:
            raise InputError(
                f"{part.strip()!r} is not COLOUR=NAME with COLOUR one of {', '.join(COLOURS)}",
                field="--colour-names",
            )
        names[kind] = name
    return names


def teach_hawaiki(
    frames: Iterable[np.ndarray],
    say: Callable[[str], None],
    name: str = MODEL_NAME,
    names: dict[str, str] | None = None,
    *,
    layout: bool = True,
) -> Profile:
    """Learn each colour from one card of value ``TEACH_VALUE`` laid under the camera, then
    (``layout``) the print layout from one card of each of ``LAYOUT_VALUES``."""
    names = names or {}
    kinds = []
    spots: Layout = {}
    shown = _Shown(iter(frames), say)
    for colour in COLOURS:
        called = f"{colour} ({names[colour]})" if colour in names else colour
        pips = shown.card(TEACH_VALUE, f"a {TEACH_VALUE} of {called}")
        kinds.append(
            kind_from_samples(
                colour, [b.ab for b in pips], [b.core for b in pips], [b.shape for b in pips]
            )
        )
        spots.setdefault(TEACH_VALUE, _centres(pips))
        say(f"  {called}: learned")
    _check_apart(kinds)
    made_by = "halli-pi teach --hawaiki: one 3 per colour"
    if not layout:
        return Profile(name, kinds, made_by, False)
    for value in LAYOUT_VALUES:
        spots[value] = _centres(shown.card(value, f"a {value} of any colour"))
        say(f"  the {value}'s pips: learned")
    made_by += " and one card of each value"
    return HawaikiProfile(name, kinds, made_by, False, dict(sorted(spots.items())))


LAYOUT_VALUES = (1, 2, 4, 5, 6, 7)  # the values laid for the print layout (the 3s give theirs)


def _centres(pips: list[Blob]) -> list[tuple[float, float]]:
    """The pips' centres as fractions of the card, as the model saves them."""
    return [(round(float(b.centre[0]), 4), round(float(b.centre[1]), 4)) for b in pips]


class _Shown:
    """The cards a person lays under the camera, one at a time."""

    def __init__(self, frames: Iterator[np.ndarray], say: Callable[[str], None]) -> None:
        self.frames = frames
        self.say = say
        self.last: np.ndarray | None = None

    def card(self, value: int, asked: str) -> list[Blob]:
        """The whole pips of the next card laid that shows ``value`` of them."""
        self.say(f"lay {asked}")
        for frame in self.frames:
            got = card_in_view(frame)
            if got is None:
                continue
            corners, card_img = got
            if self.last is not None and float(np.abs(corners - self.last).max()) < _MOVED:
                continue  # the card before still lies there
            self.last = corners
            pips = [
                b
                for b in blobs(card_img, with_shape=True) or []
                if b.chroma_frac >= 0.3 and not b.touches_edge
            ]
            if len(pips) == value:
                return pips
            self.say(f"  saw {len(pips)} whole pips, not {value}: lay {asked}")
        raise InputError(f"the camera stopped before {asked} was shown")


def save_taught(profile: Profile, names: dict[str, str], path: str | Path) -> None:
    """The model, with the table's colour names beside the kinds."""
    obj = profile.to_json()
    if names:
        obj["names"] = dict(names)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")


def colour_names(path: str | Path) -> dict[str, str]:
    """The table's names of the colours saved with a taught model ({} when none)."""
    obj = json.loads(Path(path).read_text(encoding="utf-8"))
    names = obj.get("names", {})
    return {k: str(v) for k, v in names.items() if k in COLOURS}

"""Teach the Hawaiki reader a real deck at the table: its inks, its pips' size and animals, and
the names the table gives its colours.

The person lays one card of value 3 per colour, in the order asked; the reader counts its pips
(three: the deck shows its value as pips, which is what the reader reads; a deck that does not
is refused, never half-learned), and learns where this camera sees the colour's ink, one pip's
size and the animal's shape. The result is a Hawaiki reader model, saved where taught decks go,
so ``load_hawaiki_profile`` finds it before the shipped one. The colours keep the contract's
kinds (``red`` ... ``purple``: the session log's card strings); the table's own names are kept
beside them (``names``) for the page and the terminal to show.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import COLOURS
from halli_pi.vision.hawaiki.model import MODEL_NAME, kind_from_samples
from halli_pi.vision.reader import Profile, blobs
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
) -> Profile:
    """Learn each colour from one card of value ``TEACH_VALUE`` laid under the camera."""
    names = names or {}
    kinds = []
    frames = iter(frames)
    last: np.ndarray | None = None
    for colour in COLOURS:
        called = f"{colour} ({names[colour]})" if colour in names else colour
        say(f"lay a {TEACH_VALUE} of {called}")
        for frame in frames:
            got = card_in_view(frame)
            if got is None:
                continue
            corners, card_img = got
            if last is not None and float(np.abs(corners - last).max()) < _MOVED:
                continue  # the card before still lies there
            last = corners
            pips = [
                b
                for b in blobs(card_img, with_shape=True) or []
                if b.chroma_frac >= 0.3 and not b.touches_edge
            ]
            if len(pips) != TEACH_VALUE:
                say(f"  saw {len(pips)} whole pips, not {TEACH_VALUE}: lay a {TEACH_VALUE}")
                continue
            kinds.append(
                kind_from_samples(
                    colour, [b.ab for b in pips], [b.core for b in pips], [b.shape for b in pips]
                )
            )
            say(f"  {called}: learned")
            break
        else:
            raise InputError(f"the camera stopped before a {TEACH_VALUE} of {called} was shown")
    _check_apart(kinds)
    return Profile(name, kinds, "halli-pi teach --hawaiki: one 3 per colour", False)


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

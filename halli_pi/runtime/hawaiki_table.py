"""What `halli-pi run` sets up differently for a Hawaiki table (HAWAIKI.md): the layout's pile
zones, the pile reader and the seat lights. The loop itself is
the one table session every game runs through (runtime/session.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from halli_pi.errors import HalliPiError, InputError

HAWAIKI = "hawaiki"
MIN_SEATS, MAX_SEATS = 2, 6


def check_players(players: tuple[str, ...]) -> None:
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise InputError(
            f"{len(players)} players ({', '.join(players)}); Hawaiki needs {MIN_SEATS} to "
            f"{MAX_SEATS}"
        )


def check_options(options: dict[str, Any]) -> None:
    from halli_pi.rules.hawaiki import HawaikiOptions

    try:
        HawaikiOptions.from_json(options)
    except InputError as err:
        raise InputError(err.message, field=f"game.{err.field or 'options'}") from None


def reader_model(name: str | None) -> str:
    """The pile reader's model must load now, with the config's name in the error."""
    from halli_pi.vision.hawaiki.model import MODEL_NAME, load_hawaiki_profile

    name = name or MODEL_NAME
    try:
        load_hawaiki_profile(name)
    except HalliPiError as err:
        raise InputError(f"[camera] model: {getattr(err, 'message', err)}") from None
    return name


def load_piles(path: Path) -> Any:
    """The layout's pile zones; a layout without them is an error naming the file and field."""
    from halli_pi.vision.hawaiki.layout import load_pile_layout

    return load_pile_layout(path)


def pile_reader(layout: Any, model: str, snapshot: Any) -> Any:
    from halli_pi.runtime.table_readers import PileReader
    from halli_pi.vision.hawaiki.model import load_hawaiki_profile
    from halli_pi.vision.hawaiki.piles import PileTracker

    # With a `stock` zone, an empty draw pile prompts a reshuffle (HAWAIKI.md §2, P16).
    profile = load_hawaiki_profile(model)
    tracker = PileTracker(layout.piles, layout.image_size, profile, stock=layout.stock)
    return PileReader(tracker, snapshot)


def show_on_terminal(view: Any, reader: Any) -> None:
    """The terminal view shows what the pile reader sees, as the demo's does: each pile's live
    state beside the referee's top (a hand over it, unreadable), and the questions it asks."""
    view.questions = lambda: list(reader.asks)
    view.camera = lambda: {
        pile: {"state": state} for pile, (state, _, _) in reader.readings().items()
    }

"""`teach --hawaiki`: a deck learnt from one 3 per colour, refused when it shows no pips."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import COLOURS, HCard, hawaiki_deck
from halli_pi.vision.hawaiki.reader import read_piles
from halli_pi.vision.hawaiki.render import (
    PileState,
    Placed,
    random_piles,
    render_piles,
    tuning_look,
)
from halli_pi.vision.hawaiki.teach import (
    colour_names,
    parse_colour_names,
    save_taught,
    teach_hawaiki,
)


def _shown(cards: list[HCard], seed: int = 41) -> Iterator[np.ndarray]:
    """Each card alone on the table for a few frames, as a person lays them."""
    look = tuning_look(seed)
    for i, card in enumerate(cards):
        piles = [PileState(), PileState((Placed(card, angle=5.0 * i),)), PileState()]
        frame = render_piles(piles, seed, look=look, frame=i).frame
        for _ in range(3):
            yield frame


def test_a_deck_taught_from_one_three_per_colour_reads_the_table(tmp_path: Path) -> None:
    said: list[str] = []
    wrong_first = [HCard(2, "red")]  # not a 3: asked again, not learnt from
    cards = wrong_first + [HCard(3, c) for c in COLOURS]
    profile = teach_hawaiki(_shown(cards), said.append, "taught")
    assert [k.kind for k in profile.kinds] == list(COLOURS)
    assert any("saw 2 whole pips" in s for s in said)
    right = total = 0
    for seed in range(60, 66):
        scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=tuning_look(seed))
        for label, r in zip(
            scene.labels, read_piles(scene.frame, scene.zones, profile), strict=True
        ):
            assert r.card is None or r.card == label.card
            total += label.state == "card"
            right += label.state == "card" and r.card == label.card
    assert right >= 0.8 * total
    names = parse_colour_names("red=coral, blue=lagoon")
    path = tmp_path / "taught.json"
    save_taught(profile, names, path)
    assert colour_names(path) == {"red": "coral", "blue": "lagoon"}
    assert json.loads(path.read_text())["kinds"][0]["kind"] == "red"


def test_teaching_stops_with_an_error_when_the_camera_stops_first() -> None:
    with pytest.raises(InputError, match="stopped before"):
        teach_hawaiki(_shown([HCard(3, "red")]), lambda _: None)


def test_colour_names_must_name_a_kind() -> None:
    with pytest.raises(InputError) as err:
        parse_colour_names("pink=coral")
    assert err.value.field == "--colour-names"

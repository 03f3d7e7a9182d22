"""`teach --hawaiki`: a deck learnt from one 3 per colour and one card of each other value (its
print layout), refused when it shows no pips."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from halli_pi.errors import InputError
from halli_pi.rules.hawaiki.cards import COLOURS, HCard, hawaiki_deck
from halli_pi.vision.hawaiki.art import PIP_SPOTS
from halli_pi.vision.hawaiki.model import load_hawaiki_profile
from halli_pi.vision.hawaiki.reader import layout_fit, print_layout, read_piles
from halli_pi.vision.hawaiki.render import (
    PileState,
    Placed,
    random_piles,
    render_piles,
    tuning_look,
    wide_look,
)
from halli_pi.vision.hawaiki.teach import (
    LAYOUT_VALUES,
    colour_names,
    parse_colour_names,
    save_taught,
    teach_hawaiki,
)
from halli_pi.vision.reader import WARP_SIZE


def _shown(cards: list[HCard], seed: int = 41, *, turned: bool = False) -> list[np.ndarray]:
    """Each card alone on the table for a few frames, as a person lays them (``turned``:
    upside down)."""
    look = tuning_look(seed)
    frames = []
    for i, card in enumerate(cards):
        angle = 5.0 * i + (180.0 if turned else 0.0)
        piles = [PileState(), PileState((Placed(card, angle=angle),)), PileState()]
        frame = render_piles(piles, seed, look=look, frame=i).frame
        frames += [frame] * 3
    return frames


def test_a_deck_taught_from_one_three_per_colour_reads_the_table(tmp_path: Path) -> None:
    said: list[str] = []
    wrong_first = [HCard(2, "red")]  # not a 3: asked again, not learnt from
    cards = wrong_first + [HCard(3, c) for c in COLOURS]
    profile = teach_hawaiki(_shown(cards), said.append, "taught", layout=False)
    assert [k.kind for k in profile.kinds] == list(COLOURS)
    assert print_layout(profile) is None  # taught from its colours alone
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


def test_a_deck_taught_with_one_card_of_each_value_knows_its_print_layout(tmp_path: Path) -> None:
    said: list[str] = []
    # The layout's cards in any colour, some laid upside down, one with a pip too few first.
    layout_cards = [HCard(v, COLOURS[v % len(COLOURS)]) for v in LAYOUT_VALUES]
    cards = [HCard(3, c) for c in COLOURS] + [HCard(4, "red")] + layout_cards
    frames = _shown(cards[:6]) + _shown(cards[6:], turned=True)
    profile = teach_hawaiki(frames, said.append, "taught")
    layout = print_layout(profile)
    assert layout is not None and sorted(layout) == list(range(1, 8))
    assert any("saw 4 whole pips, not 1" in s for s in said)
    for value, spots in layout.items():
        # Where the pips were seen is where the deck prints them, either way up.
        # (A pip's centre of ink lies a little off its printed spot: an animal is not round.)
        centres = np.array(spots) * (1.0, WARP_SIZE[1] / WARP_SIZE[0])
        assert layout_fit(centres, PIP_SPOTS[value])[0] < 0.06, value
    path = tmp_path / "taught.json"
    save_taught(profile, {}, path)
    assert print_layout(load_hawaiki_profile(str(path))) == layout
    # The layout's checks run for it: a wide tuning scene whose top card's outline in the
    # white cut the print of the card beneath is read (a deck without a layout is doubted).
    seed = 200_604
    scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=wide_look(seed))
    assert read_piles(scene.frame, scene.zones, profile)[2].card == HCard(3, "green")
    for seed in range(60, 66):
        scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=tuning_look(seed))
        for label, r in zip(
            scene.labels, read_piles(scene.frame, scene.zones, profile), strict=True
        ):
            assert r.card is None or r.card == label.card


def test_teaching_stops_with_an_error_when_the_camera_stops_first() -> None:
    with pytest.raises(InputError, match="stopped before"):
        teach_hawaiki(_shown([HCard(3, "red")]), lambda _: None)


def test_colour_names_must_name_a_kind() -> None:
    with pytest.raises(InputError) as err:
        parse_colour_names("pink=coral")
    assert err.value.field == "--colour-names"

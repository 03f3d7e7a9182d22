"""A wrong count in the dark: threads of the camera's noise grown onto each symbol of a 2
made each as large as two symbols that touch, and reached the places of a 4's pairs. The
places a blob of several covers are taken on its ink's body only (``_places_on_blob``)."""

from __future__ import annotations

from styled_reads import read_styled

from halli_pi.cards import parse_card
from halli_pi.vision.reader import card


def test_noise_threads_on_a_symbol_do_not_cover_a_pairs_places() -> None:
    # Scans, style dark, seed 258001, seat 0: a 2 strawberry over a lime card. On an outline
    # searched round it, each strawberry with its threads of noise measured 1.76 symbols, its
    # centre pulled near the middle of a 4's top (or bottom) pair, its threads over the far
    # place: read 4 strawberry. Those places are bare face under the threads.
    label, got = read_styled("scan", "dark", 258001, 0)
    assert label.card == parse_card("2 strawberry")
    assert got.card == parse_card("2 strawberry")


def test_symbols_that_touch_in_the_dark_still_cover_their_places(monkeypatch) -> None:
    # Scans, style dark, seed 980006, seat 0: a 4 lime whose pairs the dark merged, each
    # blob counted as two on the places of a 4's pair.
    covered: list[bool] = []
    places_on_blob = card._places_on_blob

    def spy(*args):
        covered.append(places_on_blob(*args))
        return covered[-1]

    monkeypatch.setattr(card, "_places_on_blob", spy)
    label, got = read_styled("scan", "dark", 980006, 0)
    assert label.card == parse_card("4 lime")
    assert got.card == parse_card("4 lime")
    assert any(covered)

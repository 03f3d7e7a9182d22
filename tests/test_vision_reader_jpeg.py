"""The reader under hard JPEG compression (tuning style jpeg): symbols that compression bled
together are counted only as the places they cover (card._places_on_blob)."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_card_image, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.reader.reading import _warp
from halli_pi.vision.render import default_zones


def _styled(seed: int, style: str, seat: int):
    scene = bench_scene("own", seed, 0.15, style)
    got = read_zones(scene.frame, default_zones(6), load_profile("classic"))[seat]
    return scene.labels[seat], got


def test_two_symbols_bled_together_as_large_as_three_are_not_counted_three() -> None:
    # Tuning style jpeg, own art: the top two limes of a 4 bled into one blob as large as
    # three, centred near the mean of two corners and the middle of a 5; the middle place
    # is bare face. It was read 5 lime. (The zone's second looks doubt it too, each by what
    # it sees first: the first look's doubt is not the one reported.)
    label, r = _styled(200_512, "jpeg", 3)
    assert label.card == parse_card("4 lime")
    assert r.state == State.UNKNOWN and r.card is None


def test_the_card_within_its_true_outline_says_its_blob_is_off_the_print_layout() -> None:
    # The same card warped by its true corners: the blob of 2.7 limes is named for what it is.
    scene = bench_scene("own", 200_512, 0.15, "jpeg")
    got = read_card_image(_warp(scene.frame, scene.labels[3].corners), load_profile("classic"))
    assert got.state == State.UNKNOWN and got.doubt == Doubt.OFF_THE_PRINT_LAYOUT


def test_pairs_that_touch_over_their_printed_places_are_still_counted() -> None:
    # Tuning style dark, own art: both pairs of a 4 merged in the dark, each blob lying over
    # its two places, is still a 4.
    label, r = _styled(200_000, "dark", 1)
    assert label.card == parse_card("4 lime")
    assert r.state == State.CARD and r.card == label.card

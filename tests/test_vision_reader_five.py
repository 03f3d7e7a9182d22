"""A 2 or a 4 whose middle place shows print of its symbols' colour is doubted
(card._kind_colour_at_the_middle): a 3 or a 5 whose middle symbol a soft light lifted below
the ink threshold, so that the blob search lost it, while its colour still shows."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table


def _read(deck: str, style: str, seed: int, seat: int):
    scene = bench_scene(deck, seed, 0.15, style)
    zones = style_table(style, seed)[1]
    got = read_zones(scene.frame, zones, load_profile(profile_name(deck)))[seat]
    return scene.labels[seat], got


def _card_doubts(monkeypatch, deck: str, style: str, seed: int) -> list[Doubt | None]:
    """Read a scene as the bench does and collect the doubt of every card read on the way
    (first looks, second looks, fitted and searched outlines)."""
    from halli_pi.vision.reader import card, outlines, search, zone

    doubts: list[Doubt | None] = []

    def spy(*args, **kwargs):
        got = card.read_card_image(*args, **kwargs)
        doubts.append(got.doubt)
        return got

    for module in (zone, outlines, search):
        monkeypatch.setattr(module, "read_card_image", spy)
    _read(deck, style, seed, 0)
    return doubts


def test_a_five_whose_middle_symbol_the_phone_light_washed_is_not_read_as_four(
    monkeypatch,
) -> None:
    # Tuning style phone, Deluxe deck: the middle banana of a 5 lies in the phone's soft
    # light, pale yet plainly yellow, and the blob search lost it: read 4 banana before.
    label, r = _read("deluxe", "phone", 225_501, 0)
    assert label.card == parse_card("5 banana")
    assert r.state != State.CARD and r.card is None
    assert Doubt.KIND_COLOUR_AT_THE_MIDDLE in _card_doubts(monkeypatch, "deluxe", "phone", 225_501)


def test_fours_and_twos_with_a_clean_middle_are_still_read() -> None:
    # Tuning style phone, Deluxe deck: a 4 and a 2 under the same soft light.
    for seat, card in ((1, "4 lime"), (3, "2 lime")):
        label, r = _read("deluxe", "phone", 402_502, seat)
        assert label.card == parse_card(card)
        assert r.state == State.CARD and r.card == label.card


def test_a_warm_reflection_over_a_plum_card_is_no_plum() -> None:
    # Tuning style glare, scans: a warm reflection lies over the middle of a 2 plum; its
    # colour leans the plum's way in red but not in hue, and the card is read.
    label, r = _read("scan", "glare", 411_500, 2)
    assert label.card == parse_card("2 plum")
    assert r.state == State.CARD and r.card == label.card

"""Tuning-style scenes read as the bench reads them, for the card checks' tests."""

from __future__ import annotations

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.vision.reader import load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import style_table


def read_styled(deck: str, style: str, seed: int, seat: int):
    """The label and the reading of ``seat`` on the ``deck`` scene of ``style`` and ``seed``,
    with the style's frame size and zones, the deck's profile and the policy's second looks,
    as the bench reads it."""
    scene = bench_scene(deck, seed, 0.15, style)
    zones = style_table(style, seed)[1]
    got = read_zones(scene.frame, zones, load_profile(profile_name(deck)))[seat]
    return scene.labels[seat], got


def read_clone(style: str, seed: int, seat: int):
    """``read_styled`` for the clone deck."""
    return read_styled("clone", style, seed, seat)


def card_doubts(
    monkeypatch, style: str, seed: int, deck: str = "clone", seat: int = 0
) -> list[Doubt | None]:
    """Read a scene as the bench does and collect the doubt of every card read on the way
    (first looks, second looks, fitted and searched outlines; every zone's)."""
    from halli_pi.vision.reader import card, outlines, search, zone

    doubts: list[Doubt | None] = []

    def spy(*args, **kwargs):
        got = card.read_card_image(*args, **kwargs)
        doubts.append(got.doubt)
        return got

    for module in (zone, outlines, search):
        monkeypatch.setattr(module, "read_card_image", spy)
    read_styled(deck, style, seed, seat)
    return doubts


def said_by(monkeypatch, module, name: str) -> list:
    """Spy on the check ``module.name``: it still runs, and what each call returned (a doubt,
    or None) is kept in the list returned, in order."""
    said: list = []
    check = getattr(module, name)

    def spy(*args, **kwargs):
        said.append(check(*args, **kwargs))
        return said[-1]

    monkeypatch.setattr(module, name, spy)
    return said

"""Tuning-style scenes read as the bench reads them, for the card checks' tests."""

from __future__ import annotations

import copy
import sys
from collections import OrderedDict
from functools import lru_cache

import pytest

from halli_pi.bench.vision import bench_scene, profile_name
from halli_pi.cards import parse_card
from halli_pi.vision.reader import State, load_profile, read_zones
from halli_pi.vision.reader.doubts import Doubt
from halli_pi.vision.render import Scene, style_table


def _project_names() -> dict[str, dict[str, object]]:
    """What every name of every project module loaded now stands for."""
    return {
        name: dict(vars(module))
        for name, module in list(sys.modules.items())
        if name.split(".")[0] == "halli_pi"
    }


# Taken when the tests are collected, before any test patches a check (a spy) or a tuning
# field (``monkeypatch.setattr(card, "T", ...)``).
_AS_SHIPPED = _project_names()


def _as_shipped(but: str = "") -> bool:
    """Whether every project name (but those of the modules under ``but``) still stands for
    what it stood for when the tests were collected: only then is a scene read before read
    the same now."""
    for name, names in _AS_SHIPPED.items():
        if but and (name == but or name.startswith(but + ".")):
            continue
        now = vars(sys.modules[name])
        if any(now.get(key, _AS_SHIPPED) is not value for key, value in names.items()):
            return False
    return True


# Many tests ask about several seats of one scene, and every read of a seat reads the whole
# scene: the scenes read with the shipped reader are kept (the most recent few; a test file's
# scenes are read by one worker), so each is read once. A test that patches anything reads
# afresh and its reads are not kept. A kept scene keeps the doubt of every card read on the
# way too: a test that reads a seat and then asks for the scene's doubts (``card_doubts``)
# reads the scene once, not twice.
_SCENES_KEPT = 48
_scenes: OrderedDict[tuple[str, str, int], tuple[list, list, list]] = OrderedDict()


# A test that reads a scene with the shipped reader and again with a check or a tuning field
# of the reader patched drew the scene each time (a draw is a fifth to a quarter of a read):
# the last few scenes drawn are kept, used while nothing outside the reader is patched. Their
# frames are read-only: a read that wrote into one would fail, not change a later read.
_READER = "halli_pi.vision.reader"


@lru_cache(maxsize=8)
def _drawn_scene(deck: str, style: str, seed: int) -> Scene:
    scene = bench_scene(deck, seed, 0.15, style)
    scene.frame.flags.writeable = False
    return scene


def _read_scene(deck: str, style: str, seed: int) -> tuple[list, list]:
    if _as_shipped(but=_READER):
        scene = _drawn_scene(deck, style, seed)
    else:
        scene = bench_scene(deck, seed, 0.15, style)
    zones = style_table(style, seed)[1]
    return scene.labels, read_zones(scene.frame, zones, load_profile(profile_name(deck)))


def _spy_on_card_reads(monkeypatch, doubts: list) -> None:
    """Have every card read of the reader (first looks, second looks, fitted and searched
    outlines; every zone's) still run, and append its doubt to ``doubts``."""
    from halli_pi.vision.reader import card, outlines, search, zone

    def spy(*args, **kwargs):
        got = card.read_card_image(*args, **kwargs)
        doubts.append(got.doubt)
        return got

    for module in (zone, outlines, search):
        monkeypatch.setattr(module, "read_card_image", spy)


def _kept_scene(deck: str, style: str, seed: int) -> tuple[list, list, list]:
    """The labels, the readings and the card reads' doubts of the scene, read once with the
    shipped reader (the caller checked it is) and kept."""
    key = (deck, style, seed)
    if key not in _scenes:
        doubts: list[Doubt | None] = []
        with pytest.MonkeyPatch.context() as spied:
            _spy_on_card_reads(spied, doubts)
            labels, readings = _read_scene(deck, style, seed)
        _scenes[key] = (labels, readings, doubts)
        if len(_scenes) > _SCENES_KEPT:
            _scenes.popitem(last=False)
    _scenes.move_to_end(key)
    return _scenes[key]


def read_styled(deck: str, style: str, seed: int, seat: int):
    """The label and the reading of ``seat`` on the ``deck`` scene of ``style`` and ``seed``,
    with the style's frame size and zones, the deck's profile and the policy's second looks,
    as the bench reads it."""
    if not _as_shipped():
        labels, readings = _read_scene(deck, style, seed)
        return labels[seat], readings[seat]
    labels, readings, _ = _kept_scene(deck, style, seed)
    return labels[seat], copy.deepcopy(readings[seat])


def read_styled_seats(
    deck: str, style: str, seed: int, seats: tuple[int, ...] | None = None
) -> list:
    """``read_styled`` of each of ``seats`` (label, reading; every seat if None), the scene
    read once: a test that spies on or patches the reader and asks about several seats of
    one scene reads it once."""
    if not _as_shipped():
        labels, readings = _read_scene(deck, style, seed)
    else:
        labels, readings, _ = _kept_scene(deck, style, seed)
        readings = copy.deepcopy(readings)
    return [(labels[s], readings[s]) for s in (range(len(labels)) if seats is None else seats)]


def assert_reads(deck: str, style: str, seed: int, seat: int, want: str) -> None:
    """The top card of ``seat`` (``read_styled``) is ``want``, and the reader claims it."""
    label, reading = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(want)
    assert reading.state is State.CARD
    assert reading.card == parse_card(want)


def assert_doubted(deck: str, style: str, seed: int, seat: int, want: str, doubt: Doubt) -> None:
    """The top card of ``seat`` (``read_styled``) is ``want``, and the reader leaves it unknown
    for ``doubt``."""
    label, reading = read_styled(deck, style, seed, seat)
    assert label.card == parse_card(want)
    assert reading.state is State.UNKNOWN
    assert reading.doubt is doubt


def read_clone(style: str, seed: int, seat: int):
    """``read_styled`` for the clone deck."""
    return read_styled("clone", style, seed, seat)


def card_doubts(
    monkeypatch, style: str, seed: int, deck: str = "clone", seat: int = 0
) -> list[Doubt | None]:
    """Read a scene as the bench does and collect the doubt of every card read on the way
    (first looks, second looks, fitted and searched outlines; every zone's). With the shipped
    reader they are the kept scene's; a patched reader reads the scene afresh, spied on."""
    if _as_shipped():
        return list(_kept_scene(deck, style, seed)[2])
    doubts: list[Doubt | None] = []
    _spy_on_card_reads(monkeypatch, doubts)
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


def read_recording_faces(deck: str, style: str, seed: int, modules) -> tuple[list, list, list]:
    """The scene's labels, its readings (``read_zones``) and every face read on the way: each
    module of ``modules`` has its ``read_card_image`` recorded while the scene is read."""
    scene = _drawn_scene(deck, style, seed)
    faces: list = []
    read_face = modules[0].read_card_image

    def recorded(*args, **kwargs):
        faces.append(read_face(*args, **kwargs))
        return faces[-1]

    with pytest.MonkeyPatch.context() as mp:
        for module in modules:
            mp.setattr(module, "read_card_image", recorded)
        zones = style_table(style, seed)[1]
        readings = read_zones(scene.frame, zones, load_profile(profile_name(deck)))
    return scene.labels, readings, faces


def assert_washed_middle_lime_weighed(monkeypatch, module, name: str) -> None:
    """Own art, tuning style glare, seed 1202530 seat 5: a 3 lime lit to the sensor's top,
    its middle lime washed by a reflection to a pale crescent of the lime's own hue, against
    the clipped core: the crescent is weighed as a symbol's piece (0.15 of a symbol or more
    on the centre) by the pale pieces ``module.name`` returns, and the card is never read
    2 lime."""
    from halli_pi.vision.reader import card

    said = said_by(monkeypatch, module, name)
    label, got = read_styled("own", "glare", 1_202_530, 5)
    assert label.card == parse_card("3 lime")
    assert not (got.state == State.CARD and got.card != label.card)
    unit = min(k.unit_area for k in load_profile("classic").kinds)
    centre = [
        share
        for pieces in said
        for share, (x, y) in pieces
        if abs(x - 0.5) + abs(y - 0.5) < card.T.layout_slack
    ]
    assert centre and max(centre) >= card.T.pale_piece_middle * unit


def tracker_reads(deck: str, style: str, seed: int, seat: int):
    """``seat`` of the scene read the tracker's way: its zone alone, knowing the cards the
    frame's read found in the other zones, at once (``ZoneReader.read_zone``) and in steps
    (``read_zone_steps``). Both readings."""
    from halli_pi.vision.reader.policy import ZoneReader
    from halli_pi.vision.steps import run

    scene = _drawn_scene(deck, style, seed)
    zones = style_table(style, seed)[1]
    readings = read_zones(scene.frame, zones, load_profile(profile_name(deck)))
    others = [r for i, r in enumerate(readings) if i != seat]
    reader = ZoneReader(profile_name(deck))
    at_once = reader.read_zone(scene.frame, zones[seat], others)
    return at_once, run(reader.read_zone_steps(scene.frame, zones[seat], others))


def without_reading_through_a_spot(monkeypatch) -> None:
    """The card checks as they were before a clone card with a small reflection on it could be
    read through it: without ``card._smaller_beside_a_spot_on_a_mixed_card``, and a clipped
    core on a card of mixed kinds refusing every second look
    (``card._core_off_every_place_of_a_mixed_card``). For tests that pin a guard of a part
    outline on a scene whose whole card those checks now read right."""
    from halli_pi.vision.reader import card

    leave_out_card_checks(monkeypatch, "COUNT_CHECKS", card._smaller_beside_a_spot_on_a_mixed_card)
    monkeypatch.setattr(card, "_core_off_every_place_of_a_mixed_card", lambda c, core: False)


def leave_out_card_checks(monkeypatch, checks: str, *left_out) -> None:
    """The card read with the functions ``left_out`` taken out of its ordered list of checks
    ``checks`` (a name in ``reader.card``, e.g. ``"TOGETHER_CHECKS"``): what a test runs to
    show what a check closes."""
    from halli_pi.vision.reader import card

    kept = tuple(f for f in getattr(card, checks) if f not in left_out)
    assert len(kept) == len(getattr(card, checks)) - len(left_out), "a check not in the list"
    monkeypatch.setattr(card, checks, kept)

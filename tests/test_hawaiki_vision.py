"""The Hawaiki reader: the project's deck read back, doubts by name, hands, layouts, `read`."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from halli_pi.errors import ConfigError
from halli_pi.rules.hawaiki.cards import COLOURS, HCard, hawaiki_deck
from halli_pi.vision.hawaiki.art import INKS, PIP_SPOTS, all_faces, hawaiki_face
from halli_pi.vision.hawaiki.doubts import HawaikiDoubt
from halli_pi.vision.hawaiki.layout import layout_json, load_pile_layout
from halli_pi.vision.hawaiki.model import face_at_work_scale, load_hawaiki_profile
from halli_pi.vision.hawaiki.reader import (
    _read_outline,
    layout_fit,
    print_layout,
    read_face,
    read_piles,
)
from halli_pi.vision.hawaiki.render import (
    PileState,
    Placed,
    random_piles,
    render_piles,
    rough_look,
    tuning_look,
    wide_look,
)
from halli_pi.vision.reader import State

PROFILE = load_hawaiki_profile()


def test_every_face_of_the_deck_reads_back_as_its_card() -> None:
    faces = all_faces()
    assert len(faces) == len(COLOURS) * len(PIP_SPOTS) == 35
    for card, face in faces:
        for blur in (0.0, 0.8):
            got = read_face(face_at_work_scale(face, blur), PROFILE)
            assert got.state == State.CARD and got.card == card, (card, blur, got.why)


def test_the_two_copies_of_a_card_are_printed_alike_but_not_to_the_pixel() -> None:
    a = hawaiki_face(HCard(4, "blue"), style=0)
    b = hawaiki_face(HCard(4, "blue"), style=1)
    assert a.shape == b.shape
    assert 0 < np.abs(a.astype(int) - b.astype(int)).mean() < 10


def _recolour(face: np.ndarray, ink: str, to: tuple[int, int, int], rows: slice) -> np.ndarray:
    """The pips of ``ink`` within ``rows`` painted ``to`` (a misprinted card, for doubts)."""
    out = face.copy()
    near = np.abs(out.astype(int) - np.array(INKS[ink])).sum(2) < 60
    mask = np.zeros(near.shape, bool)
    mask[rows] = True
    out[near & mask] = to
    return out


def test_pips_of_two_colours_are_a_named_doubt_not_a_card() -> None:
    face = hawaiki_face(HCard(2, "red"))
    mixed = _recolour(face, "red", INKS["green"], slice(face.shape[0] // 2, None))
    got = read_face(face_at_work_scale(mixed), PROFILE)
    assert got.card is None and got.doubt == HawaikiDoubt.PIPS_OF_TWO_COLOURS


def test_an_ink_between_two_colours_is_doubted() -> None:
    face = hawaiki_face(HCard(3, "red"))
    b, g, r = (int((a + b) / 2) for a, b in zip(INKS["red"], INKS["purple"], strict=True))
    between = (b, g, r)
    odd = _recolour(face, "red", between, slice(None))
    got = read_face(face_at_work_scale(odd), PROFILE)
    assert got.card is None and got.doubt == HawaikiDoubt.COLOUR_BETWEEN


@pytest.mark.parametrize(
    ("animal", "ink"),
    [("red", "purple"), ("purple", "red"), ("blue", "purple"), ("purple", "blue")]
    + [("yellow", "green"), ("green", "yellow"), ("red", "yellow"), ("yellow", "red")],
)
def test_an_animal_in_a_neighbouring_colour_s_ink_is_doubted(animal: str, ink: str) -> None:
    # Inks a light's tint can push towards each other: there the animal has its say.
    face = _recolour(hawaiki_face(HCard(3, animal)), animal, INKS[ink], slice(None))
    got = read_face(face_at_work_scale(face), PROFILE)
    assert got.card is None and got.doubt == HawaikiDoubt.ANIMAL_DISAGREES, got.why


def test_a_blank_face_has_no_pips_and_a_cut_pip_is_doubted() -> None:
    blank = np.full_like(hawaiki_face(HCard(1, "red")), 250)
    assert read_face(face_at_work_scale(blank), PROFILE).doubt == HawaikiDoubt.NO_PIPS
    face = hawaiki_face(HCard(6, "green"))
    # An outline that starts through the top pips (a card's part, not the whole card).
    h, w = face.shape[:2]
    cut = cv2.resize(face[int(h * 0.2) :], (w, h), interpolation=cv2.INTER_AREA)
    got = read_face(face_at_work_scale(cut), PROFILE)
    assert got.card is None and got.doubt in (
        HawaikiDoubt.PIP_CUT_BY_OUTLINE,
        HawaikiDoubt.PIPS_OFF_CENTRE,
    )


def _pip_masks(face: np.ndarray, ink: str) -> list[np.ndarray]:
    """Each pip of ``ink`` on a face, as a mask taking in its dark outline."""
    near = (np.abs(face.astype(int) - np.array(INKS[ink])).sum(2) < 60).astype(np.uint8)
    # Closed first: a fish's tail meets its body across a line of outline.
    near = cv2.morphologyEx(near, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    n, labels = cv2.connectedComponents(near)
    grow = np.ones((5, 5), np.uint8)
    return [cv2.dilate((labels == i).astype(np.uint8), grow) > 0 for i in range(1, n)]


@pytest.mark.parametrize("value", [2, 3, 4, 5, 6, 7])
def test_a_card_with_a_pip_unseen_is_never_read_as_one_less(value: int) -> None:
    # A pip lost under a shadow, glare or a hand leaves the others where the deck prints
    # the value, not where it prints one less: the layout says the count is short.
    face = hawaiki_face(HCard(value, "blue"))
    masks = _pip_masks(face, "blue")
    assert len(masks) == value
    for mask in masks:
        short = face.copy()
        short[mask] = 250
        got = read_face(face_at_work_scale(short), PROFILE)
        assert got.card is None, (value, got.card)
        # (A two's one pip left lies off the card's centre, which is doubted first.)
        assert got.doubt in (HawaikiDoubt.PIPS_OFF_LAYOUT, HawaikiDoubt.PIPS_OFF_CENTRE), (
            value,
            got.why,
        )


def test_a_pip_run_together_with_dark_ink_is_still_counted() -> None:
    # A shadow's edge or a numeral touching a pip makes one blob of little colour: its
    # coloured core is still a whole pip.
    face = hawaiki_face(HCard(5, "purple")).copy()
    masks = _pip_masks(face, "purple")
    assert len(masks) == 5
    # A dark patch against the top left pip, on the side away from the others.
    ys, xs = np.nonzero(min(masks, key=lambda m: np.nonzero(m)[0].mean() + np.nonzero(m)[1].mean()))
    cv2.circle(face, (int(xs.min()), int(ys.min())), face.shape[1] // 8, (70, 70, 70), -1)
    got = read_face(face_at_work_scale(face, 0.8), PROFILE)
    assert got.card == HCard(5, "purple"), got.why


def test_a_pale_whole_pip_is_read_by_its_ink_and_a_half_pip_is_not() -> None:
    # A dim lamp, blur or compression leaves a pip pale: half its colour, all its ink. Its
    # ink covers what the card's other pips' ink covers, so it is a whole pip; a pip half
    # rubbed out is not, whatever its colour.
    face = hawaiki_face(HCard(4, "blue"))
    mask = _pip_masks(face, "blue")[0]
    inked = mask & (np.abs(face.astype(int) - np.array(INKS["blue"])).sum(2) < 90)
    pale = face.copy()
    pale[inked] = (face[inked] * 0.46 + 95 * 0.54).astype(np.uint8)
    assert read_face(face_at_work_scale(pale, 0.8), PROFILE).card == HCard(4, "blue")
    half = face.copy()
    ys, xs = np.nonzero(mask)
    cut = mask.copy()
    cut[:, : int(np.median(xs))] = False
    half[cut] = 250
    assert read_face(face_at_work_scale(half, 0.8), PROFILE).card is None


def test_the_layout_fit_finds_the_printed_spots_either_way_up() -> None:
    spots = np.array(PIP_SPOTS[7], np.float64) * (1.0, 96 / 62)
    assert layout_fit(spots, PIP_SPOTS[7])[0] < 1e-9
    turned = np.array([1.0, 96 / 62]) - spots
    assert layout_fit(turned, PIP_SPOTS[7])[0] < 1e-9
    # Six of a seven's pips are no six.
    assert layout_fit(spots[1:], PIP_SPOTS[6])[0] > 0.08
    assert layout_fit(spots[:2], PIP_SPOTS[1]) == (math.inf, math.inf)


def test_a_frame_drawn_again_is_the_same_and_the_next_differs_only_by_the_sensor() -> None:
    # The lit piles are kept between frames: the sensor's noise must go on a copy of them.
    piles = random_piles(12, hawaiki_deck())
    # No blur, which would draw the picture anew before the noise and hide the fault.
    look = replace(tuning_look(12), blur=0.0, defocus=0.0, noise=4.0)
    first = render_piles(piles, 12, look=look, frame=0).frame
    again = render_piles(piles, 12, look=look, frame=0).frame
    assert np.array_equal(first, again)
    later = render_piles(piles, 12, look=look, frame=1).frame
    assert not np.array_equal(first, later)
    assert np.abs(first.astype(int) - later.astype(int)).mean() < 8  # noise, not a new table


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_rendered_tables_read_right_or_doubted_never_wrong(seed: int) -> None:
    scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=tuning_look(seed))
    readings = read_piles(scene.frame, scene.zones, PROFILE)
    for label, r in zip(scene.labels, readings, strict=True):
        if r.card is not None:
            assert r.card == label.card, (seed, label.pile)
        if label.state == "occluded":
            assert r.state != State.CARD or r.card == label.card
    visible = [lab for lab in scene.labels if lab.state == "card"]
    right = sum(r.card == lab.card for lab, r in zip(scene.labels, readings, strict=True))
    assert right >= len(visible) - 1


def test_a_hand_over_a_pile_is_never_a_card_and_mostly_reads_occluded() -> None:
    piles = [PileState((Placed(HCard(5, "red")),), arm=(k == 1)) for k in range(3)]
    states = []
    for seed in range(3, 9):
        scene = render_piles(piles, seed, look=tuning_look(seed))
        readings = read_piles(scene.frame, scene.zones, PROFILE)
        assert scene.labels[1].state == "occluded"
        assert readings[1].card is None and readings[1].state != State.CARD
        assert readings[0].card == HCard(5, "red")
        states.append(readings[1].state)
    assert states.count(State.OCCLUDED) >= 5


def test_a_card_half_under_an_arm_is_not_read_as_the_fewer_pips_in_view() -> None:
    # A wide tuning scene: an arm across a 7 purple leaves a card-shaped part with five pips
    # in view, which read 5 purple before an arm near a read card made it a doubt.
    seed = 200_086
    scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=wide_look(seed))
    assert scene.labels[2].state == "occluded" and scene.labels[2].card == HCard(7, "purple")
    reading = read_piles(scene.frame, scene.zones, PROFILE)[2]
    assert reading.card is None and reading.state == State.OCCLUDED


@pytest.mark.parametrize("seed", [200_422, 200_486])
def test_bright_stacked_cards_whose_white_runs_together_are_found_by_their_edges(
    seed: int,
) -> None:
    # Wide tuning scenes under a bright lamp: each top card's white runs into the cards
    # under it, so no pile showed a whole outline in its white (all three were doubted).
    scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=wide_look(seed))
    readings = read_piles(scene.frame, scene.zones, PROFILE)
    right = 0
    for label, r in zip(scene.labels, readings, strict=True):
        assert label.state == "card"
        assert r.card in (None, label.card), (label.pile, r.card)
        right += r.card == label.card
    assert right >= 2


def _rough(seed: int):  # a scene of the rough tuning family
    scene = render_piles(
        random_piles(seed, hawaiki_deck(), rough=True), seed, look=rough_look(seed)
    )
    return scene, read_piles(scene.frame, scene.zones, PROFILE)


@pytest.mark.parametrize(("seed", "pile"), [(300_022, 0), (300_068, 2)])
def test_a_top_card_whose_white_is_clipped_is_found_by_edges_in_its_darkest_channel(
    seed: int, pile: int
) -> None:
    # Rough tuning scenes under a warm lamp that clips the cards' red and green: the contact
    # shadow between the top card and the one under it is lost in the brightest channel and
    # still shows in the darkest, where the search by edges looks again.
    scene, readings = _rough(seed)
    r = readings[pile]
    assert r.card == scene.labels[pile].card, r.why
    for label, r in zip(scene.labels, readings, strict=True):
        assert r.card in (None, label.card), (label.pile, r.card)


def test_an_outline_that_takes_in_a_strip_beside_the_card_is_read_again_inside_it() -> None:
    # A rough tuning scene: a tidy stack whose top card's outline in the white took in a
    # strip of the table and of the card under it along one side (read as cut pips).
    scene, readings = _rough(300_341)
    assert readings[0].card == scene.labels[0].card == HCard(2, "purple"), readings[0].why
    # A face whose pips an outline truly cuts is cut inside the inset outline too.
    face = hawaiki_face(HCard(6, "green"))
    h, w = face.shape[:2]
    cut = cv2.resize(face[int(h * 0.2) :], (w, h), interpolation=cv2.INTER_AREA)
    assert _read_outline(*_whole(face_at_work_scale(cut)), PROFILE).card is None


def _whole(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """An image and the outline of all of it."""
    h, w = img.shape[:2]
    return img, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


@pytest.mark.parametrize("strip", [6, 8, 10])
def test_only_a_strip_of_no_ink_of_the_deck_is_left_out_by_the_inset_outline(strip: int) -> None:
    # A strip of the table along a side is no pip: the face inside it is read. A strip in
    # one of the deck's inks is a pip the outline cut (part of a card beside a hand): left
    # out, the count could come one short, so the face stays doubted.
    face = hawaiki_face(HCard(2, "purple"))
    table = face.copy()
    table[:, :strip] = (60, 100, 150)
    got = _read_outline(*_whole(face_at_work_scale(table, 0.8)), PROFILE)
    assert got.card == HCard(2, "purple"), got.why
    ink = face.copy()
    ink[:, :strip] = INKS["purple"]
    got = _read_outline(*_whole(face_at_work_scale(ink, 0.8)), PROFILE)
    assert got.card is None and got.doubt == HawaikiDoubt.PIP_CUT_BY_OUTLINE


def test_cards_under_a_strong_warm_lamp_are_read_and_empty_zones_stay_empty() -> None:
    # A rough tuning scene under a lamp warm enough (blue at half of red) that the card-white
    # test took no face for white: both cards read "an arm over an empty zone".
    scene, readings = _rough(300_296)
    assert [r.card for r in readings[:2]] == [lab.card for lab in scene.labels[:2]]
    # The same lamp over empty zones, on every tuning table: nothing there is a card.
    piles = [PileState(), PileState((Placed(HCard(4, "yellow")),)), PileState()]
    for seed in range(4, 8):
        look = replace(tuning_look(seed), tint=(0.5, 0.82, 1.0))
        scene = render_piles(piles, seed, look=look)
        got = read_piles(scene.frame, scene.zones, PROFILE)
        assert [r.state for r in got] == [State.EMPTY, State.CARD, State.EMPTY], seed
        assert got[1].card == HCard(4, "yellow")


def test_an_outline_that_cut_a_pip_is_looked_for_again_inside_it_or_on_the_edges() -> None:
    # A wide tuning scene: the outline in the white took in a strip of the card beneath,
    # whose print it cut.
    seed = 200_604
    scene = render_piles(random_piles(seed, hawaiki_deck()), seed, look=wide_look(seed))
    reading = read_piles(scene.frame, scene.zones, PROFILE)[2]
    assert reading.card == scene.labels[2].card == HCard(3, "green"), reading.why
    # A deck taught at the table has no known print layout, which alone makes a face framed
    # by edges safe to rule on: there the pile stays doubted.
    taught = replace(PROFILE, made_by="halli-pi teach --hawaiki: one 3 per colour")
    assert print_layout(taught) is None and print_layout(PROFILE) is not None
    assert read_piles(scene.frame, scene.zones, taught)[2].card is None


@pytest.mark.parametrize(("seed", "pile"), [(42, 1), (169, 0)])
def test_a_card_an_arm_in_its_zone_keeps_clear_of_is_read(seed: int, pile: int) -> None:
    # Tuning scenes: a hand reaches for the next pile, its arm across a corner of this
    # pile's zone but clear of the card, which lies whole in view.
    piles = random_piles(seed, hawaiki_deck())
    scene = render_piles(piles, seed, look=tuning_look(seed))
    assert scene.labels[pile].state == "card" and any(p.arm for p in piles)
    reading = read_piles(scene.frame, scene.zones, PROFILE)[pile]
    assert reading.card == scene.labels[pile].card, reading.why


def test_an_empty_pile_zone_reads_empty() -> None:
    piles = [PileState(), PileState((Placed(HCard(2, "blue")),)), PileState()]
    scene = render_piles(piles, 4, look=tuning_look(4))
    readings = read_piles(scene.frame, scene.zones, PROFILE)
    assert [r.state for r in readings] == [State.EMPTY, State.CARD, State.EMPTY]


def _write_scene(tmp_path: Path, seed: int) -> tuple[Path, Path, list]:
    scene = render_piles(
        [PileState((Placed(HCard(k + 2, COLOURS[k]), angle=10.0 * k),)) for k in range(3)],
        seed,
        look=tuning_look(seed),
    )
    image, layout = tmp_path / "table.png", tmp_path / "layout.json"
    cv2.imwrite(str(image), scene.frame)
    layout.write_text(json.dumps(layout_json(scene.zones, (640, 480))))
    return image, layout, scene.labels


def test_read_with_a_pile_layout_gives_one_entry_per_pile(tmp_path: Path) -> None:
    from halli_pi.commands.read import read_image

    image, layout, labels = _write_scene(tmp_path, 21)
    got = read_image(image, layout)["cards"]
    assert [e["pile"] for e in got] == [0, 1, 2]
    assert all("seat" not in e for e in got)
    assert [e["card"] for e in got] == [str(lab.card) for lab in labels]
    for e in got:
        assert e["state"] == "card" and len(e["corners"]) == 4 and 0 < e["confidence"] <= 1


def test_a_pile_layout_is_checked_and_errors_name_the_field(tmp_path: Path) -> None:
    image, layout, _ = _write_scene(tmp_path, 22)
    obj = json.loads(layout.read_text())
    assert len(load_pile_layout(layout).piles) == 3
    obj["piles"] = obj["piles"][:2]
    layout.write_text(json.dumps(obj))
    with pytest.raises(ConfigError) as err:
        load_pile_layout(layout)
    assert err.value.field == "piles"
    obj = json.loads(json.dumps(layout_json([np.zeros((4, 2))] * 3, (640, 480))))
    obj["piles"][1]["zone"] = [[0, 0], [700, 0], [700, 10], [0, 10]]
    layout.write_text(json.dumps(obj))
    with pytest.raises(ConfigError) as err:
        load_pile_layout(layout)
    assert err.value.field is not None and err.value.field.startswith("piles[")

"""The held-out scenes of `halli-pi bench vision`: made the same from the same seed, every
family makes scenes, the truth says what a camera would see, and the bench reports them."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from halli_pi.bench import heldout, vision
from halli_pi.bench.heldout.otherart import other_face
from halli_pi.bench.heldout.textures import TABLE_KINDS, photo_names, table_surface
from halli_pi.cards import classic_deck, parse_card
from halli_pi.cli import main
from halli_pi.errors import InputError
from halli_pi.vision.art import card_face


def _clean(recipe: heldout.Recipe, **more) -> heldout.Recipe:
    """The recipe with nothing between the card and the camera but the table's light."""
    return replace(recipe, light="even", noise=0.0, blur=0.0, jpeg=0, deck="own", **more)


def _differs(frame: np.ndarray, quad: np.ndarray, face: np.ndarray) -> float:
    """Share of the card's face (its border aside) that the frame shows other than the face,
    after the light's gain is taken out."""
    fh, fw = face.shape[:2]
    dst = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    seen = cv2.warpPerspective(frame, m, (fw, fh)).astype(np.float32)[4:-4, 4:-4]
    want = face.astype(np.float32)[4:-4, 4:-4]
    gain = np.median(seen.reshape(-1, 3), 0) / np.median(want.reshape(-1, 3), 0)
    return float((np.abs(seen - want * gain).max(2) > 60).mean())


def test_same_seed_same_scene_other_seed_other_scene():
    a = heldout.make_scene("pile-messy", 7)
    b = heldout.make_scene("pile-messy", 7)
    c = heldout.make_scene("pile-messy", 8)
    assert np.array_equal(a.frame, b.frame)
    assert [(t.state, t.card) for t in a.truth] == [(t.state, t.card) for t in b.truth]
    assert all(np.array_equal(z, y) for z, y in zip(a.zones, b.zones, strict=True))
    assert a.frame.shape != c.frame.shape or not np.array_equal(a.frame, c.frame)


@pytest.mark.parametrize("name", list(heldout.ALL_FAMILIES))
def test_every_family_makes_scenes(name):
    if not heldout.family_available(name):
        pytest.skip("the reference scans or the photo textures are not here")
    scene = heldout.make_scene(name, 1)
    w, h = scene.recipe.size
    assert scene.frame.shape == (h, w, 3) and scene.frame.dtype == np.uint8
    assert len(scene.zones) == len(scene.truth) >= 1
    for zone, truth in zip(scene.zones, scene.truth, strict=True):
        assert zone.shape == (4, 2)
        assert truth.state in ("card", "covered", "empty", "cut")
        assert (truth.card is None) == (truth.corners is None)
    assert scene.profile == ("clone" if scene.recipe.deck == "clone" else "classic")


def test_a_visible_card_shows_its_whole_face_and_a_covered_one_does_not():
    visible = covered = 0
    worst_covered = 0.0
    for seed in range(8):
        recipe = _clean(
            heldout.family_recipe("arms", seed), pile="messy", p_arm=0.4, card_share=0.14
        )
        scene = heldout.compose(recipe, seed, "truth")
        for t in scene.truth:
            if t.card is None:
                continue
            d = _differs(scene.frame, t.corners, card_face(t.card))
            if t.state == "card":
                visible += 1
                assert d < 0.03, (seed, t)
            elif t.state == "covered":
                covered += 1
                worst_covered = max(worst_covered, d)
        for card, quad in scene.in_view:
            assert _differs(scene.frame, quad, card_face(card)) < 0.03
    assert visible >= 5 and covered >= 3
    assert worst_covered > 0.1  # the arms do lie over the cards marked covered


def test_cards_of_every_scale_lie_whole_in_the_picture():
    for share in (0.05, 0.35, 0.6):
        scene = heldout.compose(heldout.sweep_recipe((640, 480), share, 2), 2, "scale")
        cards = [t for t in scene.truth if t.state == "card"]
        assert cards, share
        for t in cards:
            width = np.linalg.norm(t.corners[1] - t.corners[0])
            assert width == pytest.approx(share * 640, rel=0.15)
            assert (t.corners >= 0).all() and (t.corners[:, 0] < 640).all()
            assert (t.corners[:, 1] < 480).all()


def test_tables_are_what_they_say():
    rng = np.random.default_rng(0)
    for kind in TABLE_KINDS:
        t = table_surface(kind, (160, 120), 20.0, rng)
        assert t.shape == (120, 160, 3) and t.dtype == np.float32
        assert t.std() > 0.5, kind  # a texture, not a flat colour
    dark = table_surface("dark", (160, 120), 20.0, rng).mean()
    red = table_surface("red", (160, 120), 20.0, rng).mean((0, 1))
    assert dark < 60
    assert red[2] > 1.5 * red[1]  # BGR: red above green
    with pytest.raises(ValueError):
        table_surface("marble", (16, 16), 5.0, rng)


def test_photo_tables_come_from_the_installed_images():
    names = photo_names()
    if not names:
        pytest.skip("scikit-image is not installed")
    assert {"brick", "gravel", "grass"} <= set(names)
    img = heldout.textures.photo("brick", (200, 150), 30.0, np.random.default_rng(1))
    assert img.shape == (150, 200, 3)


def test_the_untaught_deck_draws_a_banana_in_two_parts():
    face = other_face(parse_card("1 banana"))
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    yellow = ((hsv[..., 0] > 15) & (hsv[..., 0] < 40) & (hsv[..., 1] > 80)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(yellow)
    big = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > 150]
    assert len(big) == 2
    # Every classic card has a face in that deck, none like the project's own.
    for card in set(classic_deck()):
        assert other_face(card).shape[:2] == (heldout.otherart.OTHER_SIZE[1], 200)


def test_families_are_chosen_by_name_or_group():
    decks = heldout.select_families("decks")
    assert "deck-other" in decks and "deck-own" in decks and "table-red" not in decks
    assert heldout.select_families("table-red,arms,table-red") == ["table-red", "arms"]
    assert heldout.select_families("none") == []
    assert set(heldout.select_families("all")) >= set(heldout.GLARE_DARK)
    with pytest.raises(InputError):
        heldout.select_families("marble-table")


SMALL = [
    "--scenes", "0", "--stress-scenes", "0", "--films", "0", "--jobs", "1",
    "--heldout-scenes", "1", "--families", "deck-other,arms,glare-dark",
    "--sweep-sizes", "640x480", "--sweep-shares", "0.1,0.35", "--sweep-scenes", "1",
    "--no-layout-scenes", "2", "--style-scenes", "0", "--messy-scenes", "0",
    "--messy-small-scenes", "0",
]  # fmt: skip
LINE = {
    "visible": int,
    "right": float,
    "wrong_cards": int,
    "unknown": int,
    "occluded": int,
    "occluded_clear": float,
    "covered": int,
    "wrong_claims": int,
    "frame_ms_mean": float,
}


@pytest.fixture(scope="module")
def small_figures() -> dict:
    """A small held-out run's figures, as ``bench vision --json`` prints them (run once for the
    module: every held-out part is read, which takes a while)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["bench", "vision", "--json", *SMALL]) == 0
    return json.loads(out.getvalue())


def test_the_bench_reports_every_held_out_part(small_figures):
    figures = small_figures
    assert figures["tuning_families"][:3] == ["own", "deluxe", "clone"]
    assert list(figures["heldout"]["families"]) == ["deck-other", "arms"]
    assert list(figures["heldout_glare_dark"]) == ["glare-dark"]
    assert list(figures["heldout_scale"]) == ["640x480@0.1", "640x480@0.35"]
    lines = [*figures["heldout"]["families"].values(), *figures["heldout_scale"].values()]
    for line in lines + list(figures["heldout_glare_dark"].values()):
        for key, kind in LINE.items():
            assert type(line[key]) is kind, key
        assert 0.0 <= line["right"] <= 1.0
        assert line["wrong_cards"] + line["unknown"] + line["occluded"] <= line["visible"]
    assert figures["heldout"]["families"]["arms"]["covered"] > 0
    # The classic deck's total leaves the untaught deck out.
    total = figures["heldout"]["classic_total"]
    arms = figures["heldout"]["families"]["arms"]
    assert total["families"] == 1
    assert (total["visible"], total["covered"]) == (arms["visible"], arms["covered"])
    assert sum(line["visible"] for line in lines) > 0
    nolayout = figures["heldout_no_layout"]
    assert nolayout["in_view"] > 0 and 0.0 <= nolayout["found"] <= 1.0
    for key in ("wrong_cards", "claims_not_in_view"):
        assert type(nolayout[key]) is int


def test_the_text_says_which_families_are_held_out(capsys, monkeypatch, small_figures):
    # The command prints the same figures as text: the run is the one above, not made again.
    monkeypatch.setattr(vision, "run", lambda args: small_figures)
    assert main(["bench", "vision", *SMALL]) == 0
    out = capsys.readouterr().out
    assert out == vision.text(small_figures) + "\n"
    assert "TUNING families" in out and "HELD-OUT families" in out
    rows = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert {"deck-other", "arms", "glare-dark", "640x480@0.1"} <= set(rows)


def test_the_reader_is_called_in_one_place(monkeypatch):
    # Every held-out figure goes through read_layout: a stand-in that claims a wrong card on
    # every zone shows in the counts.
    wrong = parse_card("5 plum")
    monkeypatch.setattr(
        heldout, "read_layout", lambda frame, zones, profile: [("card", wrong)] * len(zones)
    )
    from collections import Counter

    tally: Counter = Counter()
    scene = heldout.make_scene("table-plain", 3)
    heldout.tally_layout(scene, "x", tally)
    figures = heldout.family_figures(tally, "x")
    cards = [t for t in scene.truth if t.state == "card"]
    assert figures["visible"] == len(cards)
    assert figures["wrong_cards"] == sum(t.card != wrong for t in cards)


def test_bad_held_out_options_fail_before_any_scene_is_read(capsys):
    assert main(["bench", "vision", "--families", "marble-table", "--films", "0"]) == 2
    assert "marble-table" in capsys.readouterr().err
    assert main(["bench", "vision", "--sweep-sizes", "640by480", "--films", "0"]) == 2
    assert main(["bench", "vision", "--sweep-shares", "0.9", "--films", "0"]) == 2


def test_a_family_this_machine_cannot_make_is_left_out(monkeypatch):
    monkeypatch.setattr(heldout.textures, "photo_names", lambda: [])
    tables = heldout.select_families("tables")
    assert "table-photo" not in tables and "table-wood" in tables
    assert "table-photo" in heldout.NEEDS

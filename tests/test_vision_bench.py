"""`halli-pi bench vision` with tiny numbers: the figures it prints, their types, and that
they do not depend on how many processes read the scenes (no speed asserted)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json

import pytest

from halli_pi.bench import vision
from halli_pi.cli import main

# The held-out section has tests of its own (test_vision_heldout.py).
NO_HELDOUT = ["--heldout-scenes", "0", "--sweep-scenes", "0", "--no-layout-scenes", "0"]
# Three styles stand for all: every style's figures are the same keys, tallied by one code path.
# Their order sets their seeds: from the default base seed 500, dark's first low-light own
# table took 1.9 CPU-s to read (its second's 0.4 s), where the whole tiny run takes some 9.
STYLES_TINY = [
    "--styles",
    "cloth,dark,glare",
    "--style-scenes",
    "1",
    "--messy-scenes",
    "1",
    "--messy-small-scenes",
    "1",
]
TINY = ["--scenes", "2", "--films", "0", "--stress-scenes", "1", *STYLES_TINY, *NO_HELDOUT]
# The tiny run's base seed 502: of 500-505 the cheapest (4.8 CPU-s; 500's 6.9, the others
# 5.4-7.3), with arms over 9 stress seats, 6 messy and 7 small messy cards in view, no wrong card.
TINY_SEED = ["--seed", "502"]

COUNTS = (
    "wrong_claims",
    "wrong_cards",
    "seats_own",
    "seats_deluxe",
    "seats_clone",
    "arm_seats",
    "arm_empty_seats",
    "arm_pile_read_empty",
    "stress_arm_seats",
    "stress_wrong_claims",
    "stress_wrong_cards",
    "stress_seats",
    "style_dark_own_seats",
    "style_dark_wrong_cards",
    "style_dark_wrong_claims",
    "style_glare_own_seats",
    "style_glare_wrong_cards",
    "style_glare_wrong_claims",
    "style_cloth_own_seats",
    "style_cloth_wrong_cards",
    "style_cloth_wrong_claims",
    "messy_in_view",
    "messy_wrong_cards",
    "messy_claims_not_in_view",
    "messy_small_in_view",
    "messy_small_wrong_cards",
    "messy_small_claims_not_in_view",
)
SHARES = (
    "accuracy",
    "accuracy_own",
    "accuracy_deluxe",
    "accuracy_clone",
    "empty_accuracy",
    "arm_empty_accuracy",
    "stress_accuracy",
    "style_dark_own_accuracy",
    "style_glare_own_accuracy",
    "style_cloth_own_accuracy",
    "messy_read_right",
    "messy_found",
    "messy_small_read_right",
    "messy_small_found",
    "occluded_clear",
    "style_dark_occluded_clear",
    "style_glare_occluded_clear",
)


def _bench(capsys, *extra: str) -> dict:
    assert main(["bench", "vision", "--json", *TINY, *extra]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def tiny_alone() -> dict:
    """The tiny run in one process: its figures are checked, then compared with two workers'."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["bench", "vision", "--json", *TINY, *TINY_SEED, "--jobs", "1"]) == 0
    return json.loads(out.getvalue())


def test_tiny_run_prints_every_figure_with_its_type(tiny_alone):
    figures = tiny_alone
    for key in COUNTS:
        assert type(figures[key]) is int, key
        assert figures[key] >= 0, key
    for key in SHARES:
        assert isinstance(figures[key], float), key
        assert 0.0 <= figures[key] <= 1.0, key
    # Arms over most seats: one scene per art style has some.
    assert figures["stress_arm_seats"] > 0
    assert figures["seats_own"] + figures["seats_deluxe"] + figures["seats_clone"] > 0
    # No films: no speed figures, and no crash over an empty list of times.
    assert "median_ms" not in figures and "frames" not in figures


# Fewer scenes than the tiny run, still a job per deck, style and table kind: what two
# processes tally, merged, is what one process tallies.
# (cloth: its two tables read in 0.4 CPU-s where glare's took 0.7, each run.)
SPLIT = ["--scenes", "1", "--stress-scenes", "0", "--styles", "cloth", "--messy-small-scenes", "0"]


def test_workers_do_not_change_the_counts(capsys):
    alone = _bench(capsys, *SPLIT, "--jobs", "1")
    assert alone["seats_own"] > 0 and alone["messy_in_view"] > 0
    assert _bench(capsys, *SPLIT, "--jobs", "2") == alone


def test_one_film_gives_the_speed_figures(capsys, monkeypatch):
    # A stand-in for the films: the figures are merged in whatever the film count.
    monkeypatch.setattr(vision, "_films", lambda n, seed: {"median_ms": 1.0, "p99_ms": 2.0})
    monkeypatch.setattr(
        vision, "_card_reads", lambda n, seed: {"card_read_median_ms": 3.0, "card_read_p99_ms": 4.0}
    )
    no_scenes = [
        "--scenes",
        "0",
        "--stress-scenes",
        "0",
        "--style-scenes",
        "0",
        "--messy-scenes",
        "0",
        "--messy-small-scenes",
        "0",
    ]
    figures = _bench(capsys, "--jobs", "1", "--films", "1", *no_scenes)
    assert figures["median_ms"] == 1.0 and figures["p99_ms"] == 2.0
    assert figures["card_read_median_ms"] == 3.0 and figures["card_read_p99_ms"] == 4.0
    assert "stress_arm_seats" not in figures


def test_stress_scenes_have_seeds_of_their_own():
    normal = {job[2] for job in vision._jobs("own", 120, 500, 0.15, "")}
    stress = {job[2] for job in vision._jobs("own", 30, 500 + vision.STRESS_SEEDS, 0.6, "s_")}
    assert not normal & stress
    # Every scene is in exactly one job.
    assert sum(job[1] for job in vision._jobs("own", 25, 0, 0.15, "")) == 25


def test_card_reads_time_one_zone_at_a_time():
    figures = vision._card_reads(1, 500)
    assert figures["card_reads"] >= 1
    assert 0.0 < figures["card_read_median_ms"] <= figures["card_read_p99_ms"]
    assert vision._card_reads(0, 500) == {}


def test_tuning_styles_and_messy_tables_have_seeds_of_their_own(tiny_alone):
    # The tiny run's style and messy figures (a run with no plain scenes at all is the film
    # test's above).
    figures = tiny_alone
    assert figures["tuning_styles"] == ["cloth", "dark", "glare"]  # the ones asked, in order
    parser = argparse.ArgumentParser()
    vision.add_arguments(parser)
    assert parser.parse_args([]).styles == ",".join(vision.TUNING_STYLES)  # else every one
    assert figures["style_dark_own_seats"] > 0 and figures["messy_in_view"] > 0
    assert vision.STYLE_SEEDS > vision.STRESS_SEEDS + 100_000  # apart from the stress scenes
    assert vision.MESSY_SEEDS >= vision.STYLE_SEEDS + 100_000
    assert vision.MESSY_SMALL_SEEDS >= vision.MESSY_SEEDS + 10_000  # apart from the messy ones
    assert figures["messy_small_in_view"] > 0


def test_no_styles_leaves_them_out(capsys):
    # Only the style and messy scenes matter here: no plain or stress scenes are drawn.
    plain = ["--scenes", "0", "--stress-scenes", "0"]
    no_messy = ["--messy-scenes", "0", "--messy-small-scenes", "0"]
    figures = _bench(capsys, "--jobs", "1", "--styles", "", *no_messy, *plain)
    assert figures["tuning_styles"] == []  # the run was made, with no style
    assert not any(key.startswith(("style_", "messy_")) for key in figures)


def test_an_unknown_style_is_refused_before_any_scene(capsys):
    assert main(["bench", "vision", "--json", *TINY, "--styles", "fog"]) != 0
    assert "fog" in capsys.readouterr().err


def test_card_reads_time_the_first_look_apart():
    figures = vision._card_reads(1, 90_000)
    assert figures["card_reads"] > 0
    assert 0 < figures["card_first_look_median_ms"] <= figures["card_read_median_ms"]
    # The face's read is a step after the first look: no card is read in one step.
    assert figures["card_read_steps_max"] >= 2


def test_wrong_lists_the_crowded_claims_scene_by_scene(monkeypatch):
    # ``--wrong`` lists each crowded tuning table with a claim where no whole card is in view
    # (or a wrong card), by the seed ``heldout.crowded_scene`` renders it from.
    from collections import Counter

    from halli_pi.bench import heldout

    def run_job(job):
        _, n, seed = job
        assert n == 1
        got = Counter({"crowded:in_view": 3, "crowded:found": 2})
        got["crowded:claims_not_in_view"] += 2 * (seed == 11)
        got["crowded:wrong"] += seed == 12
        return got

    monkeypatch.setattr(heldout, "run_job", run_job)
    tally = vision._heldout_job(("crowded", 3, 10))
    assert tally["crowded:in_view"] == 9 and tally["crowded:claims_not_in_view"] == 2
    assert vision.wrong_list(tally) == [
        {"what": "not_in_view", "deck": "crowded", "style": "", "seed": 11, "seat": -1}
        | {"card": "-", "read": "2"},
        {"what": "card", "deck": "crowded", "style": "", "seed": 12, "seat": -1}
        | {"card": "-", "read": "1"},
    ]

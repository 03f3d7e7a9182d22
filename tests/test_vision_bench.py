"""`halli-pi bench vision` with tiny numbers: the figures it prints, their types, and that
they do not depend on how many processes read the scenes (no speed asserted)."""

from __future__ import annotations

import json

from halli_pi.bench import vision
from halli_pi.cli import main

# The held-out section has tests of its own (test_vision_heldout.py).
NO_HELDOUT = ["--heldout-scenes", "0", "--sweep-scenes", "0", "--no-layout-scenes", "0"]
TINY = ["--scenes", "2", "--films", "0", "--stress-scenes", "1", *NO_HELDOUT]

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
)
SHARES = (
    "accuracy",
    "accuracy_own",
    "accuracy_deluxe",
    "accuracy_clone",
    "empty_accuracy",
    "arm_empty_accuracy",
    "stress_accuracy",
)


def _bench(capsys, *extra: str) -> dict:
    assert main(["bench", "vision", "--json", *TINY, *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_tiny_run_prints_every_figure_with_its_type(capsys):
    figures = _bench(capsys, "--jobs", "1")
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


def test_workers_do_not_change_the_counts(capsys):
    alone = _bench(capsys, "--jobs", "1")
    shared = _bench(capsys, "--jobs", "2")
    assert alone == shared


def test_one_film_gives_the_speed_figures(capsys, monkeypatch):
    # A stand-in for the films: the figures are merged in whatever the film count.
    monkeypatch.setattr(vision, "_films", lambda n, seed: {"median_ms": 1.0, "p99_ms": 2.0})
    monkeypatch.setattr(
        vision, "_card_reads", lambda n, seed: {"card_read_median_ms": 3.0, "card_read_p99_ms": 4.0}
    )
    figures = _bench(capsys, "--jobs", "1", "--films", "1", "--scenes", "0", "--stress-scenes", "0")
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

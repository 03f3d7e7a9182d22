"""`halli-pi bench hawaiki-vision` runs and reports its figures in both families (the figures
themselves come from the command, not from this test)."""

from __future__ import annotations

import argparse

from halli_pi.bench import hawaiki_vision


def test_the_bench_reports_both_families_and_reads_no_wrong_card() -> None:
    args = argparse.Namespace(scenes=3, films=1, turns=3, seed=7)
    figures = hawaiki_vision.run(args)
    for family in hawaiki_vision.FAMILIES:
        f = figures[family]
        assert f["piles"] > 0 and 0.0 <= f["accuracy"] <= 1.0
        assert f["wrong"] == 0 and f["wrong_plays"] == 0
        assert f["plays"] + f["pairs"] + f["hovers"] + f["retracts"] == 3
    assert figures["card_read_median_ms"] > 0 and figures["frame_p99_ms"] > 0
    text = hawaiki_vision.text(figures)
    assert "held-out" in text and "pairs noticed" in text

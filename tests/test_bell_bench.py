"""`halli-pi bench bell` prints the figures the issue asks for (a few trials; no speed asserted)."""

from __future__ import annotations

import json

from halli_pi.cli import main


def test_bench_bell_json(capsys):
    assert main(["bench", "bell", "--json", "--trials", "5"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in (
        "order_500us_right",
        "tie_50us_found",
        "storm_presses",
        "storm_cpu_s",
        "edge_to_ruling_p99_ms",
    ):
        assert key in figures
    assert figures["order_500us_right"] == 1.0
    assert figures["tie_50us_found"] == 1.0
    assert figures["storm_presses"] == 1 and figures["storm_edges"] == 1000
    assert figures["latency_trials"] == 5

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


def test_a_storm_handed_over_late_is_still_one_press(monkeypatch):
    # A busy machine stalls the storm's sender for longer than the bell's re-arm (150 ms)
    # half-way through: the edges keep the stamps of when they were due, so still one press.
    from halli_pi.bench import bell

    real_sleep = bell.time.sleep
    slept = []

    def stalled_sleep(seconds: float) -> None:
        slept.append(seconds)
        real_sleep(seconds + (0.2 if len(slept) == 400 else 0.0))

    monkeypatch.setattr(bell.time, "sleep", stalled_sleep)
    presses, _, edges = bell._storm()
    assert (presses, edges) == (1, 1000)

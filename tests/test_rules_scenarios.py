"""Golden scenario files: input events and the outputs the rules demand, checked in order.

Each file in tests/data/scenarios/ is a session log with the expected output events written
between the inputs. Expected outputs list only the fields that matter for that case; the actual
outputs must match them in order and in number (notices are compared only in files that
expect some).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halli_pi.replay import outputs_of
from halli_pi.sessionlog import read_events

SCENARIOS = sorted((Path(__file__).parent / "data" / "scenarios").glob("*.jsonl"))
OUTPUT_TYPES = {"ruling", "eliminated", "game_over", "notice"}


def matches(expected, actual, path="") -> list[str]:
    """Differences between an expected (partial) value and the actual one."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{path}.{key}: missing")
            else:
                problems += matches(value, actual[key], f"{path}.{key}")
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [
            p
            for i, (e, a) in enumerate(zip(expected, actual, strict=False))
            for p in matches(e, a, f"{path}[{i}]")
        ]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    lines = path.read_text().splitlines()
    expected = [json.loads(line) for line in lines if json.loads(line)["type"] in OUTPUT_TYPES]
    inputs = [event for _, event in read_events(lines, path.name)]
    actual = [out.to_json() for out in outputs_of(inputs)]
    if not any(e["type"] == "notice" for e in expected):
        actual = [a for a in actual if a["type"] != "notice"]
    assert [a["type"] for a in actual] == [e["type"] for e in expected], actual
    for e, a in zip(expected, actual, strict=True):
        assert not matches(e, a), (matches(e, a), a)


def test_every_leaflet_row_has_a_scenario() -> None:
    # The leaflet's table "Quand faut-il sonner ?" has seven rows.
    rows = [p for p in SCENARIOS if p.stem.startswith("leaflet_row")]
    assert sorted(int(p.stem.split("_")[1][3:]) for p in rows) == list(range(1, 8))

"""The service unit: sandboxed, bounded, and rated by systemd itself when it is at hand."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "halli-pi.service"


def settings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "[")) and "=" in line:
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_the_unit_bounds_descriptors_and_memory_and_drops_every_capability():
    s = settings()
    assert int(s["LimitNOFILE"][0]) >= 256  # the page's socket cap plus camera, log, photos
    assert s["MemoryMax"][0].endswith("M") and int(s["MemoryMax"][0][:-1]) >= 256
    assert s["CapabilityBoundingSet"] == [""]
    assert "@system-service" in s["SystemCallFilter"]
    assert s["UMask"] == ["0027"]
    assert s["WatchdogSec"] and s["Type"] == ["notify"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_rates_the_unit_at_most_3():
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= 3.0, result.stdout

"""``halli-pi bench referee``: the whole pipeline's figures, from the demo table.

- verdict light after the window closes (p50/p99 ms): the referee's own work from the burst's
  window closing to the verdict light being set, store commit included (the press-to-light
  time is the window plus this);
- how often a ruling was provisional, and how often corrected;
- vision work per frame (median/p99 ms) and the frame rate that leaves room for;
- resident memory (peak), and its growth over the games played (flat is the target);
- start-up of `halli-pi run` to ready (mock pins, a recorded folder of frames).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HELP = "pipeline figures: press-to-verdict, provisional rulings, frame time, memory, start-up"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=2, help="demo games to play (default 2)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--minutes", type=float, default=0.0, help="keep playing games this long (memory soak)"
    )
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up figure")


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def run(args: argparse.Namespace) -> dict:
    from halli_pi.simulation.demo import DemoFigures, run_demo
    from halli_pi.store import Store

    totals = DemoFigures()
    rss: list[float] = []
    games = 0
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="halli-pi-bench-") as tmp:
        store = Store(Path(tmp) / "bench.sqlite3")
        while games < args.games or time.monotonic() - start < args.minutes * 60:
            _, figures, _ = run_demo(seed=args.seed + games, players=args.players, store=store)
            games += 1
            for name in ("frame_ms", "verdict_ms"):
                getattr(totals, name).extend(getattr(figures, name))
            for name in ("frames", "decisions", "provisional", "corrected", "blind"):
                setattr(totals, name, getattr(totals, name) + getattr(figures, name))
            totals.reveals_seen += figures.reveals_seen
            totals.reveals_played += figures.reveals_played
            rss.append(_rss_mb())
        store.close()
    result = {
        "games": games,
        "decisions": totals.decisions,
        "verdict_after_window_p50_ms": round(_pct(totals.verdict_ms, 0.5), 3),
        "verdict_after_window_p99_ms": round(_pct(totals.verdict_ms, 0.99), 3),
        "window_ms": 50.0,
        "provisional_rate": round(totals.provisional / max(1, totals.decisions), 4),
        "corrected_rate": round(totals.corrected / max(1, totals.decisions), 4),
        "blind_presses": totals.blind,
        "reveals_seen": totals.reveals_seen,
        "reveals_played": totals.reveals_played,
        "frames": totals.frames,
        "frame_median_ms": round(statistics.median(totals.frame_ms), 3),
        "frame_p99_ms": round(_pct(totals.frame_ms, 0.99), 3),
        "frame_rate_capacity": round(1000.0 / max(1e-6, statistics.median(totals.frame_ms)), 1),
        "rss_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "rss_after_first_game_mb": round(rss[0], 1),
        # Memory over the run, at a tenth, a half and the end of the games: flat is the target
        # (the first games fill the caches and the allocator's pools).
        "rss_at_10pct_mb": round(rss[len(rss) // 10], 1),
        "rss_at_50pct_mb": round(rss[len(rss) // 2], 1),
        "rss_after_last_game_mb": round(rss[-1], 1),
    }
    if not args.no_startup:
        result["startup_to_ready_s"] = round(_startup_seconds(), 3)
    return result


def _startup_seconds() -> float:
    """From starting `halli-pi run` to its "ready" line, on mock pins and a recorded folder."""
    import cv2
    import numpy as np

    from halli_pi.vision.render import IMAGE_SIZE, SeatState, default_zones, render_scene

    with tempfile.TemporaryDirectory(prefix="halli-pi-start-") as tmp:
        root = Path(tmp)
        zones = default_zones(2, IMAGE_SIZE)
        (root / "frames").mkdir()
        frame = render_scene((SeatState(), SeatState()), zones, 1).frame
        for i in range(3):
            cv2.imwrite(str(root / "frames" / f"{i}.png"), frame)
        layout = {
            "image_size": list(IMAGE_SIZE),
            "seats": [
                {"seat": i, "name": n, "zone": np.asarray(z).tolist()}
                for i, (n, z) in enumerate(zip(("Ana", "Bo"), zones, strict=True))
            ],
        }
        (root / "layout.json").write_text(json.dumps(layout))
        (root / "table.toml").write_text(
            '[game]\nplayers = ["Ana", "Bo"]\n[gpio]\npin_factory = "mock"\n'
            "[[seats]]\nbutton = 5\n[[seats]]\nbutton = 12\n"
            '[camera]\nsource = "folder:frames"\nlayout = "layout.json"\n'
        )
        began = time.monotonic()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "halli_pi",
                "run",
                "--config",
                "table.toml",
                "--headless",
                "--no-web",
                "--db",
                "log.sqlite3",
                "--duration",
                "0.5",
            ],
            cwd=root,
            stderr=subprocess.PIPE,
            text=True,
        )
        ready = None
        assert process.stderr is not None  # piped above
        for line in process.stderr:
            if "ready in" in line and ready is None:
                ready = time.monotonic() - began
        process.wait(timeout=30)
        if ready is None:
            raise RuntimeError("halli-pi run never said it was ready")
        return ready

"""``halli-pi bench web``: how fast a ruling reaches the page (target: under 100 ms).

Serves a hub on a free local port, connects live-stream clients (plain HTTP, as a browser's
EventSource does), publishes rulings from another thread among a flood of state events, and
times each ruling from ``hub.publish`` to its arrival at every client. With ``--browser`` it also
times publish-to-drawn in a headless chromium (Playwright pointed at the system's browser).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import tempfile
import threading
import time
from typing import Any

HELP = "time from a published ruling to the live page (stream, and optionally a browser)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rulings", type=int, default=200, help="rulings to publish (200)")
    parser.add_argument("--clients", type=int, default=4, help="stream clients (4)")
    parser.add_argument("--states", type=int, default=20, help="state events per ruling (20)")
    parser.add_argument("--browser", action="store_true", help="also time a headless chromium")


def run(args: argparse.Namespace) -> dict[str, Any]:
    from halli_pi.web.app import serve
    from halli_pi.web.hub import Hub

    hub = Hub(keep_rulings=5)
    hub.publish({"type": "game", "t": 0.0, "ruleset": "classic", "players": ["Ana", "Bo"]})
    server = serve(hub, port=0)
    try:
        figures = _stream(hub, server, args.rulings, args.clients, args.states)
        if args.browser:
            figures |= _browser(hub, server, min(args.rulings, 50))
    finally:
        server.stop()
    return figures


def _ruling(i: int) -> dict[str, Any]:
    return {
        "type": "ruling",
        "id": i,
        "status": "final",
        "t": float(i),
        "winner": 0,
        "presses": [{"seat": 0, "t": float(i), "verdict": "correct", "reaction_ms": 300.0}],
        "cards": [30, 26],
        "reason": "exactly 5 plum: 3 (Ana) + 2 (Bo)",
        "names": ["Ana", "Bo"],
        "evidence": None,
        "sent": time.perf_counter(),
    }


def _stream(hub, server, rulings: int, clients: int, states: int) -> dict[str, Any]:
    arrivals: list[list[float]] = [[] for _ in range(clients)]
    ready = threading.Barrier(clients + 1)

    def client(k: int) -> None:
        conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
        conn.request("GET", "/events")
        res = conn.getresponse()
        ready.wait()
        while len(arrivals[k]) < rulings:
            line = res.fp.readline()
            if not line:
                break
            if line.startswith(b"data: ") and b'"type":"ruling"' in line:
                now = time.perf_counter()
                event = json.loads(line[6:])
                arrivals[k].append((now - event["sent"]) * 1000.0)
        conn.close()

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    for t in threads:
        t.start()
    ready.wait()
    time.sleep(0.2)  # every client has its snapshot
    start = time.perf_counter()
    for i in range(1, rulings + 1):
        for s in range(states):
            hub.publish({"type": "state", "t": float(i), "table": {"totals": {"plum": s % 6}}})
        hub.publish(_ruling(i))
        time.sleep(0.002)
    for t in threads:
        t.join(30)
    elapsed = time.perf_counter() - start
    lat = sorted(x for per in arrivals for x in per)
    received = sum(len(per) for per in arrivals)
    return {
        "stream_clients": clients,
        "stream_rulings_sent": rulings,
        "stream_rulings_received": received,
        "stream_rulings_lost": rulings * clients - received,
        "stream_events_per_s": round(rulings * (states + 1) / elapsed, 1),
        "stream_latency_p50_ms": round(statistics.median(lat), 3) if lat else None,
        "stream_latency_p99_ms": round(lat[int(0.99 * (len(lat) - 1))], 3) if lat else None,
        "stream_latency_max_ms": round(lat[-1], 3) if lat else None,
    }


def _browser(hub, server, rulings: int) -> dict[str, Any]:
    from halli_pi.web.browser import CHROMIUM_ARGS, find_chromium

    executable = find_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"browser": "skipped: Playwright is not installed"}
    if executable is None:
        return {"browser": "skipped: no chromium"}
    lat: list[float] = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=executable,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 390, "height": 844},
        )
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_selector("#link.on")
        # Wall-clock stamps on both sides: the same machine, the same clock.
        page.evaluate(
            """() => { window.__drawn = {};
              new MutationObserver(() => {
                const el = document.querySelector('.now .ruling');
                if (el && !(el.dataset.id in window.__drawn))
                  window.__drawn[el.dataset.id] = performance.timeOrigin + performance.now();
              }).observe(document.getElementById('now'), {childList: true, subtree: true}); }"""
        )
        base = 100_000
        for i in range(base, base + rulings):
            sent = time.time() * 1000.0
            hub.publish(_ruling(i))
            page.wait_for_function(f"() => '{i}' in window.__drawn", timeout=10_000)
            lat.append(page.evaluate(f"() => window.__drawn['{i}']") - sent)
        ctx.close()
    lat.sort()
    return {
        "browser_rulings": len(lat),
        "browser_latency_p50_ms": round(statistics.median(lat), 2),
        "browser_latency_p99_ms": round(lat[int(0.99 * (len(lat) - 1))], 2),
        "browser_latency_max_ms": round(lat[-1], 2),
    }

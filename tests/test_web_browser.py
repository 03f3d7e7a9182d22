"""The page in a real headless browser (Debian's chromium driven by Playwright).

Skips when chromium or Playwright is missing, unless HALLI_PI_REQUIRE_BROWSER=1 (CI), where a
missing browser fails the run. Playwright never downloads a browser here: it is pointed at the
system's chromium (``HALLI_PI_CHROMIUM`` overrides where that is). Screenshots go to the test's
temporary folder, or to ``HALLI_PI_SCREENSHOTS`` when set (to keep them as CI artefacts).
"""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest
from page_table import PageTable

from halli_pi.web.app import serve
from halli_pi.web.browser import CHROMIUM_ARGS, find_chromium

PIN = "1357"
WAIT_MS = 10_000


def _chromium() -> str:
    """The system chromium, or skip (fail when the browser is required)."""
    reason = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "Playwright for Python is not installed (pip install -e '.[test]')"
    path = find_chromium()
    if reason is None and path is None:
        reason = "no chromium browser found (Debian: apt-get install chromium)"
    if reason is not None:
        if os.environ.get("HALLI_PI_REQUIRE_BROWSER") == "1":
            pytest.fail(f"HALLI_PI_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    return path


@pytest.fixture
def shots(tmp_path) -> Path:
    out = Path(os.environ.get("HALLI_PI_SCREENSHOTS") or tmp_path / "shots")
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture
def table():
    table = PageTable(["Ana", "Bo", "Cy", "Dee"], seed=7, provisional_every=3)
    server = serve(table.hub, port=0, pin=PIN)
    table.url = server.url
    yield table
    server.stop()


@pytest.fixture
def page(tmp_path):
    executable = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"),  # a fresh profile every run
            executable_path=executable,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 390, "height": 844},
        )
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.errors = errors
        try:
            yield page
        finally:
            context.close()


def not_blank(path: Path) -> None:
    img = cv2.imread(str(path))
    assert img is not None, f"{path} is not an image"
    assert img.std() > 20, f"{path} looks blank (pixel std {img.std():.1f})"
    # Colours to 4 bits a channel, each packed into one number: counting those is the same
    # count as np.unique over pixel rows, without its slow sort of rows.
    q = (img // 16).astype(np.int32)
    colours = np.count_nonzero(np.bincount((q[..., 0] * 256 + q[..., 1] * 16 + q[..., 2]).ravel()))
    assert colours > 30, f"{path} has only {colours} colours"


def test_the_page_at_the_table(table, page, shots):
    hub = table.hub
    page.goto(table.url)
    page.wait_for_selector("#link.on")  # the live stream is connected
    assert page.locator(".now .empty-note").is_visible()
    assert page.locator("#players .player").count() == 4

    # A ruling published by the referee's thread appears at the top of the page.
    table.play(until_ruling=True)
    published = hub.state["rulings"][-1]
    now = page.locator('.now .ruling[data-id="1"]')
    now.wait_for()
    text = now.inner_text()
    verdict = now.get_attribute("data-verdict")
    assert verdict in ("correct", "wrong", "tie", "void")
    assert verdict.upper() in text  # the verdict as a word, not only a colour
    assert published["reason"] in text
    assert "first" in text  # press times relative to the first press

    # A provisional ruling is replaced in place when it is confirmed.
    while not any(r.get("status") == "provisional" for r in hub.state["rulings"]):
        table.play(until_ruling=True)
    rid = next(r["id"] for r in hub.state["rulings"] if r["status"] == "provisional")
    page.wait_for_selector(f'.now .ruling[data-id="{rid}"][data-status="provisional"]')
    assert "provisional" in page.locator(".now .ruling .status").inner_text().lower()
    table.step()  # the referee confirms it
    page.wait_for_selector(f'.now .ruling[data-id="{rid}"][data-status="confirmed"]')
    assert page.locator(f'#rulings [data-id="{rid}"]').count() == 1

    # The totals and the players follow the table.
    state = hub.state["state"]["table"]
    for kind, n in state["totals"].items():
        assert page.locator(f'.kind[data-kind="{kind}"] .n').inner_text() == str(n)
    page.wait_for_selector("#cam:not([hidden])")  # the camera view has loaded
    # with each seat's zone and what was read in it drawn over it
    page.wait_for_selector("#cam-overlay polygon")
    assert page.locator("#cam-overlay polygon").count() == 4
    labels = page.eval_on_selector_all("#cam-overlay text", "els => els.map(e => e.textContent)")
    for seat in hub.state["state"]["zones"]:
        expected = seat["card"] if seat["state"] == "card" else seat["state"]
        assert any(expected in label for label in labels), (expected, labels)
    page.screenshot(path=str(shots / "phone.png"))

    # Ending the game: refused without the PIN, allowed with it.
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#controls > summary").click()
    page.locator("#form-end button").click()
    page.wait_for_selector("#control-msg.err")
    assert "403" in page.locator("#control-msg").inner_text()
    assert "PIN" in page.locator("#control-msg").inner_text()
    assert not table.engine.game.over

    page.fill("#pin", PIN)
    page.locator("#form-end button").click()
    page.wait_for_selector("#control-msg.ok")
    page.wait_for_selector("#over:not([hidden])")
    assert table.engine.game.over
    assert "Game over" in page.locator("#over").inner_text()

    # History with standings and stats with a chart.
    page.locator("#history-box > summary").click()
    page.wait_for_selector("#history table")
    page.locator("#stats-box > summary").click()
    page.wait_for_selector("#stats svg.chart")
    page.screenshot(path=str(shots / "phone-full.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll

    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "desktop.png"))
    for name in ("phone.png", "phone-full.png", "desktop.png"):
        not_blank(shots / name)

    # Events with only their required fields (or odd ones) are drawn without a script error.
    hub.publish({"type": "ruling", "id": 900, "winner": None, "presses": [], "cards": []})
    page.wait_for_selector('.now .ruling[data-id="900"][data-verdict="void"]')
    hub.publish({"type": "ruling", "id": 901, "winner": 7, "presses": [{"seat": None, "t": 1}]})
    page.wait_for_selector('.now .ruling[data-id="901"]')
    assert "seat 7" in page.locator(".now .ruling").inner_text()
    for _ in range(2):
        hub.publish({"type": "ruling", "id": None, "winner": 0, "presses": []})
    page.wait_for_selector('.now .ruling[data-id="anonymous-2"]')
    assert page.locator('#rulings [data-id="anonymous-1"]').count() == 1
    hub.publish({"type": "state", "table": {"players": [{"seat": 0}], "totals": {"kiwi": 5}}})
    page.wait_for_selector('.kind.five[data-kind="kiwi"]')
    hub.publish({"type": "eliminated", "seat": 3})
    hub.publish({"type": "game_over"})
    hub.publish({"type": "something new", "x": 1})
    page.wait_for_selector(".notice")
    assert page.errors == []

"""The page at a Hawaiki table in a real headless browser: the piles, the hands as accounted,
the duties, and the controls a person taps, through to the referee's rulings.

Skips like test_web_browser (whose browser fixture it uses) when chromium or Playwright is
missing, unless HALLI_PI_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import numpy as np
import pytest
from hawaiki_table import HawaikiTable
from test_web_browser import not_blank, page, shots  # noqa: F401  (fixtures)

from halli_pi.rules.hawaiki.cards import parse_hcard
from halli_pi.vision.hawaiki.piles import PileView
from halli_pi.vision.reader import State
from halli_pi.web.app import serve

PIN = "1357"


@pytest.fixture
def table():
    table = HawaikiTable(["Ana", "Bo", "Cy"], piles=("3 red", "4 blue", "7 green"))
    server = serve(table.hub, port=0, pin=PIN)
    table.url = server.url
    yield table
    server.stop()


def wait_for_log(browser, table, kind: str) -> dict:
    """The control's message said yes; the referee rules it at the table's next tick."""
    browser.wait_for_selector("#control-msg.ok")
    browser.evaluate("document.getElementById('control-msg').className = 'control-msg'")
    table.run_to(table.now)
    return [e for e in table.store.export_session(table.session_id) if e["type"] == kind][-1]


def test_a_hawaiki_turn_on_the_phone(table, page, shots):  # noqa: F811
    page.goto(table.url)
    page.wait_for_selector("#link.on")
    page.wait_for_selector(".hw-pile")
    tops = page.eval_on_selector_all(".hw-pile", "els => els.map(e => e.dataset.card)")
    assert tops == ["3 red", "4 blue", "7 green"]
    assert page.locator("#players .player").count() == 3
    assert "\u2248 6" in page.locator('#players .player[data-seat="0"] .cards').inner_text()
    assert "10 tokens" in page.locator('#players .player[data-seat="0"]').inner_text()
    assert "Ana to play" in page.locator("#game-line").inner_text()

    # The camera's view of the piles: a hand over pile 1, pile 2 read with doubt.
    views = [
        PileView(0, State.CARD, parse_hcard("3 red"), 0.1, 0.97, None),
        PileView(1, State.OCCLUDED, parse_hcard("4 blue"), 0.1, 0.0, None),
        PileView(2, State.CARD, parse_hcard("7 green"), 0.1, 0.62, None),
    ]
    zones = [
        [[20 + 200 * k, 40], [180 + 200 * k, 40], [180 + 200 * k, 260], [20 + 200 * k, 260]]
        for k in range(3)
    ]
    image = np.full((300, 640, 3), 90, np.uint8)
    table.publisher.show_camera(0.5, image, views, zones)
    page.wait_for_selector(".hw-pile:has-text('camera: occluded')")
    assert "read 62% sure" in page.locator(".hw-pile").nth(2).inner_text()
    page.wait_for_selector("#cam-overlay polygon")
    labels = page.eval_on_selector_all("#cam-overlay text", "els => els.map(e => e.textContent)")
    assert labels == ["pile 0: 3 red", "pile 1: occluded", "pile 2: 7 green?"]

    # Ana names her suite on the page, then lays it.
    page.locator("#controls > summary").click()
    assert page.locator("#hawaiki-controls").is_visible()
    assert not page.locator("#form-credit").is_visible()
    page.fill("#pin", PIN)
    table.run_to(1.0)
    page.select_option("#hw-announce select[name=seat]", "0")
    page.check("#hw-announce input[name=suite]")
    page.locator("#hw-announce button").click()
    assert wait_for_log(page, table, "announce") == {
        "type": "announce",
        "t": 1.0,
        "seat": 0,
        "combo": "suite",
        "source": "phone",
    }
    page.wait_for_selector(".now .ruling[data-verdict='correct']")
    assert "Ana announces suite" in page.locator(".now .ruling").inner_text()
    table.play(2, "5 green", at=1.5)

    # The page asks whom Ana designates; a tap on Bo is the designation.
    page.wait_for_selector(".hw-designate")
    assert "Ana designates for the suite" in page.locator(".hw-designate").inner_text()
    table.run_to(2.0)
    page.locator('.hw-designate button[data-target="1"]').click()
    assert wait_for_log(page, table, "designate")["targets"] == [1]
    page.wait_for_selector(".hw-thanks")
    assert "Bo: say merci" in page.locator(".hw-thanks").inner_text()
    assert "owes merci" in page.locator('#players .player[data-seat="1"]').inner_text()

    # Bo's thanks said on the page.
    page.select_option("#hw-merci select[name=seat]", "1")
    page.locator("#hw-merci button").click()
    wait_for_log(page, table, "merci")
    page.wait_for_selector(".now .ruling .word:has-text('IN TIME')")
    assert "Bo \u00b7 merci" in page.locator(".now .ruling .who").inner_text()
    page.wait_for_function("!document.querySelector('.hw-thanks')")

    # The camera doubts a play; the person answers yes.
    table.run_to(2.9)
    table.now = 3.2
    table.publisher.ask_play(3.0, 0, "3 red")
    page.wait_for_selector(".hw-question")
    assert "Did Ana lay a 3 red on pile 0?" in page.locator(".hw-question").inner_text()
    page.screenshot(path=str(shots / "hawaiki-phone.png"), full_page=True)
    page.locator(".hw-question button.yes").click()
    assert wait_for_log(page, table, "play")["t"] == 3.0
    page.wait_for_function("!document.querySelector('.hw-question')")

    # A refusal says which field was wrong.
    page.fill("#hw-count input[name=cards]", "-2")
    page.evaluate("document.querySelector('#hw-count input[name=cards]').removeAttribute('min')")
    page.locator("#hw-count button").click()
    page.wait_for_selector("#control-msg.err")
    assert "field 'cards'" in page.locator("#control-msg").inner_text()
    not_blank(shots / "hawaiki-phone.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_the_phone_offers_taken_back_for_an_unreadable_top_that_awaits_its_take_back(
    table,
    page,  # noqa: F811
):
    said: list[tuple[int, object]] = []  # what the page's answer told the pile reader
    table.controls.on_taken_back = lambda pile, card: said.append((pile, card))
    table.play(2, "5 blue", at=0.5)  # illegal on 7 green: the referee wants it back
    table.run_to(1.2)
    table.publisher.ask_top(0.8, 2, seen_t=1.0)  # a hand over pile 2; its top cannot be read
    table.publisher.ask_top(0.9, 0, seen_t=1.0)  # and over pile 0, which awaits nothing
    page.goto(table.url)
    page.wait_for_selector(".hw-question[data-pile='2'] .hw-taken-back")
    assert page.locator(".hw-question[data-pile='0'] .hw-name-top").count() == 1
    assert page.locator(".hw-question[data-pile='0'] .hw-taken-back").count() == 0
    page.locator("#controls > summary").click()  # the PIN lives with the controls
    page.fill("#pin", PIN)
    page.locator(".hw-question[data-pile='2'] .hw-taken-back").click()
    page.wait_for_selector("#control-msg.ok")
    assert "taken back" in page.locator("#control-msg").inner_text()
    assert said == [(2, None)]
    assert page.errors == []

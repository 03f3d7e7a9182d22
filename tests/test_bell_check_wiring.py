"""`halli-pi check-wiring` on the mock factory: scripted table, a person's answers, mistakes."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

from halli_pi.bell import demo_table
from halli_pi.bell.wiring_check import check_wiring
from halli_pi.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "table.toml"


def test_the_mock_table_passes_every_step(factory):
    out = io.StringIO()
    config = demo_table(4, shared="piezo", mcp3008_channel=0)
    results = check_wiring(config, factory, out=out, mock=True, timeout_s=5)
    text = out.getvalue()
    assert all(r.ok for r in results), text
    items = [r.item for r in results]
    assert items[:4] == [f"seat {i} button" for i in range(4)]
    assert "seat 0 green" in items and "status light red" in items and "buzzer" in items
    assert items[-1] == "bell piezo"
    bell = results[-1].detail
    assert "shared bell" in bell and "peak 1.82 V" in bell and "bounce edges swallowed" in bell
    assert "Summary: 16 ok, 0 failed" in text


def test_the_cli_mock_exits_0(capsys):
    assert main(["check-wiring", "--mock", "--timeout", "5"]) == 0
    assert "Summary: 16 ok, 0 failed" in capsys.readouterr().out


def test_the_cli_mock_reads_a_config(capsys):
    assert main(["check-wiring", "--mock", "--config", str(EXAMPLE), "--timeout", "5"]) == 0
    assert "bell piezo" in capsys.readouterr().out


class Person:
    """Presses the buttons of a real-time table from another thread, each when the check asks
    for the next button (it asks only once the button before has re-armed)."""

    def __init__(self, factory, presses, out):
        self.factory = factory
        self.presses = presses  # BCM pins to press, in order
        self.out = out  # what the check says
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        for asked, pin in enumerate(self.presses, start=1):
            if not self.wait(lambda n=asked: self.out.getvalue().count("press it now") >= n, 10):
                return  # never asked: the test's own assertions say what went wrong
            said = len(self.out.getvalue())
            self.press(pin)
            # A press that lands between the question and the check's clearing of stale
            # presses is cleared with them: press again while the check has said nothing.
            for _ in range(20):
                if self.wait(lambda n=said: len(self.out.getvalue()) > n, 0.5):
                    break
                self.press(pin)

    def wait(self, check, seconds):
        deadline = time.monotonic() + seconds
        while not check():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def press(self, pin):
        self.factory.pin(pin).drive_low()
        time.sleep(0.01)  # the finger's hold: a press, not a wait for anything
        self.factory.pin(pin).drive_high()


def test_a_person_answers_and_a_dark_led_fails(factory):
    config = demo_table(2)
    out = io.StringIO()
    person = Person(factory, [5, 12], out)  # seat 0's button, then seat 1's
    person.thread.start()
    answers = io.StringIO("y\nn\n\ny\n")  # seat 0 red not seen; Enter means yes
    results = check_wiring(config, factory, out=out, inp=answers, timeout_s=5)
    by_item = {r.item: r for r in results}
    assert by_item["seat 0 button"].ok and by_item["seat 1 button"].ok
    assert "seat 0," in by_item["seat 0 button"].detail
    assert by_item["seat 0 green"].ok
    assert not by_item["seat 0 red"].ok and "not seen" in by_item["seat 0 red"].detail
    assert by_item["seat 1 green"].ok and by_item["seat 1 red"].ok
    assert "1 failed: seat 0 red" in out.getvalue()


def test_swapped_wires_and_silence_are_reported(factory):
    config = demo_table(2)
    out = io.StringIO()
    person = Person(factory, [12], out)  # seat 1's button while seat 0's is asked for
    person.thread.start()
    results = check_wiring(config, factory, out=out, inp=io.StringIO(""), timeout_s=1.0)
    text = out.getvalue()
    assert "heard seat 1 button (BCM 12) instead: wires swapped?" in text
    by_item = {r.item: r for r in results}
    assert not by_item["seat 0 button"].ok and "nothing rang" in by_item["seat 0 button"].detail
    assert not by_item["seat 0 green"].ok and "no answer" in by_item["seat 0 green"].detail

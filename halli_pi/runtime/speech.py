"""Spoken verdicts through a text-to-speech program, when one is installed.

Speaking never blocks the referee: the program runs in the background, and a new verdict cuts
off one still being spoken.
"""

from __future__ import annotations

import logging
import shutil
import subprocess

from halli_pi.cards import TWIST_COLOURS
from halli_pi.referee import Decision, RefereeListener, Status
from halli_pi.rules.events import Verdict
from halli_pi.rules.hawaiki.events import HawaikiRuling
from halli_pi.runtime.seat_lights import PENALTIES

log = logging.getLogger(__name__)
PROGRAMS = (("espeak-ng", ["-s", "170"]), ("espeak", ["-s", "170"]), ("spd-say", ["-w"]))


def plural(kind: str) -> str:
    """'strawberry' -> 'strawberries', 'plum' -> 'plums', a Twist colour -> 'red symbols'."""
    if kind in TWIST_COLOURS:
        return f"{kind} symbols"
    if kind.endswith("y"):
        return kind[:-1] + "ies"
    return kind + "s"


def sentence(decision: Decision) -> str | None:
    """What to say: 'Ana, correct: five strawberries.' None when nothing is worth saying."""
    ruling = decision.ruling
    if isinstance(ruling, HawaikiRuling):
        # Most Hawaiki rulings are plays with no press to speak of: only a penalty (a card to
        # draw) is said aloud, in the ruling's own words.
        return ruling.reason if ruling.verdict in PENALTIES else None
    counted = [p for p in ruling.presses if p.verdict is not Verdict.VOID]
    if not counted:
        return None
    first = counted[0]
    who = "Somebody" if first.seat is None else decision.players[first.seat]
    prefix = ""
    if first.verdict is Verdict.TIE:
        return f"{prefix}A tie! Nobody wins."
    if first.verdict is Verdict.CORRECT:
        kind = ruling.reason.split("exactly 5 ", 1)[-1].split(":", 1)[0]
        return f"{prefix}{who}, correct: five {plural(kind)}."
    return f"{prefix}{who}, wrong."


class Speaker(RefereeListener):
    """A referee listener that speaks verdicts once they stand (provisional ones are not
    spoken, so a correction is never heard as a change of mind)."""

    def __init__(self, program: str | None = None) -> None:
        found = [(p, args) for p, args in PROGRAMS if shutil.which(program or p)]
        path = shutil.which(found[0][0]) if found else None
        self.command: list[str] | None = None if path is None else [path, *found[0][1]]
        self._running: subprocess.Popen | None = None

    @property
    def available(self) -> bool:
        return self.command is not None

    def on_decision(self, decision: Decision) -> None:
        if self.command is None or decision.status is Status.PROVISIONAL:
            return
        text = sentence(decision)
        if text:
            self.say(text)

    def say(self, text: str) -> None:
        if self.command is None:
            return  # no program to speak with (available says so)
        if self._running is not None and self._running.poll() is None:
            self._running.terminate()
        try:
            self._running = subprocess.Popen(
                [*self.command, text], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError as err:
            log.warning("cannot speak with %s: %s", self.command[0], err)
            self.command = None

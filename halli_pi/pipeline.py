"""Pieces of the pipeline that `run` and the demo share: the vision watermark, the lights as
a referee listener, and the evidence image written for each ruling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from halli_pi.referee import Decision, Status
from halli_pi.rules.events import Press


def settled_until(tracker: Any, t: float) -> float:
    """The time up to which every zone has reported all its reveals: a zone that is changing
    (a hand over it, a card settling) holds the mark at the first frame of its change, since a
    card it accepts later is stamped no earlier than that frame."""
    marks = [z.history[0][0] for z in tracker.zones if z.history]
    return min(marks) - 1e-6 if marks else t


def blind_reason(tracker: Any, names: tuple[str, ...]) -> str | None:
    covered = [names[v.seat] for v in tracker.view() if v.state in ("occluded", "unknown")]
    if not covered:
        return None
    return ", ".join(covered) + ("'s pile is" if len(covered) == 1 else "' piles are") + " covered"


class LightsListener:
    """The bell's signals, driven by the referee (kids mode lights on the mock pins)."""

    urgent = True  # lights come before the evidence image and the screens

    def __init__(self, signals: Any, on_shown: Callable[[], None] | None = None) -> None:
        self.signals = signals
        self.on_shown = on_shown  # told when a verdict light has been set (for the figures)

    def on_first_press(self, press: Press) -> None:
        self.signals.first_press(press.seat)

    def on_decision(self, decision: Decision) -> None:
        if decision.status is not Status.CONFIRMED:
            self.signals.show_ruling(decision.ruling)
            if self.on_shown is not None:
                self.on_shown()


def evidence_writer(store, session, ring, zones) -> Callable[[Decision], Any]:
    from halli_pi.evidence import draw_evidence, evidence_path, write_jpeg

    def write(decision: Decision):
        if decision.id is None or decision.status is Status.CONFIRMED:
            return None
        first = min(p.t for p in decision.ruling.presses)
        snap = ring.closest_before(first)
        if snap is None:
            return None
        seat_zones = [
            (seat, decision.players[seat] if seat < len(decision.players) else str(seat), z)
            for seat, z in enumerate(zones)
        ]
        lines = [decision.ruling.reason[:90]]
        image = draw_evidence(
            snap.frame, seat_zones, snap.readings, title=f"press at {first:.3f} s", lines=lines
        )
        path = write_jpeg(evidence_path(store.evidence_dir, session, decision.id), image)
        store.add_evidence(decision.id, path, press_t=first, frame_t=snap.t)
        return path

    return write

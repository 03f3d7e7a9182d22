"""Pieces of the pipeline that `run` and the demo share: the lights as a referee listener, and
the evidence image written for each ruling."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from halli_pi.referee import Decision, EvidenceWriter, RefereeListener, Status, ruling_start
from halli_pi.rules.events import Press, Ruling


class LightsListener(RefereeListener):
    """The bell's signals, driven by the referee (kids mode lights on the mock pins)."""

    urgent = True  # lights come before the evidence image and the screens

    def __init__(self, signals: Any, on_shown: Callable[[], None] | None = None) -> None:
        self.signals = signals
        self.on_shown = on_shown  # told when a verdict light has been set (for the figures)

    def on_first_press(self, press: Press) -> None:
        self.signals.first_press(press.seat)

    def on_decision(self, decision: Decision) -> None:
        if decision.status is not Status.CONFIRMED and isinstance(decision.ruling, Ruling):
            self.signals.show_ruling(decision.ruling)
            if self.on_shown is not None:
                self.on_shown()


def evidence_writer(
    store: Any,
    session: int,
    ring: Any,
    zones: list[Any],
    *,
    labels: list[tuple[int, str, Any]] | None = None,
) -> EvidenceWriter:
    """The evidence image of each ruling: the frame before its first press (or before the
    ruling itself, when no press was ruled), the zones marked with `labels` ((key, label,
    zone); by default each seat's zone with its player's name)."""
    from halli_pi.evidence import draw_evidence, evidence_path, write_jpeg

    def write(decision: Decision) -> Path | None:
        if decision.id is None or decision.status is Status.CONFIRMED:
            return None
        first = ruling_start(decision.ruling)
        snap = ring.closest_before(first)
        if snap is None:
            return None
        seat_zones = labels or [
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

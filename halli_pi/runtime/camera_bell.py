"""A shared bell credited by the camera, at a running table: the gate between the bell, the hand
tracker and the table session.

At a table with one real bell (a ``[[bell]]`` switch or piezo, no seat) and a layout with a bell
zone, every frame goes through the hand tracker (``vision.hands``); a seatless press from the
bell is held here until the tracker has seen the frames up to ``after_s`` past its edge, then
handed to the referee with the seat the camera names (``bell_camera.CameraCredits``), or as it
came, uncredited, when the camera cannot say, for a person to credit on the page or terminal.
While a press is held, the referee is not ticked past its edge (it would rule the burst
without it). If frames stop coming (a lost camera), a held press goes on uncredited after
``timeout_s``, from the referee's own ticks.

The stream: the camera runs at ``BELL_FPS`` (640x480 at 60 fps), the whole view, not a cropped
window round the bell, because the tracker names a seat by tracing each arm back to where it
crosses the picture's border or the table's edge; a window round the bell cuts every arm off
from its side. The hand tracker reads every frame (a frame is 16.7 ms; two hands two frames
apart are 33 ms apart); the card tracker reads every ``TABLE_EVERY``-th frame, the 30 fps it
has always had, so the reader's cost does not double. 60 rather than 120 fps: the common Pi
cameras give 120 only in binned or cropped modes with half the light per frame, and the Pi's
two trackers would have half the time per frame.

Threads: the bell's thread calls ``hold``, the vision thread ``frame``, the referee's thread
``ready``/``tick_cap`` (through the session's tick); one lock keeps the tracker's history and
the held presses whole between them.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from halli_pi.bell_camera import BellFrames, CameraCredits
from halli_pi.rules.events import Press

if TYPE_CHECKING:
    import numpy as np

    from halli_pi.rules.session import SessionInput
    from halli_pi.runtime.session import TableSession
    from halli_pi.vision.hands import HandTracker
    from halli_pi.vision.layout import Layout

log = logging.getLogger(__name__)
BELL_FPS = 60.0  # the camera's rate when a shared bell is credited by it (see above)
TABLE_EVERY = 2  # the card tracker reads every second frame: the table's 30 fps
# Recordings with a rate of their own (a video file) keep it; every other source is asked for
# the bell's rate (a folder of frames has none of its own: it is played at the one asked for).
OWN_RATE_SOURCES = ("video",)


def camera_fps(spec: str, credits_by_camera: bool) -> float | None:
    """The frame rate to open the camera at: the bell's rate when the camera credits a shared
    bell's rings, else None (the source's default)."""
    if not credits_by_camera:
        return None
    kind = spec.split(":", 1)[0].strip().lower()
    return None if kind in OWN_RATE_SOURCES else BELL_FPS


class CameraBell:
    """Holds a shared bell's presses until the camera names the hand; feeds the session."""

    def __init__(
        self,
        table: TableSession,
        tracker: HandTracker,
        *,
        table_every: int = TABLE_EVERY,
        timeout_s: float = 0.3,
        credits: CameraCredits | None = None,
        frames: BellFrames | None = None,
    ) -> None:
        """`credits` and `frames`: ones made before the session (the evidence writer of a
        ruling needs them from the start); new ones otherwise."""
        if table_every < 1:
            raise ValueError(f"table_every must be 1 or more, got {table_every}")
        self.table = table
        self.tracker = tracker
        self.credits = (
            credits if credits is not None else CameraCredits(tracker, timeout_s=timeout_s)
        )
        # The evidence: the frames round each edge, hands outlined.
        self.frames = frames if frames is not None else BellFrames()
        self.table_every = table_every
        self.frame_ms = 0.0  # the hand tracker's work on the last frame
        self._count = 0
        self._lock = threading.Lock()
        table.gate = self

    # --- the session's hooks ----------------------------------------------------------------

    def hold(self, press: Press) -> bool:
        """Keep a shared bell's press (no seat) for the camera; True when it was kept."""
        if press.seat is not None:
            return False
        with self._lock:
            self.credits.hold(press)
        return True

    def ready(self, now: float) -> list[Press]:
        """Held presses the camera has answered (or waited out), credited, in time order."""
        with self._lock:
            return self.credits.ready(now)

    def tick_cap(self, now: float) -> float:
        with self._lock:
            return self.credits.tick_cap(now)

    # --- the per-frame step ---------------------------------------------------------------

    def frame(
        self, t: float, image: np.ndarray, now: float | None = None
    ) -> list[SessionInput] | None:
        """One camera frame: the hands at every frame, the cards at every `table_every`-th
        (their reveals are returned; None on a frame the card tracker skips); the presses it
        answers go to the referee, which is then ruled up to `now`."""
        import time

        start = time.perf_counter()
        with self._lock:
            hands = self.tracker.update(image, t)
            self.credits.frame_seen(t)
        self.frame_ms = (time.perf_counter() - start) * 1000.0
        self.frames.push(t, image, hands)
        now = t if now is None else now
        cards = self._count % self.table_every == 0
        self._count += 1
        if cards:
            return self.table.frame(t, image, now=now)  # its tick releases what it answered
        self.table.tick(now)
        return None


def attach(table: TableSession, shared_bell: bool, layout: Layout) -> CameraBell | None:
    """The camera's credits for a table with a shared bell and a bell zone in its layout; None
    (a person credits every shared ring, as before) without either, said in the log."""
    from halli_pi.vision.hands import HandTracker

    if not shared_bell:
        return None
    if layout.bell is None:
        log.warning(
            "the layout has no bell zone: a person credits every ring of the shared bell "
            "(calibrate finds the bell, or give it with --bell X,Y,R)"
        )
        return None
    gate = CameraBell(table, HandTracker.for_layout(layout))
    log.info("the camera names who rang the shared bell (%g fps)", BELL_FPS)
    return gate

"""The seam between the shared bell and the camera: the edge gives the time, the camera the hand.

A shared bell's press (seat ``None``) is *held* here until the hand tracker has seen the frames
up to ``after_s`` past its edge (the burst window, which the referee waits out anyway), then it
goes to the referee with the seat the camera names, ``source: "camera"``, a ``confidence``, and
the other hand's seat and the frame gap when two hands came. When the camera cannot say (two
hands within one frame, an arm it cannot trace, no frames), the press goes on as it came,
uncredited, and a person says who rang, as without a camera.

While a press is held, the referee must not be ticked past its edge (it would rule the burst
without it): ``tick_cap(now)`` gives the time the referee may be ticked to.

The bell frames kept here (``BellFrames``) are the evidence: the frame before and the frame
after the edge, side by side, with each arm outlined and the seat it was given to.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from halli_pi.rules.events import Press
from halli_pi.vision.hands import CameraCredit, HandFrame, HandTracker

if TYPE_CHECKING:
    from halli_pi.referee import Decision, EvidenceWriter

SOURCE = "camera"


def credited(press: Press, credit: CameraCredit) -> Press:
    """The press as the log keeps it: the camera's seat and figures, or unchanged."""
    if credit.seat is None:
        return press
    return dataclasses.replace(
        press,
        seat=credit.seat,
        source=SOURCE,
        confidence=round(float(credit.confidence), 3),
        other_seat=credit.other_seat,
        frame_gap=credit.frame_gap,
    )


@dataclass
class _Held:
    press: Press
    due: float  # session time of the last frame the question may use


class CameraCredits:
    """Holds shared-bell presses until the camera has seen past their edge, then credits them."""

    def __init__(self, tracker: HandTracker, *, timeout_s: float = 0.3) -> None:
        self.tracker = tracker
        self.timeout_s = timeout_s  # no frames this long after an edge: the camera is gone
        self._held: list[_Held] = []
        self.answers: dict[float, CameraCredit] = {}  # by press time, for the evidence
        self._seen_to = float("-inf")  # the tracker has frames up to here

    def hold(self, press: Press) -> None:
        self._held.append(_Held(press, press.t + self.tracker.tuning.after_s))

    def frame_seen(self, t: float) -> None:
        self._seen_to = max(self._seen_to, t)

    def tick_cap(self, now: float) -> float:
        """How far the referee may be ticked: not past a held press's edge."""
        if not self._held:
            return now
        return min(now, min(h.press.t for h in self._held))

    def ready(self, now: float) -> list[Press]:
        """Held presses whose frames are all in (or whose wait is over), credited, in order."""
        out, keep = [], []
        for held in self._held:
            if self._seen_to >= held.due or now >= held.press.t + self.timeout_s:
                answer = self.tracker.first_hand(held.press.t)
                self.answers[held.press.t] = answer
                out.append(credited(held.press, answer))
            else:
                keep.append(held)
        self._held = keep
        if len(self.answers) > 64:  # the evidence is drawn within a second; keep memory flat
            for t in sorted(self.answers)[:-32]:
                del self.answers[t]
        return sorted(out, key=lambda p: p.t)


class BellFrames:
    """The last second of bell frames with what the hand tracker made of them."""

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds
        self._frames: deque[tuple[float, np.ndarray, HandFrame]] = deque()

    def push(self, t: float, frame: np.ndarray, hands: HandFrame) -> None:
        self._frames.append((t, frame, hands))
        while self._frames and self._frames[0][0] < t - self.seconds:
            self._frames.popleft()

    def around(self, t: float) -> tuple[tuple | None, tuple | None]:
        before = after = None
        for item in self._frames:
            if item[0] <= t:
                before = item
            elif after is None:
                after = item
        return before, after


def draw_hands(frame: np.ndarray, hands: HandFrame, names: tuple[str, ...]) -> np.ndarray:
    """One bell frame with each arm outlined and labelled with the seat it was given to."""
    import cv2

    out = frame.copy()
    colours = [(0, 220, 0), (0, 160, 255), (255, 120, 0), (200, 0, 200), (0, 220, 220), (0, 0, 230)]
    for arm in hands.arms:
        colour = (0, 0, 255) if arm.seat is None else colours[arm.seat % len(colours)]
        cv2.polylines(out, [arm.outline.reshape(-1, 1, 2)], True, colour, 2, cv2.LINE_AA)
        who = "?" if arm.seat is None else (names[arm.seat] if arm.seat < len(names) else arm.seat)
        x, y = int(arm.tip[0]), int(arm.tip[1])
        cv2.putText(out, str(who), (x + 4, y - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 3)
        cv2.putText(out, str(who), (x + 4, y - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 1)
    return out


def hands_evidence(
    frames: BellFrames, t: float, answer: CameraCredit | None, names: tuple[str, ...]
) -> np.ndarray | None:
    """The frames just before and just after the edge at `t`, side by side, hands outlined,
    with the camera's answer written above them."""
    import cv2

    before, after = frames.around(t)
    if before is None or after is None:
        return None
    panels = []
    for label, (ft, frame, hands) in (("before", before), ("after", after)):
        img = draw_hands(frame, hands, names)
        text = f"{label} the ring: {1000 * (ft - t):+.1f} ms"
        cv2.putText(img, text, (8, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 3)
        cv2.putText(img, text, (8, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1)
        panels.append(img)
    image = np.hstack(panels)
    if answer is None:
        line = "the camera was not asked"
    elif answer.seat is None:
        line = f"who rang? a person decides: {answer.reason}"
    else:
        line = f"camera: {names[answer.seat] if answer.seat < len(names) else answer.seat}"
        line += f" ({answer.reason}, confidence {answer.confidence:.2f})"
    band = np.zeros((30, image.shape[1], 3), np.uint8)
    cv2.putText(band, line[:110], (8, 21), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1)
    return np.vstack([band, image])


def hands_path(evidence_dir: str | Path, session: int, ruling_id: int) -> Path:
    """``ruling-000042-hands.jpg`` beside the ruling's table photo: a name of its own (the
    table's later frames take ``-1``, ``-2``), by which the page finds it."""
    from halli_pi.evidence import evidence_path
    from halli_pi.web.hands_view import SUFFIX

    table_photo = evidence_path(evidence_dir, session, ruling_id)
    return table_photo.with_name(table_photo.stem + SUFFIX)


def hands_evidence_writer(
    store: Any,
    session: int,
    credits: CameraCredits,
    frames: BellFrames,
    table_writer: EvidenceWriter | None,
) -> EvidenceWriter:
    """The referee's evidence: the table photo (as without a camera credit), then, for a shared
    bell's ring, the hands around its edge as a second image of the same ruling."""
    from halli_pi.evidence import write_jpeg
    from halli_pi.referee import Status, ruling_start

    def write(decision: Decision) -> str | Path | None:
        path = table_writer(decision) if table_writer is not None else None
        if decision.id is None or decision.status is Status.CONFIRMED:
            return path
        # A ruling with no press (none in Halli Galli; a Hawaiki play or timer) has no ring.
        first = ruling_start(decision.ruling)
        if first not in credits.answers:
            return path
        image = hands_evidence(frames, first, credits.answers[first], decision.players)
        if image is None:
            return path
        hands = write_jpeg(hands_path(store.evidence_dir, session, decision.id), image)
        _, after = frames.around(first)
        frame_t = None if after is None else after[0]
        store.add_evidence(decision.id, hands, press_t=first, frame_t=frame_t)
        return path or hands

    return write

"""Frame sources: one interface over every way a frame reaches the card reader.

Each source yields ``Frame(image, t_ns)``: a BGR ``uint8`` image (H x W x 3) and its timestamp in
nanoseconds on the monotonic clock, which is the session clock's own clock
(``halli_pi.clock.SessionClock``: ``clock.to_session(frame.t_ns)`` gives the ``t`` of SPEC §1).
Nothing above this module knows which source it has. Sources are chosen by a spec string
(``open_source``):

=====================  ======================================================================
``picamera2[:N]``      Raspberry Pi camera N (default 0) through picamera2.
``v4l2:/dev/videoN``   a USB webcam through OpenCV's V4L2 backend (``v4l2:N`` works too).
``video:PATH``         a video file; timestamps from the frame index and the file's frame rate.
``folder:DIR``         the images in a folder, in natural name order, at a fixed frame rate.
``synthetic``          frames from code (the renderer's scenes), given as ``producer=``.
=====================  ======================================================================

Where the timestamps come from, per source:

- picamera2: the request metadata's ``SensorTimestamp`` (start of exposure, kernel time). It is
  ``CLOCK_MONOTONIC`` in practice, although libcamera once documented it as boot time; the two
  only differ across a suspend, which a Pi at a table does not do.
- V4L2: OpenCV's ``CAP_PROP_POS_MSEC`` for this backend is the driver's buffer timestamp, which
  UVC webcams and most V4L2 drivers take from ``CLOCK_MONOTONIC`` when the frame arrives. The
  first stamped frame after opening decides: if that stamp lies within a second before "now" on the
  monotonic clock it is used for every frame; otherwise (a driver with another clock, or none)
  each frame is stamped with the monotonic clock just after ``grab()`` returns, which is late by
  the transfer and any queued buffers (about a frame). The choice is logged.
- video and folder: ``start_ns + index / fps``, with ``start_ns`` the session clock's start when a
  clock is given (so frame 0 is at t = 0) and 0 otherwise.
- synthetic: whatever the producer says.

picamera2 is not on PyPI in a usable form: it comes with Raspberry Pi OS (``apt install
python3-picamera2``), so the Pi install makes its virtual environment with
``--system-site-packages``. It is imported only when a ``picamera2`` source is opened.
Frames are asked for in picamera2's ``RGB888`` format, whose bytes are in B, G, R order: OpenCV's
BGR, no conversion. White balance, exposure and gain are measured for ``settle_s`` seconds after
opening and then frozen (``AwbEnable``/``AeEnable`` off, the measured ``ColourGains``,
``ExposureTime`` and ``AnalogueGain`` set), because a hand or sleeve entering the view otherwise
shifts the colours the reader relies on. The frozen values are kept and put back when the camera
is reopened, and can be saved and passed back in (``controls=``).

A live camera that stops giving frames (an error, or for picamera2 no frame within
``frame_timeout_s``) raises ``SourceLostError`` from ``read``;
``ResilientSource`` (which ``open_source`` puts around cameras and synthetic producers) reports it
as a ``SourceLost`` status through ``on_status``, closes the device and reopens it with
exponential backoff until it is back (``SourceRestored``), so a game is never ended by a loose
cable. A camera missing when the source is first opened is a ``HardwareError`` naming it.

Works with OpenCV 4.7+ (Raspberry Pi OS) and 5.x (pip): only ``VideoCapture``, ``CAP_V4L2``,
``CAP_PROP_*`` and ``imread``, which have not moved.
"""

from __future__ import annotations

import logging
import math
import os
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

import numpy as np

from halli_pi.errors import HardwareError, InputError

if TYPE_CHECKING:
    from halli_pi.clock import SessionClock

log = logging.getLogger(__name__)

NS = 1_000_000_000
DEFAULT_SIZE = (640, 480)
DEFAULT_FPS = 30.0
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm")


class Frame(NamedTuple):
    """One frame: BGR uint8 image and its monotonic timestamp in ns (unpacks as a pair)."""

    image: np.ndarray
    t_ns: int

    def seconds(self, clock: SessionClock) -> float:
        """The frame's time in seconds since the session started (SPEC §1 ``t``)."""
        return clock.to_session(self.t_ns)


class SourceLostError(HardwareError):
    """A live source stopped giving frames mid-stream (raised by ``read``)."""


class SourceState(Enum):
    CLOSED = "closed"
    LIVE = "live"
    LOST = "lost"
    ENDED = "ended"


@dataclass(frozen=True)
class SourceLost:
    """Status: the source went away; it will be reopened in ``retry_in_s`` seconds."""

    source: str
    reason: str
    attempt: int  # reopen attempts so far for this outage (0 when first lost)
    retry_in_s: float
    t_ns: int

    @property
    def message(self) -> str:
        if self.attempt == 0:
            return (
                f"camera {self.source} lost: {self.reason}; the table is not watched until it "
                f"is back (retrying in {self.retry_in_s:.1f} s)"
            )
        return (
            f"camera {self.source} still lost after {self.attempt} reopen attempt(s): "
            f"{self.reason}; retrying in {self.retry_in_s:.1f} s"
        )


@dataclass(frozen=True)
class SourceRestored:
    """Status: the source is back after an outage of ``down_s`` seconds."""

    source: str
    down_s: float
    attempts: int
    t_ns: int

    @property
    def message(self) -> str:
        return (
            f"camera {self.source} back after {self.down_s:.1f} s ({self.attempts} attempt(s)); "
            "reveals during the outage were not seen"
        )


SourceStatus = SourceLost | SourceRestored


def _monotonic_ns(clock: SessionClock | None) -> int:
    return clock.now_ns() if clock is not None else time.monotonic_ns()


def _as_bgr(image: Any, where: str) -> np.ndarray:
    """Frames are always H x W x 3 uint8 BGR; grey and BGRA are converted, anything else is an
    error naming where it came from."""
    import cv2

    if not isinstance(image, np.ndarray) or image.size == 0:
        raise InputError(f"no image data ({type(image).__name__})", where=where)
    if image.dtype != np.uint8:
        raise InputError(f"frame must be 8-bit, got {image.dtype}", where=where)
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    raise InputError(f"frame has an odd shape {image.shape}", where=where)


class FrameSource(ABC):
    """A source of frames. ``open`` (HardwareError/InputError when it cannot), ``read`` (a Frame,
    None at the end of a file, SourceLostError when a live device goes away), ``close``.
    Iterating opens it if needed and yields frames to the end. Usable as a context manager."""

    #: The spec string it was opened from, for messages (``v4l2:/dev/video0``).
    name: str = "source"
    #: True for cameras: frames keep coming until closed, and losing it is worth a retry.
    live: bool = False

    def __init__(self) -> None:
        self._open = False

    @property
    def is_open(self) -> bool:
        return self._open

    def open(self) -> None:
        if not self._open:
            self._do_open()
            self._open = True

    def read(self) -> Frame | None:
        if not self._open:
            self.open()
        return self._do_read()

    def close(self) -> None:
        if self._open:
            self._open = False
            self._do_close()

    @abstractmethod
    def _do_open(self) -> None: ...

    @abstractmethod
    def _do_read(self) -> Frame | None: ...

    def _do_close(self) -> None:  # noqa: B027  (nothing to release by default)
        pass

    def __iter__(self) -> Iterator[Frame]:
        while True:
            frame = self.read()
            if frame is None:
                return
            yield frame

    def __enter__(self) -> FrameSource:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


# --- files --------------------------------------------------------------------------------


def _natural_key(path: Path) -> list[Any]:
    # frame2.png before frame10.png, as a person numbering files expects.
    return [int(p) if p.isdigit() else p.lower() for p in re.split(r"(\d+)", path.name)]


class FolderSource(FrameSource):
    """The images in a folder, in natural name order, ``fps`` frames per second."""

    def __init__(
        self,
        folder: str | Path,
        *,
        fps: float = DEFAULT_FPS,
        clock: SessionClock | None = None,
        start_ns: int | None = None,
    ) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.name = f"folder:{folder}"
        if not (fps > 0 and math.isfinite(fps)):
            raise InputError(f"frame rate must be positive, got {fps!r}", field="fps")
        self.fps = float(fps)
        self.start_ns = start_ns if start_ns is not None else (clock.start_ns if clock else 0)
        self._files: list[Path] = []
        self._index = 0

    def _do_open(self) -> None:
        if not self.folder.is_dir():
            raise InputError("no such folder of images", where=str(self.folder))
        files = [
            p for p in self.folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES
        ]
        if not files:
            raise InputError(
                f"no images ({', '.join(IMAGE_SUFFIXES)}) in the folder", where=str(self.folder)
            )
        self._files = sorted(files, key=_natural_key)
        self._index = 0

    @property
    def files(self) -> list[Path]:
        return list(self._files)

    def _do_read(self) -> Frame | None:
        import cv2

        if self._index >= len(self._files):
            return None
        path = self._files[self._index]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise InputError("not a readable image", where=str(path))
        t_ns = self.start_ns + round(self._index * NS / self.fps)
        self._index += 1
        return Frame(_as_bgr(image, str(path)), t_ns)


class VideoSource(FrameSource):
    """A video file; frame i is at ``start_ns + i / fps`` (the file's rate, or ``fps`` when the
    file does not say or says something absurd)."""

    def __init__(
        self,
        path: str | Path,
        *,
        fps: float | None = None,
        clock: SessionClock | None = None,
        start_ns: int | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.name = f"video:{path}"
        self._fps_asked = fps
        self.fps = fps or DEFAULT_FPS
        self.start_ns = start_ns if start_ns is not None else (clock.start_ns if clock else 0)
        self._cap: Any = None
        self._index = 0

    def _do_open(self) -> None:
        import cv2

        if not self.path.is_file():
            raise InputError("no such video file", where=str(self.path))
        cap = cv2.VideoCapture(str(self.path))
        if not cap.isOpened():
            cap.release()
            raise InputError("cannot open as a video (unknown format?)", where=str(self.path))
        if self._fps_asked is None:
            rate = cap.get(cv2.CAP_PROP_FPS)
            if math.isfinite(rate) and 0 < rate <= 1000:
                self.fps = float(rate)
            else:
                log.warning("%s: no usable frame rate (%r); assuming %g", self.path, rate, self.fps)
        if self._index:
            # Reopened mid-file: carry on where it stopped, so timestamps keep increasing.
            cap.set(cv2.CAP_PROP_POS_FRAMES, self._index)
        self._cap = cap

    def _do_read(self) -> Frame | None:
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        t_ns = self.start_ns + round(self._index * NS / self.fps)
        self._index += 1
        return Frame(_as_bgr(image, f"{self.path} frame {self._index - 1}"), t_ns)

    def _do_close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


# --- synthetic ----------------------------------------------------------------------------

Producer = Iterable[tuple[np.ndarray, int]] | Callable[[], "tuple[np.ndarray, int] | None"]


class SyntheticSource(FrameSource):
    """Frames made by code: an iterable of ``(frame, t_ns)`` pairs, or a function returning the
    next pair (None at the end). A function (or an iterator object, not a generator, which
    ends once it raises) may raise ``SourceLostError`` to act out a camera that goes away; it
    is called again after the reopen."""

    live = True

    def __init__(self, producer: Producer, *, name: str = "synthetic") -> None:
        super().__init__()
        self.name = name
        self._producer = producer
        self._iterator: Iterator[tuple[np.ndarray, int]] | None = None

    def _do_open(self) -> None:
        if self._iterator is None:
            # A function is called until it returns None (iter's two-argument form).
            p = self._producer
            self._iterator = iter(p, None) if callable(p) else iter(p)

    def _do_read(self) -> Frame | None:
        item = next(self._iterator, None)  # type: ignore[arg-type]
        if item is None:
            return None
        image, t_ns = item
        return Frame(_as_bgr(image, self.name), int(t_ns))


# --- V4L2 webcam --------------------------------------------------------------------------


class StampMode(Enum):
    BUFFER = "buffer"  # the driver's buffer timestamp (CLOCK_MONOTONIC)
    GRAB = "grab"  # the monotonic clock when grab() returned


class V4L2Source(FrameSource):
    """A webcam through OpenCV's V4L2 backend (Linux)."""

    live = True
    # A buffer stamp older than this at grab time is not the monotonic clock's.
    _MAX_STAMP_AGE_NS = NS

    def __init__(
        self,
        device: str | int = 0,
        *,
        size: tuple[int, int] = DEFAULT_SIZE,
        fps: float = DEFAULT_FPS,
        clock: SessionClock | None = None,
        capture_class: Callable[..., Any] | None = None,
    ) -> None:
        super().__init__()
        self.device = device
        self.name = f"v4l2:{device}"
        self.size = size
        self.fps = fps
        self.clock = clock
        self._capture_class = capture_class
        self._cap: Any = None
        self.stamp_mode: StampMode | None = None
        self._unstamped = 0
        self._last_ns = -1

    def _device_arg(self) -> str | int:
        if isinstance(self.device, int):
            return self.device
        return int(self.device) if str(self.device).isdigit() else str(self.device)

    def _do_open(self) -> None:
        import cv2

        dev = self._device_arg()
        path = f"/dev/video{dev}" if isinstance(dev, int) else dev
        if self._capture_class is None and not os.path.exists(path):
            raise HardwareError(
                f"no camera at {path} ({self.name}): the device does not exist; is the webcam "
                "plugged in? (list cameras with: ls /dev/video*)"
            )
        make = self._capture_class or cv2.VideoCapture
        cap = make(dev, cv2.CAP_V4L2)
        if not cap.isOpened():
            cap.release()
            raise HardwareError(
                f"cannot open camera {self.name}: busy (another program using it?) or not a "
                "video capture device"
            )
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        cap.set(cv2.CAP_PROP_FPS, self.fps)
        self._cap = cap
        # Decided again on the first stamped frame: the device may have changed.
        self.stamp_mode = None
        self._unstamped = 0

    def _do_read(self) -> Frame | None:
        import cv2

        if not self._cap.grab():
            raise SourceLostError(f"camera {self.name} gives no frames (unplugged?)")
        grabbed_ns = _monotonic_ns(self.clock)
        ok, image = self._cap.retrieve()
        if not ok or image is None:
            raise SourceLostError(f"camera {self.name} gave an empty frame")
        buffer_ms = self._cap.get(cv2.CAP_PROP_POS_MSEC)
        t_ns = self._stamp(buffer_ms, grabbed_ns)
        return Frame(_as_bgr(image, self.name), t_ns)

    def _stamp(self, buffer_ms: float, grabbed_ns: int) -> int:
        buffer_ns = round(buffer_ms * 1e6) if math.isfinite(buffer_ms) and buffer_ms > 0 else None

        def plausible(ns: int | None) -> TypeGuard[int]:
            return ns is not None and 0 <= grabbed_ns - ns <= self._MAX_STAMP_AGE_NS

        if self.stamp_mode is None and buffer_ns is None and self._unstamped < 3:
            # Some backends report 0 until streaming has started; give it a few frames.
            self._unstamped += 1
        elif self.stamp_mode is None:
            self.stamp_mode = StampMode.BUFFER if plausible(buffer_ns) else StampMode.GRAB
            if self.stamp_mode is StampMode.BUFFER:
                log.info("%s: using the driver's buffer timestamps (monotonic clock)", self.name)
            else:
                log.warning(
                    "%s: the driver's buffer timestamp (%r ms) is not on the monotonic clock; "
                    "stamping frames when they are grabbed (about a frame late)",
                    self.name,
                    buffer_ms,
                )
        if (
            self.stamp_mode is StampMode.BUFFER
            and plausible(buffer_ns)
            and buffer_ns > self._last_ns
        ):
            t_ns = buffer_ns
        else:
            t_ns = grabbed_ns
        self._last_ns = t_ns
        return t_ns

    def _do_close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


# --- picamera2 ----------------------------------------------------------------------------


class PiCamera2Source(FrameSource):
    """A Raspberry Pi camera through picamera2 (see the module docstring for the install)."""

    live = True

    def __init__(
        self,
        index: int = 0,
        *,
        size: tuple[int, int] = DEFAULT_SIZE,
        fps: float = DEFAULT_FPS,
        clock: SessionClock | None = None,
        settle_s: float = 2.0,
        freeze: bool = True,
        controls: dict[str, Any] | None = None,
        camera_class: Any = None,
        frame_timeout_s: float = 2.0,
    ) -> None:
        super().__init__()
        self.index = index
        self.frame_timeout_s = frame_timeout_s
        self.name = f"picamera2:{index}"
        self.size = size
        self.fps = fps
        self.clock = clock
        self.settle_s = settle_s
        self.auto_freeze = freeze
        self._frozen: dict[str, Any] | None = dict(controls) if controls else None
        self._camera_class = camera_class
        self._cam: Any = None
        self._first_ns: int | None = None
        self._last_metadata: dict[str, Any] = {}

    @property
    def frozen_controls(self) -> dict[str, Any] | None:
        """The white balance, exposure and gain in force once frozen (save them to reuse)."""
        return None if self._frozen is None else dict(self._frozen)

    def _picamera2(self) -> Any:
        if self._camera_class is not None:
            return self._camera_class
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError as err:
            raise HardwareError(
                f"camera {self.name}: picamera2 is not installed ({err}). On Raspberry Pi OS: "
                "sudo apt install python3-picamera2, and make the virtual environment with "
                "--system-site-packages"
            ) from None
        return Picamera2

    def _do_open(self) -> None:
        cls = self._picamera2()
        try:
            cameras = cls.global_camera_info()
        except Exception as err:  # picamera2 raises bare RuntimeErrors
            raise HardwareError(f"camera {self.name}: cannot list cameras: {err}") from None
        if self.index >= len(cameras):
            raise HardwareError(
                f"no camera {self.name}: {len(cameras)} Raspberry Pi camera(s) found; is the "
                "ribbon cable seated and the camera enabled?"
            )
        try:
            cam = cls(self.index)
        except Exception as err:
            raise HardwareError(f"cannot open camera {self.name}: {err}") from None
        try:
            config = cam.create_video_configuration(
                main={"size": tuple(self.size), "format": "RGB888"},
                controls={"FrameRate": float(self.fps)},
            )
            cam.configure(config)
            if self._frozen is not None:
                cam.set_controls(self._frozen)
            cam.start()
        except Exception as err:
            # Let go of it, or the next attempt finds the camera "in use" by our own leftover.
            self._cam = cam
            self._do_close()
            raise HardwareError(f"cannot start camera {self.name}: {err}") from None
        self._cam = cam
        self._first_ns = None

    def _do_read(self) -> Frame | None:
        try:
            # Ask for a job rather than block: a camera whose cable came loose can leave
            # picamera2 waiting forever, which must read as "lost", not hang the referee.
            job = self._cam.capture_request(wait=False)
            try:
                request = job.get_result(timeout=self.frame_timeout_s)
            except TypeError:  # an old picamera2 whose jobs take no timeout
                request = job.get_result()
            try:
                image = request.make_array("main")
                metadata = request.get_metadata()
            finally:
                request.release()
        except TimeoutError:
            raise SourceLostError(
                f"camera {self.name} gave no frame for {self.frame_timeout_s:g} s"
            ) from None
        except Exception as err:
            raise SourceLostError(f"camera {self.name} stopped: {err!r}") from None
        stamp = metadata.get("SensorTimestamp")
        t_ns = int(stamp) if stamp else _monotonic_ns(self.clock)
        self._last_metadata = metadata
        if self._first_ns is None:
            self._first_ns = t_ns
        if (
            self.auto_freeze
            and self._frozen is None
            and t_ns - self._first_ns >= self.settle_s * NS
        ):
            try:
                self.freeze()
            except HardwareError as err:
                # Frames still come; colours may drift, which the reader must then cope with.
                log.warning("%s; leaving automatic exposure and white balance on", err)
                self.auto_freeze = False
        return Frame(_as_bgr(image, self.name), t_ns)

    def freeze(self) -> dict[str, Any]:
        """Fix white balance, exposure and gain at their current (measured) values. A camera
        that reports no colour gains (a monochrome sensor) gets exposure and gain fixed only."""
        md = self._last_metadata
        controls: dict[str, Any] = {}
        if "ColourGains" in md:
            gains = tuple(float(g) for g in md["ColourGains"])
            controls.update(AwbEnable=False, ColourGains=gains)
        if "ExposureTime" in md and "AnalogueGain" in md:
            controls.update(
                AeEnable=False,
                ExposureTime=int(md["ExposureTime"]),
                AnalogueGain=float(md["AnalogueGain"]),
            )
        if not controls:
            raise HardwareError(
                f"camera {self.name}: cannot freeze exposure and white balance, the frame "
                f"metadata has none of them (keys: {sorted(md)})"
            )
        self._cam.set_controls(controls)
        self._frozen = controls
        log.info("%s: frozen at %s", self.name, controls)
        return dict(controls)

    def _do_close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is None:
            return
        for step in (cam.stop, cam.close):
            try:
                step()
            except Exception as err:  # a camera that went away may not stop cleanly
                log.debug("%s: %s during close: %s", self.name, step.__name__, err)


# --- reopening ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Backoff:
    """Reopen delays: ``initial``, then times ``factor``, at most ``maximum`` seconds."""

    initial: float = 0.25
    factor: float = 2.0
    maximum: float = 5.0

    def delay(self, attempt: int) -> float:
        return min(self.maximum, self.initial * self.factor**attempt)


class ResilientSource(FrameSource):
    """Wraps a live source: reports its loss, reopens it with backoff, keeps timestamps strictly
    increasing. Only the first ``open`` may fail (a camera missing at start); after that, ``read``
    waits out an outage and returns the next frame, or None once stopped or at the end.

    ``stop()`` and ``close()`` may be called from another thread than the one reading: both end
    a wait between attempts at once, and the next ``read`` returns None. ``close`` releases the
    device only once the reading thread is out of it (a device closed under a read can crash
    the driver); if that takes longer than ``close_timeout_s`` the device is left to the
    process's exit, with a warning.
    """

    def __init__(
        self,
        source: FrameSource,
        *,
        on_status: Callable[[SourceStatus], None] | None = None,
        backoff: Backoff | None = None,
        max_attempts: int | None = None,
        clock: SessionClock | None = None,
        sleep: Callable[[float], None] | None = None,
        close_timeout_s: float = 5.0,
    ) -> None:
        super().__init__()
        self.inner = source
        self.close_timeout_s = close_timeout_s
        # Held while the device is being read, opened or closed: one thread at a time in it.
        self._device = threading.Lock()
        self.name = source.name
        self.live = source.live
        self.on_status = on_status
        self.backoff = backoff or Backoff()
        self.max_attempts = max_attempts
        self.clock = clock
        self._stop = threading.Event()
        self._sleep = sleep or (lambda s: self._stop.wait(s))
        self.state = SourceState.CLOSED
        self.outages = 0
        self._last_ns: int | None = None

    def stop(self) -> None:
        self._stop.set()

    def read(self) -> Frame | None:
        # Once stopped or closed, reading ends rather than opening the device again (a reader
        # thread may come back after another thread closed the source); open() starts afresh.
        if self._stop.is_set():
            return None
        return super().read()

    def _do_open(self) -> None:
        self._stop.clear()
        self.inner.open()
        self.state = SourceState.LIVE

    def _report(self, status: SourceStatus) -> None:
        if isinstance(status, SourceLost):
            log.warning("%s", status.message)
        else:
            log.info("%s", status.message)
        if self.on_status is not None:
            try:
                self.on_status(status)
            except Exception:  # a broken listener must not take the camera down with it
                log.exception("status listener failed on %s", status)

    def _recover(self, reason: str) -> bool:
        """Close, wait, reopen until it works (True) or we are stopped or out of tries."""
        self.state = SourceState.LOST
        self.outages += 1
        lost_ns = _monotonic_ns(self.clock)
        with self._device:
            try:
                self.inner.close()
            except Exception as err:
                log.debug("%s: error closing a lost source: %s", self.name, err)
        attempt = 0
        while not self._stop.is_set():
            delay = self.backoff.delay(attempt)
            self._report(SourceLost(self.name, reason, attempt, delay, _monotonic_ns(self.clock)))
            self._sleep(delay)
            if self._stop.is_set():
                break
            attempt += 1
            try:
                with self._device:
                    if self._stop.is_set():
                        break
                    self.inner.open()
            except (HardwareError, OSError) as err:
                reason = str(err)
                if self.max_attempts is not None and attempt >= self.max_attempts:
                    break
                continue
            now = _monotonic_ns(self.clock)
            self.state = SourceState.LIVE
            self._report(SourceRestored(self.name, (now - lost_ns) / NS, attempt, now))
            return True
        return False

    def _do_read(self) -> Frame | None:
        while not self._stop.is_set():
            try:
                with self._device:
                    if self._stop.is_set():
                        break
                    frame = self.inner.read()
            except SourceLostError as err:
                if not self._recover(str(err)):
                    break
                continue
            if frame is None:
                self.state = SourceState.ENDED
                return None
            if self._last_ns is not None and frame.t_ns <= self._last_ns:
                # A stamp that does not move forward would break "first frame that showed it".
                log.debug(
                    "%s: dropped a frame stamped %d after %d", self.name, frame.t_ns, self._last_ns
                )
                continue
            self._last_ns = frame.t_ns
            return frame
        return None

    def _do_close(self) -> None:
        self._stop.set()
        if not self._device.acquire(timeout=self.close_timeout_s):
            log.warning(
                "%s: still busy in a read after %g s; not closing it under the reader",
                self.name,
                self.close_timeout_s,
            )
            return
        try:
            self.inner.close()
        finally:
            self._device.release()
        self.state = SourceState.CLOSED


# --- choosing a source --------------------------------------------------------------------

SPEC_FORMS = "picamera2[:N], v4l2:/dev/videoN, v4l2:N, video:FILE, folder:DIR, synthetic"


def open_source(
    spec: str,
    *,
    clock: SessionClock | None = None,
    size: tuple[int, int] = DEFAULT_SIZE,
    fps: float | None = None,
    producer: Producer | None = None,
    on_status: Callable[[SourceStatus], None] | None = None,
    reopen: bool = True,
    controls: dict[str, Any] | None = None,
) -> FrameSource:
    """The source a spec string names, not yet opened (``open()`` or iterate it).

    Cameras and synthetic producers come wrapped in ``ResilientSource`` (unless ``reopen`` is
    False) so that losing them is reported through ``on_status`` and survived. ``fps`` is the
    camera's rate, or a folder's (default 30), or overrides a video file's."""
    kind, sep, arg = spec.partition(":")
    kind = kind.strip().lower()
    source: FrameSource
    if kind == "picamera2":
        if sep and not arg.isdigit():
            raise InputError(f"camera number must be 0, 1, ..., got {arg!r}", field="source")
        source = PiCamera2Source(
            int(arg) if arg else 0,
            size=size,
            fps=fps or DEFAULT_FPS,
            clock=clock,
            controls=controls,
        )
    elif kind == "v4l2":
        source = V4L2Source(arg or 0, size=size, fps=fps or DEFAULT_FPS, clock=clock)
    elif kind == "video":
        if not arg:
            raise InputError("say which file: video:PATH", field="source")
        source = VideoSource(arg, fps=fps, clock=clock)
    elif kind == "folder":
        if not arg:
            raise InputError("say which folder: folder:DIR", field="source")
        source = FolderSource(arg, fps=fps or DEFAULT_FPS, clock=clock)
    elif kind == "synthetic":
        if producer is None:
            raise InputError(
                "the synthetic source needs frames from code (producer=...): a scene from the "
                "renderer",
                field="source",
            )
        source = SyntheticSource(producer, name=spec)
    else:
        raise InputError(f"unknown frame source {spec!r}; use one of {SPEC_FORMS}", field="source")
    if reopen and source.live:
        return ResilientSource(source, on_status=on_status, clock=clock)
    return source


def capture_still(spec: str, *, settle_frames: int = 15, **options: Any) -> Frame:
    """One frame from a source, for calibration or ``read``: from a camera, the frame after
    ``settle_frames`` (automatic exposure and white balance need a moment after opening); from a
    file source, its first frame. Raises HardwareError/InputError when there is none."""
    source = open_source(spec, reopen=False, **options)
    with source:
        skip = settle_frames if source.live else 0
        frame = None
        for _ in range(skip + 1):
            got = source.read()
            if got is None:
                break
            frame = got
    if frame is None:
        raise InputError("gave no frame", where=spec)
    return frame

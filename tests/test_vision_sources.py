"""Frame sources: files, synthetic frames, fake cameras, and surviving a camera that goes away."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from halli_pi.clock import SessionClock
from halli_pi.errors import HardwareError, InputError
from halli_pi.vision.sources import (
    NS,
    Backoff,
    FolderSource,
    Frame,
    FrameSource,
    PiCamera2Source,
    ResilientSource,
    SourceLost,
    SourceLostError,
    SourceRestored,
    SourceState,
    StampMode,
    SyntheticSource,
    V4L2Source,
    VideoSource,
    capture_still,
    open_source,
)


def numbered(i: int, size: tuple[int, int] = (64, 48)) -> np.ndarray:
    """A frame whose pixels say which frame it is (survives video compression)."""
    return np.full((size[1], size[0], 3), 20 * i + 10, np.uint8)


def which(image: np.ndarray) -> int:
    return round((float(image.mean()) - 10) / 20)


# --- folder ---------------------------------------------------------------------------------


def test_folder_yields_images_in_natural_order_at_fixed_rate(tmp_path: Path) -> None:
    for i in (1, 2, 10, 3):
        cv2.imwrite(str(tmp_path / f"frame{i}.png"), numbered(i))
    (tmp_path / "notes.txt").write_text("not an image")
    frames = list(FolderSource(tmp_path, fps=25))
    assert [which(f.image) for f in frames] == [1, 2, 3, 10]
    assert [f.t_ns for f in frames] == [0, 40_000_000, 80_000_000, 120_000_000]
    assert all(f.image.shape == (48, 64, 3) and f.image.dtype == np.uint8 for f in frames)


def test_folder_starts_at_the_session_start(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), numbered(0))
    cv2.imwrite(str(tmp_path / "b.png"), numbered(1))
    clock = SessionClock(start_ns=5 * NS)
    frames = list(open_source(f"folder:{tmp_path}", clock=clock, fps=10))
    assert [f.seconds(clock) for f in frames] == [0.0, 0.1]


def test_folder_grey_images_become_bgr(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "g.png"), np.full((10, 12), 99, np.uint8))
    (frame,) = list(FolderSource(tmp_path))
    assert frame.image.shape == (10, 12, 3)


def test_folder_errors_name_the_folder_or_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such folder") as info:
        FolderSource(tmp_path / "missing").open()
    assert "missing" in str(info.value)
    with pytest.raises(InputError, match="no images"):
        FolderSource(tmp_path).open()
    (tmp_path / "broken.png").write_bytes(b"not a png")
    with pytest.raises(InputError, match="not a readable image") as info:
        list(FolderSource(tmp_path))
    assert "broken.png" in str(info.value)
    with pytest.raises(InputError, match="frame rate"):
        FolderSource(tmp_path, fps=0)


# --- video ----------------------------------------------------------------------------------


def write_video(path: Path, n: int, fps: float) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened(), "OpenCV cannot write MJPG/AVI here"
    for i in range(n):
        writer.write(numbered(i))
    writer.release()


def test_video_timestamps_come_from_index_and_rate(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    write_video(path, 8, fps=20)
    source = open_source(f"video:{path}")
    assert isinstance(source, VideoSource)
    frames = list(source)
    source.close()
    assert len(frames) == 8
    assert source.fps == pytest.approx(20)
    stamps = [f.t_ns for f in frames]
    assert stamps == [round(i * NS / 20) for i in range(8)]
    assert all(b > a for a, b in zip(stamps, stamps[1:], strict=False))
    assert [which(f.image) for f in frames] == list(range(8))


def test_video_rate_can_be_overridden_and_reopen_continues(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    write_video(path, 6, fps=20)
    source = VideoSource(path, fps=10, start_ns=1_000)
    first = [source.read() for _ in range(3)]
    source.close()
    rest = list(source)  # reopened: carries on from frame 3
    stamps = [f.t_ns for f in first + rest]
    assert stamps == [1_000 + i * NS // 10 for i in range(6)]
    assert [which(f.image) for f in rest] == [3, 4, 5]


def test_video_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such video file"):
        open_source(f"video:{tmp_path / 'nope.mp4'}").open()
    junk = tmp_path / "junk.mp4"
    junk.write_bytes(b"\x00" * 100)
    with pytest.raises(InputError, match="cannot open as a video") as info:
        VideoSource(junk).open()
    assert "junk.mp4" in str(info.value)


# --- synthetic ------------------------------------------------------------------------------


def test_synthetic_from_an_iterable_and_from_a_function() -> None:
    pairs = [(numbered(i), 1000 + i) for i in range(3)]
    assert [f.t_ns for f in SyntheticSource(pairs)] == [1000, 1001, 1002]
    it = iter(pairs)
    frames = list(SyntheticSource(lambda: next(it, None)))
    assert [which(f.image) for f in frames] == [0, 1, 2]
    image, t_ns = frames[0]  # a Frame unpacks as the (frame, timestamp) pair
    assert t_ns == 1000 and isinstance(frames[0], Frame)


def test_synthetic_spec_needs_a_producer() -> None:
    with pytest.raises(InputError, match="producer"):
        open_source("synthetic")
    source = open_source("synthetic", producer=[(numbered(0), 5)])
    assert isinstance(source, ResilientSource)
    assert [f.t_ns for f in source] == [5]


@pytest.mark.parametrize("spec", ["webcam", "picamera2:x", "video:", "folder:", "usb:0"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InputError) as info:
        open_source(spec)
    assert info.value.field == "source"


# --- reopening ------------------------------------------------------------------------------


class FlakyCamera(FrameSource):
    """A camera that drops out after ``fail_at`` frames, refuses ``refusals`` reopen attempts,
    then works again; its frames are 33 ms apart on a fake clock."""

    live = True

    def __init__(self, fail_at: int, refusals: int, total: int, repeat_stamp: bool = False):
        super().__init__()
        self.name = "fake:0"
        self.fail_at, self.refusals, self.total = fail_at, refusals, total
        self.repeat_stamp = repeat_stamp
        self.served = 0
        self.opens = 0
        self.failed = False

    def _do_open(self) -> None:
        self.opens += 1
        if self.failed and self.refusals > 0:
            self.refusals -= 1
            raise HardwareError("no camera at /dev/video0 (unplugged)")

    def _do_read(self) -> Frame | None:
        if self.served >= self.total:
            return None
        if self.served == self.fail_at and not self.failed:
            self.failed = True
            raise SourceLostError("camera fake:0 gives no frames (unplugged?)")
        i = self.served
        self.served += 1
        if self.repeat_stamp and self.failed and i == self.fail_at:
            i -= 1  # first frame after the reopen repeats the last stamp
        return Frame(numbered(i), 1_000_000 + i * 33_000_000)


def test_flaky_camera_is_reported_and_reopened() -> None:
    statuses: list[Any] = []
    delays: list[float] = []
    camera = FlakyCamera(fail_at=3, refusals=2, total=6)
    source = ResilientSource(
        camera, on_status=statuses.append, backoff=Backoff(0.25, 2, 5), sleep=delays.append
    )
    frames = list(source)
    assert [which(f.image) for f in frames] == [0, 1, 2, 3, 4, 5]
    stamps = [f.t_ns for f in frames]
    assert all(b > a for a, b in zip(stamps, stamps[1:], strict=False))
    assert camera.opens == 4  # the first open, two refused, one that worked
    assert delays == [0.25, 0.5, 1.0]
    lost = [s for s in statuses if isinstance(s, SourceLost)]
    restored = [s for s in statuses if isinstance(s, SourceRestored)]
    assert [s.attempt for s in lost] == [0, 1, 2]
    assert "camera fake:0 lost" in lost[0].message and "unplugged" in lost[0].message
    assert "/dev/video0" in lost[1].reason
    assert len(restored) == 1 and restored[0].attempts == 3
    assert "back after" in restored[0].message
    assert source.outages == 1 and source.state is SourceState.ENDED


def test_a_repeated_stamp_after_reopen_is_dropped() -> None:
    camera = FlakyCamera(fail_at=2, refusals=0, total=5, repeat_stamp=True)
    source = ResilientSource(camera, sleep=lambda s: None)
    stamps = [f.t_ns for f in source]
    assert stamps == sorted(set(stamps))
    assert len(stamps) == 4  # the repeat of frame 1's stamp was dropped


def test_stop_ends_an_outage_and_gives_up_after_max_attempts() -> None:
    camera = FlakyCamera(fail_at=1, refusals=100, total=5)
    source = ResilientSource(camera, sleep=lambda s: None, max_attempts=3)
    assert which(source.read().image) == 0
    assert source.read() is None  # gave up after three refused reopens, no exception
    assert camera.opens == 4 and source.state is SourceState.LOST

    camera = FlakyCamera(fail_at=1, refusals=100, total=5)
    source = ResilientSource(camera, sleep=lambda s: source.stop())
    assert source.read() is not None
    assert source.read() is None
    assert camera.opens == 1


def test_a_broken_status_listener_does_not_stop_the_camera() -> None:
    def listener(status: Any) -> None:
        raise RuntimeError("listener bug")

    source = ResilientSource(
        FlakyCamera(fail_at=1, refusals=0, total=3), on_status=listener, sleep=lambda s: None
    )
    assert len(list(source)) == 3


def test_missing_camera_at_start_is_a_hardware_error_naming_it() -> None:
    source = open_source("v4l2:/dev/video97")
    with pytest.raises(HardwareError, match="/dev/video97"):
        source.open()
    with pytest.raises(HardwareError, match="/dev/video98"):
        open_source("v4l2:98").open()


# --- V4L2 with a stand-in for cv2.VideoCapture ---------------------------------------------


class FakeCapture:
    """Enough of cv2.VideoCapture: ``stamps_ms`` are the buffer timestamps it reports."""

    def __init__(self, stamps_ms: list[float], opened: bool = True):
        self.stamps_ms = list(stamps_ms)
        self.opened = opened
        self.current = 0.0
        self.props: dict[int, float] = {}

    def __call__(self, device: Any, api: int) -> FakeCapture:
        assert api == cv2.CAP_V4L2
        return self

    def isOpened(self) -> bool:  # noqa: N802 (OpenCV's name)
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        self.props[prop] = value
        return True

    def grab(self) -> bool:
        if not self.stamps_ms:
            return False
        self.current = self.stamps_ms.pop(0)
        return True

    def retrieve(self) -> tuple[bool, np.ndarray]:
        return True, numbered(1)

    def get(self, prop: int) -> float:
        assert prop == cv2.CAP_PROP_POS_MSEC
        return self.current

    def release(self) -> None:
        pass


class ManualClock(SessionClock):
    def __init__(self, now: int) -> None:
        self.now_value = now
        super().__init__(start_ns=0, now_ns=lambda: self.now_value)


def test_v4l2_uses_monotonic_buffer_stamps() -> None:
    clock = ManualClock(now=100 * NS)
    # Buffer stamps 20 ms before "now": the driver's monotonic capture time.
    capture = FakeCapture([99_980.0, 100_013.25])
    source = V4L2Source("/dev/video0", clock=clock, capture_class=capture)
    first = source.read()
    clock.now_value = 100_040_000_000
    second = source.read()
    assert source.stamp_mode is StampMode.BUFFER
    assert first.t_ns == 99_980_000_000 and second.t_ns == 100_013_250_000
    assert capture.props[cv2.CAP_PROP_FRAME_WIDTH] == 640
    with pytest.raises(SourceLostError):
        source.read()


def test_v4l2_waits_a_few_frames_for_a_first_buffer_stamp() -> None:
    clock = ManualClock(now=100 * NS)
    source = V4L2Source(0, clock=clock, capture_class=FakeCapture([0.0, 100_010.0, 100_043.0]))
    assert source.read().t_ns == 100 * NS  # no stamp yet: grab time
    clock.now_value = 100_020_000_000
    assert source.read().t_ns == 100_010_000_000
    assert source.stamp_mode is StampMode.BUFFER
    clock.now_value = 100_050_000_000
    assert source.read().t_ns == 100_043_000_000


def test_v4l2_falls_back_to_grab_time_for_other_clocks() -> None:
    clock = ManualClock(now=100 * NS)
    # An epoch-based stamp (realtime clock) is nowhere near the monotonic "now".
    source = V4L2Source(0, clock=clock, capture_class=FakeCapture([1.7e12, 1.7e12 + 33]))
    assert source.read().t_ns == 100 * NS
    clock.now_value += 33_000_000
    assert source.read().t_ns == 100 * NS + 33_000_000
    assert source.stamp_mode is StampMode.GRAB


def test_v4l2_that_will_not_open() -> None:
    with pytest.raises(HardwareError, match="cannot open camera v4l2:0"):
        V4L2Source(0, capture_class=FakeCapture([], opened=False)).open()


# --- picamera2 with a stand-in --------------------------------------------------------------


class FakeRequest:
    def __init__(self, cam: FakePicamera2) -> None:
        self.cam = cam
        self.released = False

    def make_array(self, name: str) -> np.ndarray:
        assert name == "main"
        return numbered(2, self.cam.config["main"]["size"])

    def get_metadata(self) -> dict[str, Any]:
        # Auto exposure still drifting until frozen: the values must be read, not assumed.
        k = self.cam.frame
        return {
            "SensorTimestamp": 5 * NS + k * 33_333_333,
            "ColourGains": (1.5 + 0.01 * k, 2.0),
            "ExposureTime": 10_000 + k,
            "AnalogueGain": 2.0,
        }

    def release(self) -> None:
        self.released = True


class FakeJob:
    def __init__(self, request: FakeRequest | None) -> None:
        self.request = request

    def get_result(self, timeout: float | None = None) -> FakeRequest:
        assert timeout is not None
        if self.request is None:
            raise TimeoutError()  # what concurrent.futures raises after the timeout
        return self.request


class FakePicamera2:
    cameras = [{"Model": "imx708"}]
    made: list[FakePicamera2] = []

    @classmethod
    def global_camera_info(cls) -> list[dict]:
        return cls.cameras

    def __init__(self, index: int) -> None:
        self.index = index
        self.controls: list[dict] = []
        self.frame = 0
        self.started = False
        self.fail_after: int | None = None
        self.hang = False
        FakePicamera2.made.append(self)

    def create_video_configuration(self, main: dict, controls: dict) -> dict:
        return {"main": main, "controls": controls}

    def configure(self, config: dict) -> None:
        assert config["main"]["format"] == "RGB888"  # BGR byte order, what OpenCV wants
        self.config = config

    def set_controls(self, controls: dict) -> None:
        self.controls.append(dict(controls))

    def start(self) -> None:
        self.started = True

    def capture_request(self, wait: bool | None = None) -> FakeJob:
        assert wait is False, "must not block without a timeout"
        if self.hang:
            return FakeJob(None)
        if self.fail_after is not None and self.frame >= self.fail_after:
            raise RuntimeError("Camera frontend has timed out!")
        self.frame += 1
        return FakeJob(FakeRequest(self))

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        pass


def test_picamera2_stamps_from_metadata_and_freezes_after_settling() -> None:
    FakePicamera2.made.clear()
    camera = PiCamera2Source(0, settle_s=1.0, camera_class=FakePicamera2)
    source = ResilientSource(camera, sleep=lambda s: None)
    frames = [source.read() for _ in range(40)]
    cam = FakePicamera2.made[0]
    assert frames[0].t_ns == 5 * NS + 33_333_333
    assert frames[0].image.shape == (480, 640, 3)
    assert len(cam.controls) == 1, "frozen once, after the settling second"
    frozen = cam.controls[0]
    assert frozen["AwbEnable"] is False and frozen["AeEnable"] is False
    # The values measured at the first frame a second after the first (frame 32), not defaults.
    assert frozen["ExposureTime"] == 10_032
    assert frozen["ColourGains"] == pytest.approx((1.82, 2.0))
    assert frozen["AnalogueGain"] == 2.0
    assert camera.frozen_controls == frozen

    # Lost and reopened: the frozen values go back on before the camera starts, unmeasured.
    cam.fail_after = cam.frame
    assert source.read() is not None
    new_cam = FakePicamera2.made[-1]
    assert new_cam is not cam and new_cam.started and new_cam.controls == [frozen]
    assert source.outages == 1

    # A camera that hangs (no frame, no error) is lost too, not waited on forever.
    statuses: list[Any] = []
    source.on_status = statuses.append
    new_cam.hang = True
    assert source.read() is not None
    assert "gave no frame for 2 s" in statuses[0].reason
    assert source.outages == 2


def test_picamera2_without_metadata_keeps_running_unfrozen() -> None:
    class Bare(FakeRequest):
        def get_metadata(self) -> dict[str, Any]:
            return {"SensorTimestamp": 5 * NS + self.cam.frame * 33_333_333}

    class BareCamera(FakePicamera2):
        def capture_request(self, wait: bool | None = None) -> FakeJob:
            self.frame += 1
            return FakeJob(Bare(self))

    source = PiCamera2Source(0, settle_s=0.1, camera_class=BareCamera)
    assert len([source.read() for _ in range(10)]) == 10
    assert source.frozen_controls is None and not source.auto_freeze
    with pytest.raises(HardwareError, match="cannot freeze"):
        source.freeze()


def test_picamera2_that_fails_to_start_is_let_go() -> None:
    closed: list[bool] = []

    class Broken(FakePicamera2):
        def start(self) -> None:
            raise RuntimeError("Failed to start camera: Device or resource busy")

        def close(self) -> None:
            closed.append(True)

    with pytest.raises(HardwareError, match="cannot start camera picamera2:0: Failed to start"):
        PiCamera2Source(0, camera_class=Broken).open()
    assert closed == [True]


def test_picamera2_missing_camera_and_missing_library() -> None:
    class NoCameras(FakePicamera2):
        cameras: list[dict] = []

    with pytest.raises(HardwareError, match="no camera picamera2:0: 0 Raspberry Pi camera"):
        PiCamera2Source(0, camera_class=NoCameras).open()
    with pytest.raises(HardwareError, match="no camera picamera2:1"):
        PiCamera2Source(1, camera_class=FakePicamera2).open()
    if importlib.util.find_spec("picamera2") is None:
        with pytest.raises(HardwareError, match="system-site-packages"):
            open_source("picamera2").open()


def test_capture_still(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    write_video(path, 4, fps=10)
    assert which(capture_still(f"video:{path}").image) == 0  # files: the first frame
    frames = [(numbered(i % 10), i) for i in range(20)]
    assert capture_still("synthetic", producer=frames, settle_frames=5).t_ns == 5
    assert capture_still("synthetic", producer=frames[:3], settle_frames=5).t_ns == 2
    with pytest.raises(InputError, match="gave no frame"):
        capture_still("synthetic", producer=[])


def test_close_from_another_thread_waits_for_the_read_and_ends_an_outage() -> None:
    import threading

    entered, release = threading.Event(), threading.Event()

    class SlowCamera(FlakyCamera):
        def _do_read(self) -> Frame | None:
            if self.served == 2:
                entered.set()
                release.wait(5)
            return super()._do_read()

    camera = SlowCamera(fail_at=100, refusals=0, total=10)
    source = ResilientSource(camera)
    got: list[Frame | None] = []
    reader = threading.Thread(target=lambda: got.extend(source))
    reader.start()
    assert entered.wait(5)
    closer = threading.Thread(target=source.close)
    closer.start()
    closer.join(0.2)
    assert closer.is_alive() and camera.is_open, "must not close the device under a read"
    release.set()
    closer.join(5)
    reader.join(5)
    assert not camera.is_open and not reader.is_alive()
    assert len(got) == 3  # the frame being read when closed is still delivered, then the end

    # In an outage, close ends the wait between attempts at once (default sleep, 5 s max).
    camera = FlakyCamera(fail_at=1, refusals=100, total=5)
    source = ResilientSource(camera, backoff=Backoff(initial=30.0))
    reader = threading.Thread(target=lambda: list(source))
    reader.start()
    while camera.opens < 1 or not camera.failed:
        reader.join(0.01)
    source.close()
    reader.join(5)
    assert not reader.is_alive()

"""Shared fixtures. Each part's fixtures live in its own test modules."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import cv2
import pytest

# One OpenCV thread a test worker, as the benches and the referee's loop run: the suite's
# workers already fill every core, and OpenCV's own threads on top of them only contend.
cv2.setNumThreads(1)

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = REPO.parent / "shared"


@pytest.hookimpl(wrapper=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> Generator[None, int, int]:
    """`-n auto` (make test) starts one worker more than xdist counts cores.

    Some tests wait rather than compute: on a child process (the demos, `run`, the league's
    broker and hall, the browser), on a socket or on a timeout that must pass; about 80 s
    of the suite's 2,019 tests against 520 CPU-seconds of work. With a worker a core, the
    core waits with its test; a third worker on two cores computes meanwhile (and the last
    files no longer leave a core to one worker). A number set in
    PYTEST_XDIST_AUTO_NUM_WORKERS is kept."""
    cores = yield
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return cores
    return cores + 1


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def shared_dir() -> Path:
    """The shared reference material beside the repository; tests that need it skip without."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED


@pytest.fixture
def factory():
    """A fresh gpiozero MockFactory, reset afterwards as gpiozero's own conftest does."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    Device.pin_factory = mock = MockFactory()
    try:
        yield mock
    finally:
        mock.reset()
        Device.pin_factory = saved

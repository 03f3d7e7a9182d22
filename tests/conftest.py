"""Shared fixtures. Each part's fixtures live in its own test modules."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

# One OpenCV thread a test worker, as the benches and the referee's loop run: the suite's
# workers already fill every core, and OpenCV's own threads on top of them only contend.
cv2.setNumThreads(1)

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = REPO.parent / "shared"


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

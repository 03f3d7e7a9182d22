"""Shared fixtures. Each part's fixtures live in its own test modules."""

from __future__ import annotations

from pathlib import Path

import pytest

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

"""The system's headless chromium, for the page's browser test and its benchmark.

Playwright is pointed at Debian's chromium (``HALLI_PI_CHROMIUM`` overrides where it is) and
never downloads a browser. The flags keep it from reaching out to the network at start.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The chromium to drive, or None when there is none that can run."""
    path = os.environ.get("HALLI_PI_CHROMIUM") or shutil.which("chromium")
    if path is None or not os.access(path, os.X_OK):
        return None
    return path

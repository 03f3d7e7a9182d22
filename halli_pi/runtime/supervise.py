"""Worker threads that cannot die unnoticed.

A thread that dies on an uncaught exception leaves the rest of the process running: the page
freezes, the lights stay dark, and a main loop that keeps pinging systemd's watchdog hides it.
``Supervisor.start`` runs each worker inside a guard that records the first failure and wakes
the main loop; the main loop asks ``healthy`` before each watchdog ping and stops (re-raising
the worker's error through ``raise_failure``) when a worker has failed, so the CLI reports it
and systemd restarts the service. A worker that simply returns (a recording played to its end)
is not a failure.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class WorkerFailed(Exception):
    """Wraps a worker's exception when it is not one the CLI explains by itself."""


class Supervisor:
    def __init__(self, on_failure: Callable[[], None] | None = None) -> None:
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self.failure: tuple[str, BaseException] | None = None
        self._on_failure = on_failure

    def start(self, name: str, target: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        thread = threading.Thread(
            target=self._guard, args=(name, target, args, kwargs), name=name, daemon=True
        )
        self._threads.append(thread)
        thread.start()

    def _guard(self, name: str, target: Callable[..., Any], args: tuple, kwargs: dict) -> None:
        try:
            target(*args, **kwargs)
        except BaseException as err:  # noqa: BLE001 - the point is to catch what nobody did
            with self._lock:
                first = self.failure is None
                if first:
                    self.failure = (name, err)
            if first:
                log.error("the %s thread stopped: %s", name, err, exc_info=err)
                if self._on_failure is not None:
                    self._on_failure()

    @property
    def healthy(self) -> bool:
        """No worker has failed (one that returned normally is fine)."""
        return self.failure is None

    def raise_failure(self) -> None:
        """Re-raise the first worker's error in the calling (main) thread."""
        if self.failure is None:
            return
        name, err = self.failure
        from halli_pi.errors import HalliPiError

        if isinstance(err, HalliPiError):
            raise err
        raise WorkerFailed(f"the {name} thread stopped: {type(err).__name__}: {err}") from err

    def join(self, timeout: float) -> None:
        for thread in self._threads:
            thread.join(timeout)

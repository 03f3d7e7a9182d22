"""The one exception root of the project.

Every error a person can cause (a bad file, a bad pin, a missing camera) is a HalliPiError whose
message names the bad value and where it came from. The CLI prints it as
``halli-pi: error: …`` and exits 2; tracebacks only with ``--debug``.
"""

from __future__ import annotations


class HalliPiError(Exception):
    """Base of every error halli-pi raises on purpose."""


class InputError(HalliPiError):
    """Bad input: a file, a line in it, a field of that line.

    ``where`` is e.g. ``game.jsonl:7`` and ``field`` the key at fault; both optional so the same
    error can be raised deep inside (field only) and located by the reader (where added).
    """

    def __init__(self, message: str, *, where: str | None = None, field: str | None = None):
        self.message = message
        self.where = where
        self.field = field
        super().__init__(self._text())

    def _text(self) -> str:
        text = self.message
        if self.field is not None:
            text = f"field '{self.field}': {text}"
        if self.where is not None:
            text = f"{self.where}: {text}"
        return text

    def located(self, where: str) -> InputError:
        """The same error, said to come from ``where`` (a file and line)."""
        return InputError(self.message, where=where, field=self.field)


class ConfigError(InputError):
    """A table config (TOML) or layout file that cannot be used as written."""


class HardwareError(HalliPiError):
    """A pin, a camera or another device that cannot be opened or has gone away."""

"""What the store raises, and the status a ruling row carries."""

from __future__ import annotations

from enum import StrEnum

from halli_pi.errors import HalliPiError, InputError


class StoreError(HalliPiError):
    """The database cannot be used: missing, not ours, newer than this program, misused."""


class StoreWriteError(StoreError):
    """A write the disk refused: full, read-only, or gone. Nothing of it was committed."""


class NotFound(InputError):
    """A session, game or ruling id that is not in the database."""


class RulingStatus(StrEnum):
    PROVISIONAL = "provisional"  # ruled while a zone was occluded or settling; may change
    FINAL = "final"
    CORRECTED = "corrected"  # superseded by a later row that ``replaces`` it

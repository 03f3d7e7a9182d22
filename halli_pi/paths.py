"""Where halli-pi keeps things: its data, evidence photos, taught models and config files.

One module decides every folder, so the store, the card reader and the config agree on them and
a packager finds the whole policy in one place:

- data: ``HALLI_PI_DATA_DIR``, else systemd's ``STATE_DIRECTORY`` (the service), else the
  user's data folder (platformdirs). The database, evidence photos and taught decks live there.
- config: ``--config FILE``, else ``/etc/halli-pi/table.toml``, else ``table.toml`` in the
  user's config folder.
- models shipped with the package: the ``halli_pi.models`` package (the project's models/).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "halli-pi"
DB_NAME = "halli-pi.db"
EVIDENCE_DIR = "evidence"
TAUGHT_MODELS_DIR = "models"
CONFIG_NAME = "table.toml"
SYSTEM_CONFIG = Path("/etc/halli-pi/table.toml")  # the system-wide file the service reads
SERVICE_DATA_DIR = Path("/var/lib/halli-pi")  # systemd's StateDirectory=halli-pi


def data_dir() -> Path:
    """The data directory: HALLI_PI_DATA_DIR, else systemd's StateDirectory, else the user's.

    systemd sets ``STATE_DIRECTORY`` (``/var/lib/halli-pi`` for the service; a colon-separated
    list when the unit names several) so the service needs no path in its config.
    """
    explicit = os.environ.get("HALLI_PI_DATA_DIR")
    if explicit:
        return Path(explicit)
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def default_db_path() -> Path:
    return data_dir() / DB_NAME


def review_db_path() -> Path:
    """The database the review commands read by default: the data directory's, or, when that
    has none and no variable says otherwise, the service's (a person at the Pi reviewing the
    evening the service recorded)."""
    path = default_db_path()
    if path.exists() or os.environ.get("HALLI_PI_DATA_DIR") or os.environ.get("STATE_DIRECTORY"):
        return path
    service = SERVICE_DATA_DIR / DB_NAME
    return service if service.exists() else path


def evidence_dir(db_path: Path | None) -> Path:
    """Where a database's evidence JPEGs go: ``evidence/<database file name>/`` beside it, so
    two databases in one folder never write the same ``session-0001`` photos (a temp folder
    per process for a memory database, ``db_path=None``)."""
    if db_path is None:
        import tempfile

        return Path(tempfile.gettempdir()) / f"halli-pi-memory-{os.getpid()}" / EVIDENCE_DIR
    return db_path.parent / EVIDENCE_DIR / db_path.name


def taught_models_dir() -> Path:
    """Where `halli-pi teach` keeps decks taught at the table: the data directory, which the
    service may write (the installed package may not be)."""
    return data_dir() / TAUGHT_MODELS_DIR


def packaged_models_dir() -> Path:
    """The card reader's models shipped with the package (the project's models/ folder)."""
    from importlib.resources import files

    return Path(str(files("halli_pi.models")))


def user_config_path() -> Path:
    """The user's table config: ``table.toml`` in the user's config folder."""
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_NAME


def config_search_path() -> tuple[Path, ...]:
    """Where a table config is looked for when none is given, first match wins."""
    return (SYSTEM_CONFIG, user_config_path())

"""One module says where halli-pi keeps things; the store and the card reader ask it."""

from __future__ import annotations

from pathlib import Path

from halli_pi import paths
from halli_pi.store import Store
from halli_pi.vision.reader import find_model, models_dir, taught_dir


def test_the_data_dir_holds_the_database_and_taught_decks(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("HALLI_PI_DATA_DIR", str(tmp_path))
    assert paths.default_db_path() == tmp_path / "halli-pi.db"
    assert taught_dir() == paths.taught_models_dir() == tmp_path / "models"


def test_a_deck_taught_here_is_found_before_the_shipped_one(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("HALLI_PI_DATA_DIR", str(tmp_path))
    shipped = find_model("classic")
    assert shipped == models_dir() / "classic.json" == paths.packaged_models_dir() / "classic.json"
    assert shipped.is_file()
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "classic.json").write_text("{}")
    assert find_model("classic") == tmp_path / "models" / "classic.json"


def test_evidence_sits_beside_its_database_one_folder_per_file(tmp_path: Path):
    with Store(tmp_path / "a.db", durable=False) as a, Store(tmp_path / "b.db") as b:
        assert a.evidence_dir == tmp_path / "evidence" / "a.db"
        assert b.evidence_dir == paths.evidence_dir(tmp_path / "b.db") != a.evidence_dir
    with Store.memory() as memory:
        assert memory.evidence_dir == paths.evidence_dir(None)
        assert memory.evidence_dir.name == "evidence"


def test_the_config_is_looked_for_system_wide_then_for_the_user():
    system, user = paths.config_search_path()
    assert system == paths.SYSTEM_CONFIG
    assert user == paths.user_config_path()
    assert user.name == "table.toml"

"""A deck's colour profile (models/*.json): where each kind's colour sits, one symbol's size."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from halli_pi import paths
from halli_pi.errors import ConfigError


@dataclass
class KindModel:
    kind: str
    ab: tuple[float, float]  # median a, b of the symbol's colour on a white-normalised card
    ab_std: float  # spread of that colour
    unit_area: float  # one symbol's coloured area (its core, not outline) as a share of the card
    shapes: list[list[float]] = field(default_factory=list)  # taught shape descriptors


@dataclass
class Profile:
    name: str
    kinds: list[KindModel]
    made_by: str = ""
    # Whether the deck's cards can show several kinds at once (clone decks). The classic
    # deck's never do: a reading with two kinds there is a wrong outline, not a card.
    mixed: bool = True

    @classmethod
    def from_json(cls, obj: dict, where: str = "profile") -> Profile:
        try:
            kinds = [
                KindModel(
                    k["kind"],
                    (float(k["ab"][0]), float(k["ab"][1])),
                    float(k["ab_std"]),
                    float(k["unit_area"]),
                    [list(map(float, s)) for s in k.get("shapes", [])],
                )
                for k in obj["kinds"]
            ]
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise ConfigError(f"not a colour profile: {err!r}", where=where) from None
        return cls(
            obj.get("name", where), kinds, obj.get("made_by", ""), bool(obj.get("mixed", True))
        )

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "made_by": self.made_by,
            "mixed": self.mixed,
            "kinds": [
                {
                    "kind": k.kind,
                    "ab": [round(k.ab[0], 3), round(k.ab[1], 3)],
                    "ab_std": round(k.ab_std, 3),
                    "unit_area": round(k.unit_area, 5),
                    **(
                        {"shapes": [[round(v, 4) for v in s] for s in k.shapes]} if k.shapes else {}
                    ),
                }
                for k in self.kinds
            ],
        }


def models_dir() -> Path:
    """The models shipped with the package (the project's models/ folder)."""
    return paths.packaged_models_dir()


def taught_dir() -> Path:
    """Where `halli-pi teach` keeps decks taught at the table: the data directory, which the
    service may write (the installed package may not be)."""
    return paths.taught_models_dir()


def find_model(name: str) -> Path:
    """A model by name: a deck taught here first, then the shipped ones."""
    taught = taught_dir() / f"{name}.json"
    return taught if taught.is_file() else models_dir() / f"{name}.json"


@lru_cache(maxsize=8)
def load_profile(name_or_path: str = "classic") -> Profile:
    """A profile by name (models/<name>.json) or by path."""
    path = Path(name_or_path)
    if path.suffix != ".json":
        path = find_model(name_or_path)
    try:
        obj = json.loads(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"no reader model {name_or_path!r} (looked for {path.name})") from None
    except json.JSONDecodeError as err:
        raise ConfigError(f"bad JSON: {err}", where=path.name) from None
    return Profile.from_json(obj, where=path.name)

"""The printed board as data: kingdoms, territories and their borders.

The seeds carry no map (digest part 1, §1.2), so the board is loaded from a TOML data set under
``data/``. The shipped ``bootstrap.toml`` is a small provisional reconstruction; the full map of
Europe in 1250 replaces it with the board issue. Validation here is the minimum the rules need to
run; ``adjudicator data check`` will grow the full set of checks.
"""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_BOARD = DATA_DIR / "bootstrap.toml"


class Religion(StrEnum):
    """Religions of the kingdoms (seed 002, L594-598)."""

    CATHOLIC = "catholic"
    ORTHODOX = "orthodox"
    MUSLIM = "muslim"
    TENGRI_BUDDHIST = "buddhist"
    PAGAN = "pagan"


class KingdomSize(StrEnum):
    """Size classes by territory count (seed 002, L405-410)."""

    MAJOR = "major"
    LARGE = "large"
    MINOR = "minor"
    SMALL = "small"


class Terrain(StrEnum):
    """Terrain types (seed 002, L1584-1590)."""

    PLAIN = "plain"
    HILL = "hill"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    DESERT = "desert"


class Kingdom(BaseModel):
    """A kingdom of the board; playable ones can be chosen by a power."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    religion: Religion
    size: KingdomSize
    playable: bool = False
    capital: str = Field(description="territory id of the capital's settlement site")
    source: str = "reconstruction"


class Territory(BaseModel):
    """A land territory of the board."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kingdom: str
    terrain: Terrain
    site: bool = Field(description="has a settlement site (Centro Abitato, L781)")
    port: bool = False
    borders: tuple[str, ...]
    source: str = "reconstruction"


class Board(BaseModel):
    """A whole board data set."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    source: str
    kingdoms: dict[str, Kingdom]
    territories: dict[str, Territory]

    @model_validator(mode="after")
    def _references_hold(self) -> Board:
        problems: list[str] = []
        for tid, terr in self.territories.items():
            if terr.kingdom not in self.kingdoms:
                problems.append(f"territories.{tid}.kingdom: unknown kingdom {terr.kingdom!r}")
            for other in terr.borders:
                if other not in self.territories:
                    problems.append(f"territories.{tid}.borders: unknown territory {other!r}")
                elif tid not in self.territories[other].borders:
                    problems.append(f"territories.{tid}.borders: {other!r} does not list {tid!r} back")
        for kid, kingdom in self.kingdoms.items():
            cap = self.territories.get(kingdom.capital)
            if cap is None or cap.kingdom != kid or not cap.site:
                problems.append(
                    f"kingdoms.{kid}.capital: {kingdom.capital!r} is not a settlement site of {kid}"
                )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def territories_of(self, kingdom: str) -> tuple[str, ...]:
        """The territory ids of a kingdom, in data order."""
        return tuple(tid for tid, t in self.territories.items() if t.kingdom == kingdom)

    def playable_kingdoms(self) -> tuple[str, ...]:
        return tuple(kid for kid, k in self.kingdoms.items() if k.playable)

    def kingdoms_border(self, a: str, b: str) -> bool:
        """True when some territory of kingdom ``a`` borders one of kingdom ``b``."""
        return any(
            self.territories[o].kingdom == b
            for tid in self.territories_of(a)
            for o in self.territories[tid].borders
        )


def load_board(path: Path) -> Board:
    """Read and validate a board data file; errors name the file and key."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    meta = raw.pop("meta", {})
    return Board(name=meta.get("name", path.stem), source=meta.get("source", "reconstruction"), **raw)


@cache
def default_board() -> Board:
    return load_board(DEFAULT_BOARD)

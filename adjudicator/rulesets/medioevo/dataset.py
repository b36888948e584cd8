"""A Medioevo data set: the board and every printed component, read from a folder of TOML files.

Each top-level table of a file is a *section* (``territories``, ``cards``, ``empire_deck`` …); file
names are free, so a GM can lay out a data set as they like. A data set whose ``[meta]`` names a
``base`` takes the sections it lacks from that shipped data set: a GM who has the official map
can ship only the map files and keep our cards. Loading never stops at the first problem: every
problem comes back with its file and key (see ``datacheck.py`` for the checks across records).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.medioevo.board import (
    Board,
)
from adjudicator.rulesets.medioevo.components.calamities import Calamity, CalamityRules
from adjudicator.rulesets.medioevo.components.cards import EmpireCard, EmpireDeck
from adjudicator.rulesets.medioevo.components.diplomacy import DiplomacyRules, DiplomaticAct
from adjudicator.rulesets.medioevo.components.economy import EconomyRules
from adjudicator.rulesets.medioevo.components.events import EventCard, EventKind
from adjudicator.rulesets.medioevo.components.goods import Good, Market, TradeRules, ZonePrices
from adjudicator.rulesets.medioevo.components.movement import MovementRules
from adjudicator.rulesets.medioevo.components.objectives import ObjectiveCard
from adjudicator.rulesets.medioevo.components.pieces import (
    Building,
    CaptainLevel,
    PurchaseRules,
    SiegeEngine,
    Transport,
)
from adjudicator.rulesets.medioevo.components.setup_rules import SetupRules
from adjudicator.rulesets.medioevo.components.technologies import Technology, TechnologyRules, Tree
from adjudicator.rulesets.medioevo.components.treasures import Relic, TreasureCard

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_DATASET = "europe1250"


class Meta(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    description: str = ""
    version: str = "1"
    base: str | None = None
    source: str


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a data set, located by file and dotted key."""

    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}" if self.key else f"{self.file}: {self.message}"


class DataError(AdjudicatorError):
    """A data set that does not load; carries every problem found."""

    def __init__(self, where: Path, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"data set {where} has {len(problems)} problem(s); first: {problems[0]}")


class DataSet(BaseModel):
    """Everything printed in the box, checked; the rules read it, never change it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    meta: Meta
    board: Board
    cards: dict[str, EmpireCard]
    empire_deck: EmpireDeck
    technology_rules: TechnologyRules
    trees: dict[str, Tree]
    technologies: dict[str, Technology]
    calamity_rules: CalamityRules
    calamities: dict[str, Calamity]
    event_kinds: dict[str, EventKind]
    events: dict[str, EventCard]
    objectives: dict[str, ObjectiveCard]
    treasures: dict[str, TreasureCard]
    relics: dict[str, Relic]
    goods: dict[str, Good]
    trade_rules: TradeRules
    markets: dict[str, Market]
    zone_prices: dict[int, ZonePrices]
    purchase_rules: PurchaseRules
    buildings: dict[str, Building]
    transports: dict[str, Transport]
    siege_engines: dict[str, SiegeEngine]
    captains: dict[int, CaptainLevel]
    diplomacy_rules: DiplomacyRules
    diplomatic_acts: dict[str, DiplomaticAct]
    setup_rules: SetupRules
    economy_rules: EconomyRules
    movement_rules: MovementRules


# Each field of the board (but its name) and of the data set (but meta and board) is a section.
MAP_SECTIONS: dict[str, Any] = {n: f.annotation for n, f in Board.model_fields.items() if n != "name"}
COMPONENT_SECTIONS: dict[str, Any] = {
    n: f.annotation for n, f in DataSet.model_fields.items() if n not in ("meta", "board")
}
SECTIONS: dict[str, Any] = {"meta": Meta, **MAP_SECTIONS, **COMPONENT_SECTIONS}
_ADAPTERS = {name: TypeAdapter(kind) for name, kind in SECTIONS.items()}


@dataclass(frozen=True)
class Loaded:
    """What a load found: the data set when it is whole and sound, and every problem."""

    dataset: DataSet | None
    problems: list[Problem]
    origin: dict[str, str]


def resolve_path(path: str | Path | None) -> Path:
    """A folder, or the name of a shipped data set (``europe1250``); None is the default one."""
    if path is None:
        return DATA_DIR / DEFAULT_DATASET
    candidate = Path(path)
    if not candidate.exists() and (DATA_DIR / str(path)).is_dir():
        return DATA_DIR / str(path)
    return candidate


def _read_sections(folder: Path, problems: list[Problem]) -> tuple[dict[str, Any], dict[str, str]]:
    raw: dict[str, Any] = {}
    origin: dict[str, str] = {}
    files = sorted(folder.glob("*.toml"))
    if not files:
        problems.append(Problem(str(folder), "", "no .toml files here"))
    for file in files:
        try:
            with file.open("rb") as fh:
                content = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            problems.append(Problem(file.name, "", f"not valid TOML: {exc}"))
            continue
        for section, value in content.items():
            if section not in SECTIONS:
                problems.append(Problem(file.name, section, "unknown section"))
            elif section in raw:
                problems.append(Problem(file.name, section, f"section already given in {origin[section]}"))
            else:
                raw[section] = value
                origin[section] = file.name
    return raw, origin


def _key(section: str, loc: tuple[int | str, ...]) -> str:
    return ".".join([section, *(str(part) for part in loc)])


def load(path: str | Path | None = None) -> Loaded:
    """Read a data set folder (and its base) and check it; never raises on bad data."""
    from adjudicator.rulesets.medioevo.datacheck import cross_check

    folder = resolve_path(path)
    problems: list[Problem] = []
    if not folder.is_dir():
        return Loaded(None, [Problem(str(folder), "", "not a folder")], {})
    raw, origin = _read_sections(folder, problems)
    base = raw.get("meta", {}).get("base") if isinstance(raw.get("meta"), dict) else None
    if base:
        base_folder = resolve_path(base)
        if base_folder.resolve() == folder.resolve() or not base_folder.is_dir():
            problems.append(Problem(origin["meta"], "meta.base", f"no other data set called {base!r}"))
        else:
            base_raw, base_origin = _read_sections(base_folder, problems)
            for section, value in base_raw.items():
                if section not in raw and section != "meta":
                    raw[section] = value
                    origin[section] = f"{base}/{base_origin[section]}"
    parsed: dict[str, Any] = {}
    for section, adapter in _ADAPTERS.items():
        if section not in raw:
            problems.append(Problem(str(folder.name), section, "missing section"))
            continue
        try:
            parsed[section] = adapter.validate_python(raw[section])
        except ValidationError as exc:
            for error in exc.errors():
                problems.append(Problem(origin[section], _key(section, error["loc"]), error["msg"]))
    if problems:
        return Loaded(None, problems, origin)
    board = Board(name=parsed["meta"].name, **{k: parsed[k] for k in MAP_SECTIONS})
    dataset = DataSet(board=board, **{k: v for k, v in parsed.items() if k not in MAP_SECTIONS})
    problems = cross_check(dataset, origin)
    return Loaded(None if problems else dataset, problems, origin)


def load_dataset(path: str | Path | None = None) -> DataSet:
    """Read a data set; raise :class:`DataError` naming every problem when it is not sound."""
    loaded = load(path)
    if loaded.dataset is None:
        raise DataError(resolve_path(path), loaded.problems)
    return loaded.dataset


@cache
def default_dataset() -> DataSet:
    return load_dataset(None)

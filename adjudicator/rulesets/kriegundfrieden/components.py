"""Krieg und Frieden's components and tables, read from a TOML data file with a schema.

The seed (001 L7-16) gives the counts; it lost the summary card's value table, the reward symbol
of each agenda card and the split of the privilege scrolls (digest §7 items 1, 6, 7), and its
cathedral VP need reading (item 4). ``data/standard.toml`` ships a reconstruction of each, marked
``reconstructed``; every value can be replaced per game by an option (:data:`TABLE_OPTIONS`,
applied by :func:`with_options`) or by another data file. Pure: the file is read once, at import
of the first game, never during a resolution.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from adjudicator.core.options import OptionSpec
from adjudicator.errors import AdjudicatorError

RESOURCES = ("shield", "cup", "hammer", "grain")
"""The four resource types (L12): knights, wealth, labour, food. Hands are counted in this order."""
AGENDAS = ("war", "taxes", "revolt", "famine")
"""The four agenda types (L13)."""
REWARDS = ("cathedral", "privilege")
"""The reward symbol in an agenda card's corner (L60-63)."""
DATA_FILE = Path(__file__).parent / "data" / "standard.toml"


class Components(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    outer_sites: int
    inner_sites: int
    houses: int
    resources_per_type: int
    agenda_per_type: int
    privilege_scrolls: int
    start_cards: int
    start_houses: int
    hand_limit: int
    players: tuple[int, ...]


class Tables(BaseModel):
    """The tables a game plays with (its options applied): kept in the state, so a game's rules
    are in its own log and a later data file cannot change a running game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    values: dict[str, tuple[int, int, int, int]]
    """Per agenda type, the value of a shield, cup, hammer and grain card (L16, L58)."""
    agenda: dict[str, tuple[str, ...]]
    """Per agenda type, the reward symbol of its cards in order; the first Revolt is the keystone."""
    cathedral_vp: tuple[int, ...]
    """The VP of each cathedral piece in build order (L63-70)."""
    pieces: tuple[str, ...]
    privileges: dict[str, int]
    """The privilege scrolls of each resource type (L15, L120)."""
    removed: tuple[str, ...] = ()
    """Agenda cards (``type/reward``) the variant takes out (L136)."""

    @field_validator("values")
    @classmethod
    def _all_values(cls, value: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
        if set(value) != set(AGENDAS) or any(v < 1 for row in value.values() for v in row):
            raise ValueError(f"expected a row of 4 values of 1 or more for each of {', '.join(AGENDAS)}")
        return value

    @field_validator("agenda")
    @classmethod
    def _all_rewards(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        if set(value) != set(AGENDAS) or any(r not in REWARDS for row in value.values() for r in row):
            raise ValueError(f"expected for each of {', '.join(AGENDAS)} a list of {' or '.join(REWARDS)}")
        return value

    def value(self, agenda_type: str, resource: str) -> int:
        return self.values[agenda_type][RESOURCES.index(resource)]


class DataFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    components: Components
    tables: Tables
    reconstructed: tuple[str, ...]
    """The sections the seed does not give (shown in the report's header and the docs)."""


def _section(raw: dict[str, Any], name: str) -> tuple[dict[str, Any], bool]:
    section = dict(raw.get(name, {}))
    return section, bool(section.pop("reconstructed", False))


@cache
def load(path: Path = DATA_FILE) -> DataFile:
    """The data file at ``path``, checked; AdjudicatorError naming every problem."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    privileges, p_rec = _section(raw, "privileges")
    values, v_rec = _section(raw, "values")
    agenda, a_rec = _section(raw, "agenda")
    cathedral, c_rec = _section(raw, "cathedral")
    removed = tuple(agenda.pop("variant_removes", ()))
    try:
        tables = Tables(
            values=values,
            agenda=agenda,
            cathedral_vp=tuple(cathedral.get("vp", ())),
            pieces=tuple(cathedral.get("pieces", ())),
            privileges=privileges,
            removed=removed,
        )
        components = Components(**raw.get("components", {}))
    except ValidationError as exc:
        raise AdjudicatorError(f"{path.name}: {exc}") from None
    marked = ("privileges", p_rec), ("values", v_rec), ("agenda", a_rec), ("cathedral", c_rec)
    return DataFile(components=components, tables=tables, reconstructed=tuple(n for n, r in marked if r))


TABLE_OPTIONS: dict[str, OptionSpec] = {
    "value_table": OptionSpec(
        "map", 'replace rows of the value table (K1), e.g. {"war": "4 3 2 1"}: shield cup hammer grain'
    ),
    "agenda_rewards": OptionSpec(
        "map",
        'replace the reward symbols of a type (K2), e.g. {"war": "cathedral privilege privilege cathedral"}',
    ),
    "cathedral_vp": OptionSpec("map", 'replace the VP of pieces (K3), e.g. {"roof": "4", "apse": "3"}'),
    "privilege_scrolls": OptionSpec("map", 'scrolls per type (K4), e.g. {"shield": "3", "grain": "1"}'),
}
"""Options that replace one value of a lost table each (the GM's override, per game)."""


def _numbers(key: str, text: str, count: int | None = None) -> tuple[int, ...]:
    words = text.replace(",", " ").split()
    if not words or not all(w.isdigit() for w in words) or (count is not None and len(words) != count):
        size = f"{count} " if count else ""
        raise AdjudicatorError(f"option {key}: {text!r}: expected {size}whole numbers, e.g. '4 3 2 1'")
    return tuple(int(w) for w in words)


def with_options(tables: Tables, options: Mapping[str, Any]) -> Tables:
    """``tables`` with the game's overrides applied; AdjudicatorError on a bad one."""
    values = dict(tables.values)
    for kind, text in dict(options.get("value_table") or {}).items():
        if kind not in AGENDAS:
            raise AdjudicatorError(
                f"option value_table: unknown agenda {kind!r}: expected {', '.join(AGENDAS)}"
            )
        values[kind] = _numbers(f"value_table.{kind}", text, 4)  # type: ignore[assignment]
    agenda = dict(tables.agenda)
    for kind, text in dict(options.get("agenda_rewards") or {}).items():
        words = tuple(text.lower().split())
        if kind not in AGENDAS or not words or any(w not in REWARDS for w in words):
            raise AdjudicatorError(
                f"option agenda_rewards.{kind}: {text!r}: "
                f"expected an agenda type and words among {', '.join(REWARDS)}"
            )
        agenda[kind] = words
    vp = list(tables.cathedral_vp)
    for piece, text in dict(options.get("cathedral_vp") or {}).items():
        if piece not in tables.pieces:
            raise AdjudicatorError(
                f"option cathedral_vp: unknown piece {piece!r}: expected {', '.join(tables.pieces)}"
            )
        vp[tables.pieces.index(piece)] = _numbers(f"cathedral_vp.{piece}", text, 1)[0]
    scrolls = dict(tables.privileges)
    for kind, text in dict(options.get("privilege_scrolls") or {}).items():
        if kind not in RESOURCES:
            raise AdjudicatorError(
                f"option privilege_scrolls: unknown type {kind!r}: expected {', '.join(RESOURCES)}"
            )
        scrolls[kind] = _numbers(f"privilege_scrolls.{kind}", text, 1)[0]
    return tables.model_copy(
        update={"values": values, "agenda": agenda, "cathedral_vp": tuple(vp), "privileges": scrolls}
    )

"""What can be bought in phase 4 (seed 002 L795-890): buildings, transports, siege engines, captains."""

from __future__ import annotations

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class Building(Record):
    """A building type: its line (civil, fortification, religious, commercial), level and price."""

    name: str
    name_en: str
    category: str = Field(description="civil | fortification | religious | commercial")
    level: int = Field(ge=1, le=3)
    cost: int = Field(ge=0)
    min_lt: int = 1
    requires_all: tuple[str, ...] = ()
    needs_site: bool = Field(default=False, description="only on a settlement site (Centro Abitato)")
    needs_settlement: bool = Field(default=False, description="only where a civil building stands")
    not_in_small_kingdoms: bool = False
    supply_bonus: int = 0


class Transport(Record):
    """A transport type and level (Mercantile, Carovana, Galea, Carro da guerra; L825-860)."""

    name: str
    name_en: str
    kind: str = Field(description="merchant ship | caravan | galley | war wagon")
    domain: str = Field(description="sea | land")
    role: str = Field(description="commercial | military")
    level: int = Field(ge=1, le=3)
    cost: int
    pm: int
    armies: int
    goods: int = 0


class SiegeEngine(Record):
    name: str
    name_en: str
    level: int = Field(ge=1, le=3)
    cost: int
    requires_all: tuple[str, ...] = ()


class CaptainLevel(Record):
    level: int = Field(ge=1, le=3)
    cost: int
    requires_all: tuple[str, ...] = ()


class PurchaseRules(Record):
    customisation_cost: int
    customisation_per_level: int
    land_transport_in_ship: int = Field(description="army capacity a land transport or engine takes aboard")

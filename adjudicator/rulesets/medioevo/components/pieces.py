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
    min_lt: int = 1
    requires_all: tuple[str, ...] = ()


class SiegeEngine(Record):
    """A siege engine (MdA): Catapulta, Trabucco, Bombarda (L863-870)."""

    name: str
    name_en: str
    level: int = Field(ge=1, le=3)
    cost: int
    min_lt: int = 1
    requires_all: tuple[str, ...] = ()


class CaptainLevel(Record):
    """A captain bought at a level (L872)."""

    name: str = ""
    name_en: str = ""
    level: int = Field(ge=1, le=3)
    cost: int
    min_lt: int = 1
    requires_all: tuple[str, ...] = ()


class PerLt(Record):
    """How many pieces a power may own for each level of its LT."""

    source: str = "002 L835, L870, L872"
    transport_kind: int = Field(description="transports of one kind (L835)")
    siege_engines: int = Field(description="siege engines of all kinds together (L870)")
    captains: int = Field(description="captains (L872)")


class PurchaseRules(Record):
    customisation_cost: int
    customisation_per_level: int
    customisation_step: dict[str, int] = Field(
        description="disc kind (pm, armies, goods) -> what one disc adds (L859: +1 PM, +10, +10)"
    )
    customisation_roles: dict[str, tuple[str, ...]] = Field(
        description="disc kind -> the transport roles that may take it (armies: military, goods: commercial)"
    )
    land_transport_in_ship: int = Field(description="army capacity a land transport or engine takes aboard")
    free_upgrade_line: dict[str, str] = Field(
        default_factory=dict, description="role (commercial, military, siege) -> building line that frees it"
    )
    free_upgrade_min_building_level: int = 2
    free_upgrade_levels_per_turn: int = 1
    per_lt: PerLt
    piece_names: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="numbering class -> names of its pieces, the canonical first"
    )

"""Movement costs (seed 002 L1576-1626, L1665-1671) and the cargo rules of transports (L1562-1566,
L1606-1618): the numbers the movement calculator (``war/``) reads. Technologies change them through
their own ``params`` (``mdt_pm_bonus``, ``mountain_pm``, ``river_crossing_pm``,
``open_sea_border_pm`` in technologies.toml)."""

from __future__ import annotations

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record, Terrain


class MovementRules(Record):
    terrain_pm: dict[Terrain, int] = Field(description="PM to enter a territory by land (L1584-1590)")
    terrain_pm_by_kind: dict[str, dict[Terrain, int]] = Field(
        default_factory=dict, description="transport kind -> terrain -> PM, where a kind differs (L1589-1590)"
    )
    river_pm: int = Field(ge=0, description="added to the terrain's PM when a river runs along the border")
    strait_pm: int = Field(ge=0, description="crossing a strait by land, in place of the terrain's PM")
    port_pm: int = Field(ge=0, description="entering or leaving a port (L1667)")
    coastal_sea_pm: int = Field(ge=0, description="entering a coastal sea zone (L1668)")
    open_sea_pm: int = Field(ge=0, description="entering an open sea zone (L1669)")
    load_pm: dict[str, int] = Field(
        description="cargo kind (armies, land_transport, goods, siege) -> PM to load or unload it (L1612)"
    )
    load_discount: int = Field(
        ge=0, description="PM less with a settlement, a captain, a port or a distant port (L1614, L2400)"
    )
    min_own_vf: int = Field(ge=0, description="own VF a transport must carry to move (L1628)")
    rough_landing_pm: dict[Terrain, int] = Field(
        description="variant Attracco difficoltoso: a galley landing outside a port pays this (L3194-3198)"
    )
    captain_space: int = Field(ge=0, description="army capacity a captain takes aboard (L1566)")

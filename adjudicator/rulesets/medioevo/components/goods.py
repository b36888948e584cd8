"""The eight goods and the trade table (seed 002 L2089-2160, L2118-2136, L2566, L2866)."""

from __future__ import annotations

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class Good(Record):
    """A good; without its craft technology it is bought at +2 and sold at -2 (L2116-2118)."""

    name: str
    name_en: str
    craft: str | None = Field(default=None, description="technology id that removes the +/-2 penalty")
    cube: str = Field(description="colour of the goods cube")


class TradeRules(Record):
    lot: int = Field(description="goods per cube (L2106)")
    craft_penalty: int
    fair_bonus: int
    fair_buy: dict[str, tuple[str, ...]] = Field(default={}, description="Fair id -> goods bought cheaper")
    fair_sell: dict[str, tuple[str, ...]] = Field(default={}, description="Fair id -> goods sold dearer")
    guild_bonus: tuple[int, ...] = Field(default=(), description="GILDE's + per good sold, by LT")
    slump: int = Field(default=0, description="florins less a good sold at a slumped market")
    monopoly_share: int = Field(default=0, description="MONOPOLIO's percent of its good's trade")


class Market(Record):
    """Prices of the trade table at one settlement, florins per good, for buying and selling."""

    territory: str
    prices: dict[str, int]


class ZonePrices(Record):
    """Prices at settlements of a land zone that have no market entry of their own."""

    prices: dict[str, int]

"""What a good costs or fetches at a settlement, for one power (seed 002 L2103-2148, L1068,
L2530, L3180; ruling R288). Pure.

The unit price is the trade table's (the market's own, else its land zone's, goods.toml; one
price to buy and to sell, L2105), then:

* without the good's craft technology +2 to buy, -2 to sell (L2118, ex L2134-2136);
* a Fair in the territory: agricultural -3 on cereals and wine bought, textile +3 on furs and
  cloth sold, mining -3 on salt and arms bought and +3 on slaves sold (L2144-2148, ex L2162);
* GILDE +1/+2/+3 on every good sold, by LT (L2138);
* the drought: VINO and CEREALI at double the table's price where it struck, first (L1346, R297);
* the Events' market slump: -10 on every good sold there this turn (L1068), read from
  ``slumped_markets`` (set by phase 7; ``getattr`` so the phase runs before that field exists);
* CAROVANIERE last: -10..-40 % to buy, +10..+40 % to sell, on one order's lot, rounded to the
  nearest Florin (L2530, ex L2566: 58 +40 % = 81);

and never below 1 Florin (R288).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rulesets.medioevo.commerce.orders import BUY, SELL
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.drought import price_factor
from adjudicator.rulesets.medioevo.phases.card_play import ladder_step
from adjudicator.rulesets.medioevo.state import MedioevoState

GILDE = "gilde"
CAROVANIERE = "carovaniere"
MERCATO = "mercato"
MONOPOLIO = "monopolio"


@dataclass(frozen=True)
class Quote:
    """A unit price and the steps from the table's to it, for receipts and the template."""

    base: int
    unit: int
    steps: tuple[str, ...]

    def words(self) -> str:
        return f"{self.unit}" + (f" ({self.base} {' '.join(self.steps)})" if self.steps else "")


def table_price(data: DataSet, territory: str, good: str) -> int | None:
    """The trade table's price of ``good`` at ``territory``'s settlement: its market's own, else its
    land zone's; None where the table has none."""
    market = next((m for m in data.markets.values() if m.territory == territory), None)
    if market is not None and good in market.prices:
        return market.prices[good]
    place = data.board.territories.get(territory)
    zone = data.zone_prices.get(place.land_zone) if place is not None else None
    return zone.prices.get(good) if zone is not None else None


def slumped(state: MedioevoState) -> tuple[str, ...]:
    """The markets struck by this turn's slump (phase 7's field; none before it is merged)."""
    return tuple(getattr(state, "slumped_markets", ()) or ())


def card_percent(data: DataSet, techs: tuple[str, ...]) -> int:
    """CAROVANIERE's percent for a power with these technologies (0: it may not play it)."""
    card = data.cards[CAROVANIERE]
    step = ladder_step(techs, card.ladder)
    return int(card.values[step - 1]) if step else 0


def quote(
    data: DataSet,
    state: MedioevoState,
    power: str,
    territory: str,
    good: str,
    action: str,
    card: bool = False,
) -> Quote | None:
    """The unit price ``power`` pays (buy) or gets (sell) for ``good`` at ``territory``."""
    base = table_price(data, territory, good)
    if base is None:
        return None
    rules, held = data.trade_rules, state.powers[power]
    sign = 1 if action == SELL else -1
    price, steps = base, []
    factor = price_factor(data, state, territory, good)
    if factor != 1:
        price *= factor
        steps.append(f"x{factor} SICCITA")
    craft = data.goods[good].craft
    if craft and craft not in held.techs:
        price -= sign * rules.craft_penalty
        steps.append(f"{'-' if action == SELL else '+'}{rules.craft_penalty} no {craft.upper()}")
    fairs = rules.fair_sell if action == SELL else rules.fair_buy
    for fair in state.territories[territory].usable():
        if good in fairs.get(fair, ()):
            price += sign * rules.fair_bonus
            steps.append(f"{'+' if action == SELL else '-'}{rules.fair_bonus} {fair.replace('_', ' ')}")
    if action == SELL and GILDE in held.techs and rules.guild_bonus:
        bonus = rules.guild_bonus[min(held.tech_level, len(rules.guild_bonus)) - 1]
        price += bonus
        steps.append(f"+{bonus} GILDE")
    if action == SELL and territory in slumped(state):
        price -= rules.slump
        steps.append(f"-{rules.slump} slump")
    if card:
        percent = card_percent(data, held.techs)
        price = int(price * (100 + sign * percent) / 100 + 0.5)
        steps.append(f"{'+' if action == SELL else '-'}{percent}% CAROVANIERE")
    return Quote(base, max(1, price), tuple(steps))


def monopolist(data: DataSet, state: MedioevoState, territory: str, good: str) -> str | None:
    """The power whose MONOPOLIO holds ``good`` in ``territory``'s land zone: it chose that good
    and has more settlements in the zone than any other player (L3180, ex L3188; R293)."""
    place = data.board.territories.get(territory)
    if place is None:
        return None
    counts: dict[str, int] = {}
    for tid, ts in state.territories.items():
        other = data.board.territories.get(tid)
        if (
            ts.owner in state.powers
            and other is not None
            and other.land_zone == place.land_zone
            and ts.settlement()
        ):
            counts[ts.owner] = counts.get(ts.owner, 0) + 1
    for power, chosen in sorted(state.monopolies.items()):
        if chosen != good or MONOPOLIO not in state.powers[power].techs:
            continue
        mine = counts.get(power, 0)
        if mine and all(n < mine for p, n in counts.items() if p != power):
            return power
    return None


__all__ = ["BUY", "SELL", "Quote", "monopolist", "quote", "table_price"]

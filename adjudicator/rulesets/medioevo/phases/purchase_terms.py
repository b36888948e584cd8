"""What the Empire cards of the purchases phase change in a power's prices (seed 002 L2498-2500,
L2710-2711, L2750): MECENATE's discount on every purchase, ARCHITETTO's half price on the
buildings of some categories, applied after every other reduction, and TACCAGNO's ban.

A power's ``Terms`` are worked out once its card plays of the phase are made; every price of the
phase then goes through ``Terms.price``. Repairs are not purchases: no discount, no ban (ruling).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import PlayPurchaseCard
from adjudicator.rulesets.medioevo.state import MedioevoState, tech_level

MECENATE = "mecenate"
ARCHITETTO = "architetto"
TACCAGNO = "taccagno"
LT_ITEM = "lt"  # MECENATE's item "LT 2/3"


@dataclass(frozen=True)
class Terms:
    discount_pct: int = 0  # MECENATE
    halved: frozenset[str] = frozenset()  # building categories ARCHITETTO cuts
    halved_pct: int = 0
    blocked: str | None = None  # why the power cannot buy (TACCAGNO)

    def price(self, cost: int, category: str | None = None) -> int:
        """The price after MECENATE, then ARCHITETTO for a building of ``category`` (L2500), each
        rounded down."""
        cost = cost * (100 - self.discount_pct) // 100
        if category is not None and category in self.halved:
            cost = cost * (100 - self.halved_pct) // 100
        return cost


PLAIN = Terms()
FREE = Terms(discount_pct=100)


def mecenate_pct(data: DataSet, techs: Collection[str]) -> int:
    """10 % for each of: LT II or III (one item, ruling on L2710), MERCATO, BANCHE, MONOPOLIO."""
    params = data.cards[MECENATE].params
    count = 0
    for item in params["items"]:
        if item == LT_ITEM:
            count += tech_level(len(techs)) >= int(params["min_lt"])
        else:
            count += item in techs
    return min(count * int(params["discount_pct_per_item"]), int(params["max_discount_pct"]))


def architetto_categories(data: DataSet, techs: Collection[str]) -> frozenset[str]:
    """Civil, commercial and religious buildings with ARCHITETTURA, fortifications with INGEGNERIA."""
    params = data.cards[ARCHITETTO].params
    return categories_by_tech(params, techs)


def categories_by_tech(params: dict[str, object], techs: Collection[str]) -> frozenset[str]:
    """The categories a card's ``categories_with_<tech>`` params open for the technologies held."""
    prefix = "categories_with_"
    opened: set[str] = set()
    for key, value in params.items():
        if key.startswith(prefix) and key[len(prefix) :] in techs and isinstance(value, list):
            opened.update(str(v) for v in value)
    return frozenset(opened)


def blocked(state: MedioevoState, power: str, data: DataSet) -> str | None:
    """Why the power buys nothing this turn: a TACCAGNO handed to it (L2750)."""
    for effect in state.effects_on(power, TACCAGNO):
        name = data.cards[TACCAGNO].name
        return f"{effect.played_by} handed you {name}: you buy nothing until turn {effect.until} (L2750)"
    return None


def terms_for(
    state: MedioevoState, power: str, data: DataSet, plays: Sequence[Order], techs: Collection[str]
) -> Terms:
    """The power's terms with the cards it plays (``plays``) and the technologies it held when the
    phase began (R20)."""
    cards = {o.card for o in plays if isinstance(o, PlayPurchaseCard)}
    discount = mecenate_pct(data, techs) if MECENATE in cards else 0
    halved = architetto_categories(data, techs) if ARCHITETTO in cards else frozenset()
    pct = int(data.cards[ARCHITETTO].params["discount_pct"]) if halved else 0
    return Terms(discount, halved, pct, blocked(state, power, data))

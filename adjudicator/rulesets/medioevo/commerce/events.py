"""The events of phase 10, commerce (docs/commerce.md §4; seed 002 L2089-L2160).

Who sees what (R7, L113; ruling R285): a trade tells the power's florins, so it is private to the
power and the GM, as are slaves made of its prisoners and MONOPOLIO's share (a refused order is
told by its result); what the table sees is public: a transport moving, goods set down or taken
up, the good a MONOPOLIO holds.
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


class GoodsTraded(PowerPrivate):
    """Goods bought from or sold to the bank at a settlement (L2103-2107)."""

    kind: ClassVar[str] = "mu-trade"
    transport: str
    action: str  # buy | sell
    good: str  # its name
    amount: int
    territory: str
    unit: int
    total: int
    steps: str = ""  # how the unit price came from the table's, "58 +40% CAROVANIERE"
    florins: int = 0  # the power's florins after it

    def summary(self) -> str:
        verb = "buys" if self.action == "buy" else "sells"
        how = f" ({self.steps})" if self.steps else ""
        return (
            f"{self.power} {verb} {self.amount} {self.good} at {self.territory} with {self.transport}: "
            f"{self.unit} each{how}, {self.total} Florins; {self.florins} left"
        )


class TradeMoved(Event):
    """A transport moving in commerce (L2093-2100), with the PM it spent."""

    kind: ClassVar[str] = "mu-trade-moved"
    power: str
    transport: str
    path: tuple[str, ...]
    pm: int

    def summary(self) -> str:
        return f"{self.power} moves {self.transport} via {' - '.join(self.path)} ({self.pm} PM)"


class GoodsHandled(Event):
    """Goods put aboard from the ground or set down on it (L2101-2102, L1610-1618)."""

    kind: ClassVar[str] = "mu-trade-handled"
    power: str
    transport: str
    action: str  # load | unload
    good: str
    amount: int
    territory: str
    pm: int

    def summary(self) -> str:
        verb = "loads" if self.action == "load" else "unloads"
        link = "on" if self.action == "load" else "from"
        what = f"{self.amount} {self.good} {link} {self.transport}"
        return f"{self.power} {verb} {what} in {self.territory} ({self.pm} PM)"


class SlavesMade(PowerPrivate):
    """Prisoners turned into Slave goods aboard (L2156-2158, ex L2166)."""

    kind: ClassVar[str] = "mu-trade-slaves"
    transport: str
    victim: str
    amount: int
    territory: str

    def summary(self) -> str:
        return (
            f"{self.power} turns {self.amount} prisoners of {self.victim} into Slaves "
            f"on {self.transport} at {self.territory}"
        )


class MonopolyChosen(Event):
    """The good a MONOPOLIO holds (L3180)."""

    kind: ClassVar[str] = "mu-monopoly"
    power: str
    good: str

    def summary(self) -> str:
        return f"{self.power}'s MONOPOLIO holds {self.good}"


class MonopolyShare(PowerPrivate):
    """The bank's 10 % of a trade in the monopolist's good in its zone (L3180)."""

    kind: ClassVar[str] = "mu-monopoly-share"
    good: str
    territory: str
    trade: int
    florins: int

    def summary(self) -> str:
        why = f"MONOPOLIO on {self.good} ({self.trade} traded at {self.territory})"
        return f"{self.power} gets {self.florins} Florins from the bank: {why}"


class LotOffered(Event):
    """An Empire card put up for public auction (L2150-2154): the table hears which, and the base."""

    kind: ClassVar[str] = "mu-lot-offered"
    seller: str
    card: str
    reserve: int

    def summary(self) -> str:
        base = f", reserve {self.reserve}" if self.reserve else ""
        return f"{self.seller} puts {self.card} up for auction{base}: OFFER n FOR it in the next window"


class LotSettled(Event):
    """A card auction settled on the sealed maximums (R296): sold, or not."""

    kind: ClassVar[str] = "mu-lot-settled"
    seller: str
    card: str
    buyer: str | None
    price: int
    bids: int

    def summary(self) -> str:
        if self.buyer is None:
            return f"{self.seller}'s {self.card}: not sold ({self.bids} valid bids)"
        return f"{self.seller}'s {self.card} sold to {self.buyer} for {self.price} ({self.bids} valid bids)"


class TollCollected(PowerPrivate):
    """The bank pays ESATTORE's holder for another power's goods (L2636): private, its florins."""

    kind: ClassVar[str] = "mu-trade-toll"
    payer: str  # whose goods passed or were traded
    goods: int
    rate: int
    how: str  # "through Tracia" | "across the Bosforo" | "traded at Costantinopoli"
    florins: int = 0  # the holder's florins after it

    def summary(self) -> str:
        total = self.goods * self.rate
        return (
            f"{self.power}'s ESATTORE: {self.goods} goods of {self.payer} {self.how}, {self.rate} each, "
            f"{total} Florins from the bank; {self.florins} now"
        )


COMMERCE_EVENTS: tuple[type[Event], ...] = (
    GoodsTraded,
    TradeMoved,
    GoodsHandled,
    SlavesMade,
    MonopolyChosen,
    MonopolyShare,
    LotOffered,
    LotSettled,
    TollCollected,
)

"""The orders of phase 10, commerce (seed 002 L2089-L2160; docs/commerce.md §2). Each
``canonical()`` text parses back to an equal order (commerce/parse.py).

A power's commerce orders are a script run in the order written, in turn order (R285): each
transport may do two of move, buy and sell (L2091), loading and unloading always (L2109)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order

COMMERCE = "commerce"
"""Phase 10's id (L2089): the ``commerce`` window's one phase, after the war's."""

BUY, SELL = "buy", "sell"
ALL = 0
TRADE_WORDS = frozenset({"MOVE", "LOAD", "UNLOAD"})
"""First words the war also uses: in the commerce window they are commerce's."""
"""``SELL ALL``: every unit of the good aboard (L2110)."""


@dataclass(frozen=True, slots=True)
class Trade(Order):
    """``BUY 10 Spezie WITH caravan 1`` / ``SELL ALL Spezie WITH merchant 1 [USING CAROVANIERE]``:
    buy or sell goods at the settlement where the transport is (a ship in its port), at the trade
    table's price with the modifiers (L2103-2148). ``amount`` 0 is ALL (sales only)."""

    phase: ClassVar[str] = COMMERCE
    action: str  # buy | sell
    amount: int
    good: str  # good id (goods.toml)
    transport: str  # "caravan 1"
    card: str | None = None  # carovaniere: one lot at -/+ 10-40 % (L2530)

    def canonical(self) -> str:
        amount = "ALL" if self.amount == ALL else str(self.amount)
        using = f" USING {self.card.upper()}" if self.card else ""
        return f"{self.action.upper()} {amount} {self.good} WITH {self.transport}{using}"


@dataclass(frozen=True, slots=True)
class Voyage(Order):
    """``MOVE caravan 1 TO Alessandria``: a transport moves by the cheapest legal path its PM allow
    (L2093-2100; war/movement.py), once a phase, before it trades or after (a trade after a move
    ends the move, L2108, ex L2132)."""

    phase: ClassVar[str] = COMMERCE
    transport: str
    to: str  # territory or sea zone id

    def canonical(self) -> str:
        return f"MOVE {self.transport} TO {self.to}"


@dataclass(frozen=True, slots=True)
class Handle(Order):
    """``UNLOAD 10 Spezie FROM caravan 1 [AT Giudea]`` / ``LOAD 10 Spezie ON merchant 1 [AT
    Giudea]``: goods set down on the ground or taken up from it (L2101-2102, L1610-1618): 2 PM,
    1 at a settlement, a port or a distant port, or with one's captain (L1614). ``at`` names the
    coast when a ship is at sea."""

    phase: ClassVar[str] = COMMERCE
    action: str  # load | unload
    amount: int
    good: str
    transport: str
    at: str | None = None

    def canonical(self) -> str:
        amount = "ALL" if self.amount == ALL else str(self.amount)
        link = "ON" if self.action == "load" else "FROM"
        at = f" AT {self.at}" if self.at else ""
        return f"{self.action.upper()} {amount} {self.good} {link} {self.transport}{at}"


@dataclass(frozen=True, slots=True)
class Enslave(Order):
    """``ENSLAVE 30 byzantium WITH caravan 1``: prisoners of that power become Slave goods aboard,
    at one of the power's own settlements, with MERCATO; it is the transport's buy (L2156-2158,
    ex L2166)."""

    phase: ClassVar[str] = COMMERCE
    amount: int
    victim: str  # power id whose VF are held
    transport: str

    def canonical(self) -> str:
        return f"ENSLAVE {self.amount} {self.victim} WITH {self.transport}"


@dataclass(frozen=True, slots=True)
class ChooseMonopoly(Order):
    """``MONOPOLY Sale``: the good MONOPOLIO holds (L3180, ex L3188), chosen once."""

    phase: ClassVar[str] = COMMERCE
    good: str

    def canonical(self) -> str:
        return f"MONOPOLY {self.good}"


CARD_SALE = "card_sale"
"""The Empire-card auction's bids (L2150-2154, R296): a phase of the next turn's bids window."""


@dataclass(frozen=True, slots=True)
class Auction(Order):
    """``AUCTION Gabelliere [RESERVE 200]``: one of the power's Empire cards put up for public
    auction, as many a turn as the Fairs it owns (L2150-2154, ex L2164); the lot is announced in
    the commerce report and bid for in the next window (R296)."""

    phase: ClassVar[str] = COMMERCE
    card: str
    reserve: int = 0

    def canonical(self) -> str:
        return f"AUCTION {self.card}" + (f" RESERVE {self.reserve}" if self.reserve else "")


@dataclass(frozen=True, slots=True)
class Offer(Order):
    """``OFFER 250 FOR gabelliere OF holy_roman_empire``: a sealed maximum for a card on auction
    (proxy bids as R1: the highest pays the next maximum + 5, L2154; R296)."""

    phase: ClassVar[str] = CARD_SALE
    amount: int
    card: str
    seller: str

    def canonical(self) -> str:
        return f"OFFER {self.amount} FOR {self.card} OF {self.seller}"


COMMERCE_ORDERS = (Trade, Voyage, Handle, Enslave, ChooseMonopoly, Auction, Offer)

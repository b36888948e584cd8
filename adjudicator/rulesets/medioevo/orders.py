"""Medioevo order types. Each ``canonical()`` text parses back to an equal order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order

TURN_ORDER = "turn_order"
CARD_DRAW = "card_draw"
CARDS = "cards"
PURCHASES = "purchases"
TAXES = "taxes"
REINFORCEMENTS = "reinforcements"
PLACEMENT = "placement"


@dataclass(frozen=True, slots=True)
class Bid(Order):
    """A proxy bid: the most florins the power will pay for the first open place (design §7)."""

    phase: ClassVar[str] = TURN_ORDER
    amount: int

    def canonical(self) -> str:
        return f"BID {self.amount}"


@dataclass(frozen=True, slots=True)
class Keep(Order):
    """Keep one of the Empire cards just drawn; a second KEEP costs 100 florins (L478-480)."""

    phase: ClassVar[str] = CARDS
    card: str

    def canonical(self) -> str:
        return f"KEEP {self.card}"


@dataclass(frozen=True, slots=True)
class KeepPriority(Order):
    """A standing list: which drawn card to keep when the power sends no KEEP (design §7)."""

    phase: ClassVar[str] = CARDS
    cards: tuple[str, ...]

    def canonical(self) -> str:
        return "KEEP PRIORITY " + ", ".join(self.cards)


@dataclass(frozen=True, slots=True)
class BuyTech(Order):
    """Buy a technology whose earlier steps the power held when the phase began (L801-807)."""

    phase: ClassVar[str] = PURCHASES
    tech: str

    def canonical(self) -> str:
        return f"BUY TECH {self.tech}"


@dataclass(frozen=True, slots=True)
class Build(Order):
    """Build a building in an own territory, or raise one to a higher level for the difference (L811-823)."""

    phase: ClassVar[str] = PURCHASES
    building: str
    territory: str

    def canonical(self) -> str:
        return f"BUILD {self.building} IN {self.territory}"


@dataclass(frozen=True, slots=True)
class TakeLoan(Order):
    """Ask the bank for a loan (seed 002, L911-919)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "LOAN"


@dataclass(frozen=True, slots=True)
class RepayLoan(Order):
    """Repay the oldest loan with 10% interest (seed 002, L915)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "REPAY"


@dataclass(frozen=True, slots=True)
class Place(Order):
    """Place reinforcement VF in one of the power's settlements (seed 002, L1534)."""

    phase: ClassVar[str] = PLACEMENT
    amount: int
    territory: str

    def canonical(self) -> str:
        return f"PLACE {self.amount} IN {self.territory}"

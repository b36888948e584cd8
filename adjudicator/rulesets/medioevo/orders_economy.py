"""Orders of the economy window beyond buying and borrowing: the fire sale (seed 002 L921-923),
bankruptcy (L925-931), INVESTITURA's VF (L988) and prisoners freed by exchange or ransom (L1006).
Each ``canonical()`` text parses back to an equal order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.orders import PURCHASES, REINFORCEMENTS, TAXES

AT_TAXES = " AT TAXES"


@dataclass(frozen=True, slots=True)
class Sell(Order):
    """Sell a building (``territory`` given) or a transport or siege engine (``item`` its label,
    ``galley 2``) to the bank for half its price, in the purchases phase before buying (L921-923)."""

    phase: ClassVar[str] = PURCHASES
    item: str
    territory: str | None = None

    def canonical(self) -> str:
        where = f" IN {self.territory}" if self.territory else ""
        return f"SELL {self.item}{where}"


@dataclass(frozen=True, slots=True)
class SellAtTaxes(Sell):
    """The same sale made in the taxes phase, after the power's collection (L921-923)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return Sell.canonical(self) + AT_TAXES


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy(Order):
    """Once a game: debts cancelled, 1000 florins from the bank, 3 PO lost (L925-931)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "BANKRUPTCY"


@dataclass(frozen=True, slots=True)
class BuyVF(Order):
    """INVESTITURA: buy 1 VF more for 15 florins in the reinforcements (L988, L1001, ex L2998)."""

    phase: ClassVar[str] = REINFORCEMENTS
    amount: int = 1

    def canonical(self) -> str:
        return f"BUY {self.amount} VF"


def _prisoners(amount: int) -> str:
    return f"{amount} PRISONER{'S' if amount != 1 else ''}"


@dataclass(frozen=True, slots=True)
class ExchangePrisoners(Order):
    """Free ``amount`` prisoners of ``partner`` for as many of one's own it holds; the partner
    sends the same order (L1006)."""

    phase: ClassVar[str] = REINFORCEMENTS
    amount: int
    partner: str

    def canonical(self) -> str:
        return f"EXCHANGE {_prisoners(self.amount)} WITH {self.partner}"


@dataclass(frozen=True, slots=True)
class RansomPrisoners(Order):
    """Offer ``florins`` to ``captor`` for ``amount`` of one's VF it holds prisoner (L1006)."""

    phase: ClassVar[str] = REINFORCEMENTS
    amount: int
    captor: str
    florins: int

    def canonical(self) -> str:
        return f"RANSOM {_prisoners(self.amount)} FROM {self.captor} FOR {self.florins}"


@dataclass(frozen=True, slots=True)
class AcceptRansom(Order):
    """The captor takes the ransom ``payer`` offers, as the payer wrote it (L1006)."""

    phase: ClassVar[str] = REINFORCEMENTS
    payer: str

    def canonical(self) -> str:
        return f"ACCEPT RANSOM FROM {self.payer}"

"""Events of the fire sale, bankruptcy, INVESTITURA and prisoners (seed 002 L921-931, L988, L1006).

Florins paid by or to the bank are in these events, so a reader can account for the bank."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


class AssetSold(PowerPrivate):
    """Public: the board shows the building or piece gone, and its price is the table's half."""

    kind: ClassVar[str] = "mu-asset-sold"
    power: str
    asset: str  # a building id or a piece label ("galley 2")
    territory: str
    price: int

    def summary(self) -> str:
        return f"{self.power} sells its {self.asset} in {self.territory} to the bank for {self.price} florins"


class BankruptcyDeclared(Event):
    """Public (the PO are public); the debts cancelled are told to the power in its result."""

    kind: ClassVar[str] = "mu-bankruptcy"
    power: str
    florins: int
    po: int

    def summary(self) -> str:
        return (
            f"{self.power} declares bankruptcy: its debts are cancelled, it receives {self.florins} "
            f"florins from the bank and loses {self.po} PO (L925-931)"
        )


class VFBought(PowerPrivate):
    """INVESTITURA's VF bought from the bank (L988); public like a MERCENARIO's."""

    kind: ClassVar[str] = "mu-vf-bought"
    power: str
    tech: str
    vf: int
    cost: int

    def summary(self) -> str:
        return f"{self.power} buys {self.vf} VF with {self.tech} for {self.cost} florins"


class PrisonersFreed(Event):
    """Public: prisoners go home, to be placed in the next positioning (L1006)."""

    kind: ClassVar[str] = "mu-prisoners-freed"
    captor: str
    owner: str
    amount: int
    how: str  # "exchange" or "ransom"

    def summary(self) -> str:
        return (
            f"{self.captor} frees {self.amount} VF of {self.owner} held prisoner ({self.how}); "
            "they wait for the next positioning"
        )


class RansomPaid(Event):
    """Told to the two parties: the florins of a ransom pass from one to the other (L1006)."""

    kind: ClassVar[str] = "mu-ransom-paid"
    payer: str
    captor: str
    amount: int
    florins: int

    def summary(self) -> str:
        return f"{self.payer} pays {self.captor} {self.florins} florins to free {self.amount} VF"


ECONOMY_EVENTS: tuple[type[Event], ...] = (
    AssetSold,
    BankruptcyDeclared,
    VFBought,
    PrisonersFreed,
    RansomPaid,
)

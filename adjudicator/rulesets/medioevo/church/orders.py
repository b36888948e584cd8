"""The Church's orders (orders/medioevo.md, "The Church"): in the cards window's Diplomacy the
Pope's acts and the crusade's plan; in the economy window the tithe (Taxes), the papal vote and
the crusade's sides (Reinforcements, where the Events that open with the election begin, L2180,
and where FANATISMO's +5 VF are given, L1474)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.orders import DIPLOMACY, REINFORCEMENTS, TAXES


class ChurchOrder(Order):
    """Marks the Church's orders: the phases hand them to the church package."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Excommunicate(ChurchOrder):
    """The Pope (or the Antipope) excommunicates a Catholic with grounds (L2192-2213)."""

    phase: ClassVar[str] = DIPLOMACY
    target: str

    def canonical(self) -> str:
        return f"EXCOMMUNICATE {self.target}"


@dataclass(frozen=True, slots=True)
class Pardon(ChurchOrder):
    """The Pope lifts an excommunication (L2217)."""

    phase: ClassVar[str] = DIPLOMACY
    target: str

    def canonical(self) -> str:
        return f"PARDON {self.target}"


@dataclass(frozen=True, slots=True)
class FoundAntipope(ChurchOrder):
    """An excommunicated power elects an Antipope, the 4th religious capital in ``territory``
    (L2221); ``territory`` None: join the Antipope's faction (L2223, L2227)."""

    phase: ClassVar[str] = DIPLOMACY
    territory: str | None = None

    def canonical(self) -> str:
        return f"ANTIPOPE IN {self.territory}" if self.territory else "ANTIPOPE JOIN"


@dataclass(frozen=True, slots=True)
class PlanCrusade(ChurchOrder):
    """The Pope's decisions (L1460-1476)."""

    phase: ClassVar[str] = DIPLOMACY
    objective: str
    departure: str
    turns: int
    min_vf: int

    def canonical(self) -> str:
        s = "S" if self.turns != 1 else ""
        plan = f"TO {self.objective} FROM {self.departure}"
        return f"CRUSADE {plan} IN {self.turns} TURN{s} MIN {self.min_vf} VF"


@dataclass(frozen=True, slots=True)
class CrusadeSide(ChurchOrder):
    """A power's side in the crusade (L1478-1485): JOIN (crusader), DEFEND or NEUTRAL."""

    phase: ClassVar[str] = REINFORCEMENTS
    side: str  # crusader / defender / neutral

    def canonical(self) -> str:
        return f"CRUSADE {dict(crusader='JOIN', defender='DEFEND', neutral='NEUTRAL')[self.side]}"


@dataclass(frozen=True, slots=True)
class Elect(ChurchOrder):
    """A Catholic's open vote for the Pope (L2180-2182): the candidate, florins paid for votes (1
    vote a 250), the cards shown (VESCOVO, CARDINALE, EROINA), the sealed offer for a tie."""

    phase: ClassVar[str] = REINFORCEMENTS
    candidate: str
    pay: int = 0
    shown: tuple[str, ...] = ()
    offer: int = 0

    def canonical(self) -> str:
        text = f"ELECT {self.candidate}"
        text += f" PAY {self.pay}" if self.pay else ""
        text += f" SHOWING {', '.join(self.shown)}" if self.shown else ""
        return text + (f" OFFER {self.offer}" if self.offer else "")


@dataclass(frozen=True, slots=True)
class RefuseTithe(ChurchOrder):
    """Keep this turn's tithe from the Pope: -1 PO, at most -3 in a game (L2188, L2434)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "TITHE REFUSE"

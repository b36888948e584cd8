"""Events of the diplomacy-phase Empire cards (seed 002 L2518-2756): what a SPIA learns, a BARDO's
gift, a PRINCIPESSA's marriage and conquest, a CASTELLANO's protection cancelled."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event


class SpyReport(Event):
    """Told to the spy only (L2746, design §7): every pact of the spied power, secret ones and
    their terms included, and its Objective card."""

    kind: ClassVar[str] = "mu-spy-report"
    power: str
    target: str
    pacts: tuple[str, ...]
    objective: str

    def summary(self) -> str:
        pacts = "; ".join(self.pacts) or "no pact"
        return f"SPIA of {self.power} on {self.target}: {pacts}. Objective card: {self.objective}"


class GiftTaken(Event):
    """Told to the bard and the giver: florins are private (ruling R7)."""

    kind: ClassVar[str] = "mu-gift-taken"
    bard: str
    giver: str
    amount: int

    def summary(self) -> str:
        return f"{self.bard} takes the gift of {self.giver} at the feast of the BARDO: {self.amount} florins"


class MarriageEnded(Event):
    kind: ClassVar[str] = "mu-marriage-ended"
    parties: tuple[str, str]
    reason: str

    def summary(self) -> str:
        return f"The PRINCIPESSA between {self.parties[0]} and {self.parties[1]} is discarded: {self.reason}"


class SmallKingdomTaken(Event):
    """A PRINCIPESSA tried on a barbarian Small Kingdom (L2736-2738, ex L2770); ``placed`` VF of
    the player enter the map on success (5 per territory)."""

    kind: ClassVar[str] = "mu-small-kingdom"
    power: str
    kingdom: str
    die: int
    needed: int
    territories: tuple[str, ...]
    placed: int
    neighbours: tuple[str, ...]

    def summary(self) -> str:
        roll = f"die {self.die}, {self.needed}+ needed"
        if not self.territories:
            return f"{self.power} fails to win {self.kingdom} with the PRINCIPESSA ({roll})"
        react = (
            f"; the neighbouring barbarian kingdoms ({', '.join(self.neighbours)}) react as to a "
            "conquest by force (L2738)"
            if self.neighbours
            else ""
        )
        return (
            f"{self.power} wins {self.kingdom} with the PRINCIPESSA ({roll}): the barbarian armies "
            f"leave {', '.join(self.territories)}, {self.placed} VF of {self.power} take their place{react}"
        )


class ProtectionCancelled(Event):
    kind: ClassVar[str] = "mu-protection-cancelled"
    owner: str
    by: str
    territories: tuple[str, ...]

    def summary(self) -> str:
        return (
            f"{self.by} cancels the CASTELLANO of {self.owner} in {', '.join(self.territories)}, "
            f"paying {len(self.territories)} PO (L2540)"
        )


CARD_EVENTS: tuple[type[Event], ...] = (
    SpyReport,
    GiftTaken,
    MarriageEnded,
    SmallKingdomTaken,
    ProtectionCancelled,
)

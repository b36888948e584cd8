"""The events of a conquest (docs/war.md §6; seed 002 L1643-1645, L1844-1862, L2071-2083).

All public (R115, L1717): the table sees the barbarians appear, what the winner does with what it
found (L1848-1856), a capital taken and its tribute (L2079), the new capital (L2075). The CB a
co-religionist gains (R119) is the diplomacy ledger's ``GrievanceChanged``, seen by its holder.
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event


class BarbariansAppear(Event):
    """The barbarians of an attacked territory take up arms (L1643-1645, R103)."""

    kind: ClassVar[str] = "mu-war-barbarians"
    territory: str
    vf: int
    attacker: str

    def summary(self) -> str:
        return f"{self.vf} barbarian VF rise in {self.territory} against {self.attacker} (L1643)"


class SpoilsTaken(Event):
    """What the conqueror did with each thing the beaten side left there (L1848-1856, R106):
    ``items`` in words, one a thing ("castle conquered", "venice captain 1 destroyed: +1 PO")."""

    kind: ClassVar[str] = "mu-war-spoils"
    power: str
    territory: str
    taken_from: str
    items: tuple[str, ...]
    po: int = 0
    florins: int = 0

    def summary(self) -> str:
        gains = [f"{self.po:+d} PO"] if self.po else []
        gains += [f"{self.florins} florins"] if self.florins else []
        tail = f" ({', '.join(gains)})" if gains else ""
        return f"{self.power} in {self.territory}: {'; '.join(self.items)}{tail}"


class CapitalTaken(Event):
    """A capital conquered (L2071-2079, R113): the tribute of 10 % of the victim's florins and the
    victim's new capital (None: it has no settlement left, it may build one where it holds)."""

    kind: ClassVar[str] = "mu-war-capital"
    power: str
    territory: str
    taken_from: str
    florins: int
    new_capital: str | None

    def summary(self) -> str:
        moved = (
            f"{self.taken_from}'s capital moves to {self.new_capital}"
            if self.new_capital
            else f"{self.taken_from} has no settlement left for a capital"
        )
        return (
            f"{self.power} takes {self.taken_from}'s capital {self.territory} and {self.florins} "
            f"florins (10 %, L2079); {moved}"
        )


class AttackAnnounced(Event):
    """An attack stopped before its first round for a defence step (faithful mode, R101): what
    the attacker says aloud at the table (L1717): its captains, its force and its target."""

    kind: ClassVar[str] = "mu-war-announced"
    power: str
    target: str
    captains: tuple[str, ...]
    force: int
    defenders: tuple[str, ...]

    def summary(self) -> str:
        led = f" led by {', '.join(self.captains)}" if self.captains else ""
        asked = ", ".join(self.defenders)
        return f"{self.power} attacks {self.target} with {self.force} VF{led}: {asked} to answer (L1717)"


CONQUEST_EVENTS: tuple[type[Event], ...] = (BarbariansAppear, SpoilsTaken, CapitalTaken, AttackAnnounced)

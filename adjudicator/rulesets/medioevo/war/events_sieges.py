"""The events of the SIEGE, ASSAULT and LIFT SIEGE steps (docs/war.md §6; seed 002 L1886-2002).

All public (R115, L1717): the table sees a siege laid and lifted, and an assault round by round.
A step refused is the runner's private ``ScriptStepFailed``; a retreat a doctrine asked for and the
siege barred (L2069) is told to its power alone, since the doctrine is private (R115, R222).
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate
from adjudicator.rulesets.medioevo.war.events import RoundShown


class SiegeDeclared(Event):
    """A siege laid to a fortification (L1910, L1924; R112)."""

    kind: ClassVar[str] = "mu-war-siege"
    power: str
    territory: str
    owner: str
    captain: str
    route: str
    vf: int
    besieged: int
    rolls: tuple[int, ...] = ()  # the artillery's d6, besieger's then besieged's (L1926)
    walls_fell: bool = False  # L1946: at once, before any reduction

    def summary(self) -> str:
        fell = ": the walls fall at once (L1946)" if self.walls_fell else ""
        return (
            f"{self.power} lays siege to {self.territory} ({self.owner}) by {self.route} "
            f"with {self.captain}: "
            f"{self.vf} VF against {self.besieged} inside the walls{fell}"
        )


class SiegeGoesOn(Event):
    """A siege going on (R112, R151): its turn, the walls' level after it (0: gone, L1954) and the
    defenders they no longer hold, for a field battle (L1958)."""

    kind: ClassVar[str] = "mu-war-siege-on"
    power: str
    territory: str
    siege_turn: int
    level: int | None = None
    outside: int = 0

    def summary(self) -> str:
        walls = "" if self.level is None else f": walls at level {self.level}"
        out = f", {self.outside} VF outside" if self.outside else ""
        return (
            f"{self.power} keeps up the siege of {self.territory} (siege turn {self.siege_turn}{walls}{out})"
        )


class AssaultFought(Event):
    """An assault on the walls (L1898-1904), round by round: ``rounds`` in words."""

    kind: ClassVar[str] = "mu-war-assault"
    power: str
    territory: str
    defender: str
    taken: bool
    attacker_lost: int
    defender_lost: int
    rounds: tuple[str, ...]
    detail: tuple[RoundShown, ...] = ()  # the rounds' dice, modifiers, cards and losses (docs/war.md §6)
    notes: tuple[str, ...] = ()

    def summary(self) -> str:
        end = f"takes {self.territory}" if self.taken else f"is repelled from {self.territory}"
        return (
            f"{self.power} assaults {self.territory} ({self.defender}) and {end}: "
            f"{self.attacker_lost} VF lost against {self.defender_lost}"
        )


class SiegeLifted(Event):
    """A siege ended by its besieger (L1966, L1780; R112): its captain loses a level."""

    kind: ClassVar[str] = "mu-war-siege-lifted"
    power: str
    territory: str
    captain: str
    captain_level: int  # after: 0 = back to the reserve (L1780)

    def summary(self) -> str:
        after = (
            "returns to the reserve" if self.captain_level == 0 else f"falls to level {self.captain_level}"
        )
        who = f"; {self.captain} {after} (L1780)" if self.captain else ""
        return f"{self.power} lifts the siege of {self.territory}{who}"


class RetreatBarred(PowerPrivate):
    """A defender's doctrine asks for a retreat it cannot make (L2069: not by land out of a
    territory besieged by land, nor by sea out of one besieged by sea; R171): it fights on."""

    kind: ClassVar[str] = "mu-war-retreat-barred"
    power: str
    territory: str
    reason: str

    def summary(self) -> str:
        return f"{self.power}'s doctrine would retreat, but it fights on: {self.reason}"


SIEGE_EVENTS: tuple[type[Event], ...] = (
    SiegeDeclared,
    SiegeGoesOn,
    AssaultFought,
    SiegeLifted,
    RetreatBarred,
)

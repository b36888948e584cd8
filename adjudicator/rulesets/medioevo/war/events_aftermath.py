"""Events of the end of the combat phase (docs/war.md §4.5, §6; seed 002 L1570-1574, L1630,
L1960-1962, L2083, L2239). Public, as the table sees them (R115): the board shows transports
removed, armies lost to attrition and to supply, a power gone. What an eliminated power's heir
takes from behind its screen (cards, florins: R7) is told to the two powers only."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import model_validator

from adjudicator.core.events import Event, Visibility
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


class TransportLost(Event):
    """A transport removed with everything aboard: a forced exit not made (L1570, L1574, R109)."""

    kind: ClassVar[str] = "mu-transport-lost"
    power: str
    piece: str  # "galley 2"
    place: str
    vf: int  # its own VF aboard, and those of the land transports it carried
    carried: tuple[str, ...] = ()  # the pieces aboard, lost with it
    reason: str

    def summary(self) -> str:
        aboard = [f"{self.vf} VF"] if self.vf else []
        aboard += list(self.carried)
        with_ = f" with {', '.join(aboard)} aboard" if aboard else ""
        return f"{self.power}'s {self.piece} in {self.place} is eliminated{with_}: {self.reason}"


class SiegeAttrition(Event):
    """Both sides of a siege lose to attrition at the end of its 2nd turn and later (L1960)."""

    kind: ClassVar[str] = "mu-siege-attrition"
    territory: str
    besieger: str
    besieger_loss: int
    besieged: str | None
    besieged_loss: int
    siege_turn: int

    def summary(self) -> str:
        them = f", {self.besieged} inside {self.besieged_loss} VF" if self.besieged else ""
        return (
            f"Attrition at the siege of {self.territory} (its turn {self.siege_turn}, L1960): "
            f"{self.besieger} loses {self.besieger_loss} VF{them}"
        )


class SupplyTrimmed(Event):
    """A territory over its supply limit at the end of the phase loses the excess (L2239, R108)."""

    kind: ClassVar[str] = "mu-supply-trimmed"
    territory: str
    limit: int
    present: int
    removed: tuple[tuple[str, int], ...]  # (power, VF), the last arrived first

    def summary(self) -> str:
        lost = ", ".join(f"{power} {vf} VF" for power, vf in self.removed)
        return (
            f"{self.territory} holds {self.present} VF over its supply limit of {self.limit}: "
            f"{lost} go back to the reserve (L2239)"
        )


class WreckRemoved(Event):
    """An ownerless transport nobody claimed is removed at the end of the turn (L1630, R110)."""

    kind: ClassVar[str] = "mu-wreck-removed"
    was: str  # "venice galley 2"
    place: str

    def summary(self) -> str:
        return f"The ownerless {self.was} in {self.place}, claimed by no one, is removed (L1630)"


class PowerEliminated(Event):
    """A power without territories and transports is out of the game (L2083, R113)."""

    kind: ClassVar[str] = "mu-power-eliminated"
    power: str
    heir: str | None  # the power that took its last territory or transport; None: nobody

    def summary(self) -> str:
        by = f": {self.heir} takes its cards, technologies and florins" if self.heir else ""
        return f"{self.power} has no territory and no transport left and is eliminated (L2083){by}"


class Inherited(Event):
    """What the heir takes from behind the eliminated power's screen (L2083): seen by both (R7)."""

    kind: ClassVar[str] = "mu-inherited"
    power: str  # the eliminated power
    heir: str | None
    cards: tuple[str, ...]
    techs: tuple[str, ...]  # those the heir lacked
    florins: int

    @model_validator(mode="before")
    @classmethod
    def _seen_by_both(cls, data: Any) -> Any:
        if isinstance(data, dict) and "visibility" not in data:
            seen = (data["power"], data["heir"]) if data.get("heir") else (data["power"],)
            return {**data, "visibility": Visibility.to(*seen)}
        return data

    def summary(self) -> str:
        if self.heir is None:
            return (
                f"{self.power}'s {len(self.cards)} cards are discarded and its {self.florins} florins "
                "go to the bank (R113)"
            )
        techs = ", ".join(self.techs) or "no technology it lacked"
        cards = ", ".join(self.cards) or "no card"
        return f"{self.heir} takes from {self.power}: {cards}; {techs}; {self.florins} florins (L2083)"


class WoundedRecovered(PowerPrivate):
    """VF of armies lost in this phase's battles that come back at the next reinforcements
    (L3140, L3144): behind the power's screen, so told to it (R7)."""

    kind: ClassVar[str] = "mu-war-recovered"
    power: str
    tech: str
    vf: int
    wounded: int  # VF lost in battle this phase, prisoners excluded: the most it could recover

    def summary(self) -> str:
        return (
            f"{self.power} recovers {self.vf} VF of the {self.wounded} lost in battle this phase "
            f"({self.tech}): they join the next reinforcements"
        )


class AfterCardKept(PowerPrivate):
    """A CERUSICO or MEDICO played in the script that had nothing to act on at the end of the
    phase (R237, R238): the card stays in the hand, told to its holder only."""

    kind: ClassVar[str] = "mu-war-after-card-kept"
    power: str
    card: str
    reason: str

    def summary(self) -> str:
        return f"{self.power} keeps {self.card}: {self.reason}"


class LevyDismissed(Event):
    """A captain CONESTABILE made over its power's limit leaves at the end of the turn (L2608,
    L872; R239): public, as the pieces on the map are."""

    kind: ClassVar[str] = "mu-war-levy-dismissed"
    power: str
    captain: str
    limit: int

    def summary(self) -> str:
        limit = f"{self.limit} captains is its LT's limit"
        return f"{self.power}'s {self.captain} leaves at the end of the turn: {limit}"


AFTERMATH_EVENTS: tuple[type[Event], ...] = (
    TransportLost,
    SiegeAttrition,
    SupplyTrimmed,
    WreckRemoved,
    PowerEliminated,
    Inherited,
    WoundedRecovered,
    AfterCardKept,
    LevyDismissed,
)

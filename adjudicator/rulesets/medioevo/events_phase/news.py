"""What phase 7 tells (seed 002 L1030-1098). Everything here is public: the calamity, the Event
card, its icon and its effects happen on the board for all to see (L1032-1098); only the order of
the Event deck stays the GM's (its shuffle's rolls, ``ruleset.dice_visibility``)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


def _places(places: tuple[str, ...] | list[str]) -> str:
    return ", ".join(places) if places else "nowhere"


class CalamityTrigger(Event):
    """The first player's 2d6 against the doubles the window allows (L1034-1040)."""

    kind: ClassVar[str] = "mu-calamity-trigger"
    power: str
    dice: tuple[int, int]
    window: int
    struck: bool

    def summary(self) -> str:
        allowed = "double 1" if self.window == 1 else f"any double up to {self.window}"
        verdict = "a calamity strikes" if self.struck else "no calamity"
        return f"{self.power} rolls {self.dice[0]} and {self.dice[1]} for a calamity ({allowed}): {verdict}"


class CalamityStruck(Event):
    """The calamity of the table (L1100-1116), where the Event card locates it (L1048), and whether
    the judge plays its effects (``played``) or only announces it."""

    kind: ClassVar[str] = "mu-calamity"
    calamity: str
    name: str
    card: str
    card_name: str
    areas: tuple[str, ...]
    first_player: str
    played: bool

    def summary(self) -> str:
        where = f"{self.card_name} ({_places(self.areas)})"
        tail = "" if self.played else "; the judge does not play its effects yet (the GM may edit them in)"
        return f"Calamity: {self.name} strikes {where}, rolled by {self.first_player}{tail}"


class EventDrawn(Event):
    """No calamity: the Event card and the icon its 1d6 picks (L1044-1052)."""

    kind: ClassVar[str] = "mu-event"
    card: str
    card_name: str
    areas: tuple[str, ...]
    roll: int
    icon: str
    icon_name: str

    def summary(self) -> str:
        return f"Event: {self.icon_name} in {self.card_name} ({_places(self.areas)}), 1d6 = {self.roll}"


class BuildingsDamaged(Event):
    """E1 (L1056): every building of one territory of the card, drawn at random, is damaged."""

    kind: ClassVar[str] = "mu-event-damage"
    territory: str
    owner: str | None
    buildings: tuple[str, ...]
    repair_by: int
    shielded: bool = False

    def summary(self) -> str:
        if self.shielded:
            return f"The event strikes {self.territory}, which a CASTELLANO protects this turn (L2538)"
        if not self.buildings:
            return f"The event strikes {self.territory}: no building stands there"
        held = f" ({self.owner})" if self.owner else ""
        return (
            f"Buildings damaged in {self.territory}{held}: {', '.join(self.buildings)}; each loses a "
            f"level unless repaired (25 %) in the purchases of turn {self.repair_by}"
        )


class TransportsStopped(Event):
    """E2 (L1060): the transports in the card's territories and the seas next to them."""

    kind: ClassVar[str] = "mu-event-stop"
    places: tuple[str, ...]
    stopped: tuple[str, ...]
    halved: tuple[str, ...]

    def summary(self) -> str:
        if not self.stopped and not self.halved:
            return f"Transports stopped this turn in {_places(self.places)}: none stands there"
        held = _places(self.stopped) if self.stopped else "none"
        half = f"; at half PM (ASTRONOMIA, CARTOGRAFIA): {_places(self.halved)}" if self.halved else ""
        return f"Transports stopped this turn in {_places(self.places)}: {held}{half}"


class TroopsLost(Event):
    """E3 (L1064): one power's 1d6 VF lost among its troops there (R251)."""

    kind: ClassVar[str] = "mu-event-losses"
    power: str
    rolled: int
    losses: dict[str, int]

    def summary(self) -> str:
        taken = ", ".join(f"{n} in {where}" for where, n in sorted(self.losses.items())) or "none"
        return f"{self.power} rolls {self.rolled} and loses {sum(self.losses.values())} VF: {taken}"


class MarketsSlumped(Event):
    """E4 (L1068): the markets of the card's territories pay less for goods sold this turn."""

    kind: ClassVar[str] = "mu-event-slump"
    territories: tuple[str, ...]
    malus: int

    def summary(self) -> str:
        where = _places(self.territories)
        return f"Markets slump: in {where} goods sell for {self.malus} florins less this turn"


class RelicFound(Event):
    """L1074: a Grail icon, the 1d8 on the card's back, a relic marker there."""

    kind: ClassVar[str] = "mu-relic-found"
    relic: str
    name: str
    territory: str
    roll: int

    def summary(self) -> str:
        return (
            f"Relic found: the {self.name} lies in {self.territory} (1d8 = {self.roll}); the first "
            "captain to reach it takes it"
        )


class RelicTaken(Event):
    """L1076-1078: a captain takes a relic; the first power to take it scores its PO (R254)."""

    kind: ClassVar[str] = "mu-relic-taken"
    power: str
    relic: str
    name: str
    captain: str
    territory: str
    po: int

    def summary(self) -> str:
        score = f" and scores {self.po} PO" if self.po else ""
        return f"{self.power}'s {self.captain} takes the {self.name} in {self.territory}{score}"


class RelicKept(Event):
    """L1076, L1080: a relic laid in a Cathedral, or dropped where its captain fell (R254)."""

    kind: ClassVar[str] = "mu-relic-kept"
    relic: str
    name: str
    territory: str
    power: str | None
    how: str  # "cathedral" or "dropped"

    def summary(self) -> str:
        if self.how == "cathedral":
            return f"{self.power} lays the {self.name} in the Cathedral of {self.territory}"
        return f"The {self.name} is dropped in {self.territory}: its captain is gone"


class RebellionRolled(Event):
    """L1082-1086: one power's 1d4 + 1 and the VF each territory at risk needs (R255)."""

    kind: ClassVar[str] = "mu-rebellion-roll"
    power: str
    roll: int
    needs: dict[str, int]

    def summary(self) -> str:
        needs = ", ".join(f"{t} {n}" for t, n in sorted(self.needs.items()))
        return f"Rebellion: {self.power} rolls {self.roll}; VF needed to stay loyal: {needs}"


class TerritoryRebelled(Event):
    """L1086: the power's armies there are removed and 1d6 barbarian VF take the territory."""

    kind: ClassVar[str] = "mu-rebellion"
    power: str
    territory: str
    vf_lost: int
    barbarians: int

    def summary(self) -> str:
        return (
            f"{self.territory} rebels against {self.power}: {self.vf_lost} VF lost, "
            f"{self.barbarians} barbarian VF hold it"
        )


class PiecesLostToRebels(PowerPrivate):
    """R256: the power's pieces lost with a rebel territory, told to it (the others see the map:
    which pieces stood there may hang on its private sales of the turn)."""

    kind: ClassVar[str] = "mu-rebellion-pieces"
    power: str
    territory: str
    pieces: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} loses its {', '.join(self.pieces)} with {self.territory}"


EVENTS_PHASE_EVENTS: tuple[type[Event], ...] = (
    CalamityTrigger,
    CalamityStruck,
    EventDrawn,
    BuildingsDamaged,
    TransportsStopped,
    TroopsLost,
    MarketsSlumped,
    RelicFound,
    RelicTaken,
    RelicKept,
    RebellionRolled,
    TerritoryRebelled,
    PiecesLostToRebels,
)

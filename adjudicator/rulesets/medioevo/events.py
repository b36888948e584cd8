"""Medioevo events: what reports tell, each with who may see it."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians.news import BARBARIAN_EVENTS
from adjudicator.rulesets.medioevo.calamity.events import CALAMITY_EVENTS
from adjudicator.rulesets.medioevo.church.conversion import Converted
from adjudicator.rulesets.medioevo.church.events import CHURCH_EVENTS
from adjudicator.rulesets.medioevo.commerce.events import COMMERCE_EVENTS
from adjudicator.rulesets.medioevo.distant_ports import DistantPortBought, DistantPortPlaced
from adjudicator.rulesets.medioevo.endgame.events import ENDGAME_EVENTS
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate
from adjudicator.rulesets.medioevo.events_cards import CARD_EVENTS
from adjudicator.rulesets.medioevo.events_diplomacy import (
    DisputeOpened,
    GrievanceChanged,
    HonorChanged,
    PactEnded,
    PactMade,
    PeaceMade,
    ProposalUnanswered,
    StaysNeutral,
    TruceChanged,
    VoteCounted,
    WarDeclared,
    WarJoined,
)
from adjudicator.rulesets.medioevo.events_economy import ECONOMY_EVENTS
from adjudicator.rulesets.medioevo.events_phase.news import EVENTS_PHASE_EVENTS
from adjudicator.rulesets.medioevo.guarantees import BarbariansSent, KingdomGuaranteed
from adjudicator.rulesets.medioevo.start_bonus import BonusTechnologies
from adjudicator.rulesets.medioevo.war.events import WAR_EVENTS
from adjudicator.rulesets.medioevo.war.events_aftermath import AFTERMATH_EVENTS
from adjudicator.rulesets.medioevo.war.events_conquest import CONQUEST_EVENTS
from adjudicator.rulesets.medioevo.war.events_sieges import SIEGE_EVENTS
from adjudicator.rulesets.medioevo.war.reserves import ReservesCommitted


class SetupDone(Event):
    kind: ClassVar[str] = "mu-setup"
    kingdoms: dict[str, str]
    pope: str | None

    def summary(self) -> str:
        held = ", ".join(f"{p} holds {k}" for p, k in sorted(self.kingdoms.items()))
        return f"Setup: {held}. Pope: {self.pope or 'none (no Catholic power)'}"


class BidsRevealed(Event):
    kind: ClassVar[str] = "mu-bids-revealed"
    bids: dict[str, int]

    def summary(self) -> str:
        shown = ", ".join(f"{p} {b}" for p, b in sorted(self.bids.items(), key=lambda kv: -kv[1]))
        return f"Sealed bids opened: {shown or 'nobody bid'}"


class PlaceWon(Event):
    kind: ClassVar[str] = "mu-place-won"
    power: str
    place: int
    price: int

    def summary(self) -> str:
        return f"{self.power} takes place {self.place} in the turn order for {self.price} florins"


class TurnOrderSet(Event):
    kind: ClassVar[str] = "mu-turn-order"
    order: tuple[str, ...]

    def summary(self) -> str:
        return "Turn order: " + ", ".join(self.order)


class TaxesCollected(PowerPrivate):
    kind: ClassVar[str] = "mu-taxes"
    power: str
    items: dict[str, int]
    total: int

    def summary(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.items.items()))
        return f"{self.power} collects {self.total} florins in taxes ({parts})"


class LoanTaken(PowerPrivate):
    kind: ClassVar[str] = "mu-loan"
    power: str
    die: int
    amount: int

    def summary(self) -> str:
        return f"{self.power} borrows {self.amount} florins from the bank (die {self.die})"


class LoanRepaid(PowerPrivate):
    kind: ClassVar[str] = "mu-loan-repaid"
    power: str
    principal: int
    paid: int

    def summary(self) -> str:
        return f"{self.power} repays a loan of {self.principal} with {self.paid} florins"


class ReinforcementsGranted(PowerPrivate):
    kind: ClassVar[str] = "mu-reinforcements"
    power: str
    items: dict[str, int]
    total: int

    def summary(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.items.items()))
        return f"{self.power} raises {self.total} VF of reinforcements ({parts})"


class ArmiesPlaced(Event):
    kind: ClassVar[str] = "mu-placed"
    power: str
    territory: str
    amount: int

    def summary(self) -> str:
        return f"{self.power} places {self.amount} VF in {self.territory}"


class CathedralPlaced(Event):
    kind: ClassVar[str] = "mu-cathedral-placed"
    power: str
    territory: str

    def summary(self) -> str:
        return f"{self.power} places its cathedral in {self.territory} (L386)"


class ReinforcementsLost(PowerPrivate):
    kind: ClassVar[str] = "mu-reinforcements-lost"
    power: str
    amount: int

    def summary(self) -> str:
        return f"{self.power} could not place {self.amount} VF: they are lost (L1542)"


class CardsDrawn(Event):
    """Told to the drawing power only: which cards it drew (hands are secret, L558)."""

    kind: ClassVar[str] = "mu-cards-drawn"
    power: str
    cards: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} draws {len(self.cards)} Empire cards: {', '.join(self.cards) or 'none left'}"


class CardsDealt(Event):
    """Public: how many cards each power drew, without naming them."""

    kind: ClassVar[str] = "mu-cards-dealt"
    counts: dict[str, int]

    def summary(self) -> str:
        return "Empire cards drawn: " + ", ".join(f"{p} {n}" for p, n in sorted(self.counts.items()))


class CardsKept(Event):
    """Told to the keeping power: the cards it keeps and what it paid."""

    kind: ClassVar[str] = "mu-cards-kept"
    power: str
    cards: tuple[str, ...]
    paid: int

    def summary(self) -> str:
        paid = f", paying {self.paid} florins for the second" if self.paid else ""
        return f"{self.power} keeps {', '.join(self.cards) or 'no card'}{paid}"


class CardsKeptCount(Event):
    """Public: how many cards each power kept and whether it paid for a second (the bank sees it)."""

    kind: ClassVar[str] = "mu-cards-kept-count"
    told_in_full_by: ClassVar[str] = CardsKept.kind
    """A viewer who also sees the power's ``CardsKept`` (the power itself, the GM) reads it there."""
    power: str
    count: int
    paid: int

    def summary(self) -> str:
        paid = f" and pays {self.paid} florins" if self.paid else ""
        return f"{self.power} keeps {self.count} Empire card{'s' if self.count != 1 else ''}{paid}"


class TechnologyBought(PowerPrivate):
    kind: ClassVar[str] = "mu-tech-bought"
    power: str
    tech: str
    cost: int

    def summary(self) -> str:
        return f"{self.power} acquires {self.tech} for {self.cost} florins"


class BuildingBought(PowerPrivate):
    kind: ClassVar[str] = "mu-building-bought"
    power: str
    territory: str
    building: str
    replaced: str | None
    cost: int

    def summary(self) -> str:
        what = (
            f"raises its {self.replaced} to a {self.building}"
            if self.replaced
            else f"builds a {self.building}"
        )
        return f"{self.power} {what} in {self.territory} for {self.cost} florins"


class PieceBought(PowerPrivate):
    kind: ClassVar[str] = "mu-piece-bought"
    power: str
    piece: str
    item: str
    territory: str
    cost: int

    def summary(self) -> str:
        return f"{self.power} buys {self.piece} ({self.item}) in {self.territory} for {self.cost} florins"


class PieceUpgraded(PowerPrivate):
    kind: ClassVar[str] = "mu-piece-upgraded"
    power: str
    piece: str
    level: int
    cost: int
    free_level: bool

    def summary(self) -> str:
        free = ", one level free" if self.free_level else ""
        return f"{self.power} raises {self.piece} to level {self.level} for {self.cost} florins{free}"


class ReserveKept(PowerPrivate):
    kind: ClassVar[str] = "mu-reserve"
    amount: int

    def summary(self) -> str:
        return f"{self.power} keeps {self.amount} VF behind the screen (LOGISTICA, L1540)"


class PieceCustomised(PowerPrivate):
    kind: ClassVar[str] = "mu-piece-customised"
    power: str
    piece: str
    discs: str  # "+1 PM", "+20 armies"
    cost: int

    def summary(self) -> str:
        return f"{self.power} customises {self.piece} with {self.discs} for {self.cost} florins"


class Repaired(PowerPrivate):
    kind: ClassVar[str] = "mu-repaired"
    power: str
    what: str  # a building id, or a ship's label
    territory: str | None
    cost: int

    def summary(self) -> str:
        where = f" in {self.territory}" if self.territory else ""
        return f"{self.power} repairs its {self.what}{where} for {self.cost} florins"


class BuildingReduced(Event):
    """A damaged building not repaired by the purchases phase after the damage (L1056)."""

    kind: ClassVar[str] = "mu-building-reduced"
    owner: str | None
    territory: str
    building: str
    to: str | None

    def summary(self) -> str:
        end = f"falls to a {self.to}" if self.to else "is lost"
        return f"The damaged {self.building} in {self.territory}, not repaired, {end}"


class PieceReduced(Event):
    """A damaged ship not repaired in time loses a level, or sinks at level I (L1420)."""

    kind: ClassVar[str] = "mu-piece-reduced"
    power: str
    piece: str
    level: int  # 0: removed

    def summary(self) -> str:
        end = f"falls to level {self.level}" if self.level else "is lost"
        return f"{self.power}'s damaged {self.piece}, not repaired, {end}"


class CardPlayed(Event):
    """Played cards are shown (L558 keeps hands secret, not plays)."""

    kind: ClassVar[str] = "mu-card-played"
    power: str
    card: str
    target: str | None
    effect: str

    def summary(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.power} plays {self.card}{on}: {self.effect}"


MEDIOEVO_EVENTS: tuple[type[Event], ...] = (
    CathedralPlaced,
    PactMade,
    PactEnded,
    ProposalUnanswered,
    WarDeclared,
    WarJoined,
    StaysNeutral,
    PeaceMade,
    HonorChanged,
    GrievanceChanged,
    TruceChanged,
    CardPlayed,
    DisputeOpened,
    VoteCounted,
    TechnologyBought,
    BuildingBought,
    PieceBought,
    PieceUpgraded,
    PieceCustomised,
    Repaired,
    BuildingReduced,
    PieceReduced,
    SetupDone,
    CardsDrawn,
    CardsDealt,
    CardsKept,
    CardsKeptCount,
    BidsRevealed,
    PlaceWon,
    TurnOrderSet,
    TaxesCollected,
    LoanTaken,
    LoanRepaid,
    ReinforcementsGranted,
    ArmiesPlaced,
    ReinforcementsLost,
    ReserveKept,
    *ECONOMY_EVENTS,
    *WAR_EVENTS,
    *SIEGE_EVENTS,
    *CARD_EVENTS,
    *AFTERMATH_EVENTS,
    *CONQUEST_EVENTS,
    *CALAMITY_EVENTS,
    BonusTechnologies,  # variant BONUS INIZIO PARTITA (L3308)
    ReservesCommitted,  # variant RISERVE DI COMBATTIMENTO (L3202)
    Converted,  # variants RELIGIONE KHANATO/BIZANTINO (L3212-3218)
    DistantPortBought,  # PORTI LONTANI (L2394-2400)
    DistantPortPlaced,
    KingdomGuaranteed,  # variant GARANTIRE (L3320-3332)
    BarbariansSent,
    *ENDGAME_EVENTS,
    *EVENTS_PHASE_EVENTS,
    *BARBARIAN_EVENTS,
    *COMMERCE_EVENTS,
    *CHURCH_EVENTS,
)

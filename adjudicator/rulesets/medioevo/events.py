"""Medioevo events: what reports tell, each with who may see it."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event


class SetupDone(Event):
    kind: ClassVar[str] = "mu-setup"
    kingdoms: dict[str, str]
    pope: str | None

    def summary(self) -> str:
        held = ", ".join(f"{p} holds {k}" for p, k in self.kingdoms.items())
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


class TaxesCollected(Event):
    kind: ClassVar[str] = "mu-taxes"
    power: str
    items: dict[str, int]
    total: int

    def summary(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in self.items.items())
        return f"{self.power} collects {self.total} florins in taxes ({parts})"


class LoanTaken(Event):
    kind: ClassVar[str] = "mu-loan"
    power: str
    die: int
    amount: int

    def summary(self) -> str:
        return f"{self.power} borrows {self.amount} florins from the bank (die {self.die})"


class LoanRepaid(Event):
    kind: ClassVar[str] = "mu-loan-repaid"
    power: str
    principal: int
    paid: int

    def summary(self) -> str:
        return f"{self.power} repays a loan of {self.principal} with {self.paid} florins"


class ReinforcementsGranted(Event):
    kind: ClassVar[str] = "mu-reinforcements"
    power: str
    items: dict[str, int]
    total: int

    def summary(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in self.items.items())
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


class ReinforcementsLost(Event):
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
        return "Empire cards drawn: " + ", ".join(f"{p} {n}" for p, n in self.counts.items())


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
    power: str
    count: int
    paid: int

    def summary(self) -> str:
        paid = f" and pays {self.paid} florins" if self.paid else ""
        return f"{self.power} keeps {self.count} Empire card{'s' if self.count != 1 else ''}{paid}"


class TechnologyBought(Event):
    kind: ClassVar[str] = "mu-tech-bought"
    power: str
    tech: str
    cost: int

    def summary(self) -> str:
        return f"{self.power} acquires {self.tech} for {self.cost} florins"


class BuildingBought(Event):
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


class PieceBought(Event):
    kind: ClassVar[str] = "mu-piece-bought"
    power: str
    piece: str
    item: str
    territory: str
    cost: int

    def summary(self) -> str:
        return f"{self.power} buys {self.piece} ({self.item}) in {self.territory} for {self.cost} florins"


class PieceUpgraded(Event):
    kind: ClassVar[str] = "mu-piece-upgraded"
    power: str
    piece: str
    level: int
    cost: int
    free_level: bool

    def summary(self) -> str:
        free = ", one level free" if self.free_level else ""
        return f"{self.power} raises {self.piece} to level {self.level} for {self.cost} florins{free}"


def _names(powers: tuple[str, ...]) -> str:
    return ", ".join(powers[:-1]) + f" and {powers[-1]}" if len(powers) > 1 else "".join(powers)


class PactMade(Event):
    """A pact or alliance enters the registry; a secret one is told to its parties only (L633)."""

    kind: ClassVar[str] = "mu-pact-made"
    pact: int
    pact_kind: str
    parties: tuple[str, ...]
    terms: str
    until: int | None
    secret: bool

    def summary(self) -> str:
        what = "a military alliance" if self.pact_kind == "alliance" else "a pact"
        end = f"until turn {self.until}" if self.until is not None else "without end"
        secret = " (secret)" if self.secret else ""
        terms = f": {self.terms}" if self.terms else ""
        return f"{_names(self.parties)} make {what}, no. {self.pact}, {end}{secret}{terms}"


class PactEnded(Event):
    kind: ClassVar[str] = "mu-pact-ended"
    pact: int
    pact_kind: str
    parties: tuple[str, ...]
    by: str | None
    reason: str

    def summary(self) -> str:
        what = "Alliance" if self.pact_kind == "alliance" else "Pact"
        who = f" by {self.by}" if self.by else ""
        return f"{what} {self.pact} ({_names(self.parties)}) ends{who}: {self.reason}"


class ProposalUnanswered(Event):
    """Told to the proposer and the partners: a proposal nobody matched (it still cost an action)."""

    kind: ClassVar[str] = "mu-proposal-unanswered"
    power: str
    proposal: str
    missing: tuple[str, ...]

    def summary(self) -> str:
        return f'{self.power}\'s proposal "{self.proposal}" was not accepted by {_names(self.missing)}'


class WarDeclared(Event):
    kind: ClassVar[str] = "mu-war-declared"
    declarer: str
    target: str
    surprise: bool = False

    def summary(self) -> str:
        how = " by surprise" if self.surprise else ""
        return f"{self.declarer} declares war{how} on {self.target}"


class WarJoined(Event):
    kind: ClassVar[str] = "mu-war-joined"
    power: str
    side_of: str
    against: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} goes to war on {self.side_of}'s side against {_names(self.against)}"


class StaysNeutral(Event):
    kind: ClassVar[str] = "mu-neutral"
    power: str
    broken_with: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} stays out of the war and breaks its alliances with {_names(self.broken_with)}"


class PeaceMade(Event):
    kind: ClassVar[str] = "mu-peace"
    parties: tuple[str, str]
    mutual: bool

    def summary(self) -> str:
        how = "both sued for peace: nothing else happens (L639)" if self.mutual else "peace is made"
        return f"{_names(self.parties)}: {how}"


class HonorChanged(Event):
    """PO are public (L341)."""

    kind: ClassVar[str] = "mu-honor"
    power: str
    delta: int
    reason: str

    def summary(self) -> str:
        return f"{self.power} {'gains' if self.delta > 0 else 'loses'} {abs(self.delta)} PO: {self.reason}"


class GrievanceChanged(Event):
    """CB are written on the holder's own sheet: told to the holder (ruling R7)."""

    kind: ClassVar[str] = "mu-cb"
    holder: str
    against: str
    delta: int
    total: int
    reason: str

    def summary(self) -> str:
        verb = "gains" if self.delta > 0 else "gives up"
        return (
            f"{self.holder} {verb} {abs(self.delta)} CB against {self.against} "
            f"(now {self.total}): {self.reason}"
        )


class TruceChanged(Event):
    kind: ClassVar[str] = "mu-truce"
    parties: tuple[str, str]
    until: int | None
    by: str
    reason: str

    def summary(self) -> str:
        state = f"truce until turn {self.until}" if self.until is not None else "the truce is over"
        return f"{_names(self.parties)}: {state} ({self.reason}, {self.by})"


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


class DisputeOpened(Event):
    """The disputed pact is made public and goes to an open vote (L738-740)."""

    kind: ClassVar[str] = "mu-dispute"
    pact: int
    accuser: str
    accused: str
    parties: tuple[str, ...]
    terms: str
    vote_turn: int

    def summary(self) -> str:
        terms = f" (terms: {self.terms})" if self.terms else ""
        return (
            f"{self.accuser} says {self.accused} broke pact {self.pact} of {_names(self.parties)}{terms}; "
            f"every power votes VOTE {self.pact} KEPT or BROKEN in the diplomacy of turn {self.vote_turn}"
        )


class VoteCounted(Event):
    kind: ClassVar[str] = "mu-vote"
    pact: int
    accused: str
    votes: dict[str, str]
    broken: bool

    def summary(self) -> str:
        shown = ", ".join(f"{p} {v}" for p, v in sorted(self.votes.items())) or "nobody voted"
        outcome = f"broken by {self.accused}" if self.broken else "kept (a tie counts as kept)"
        return f"Vote on pact {self.pact}: {shown}; the pact is {outcome}"


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
)

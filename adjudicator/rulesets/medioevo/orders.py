"""Medioevo order types. Each ``canonical()`` text parses back to an equal order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.pacts import PactKind, Stance

SETUP = "setup"
TURN_ORDER = "turn_order"
CARD_DRAW = "card_draw"
CARDS = "cards"
DIPLOMACY = "diplomacy"
PURCHASES = "purchases"
TAXES = "taxes"
REINFORCEMENTS = "reinforcements"
PLACEMENT = "placement"


@dataclass(frozen=True, slots=True)
class PlaceCathedral(Order):
    """Where the starting cathedral stands: any territory of the power's kingdom (L386)."""

    phase: ClassVar[str] = SETUP
    territory: str

    def canonical(self) -> str:
        return f"CATHEDRAL IN {self.territory}"


@dataclass(frozen=True, slots=True)
class Deploy(Order):
    """Deploy some of the starting VF in a territory with a settlement (004 L68-70, ruling R35)."""

    phase: ClassVar[str] = SETUP
    amount: int
    territory: str

    def canonical(self) -> str:
        return f"DEPLOY {self.amount} IN {self.territory}"


@dataclass(frozen=True, slots=True)
class Bid(Order):
    """A proxy bid: the most florins the power will pay for the first open place (design §7)."""

    phase: ClassVar[str] = TURN_ORDER
    amount: int

    def canonical(self) -> str:
        return f"BID {self.amount}"


@dataclass(frozen=True, slots=True)
class Keep(Order):
    """Keep one of the Empire cards just drawn; a second KEEP costs 100 florins (L478-480)."""

    phase: ClassVar[str] = CARDS
    card: str

    def canonical(self) -> str:
        return f"KEEP {self.card}"


@dataclass(frozen=True, slots=True)
class KeepPriority(Order):
    """A standing list: which drawn card to keep when the power sends no KEEP (design §7)."""

    phase: ClassVar[str] = CARDS
    cards: tuple[str, ...]

    def canonical(self) -> str:
        return "KEEP PRIORITY " + ", ".join(self.cards)


@dataclass(frozen=True, slots=True)
class BuyTech(Order):
    """Buy a technology whose earlier steps the power held when the phase began (L801-807)."""

    phase: ClassVar[str] = PURCHASES
    tech: str

    def canonical(self) -> str:
        return f"BUY TECH {self.tech}"


@dataclass(frozen=True, slots=True)
class Build(Order):
    """Build a building in an own territory, or raise one to a higher level for the difference (L811-823)."""

    phase: ClassVar[str] = PURCHASES
    building: str
    territory: str

    def canonical(self) -> str:
        return f"BUILD {self.building} IN {self.territory}"


@dataclass(frozen=True, slots=True)
class BuyPiece(Order):
    """Buy a transport, siege engine or captain in an own settlement (L797-799, L825-872).

    ``item`` is an id of the catalogue (``galley_2``, ``catapult``, ``captain_1``); the piece stands
    in ``territory`` (a ship in its port) from the moment it is paid (ruling in docs/rulings.md)."""

    phase: ClassVar[str] = PURCHASES
    item: str
    territory: str

    def canonical(self) -> str:
        return f"BUY {self.item} IN {self.territory}"


@dataclass(frozen=True, slots=True)
class UpgradePiece(Order):
    """Raise a transport or siege engine standing in an own settlement to a higher level, paying
    the difference; the first level is free by a level-2/3 building of its line (L827-833)."""

    phase: ClassVar[str] = PURCHASES
    piece: str  # its label: "galley 2", "engine 1"
    level: int

    def canonical(self) -> str:
        return f"UPGRADE {self.piece} TO {self.level}"


@dataclass(frozen=True, slots=True)
class Customize(Order):
    """Add customisation discs to a transport standing in an own settlement, 50 florins each:
    ``disc`` is ``pm`` (+1 PM), ``armies`` (+10, war transports) or ``goods`` (+10, commercial
    ones); at most one disc of a kind per level of the transport (L859-861, L882-886)."""

    phase: ClassVar[str] = PURCHASES
    piece: str  # its label: "galley 2"
    disc: str
    amount: int  # as written: +2 PM, +20 armies (``purchase_rules.customisation_step`` a disc)
    words: ClassVar[dict[str, str]] = {"pm": "MOVE", "armies": "ARMIES", "goods": "GOODS"}

    def canonical(self) -> str:
        return f"CUSTOMIZE {self.piece} WITH +{self.amount} {self.words[self.disc]}"


@dataclass(frozen=True, slots=True)
class Repair(Order):
    """Repair a damaged building (``territory`` set) or ship (``territory`` None, ``what`` its
    label) for 25 % of its value, rounded down, before it loses a level (L1024, L1056, L1420)."""

    phase: ClassVar[str] = PURCHASES
    what: str
    territory: str | None = None

    def canonical(self) -> str:
        where = f" IN {self.territory}" if self.territory else ""
        return f"REPAIR {self.what}{where}"


@dataclass(frozen=True, slots=True)
class PlayPurchaseCard(Order):
    """Play an Empire card of the purchases phase: ABATE, CONTESSA, OSPITALIERE (``tech``: the free
    technology), ARCHITETTO, MECENATE, CAPOMASTRO (``builds``: (building, territory) pairs built or
    raised one level for free) or TACCAGNO (``target``: the power that cannot buy)."""

    phase: ClassVar[str] = PURCHASES
    card: str
    target: str | None = None
    tech: str | None = None
    builds: tuple[tuple[str, str], ...] = ()

    def canonical(self) -> str:
        on = f" ON {self.target}" if self.target else ""
        tech = f" FOR {self.tech}" if self.tech else ""
        builds = ": " + ", ".join(f"{b} IN {t}" for b, t in self.builds) if self.builds else ""
        return f"PLAY {self.card}{on}{tech}{builds}"


@dataclass(frozen=True, slots=True)
class TakeLoan(Order):
    """Ask the bank for a loan (seed 002, L911-919)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "LOAN"


@dataclass(frozen=True, slots=True)
class RepayLoan(Order):
    """Repay the oldest loan with 10% interest (seed 002, L915)."""

    phase: ClassVar[str] = TAXES

    def canonical(self) -> str:
        return "REPAY"


@dataclass(frozen=True, slots=True)
class Place(Order):
    """Place reinforcement VF in one of the power's settlements (seed 002, L1534)."""

    phase: ClassVar[str] = PLACEMENT
    amount: int
    territory: str

    def canonical(self) -> str:
        return f"PLACE {self.amount} IN {self.territory}"


@dataclass(frozen=True, slots=True)
class Reserve(Order):
    """Keep VF behind the screen for a later positioning (LOGISTICA, seed 002 L1540)."""

    phase: ClassVar[str] = PLACEMENT
    amount: int

    def canonical(self) -> str:
        return f"RESERVE {self.amount}"


def _using(cb: int | None) -> str:
    return "" if cb is None else f" USING {cb} CB"


@dataclass(frozen=True, slots=True)
class Propose(Order):
    """Propose a pact or a military alliance; it is made when every partner accepts (L570, L632-635).

    Free text terms are stored and shown, never interpreted. ``turns`` None = no end (L633).
    """

    phase: ClassVar[str] = DIPLOMACY
    kind: PactKind
    partners: tuple[str, ...]
    turns: int | None
    secret: bool = False
    terms: str = ""

    def canonical(self) -> str:
        length = "FOREVER" if self.turns is None else f"FOR {self.turns} TURN{'S' if self.turns != 1 else ''}"
        secret = " SECRET" if self.secret else ""
        terms = f": {self.terms}" if self.terms else ""
        return f"{self.kind.upper()} WITH {', '.join(self.partners)} {length}{secret}{terms}"


@dataclass(frozen=True, slots=True)
class ProposePeace(Order):
    """Offer peace to a power at war with you (L638-639)."""

    phase: ClassVar[str] = DIPLOMACY
    partner: str
    cb: int | None = None

    def canonical(self) -> str:
        return f"PEACE WITH {self.partner}{_using(self.cb)}"


@dataclass(frozen=True, slots=True)
class Accept(Order):
    """Accept another power's proposal of this turn; accepting costs no action (ruling R22)."""

    phase: ClassVar[str] = DIPLOMACY
    kind: str  # pact, alliance or peace
    proposer: str

    def canonical(self) -> str:
        return f"ACCEPT {self.kind.upper()} FROM {self.proposer}"


@dataclass(frozen=True, slots=True)
class DeclareWar(Order):
    """Declare war (L636-637); ``cb`` CB held against the target pay for PO at 3 to 1 (L748-750)."""

    phase: ClassVar[str] = DIPLOMACY
    target: str
    cb: int | None = None  # None: as many CB as the cost can use

    def canonical(self) -> str:
        return f"WAR ON {self.target}{_using(self.cb)}"


@dataclass(frozen=True, slots=True)
class Revoke(Order):
    """Break a pact or alliance of the registry, paying the revoke cell of the table (L630-634)."""

    phase: ClassVar[str] = DIPLOMACY
    pact: int
    cb: int | None = None

    def canonical(self) -> str:
        return f"REVOKE {self.pact}{_using(self.cb)}"


@dataclass(frozen=True, slots=True)
class Policy(Order):
    """A standing alliance policy: what to do for this ally when war breaks out (design §7)."""

    phase: ClassVar[str] = DIPLOMACY
    ally: str
    stance: Stance

    def canonical(self) -> str:
        return f"POLICY {self.ally} {self.stance.upper()}"


# how a diplomacy card's mode is written in a mail (parse.py reads these words and synonyms)
CARD_MODE_WORDS = {"truce": "TRUCE", "remove_cb": "CB"}


@dataclass(frozen=True, slots=True)
class PlayDiplomacyCard(Order):
    """Play an Empire card of the diplomacy phase; no card uses a diplomatic action (L744, R22).

    ``target`` is the power it is played ON, ``mode`` what for (DIPLOMATICO's TRUCE or REMOVE_CB,
    CONCESSIONE's TRADE, PASSAGE or BOTH), ``item`` what a GIULLARE gives (``card``, ``taxes``, a
    fortification or a transport or siege engine of the catalogue) and ``places`` where: the
    territories of a CASTELLANO or of a GIULLARE's gift, the Small Kingdom of a PRINCIPESSA.
    """

    phase: ClassVar[str] = DIPLOMACY
    card: str
    target: str | None = None
    mode: str | None = None
    item: str | None = None
    places: tuple[str, ...] = ()

    def canonical(self) -> str:
        on = f" ON {self.target}" if self.target else ""
        mode = f" {CARD_MODE_WORDS.get(self.mode, self.mode.upper())}" if self.mode else ""
        item = f" FOR {self.item}" if self.item else ""
        places = f" IN {', '.join(self.places)}" if self.places else ""
        return f"PLAY {self.card}{on}{mode}{item}{places}"


@dataclass(frozen=True, slots=True)
class Gift(Order):
    """A sealed gift of florins to a power's feast, taken only if that power plays BARDO in this
    phase and it is the largest gift (L2518-2520, ex L2490)."""

    phase: ClassVar[str] = DIPLOMACY
    amount: int
    to: str

    def canonical(self) -> str:
        return f"GIFT {self.amount} TO {self.to}"


@dataclass(frozen=True, slots=True)
class CancelProtection(Order):
    """Cancel a CASTELLANO's protection of some territories, 1 PO each, 3 CB for its player per PO
    (L2540); judged once every card of the phase has been played."""

    phase: ClassVar[str] = DIPLOMACY
    owner: str
    territories: tuple[str, ...]

    def canonical(self) -> str:
        return f"CANCEL CASTELLANO OF {self.owner} IN {', '.join(self.territories)}"


@dataclass(frozen=True, slots=True)
class PlayTaxCard(Order):
    """Play an Empire card of the taxes phase (GABELLIERE, MERCANTE, CIAMBELLANO, VESCOVO, AVARO,
    USURAI); ``target`` is the power AVARO, or a given USURAI, is handed to."""

    phase: ClassVar[str] = TAXES
    card: str
    target: str | None = None

    def canonical(self) -> str:
        on = f" ON {self.target}" if self.target else ""
        return f"PLAY {self.card}{on}"


@dataclass(frozen=True, slots=True)
class PlayReinforcementCard(Order):
    """Play an Empire card of the reinforcements phase (CARDINALE, CAVALIERE, MERCENARIO);
    ``amount`` is the most VF a MERCENARIO buys (None: as many as allowed and affordable)."""

    phase: ClassVar[str] = REINFORCEMENTS
    card: str
    amount: int | None = None

    def canonical(self) -> str:
        amount = f" {self.amount}" if self.amount is not None else ""
        return f"PLAY {self.card}{amount}"


@dataclass(frozen=True, slots=True)
class ShortenTruce(Order):
    """Cut a truce short by some turns at 1 PO each (L746, ex L2592-2594)."""

    phase: ClassVar[str] = DIPLOMACY
    other: str
    turns: int

    def canonical(self) -> str:
        return f"SHORTEN TRUCE WITH {self.other} BY {self.turns}"


@dataclass(frozen=True, slots=True)
class Dispute(Order):
    """Say that a party broke a pact: the pact goes public and all powers vote (L738-740)."""

    phase: ClassVar[str] = DIPLOMACY
    pact: int
    accused: str

    def canonical(self) -> str:
        return f"DISPUTE {self.pact} AGAINST {self.accused}"


@dataclass(frozen=True, slots=True)
class Vote(Order):
    """An open vote on a disputed pact: kept or broken; a tie counts as kept (L738-740)."""

    phase: ClassVar[str] = DIPLOMACY
    pact: int
    broken: bool

    def canonical(self) -> str:
        return f"VOTE {self.pact} {'BROKEN' if self.broken else 'KEPT'}"

"""Medioevo order types and phase names. Each ``canonical()`` text parses back to an equal order
(tests/unit/test_order_examples.py); the diplomacy orders are in ``orders_diplomacy.py``, the
fire sale, bankruptcy, INVESTITURA and prisoners in ``orders_economy.py``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order

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

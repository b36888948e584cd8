"""Diplomacy orders (seed 002 L568-765, the diplomacy Empire cards L2518-2756): proposals and
their answers, war, peace, revocation, policies, truces, disputes, card plays, gifts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.pacts import PactKind, Stance


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
